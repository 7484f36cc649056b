"""Evaluate hands: one at a time, in numpy batches, and every hand there is.

>>> import cartes
>>> cartes.evaluate("As Ks Qs Js Ts 2c 3d").describe()
'Royal flush'
>>> import numpy as np
>>> strengths = cartes.evaluate_many(np.array([[51, 47, 43, 39, 35], [0, 4, 9, 13, 30]]))
>>> cartes.categories(strengths, "standard")
array([9, 0], dtype=uint8)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from types import ModuleType
from typing import Any, Final

import numpy as np
from numpy.typing import ArrayLike, NDArray

from cartes.errors import (
    CardTypeError,
    CartesError,
    HandSizeError,
    OptionError,
    StrengthError,
)
from cartes.evaluation import _pool, _vectorised
from cartes.evaluation.handrank import HandRank, _blank, strength_of
from cartes.evaluation.rankings import (
    CALATONE,
    STANDARD,
    Category,
    Ranking,
    RankingLike,
    get_ranking,
)
from cartes.evaluation.tables import BUILT_IN, SHIFT, tables_for
from cartes.french import _BY_TEXT, Card, CardLike, Hand, to_array

__all__ = [
    "best_five",
    "categories",
    "category_counts",
    "compare",
    "evaluate",
    "evaluate_many",
    "winners",
]

HandLike = str | Iterable[CardLike]

#: Below this many rows a batch runs on one thread: starting the thread pool costs more.
PARALLEL_THRESHOLD: Final = 10_000


#: A ranking that is not built in is evaluated in Python until a batch of this many rows makes
#: compiling its kernels (about half a second) worth it; then always compiled.
COMPILE_THRESHOLD: Final = 200_000

_table_kernels: dict[Ranking, Any] = {}


def _kernels_and_row(rules: Ranking) -> tuple[Any, int]:
    """The compiled kernels that hold a ranking's tables, and its row in them. A ranking that
    is not built in gets its own (row 0), made once."""
    if rules in BUILT_IN:
        return _kernels(), BUILT_IN.index(rules)
    if rules not in _table_kernels:
        tables = tables_for(rules)
        _table_kernels[rules] = _kernels().TableKernels(tables.rank_values, tables.flush_values)
    return _table_kernels[rules], 0


@functools.cache
def _kernels() -> ModuleType:
    """The compiled kernels, imported on first use so that ``import cartes`` stays fast."""
    from cartes.evaluation import kernels

    return kernels


def as_hand(cards: HandLike, sizes: Sequence[int] = (5, 6, 7)) -> Hand:
    """``cards`` as a :class:`~cartes.Hand` of one of the allowed sizes, or HandSizeError.

    Shared by the evaluator and the exposed-cards ranking (which allows 1 to 6 cards).

    >>> as_hand("As Kd Qh Jc Ts")
    Hand('As Kd Qh Jc Ts')
    """
    hand = cards if isinstance(cards, Hand) else Hand(cards)
    if len(hand) not in sizes:
        allowed = ", ".join(map(str, sizes[:-1])) + f" or {sizes[-1]}"
        raise HandSizeError(f"a hand to evaluate must have {allowed} cards, got {len(hand)}")
    return hand


#: How many one-hand calls run in Python before the compiled entry points are loaded: loading
#: them imports numba (about half a second), which a script valuing a few hands should not pay.
WARM_UP_CALLS: Final = 64

_slow_calls = 0

#: Every plain spelling of every card, to its index: a hand's text is read with one lookup a
#: card (anything else, such as commas or odd spacing, goes through the full parser).
_TEXT_INDEX: Final = {text: card.index for text, card in _BY_TEXT.items()}


class _Fast:
    """The compiled seven-card entry points, once loaded (None before)."""

    standard: Callable[..., int] | None = None
    calatone: Callable[..., int] | None = None


# The same two as module globals, for evaluate(): CPython 3.11 does not specialize reading a
# class attribute (about 15 ns a call), and does a module global.
_standard7: Callable[..., int] | None = None
_calatone7: Callable[..., int] | None = None


def _entry_point(rules: Ranking) -> Callable[..., int] | None:
    """The compiled seven-card entry point of a built-in ranking, or None: for another ranking,
    and for the first :data:`WARM_UP_CALLS` calls of a process."""
    global _slow_calls, _standard7, _calatone7
    if rules not in BUILT_IN:
        return None
    if _Fast.standard is None:
        _slow_calls += 1
        if _slow_calls <= WARM_UP_CALLS:
            return None
        kernels = _kernels()
        _Fast.calatone = _calatone7 = kernels.exact_entry(kernels.calatone7)
        _Fast.standard = _standard7 = kernels.exact_entry(kernels.standard7)
    return _Fast.standard if rules == STANDARD else _Fast.calatone


def _quick7(cards: Any, rules: Ranking) -> HandRank | None:
    """The value of seven cards given as a list of ints, seven Cards, a Hand, or text of
    seven plain cards, by the compiled entry point; None for anything else, or anything wrong
    (the full path then says what), or before the entry points are loaded. (A tuple of seven
    ints, the commonest, is handled in :func:`evaluate` itself.)"""
    fast = (
        _standard7 if rules is STANDARD
        else _calatone7 if rules is CALATONE
        else None
    ) or _entry_point(rules)  # fmt: skip
    if fast is None:
        return None
    kind = type(cards)
    try:
        if kind is Hand:
            if len(cards) != 7:
                return None
            a, b, c, d, e, f, g = cards
            a, b, c, d, e, f, g = (
                a._index, b._index, c._index, d._index, e._index, f._index, g._index
            )  # fmt: skip
        elif kind is tuple or kind is list:
            if len(cards) != 7:
                return None
            a, b, c, d, e, f, g = cards
            if (
                type(a) is Card and type(b) is Card and type(c) is Card and type(d) is Card
                and type(e) is Card and type(f) is Card and type(g) is Card
            ):  # fmt: skip
                a, b, c, d, e, f, g = (
                    a._index, b._index, c._index, d._index, e._index, f._index, g._index
                )  # fmt: skip
        elif kind is str:
            words = cards.split()
            if len(words) != 7 or "," in cards:
                return None
            index = _TEXT_INDEX
            a, b, c, d, e, f, g = (
                index[words[0]], index[words[1]], index[words[2]], index[words[3]],
                index[words[4]], index[words[5]], index[words[6]],
            )  # fmt: skip
        else:
            return None
        strength = fast(a, b, c, d, e, f, g)
    except (CartesError, KeyError, IndexError, TypeError, OverflowError):
        return None  # a bad card or a repeat: the full path raises the precise error
    return _made(strength, rules, a, b, c, d, e, f, g)


def _made(
    strength: int, rules: Ranking, a: int, b: int, c: int, d: int, e: int, f: int, g: int
) -> HandRank:
    """The HandRank of seven valid card indices (exact ints 0-51) of this strength."""
    # The stores of handrank._fill, written out as in evaluate().
    rank = _blank()
    rank._ranking = rules
    rank._high = strength >> 8
    rank._low = strength & 255
    rank._c0 = a
    rank._c1 = b
    rank._c2 = c
    rank._c3 = d
    rank._c4 = e
    rank._c5 = f
    rank._c6 = g
    return rank


def _quick_short(cards: Any, rules: Ranking) -> HandRank | None:
    """The value of five or six cards given as ints, Cards or a Hand, from the tables in plain
    Python (no compiled entry point for them; this skips building a checked Hand); None for
    anything else or anything wrong (the full path then says what)."""
    kind = type(cards)
    if kind is not tuple and kind is not list and kind is not Hand:
        return None
    count = len(cards)
    if count != 5 and count != 6:
        return None
    if all(type(card) is Card for card in cards):
        indices = [card._index for card in cards]
    elif all(type(card) is int and 0 <= card < 52 for card in cards):
        indices = list(cards)
    else:
        return None
    if len(set(indices)) != count:
        return None
    return HandRank._trusted(strength_of(indices, rules), rules, indices)


def evaluate(cards: HandLike, ranking: RankingLike = STANDARD) -> HandRank:
    """The value of a hand of 5, 6 or 7 cards: the best five are chosen.

    ``cards`` is text (``"As Kd Qh Jc Ts 2c 3d"``), or an iterable of cards or card indices.
    ``ranking`` is :data:`~cartes.STANDARD` (the default), :data:`~cartes.CALATONE`, or
    their names. Seven cards given as ints, cards, a Hand or plain text take a compiled path
    (once a process has valued a few dozen hands), fast enough to call in a loop; the
    :class:`~cartes.HandRank` finds its category, best five and description when asked.

    >>> import cartes
    >>> cartes.evaluate("As Ah Kd Qc Jh 5d 5c").describe()
    'Two pair, aces and fives'
    >>> cartes.evaluate("As Ah Kd Qc Jh 5d 5c", ranking="calatone").describe()
    'Five figures, ace, ace, king, queen, jack'
    >>> cartes.evaluate("As Kd")
    Traceback (most recent call last):
    ...
    cartes.errors.HandSizeError: a hand to evaluate must have 5, 6 or 7 cards, got 2
    """
    # The hot path, a tuple of seven ints, is written out here: every bytecode of it counts
    # against a call of eval7 (docs/performance.rst has the parts' costs).
    if ranking is STANDARD:
        fast = _standard7
    elif ranking is CALATONE:
        fast = _calatone7
    else:
        fast = None
    if fast is not None and type(cards) is tuple:
        try:
            # The entry point takes seven cards, each the interpreter's own int, the object a
            # HandRank may keep (handrank.py); it raises TypeError for anything else (a bool,
            # a float, a numpy integer, another count) and CartesError for a bad index.
            strength = fast(*cards)
        except (CartesError, TypeError):
            pass  # the full path says what was wrong, or takes what it can
        else:
            rank = _blank()
            rank._ranking = ranking  # type: ignore[assignment]  # STANDARD or CALATONE
            rank._high = strength >> 8
            rank._low = strength & 255
            rank._c0, rank._c1, rank._c2, rank._c3, rank._c4, rank._c5, rank._c6 = cards
            return rank
    rules = ranking if type(ranking) is Ranking else get_ranking(ranking)
    quick = _quick7(cards, rules) or _quick_short(cards, rules)
    if quick is not None:
        return quick
    hand = as_hand(cards)
    indices = [card.index for card in hand]
    return HandRank._trusted(strength_of(indices, rules), rules, indices)


def _strength(cards: HandLike, rules: Ranking) -> int:
    """The strength alone of a hand."""
    rank = _quick7(cards, rules)
    if rank is not None:
        return rank.strength
    return strength_of([card.index for card in as_hand(cards)], rules)


def best_five(cards: HandLike, ranking: RankingLike = STANDARD) -> Hand:
    """The five cards that make the best hand, in reading order.

    >>> import cartes
    >>> cartes.best_five("Ah Kd Qc 7s Js Kc 2d", ranking="calatone")
    Hand('Ah Kd Kc Qc Js')
    """
    return evaluate(cards, ranking).best_five


def compare(a: HandLike, b: HandLike, ranking: RankingLike = STANDARD) -> int:
    """1 if hand ``a`` beats ``b``, -1 if it loses, 0 on a tie (suits never break ties).

    >>> import cartes
    >>> cartes.compare("As Ks Qs Js 9d", "Ac Kc Qc Jc 9h")
    0
    >>> cartes.compare("2c 3c 4c 5c 6c", "Ah Ad Ac As Kd")
    1
    """
    rules = get_ranking(ranking)
    first, second = _strength(a, rules), _strength(b, rules)
    return (first > second) - (first < second)


def winners(hands: Iterable[HandLike], ranking: RankingLike = STANDARD) -> list[int]:
    """The positions of every hand tied for best.

    >>> import cartes
    >>> cartes.winners(["As Ad 2c 3d 4h", "Ac Ah 2s 3s 4d", "Kc Kd Ks 2h 7d"])
    [2]
    >>> cartes.winners(["As Ad 2c 3d 4h", "Ac Ah 2s 3s 4d"])
    [0, 1]
    """
    rules = get_ranking(ranking)
    if isinstance(hands, str | Hand) or not isinstance(hands, Iterable):
        raise CardTypeError(
            f"winners takes an iterable of hands (texts, or iterables of cards), got {hands!r}"
        )
    strengths = [_strength(hand, rules) for hand in hands]
    if not strengths:
        return []
    best = max(strengths)
    return [i for i, strength in enumerate(strengths) if strength == best]


def _rows(hands: NDArray[Any]) -> NDArray[Any]:
    """The hands as a C-contiguous 2-D integer array of native byte order, shape checked."""
    if hands.dtype == object or not np.issubdtype(hands.dtype, np.integer):
        raise CardTypeError(
            f"hands must be an integer array of card indices 0-51, got dtype {hands.dtype}"
        )
    if hands.ndim == 1 and len(hands) not in (5, 6, 7):
        raise HandSizeError(f"a hand must have 5, 6 or 7 cards, got {len(hands)}")
    array = hands[np.newaxis] if hands.ndim == 1 else hands
    if array.ndim != 2 or array.shape[1] not in (5, 6, 7):
        raise HandSizeError(
            f"hands must have shape (n, k) with k = 5, 6 or 7 cards, got shape {array.shape}"
        )
    if not array.dtype.isnative:  # numba compiles for native byte order only
        array = array.astype(array.dtype.newbyteorder("="))
    return np.ascontiguousarray(array)


def _raise_first_invalid(rows: NDArray[Any]) -> None:
    """Raise the error for the first bad row of ``rows``, if there is one (the compiled serial
    scan, run only when a checked kernel has counted a bad row)."""
    _vectorised.raise_first_invalid(rows, _kernels().first_invalid_row)


def _unsigned(rows: NDArray[Any], check: bool) -> NDArray[Any]:
    """The rows as unsigned integers for the kernels. Checked input is viewed (no copy): a
    negative index becomes a huge one, which the checked kernels refuse. Unchecked input is
    converted to uint8 as before."""
    if np.issubdtype(rows.dtype, np.unsignedinteger):
        return rows
    if check:
        return rows.view(np.dtype(f"u{rows.dtype.itemsize}"))
    return rows.astype(np.uint8)


def _as_index_array(hands: ArrayLike | Iterable[HandLike]) -> NDArray[Any]:
    """An array of card indices; hands given as text or cards are encoded first."""
    if isinstance(hands, np.ndarray) and hands.dtype.kind not in "OUS":
        return hands
    if isinstance(hands, str | Hand):
        single: NDArray[Any] = to_array([hands])[0]
        return single
    if isinstance(hands, np.ndarray):  # text or objects in an array: encode them as a list
        hands = hands.tolist()
    try:
        array = np.asarray(hands)
    except ValueError:  # ragged rows: let the encoder say which hand is the odd one
        return to_array(hands)  # type: ignore[arg-type]
    # Text or Card objects: encode hand by hand, which checks each card and names the bad one.
    return to_array(hands) if array.dtype.kind in "OUS" else array  # type: ignore[arg-type]


def _thread_count(threads: object) -> int:
    """An int ``threads`` >= 1, capped at numba's thread pool, or OptionError."""
    import numba

    return min(_threads_asked(threads), int(numba.config.NUMBA_NUM_THREADS))  # type: ignore[attr-defined]


