"""Measure the evaluator on this machine: ``cartes bench`` (or ``python -m cartes bench``).

Every figure is the best of several runs, measured in the same process, and other evaluators
(eval7, phevaluator) are measured beside cartes when they are installed, so the ratios hold even
on a busy machine where the absolute numbers wander. Batches are measured as users call them,
with the input check (the default), and beside that with ``check=False``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from importlib.util import find_spec
from typing import Any

import numpy as np
from numpy.typing import NDArray

from cartes.deck import random_hands
from cartes.errors import OptionError
from cartes.evaluation import CALATONE, STANDARD, Ranking, category_counts, evaluate, evaluate_many
from cartes.evaluation.evaluator import WARM_UP_CALLS
from cartes.french import Card, Hand

__all__ = ["Measurement", "floor", "format_table", "machine", "run"]


@dataclass(frozen=True)
class Measurement:
    """One line of the benchmark table: what was measured, and how fast.

    >>> m = Measurement("one hand per call, standard7(7 ints)", 0.027, 200_000)
    >>> round(m.rate), round(m.per_item_ns())
    (7407407, 135)
    """

    name: str
    seconds: float
    items: int
    unit: str = "hands/s"

    @property
    def rate(self) -> float:
        """Items per second."""
        return self.items / self.seconds

    def per_item_ns(self) -> float:
        """Nanoseconds per item."""
        return self.seconds / self.items * 1e9


def _best_of(repeats: int, work: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best


def machine() -> str:
    """The machine the figures were measured on: the CPU's model, the instruction sets numba
    compiles for (its target CPU and the vector extensions that matter here) and the threads
    numba runs on. Figures travel between machines only as ratios; this line says where the
    absolute ones come from.

    >>> "threads" in machine()
    True
    """
    import platform

    import llvmlite.binding as llvm  # type: ignore[import-untyped]
    import numba

    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            model = next(
                (line.split(":", 1)[1].strip() for line in info if line.startswith("model name")),
                model,
            )
    except OSError:  # not Linux: the platform's name for it
        pass
    features = llvm.get_host_cpu_features()
    vector = [name for name in ("avx512vbmi", "avx512bw", "avx512f", "avx2", "sse4.2", "neon")
              if features.get(name)]
    return (
        f"{model}; numba targets {llvm.get_host_cpu_name()} "
        f"({', '.join(vector) or 'no vector extensions found'}); "
        f"{numba.get_num_threads()} threads"
    )


def _floor_kernel() -> Any:
    """The floor's kernel, compiled on first use (numba's decorator only here: importing
    the module compiles nothing)."""
    import numba as nb

    @nb.njit(cache=True, nogil=True, boundscheck=False)
    def rows(hands: Any, keys: Any, values: Any, mask: Any, out: Any) -> None:
        for i in range(hands.shape[0]):
            key = np.uint64(0)
            for j in range(7):
                key += keys[hands[i, j]]
            out[i] = values[key & mask]

    return rows


_FLOOR: list[Any] = []


def floor(hands: NDArray[np.uint8]) -> NDArray[np.uint16]:
    """The least work any table evaluator does per seven-card hand, on the same rows, one
    thread: seven key loads, a sum and one table load (compiled by numba like the
    evaluator). Its rate is the batch figures' yardstick (``x floor``): a ratio that holds
    from machine to machine, where hands a second do not. Its results mean nothing.

    >>> floor(random_hands(4, 7, seed=1)).shape
    (4,)
    """
    from cartes.evaluation.tables import CARD_KEYS, tables_for

    if not _FLOOR:
        _FLOOR.append(_floor_kernel())
    values = tables_for(STANDARD).rank_values
    size = 1 << int(values.size - 1).bit_length()  # a power of two: the load is one mask
    table = np.zeros(size, np.uint16)
    table[: values.size] = values
    keys = np.array(CARD_KEYS, np.uint64)
    out = np.empty(len(hands), np.uint16)
    _FLOOR[0](np.ascontiguousarray(hands, np.uint8), keys, table, np.uint64(size - 1), out)
    return out


def _floor(hands: NDArray[np.uint8]) -> Measurement:
    floor(hands[:1000])  # compile or load first
    seconds = _best_of(5, lambda: floor(hands))
    return Measurement(FLOOR_NAME, seconds, len(hands))


#: The floor's row in the table (:func:`floor`).
FLOOR_NAME = "floor: 7 key loads, a sum, 1 table load, one thread"


def _batch(hands: NDArray[np.uint8], ranking: Ranking, threads: bool) -> list[Measurement]:
    """The default (checked) call, and the unchecked one beside it, alternated run by run so
    that both see the same machine."""
    where = "all cores" if threads else "one thread"
    for check in (True, False):  # compile or load the cache first
        evaluate_many(hands[:20_000], ranking, check=check, threads=threads)
    best = {True: float("inf"), False: float("inf")}
    for _ in range(5):
        for check in (True, False):
            start = time.perf_counter()
            evaluate_many(hands, ranking, check=check, threads=threads)
            best[check] = min(best[check], time.perf_counter() - start)
    return [
        Measurement(f"batch, random 7-card, {ranking.name}, {where}", best[True], len(hands)),
        Measurement(
            f"batch, random 7-card, {ranking.name}, {where}, check=False", best[False], len(hands)
        ),
    ]


def _enumeration(ranking: Ranking, threads: int) -> Measurement:
    category_counts(7, ranking, threads=threads)
    seconds = _best_of(3, lambda: category_counts(7, ranking, threads=threads))
    where = "one thread" if threads == 1 else f"{threads} threads"
    return Measurement(
        f"all 133,784,560 7-card hands, {ranking.name}, {where}", seconds, 133_784_560
    )


def _per_call(name: str, call: Callable[..., object], hands: list[Any]) -> Measurement:
    """One Python call per hand, each hand's items passed as separate arguments."""
    call(*hands[0])

    def loop() -> None:
        for hand in hands:  # results dropped as they come, as in a user's loop
            call(*hand)

    seconds = _best_of(3, loop)
    return Measurement(name, seconds, len(hands))


