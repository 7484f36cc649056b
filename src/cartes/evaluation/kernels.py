"""The numba kernels: one hand, a batch of hands, and the exhaustive enumeration.

One set of kernels serves every built-in ranking: the rankings' tables are stacked into one
array and a kernel takes the ranking's row (:data:`cartes.evaluation.tables.BUILT_IN`) as an
argument. Adding a built-in ranking adds a row, not code.

Why the code looks the way it does (each measured on the project's 2-core machine):

* The tables are module globals, which numba freezes into the compiled code: passed as
  arguments, the batch loop ran at half the speed and a single call cost twice as much
  (every array argument is unboxed on each call). Numba's on-disk cache does not notice a
  changed global, so :data:`TABLES_DIGEST` pins the tables' content: when the shipped tables
  change, this file must change too, and that invalidates the cache.
* The per-hand work is written out in every loop (a helper taking arrays kept reference
  counting inside the hot loop); the only helpers take scalars and are inlined.
* Cards are indexed with unsigned integers: signed ones make numba add negative-index handling.
* A card's key carries its rank key already multiplied by the hash multiplier, so a hand's sum
  of keys is its hash: no multiplication per hand (10% of the enumeration). Suit counters ride
  above it in the same 64-bit sum (:mod:`cartes.evaluation.tables` has the layout).
* Byte rows are read two cards a load from a table of two-card keys (the note _BYTE_PAIRS);
  with AVX-512 VBMI, eight rows' keys are summed at once in vector registers
  (:mod:`cartes.evaluation._eightrows`).
* Row displacements are 16-bit (16 KiB instead of 32), which leaves room in the first-level
  cache for the strength table's hot lines (8% of the enumeration).
* The enumeration runs over the last two cards as one loop over a table of card pairs, two
  hands at a time into two histograms (see :func:`_count_sevens_from`).

Numba does no bounds checks: every entry point validates its cards (the scalar ones, and the
checked batch kernels, which check byte input 64 rows at a time with vector code before
evaluating them, :mod:`cartes.evaluation._rowcheck`, and other input row by row, fused into the
evaluation), or is the unchecked batch kernel, which ``evaluate_many(check=False)`` calls on the
caller's word. Everything is
compiled on first call and cached on disk (``cache=True``), never at import.
"""

from __future__ import annotations

import functools
import hashlib
import types
from typing import Any, Final

import numba as nb
import numpy as np
from numba.core import cgutils
from numba.core import types as nb_types
from numba.extending import intrinsic
from numpy.typing import NDArray

from cartes.errors import DuplicateCardError, InvalidCardError, OptionError, UnknownRankingError
from cartes.evaluation import _eightrows, _pool, _rowcheck, tables
from cartes.evaluation._eightrows import eight_ranks, eight_ranks_checked, vector_keys
from cartes.evaluation._exact import as_int64, exact_int
from cartes.evaluation._rowcheck import (
    BLOCK,
    OVERRUN,
    block_bad,
    blockwise,
    one_byte,
    pair_index,
    pairs_by_pext,
    two_bytes,
)
from cartes.evaluation.tables import COL_BITS, FLAG_SHIFT, KEY_START, ROW_BITS, built_in_tables

#: The SHA-256 (first 16 hex digits) of everything this file's kernels freeze into their code:
#: the stacked tables, the card keys and bits, the key layout's constants, and the version of
#: the vector input check (:data:`cartes.evaluation._rowcheck.CODE_VERSION`).
TABLES_DIGEST: Final = "aadf66ab989bb7f5"

BASES, RANK_VALUES, FLUSH_VALUES = built_in_tables()
#: One 64-bit key per card (:data:`cartes.evaluation.tables.CARD_KEYS`).
CARD_KEYS: Final = np.array(tables.CARD_KEYS, dtype=np.uint64)
#: One bit per card in a 64-bit mask: 16 bits per suit, one per rank.
CARD_BITS: Final = np.array(tables.CARD_BITS, dtype=np.uint64)


def _content_digest() -> str:
    digest = hashlib.sha256(tables.layout_digest().encode())
    digest.update(f"rowcheck {_rowcheck.CODE_VERSION} {BLOCK} {OVERRUN}".encode())
    digest.update(f"eightrows {_eightrows.CODE_VERSION} {_eightrows.ROWS}".encode())
    for array in (BASES, RANK_VALUES, FLUSH_VALUES, CARD_KEYS, CARD_BITS):
        digest.update(str(array.dtype).encode() + str(array.shape).encode())
        digest.update(np.ascontiguousarray(array).tobytes())
    return digest.hexdigest()[:16]


# Numba's on-disk cache is keyed on this file, not on the globals it freezes: pinning their
# digest here makes any change to them change this file, which rebuilds the cache.
if _content_digest() != TABLES_DIGEST:  # pragma: no cover
    raise RuntimeError(
        "the evaluation tables or key layout changed but kernels.TABLES_DIGEST did not: set it "
        f"to {_content_digest()!r} so numba's cache is rebuilt"
    )

#: :data:`CARD_BITS` padded to 256 entries with zeros, for the checked batch kernels: a card
#: index out of range (clamped to 255) adds no bit, so a row of k cards has k bits set in the
#: sum of its entries exactly when every card is in range and none repeats (a repeat carries
#: two equal bits into one).
CHECK_BITS: Final = np.zeros(256, dtype=np.uint64)
CHECK_BITS[:52] = CARD_BITS
_CLAMP: Final = np.uint64(255)
_BLOCK: Final = BLOCK
_OVERRUN: Final = OVERRUN
_BLOCK_ROWS: Final = np.uint64(BLOCK)
_OVERRUN_ROWS: Final = np.uint64(OVERRUN)
_EIGHT: Final = np.uint64(_eightrows.ROWS)
_EIGHT_BAD: Final = np.uint64(_eightrows.BAD)

