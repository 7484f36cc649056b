"""Lookup tables compiled from a :class:`~cartes.evaluation.Ranking`.

How a hand of 5 to 7 cards becomes a strength (the approach OMPEval published, with our own
constants):

* Each rank has a key (:data:`RANK_KEYS`) chosen so that the sum of the keys of any multiset of
  at most seven ranks, each at most four times, is unique. The keys were found by a greedy
  search (smallest key that keeps every sum unique), so the sums stay below 2**25.
* Those sums are hashed perfectly into a table of about 87,000 entries. The hash is the sum
  times :data:`HASH_MULTIPLIER`, modulo 2**32; the row is its top :data:`ROW_BITS` bits, the
  column its low :data:`COL_BITS` bits, and each row has a displacement
  (:func:`build_row_bases`) so that no two rank multisets share a slot. The table holds the
  strength of the best five cards of that multiset ignoring suits. Multiplication distributes
  over the sum, so each card's key (:data:`CARD_KEYS`) carries its rank key already multiplied:
  adding a hand's card keys gives the hash with no multiplication per hand.
* Suit counters ride in the high bits of the same 64-bit sum, above the carries of the 32-bit
  hash; when one reaches five, the ranks of that suit (a 13-bit mask, :data:`CARD_BITS`) index
  a second table that holds the best flush or straight flush.

A strength is ``position << 12 | place``: ``position`` is the category's place in the ranking
(0 = high card) and ``place`` the hand's place within its category. So strengths of one ranking
order like the hands, and ``strength >> 12`` gives the category.

The tables of the built-in rankings ship with the package (``tables.npz``); tables of any other
ranking are built on first use, in about a second, and kept in memory.

>>> tables = tables_for(STANDARD)
>>> tables.rank_values.nbytes + tables.flush_values.nbytes + row_bases().nbytes < 300 * 1024
True
"""

from __future__ import annotations

import functools
import hashlib
import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from cartes.errors import OptionError
from cartes.evaluation.rankings import CALATONE, STANDARD, Category, Ranking

__all__ = [
    "BUILT_IN",
    "CARD_BITS",
    "CARD_KEYS",
    "COL_BITS",
    "FLAG_SHIFT",
    "HASH_MULTIPLIER",
    "KEY_START",
    "RANK_KEYS",
    "ROW_BITS",
    "SHIFT",
    "SUIT_SHIFT",
    "RankingTables",
    "build_row_bases",
    "build_tables",
    "built_in_tables",
    "layout_digest",
    "row_bases",
    "tables_for",
]

#: Per-rank keys (two .. ace): every multiset of <= 7 ranks, each <= 4 times, has its own sum.
RANK_KEYS: Final = (
    1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359, 3453520,
)  # fmt: skip
HASH_MULTIPLIER: Final = 0x9E3779B1
ROW_BITS: Final = 13
COL_BITS: Final = 13
#: A strength is ``position << SHIFT | place``.
SHIFT: Final = 12
#: The version of the table layout; part of every cache key.
LAYOUT_VERSION: Final = 2

#: Bit of the 64-bit hand key where the suit counters start, 4 bits each. Bits 32-34 take the
#: carries of the 32-bit hash sums (at most six for seven cards).
SUIT_SHIFT: Final = 35
#: The key of an empty hand: every suit counter starts at 3, so a counter's top bit (at
#: ``FLAG_SHIFT + 4 * suit``) is set exactly when its suit holds five cards or more.
KEY_START: Final = 0x3333 << SUIT_SHIFT
FLAG_SHIFT: Final = SUIT_SHIFT + 3
#: Per card index (``rank * 4 + suit``): the rank key times the multiplier (mod 2**32), plus
#: one in the suit's counter.
CARD_KEYS: Final = tuple(
    (RANK_KEYS[i >> 2] * HASH_MULTIPLIER & 0xFFFFFFFF) | 1 << (SUIT_SHIFT + 4 * (i & 3))
    for i in range(52)
)
#: Per card index: one bit in a 64-bit mask, 16 bits per suit, bit ``rank`` within the suit.
CARD_BITS: Final = tuple(1 << (16 * (i & 3) + (i >> 2)) for i in range(52))

_DATA_FILE: Final = Path(__file__).with_name("tables.npz")