def _threads_asked(threads: object) -> int:
    """An int ``threads`` >= 1, or OptionError (checked before anything loads numba: a first
    small batch runs in numpy whatever it asks)."""
    if isinstance(threads, bool) or not isinstance(threads, int | np.integer) or threads < 1:
        raise OptionError(f"threads must be None, True, False or an int >= 1, got {threads!r}")
    return int(threads)


def _is_dask_array(hands: object) -> bool:
    """A Dask array, known by its kind (so that evaluation never imports dask)."""
    return type(hands).__module__.split(".")[0] == "dask" and hasattr(hands, "map_blocks")


def _evaluate_block(block: NDArray[Any], rules: Ranking, check: bool) -> NDArray[np.uint16]:
    if block.shape[0] == 0:
        return np.empty(0, dtype=np.uint16)
    return evaluate_many(block, rules, check=check, threads=False)


def _evaluate_chunks(hands: Any, rules: Ranking, check: bool) -> NDArray[np.uint16]:
    """A Dask array of hands ``(n, k)`` as a lazy Dask array of strengths ``(n,)``: each chunk
    of whole rows evaluated like a numpy batch (typed as the numpy result it computes to)."""
    if hands.ndim != 2 or hands.shape[1] not in (5, 6, 7):
        raise HandSizeError(
            f"hands must have shape (n, k) with k = 5, 6 or 7 cards, got shape {hands.shape}"
        )
    whole_rows = hands.rechunk({1: -1})
    lazy: NDArray[np.uint16] = whole_rows.map_blocks(
        _evaluate_block, rules, check, drop_axis=1, dtype=np.uint16, meta=np.empty(0, np.uint16)
    )
    return lazy


