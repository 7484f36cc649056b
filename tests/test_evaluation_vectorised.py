"""Issue 21, "the first minute": small batches are valued in numpy until compiling pays. The
numpy path must give the compiled kernels' strengths to the bit (every five-card hand, every
seven-card hand in the slow set, both rankings), refuse bad input with the same error and
message, and follow its rule (a budget of rows, then compiled for good)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cartes
from cartes import CALATONE, STANDARD
from cartes.analysis._boards import combinations
from cartes.errors import CartesError
from cartes.evaluation import _vectorised, kernels
from test_evaluation_checked import batches

SRC = Path(__file__).resolve().parents[1] / "src"


def _compiled(hands: np.ndarray, ranking: int) -> np.ndarray:
    out = np.empty(len(hands), np.uint16)
    kernels.evaluate_rows(np.ascontiguousarray(hands), ranking, out)
    return out


def _numpy(hands: np.ndarray, ranking: int, check: bool = False) -> np.ndarray:
    out = np.empty(len(hands), np.uint16)
    assert not _vectorised.row_strengths(hands, ranking, out, check)
    return out


def _outcome(call: object) -> tuple[str, object]:
    """What a call gives: its result as a list, or its error's type and message."""
    try:
        result = call()  # type: ignore[operator]
    except CartesError as error:
        return type(error).__name__, str(error)
    return "ok", np.asarray(result).tolist()


@pytest.mark.parametrize("ranking", [0, 1])
def test_every_five_card_hand_is_the_compiled_kernels(ranking: int) -> None:
    hands = combinations(52, 5).astype(np.uint8)
    assert len(hands) == 2_598_960
    np.testing.assert_array_equal(_numpy(hands, ranking, check=True), _compiled(hands, ranking))


@pytest.mark.parametrize("k", [6, 7])
@pytest.mark.parametrize("ranking", [0, 1])
def test_a_large_seeded_sample_is_the_compiled_kernels(k: int, ranking: int) -> None:
    hands = cartes.random_hands(1_000_000, k, seed=21 + k + 10 * ranking)
    np.testing.assert_array_equal(_numpy(hands, ranking, check=True), _compiled(hands, ranking))


def test_every_flush_lane_is_read() -> None:
    """Five to seven cards of each suit, with and without a straight flush among them."""
    for suit in range(4):
        for ranks in ([12, 11, 10, 9, 8], [0, 1, 2, 3, 12, 7], [1, 3, 5, 7, 9, 11, 0]):
            hand = np.array([[4 * r + suit for r in ranks]], np.uint8)
            for ranking in (0, 1):
                assert _numpy(hand, ranking).tolist() == _compiled(hand, ranking).tolist()


@pytest.mark.slow
@pytest.mark.parametrize("ranking", [0, 1])
def test_every_seven_card_hand_is_the_compiled_kernels(ranking: int) -> None:
    """All 133,784,560 hands, by their two lowest cards: the other five are every
    5-combination of the cards above them (pieces of at most two million rows)."""
    total = 0
    fives = {m: combinations(m, 5).astype(np.uint8) for m in range(5, 51)}
    for low in range(46):
        for second in range(low + 1, 47):
            rest = fives[51 - second] + np.uint8(second + 1)
            hands = np.empty((len(rest), 7), np.uint8)
            hands[:, 0], hands[:, 1], hands[:, 2:] = low, second, rest
            np.testing.assert_array_equal(_numpy(hands, ranking), _compiled(hands, ranking))
            total += len(hands)
    assert total == 133_784_560


@settings(max_examples=120, deadline=None)
@given(
    hands=batches(),
    ranking=st.sampled_from([STANDARD, CALATONE]),
    single=st.booleans(),
    check=st.booleans(),
)
def test_evaluate_many_gives_the_same_either_way(
    hands: np.ndarray, ranking: object, single: bool, check: bool
) -> None:
    """Good or bad input, any dtype, a batch or a single hand: the same strengths, or the same
    error with the same message; the caller's array untouched."""
    given_hands = hands[0] if single else hands
    before = given_hands.copy()
    if not check:  # unchecked input must be valid (the caller's word)
        valid = np.array(
            [
                len(set(row)) == len(row) and min(row) >= 0 and max(row) < 52
                for row in np.atleast_2d(given_hands).tolist()
            ]
        )
        if not valid.all():
            return
    with _vectorised.budget(10**9):
        through_numpy = _outcome(lambda: cartes.evaluate_many(given_hands, ranking, check=check))
    with _vectorised.budget(0):
        compiled = _outcome(lambda: cartes.evaluate_many(given_hands, ranking, check=check))
    assert through_numpy == compiled
    np.testing.assert_array_equal(given_hands, before)


@pytest.mark.parametrize(
    "hands",
    [
        [[0, 1, 2, 3, 99]],
        [[0, 1, 2, 2, 99, 5, 6]],
        [[0, 1, -1, 1, 4, 5]],
        [[0, 1, 2, 3, 4], [9, 8, 7, 6, 8], [60, 1, 2, 3, 4]],
    ],
)
def test_the_first_bad_row_is_found_as_the_compiled_scan_finds_it(hands: list[list[int]]) -> None:
    rows = np.array(hands, np.int64)
    assert _vectorised.first_invalid_row(rows) == kernels.first_invalid_row(rows)


def test_the_rule_spends_a_budget_of_rows_then_compiles_for_good(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(_vectorised, "_compiled_loaded", lambda k, check: False)
    with _vectorised.budget(1000):
        assert _vectorised.use_for(600, 7, True)
        assert not _vectorised.use_for(600, 7, True)  # past the budget: it is spent
        assert not _vectorised.use_for(1, 5, False)


def test_once_a_kernel_is_loaded_it_is_used() -> None:
    kernels.evaluate_rows_checked(np.array([list(range(7))], np.uint8), 0, np.empty(1, np.uint16))
    with _vectorised.budget(10**9):
        assert not _vectorised.use_for(10, 7, True)


def test_warm_up_spends_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    import cartes.warmup

    monkeypatch.setattr(cartes.warmup, "_steps", list)
    with _vectorised.budget(10**9):
        cartes.warmup.warm_up(report=None)
        assert not _vectorised.use_for(1, 7, True)


def test_first_batches_and_equity_of_a_process_do_not_load_numba() -> None:
    code = (
        "import sys, cartes\n"
        "from cartes.analysis import equity\n"
        "cartes.evaluate_many(cartes.random_hands(1000, 7, seed=1))\n"
        "cartes.evaluate_many(cartes.random_hands(200_000, 5, seed=2), 'calatone')\n"
        "cartes.evaluate_many(cartes.random_hands(1000, 6, seed=4), threads=2)\n"
        "equity(['As Ah', 'Kd Kc'])\n"
        "equity(['As Ah', 'QQ+, AKs'], board='2c 7d 9h')\n"
        "print('numba' in sys.modules)\n"
        "import numpy as np\n"
        f"hands = np.tile(cartes.random_hands(1, 7, seed=3), ({_vectorised.ROW_BUDGET + 1}, 1))\n"
        "cartes.evaluate_many(hands)\n"
        "print('numba' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=300,
        env={"PYTHONPATH": str(SRC), "PATH": ""},
        check=True,
    )
    assert done.stdout.split() == ["False", "True"]