#: The rankings whose tables ship with cartes and are compiled into the kernels, by row.
BUILT_IN: Final = (STANDARD, CALATONE)


def rank_count_vectors(sizes: tuple[int, ...] = (5, 6, 7)) -> Iterator[tuple[int, ...]]:
    """Every multiset of ranks of the given sizes (each rank at most 4 times), as counts.

    >>> sum(1 for _ in rank_count_vectors((5,)))
    6175
    """
    for size in sizes:
        yield from _count_vectors(13, size)


def _count_vectors(ranks: int, size: int) -> Iterator[tuple[int, ...]]:
    if ranks == 1:
        if size <= 4:
            yield (size,)
        return
    for count in range(min(4, size), -1, -1):
        for rest in _count_vectors(ranks - 1, size - count):
            yield (count, *rest)


def key_sum(counts: tuple[int, ...]) -> int:
    """The sum of rank keys of a multiset given as 13 counts.

    >>> key_sum((2,) + (0,) * 12)
    2
    """
    return sum(c * k for c, k in zip(counts, RANK_KEYS, strict=True))


def hash_row_col(keys: NDArray[np.int64]) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """The row and column of each rank key sum in the perfect hash."""
    hashed = (keys * HASH_MULTIPLIER) & 0xFFFFFFFF
    return hashed >> (32 - ROW_BITS), hashed & ((1 << COL_BITS) - 1)


def slots_of(rows: NDArray[np.int64], cols: NDArray[np.int64], bases: NDArray[np.uint16]) -> Any:
    """The table slot of each (row, column): twice the row's stored base, plus the column."""
    return (bases[rows].astype(np.int64) << 1) + cols


def build_row_bases() -> NDArray[np.uint16]:
    """Find a displacement for every row so that all 5-7 card rank multisets get their own slot.

    Rows are placed biggest first, each at the lowest even displacement where all of its
    columns land on free slots (first fit). Displacements are even so that half of each fits
    in 16 bits: the hot loops read this table for every hand, and at 16 KiB it leaves room in
    the first-level cache (8% faster enumeration than 32-bit displacements, for 1.5% more
    slots). Deterministic; takes about a second.

    >>> bool((build_row_bases() == row_bases()).all())  # the shipped ones are a fresh build
    True
    """
    import numba

    first_fit: Any = numba.njit(_first_fit_displacements)
    keys = np.array([key_sum(cv) for cv in rank_count_vectors()], dtype=np.int64)
    rows, cols = hash_row_col(keys)
    if len(np.unique(rows << COL_BITS | cols)) != len(keys):
        raise AssertionError("two rank multisets share a row and a column: change the hash")
    order = np.lexsort((cols, rows))
    bases: NDArray[np.int64] = first_fit(rows[order], cols[order], 1 << ROW_BITS)
    if bases.max() >> 1 > np.iinfo(np.uint16).max:
        raise AssertionError("a row displacement does not fit in 16 bits: change the hash")
    return (bases >> 1).astype(np.uint16)


def _first_fit_displacements(
    rows: NDArray[np.int64], cols: NDArray[np.int64], row_count: int
) -> NDArray[np.int64]:
    """An even displacement per row so that ``base[row] + col`` never collides (rows sorted)."""
    counts = np.zeros(row_count, dtype=np.int64)
    for r in rows:
        counts[r] += 1
    starts = np.zeros(row_count + 1, dtype=np.int64)
    for r in range(row_count):
        starts[r + 1] = starts[r] + counts[r]
    order = np.argsort(-counts, kind="mergesort")
    used = np.zeros(len(rows) * 4 + (1 << 16), dtype=np.uint8)
    bases = np.zeros(row_count, dtype=np.int64)
    for r in order:
        if counts[r] == 0:
            continue
        row_cols = cols[starts[r] : starts[r + 1]]
        base = 0
        while True:
            free = True
            for c in row_cols:
                if used[base + c]:
                    free = False
                    break
            if free:
                break
            base += 2
        bases[r] = base
        for c in row_cols:
            used[base + c] = 1
    return bases


