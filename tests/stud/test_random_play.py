"""Random play: thousands of stud hands by random agents, checked against invariants.

Chips are conserved, no card is dealt twice, every offered action applies, actions not offered
are refused without changing anything, the JSON history replays to the same state, no
observation shows a hidden card, and the pot awards match an independent recomputation.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from _stud import StubbornAgent, games, random_stacks
from cartes import Card
from cartes.errors import IllegalActionError
from cartes.evaluation import evaluate
from cartes.games import (
    Bet,
    BringIn,
    Call,
    Check,
    Complete,
    Fold,
    Muck,
    Raise,
    SevenCardStud,
    Show,
    replay,
)
from cartes.games.poker.events import (
    Acted,
    AntePosted,
    CardDealt,
    PotAwarded,
    Shown,
    UncalledReturned,
)
from cartes.games.stud.events import CardBurned
from cartes.play import RandomAgent, SeatView, play_hand

POOL = [Fold(), Check(), Call(), BringIn(), Complete(), Show(), Muck(),
        *[Bet(k) for k in (1, 2, 5, 7, 10, 20)], *[Raise(to=k) for k in (3, 10, 12, 15, 20, 40)]]
# Ill-typed actions, refused whatever is offered (an amount is a whole number of chips).
ILL_TYPED = [Bet(5.0), Bet(1.0), Bet(True), Bet("5"), Bet(None), Raise(to=10.0),
             Raise(to=True), Raise(to="10"), Raise(to=None), Raise(to=np.float64(10)),
             Bet(np.float32(5)), Raise(to=[10])]


def independent_awards(state):
    """Recompute every pot and its winners from the history alone."""
    n = state.n
    put = [0] * n
    folded = set()
    for event in state.history:
        if isinstance(event, AntePosted | Acted):
            put[event.seat] += event.amount
            if isinstance(event, Acted) and isinstance(event.action, Fold):
                folded.add(event.seat)
        elif isinstance(event, UncalledReturned):
            put[event.seat] -= event.amount
    community = [e.card for e in state.history if isinstance(e, CardDealt) and e.seat is None]
    strength = {e.seat: evaluate(list(e.cards) + community).strength
                for e in state.history if isinstance(e, Shown)}
    live = [s for s in range(n) if s not in folded]
    if len(live) == 1:
        strength = {live[0]: 0}
    # peel pots off from the smallest live commitment upwards
    remaining = list(put)
    awards = {}
    number = 0
    while any(remaining[s] > 0 for s in live):
        level = min(remaining[s] for s in live if remaining[s] > 0)
        eligible = [s for s in live if remaining[s] > 0]
        amount = 0
        for s in range(n):
            take = min(level, remaining[s])
            amount += take
            remaining[s] -= take
        if not any(remaining[s] > 0 for s in live):
            amount += sum(remaining)  # folded chips above every live level
            remaining = [0] * n
        awards[number] = (amount, eligible)
        number += 1
    result = {}
    for number, (amount, eligible) in awards.items():
        claims = [s for s in eligible if s in strength]
        best = max(strength[s] for s in claims)
        winners = [s for s in claims if strength[s] == best]
        result[number] = (amount, winners)
    return result


def check_finished_hand(state):
    game = state.game
    # chips conserved
    assert sum(state.payoffs) == 0
    assert sum(state.stacks) == sum(state.initial_stacks)
    assert all(stack >= 0 for stack in state.stacks)
    # no card dealt twice, every card from the deck
    dealt = [e.card for e in state.history if isinstance(e, CardDealt)]
    burned = [e.card for e in state.history if isinstance(e, CardBurned)]
    assert len(set(dealt)) == len(dealt)
    assert set(dealt) <= set(state.initial_deck)
    assert not (set(burned) & set(dealt)) or any(
        e.kind == "reshuffle" for e in state.history
    )
    # awards match an independent recomputation
    expected = independent_awards(state)
    awarded = {e.pot: e for e in state.history if isinstance(e, PotAwarded)}
    assert sorted(awarded) == sorted(expected)
    for number, (amount, winners) in expected.items():
        event = awarded[number]
        assert event.amount == amount
        assert sorted(seat for seat, _ in event.shares) == sorted(winners)
        shares = sorted(chips for _, chips in event.shares)
        assert shares[-1] - shares[0] <= 1
        if game.odd_chip_rule == "position":
            order = [(state.button + 1 + i) % state.n for i in range(state.n)]
            got = [seat for seat, _ in event.shares]
            assert got == sorted(got, key=order.index)
    # the JSON history replays to an equal state
    text = state.to_json()
    assert replay(json.loads(text)) == state
    # nobody sees another's hidden cards, at the end either
    check_observations(state)


def check_observations(state):
    public = set()
    for seat in range(state.n):
        public.update(c for c, up in zip(state.cards[seat], state.face_up[seat], strict=True)
                      if up)
    shown = {e.seat for e in state.history if isinstance(e, Shown)}
    for seat in shown:
        public.update(state.cards[seat])
    if state.community is not None:
        public.add(state.community)
    for seat in [*range(state.n), None]:
        own = set(state.cards[seat]) if seat is not None else set()
        leaked = state.observation(seat).visible_cards() - own - public
        assert not leaked, f"seat {seat} sees {leaked}"


def play_checked(game, seed, stacks, probe):
    """Play one random hand, probing illegal and legal actions at some steps."""
    rng = np.random.default_rng(seed)
    agents = [RandomAgent(rng) if rng.random() < 0.4 else StubbornAgent(rng)
              for _ in range(game.players)]
    state = game.start(seed, stacks=stacks, button=int(rng.integers(game.players)))
    while not state.is_terminal:
        seat = state.to_act
        legal = state.legal_actions()
        assert legal
        if probe:
            before = state.clone()
            for offer in legal:  # every offered action applies
                twin = state.clone()
                twin.apply(offer.choose())
            for action in POOL:  # what is not offered is refused, with no change
                if not any(offer.allows(action) for offer in legal):
                    with pytest.raises(IllegalActionError):
                        state.apply(action)
            for action in ILL_TYPED:
                with pytest.raises(IllegalActionError):
                    state.apply(action)
            with pytest.raises(IllegalActionError):
                state.apply(legal[0], seat=(seat + 1) % game.players)
            assert state == before
            check_observations(state)
            assert replay(state.to_json()) == state  # a hand in progress replays too
        state.apply(agents[seat].act(SeatView(state, seat)))
    return state


@settings(max_examples=150, deadline=None)
@given(game=games(), seed=st.integers(0, 2**32 - 1), probe=st.booleans())
def test_random_hands_keep_every_invariant(game, seed, probe):
    rng = np.random.default_rng(seed)
    state = play_checked(game, seed, random_stacks(game, rng), probe)
    check_finished_hand(state)


def test_thousands_of_random_hands():
    rng = np.random.default_rng(2026)
    for players in range(2, 9):
        game = SevenCardStud(players=players)
        for _ in range(450):
            stacks = random_stacks(game, rng) if rng.random() < 0.5 else None
            agent = RandomAgent(rng) if rng.random() < 0.5 else StubbornAgent(rng)
            state = play_hand(game, [agent] * players, rng, stacks=stacks)
            assert sum(state.payoffs) == 0
            dealt = [e.card for e in state.history if isinstance(e, CardDealt)]
            assert len(set(dealt)) == len(dealt)
            assert replay(state.to_dict()) == state


@pytest.mark.slow
@settings(max_examples=1200, deadline=None)
@given(game=games(), seed=st.integers(0, 2**32 - 1), probe=st.booleans())
def test_random_hands_keep_every_invariant_many(game, seed, probe):
    rng = np.random.default_rng(seed)
    check_finished_hand(play_checked(game, seed, random_stacks(game, rng), probe))


def test_observation_mid_hand_hides_down_cards():
    state = SevenCardStud(players=4).start(seed=8)
    while not state.is_terminal:
        check_observations(state)
        legal = state.legal_actions()
        state.apply(Call() if Call() in legal else Check() if Check() in legal else legal[0])
    check_observations(state)
    assert all(isinstance(c, Card) for c in state.observation(0).cards[0])