#: Every pair of cards (f, g), f < g, ordered by f then g: the keys and bits of both cards.
# Within the pairs of one lower card, the upper card goes suit by suit: neighbouring hands then
# differ in rank, and so in strength, more often, and less often bump the same counter (2%).
_PAIRS: Final = [
    (f, g) for f in range(52) for g in sorted(range(f + 1, 52), key=lambda g: (g & 3, g >> 2))
]
PAIR_KEYS: Final = np.array([CARD_KEYS[f] + CARD_KEYS[g] for f, g in _PAIRS], dtype=np.uint64)
PAIR_BITS: Final = np.array([CARD_BITS[f] | CARD_BITS[g] for f, g in _PAIRS], dtype=np.uint64)
#: ``FIRST_PAIR_ABOVE[e]``: the first pair whose lower card is above card ``e`` (every later
#: pair's is too).
FIRST_PAIR_ABOVE: Final = np.array(
    [sum(1 for f, _ in _PAIRS if f <= e) for e in range(52)], dtype=np.uint64
)
PAIR_COUNT: Final = np.uint64(len(_PAIRS))

_START: Final = np.uint64(KEY_START)
_SUIT_FLAGS: Final = np.uint64(0x1111)
_LOW32: Final = np.uint64(0xFFFFFFFF)
_ROW_SHIFT: Final = np.uint64(32 - ROW_BITS)
_COL_MASK: Final = np.uint64((1 << COL_BITS) - 1)
_RANKS_MASK: Final = np.uint64(0x1FFF)
_FLAG_SHIFT: Final = np.uint64(FLAG_SHIFT)
_U1: Final = np.uint64(1)
_U16: Final = np.uint64(16)
_U32: Final = np.uint64(32)
_U48: Final = np.uint64(48)
_U0: Final = np.uint64(0)
_U2: Final = np.uint64(2)
_U4: Final = np.uint64(4)
_U6: Final = np.uint64(6)
_U7: Final = np.uint64(7)
_U63: Final = np.uint64(63)
#: The flush flags where they sit in a hand's key.
_FLAGS_IN_KEY: Final = _SUIT_FLAGS << _FLAG_SHIFT
#: :data:`CARD_KEYS` with the key's start added: the first card's key, one add a hand fewer.
FIRST_KEYS: Final = CARD_KEYS + _START


def _byte_pair_keys(shift: int) -> NDArray[np.uint64]:
    cards = np.arange(52)
    table = np.zeros(51 * (1 << shift) + 52, dtype=np.uint64)
    table[cards[:, np.newaxis] | cards[np.newaxis, :] << shift] = (
        CARD_KEYS[:, np.newaxis] + CARD_KEYS[np.newaxis, :]
    )
    return table


#: The keys of two cards at once, for rows of bytes: entry ``a | b << 8`` is
#: ``CARD_KEYS[a] + CARD_KEYS[b]`` for cards a, b of 0..51, so one 16-bit load of two
#: neighbouring bytes of a row indexes their summed key (the table is symmetric, so the
#: machine's byte order does not matter). 102 KiB; see _BYTE_PAIRS.
BYTE_PAIR_KEYS: Final = _byte_pair_keys(8)
#: The same keys at entry ``a | b << 6`` (26.5 KiB, small enough for a level-1 cache), read
#: through :func:`~cartes.evaluation._rowcheck.pair_index` where ``pext`` is fast.
PEXT_PAIR_KEYS: Final = _byte_pair_keys(6)

_OPTIONS: Final[dict[str, Any]] = {"cache": True, "nogil": True, "error_model": "numpy"}
# The one-hand entry points keep the GIL: releasing and taking it back cost about 40 ns of a
# 120 ns call here, and one hand is too little work for another thread to use the gap. The
# batch kernels release it (they run on Python threads, _pool.split).
_SCALAR_OPTIONS: Final[dict[str, Any]] = {**_OPTIONS, "nogil": False}


@intrinsic
def _popcount(typingctx: Any, value: Any) -> Any:
    """The number of bits set in a uint64 (one ``popcnt`` instruction)."""
    if value != nb_types.uint64:
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctpop(args[0])

    return nb_types.uint64(nb_types.uint64), codegen


@intrinsic
def _lowest_bit(typingctx: Any, value: Any) -> Any:
    """The index of the lowest bit set in a nonzero uint64 (one ``tzcnt``)."""
    if value != nb_types.uint64:
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.cttz(args[0], cgutils.true_bit)  # zero is never asked about

    return nb_types.uint64(nb_types.uint64), codegen




@intrinsic
def _reads_pairs(typingctx: Any) -> Any:
    """Whether the seven-card kernels read byte rows two cards a load (see _BYTE_PAIRS): a
    constant of the target machine, false where AVX-512 VBMI is (the Zen 4 it was measured on
    ran it slower), true elsewhere."""
    signature = nb_types.boolean()

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return context.get_constant(nb_types.boolean, not _rowcheck.whole_vector_shuffles(context))

    return signature, codegen


@nb.njit(inline="always", **_OPTIONS)
def _rank_strength(key: np.uint64, ranking: int) -> np.uint16:
    hashed = key & _LOW32
    slot = (np.uint64(BASES[hashed >> _ROW_SHIFT]) << _U1) + (hashed & _COL_MASK)
    return RANK_VALUES[ranking, slot]