@dataclass(frozen=True, eq=False, repr=False)
class RankingTables:
    """The compiled tables of one ranking.

    ``rank_values[slot]`` is the best strength of a rank multiset ignoring suits;
    ``flush_values[mask]`` the best flush strength of a 13-bit mask of ranks of one suit (0
    when fewer than five bits are set); ``position_category[p]`` the :class:`Category` at
    position ``p``.

    >>> tables = tables_for(CALATONE)
    >>> int(tables.flush_values[0b1111100000000]) >> SHIFT  # A K Q J T suited: position 9
    9
    >>> tables.category_of(9 << SHIFT)
    Category.STRAIGHT_FLUSH
    """

    ranking: Ranking
    rank_values: NDArray[np.uint16]
    flush_values: NDArray[np.uint16]
    position_category: NDArray[np.uint8]

    def __repr__(self) -> str:
        """Not a constructor call (the arrays do not print in full).

        >>> tables_for(CALATONE)
        <RankingTables of the calatone ranking: 86652 rank slots, 8192 flush masks>
        """
        return (
            f"<RankingTables of the {self.ranking.name} ranking: {len(self.rank_values)} rank "
            f"slots, {len(self.flush_values)} flush masks>"
        )

    def category_of(self, strength: int) -> Category:
        """The category of a strength.

        >>> tables_for(STANDARD).category_of(8 << SHIFT)
        Category.STRAIGHT_FLUSH
        """
        return Category(int(self.position_category[strength >> SHIFT]))


def build_tables(ranking: Ranking, bases: NDArray[np.uint16] | None = None) -> RankingTables:
    """Compile a ranking's lookup tables from its definition (:meth:`Ranking.classify`).

    >>> fresh = build_tables(STANDARD)
    >>> bool((fresh.rank_values == tables_for(STANDARD).rank_values).all())
    True
    """
    if bases is None:
        bases = row_bases()
    if bases.dtype != np.uint16:
        raise OptionError(
            f"bases must be the halved uint16 displacements of row_bases(), got {bases.dtype}"
        )
    # 1. Every five-card hand shape: rank multisets (no flush) and 5-rank masks (flush).
    five_shapes: list[tuple[tuple[int, ...], bool]] = []
    for counts in rank_count_vectors((5,)):
        five_shapes.append((tuple(r for r, c in enumerate(counts) for _ in range(c)), False))
    for combo in itertools.combinations(range(13), 5):
        five_shapes.append((combo, True))
    classified = [ranking.classify(ranks, flush) for ranks, flush in five_shapes]
    # 2. Number each category's tie-breaks in order: strength = position << SHIFT | place.
    by_category: dict[Category, set[tuple[int, ...]]] = {}
    for category, tie_break in classified:
        by_category.setdefault(category, set()).add(tie_break)
    place: dict[tuple[Category, tuple[int, ...]], int] = {}
    for category, tie_breaks in by_category.items():
        if len(tie_breaks) > 1 << SHIFT:
            raise AssertionError(f"{category} has too many tie-breaks for the strength layout")
        for i, tie_break in enumerate(sorted(tie_breaks)):
            place[category, tie_break] = ranking.position(category) << SHIFT | i
    five_strength = {
        shape: place[result] for shape, result in zip(five_shapes, classified, strict=True)
    }
    # 3. Six and seven cards: the best of the hands with one card fewer.
    multiset_strength: dict[tuple[int, ...], int] = {}
    for counts in rank_count_vectors((5,)):
        ranks = tuple(r for r, c in enumerate(counts) for _ in range(c))
        multiset_strength[counts] = five_strength[ranks, False]
    for counts in rank_count_vectors((6, 7)):
        multiset_strength[counts] = max(
            multiset_strength[(*counts[:r], c - 1, *counts[r + 1 :])]
            for r, c in enumerate(counts)
            if c
        )
    keys = np.array([key_sum(cv) for cv in multiset_strength], dtype=np.int64)
    rows, cols = hash_row_col(keys)
    slots = slots_of(rows, cols, bases)
    rank_values = np.zeros(int(slots.max()) + 1, dtype=np.uint16)
    rank_values[slots] = list(multiset_strength.values())
    flush_values = np.zeros(1 << 13, dtype=np.uint16)
    for mask in sorted(range(1 << 13), key=int.bit_count):
        bits = mask.bit_count()
        if bits == 5:
            ranks = tuple(r for r in range(13) if mask >> r & 1)
            flush_values[mask] = five_strength[ranks, True]
        elif bits > 5:
            flush_values[mask] = max(
                flush_values[mask & ~(1 << r)] for r in range(13) if mask >> r & 1
            )
    return RankingTables(ranking, rank_values, flush_values, _positions(ranking))


