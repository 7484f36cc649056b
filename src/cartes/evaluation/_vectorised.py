"""The batch evaluation in plain numpy, for a process that has not loaded the compiled kernels.

The compiled batch kernels (:mod:`cartes.evaluation.kernels`) cost numba's import and a compile
(or a load from numba's disk cache) on a process's first batch: about 1.7 s on a fresh install
and 0.6 s with a warm cache, on the project's machine. The evaluation itself is a few table
loads a hand, which numpy does with fancy indexing on the same tables and the same arithmetic
(the flush branch as a masked update), so the strengths are the kernels' to the bit. It runs
about ten times slower than the compiled kernel per hand, so it pays for small work only:

* :func:`use_for` says whether a batch goes this way: while the rows valued here in this
  process, this batch included, stay within :data:`ROW_BUDGET` and the compiled kernel for the
  batch's shape has not been loaded. A batch past the budget spends it: from then on every
  batch is compiled (a process that keeps valuing hands pays the compile once, and at most
  about as much again in numpy time before it, the ski-rental rule).
* :func:`retire` spends the budget at once (``cartes warm-up`` does, to compile everything).

>>> import numpy as np
>>> hands = np.array([[51, 47, 43, 39, 35, 0, 1], [0, 4, 9, 13, 30, 2, 7]], np.uint8)
>>> out = np.empty(2, np.uint16)
>>> row_strengths(hands, 0, out, check=True), (out >> 12).tolist()  # royal flush, two pair
(False, [8, 2])
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from cartes.errors import DuplicateCardError, InvalidCardError
from cartes.evaluation import tables

__all__ = [
    "ROW_BUDGET",
    "budget",
    "first_invalid_row",
    "key_strengths",
    "raise_first_invalid",
    "retire",
    "row_strengths",
    "use_for",
]

#: Rows this process values in numpy before it compiles: numpy values about 24 million checked
#: seven-card rows a second here (the compiled kernel ten times as many), so the budget is about
#: 0.8 s of numpy time, a warm cache's load of the kernel (numba's import included) and a third
#: of a cold compile (benchmarks/bench_cold.py): the ski-rental rule, which never pays more
#: than twice what knowing the future would have.
ROW_BUDGET: Final = 20_000_000

#: Rows evaluated at once: each chunk's temporaries stay in the second-level cache.
_CHUNK: Final = 1 << 15

_KEYS: Final = np.array(tables.CARD_KEYS, dtype=np.uint64)
_BITS: Final = np.array(tables.CARD_BITS, dtype=np.uint64)
_START: Final = np.uint64(tables.KEY_START)
_LOW32: Final = np.uint64(0xFFFFFFFF)
_ROW_SHIFT: Final = np.uint64(32 - tables.ROW_BITS)
_COL_MASK: Final = np.uint64((1 << tables.COL_BITS) - 1)
_FLAG_SHIFT: Final = np.uint64(tables.FLAG_SHIFT)
_SUIT_FLAGS: Final = np.uint64(0x1111)
_RANKS_MASK: Final = np.uint64(0x1FFF)
_U1: Final = np.uint64(1)

_lock = threading.Lock()
_rows_left = ROW_BUDGET


def use_for(rows: int, k: int, check: bool) -> bool:
    """Whether a batch of ``rows`` hands of ``k`` cards (a built-in ranking) goes through
    numpy: within the budget, and the compiled kernel for it not loaded. Counts the rows.

    >>> use_for(10, 7, True) in (True, False)
    True
    """
    global _rows_left
    if _compiled_loaded(k, check):
        return False
    with _lock:
        if rows <= _rows_left:
            _rows_left -= rows
            return True
        _rows_left = 0
        return False


def retire() -> None:
    """Spend the budget: every later batch of this process is compiled (``cartes warm-up``
    calls it first, so that it compiles the batch kernels)."""
    global _rows_left
    with _lock:
        _rows_left = 0


@contextmanager
def budget(rows: int) -> Iterator[None]:
    """Within the block, :func:`use_for` has ``rows`` rows left (0: every batch compiled); the
    budget as it was is put back after (for tests, which choose the path they check).

    >>> with budget(0):
    ...     use_for(1, 7, True)
    False
    """
    global _rows_left
    with _lock:
        before, _rows_left = _rows_left, rows
    try:
        yield
    finally:
        with _lock:
            _rows_left = before


def _compiled_loaded(k: int, check: bool) -> bool:
    """Whether this process has a compiled batch kernel for k cards (without importing one)."""
    kernels = sys.modules.get("cartes.evaluation.kernels")
    if kernels is None:
        return False
    batch = kernels.BATCH
    name = ("_sevens" if k == 7 else "_short") + ("_checked" if check else "")
    return bool(getattr(batch, name).signatures)


def _tables(ranking: int | tables.RankingTables) -> tuple[NDArray[Any], NDArray[Any]]:
    if isinstance(ranking, tables.RankingTables):
        return ranking.rank_values, ranking.flush_values
    _, rank_values, flush_values = tables.built_in_tables()
    return rank_values[ranking], flush_values[ranking]


def key_strengths(
    keys: NDArray[np.uint64],
    bits: NDArray[np.uint64] | None,
    ranking: int | tables.RankingTables,
    cards: NDArray[Any] | None = None,
) -> NDArray[np.uint16]:
    """The strength of each hand given by its key sum (start value included) and its card mask;
    ``bits`` may be None when ``cards`` (the hands' card indices, ``(n, k)``) are given, and is
    then made for the few hands with a flush draw only. ``ranking`` is a built-in row or any
    ranking's tables (:func:`cartes.evaluation.tables.tables_for`).

    The kernels' ``_strength`` in numpy: the rank-multiset table at the perfect hash's slot,
    and where a suit holds five cards the better of that and the flush table's entry. Indices
    are clipped: a key no valid hand makes (``check=False`` on bad input) gives some strength,
    not an error, as in the kernels.

    >>> hand = [51, 47, 43, 39, 35]
    >>> keys = np.array([np.uint64(tables.KEY_START) + sum(_KEYS[hand])], np.uint64)
    >>> int(key_strengths(keys, None, 0, np.array([hand]))[0]) >> 12
    8
    """
    bases = tables.row_bases()
    rank_values, flush_values = _tables(ranking)
    hashed = keys & _LOW32
    slots = (bases[hashed >> _ROW_SHIFT].astype(np.uint64) << _U1) + (hashed & _COL_MASK)
    out: NDArray[np.uint16] = rank_values.take(slots, mode="clip")
    flags = (keys >> _FLAG_SHIFT) & _SUIT_FLAGS
    flushed = np.flatnonzero(flags)
    if len(flushed):
        if bits is None:
            assert cards is not None
            mask = np.bitwise_or.reduce(_BITS.take(cards[flushed], mode="clip"), axis=1)
        else:
            mask = bits[flushed]
        # One suit holds five of at most seven cards: its flag says which 16-bit lane.
        flag = flags[flushed]
        lane = (
            (flag >= np.uint64(0x10)).astype(np.uint64)
            + (flag >= np.uint64(0x100))
            + (flag >= np.uint64(0x1000))
        ) << np.uint64(4)
        flush = flush_values[(mask >> lane) & _RANKS_MASK]
        out[flushed] = np.maximum(out[flushed], flush)
    return out


def row_strengths(
    hands: NDArray[Any],
    ranking: int | tables.RankingTables,
    out: NDArray[np.uint16],
    check: bool = False,
) -> bool:
    """The strength of each row of ``hands`` (``(n, k)`` card indices, k = 5..7) into ``out``,
    as the compiled ``evaluate_rows`` gives it; with ``check``, for unsigned ``hands`` (signed
    ones viewed as unsigned), whether a row holds a card above 51 or a card twice (True: the
    rest of ``out`` is left unwritten, and :func:`raise_first_invalid` says which row).

    >>> out = np.empty(1, np.uint16)  # 2c 3c 4c 5c 6c under calatone: a straight flush
    >>> row_strengths(np.array([[0, 4, 8, 12, 16]], np.uint8), 1, out), int(out[0]) >> 12
    (False, 9)
    """
    n, k = hands.shape
    for first in range(0, n, _CHUNK):
        chunk = hands[first : first + _CHUNK]
        # Column by column: numpy reduces along a row of seven at a third of this speed.
        columns = np.ascontiguousarray(chunk.T)
        keys = _KEYS.take(columns[0], mode="clip") + _START
        for j in range(1, k):
            keys += _KEYS.take(columns[j], mode="clip")
        bits = None
        if check:
            if columns.max(initial=0) > 51:
                return True
            bits = _BITS[columns[0]]
            total = bits.copy()
            for j in range(1, k):
                card = _BITS[columns[j]]
                bits |= card
                total += card
            # Each card is one bit: the sum equals the union only when no card repeats.
            if (bits != total).any():
                return True
        out[first : first + _CHUNK] = key_strengths(keys, bits, ranking, chunk)
    return False


def first_invalid_row(hands: NDArray[Any]) -> tuple[int, int]:
    """``(row, reason)`` of the first bad row, or ``(-1, 0)``, as the compiled
    :func:`cartes.evaluation.kernels.first_invalid_row` finds it: reason 1 is an index out of
    0..51, reason 2 a repeated card, whichever comes first reading the row left to right.

    >>> first_invalid_row(np.array([[0, 1, 2, 3, 4], [5, 6, 7, 8, 5]]))
    (1, 2)
    >>> first_invalid_row(np.array([[0, 1, 1, 3, 99], [0, 1, 99, 99, 4]]))
    (0, 2)
    """
    n, k = hands.shape
    for first in range(0, n, _CHUNK):
        chunk = hands[first : first + _CHUNK].astype(np.int64)
        # The position of each row's first card out of range, and of its first repeat (a card
        # equal to one before it); k when there is none.
        out_of_range = (chunk < 0) | (chunk > 51)
        invalid_at = np.where(out_of_range.any(axis=1), out_of_range.argmax(axis=1), k)
        repeated = np.zeros_like(out_of_range)
        for j in range(1, k):
            repeated[:, j] = (chunk[:, :j] == chunk[:, j : j + 1]).any(axis=1)
        repeat_at = np.where(repeated.any(axis=1), repeated.argmax(axis=1), k)
        bad = np.flatnonzero(np.minimum(invalid_at, repeat_at) < k)
        if len(bad):
            row = int(bad[0])
            # A repeat after a card out of range is never reached: the scan stops there.
            return first + row, 1 if invalid_at[row] <= repeat_at[row] else 2
    return -1, 0


def raise_first_invalid(rows: NDArray[Any], scan: Any = first_invalid_row) -> None:
    """Raise the error for the first bad row of ``rows``, if there is one (``scan`` finds it:
    this module's or the compiled kernel's).

    >>> raise_first_invalid(np.array([[0, 1, 2, 3, 4], [0, 1, 2, 3, 3]]))
    Traceback (most recent call last):
    ...
    cartes.errors.DuplicateCardError: row 1 of the hands, [0, 1, 2, 3, 3], has a repeated card
    """
    row, reason = scan(rows)
    if row >= 0:
        problem = "a card index outside 0-51" if reason == 1 else "a repeated card"
        error = InvalidCardError if reason == 1 else DuplicateCardError
        raise error(f"row {row} of the hands, {rows[row].tolist()}, has {problem}")