@nb.njit(inline="always", **_OPTIONS)
def _flush_strength(flags: np.uint64, bits: np.uint64, ranking: int) -> np.uint16:
    """The best flush of the one suit flagged in ``flags`` (at most one suit holds 5 of 7)."""
    if flags & np.uint64(0x1):
        suit_ranks = bits
    elif flags & np.uint64(0x10):
        suit_ranks = bits >> _U16
    elif flags & np.uint64(0x100):
        suit_ranks = bits >> _U32
    else:
        suit_ranks = bits >> _U48
    return FLUSH_VALUES[ranking, suit_ranks & _RANKS_MASK]


@nb.njit(inline="always", **_OPTIONS)
def _strength(key: np.uint64, bits: np.uint64, ranking: int) -> np.uint16:
    strength = _rank_strength(key, ranking)
    flags = (key >> _FLAG_SHIFT) & _SUIT_FLAGS
    if flags:
        flush = _flush_strength(flags, bits, ranking)
        if flush > strength:
            strength = flush
    return strength


@nb.njit(inline="always", **_OPTIONS)
def _seven(a: int, b: int, c: int, d: int, e: int, f: int, g: int, ranking: int) -> np.uint16:
    """The strength of seven valid cards; the flush mask is built only when a suit has five
    (one hand in thirty), which saved 7% of the batch time."""
    key = (
        _START + CARD_KEYS[a] + CARD_KEYS[b] + CARD_KEYS[c] + CARD_KEYS[d]
        + CARD_KEYS[e] + CARD_KEYS[f] + CARD_KEYS[g]
    )  # fmt: skip
    strength = _rank_strength(key, ranking)
    flags = (key >> _FLAG_SHIFT) & _SUIT_FLAGS
    if flags:
        bits = (
            CARD_BITS[a] | CARD_BITS[b] | CARD_BITS[c] | CARD_BITS[d]
            | CARD_BITS[e] | CARD_BITS[f] | CARD_BITS[g]
        )  # fmt: skip
        flush = _flush_strength(flags, bits, ranking)
        if flush > strength:
            strength = flush
    return strength


@nb.njit(inline="always", **_OPTIONS)
def _row_key(hands: Any, i: Any) -> np.uint64:
    """The key of row ``i`` of seven valid cards, its start included (see _BYTE_PAIRS)."""
    if blockwise(hands) and _reads_pairs():  # type: ignore[call-arg]
        at = i * _U7
        pairs = PEXT_PAIR_KEYS if pairs_by_pext() else BYTE_PAIR_KEYS
        return (
            FIRST_KEYS[one_byte(hands, at + _U6)]
            + pairs[pair_index(two_bytes(hands, at))]
            + pairs[pair_index(two_bytes(hands, at + _U2))]
            + pairs[pair_index(two_bytes(hands, at + _U4))]
        )  # fmt: skip
    return (
        FIRST_KEYS[hands[i, 0]] + CARD_KEYS[hands[i, 1]] + CARD_KEYS[hands[i, 2]]
        + CARD_KEYS[hands[i, 3]] + CARD_KEYS[hands[i, 4]] + CARD_KEYS[hands[i, 5]]
        + CARD_KEYS[hands[i, 6]]
    )  # fmt: skip


@nb.njit(inline="always", **_OPTIONS)
def _row_flush(hands: Any, i: Any, ranking: int) -> np.uint16:
    """The flush strength of row ``i`` of seven valid cards whose key flags a suit, the suit
    found without a branch (flushes are rare, but each branch on the suit mispredicts)."""
    key = _row_key(hands, i)
    bits = _U0
    if blockwise(hands):  # type: ignore[call-arg]
        at = i * _U7
        for j in range(7):
            bits |= CARD_BITS[one_byte(hands, at + np.uint64(j))]
    else:
        for j in range(7):
            bits |= CARD_BITS[hands[i, j]]
    suit: Any = _lowest_bit((key >> _FLAG_SHIFT) & _SUIT_FLAGS)
    return FLUSH_VALUES[ranking, (bits >> (suit << _U2)) & _RANKS_MASK]