def layout_digest() -> str:
    """A digest of the key layout's constants (rank keys, hash, shifts): part of every cache
    key, so tables built for another layout are never used.

    >>> len(layout_digest())
    16
    """
    text = (
        f"{LAYOUT_VERSION}:{RANK_KEYS}:{HASH_MULTIPLIER}:{ROW_BITS}:{COL_BITS}:{SHIFT}:"
        f"{SUIT_SHIFT}"
    )
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _digest(ranking: Ranking) -> str:
    text = f"{layout_digest()}:{ranking.key()}"
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _positions(ranking: Ranking) -> NDArray[np.uint8]:
    positions = np.zeros(len(ranking.categories), dtype=np.uint8)
    for category in ranking.categories:
        positions[ranking.position(category)] = category
    return positions


@functools.cache
def _shipped() -> dict[str, NDArray[Any]]:
    try:
        with np.load(_DATA_FILE) as data:
            return {name: data[name] for name in data.files}
    except OSError:
        return {}


@functools.cache
def built_in_tables() -> tuple[NDArray[np.uint16], NDArray[np.uint16], NDArray[np.uint16]]:
    """The row displacements and the stacked tables of the :data:`BUILT_IN` rankings.

    Read from the shipped file; built (a few seconds) only if it is missing or stale.

    >>> bases, rank_values, flush_values = built_in_tables()
    >>> rank_values.shape[0] == flush_values.shape[0] == len(BUILT_IN)
    True
    """
    shipped = _shipped()
    names = [f"{_digest(ranking)}_{part}" for ranking in BUILT_IN for part in ("rank", "flush")]
    if str(shipped.get("layout")) == layout_digest() and all(n in shipped for n in names):
        bases = shipped["row_bases"]
        rank_values = np.stack([shipped[f"{_digest(r)}_rank"] for r in BUILT_IN])
        flush_values = np.stack([shipped[f"{_digest(r)}_flush"] for r in BUILT_IN])
    else:  # pragma: no cover (the shipped file is tested to be current)
        bases = build_row_bases()
        built = [build_tables(ranking, bases) for ranking in BUILT_IN]
        rank_values = np.stack([t.rank_values for t in built])
        flush_values = np.stack([t.flush_values for t in built])
    for array in (bases, rank_values, flush_values):
        array.setflags(write=False)
    return bases, rank_values, flush_values


def row_bases() -> NDArray[np.uint16]:
    """The perfect hash's row displacements, halved (a row's slots start at twice its entry).

    >>> row_bases().dtype, len(row_bases()) == 1 << ROW_BITS
    (dtype('uint16'), True)
    """
    return built_in_tables()[0]


@functools.cache
def tables_for(ranking: Ranking) -> RankingTables:
    """The tables of a ranking: shipped for the built-in ones, else built once and kept.

    >>> tables_for(CALATONE).ranking is CALATONE
    True
    """
    if ranking in BUILT_IN:
        _, rank_values, flush_values = built_in_tables()
        row = BUILT_IN.index(ranking)
        return RankingTables(ranking, rank_values[row], flush_values[row], _positions(ranking))
    return build_tables(ranking)


def write_shipped_tables(path: Path = _DATA_FILE) -> None:
    """Build the built-in rankings' tables and write them to the package's data file.

    Run ``python -m cartes.evaluation.tables`` after changing a ranking or the layout; the test
    suite checks that the shipped file equals a fresh build.
    """
    bases = build_row_bases()
    arrays: dict[str, NDArray[Any]] = {
        "row_bases": bases,
        "layout": np.array(layout_digest()),
    }
    for ranking in BUILT_IN:
        tables = build_tables(ranking, bases)
        arrays[f"{_digest(ranking)}_rank"] = tables.rank_values
        arrays[f"{_digest(ranking)}_flush"] = tables.flush_values
    np.savez_compressed(path, **arrays)  # type: ignore[arg-type]


if __name__ == "__main__":
    write_shipped_tables()
    print(f"wrote {_DATA_FILE}")
