"""Issue 9.1: the vector input check of byte batches (``cartes.evaluation._rowcheck``).

A block check must see every repeat and every card above 51 in any of its 64 rows, whatever
the row's place in the block and the pair's place in the row, must not see a clean block's
cross-row coincidences, and must not look at the rows after the block it reads past. The
kernels built on it must count exactly the bad rows and agree with the unchecked kernels."""

from __future__ import annotations

import itertools
import re

import numba as nb
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cartes
from cartes import CALATONE, STANDARD
from cartes.errors import DuplicateCardError, InvalidCardError
from cartes.evaluation import _rowcheck, kernels
from cartes.evaluation._rowcheck import BLOCK, OVERRUN, block_bad, blockwise


def _checkers() -> tuple[object, object]:
    """Block checks compiled afresh on their first call: the k = 5..7 one, and the k = 7
    one with k a constant, as the seven-card kernel calls it."""

    @nb.njit(cache=False)
    def bad(hands: np.ndarray, row: int) -> bool:
        return block_bad(hands, np.uint64(row), hands.shape[1])  # type: ignore[no-any-return]

    @nb.njit(cache=False)
    def bad7(hands: np.ndarray, row: int) -> bool:
        return block_bad(hands, np.uint64(row), 7)  # type: ignore[no-any-return]

    return bad, bad7


_bad, _bad7 = _checkers()


@pytest.fixture(scope="module", params=["whole vectors", "16-byte lanes"])
def checkers(request: pytest.FixtureRequest) -> object:
    """Both codes of the block check, whatever this machine would choose: whole 64-byte
    shuffles (AVX-512 VBMI's) and shuffles within 16-byte lanes (AVX2's), compiled here for
    this machine either way, so the one it would not pick is proven too."""
    whole = request.param == "whole vectors"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_rowcheck, "whole_vector_shuffles", lambda context: whole)
        bad, bad7 = _checkers()
        sample = _clean(BLOCK + OVERRUN, 7, seed=0)
        bad(sample, 0), bad7(sample, 0)  # compiled while the choice is forced
    return bad, bad7


@nb.njit(cache=False)
def _checkable(hands: np.ndarray) -> bool:
    return blockwise(hands)  # type: ignore[no-any-return]


def _clean(rows: int, k: int, seed: int) -> np.ndarray:
    return cartes.random_hands(rows, k, seed=seed)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_every_repeat_and_every_bad_card_in_a_block_is_seen(k: int, checkers: object) -> None:
    bad, bad7 = checkers  # type: ignore[misc]
    hands = _clean(BLOCK + OVERRUN, k, seed=k)
    check = bad7 if k == 7 else bad
    assert not check(hands, 0)
    for row in range(BLOCK):
        original = hands[row].copy()
        for i, j in itertools.permutations(range(k), 2):  # card j repeats card i
            hands[row, j] = hands[row, i]
            assert check(hands, 0), (row, i, j)
            hands[row] = original
        for j, value in itertools.product(range(k), [52, 53, 63, 64, 127, 128, 200, 255]):
            hands[row, j] = value
            assert check(hands, 0), (row, j, value)
            hands[row] = original
    assert not check(hands, 0)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_the_rows_after_a_block_do_not_count(k: int, checkers: object) -> None:
    """The last loads read into the next rows: what they hold must not flag the block."""
    bad, bad7 = checkers  # type: ignore[misc]
    hands = _clean(BLOCK + OVERRUN, k, seed=11)
    hands[BLOCK:] = 255
    hands[BLOCK:, 1] = hands[BLOCK:, 0] = 0
    assert not bad(hands, 0)
    if k == 7:
        assert not bad7(hands, 0)


@pytest.mark.parametrize("k", [5, 6, 7])
@pytest.mark.parametrize("period", list(range(7, 53)))
def test_clean_rows_that_repeat_each_other_are_clean(
    k: int, period: int, checkers: object
) -> None:
    """Byte t is t mod period: every row is k distinct cards, and cards of neighbouring rows
    are equal at every distance a multiple of the period."""
    bad, bad7 = checkers  # type: ignore[misc]
    stream = np.arange((2 * BLOCK + OVERRUN) * k) % period
    hands = stream.astype(np.uint8).reshape(-1, k)
    assert not bad(hands, 0)
    assert not bad(hands, BLOCK)
    if k == 7:
        assert not bad7(hands, 0)