@nb.njit(inline="always", **_OPTIONS)
def _rank_block(
    hands: Any, first: Any, ranking: int, out: Any, vector: bool, checked: bool
) -> bool:
    """The strengths of the 64 rows of seven cards from row ``first`` into ``out``: the rank
    strengths first, with a bit a row for the rows that may be flushes, then those rows again,
    whole (see _FLUSHES_LATER). ``vector``: eight rows at a time where the machine can
    (:mod:`cartes.evaluation._eightrows`; its loads read 8 bytes past the block). ``checked``:
    the cards are checked first (byte rows only, followed by OVERRUN rows), and when a row is
    bad the block is left to the caller (False), none of its bad rows written."""
    eight: bool = vector_keys(hands, out) and vector  # type: ignore[call-arg]
    flushes = _U0
    if eight:
        # Row first + b in bit b; each eight rows checked on the load that reads them.
        values = RANK_VALUES[ranking]
        for group in range(_BLOCK_ROWS // _EIGHT):
            row = first + group * _EIGHT
            if checked:
                lanes = eight_ranks_checked(hands, row * _U7, out, row, BASES, values)
                if lanes & _EIGHT_BAD:
                    return False
            else:
                lanes = eight_ranks(hands, row * _U7, out, row, BASES, values)
            flushes |= lanes << (group * _EIGHT)
    else:
        if checked and block_bad(hands, first, 7):
            return False
        # Row first + 63 - b in bit b: two adds a row, where placing it costs a shift more.
        for i in range(first, first + _BLOCK_ROWS):
            key = _row_key(hands, i)
            out[i] = _rank_strength(key, ranking)
            flushes = flushes + flushes + np.uint64((key & _FLAGS_IN_KEY) != _U0)
    while flushes:
        bit = _lowest_bit(flushes)
        flushes &= flushes - _U1
        row = first + bit if eight else first + _U63 - bit
        flush = _row_flush(hands, row, ranking)
        if flush > out[row]:
            out[row] = flush
    return True


@nb.njit(inline="always", **_OPTIONS)
def _check_seven(a: int, b: int, c: int, d: int, e: int, f: int, g: int) -> None:
    if max(a, b, c, d, e, f, g) > 51 or min(a, b, c, d, e, f, g) < 0:
        raise InvalidCardError("card indices must be 0-51")
    # Each card is one bit: the sum equals the union only when no card repeats.
    if (
        CARD_BITS[a] | CARD_BITS[b] | CARD_BITS[c] | CARD_BITS[d]
        | CARD_BITS[e] | CARD_BITS[f] | CARD_BITS[g]
    ) != (
        CARD_BITS[a] + CARD_BITS[b] + CARD_BITS[c] + CARD_BITS[d]
        + CARD_BITS[e] + CARD_BITS[f] + CARD_BITS[g]
    ):  # fmt: skip
        raise DuplicateCardError("the seven cards must be distinct")


@nb.njit(**_OPTIONS)
def strength7(a: int, b: int, c: int, d: int, e: int, f: int, g: int, ranking: int) -> int:
    """The strength of seven cards given as indices 0..51 under a built-in ranking's row
    (0 standard, 1 calatone).

    Checks its input: an index out of range or a repeated card raises
    :class:`~cartes.errors.InvalidCardError` / :class:`~cartes.errors.DuplicateCardError`,
    another row :class:`~cartes.errors.UnknownRankingError`.

    >>> strength7(51, 47, 43, 39, 35, 0, 1, 0) == standard7(51, 47, 43, 39, 35, 0, 1)
    True
    """
    _check_seven(a, b, c, d, e, f, g)
    if ranking < 0 or ranking >= RANK_VALUES.shape[0]:
        raise UnknownRankingError("ranking row must be 0 (standard) or 1 (calatone)")
    return int(_seven(a, b, c, d, e, f, g, ranking))


# One entry point per built-in ranking: every argument costs numba's dispatcher time, and these
# are the fastest way to value one hand from Python (about 20% faster than strength7).
@nb.njit(**_SCALAR_OPTIONS)
def standard7(a: int, b: int, c: int, d: int, e: int, f: int, g: int) -> int:
    """The standard strength of seven cards given as indices 0..51, checked like
    :func:`strength7` (:data:`cartes.evaluation.standard7`, its compiled entry point, skips
    numba's dispatcher and is faster still).

    >>> standard7(51, 47, 43, 39, 35, 0, 1) >> 12  # a royal flush: category position 8
    8
    """
    a, b, c, d = as_int64(a), as_int64(b), as_int64(c), as_int64(d)  # type: ignore[call-arg]
    e, f, g = as_int64(e), as_int64(f), as_int64(g)
    _check_seven(a, b, c, d, e, f, g)
    return int(_seven(a, b, c, d, e, f, g, 0))


@nb.njit(**_SCALAR_OPTIONS)
def calatone7(a: int, b: int, c: int, d: int, e: int, f: int, g: int) -> int:
    """The calatone strength of seven cards given as indices 0..51, checked like
    :func:`strength7`.

    >>> calatone7(51, 50, 47, 43, 39, 0, 4) >> 12  # A A K Q J: cinco figuras, position 3
    3
    """
    a, b, c, d = as_int64(a), as_int64(b), as_int64(c), as_int64(d)  # type: ignore[call-arg]
    e, f, g = as_int64(e), as_int64(f), as_int64(g)
    _check_seven(a, b, c, d, e, f, g)
    return int(_seven(a, b, c, d, e, f, g, 1))


def entry_point(kernel: Any) -> Any:
    """The compiled ``int64`` entry point of :func:`standard7` or :func:`calatone7`.

    Calling it skips numba's dispatcher, which looks at every argument's type on every call:
    about 135 ns a hand instead of 250 ns here. It is the raw fast path: its arguments are
    converted as ``int()`` would (a float is truncated), so pass ints; the range and repeat
    checks still apply. :func:`cartes.evaluate` is the careful way in.

    >>> fast = entry_point(standard7)
    >>> fast(51, 47, 43, 39, 35, 0, 1) == standard7(51, 47, 43, 39, 35, 0, 1)
    True
    """
    return kernel.compile((nb.int64,) * 7)


def exact_entry(kernel: Any) -> Any:
    """The compiled entry point of :func:`standard7` or :func:`calatone7` that takes only the
    interpreter's own ints (:mod:`cartes.evaluation._exact`): anything else, a bool, a float
    or a numpy integer among them, raises ``TypeError`` before the kernel runs.
    :func:`cartes.evaluate` calls it and keeps the card objects.

    >>> exact = exact_entry(standard7)
    >>> exact(51, 47, 43, 39, 35, 0, 1) == standard7(51, 47, 43, 39, 35, 0, 1)
    True
    >>> exact(51, 47, 43, 39, 35, 0, True)
    Traceback (most recent call last):
    ...
    TypeError: a card must be an exact int index 0-51
    """
    return kernel.compile((exact_int,) * 7)


@nb.njit(**_OPTIONS)
def first_invalid_row(hands: NDArray[Any]) -> tuple[int, int]:
    """``(row, reason)`` of the first bad row, or ``(-1, 0)``: reason 1 is an index out of
    0..51, reason 2 a repeated card in the row.

    >>> first_invalid_row(np.array([[0, 1, 2, 3, 4], [5, 6, 7, 8, 5]]))
    (1, 2)
    """
    n, k = hands.shape
    for i in range(n):
        seen = np.uint64(0)
        for j in range(k):
            card = hands[i, j]
            if card < 0 or card > 51:
                return i, 1
            bit = np.uint64(1) << np.uint64(card)
            if seen & bit:
                return i, 2
            seen |= bit
    return -1, 0


# The batch kernels come in two shapes, seven cards and five or six, each compiled on its first
# call: the seven-card one is most calls, and compiling the other's loop beside it doubled the
# first call's compile. There is no parallel twin: a batch on several threads is cut into
# spans, each given to the serial kernel on a Python thread (RowKernels._spans), so the first
# large batch compiles nothing more (a parallel twin took as long again to compile as the
# serial kernel) and the threads are safe under fork, spawn and threads (_pool.split).
def _evaluate_sevens(hands: NDArray[Any], ranking: int, out: NDArray[np.uint16]) -> None:
    # Blocks of 64 rows, flushes valued after the block's ranks (the note _FLUSHES_LATER).
    rows = np.uint64(hands.shape[0])
    whole = rows // _BLOCK_ROWS * _BLOCK_ROWS
    for first in range(_U0, whole, _BLOCK_ROWS):
        _rank_block(hands, first, ranking, out, first + _BLOCK_ROWS + _OVERRUN_ROWS <= rows, False)
    for i in range(whole, rows):
        out[i] = _seven(
            hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3],
            hands[i, 4], hands[i, 5], hands[i, 6], ranking,
        )  # fmt: skip


