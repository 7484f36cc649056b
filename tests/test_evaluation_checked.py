"""Issue 9.1: the input check of ``evaluate_many`` is fused into the kernels. The checked kernels
must refuse exactly what the separate check refused (any dtype, any row, serial or parallel),
name the first bad row, and give the unchecked kernels' strengths on good input."""

from __future__ import annotations

import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cartes
from cartes import CALATONE, STANDARD
from cartes.errors import DuplicateCardError, InvalidCardError
from cartes.evaluation import kernels

DTYPES = ["int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"]


def _first_bad(hands: np.ndarray) -> tuple[int, type[Exception]] | None:
    """The first bad row and its error, in plain Python: the row's first problem, reading its
    cards left to right (as the error has always reported it)."""
    for i, row in enumerate(hands.tolist()):
        seen: set[int] = set()
        for card in row:
            if card < 0 or card > 51:
                return i, InvalidCardError
            if card in seen:
                return i, DuplicateCardError
            seen.add(card)
    return None


@st.composite
def batches(draw: st.DrawFn) -> np.ndarray:
    dtype = np.dtype(draw(st.sampled_from(DTYPES)))
    k = draw(st.sampled_from([5, 6, 7]))
    n = draw(st.integers(1, 40))
    hands = cartes.random_hands(n, k, seed=draw(st.integers(0, 2**32))).astype(dtype)
    info = np.iinfo(dtype)
    for _ in range(draw(st.integers(0, 3))):
        i, j = draw(st.integers(0, n - 1)), draw(st.integers(0, k - 1))
        if draw(st.booleans()):  # a repeat of another card of the row
            hands[i, j] = hands[i, (j + draw(st.integers(1, k - 1))) % k]
        else:  # out of range: just past the deck, past a byte, negative, the dtype's extremes
            values = [52, 63, 64, 255, 256, 2**40, -1, -128, int(info.min), int(info.max)]
            value = draw(st.sampled_from([v for v in values if info.min <= v <= info.max]))
            hands[i, j] = value
    return hands


@settings(max_examples=80, deadline=None)
@given(hands=batches(), threads=st.sampled_from([False, True]), ranking=st.sampled_from([0, 1]))
def test_the_fused_check_refuses_what_the_rules_refuse(
    hands: np.ndarray, threads: bool, ranking: int
) -> None:
    rules = (STANDARD, CALATONE)[ranking]
    before = hands.copy()
    expected = _first_bad(hands)
    if expected is None:
        strengths = cartes.evaluate_many(hands, rules, threads=threads)
        unchecked = cartes.evaluate_many(hands.astype(np.uint8), rules, check=False)
        assert strengths.tolist() == unchecked.tolist()
    else:
        row, error = expected
        message = re.escape(f"row {row} of the hands, {hands[row].tolist()}")
        with pytest.raises(error, match=message):
            cartes.evaluate_many(hands, rules, threads=threads)
    np.testing.assert_array_equal(hands, before)  # the caller's array is never written


@pytest.mark.parametrize("parallel", [False, True])
def test_checked_kernels_count_every_bad_row(parallel: bool) -> None:
    hands = cartes.random_hands(30_000, 7, seed=5)
    hands[[3, 17_000, 29_999], 2] = [52, 200, hands[29_999, 0]]
    out = np.zeros(len(hands), np.uint16)
    kernel = kernels.evaluate_rows_checked_parallel if parallel else kernels.evaluate_rows_checked
    assert kernel(hands, 0, out) == 3
    good = np.ones(len(hands), bool)
    good[[3, 17_000, 29_999]] = False
    expected = np.empty(len(hands), np.uint16)
    kernels.evaluate_rows(hands[good], 0, expected[: good.sum()])
    assert out[good].tolist() == expected[: good.sum()].tolist()


def test_a_large_batch_names_the_first_bad_row_of_many() -> None:
    hands = cartes.random_hands(50_000, 6, seed=9).astype(np.int16)
    hands[40_000, 1] = -3
    hands[12_345, 4] = hands[12_345, 0]
    with pytest.raises(DuplicateCardError, match=r"^row 12345 of the hands"):
        cartes.evaluate_many(hands, threads=True)