def test_only_contiguous_byte_rows_are_checked_by_blocks() -> None:
    hands = _clean(BLOCK + OVERRUN, 7, seed=1)
    assert _checkable(hands)
    assert not _checkable(hands.astype(np.uint16))
    assert not _checkable(np.asfortranarray(hands))
    assert _bad(hands.astype(np.uint16), 0)  # any other array: check row by row


def _problem(row: list[int]) -> type[Exception] | None:
    """The row's first problem, reading its cards left to right, as the error reports it."""
    for j, card in enumerate(row):
        if not 0 <= card <= 51:
            return InvalidCardError
        if card in row[:j]:
            return DuplicateCardError
    return None


def _bad_rows(hands: np.ndarray) -> list[int]:
    return [i for i, row in enumerate(hands.tolist()) if _problem(row)]


@st.composite
def byte_batches(draw: st.DrawFn) -> np.ndarray:
    """uint8 or int8 batches long enough for several blocks, with a few bad rows anywhere."""
    k = draw(st.sampled_from([5, 6, 7]))
    n = draw(st.integers(BLOCK + OVERRUN - 2, 5 * BLOCK + OVERRUN + 2))
    dtype = draw(st.sampled_from(["uint8", "int8"]))
    hands = _clean(n, k, seed=draw(st.integers(0, 2**32))).astype(dtype)
    values = [52, 63, 64, 127, -1, -128] if dtype == "int8" else [52, 63, 64, 127, 128, 255]
    for _ in range(draw(st.integers(0, 4))):
        i, j = draw(st.integers(0, n - 1)), draw(st.integers(0, k - 1))
        if draw(st.booleans()):
            hands[i, j] = hands[i, (j + draw(st.integers(1, k - 1))) % k]
        else:
            hands[i, j] = draw(st.sampled_from(values))
    return hands


@settings(max_examples=60, deadline=None)
@given(hands=byte_batches(), parallel=st.booleans(), ranking=st.sampled_from([0, 1]))
def test_the_block_kernels_count_exactly_the_bad_rows(
    hands: np.ndarray, parallel: bool, ranking: int
) -> None:
    kernel = kernels.evaluate_rows_checked_parallel if parallel else kernels.evaluate_rows_checked
    out = np.zeros(len(hands), np.uint16)
    bad = _bad_rows(hands)
    assert kernel(hands.view(np.uint8), ranking, out) == len(bad)
    good = np.setdiff1d(np.arange(len(hands)), bad)
    expected = np.empty(len(good), np.uint16)
    kernels.evaluate_rows(hands[good].view(np.uint8), ranking, expected)
    assert out[good].tolist() == expected.tolist()


@settings(max_examples=40, deadline=None)
@given(hands=byte_batches(), threads=st.sampled_from([False, True]))
def test_evaluate_many_names_the_first_bad_row_of_a_byte_batch(
    hands: np.ndarray, threads: bool
) -> None:
    bad = _bad_rows(hands)
    before = hands.copy()
    if not bad:
        checked = cartes.evaluate_many(hands, CALATONE, threads=threads)
        assert checked.tolist() == cartes.evaluate_many(hands, CALATONE, check=False).tolist()
    else:
        row = hands[bad[0]].tolist()
        error = _problem(row)
        assert error is not None
        with pytest.raises(error, match=re.escape(f"row {bad[0]} of the hands, {row}")):
            cartes.evaluate_many(hands, STANDARD, threads=threads)
    np.testing.assert_array_equal(hands, before)