def _evaluate_short(hands: NDArray[Any], ranking: int, out: NDArray[np.uint16]) -> None:
    n, k = hands.shape
    for i in range(np.uint64(n)):
        key = _START
        bits = np.uint64(0)
        for j in range(k):
            card = hands[i, j]
            key += CARD_KEYS[card]
            bits |= CARD_BITS[card]
        out[i] = _strength(key, bits, ranking)


@nb.njit(inline="always", **_OPTIONS)
def _checked_seven(a: Any, b: Any, c: Any, d: Any, e: Any, f: Any, g: Any, ranking: int) -> int:
    """The strength of seven unsigned card indices, or -1 when one is above 51 or repeats: the
    check fused into the evaluation (see :data:`CHECK_BITS`), whose bit sum is the flush mask."""
    a_, b_, c_, d_ = min(a, _CLAMP), min(b, _CLAMP), min(c, _CLAMP), min(d, _CLAMP)
    e_, f_, g_ = min(e, _CLAMP), min(f, _CLAMP), min(g, _CLAMP)
    seen = (
        CHECK_BITS[a_] + CHECK_BITS[b_] + CHECK_BITS[c_] + CHECK_BITS[d_]
        + CHECK_BITS[e_] + CHECK_BITS[f_] + CHECK_BITS[g_]
    )  # fmt: skip
    if _popcount(seen) != 7:  # type: ignore[call-arg]
        return -1
    key = (
        _START + CARD_KEYS[a_] + CARD_KEYS[b_] + CARD_KEYS[c_] + CARD_KEYS[d_]
        + CARD_KEYS[e_] + CARD_KEYS[f_] + CARD_KEYS[g_]
    )  # fmt: skip
    return int(_strength(key, seen, ranking))


# _FLUSHES_LATER: the seven-card kernels value a block of 64 rows by their ranks alone and
# note in a 64-bit mask the rows whose key flags five of a suit (one in thirty), then value
# those rows again in full. Branching on the flag row by row mispredicted at every flush, twice
# with the branch on the suit, and each misprediction threw away the rows in flight behind it;
# the rank loop has no branch, and holds no card in a register past its key (no spills). On the
# 2-core AMD EPYC (Zen 4) it took the checked batch from 0.61-0.65x the floor to 0.71-0.74x
# (median of per-round ratios, same process).
#
# _BYTE_PAIRS: on byte rows (C-contiguous uint8, what random_hands and most callers make) the
# seven-card kernels read cards 0-1, 2-3 and 4-5 of a row as three 16-bit loads that index
# BYTE_PAIR_KEYS, and card 6 as a byte: four key loads and three adds a row instead of seven
# and six, and the row's bytes addressed from the array's start (row times 7, a constant)
# rather than through its stride, which freed the register the loop had been spilling. On
# the 2-core AMD EPYC Zen 3 (AVX2) of 2026-12-02 it took the unchecked kernel from 0.77-0.79x
# the floor to 0.83-0.90x and the checked one, with the lane-wise input check
# (cartes.evaluation._rowcheck), from 0.70-0.75x to 0.77-0.84x (same-run medians, old and new
# code alternating in separate processes). An earlier pair reading measured slower on a Zen 4
# with AVX-512 VBMI, so machines with VBMI keep one load a card (_reads_pairs) for the rows
# they read one at a time (flushes, the last rows, other dtypes) and rank whole blocks eight
# rows at a time in vector registers instead (cartes.evaluation._eightrows: 0.73x -> 1.09x the
# floor unchecked, 0.70x -> 1.02x checked, on the Zen 4 of 2026-12-03); every way is tested on
# any machine that can run it (tests/test_evaluation_paths.py).
#
# Where BMI2's pext is one fast instruction (Intel from Haswell, AMD from Zen 3), the two
# bytes' six low bits each are gathered into an index of PEXT_PAIR_KEYS (stride 64, 26.5 KiB)
# instead of indexing BYTE_PAIR_KEYS (stride 256, 102 KiB) directly: the smaller table stays
# in the 32 KiB level-1 cache, the larger one lived in level 2. On the same Zen 3, 2026-12-03,
# old and new code alternating in separate processes, three rounds each: checked one thread
# 0.78-0.83x -> 0.87-0.90x the floor, unchecked 0.84-0.88x -> 0.93-0.95x; computing the same
# index with shifts and masks (four instructions a pair) gained nothing (0.99x).
#
# The checked kernels take the rows in blocks of 64, each checked one of two ways. A block of
# byte input (uint8, and int8 viewed as uint8) with OVERRUN rows after it gets the vector check
# of the whole block (cartes.evaluation._rowcheck) and, when clean, the unchecked evaluation;
# where eight rows are ranked at once, each eight are checked on the load that ranks them
# (_eightrows.eight_ranks_checked) and a bad row stops the block. Any other block (other
# dtypes, the last rows, a block holding a bad row) goes row by row with the check fused into
# the evaluation. ``hands`` is unsigned (signed input is viewed as
# unsigned, so a negative index is a huge one); the count of bad rows is returned, and the
# caller finds the first one only when there is one.
def _evaluate_sevens_checked(hands: NDArray[Any], ranking: int, out: NDArray[np.uint16]) -> int:
    n = hands.shape[0]
    bad = 0
    rows = np.uint64(n)
    vector_blocks = np.uint64(0)
    if blockwise(hands) and n >= _BLOCK + _OVERRUN:  # type: ignore[call-arg]
        vector_blocks = np.uint64((n - _OVERRUN) // _BLOCK)
    blocks = (rows + _BLOCK_ROWS - np.uint64(1)) // _BLOCK_ROWS
    for block in range(blocks):
        first = block * _BLOCK_ROWS
        if not (block < vector_blocks and _rank_block(hands, first, ranking, out, True, True)):
            for i in range(first, min(first + _BLOCK_ROWS, rows)):
                strength = _checked_seven(
                    hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3],
                    hands[i, 4], hands[i, 5], hands[i, 6], ranking,
                )  # fmt: skip
                if strength < 0:
                    bad += 1
                else:
                    out[i] = strength
    return bad