def run(hands: int = 2_000_000, calls: int = 200_000, seed: int = 2026) -> list[Measurement]:
    """Measure everything; returns the table's rows (and prints nothing).

    ``hands`` random hands make the batch (at least 1), ``calls`` others the one-call
    measurements (at least 10), each given to ``evaluate`` as ints, Cards, a Hand and text.

    It takes a few seconds even when small (the enumerations), so this example is not run:

    >>> rows = run(hands=1000, calls=10)  # doctest: +SKIP
    >>> print(format_table(rows))  # doctest: +SKIP
    """
    import numba

    from cartes.evaluation import calatone7, standard7

    if type(hands) is not int or hands < 1 or type(calls) is not int or calls < 10:
        raise OptionError(f"run needs hands >= 1 and calls >= 10, got {hands!r} and {calls!r}")
    batch = random_hands(hands, 7, seed)
    rows: list[Measurement] = [_floor(batch)]
    for ranking in (STANDARD, CALATONE):
        rows.extend(_batch(batch, ranking, threads=False))
        rows.extend(_batch(batch, ranking, threads=True))
    for ranking in (STANDARD, CALATONE):
        rows.append(_enumeration(ranking, 1))
        if numba.get_num_threads() > 1:
            rows.append(_enumeration(ranking, numba.get_num_threads()))
    singles = [tuple(int(card) for card in row) for row in random_hands(calls, 7, seed + 1)]
    rows.append(_per_call("one hand per call, standard7(7 ints)", standard7, singles))
    rows.append(_per_call("one hand per call, calatone7(7 ints)", calatone7, singles))
    for _ in range(WARM_UP_CALLS + 1):  # past the warm-up: evaluate's compiled path
        evaluate(singles[0])
    cards = [tuple(Card(i) for i in hand) for hand in singles]
    forms: dict[str, list[Any]] = {
        "7 ints": singles,
        "7 Cards": cards,
        "Hand": [Hand(hand) for hand in cards],
        "text": [" ".join(map(str, hand)) for hand in cards],
    }
    for form, hands_in_form in forms.items():
        arguments = [(hand,) for hand in hands_in_form]
        rows.append(_per_call(f"one hand per call, evaluate({form})", evaluate, arguments))
    rows.extend(_others(singles))
    return rows


def _others(singles: list[tuple[int, ...]]) -> list[Measurement]:
    """eval7 and phevaluator, when installed, on the same hands."""
    rows: list[Measurement] = []
    try:
        eval7: Any = import_module("eval7")
    except ImportError:
        pass
    else:
        deck = [eval7.Card(f"{'23456789TJQKA'[i >> 2]}{'cdhs'[i & 3]}") for i in range(52)]
        hands = [([deck[i] for i in hand],) for hand in singles]
        rows.append(_per_call("one hand per call, eval7.evaluate", eval7.evaluate, hands))
    try:
        phevaluator: Any = import_module("phevaluator")
    except ImportError:
        pass
    else:
        rows.append(
            _per_call(
                "one hand per call, phevaluator.evaluate_cards",
                phevaluator.evaluate_cards,
                singles,
            )
        )
    return rows


#: The other evaluators measured beside cartes when installed (the ``compare`` extra).
PEERS = ("eval7", "phevaluator")


def missing_peers() -> list[str]:
    """The other evaluators (:data:`PEERS`) that are not installed, so not measured.

    >>> set(missing_peers()) <= set(PEERS)
    True
    """
    return [name for name in PEERS if find_spec(name) is None]


def format_table(rows: list[Measurement], where: str | None = None) -> str:
    """The measurements as a text table, with ratios to the first per-call baseline found
    among the other libraries (eval7, then phevaluator), else to cartes' own one-call figure,
    and, for the batch figures, to the floor measured in the same run (``x floor``, when a
    row is the floor's). ``where`` (:func:`machine`) heads the table.

    >>> print(format_table([Measurement("one hand per call, standard7(7 ints)", 0.027, 200_000)]))
    measurement                                     rate    per hand   best run  x standard7(7 ints)
    one hand per call, standard7(7 ints)        7.41 M/s    135.0 ns    0.027 s                1.00x
    """
    baseline = next(
        (row for row in rows if "eval7" in row.name),
        next((row for row in rows if "phevaluator" in row.name), None),
    ) or next(row for row in rows if "standard7" in row.name)
    least = next((row for row in rows if row.name == FLOOR_NAME), None)
    width = max(len(row.name) for row in rows)
    versus = "x " + baseline.name.split(", ")[-1]
    head = (f"{'measurement':<{width}}  {'rate':>14}  {'per hand':>10}  {'best run':>9}  "
            f"{versus:>18}")
    lines = [f"machine: {where}"] if where else []
    lines.append(head + ("  x floor" if least else ""))
    for row in rows:
        line = (
            f"{row.name:<{width}}  {row.rate / 1e6:>10.2f} M/s  {row.per_item_ns():>7.1f} ns"
            f"  {row.seconds:>7.3f} s  {row.rate / baseline.rate:>17.2f}x"
        )
        if least and (row.name.startswith("batch") or row is least):
            line += f"  {row.rate / least.rate:>6.2f}x"
        lines.append(line)
    return "\n".join(lines)
