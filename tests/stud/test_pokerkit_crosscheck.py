"""An independent engine as an oracle: pokerkit replays our exported hands step by step.

At every decision pokerkit must agree on who acts, on whether a check/call and a
completion/bet/raise are possible and for how much, and it must never have to "repair" our
action list (insert a check or a fold that we did not record). Only hands where the two rule
sets coincide are compared: no open-pair big bet (pokerkit follows the WSOP tournament rules),
no fifth bet heads-up (S-5 lets heads-up raise without cap), and no all-in. Skips when pokerkit
is not installed; it is not a dependency of cartes.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from test_phh import comparable

from _stud import play_random
from cartes.games import Bet, BringIn, Call, Check, Complete, Raise, SevenCardStud, to_phh
from cartes.games.poker.events import Acted

pokerkit = pytest.importorskip("pokerkit")
from pokerkit.state import CheckingOrCalling, Folding  # noqa: E402


def our_offers(game, state_before):
    """What we offered at one decision: (can check/call, aggressive 'to' amounts)."""
    legal = state_before.legal_actions()
    rnd = state_before.round
    seat = state_before.to_act
    targets = set()
    for offer in legal:
        if isinstance(offer, Bet):
            targets.add(offer.amount)
        elif isinstance(offer, Raise):
            targets.add(offer.to)
        elif isinstance(offer, Complete):
            all_in = rnd.contrib[seat] + state_before.chips.stacks[seat]
            targets.add(min(rnd.full_level + game.small_bet, all_in))
    if rnd.count >= 4 and len(state_before.chips.can_act()) <= 2:
        targets = set()  # pokerkit caps heads-up too; S-5 does not (a known difference)
    return (Check() in legal or Call() in legal, BringIn() in legal, sorted(targets))


def their_offers(state):
    targets = []
    if state.can_complete_bet_or_raise_to():
        low = state.min_completion_betting_or_raising_to_amount
        high = state.max_completion_betting_or_raising_to_amount
        targets = sorted({low, high})
    return (state.can_check_or_call(), state.can_post_bring_in(), targets)


def decisions(game, state):
    """Our state just before each betting action, rebuilt from the start."""
    twin = game.start(deck=type(state.deck)(state.initial_deck), stacks=state.initial_stacks,
                      button=state.button, reshuffle_seed=state.reshuffle_seed)
    for seat, action in state.actions:
        if twin.round is None:
            break
        yield seat, twin.clone()
        twin.apply(action)


def test_pokerkit_agrees_at_every_decision():
    rng = np.random.default_rng(11)
    compared = 0
    for players in range(2, 8):
        game = SevenCardStud(players=players, open_pair_big_bet=False)
        for _ in range(30):
            state = play_random(game, int(rng.integers(2**31)), [500] * players)
            if not comparable(state):
                continue
            order = [(state.button + 1 + i) % players for i in range(players)]
            ours = list(decisions(game, state))
            history = pokerkit.HandHistory.loads(to_phh(state))
            step = 0
            pending = None
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                for theirs, action in history.state_actions:
                    if action is None and theirs.operations and isinstance(
                        theirs.operations[-1], CheckingOrCalling | Folding
                    ):
                        pytest.fail(f"pokerkit had to repair our history:\n{to_phh(state)}")
                    if action is not None and action.split()[0].startswith("p"):
                        if " sm" in action:
                            continue
                        seat, before = ours[step]
                        assert pending is not None
                        actor, offers = pending
                        assert actor == order.index(seat), to_phh(state)
                        assert offers == our_offers(game, before), (step, to_phh(state))
                        step += 1
                    pending = (theirs.actor_index, their_offers(theirs))
            betting = sum(isinstance(e, Acted) for e in state.history)
            assert step == betting
            compared += 1
    assert compared > 80
