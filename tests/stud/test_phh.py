"""PHH export (variant F7S): the text itself, what each viewer sees, and a cross-check that
pokerkit, an independent engine, replays our exported hands to the same final stacks."""

from __future__ import annotations

import tomllib
import warnings

import numpy as np
import pytest

from _stud import play_random, stud_deck
from cartes.games import BringIn, Call, Check, SevenCardStud, to_phh
from cartes.games.poker.events import Acted, RoundStarted
from cartes.play import CallingStation, play_hand


def test_phh_fields_and_actions():
    deck = stud_deck(3, {1: "Ah Kh 2c", 2: "As Ks 9d", 0: "Ac Kc Td"})
    state = SevenCardStud(players=3).start(deck=deck, stacks=[100, 90, 80])
    state.apply_all([BringIn(), Call(), Call(), Check()])
    data = tomllib.loads(to_phh(state))
    assert data["variant"] == "F7S"
    assert data["antes"] == [1, 1, 1]
    assert (data["bring_in"], data["small_bet"], data["big_bet"]) == (2, 5, 10)
    assert data["starting_stacks"] == [90, 80, 100]  # p1 is the button's left (seat 1)
    assert data["actions"][:7] == [
        "d dh p1 AhKh2c", "d dh p2 AsKs9d", "d dh p3 AcKcTd",
        "p1 pb", "p2 cc", "p3 cc", data["actions"][6],
    ]
    assert data["actions"][6].startswith("d dh p1 ")
    assert "finishing_stacks" not in data


def test_phh_hides_what_the_viewer_did_not_see():
    deck = stud_deck(3, {1: "Ah Kh 2c", 2: "As Ks 9d", 0: "Ac Kc Td"})
    state = SevenCardStud(players=3).start(deck=deck)
    actions = tomllib.loads(to_phh(state, seat=2))["actions"]
    assert actions[:3] == ["d dh p1 ????2c", "d dh p2 AsKs9d", "d dh p3 ????Td"]
    spectator = tomllib.loads(to_phh(state, seat=None))["actions"]
    assert spectator[1] == "d dh p2 ????9d"


def test_phh_showdown_and_finishing_stacks():
    state = play_hand(SevenCardStud(players=2), [CallingStation()] * 2, seed=3)
    data = tomllib.loads(to_phh(state))
    shows = [a for a in data["actions"] if " sm " in a]
    assert len(shows) == 2
    assert all(len(a.split()[-1]) == 14 for a in shows)  # seven cards each
    assert sum(data["finishing_stacks"]) == sum(data["starting_stacks"])


def comparable(state):
    """Hands where our rules and pokerkit's agree: pokerkit caps at 4 bets even heads-up
    (S-5 does not), and shows all-in hands at once (we show at the end)."""
    count = 0
    for event in state.history:
        if isinstance(event, RoundStarted):
            count = 0
        if isinstance(event, Acted):
            count += event.action.kind in ("bet", "raise", "complete")
            if count > 4 or event.all_in:
                return False
    return True


def test_pokerkit_replays_our_phh_to_the_same_stacks():
    pokerkit = pytest.importorskip("pokerkit")
    rng = np.random.default_rng(7)
    checked = 0
    for players in range(2, 7):
        game = SevenCardStud(players=players, open_pair_big_bet=False)  # not in pokerkit
        for _ in range(40):
            state = play_random(game, int(rng.integers(2**31)), [500] * players)
            if not comparable(state):
                continue
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                *_, final = pokerkit.HandHistory.loads(to_phh(state))
            order = [(state.button + 1 + i) % players for i in range(players)]
            assert list(final.stacks) == [state.stacks[s] for s in order], to_phh(state)
            checked += 1
    assert checked > 100


def test_phh_community_card_and_reshuffle_commentary():
    """§2.5 hands export: the community card as ``d db``, the reshuffle as a commentary."""
    eight = SevenCardStud(players=8).start(seed=5)
    eight.apply_all([BringIn(), *[Call()] * 7])
    while eight.street < 7 or eight.round is not None:
        eight.apply(Check())
    actions = tomllib.loads(to_phh(eight))["actions"]
    assert sum(a.startswith("d db ") for a in actions) == 1
    assert any(a.startswith("# not enough cards") for a in actions)