@pytest.mark.parametrize("n", [BLOCK + OVERRUN + d for d in (-1, 0, BLOCK - 1, BLOCK, BLOCK + 1)])
@pytest.mark.parametrize("where", ["first", "last", "last of a block"])
def test_a_bad_row_at_the_edges_of_the_blocks_is_counted(n: int, where: str) -> None:
    hands = _clean(n, 7, seed=n)
    row = {"first": 0, "last": n - 1, "last of a block": BLOCK - 1}[where]
    hands[row, 6] = hands[row, 0]
    for kernel in (kernels.evaluate_rows_checked, kernels.evaluate_rows_checked_parallel):
        assert kernel(hands, 0, np.zeros(n, np.uint16)) == 1
    with pytest.raises(DuplicateCardError, match=f"^row {row} of the hands"):
        cartes.evaluate_many(hands)


@pytest.mark.parametrize("n", [513, 5_000, 40_003])
def test_the_parallel_kernel_loses_no_row_between_its_spans(n: int) -> None:
    """The parallel kernel hands spans of rows (multiples of 512 or of 64) to the serial one:
    rows on both sides of every possible edge, bad or good, are all counted or evaluated."""
    hands = _clean(n, 7, seed=n)
    edges = sorted({e + d for e in range(0, n + 1, BLOCK) for d in (-1, 0)} & set(range(n)))
    bad = edges[:: max(1, len(edges) // 40)]
    hands[bad, 3] = hands[bad, 1]
    good = np.setdiff1d(np.arange(n), bad)
    expected = np.empty(len(good), np.uint16)
    kernels.evaluate_rows(hands[good], 1, expected)
    for kernel in (kernels.evaluate_rows_checked, kernels.evaluate_rows_checked_parallel):
        out = np.zeros(n, np.uint16)
        assert kernel(hands, 1, out) == len(bad)
        assert out[good].tolist() == expected.tolist()
    hands[bad, 3] = hands[bad, 2] ^ 64  # now out of range instead
    with pytest.raises(InvalidCardError, match=f"^row {bad[0]} of the hands"):
        cartes.evaluate_many(hands, threads=True)


_VALUES = [*range(56), 63, 64, 127, 128, 200, 255]


@pytest.mark.parametrize("k", [5, 6, 7])
def test_every_pair_of_values_at_every_pair_of_places_alone_in_its_block(k: int) -> None:
    """Exhaustive over two card slots of a row: for every pair of places and every pair of
    values (the deck, the values just past it, and bytes with high bits), one such row sits in
    a block of clean rows, at every place in the block in turn; the kernels must leave exactly
    the bad ones unwritten, so that no miss can hide behind another bad row of its block."""
    rng = np.random.default_rng(k)
    places = list(itertools.combinations(range(k), 2))
    grid = np.array(list(itertools.product(_VALUES, repeat=2)), dtype=np.uint8)
    candidates = np.empty((len(places) * len(grid), k), np.uint8)
    for p, (i, j) in enumerate(places):
        base = np.stack([rng.permutation(52)[:k] for _ in range(len(grid))]).astype(np.uint8)
        base[:, i], base[:, j] = grid[:, 0], grid[:, 1]
        candidates[p * len(grid) : (p + 1) * len(grid)] = base
    # Each candidate in its own block of clean rows, at place (index mod 64) of the block.
    hands = np.tile(_clean(BLOCK, k, seed=k), (len(candidates) + 1, 1))
    at = np.arange(len(candidates)) * BLOCK + np.arange(len(candidates)) % BLOCK
    hands[at] = candidates
    ordered = np.sort(candidates.astype(np.int64), axis=1)
    expected_bad = (ordered[:, -1] > 51) | (np.diff(ordered, axis=1) == 0).any(axis=1)
    assert 0 < expected_bad.sum() < len(candidates)
    for kernel in (kernels.evaluate_rows_checked, kernels.evaluate_rows_checked_parallel):
        out = np.full(len(hands), 0xFFFF, np.uint16)  # no strength is 0xFFFF
        assert kernel(hands, 0, out) == expected_bad.sum()
        assert ((out[at] == 0xFFFF) == expected_bad).all()
        assert (np.delete(out, at) != 0xFFFF).all()