def _evaluate_short_checked(hands: NDArray[Any], ranking: int, out: NDArray[np.uint16]) -> int:
    n, k = hands.shape
    bad = 0
    rows = np.uint64(n)
    vector_blocks = np.uint64(0)
    if blockwise(hands) and n >= _BLOCK + _OVERRUN:  # type: ignore[call-arg]
        vector_blocks = np.uint64((n - _OVERRUN) // _BLOCK)
    blocks = (rows + _BLOCK_ROWS - np.uint64(1)) // _BLOCK_ROWS
    for block in range(blocks):
        first = block * _BLOCK_ROWS
        if block < vector_blocks and not block_bad(hands, first, k):
            for i in range(first, first + _BLOCK_ROWS):
                key = _START
                bits = np.uint64(0)
                for j in range(k):
                    key += CARD_KEYS[hands[i, j]]
                    bits |= CARD_BITS[hands[i, j]]
                out[i] = _strength(key, bits, ranking)
        else:
            for i in range(first, min(first + _BLOCK_ROWS, rows)):
                seen = np.uint64(0)
                for j in range(k):
                    seen += CHECK_BITS[min(hands[i, j], _CLAMP)]
                if _popcount(seen) == k:
                    key = _START
                    for j in range(k):
                        key += CARD_KEYS[hands[i, j]]
                    out[i] = _strength(key, seen, ranking)
                else:
                    bad += 1
    return bad


def _compiled(
    func: Any, name: str, doc: str, namespace: dict[str, Any] | None = None, **options: Any
) -> Any:
    """Compile ``func`` under its own name (and so its own on-disk cache), optionally with its
    globals read from ``namespace`` (:class:`TableKernels`)."""
    globals_ = func.__globals__ if namespace is None else namespace
    twin = types.FunctionType(func.__code__, globals_, name, func.__defaults__)
    twin.__qualname__ = name
    twin.__doc__ = doc
    twin.__annotations__ = func.__annotations__
    return nb.njit(**options)(twin)


#: Below this many rows a span is not worth a thread of its own: starting and joining a thread
#: costs about what evaluating 20,000 rows does, so a batch gets a second thread from 2**16
#: rows a span.
_SPAN_ROWS: Final = 1 << 16

_BATCH_KERNELS: Final = {
    "sevens": (_evaluate_sevens, "The strength of each row of seven cards into ``out``."),
    "short": (_evaluate_short, "The strength of each row of five or six cards into ``out``."),
    "sevens_checked": (
        _evaluate_sevens_checked,
        "The strengths of rows of seven unsigned cards, checked: the number of bad rows.",
    ),
    "short_checked": (
        _evaluate_short_checked,
        "The strengths of rows of five or six unsigned cards, checked: the number of bad rows.",
    ),
}


class RowKernels:
    """The batch kernels of one set of tables: serial, checked or not, and on threads.

    Each of the four compiled kernels (seven cards or fewer, checked or not) compiles on its
    first call, for the dtype it meets; the threaded calls run the same serial kernels on
    spans of rows, so they compile nothing of their own.

    >>> out = np.empty(2, np.uint16)
    >>> hands = np.array([[51, 47, 43, 39, 35, 0, 1], [0, 4, 9, 13, 30, 2, 7]], np.uint8)
    >>> BATCH.evaluate_rows_checked(hands, 0, out), int(out[0]) >> 12
    (0, 8)
    """

    def __init__(self, namespace: dict[str, Any] | None = None, cache: bool = True) -> None:
        options = {**_OPTIONS, "cache": cache}
        compiled = {
            name: _compiled(func, f"evaluate_{name}", doc, namespace, **options)
            for name, (func, doc) in _BATCH_KERNELS.items()
        }
        self._sevens, self._short = compiled["sevens"], compiled["short"]
        self._sevens_checked = compiled["sevens_checked"]
        self._short_checked = compiled["short_checked"]

    def evaluate_rows(self, hands: NDArray[Any], ranking: int, out: NDArray[np.uint16]) -> None:
        """The strength of each row of ``hands`` (``(n, k)``, k = 5..7, valid cards) into
        ``out``."""
        (self._sevens if hands.shape[1] == 7 else self._short)(hands, ranking, out)

    def evaluate_rows_checked(
        self, hands: NDArray[Any], ranking: int, out: NDArray[np.uint16]
    ) -> int:
        """:meth:`evaluate_rows` with the input check (64 byte rows at a time by vector code,
        other rows fused into the evaluation), for unsigned ``hands``: returns the number of
        bad rows, which it leaves unwritten (0: every strength was written)."""
        kernel = self._sevens_checked if hands.shape[1] == 7 else self._short_checked
        return int(kernel(hands, ranking, out))

    def evaluate_rows_parallel(
        self,
        hands: NDArray[Any],
        ranking: int,
        out: NDArray[np.uint16],
        workers: int | None = None,
    ) -> None:
        """:meth:`evaluate_rows` with the rows split across ``workers`` threads (None: as
        many as numba would use)."""
        self._spans(self.evaluate_rows, hands, ranking, out, workers)

    def evaluate_rows_checked_parallel(
        self,
        hands: NDArray[Any],
        ranking: int,
        out: NDArray[np.uint16],
        workers: int | None = None,
    ) -> int:
        """:meth:`evaluate_rows_checked` with the rows split across ``workers`` threads."""
        return sum(self._spans(self.evaluate_rows_checked, hands, ranking, out, workers))

    @staticmethod
    def _spans(
        kernel: Any, hands: NDArray[Any], ranking: int, out: NDArray[np.uint16], workers: int | None
    ) -> list[Any]:
        # One span per thread, a whole number of blocks each: rows cost the same, and fewer
        # spans mean fewer calls and fewer partial blocks checked row by row.
        count = _pool.default_workers() if workers is None else workers
        n = hands.shape[0]
        count = max(1, min(count, n // _SPAN_ROWS))
        span = -(-n // (count * BLOCK)) * BLOCK
        tasks = [
            functools.partial(kernel, hands[i : i + span], ranking, out[i : i + span])
            for i in range(0, n, span)
        ]
        return _pool.split(tasks, count)


#: The batch kernels of the built-in rankings.
BATCH: Final = RowKernels()
evaluate_rows = BATCH.evaluate_rows
evaluate_rows_checked = BATCH.evaluate_rows_checked
evaluate_rows_parallel = BATCH.evaluate_rows_parallel
evaluate_rows_checked_parallel = BATCH.evaluate_rows_checked_parallel


# The two histograms of a pass are two halves of one array (one pointer: the loop has no
# register to spare for a second, 5%), 80 bins (320 bytes) further apart than their length:
# with the same offset within a 4 KiB page, reading a bin of one right after writing the same
# bin of the other waited on the write (3%).
_BINS: Final = 1 << 16
_STRIDE: Final = _BINS + 80


@nb.njit(**_OPTIONS)
def _count_sevens_from(a: np.uint64, b: np.uint64, ranking: int, hist: NDArray[np.uint32]) -> None:
    """Count the strengths of every seven-card hand whose two lowest cards are ``a < b``.

    Three choices, each measured here: the last two cards come from one run over the table of
    card pairs (a loop over the sixth card and a short loop over the seventh mispredicted
    every exit: 14%); the loop counters are unsigned (with signed ones numba checks every
    table read for a negative index: 15%); and the loop alternates two histograms, because
    neighbouring pairs often give the same strength and increments of one counter wait on
    each other (6%).
    """
    one = np.uint64(1)
    two = np.uint64(2)
    second = np.uint64(_STRIDE)
    key2 = _START + CARD_KEYS[a] + CARD_KEYS[b]
    bits2 = CARD_BITS[a] | CARD_BITS[b]
    for c in range(b + one, np.uint64(48)):
        key3 = key2 + CARD_KEYS[c]
        bits3 = bits2 | CARD_BITS[c]
        for d in range(c + one, np.uint64(49)):
            key4 = key3 + CARD_KEYS[d]
            bits4 = bits3 | CARD_BITS[d]
            for e in range(d + one, np.uint64(50)):
                key5 = key4 + CARD_KEYS[e]
                bits5 = bits4 | CARD_BITS[e]
                pair = FIRST_PAIR_ABOVE[e]
                while pair + one < PAIR_COUNT:
                    # Two hands at a time, both table reads first: they overlap in flight.
                    key = key5 + PAIR_KEYS[pair]
                    next_key = key5 + PAIR_KEYS[pair + one]
                    strength = _rank_strength(key, ranking)
                    next_strength = _rank_strength(next_key, ranking)
                    flags = (key >> _FLAG_SHIFT) & _SUIT_FLAGS
                    if flags:
                        flush = _flush_strength(flags, bits5 | PAIR_BITS[pair], ranking)
                        strength = max(strength, flush)
                    flags = (next_key >> _FLAG_SHIFT) & _SUIT_FLAGS
                    if flags:
                        flush = _flush_strength(flags, bits5 | PAIR_BITS[pair + one], ranking)
                        next_strength = max(next_strength, flush)
                    hist[np.uint64(strength)] += 1
                    hist[second + np.uint64(next_strength)] += 1
                    pair += two
                if pair < PAIR_COUNT:
                    strength = _strength(key5 + PAIR_KEYS[pair], bits5 | PAIR_BITS[pair], ranking)
                    hist[np.uint64(strength)] += 1


@nb.njit(**_OPTIONS)
def _count_sevens_share(ranking: int, first: int, step: int) -> NDArray[np.int64]:
    """The histogram of the hands whose two lowest cards are the pairs ``first``,
    ``first + step``, ... of the pairs a < b < 47 in order (one thread's share)."""
    hist = np.zeros(2 * _STRIDE, dtype=np.uint32)
    q = 0
    for a in range(np.uint64(46)):
        for b in range(a + np.uint64(1), np.uint64(47)):
            if q % step == first:
                _count_sevens_from(a, b, ranking, hist)
            q += 1
    return hist[:_BINS].astype(np.int64) + hist[_STRIDE : _STRIDE + _BINS].astype(np.int64)


def count_sevens(ranking: int, threads: int) -> NDArray[np.int64]:
    """How many of the 133,784,560 seven-card hands have each strength (65,536 bins).

    With several threads the work is split by the two lowest cards, dealt round-robin, because
    the branches are of very different sizes; each thread runs the one serial kernel on its
    share (:func:`cartes.evaluation._pool.split`), so a sweep compiles one kernel whatever the
    thread count (a parallel twin also ran 7% slower on one thread).

    >>> int(count_sevens(0, 2).sum())
    133784560
    """
    return _count_sevens_with(_count_sevens_share, ranking, threads)


def _count_sevens_with(share: Any, ranking: int, threads: int) -> Any:
    count = max(1, threads)
    tasks = [functools.partial(share, ranking, t, count) for t in range(count)]
    return np.sum(_pool.split(tasks, count), axis=0)


@nb.njit(**_OPTIONS)
def count_hands(k: int, ranking: int) -> NDArray[np.int64]:
    """How many k-card hands (k = 5, 6 or 7) have each strength, by a generic enumeration.

    Slower per hand than :func:`count_sevens`; used for five and six cards.

    >>> int(count_hands(5, 0)[8 << 12 : 9 << 12].sum())  # straight flushes (position 8)
    40
    """
    hist = np.zeros(1 << 16, dtype=np.int64)
    idx = np.arange(k)
    keys = np.empty(k + 1, dtype=np.uint64)
    bits = np.empty(k + 1, dtype=np.uint64)
    keys[0] = _START
    bits[0] = 0
    start = 0  # the first position whose partial sums must be recomputed
    while True:
        for j in range(start, k):
            keys[j + 1] = keys[j] + CARD_KEYS[idx[j]]
            bits[j + 1] = bits[j] | CARD_BITS[idx[j]]
        hist[_strength(keys[k], bits[k], ranking)] += 1
        j = k - 1
        while j >= 0 and idx[j] == 52 - k + j:
            j -= 1
        if j < 0:
            return hist
        idx[j] += 1
        for m in range(j + 1, k):
            idx[m] = idx[m - 1] + 1
        start = j


# The compiled functions that read the ranking tables, callees before callers.
_TABLE_READERS: Final = (
    "_rank_strength",
    "_flush_strength",
    "_row_flush",
    "_rank_block",
    "_strength",
    "_seven",
    "_checked_seven",
    "_count_sevens_from",
    "_count_sevens_share",
    "count_hands",
)


class TableKernels:
    """The batch and enumeration kernels compiled against one more ranking's tables.

    The same function bodies as the built-in kernels, with their globals ``RANK_VALUES`` and
    ``FLUSH_VALUES`` bound to other tables (as row 0): a ranking that is not built in needs
    tables, not code. Each kernel compiles on first call (a few seconds) and lives as long as
    this object; numba's disk cache, which is per function, cannot hold one per ranking.

    >>> from cartes.evaluation import STANDARD, tables
    >>> t = tables.tables_for(STANDARD)
    >>> kernels = TableKernels(t.rank_values, t.flush_values)
    >>> out = np.empty(1, np.uint16)
    >>> kernels.evaluate_rows(np.array([[51, 47, 43, 39, 35]], np.uint8), 0, out)
    >>> int(out[0]) >> 12
    8
    """

    def __init__(self, rank_values: NDArray[np.uint16], flush_values: NDArray[np.uint16]) -> None:
        if rank_values.shape != RANK_VALUES.shape[1:] or flush_values.shape != (1 << 13,):
            raise OptionError(
                f"the tables must have the built-in tables' shapes, {RANK_VALUES.shape[1:]} and "
                f"{(1 << 13,)}, got {rank_values.shape} and {flush_values.shape}"
            )
        namespace = dict(globals())
        namespace["RANK_VALUES"] = np.ascontiguousarray(rank_values, np.uint16)[np.newaxis]
        namespace["FLUSH_VALUES"] = np.ascontiguousarray(flush_values, np.uint16)[np.newaxis]
        for name in _TABLE_READERS:
            dispatcher = globals()[name]
            options = {
                key: value
                for key, value in dispatcher.targetoptions.items()
                if key in ("inline", "parallel", "nogil", "error_model")
            }
            namespace[name] = _compiled(
                dispatcher.py_func, name, dispatcher.__doc__, namespace, cache=False, **options
            )
        self._namespace = namespace
        batch = RowKernels(namespace, cache=False)
        self.evaluate_rows = batch.evaluate_rows
        self.evaluate_rows_checked = batch.evaluate_rows_checked
        self.evaluate_rows_parallel = batch.evaluate_rows_parallel
        self.evaluate_rows_checked_parallel = batch.evaluate_rows_checked_parallel

    def count_sevens(self, ranking: int, threads: int) -> NDArray[np.int64]:
        """:func:`count_sevens` on these tables (``ranking`` must be 0)."""
        share = self._namespace["_count_sevens_share"]
        result: NDArray[np.int64] = _count_sevens_with(share, ranking, threads)
        return result

    def count_hands(self, k: int, ranking: int) -> NDArray[np.int64]:
        """:func:`count_hands` on these tables (``ranking`` must be 0)."""
        result: NDArray[np.int64] = self._namespace["count_hands"](k, ranking)
        return result