def evaluate_many(
    hands: ArrayLike | Iterable[HandLike],
    ranking: RankingLike = STANDARD,
    *,
    check: bool = True,
    threads: bool | int | None = None,
) -> NDArray[np.uint16]:
    """The strength of every hand in an ``(n, k)`` integer array of card indices, k = 5, 6 or 7.

    Compiled, and parallel over rows for large batches (a thread per 65,536 rows). ``threads``:
    ``None`` chooses, ``False`` or ``1`` runs on one thread, ``True`` on all of numba's, and an
    int on that many (at most numba's). A 1-D array is one hand and gives a 0-d result; an
    empty list gives an empty array. Input is checked (shape, indices 0-51, no card twice in a
    row) unless ``check=False``: skip the check only for data you made yourself, since the
    kernel reads tables at the given indices.

    Hands given as text or cards are encoded first (slower; arrays are the fast way in). A
    process's first 20,000,000 rows are valued in numpy, with the same results and errors and
    nothing to compile; then the compiled kernels, for good (the evaluation guide has the rule).
    A ranking that is not built in runs in numpy for small batches and is compiled for its
    first batch of 200,000 hands or more (about half a second), then always.

    A Dask array of hands gives a lazy Dask array of strengths, evaluated chunk by chunk (each
    chunk checked when it is computed, an error naming the row within its chunk); cartes needs
    no dask import for it (the ``dask`` extra brings dask).

    >>> import numpy as np, cartes
    >>> cartes.evaluate_many(["As Ks Qs Js Ts", "2c 3d 4h 5s 7c"]).tolist()
    [32777, 0]
    >>> hands = np.array([[12, 13, 14, 15, 51], [0, 1, 2, 3, 4]], dtype=np.int8)
    >>> strengths = cartes.evaluate_many(hands)
    >>> strengths[0] > strengths[1], cartes.categories(strengths, "standard").tolist()
    (np.True_, [8, 8])
    """
    rules = get_ranking(ranking)
    if not isinstance(check, bool | np.bool_):
        raise OptionError(f"check must be True or False, got {check!r}")
    # How many threads: None, numba's current setting; 1, the serial kernel.
    count: int | None
    if threads is None or threads is True:
        count = None
    elif threads is False:
        count = 1
    else:
        count = _threads_asked(threads)
    if isinstance(hands, list | tuple) and len(hands) == 0:
        return np.empty(0, dtype=np.uint16)
    if _is_dask_array(hands):
        return _evaluate_chunks(hands, rules, check)
    array = _as_index_array(hands)
    single = array.ndim == 1
    rows = _rows(array)
    out = np.empty(len(rows), dtype=np.uint16)
    if not len(rows):
        return out
    # Small work goes through numpy until compiling pays (the rule: evaluation/_vectorised.py).
    if rules in BUILT_IN:
        numpy_path = _vectorised.use_for(len(rows), rows.shape[1], bool(check))
    else:
        numpy_path = rules not in _table_kernels and len(rows) < COMPILE_THRESHOLD
    if numpy_path:
        which = BUILT_IN.index(rules) if rules in BUILT_IN else tables_for(rules)
        if _vectorised.row_strengths(_unsigned(rows, bool(check)), which, out, bool(check)):
            _vectorised.raise_first_invalid(rows)
        return out[0, ...] if single else out
    kernels, row = _kernels_and_row(rules)
    if check:
        serial, parallel = kernels.evaluate_rows_checked, kernels.evaluate_rows_checked_parallel
    else:
        serial, parallel = kernels.evaluate_rows, kernels.evaluate_rows_parallel
    unsigned = _unsigned(rows, bool(check))
    if count is not None and count > 1:
        count = _thread_count(count)
    if count == 1 or (threads is None and len(rows) < PARALLEL_THRESHOLD):
        bad = serial(unsigned, row, out)
    else:
        bad = parallel(unsigned, row, out, count)
    if check and bad:
        _raise_first_invalid(rows)
    return out[0, ...] if single else out


