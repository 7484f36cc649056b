"""Issue 23.5: a process's first exact equities run in numpy, with nothing to compile, when
every card still to deal is a board card. They must be the compiled enumeration's to the last
bit (the same integer counts, weighted in the same order), and follow the rule (a budget of
deals, then compiled for good)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from cartes.analysis import _boards, equity, hand_equities
from cartes.analysis.equity import _board_problem, _deal_count, _exact, _keyed, _seven_problem
from cartes.errors import CartesError
from cartes.french import Card

RANGES = ["QQ+", "AKs", "JJ-99, AQs", "AA, KK", "KQo", "22+"]


def _both(hands: list[Any], board: str | None, dead: str | None, ranking: str) -> None:
    problem = _board_problem(hands, board, dead, ranking)
    keyed = _keyed(problem)
    assert (keyed.owners < 0).all()  # every card to deal is a board card
    by_combo, weighted = _boards.enumerate_exact(keyed)
    with _boards.budget(0):
        _, compiled, compiled_weighted = _exact(problem, None)
    assert by_combo.tobytes() == compiled.tobytes()
    assert weighted.tobytes() == compiled_weighted.tobytes()


@pytest.mark.parametrize("ranking", ["standard", "calatone"])
@pytest.mark.parametrize(
    ("hands", "board", "dead"),
    [
        (["As Ah", "Kd Kc"], None, None),  # preflop: 1,712,304 boards
        (["As Ah", "Kd Kc", "7h 8h"], "2h 3h", None),
        (["Ah Kh", "QQ+"], "Qh Jh 2c", None),
        (["As Ah", "QQ+, AKs"], "2c 7d 9h", "3c"),
        (["AA, KK", "QQ, JJ", "TT"], "2c 7d 9h 3s", None),  # three ranges: weights in order
        (["As Ah", "Kd Kc"], "2c 7d 9h 3s 4d", None),  # a river: one deal
        (["Ah Kh", "Ad Kd"], "Qh Jh Th", None),  # ties
    ],
)
def test_spots_are_the_compiled_enumeration(
    hands: list[Any], board: str | None, dead: str | None, ranking: str
) -> None:
    _both(hands, board, dead, ranking)


@st.composite
def spots(draw: st.DrawFn) -> tuple[list[Any], str, str, str]:
    deck = draw(st.permutations(range(52)))
    players = draw(st.integers(2, 4))
    board_size = draw(st.sampled_from([3, 4, 5]))
    cards = iter(deck)
    hands: list[Any] = []
    for _ in range(players):
        if draw(st.integers(0, 3)) == 0:
            hands.append(draw(st.sampled_from(RANGES)))
        else:
            hands.append(" ".join(str(Card(next(cards))) for _ in range(2)))
    board = " ".join(str(Card(next(cards))) for _ in range(board_size))
    dead = " ".join(str(Card(next(cards))) for _ in range(draw(st.integers(0, 2))))
    return hands, board, dead, draw(st.sampled_from(["standard", "calatone"]))


@settings(max_examples=60, deadline=None)
@given(spot=spots())
def test_random_spots_are_the_compiled_enumeration(spot: tuple[list[Any], str, str, str]) -> None:
    hands, board, dead, ranking = spot
    try:
        problem = _board_problem(hands, board, dead or None, ranking)
    except CartesError:
        return  # a spot the rules refuse (the refusal happens before either path)
    # up to two first calls' worth of numpy work (a hand to value a player a deal): four
    # wide ranges on a flop took minutes in numpy, which no process does (past its budget
    # the compiled kernel takes over)
    assume(_deal_count(problem) * len(hands) <= 2 * _boards.WORK_BUDGET)
    _both(hands, board, dead or None, ranking)


def test_the_public_results_are_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    spot = (["As Ah", "QQ+, AKs", "7h 8h"], "2c 7d 9h")
    compiled = equity(*spot)
    by_hand = hand_equities(*spot, player=1)
    monkeypatch.setattr(_boards, "_compiled_loaded", lambda: False)
    with _boards.budget(10**9):
        assert equity(*spot) == compiled
        assert hand_equities(*spot, player=1) == by_hand
        assert _boards._work_left < 10**9  # the numpy path ran


def test_the_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_boards, "_compiled_loaded", lambda: False)
    flop = _board_problem(["As Ah", "Kd Kc"], "Qs Jd 2c", None, "standard")
    deals = _deal_count(flop)
    with _boards.budget(2 * deals + 2_500):  # two hands a deal, and one choice of combos
        assert _boards.use_for(_keyed(flop), deals)
        assert not _boards.use_for(_keyed(flop), deals)  # past the budget: spent for good
        assert not _boards.use_for(_keyed(flop), 1)
    # Hole cards still to deal (a random hand, stud's own cards) go to the compiled kernels.
    with _boards.budget(10**9):
        random_hand = _board_problem(["As Ah", ""], "Qs Jd 2c", None, "standard")
        assert not _boards.use_for(_keyed(random_hand), 1)
    with _boards.budget(10**9):
        stud = _seven_problem(["As Ah Kd Kc 2s 3s", "Qc Qd Qs 7h 8h 9d"], None, "standard")
        assert not _boards.use_for(_keyed(stud), 1)


def test_combinations_are_itertools_order() -> None:
    import itertools

    for n, k in [(7, 3), (10, 5), (6, 6), (5, 1)]:
        assert _boards.combinations(n, k).tolist() == [
            list(c) for c in itertools.combinations(range(n), k)
        ]
    assert np.array_equal(
        _boards._board_sums(np.arange(8), 3)[0],
        _boards._KEYS[_boards.combinations(8, 3)].sum(axis=1, dtype=np.uint64),
    )
