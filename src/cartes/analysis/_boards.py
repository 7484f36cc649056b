"""Exact equity in plain numpy, for a process that has not loaded the compiled enumeration.

The compiled enumeration (:func:`cartes.analysis._kernels.enumerate_exact`) costs numba's
import and about seven seconds of compiling on a fresh install (half a second to load from a
warm cache) before it counts a deal. When every card still to deal is a board card, which every
player shares (hold'em with every hole card known or ranged), the deals are the combinations of
the cards left: numpy makes all their key sums at once and values every player's hand on each
with the evaluator's tables (:func:`cartes.evaluation._vectorised.key_strengths`), so a
preflop heads-up spot (1,712,304 boards) takes a few tenths of a second. The counts are the
kernel's integers, and their weighting by the ranges' combos is the kernel's in the kernel's
order, so the result is the compiled enumeration's to the last bit.

:func:`use_for` says whether a problem goes this way: every dealt card on the board, its work
(hands to value, and choices of combos) within what is left of :data:`WORK_BUDGET` for this
process, and the compiled enumeration not loaded. A problem past the budget spends it, and every
later one is compiled (the ski-rental rule of :mod:`cartes.evaluation._vectorised`).

>>> combinations(4, 2).tolist()
[[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from cartes.evaluation import tables
from cartes.evaluation._vectorised import key_strengths

__all__ = ["WORK_BUDGET", "budget", "combinations", "enumerate_exact", "retire", "use_for"]

#: Work (players' hands valued, and each choice of one combo per range as 2,500 of them: its
#: Python overhead) this process does in numpy before it compiles. numpy values about 30 million
#: hands a second here (the compiled enumeration 2.5 times as many), so the budget is about
#: 0.8 s, a warm cache's load of the enumeration (numba's import included) and a fifth of its
#: cold compile (benchmarks/bench_cold.py): the ski-rental rule. The preflop heads-up spot is
#: 3,424,608 of it.
WORK_BUDGET: Final = 24_000_000
#: The work each choice of one combo per range counts for.
_CHOICE_WORK: Final = 2_500

#: Boards valued at once: each block's temporaries stay small.
_BLOCK: Final = 1 << 18

_KEYS: Final = np.array(tables.CARD_KEYS, dtype=np.uint64)
_BITS: Final = np.array(tables.CARD_BITS, dtype=np.uint64)
_WIN, _TIE, _SHARE, _SHARE2 = 0, 1, 2, 3
_FIELDS: Final = 4

_lock = threading.Lock()
_work_left = WORK_BUDGET


def use_for(keyed: Any, deals: int) -> bool:
    """Whether this problem (``deals`` to look at) is enumerated in numpy; counts its work.

    >>> from cartes.analysis.equity import _board_problem, _deal_count, _keyed
    >>> problem = _board_problem(["As Ah", "Kd Kc"], "Qs Jd 2c", None, "standard")
    >>> use_for(_keyed(problem), _deal_count(problem)) in (True, False)
    True
    """
    global _work_left
    if (keyed.owners >= 0).any() or _compiled_loaded():
        return False
    choices = int(np.prod(np.diff(keyed.offsets))) if len(keyed.offsets) > 1 else 1
    work = deals * keyed.base_keys.shape[0] + _CHOICE_WORK * choices
    with _lock:
        if work <= _work_left:
            _work_left -= work
            return True
        _work_left = 0
        return False


def retire() -> None:
    """Spend the budget: every later exact equity of this process is compiled (``cartes
    warm-up`` calls it first)."""
    global _work_left
    with _lock:
        _work_left = 0


@contextmanager
def budget(work: int) -> Iterator[None]:
    """Within the block :func:`use_for` has ``work`` left (see :data:`WORK_BUDGET`); put back
    after (for tests).

    >>> from cartes.analysis import _boards
    >>> with budget(0):
    ...     _boards._work_left
    0
    """
    global _work_left
    with _lock:
        before, _work_left = _work_left, work
    try:
        yield
    finally:
        with _lock:
            _work_left = before


def _compiled_loaded() -> bool:
    kernels = sys.modules.get("cartes.analysis._kernels")
    return kernels is not None and bool(kernels.DISPATCHERS["enumerate_exact"].signatures)


def combinations(n: int, k: int) -> NDArray[np.int64]:
    """Every k-combination of ``0 .. n-1``, one a row, in lexicographic order (as
    :func:`itertools.combinations` lists them).

    >>> combinations(5, 3).shape, combinations(3, 0).shape, combinations(2, 3).shape
    ((10, 3), (1, 0), (0, 3))
    """
    if k > n:
        return np.zeros((0, k), dtype=np.int64)
    rows = np.zeros((1, 0), dtype=np.int64)
    for depth in range(k):
        # Each row grows by every value after its last one that leaves room for the rest.
        low = rows[:, -1] + 1 if depth else np.zeros(1, dtype=np.int64)
        counts = (n - k + depth + 1) - low
        grown = np.repeat(rows, counts, axis=0)
        within = np.arange(int(counts.sum())) - np.repeat(np.cumsum(counts) - counts, counts)
        rows = np.column_stack([grown, np.repeat(low, counts) + within])
    return rows


def _board_sums(pool: NDArray[np.int64], k: int) -> tuple[NDArray[np.uint64], NDArray[np.uint64]]:
    """The key sum and card mask of every k-card board from ``pool``, in the order of
    :func:`combinations` (grown a card at a time, as sums: no index rows to gather)."""
    keys, bits, n = _KEYS[pool], _BITS[pool], len(pool)
    if k > n:
        return np.zeros(0, dtype=np.uint64), np.zeros(0, dtype=np.uint64)
    key = np.zeros(1, dtype=np.uint64)
    mask = np.zeros(1, dtype=np.uint64)
    low = np.zeros(1, dtype=np.int64)  # each board's lowest index its next card may take
    for depth in range(k):
        counts = (n - k + depth + 1) - low
        index = np.arange(int(counts.sum())) - np.repeat(np.cumsum(counts) - counts - low, counts)
        key = np.repeat(key, counts) + keys[index]
        mask = np.repeat(mask, counts) | bits[index]
        low = index + 1
    return key, mask


def _count(
    keys: NDArray[np.uint64],
    bits: NDArray[np.uint64],
    board_keys: NDArray[np.uint64],
    board_bits: NDArray[np.uint64],
    ranking: int,
    shares: NDArray[np.int64],
) -> NDArray[np.int64]:
    """The kernel's counts ``(players, FIELDS)`` over these boards (``_score`` and ``_add``)."""
    players = keys.shape[0]
    counts = np.zeros((players, _FIELDS), dtype=np.int64)
    for first in range(0, len(board_keys), _BLOCK):
        block_keys = board_keys[first : first + _BLOCK]
        block_bits = board_bits[first : first + _BLOCK]
        strengths = np.stack(
            [
                key_strengths(block_keys + keys[p], block_bits | bits[p], ranking)
                for p in range(players)
            ]
        )
        best = strengths.max(axis=0)
        won = strengths == best
        tied = won.sum(axis=0)
        alone = tied == 1
        share = shares[tied]
        counts[:, _WIN] += (won & alone).sum(axis=1)
        counts[:, _TIE] += (won & ~alone).sum(axis=1)
        counts[:, _SHARE] += (won * share).sum(axis=1)
        counts[:, _SHARE2] += (won * (share * share)).sum(axis=1)
    return counts