def categories(strengths: ArrayLike, ranking: RankingLike) -> NDArray[np.uint8]:
    """The :class:`~cartes.Category` value of each strength (an array, or a 0-d array).

    ``ranking`` is required and must be the ranking the strengths were made with: a strength
    is a position within one ranking, and the same number means different categories in
    another (a calatone three of a kind is a standard straight). Nothing in a ``uint16``
    strength says which ranking made it, so this function does not guess.

    >>> import cartes
    >>> s = cartes.evaluate_many([[51, 47, 43, 39, 35]], ranking="calatone")
    >>> cartes.Category(cartes.categories(s, "calatone")[0])
    Category.STRAIGHT_FLUSH
    >>> cartes.categories(s)
    Traceback (most recent call last):
    ...
    TypeError: categories() missing 1 required positional argument: 'ranking'
    """
    rules = get_ranking(ranking)
    try:
        values = np.asarray(strengths)
    except (TypeError, ValueError, OverflowError):
        values = np.asarray(strengths, dtype=object)
    table = tables_for(rules).position_category
    if values.dtype == bool or not np.issubdtype(values.dtype, np.integer):
        raise StrengthError(
            f"strengths must be integers (from evaluate_many or HandRank.strength), "
            f"got dtype {values.dtype}"
        )
    positions = values.astype(np.int64) >> SHIFT
    bad = (values < 0) | (positions >= len(table))
    if bad.any():
        first = values[bad].flat[0]
        raise StrengthError(
            f"{first} is not a strength of the {rules.name} ranking: strengths run from 0 to "
            f"{(len(table) << SHIFT) - 1}"
        )
    return np.asarray(table[positions])