def enumerate_exact(keyed: Any) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """The compiled ``enumerate_exact`` of a problem whose dealt cards are all board cards,
    over every item: per combo of range 0, the counts weighted by the other ranges' combos'
    weights ``(combos0, players, FIELDS)``, and the weighted number of deals ``(combos0,)``.

    >>> from cartes.analysis.equity import _board_problem, _keyed
    >>> keyed = _keyed(_board_problem(["As Ah", "Kd Kc"], "Qs Jd 2c 7h", None, "standard"))
    >>> by_combo, deals = enumerate_exact(keyed)
    >>> by_combo[0, :, 0].tolist(), deals.tolist()  # sole wins of each, of 44 rivers
    ([42.0, 2.0], [44.0])
    """
    players = keyed.base_keys.shape[0]
    ranged = keyed.range_players.shape[0]
    offsets = keyed.offsets
    combos0 = 1 if ranged == 0 else int(offsets[1] - offsets[0])
    dealt = keyed.owners.shape[0]
    by_combo = np.zeros((combos0, players, _FIELDS), dtype=np.float64)
    weighted = np.zeros(combos0, dtype=np.float64)
    free_mask = np.uint64(1) << keyed.free.astype(np.uint64)
    # The boards of one pool of cards, made once for every choice of combos that leaves it.
    boards: dict[int, tuple[Any, Any]] = {}
    for k0 in range(combos0):
        pick = [int(offsets[r]) for r in range(ranged)]
        if ranged:
            pick[0] = int(offsets[0]) + k0
        while True:
            taken = 0
            clash = False
            weight = 1.0
            keys = keyed.base_keys.copy()
            bits = keyed.base_bits.copy()
            for r in range(ranged):
                k = pick[r]
                mask = int(keyed.combo_masks[k])
                if taken & mask:
                    clash = True
                taken |= mask
                p = int(keyed.range_players[r])
                keys[p] += keyed.combo_keys[k]
                bits[p] |= keyed.combo_bits[k]
                if r > 0:
                    weight *= float(keyed.combo_weights[k])
            if not clash:
                if taken not in boards:
                    if len(boards) >= 64:
                        boards.clear()
                    pool = keyed.free[(free_mask & np.uint64(taken)) == 0]
                    boards[taken] = _board_sums(pool, dealt)
                board_keys, board_bits = boards[taken]
                counts = _count(keys, bits, board_keys, board_bits, keyed.ranking, keyed.shares)
                by_combo[k0] += weight * counts
                weighted[k0] += weight * len(board_keys)
            # Next choice of the other ranges' combos (the last range moves fastest).
            r = ranged - 1
            while r >= 1:
                pick[r] += 1
                if pick[r] < offsets[r + 1]:
                    break
                pick[r] = int(offsets[r])
                r -= 1
            if r < 1:
                break
    return by_combo, weighted