def category_counts(
    k: int = 7, ranking: RankingLike = STANDARD, *, threads: int | None = None
) -> dict[Category, int]:
    """How many k-card hands (k = 5, 6 or 7) fall in each category, by evaluating every one.

    Compiled; all 133,784,560 seven-card hands take a fraction of a second. A ranking that is
    not built in is compiled on first use (about a second). Categories are listed best first.
    ``threads`` (seven cards only) is the number of threads, by default all of numba's.

    >>> import cartes
    >>> counts = cartes.category_counts(5, "calatone")
    >>> counts[cartes.Category.FIVE_FIGURES], sum(counts.values())
    (3264, 2598960)
    """
    rules = get_ranking(ranking)
    if type(k) is not int or k not in (5, 6, 7):
        raise HandSizeError(f"category_counts counts hands of 5, 6 or 7 cards, got k={k!r}")
    if isinstance(threads, bool):
        raise OptionError(f"threads must be None or an int >= 1, got {threads!r}")
    workers = None if threads is None else _thread_count(threads)
    kernels, row = _kernels_and_row(rules)
    if k == 7:
        histogram = kernels.count_sevens(row, workers or _pool.default_workers())
    else:
        histogram = kernels.count_hands(k, row)
    by_position = histogram.reshape(-1, 1 << SHIFT).sum(axis=1)
    return {
        category: int(by_position[rules.position(category)]) for category in rules.categories
    }
