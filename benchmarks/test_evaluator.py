"""Evaluator benchmarks (pytest-benchmark). Run: ``nox -s bench`` or ``pytest benchmarks``.

Compare figures within one run only (the machine is shared): the groups put cartes beside its
baseline: the default (checked) batch beside ``check=False``, and ``cartes.evaluate`` and the
compiled entry points beside eval7 and phevaluator per call, when installed. The "kept" group
is the loop users write: every result kept in a list, the garbage collector on, several
batches alive at once (``--benchmark-timer=time.thread_time`` takes the other cores' load out).
"""

from __future__ import annotations

import gc
import importlib.util
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import cartes
from cartes.evaluation import calatone7, standard7
from cartes.evaluation.evaluator import WARM_UP_CALLS

RANKINGS = ["standard", "calatone"]


# Issue 9's first two rows: the default (checked) call beside its baseline, check=False, in one
# group per ranking and thread mode.
@pytest.mark.parametrize("ranking", RANKINGS)
@pytest.mark.parametrize("threads", [False, True], ids=["one-thread", "all-cores"])
@pytest.mark.parametrize("check", [True, False], ids=["default-checked", "check=False"])
def test_batch(benchmark, hands7: np.ndarray, ranking: str, threads: bool, check: bool) -> None:
    where = "all cores" if threads else "one thread"
    benchmark.group = f"batch: 1,000,000 random 7-card hands, {ranking}, {where}"
    cartes.evaluate_many(hands7[:20_000], ranking, check=check, threads=threads)
    out = benchmark(cartes.evaluate_many, hands7, ranking, check=check, threads=threads)
    assert len(out) == len(hands7)


@pytest.mark.benchmark(group="enumeration: all 133,784,560 7-card hands")
@pytest.mark.parametrize("ranking", RANKINGS)
@pytest.mark.parametrize("threads", [1, 2])
def test_enumeration(benchmark, ranking: str, threads: int) -> None:
    counts = benchmark.pedantic(
        cartes.category_counts, args=(7, ranking), kwargs={"threads": threads}, rounds=3
    )
    assert sum(counts.values()) == 133_784_560


@pytest.mark.benchmark(group="one hand per Python call")
@pytest.mark.parametrize("fast", [standard7, calatone7], ids=["standard7", "calatone7"])
def test_seven_ints(benchmark, hands7: np.ndarray, fast) -> None:
    hand = [int(card) for card in hands7[0]]
    benchmark(fast, *hand)


# Issue 9's third row: cartes.evaluate on the same hand in each form, beside eval7 below.
@pytest.mark.benchmark(group="one hand per Python call")
@pytest.mark.parametrize("form", ["7 ints", "7 Cards", "Hand", "text"])
def test_evaluate(benchmark, hands7: np.ndarray, form: str) -> None:
    indices = tuple(int(card) for card in hands7[0])
    cards = tuple(cartes.Card(i) for i in indices)
    hand = {
        "7 ints": indices,
        "7 Cards": cards,
        "Hand": cartes.Hand(cards),
        "text": " ".join(map(str, cards)),
    }[form]
    for _ in range(WARM_UP_CALLS + 1):  # past the warm-up: the compiled path
        cartes.evaluate(hand)
    benchmark(cartes.evaluate, hand)


@pytest.mark.benchmark(group="one hand per Python call")
@pytest.mark.skipif(importlib.util.find_spec("eval7") is None, reason="eval7 not installed")
def test_eval7(benchmark, hands7: np.ndarray) -> None:
    import eval7

    hand = [eval7.Card(str(cartes.Card(int(card)))) for card in hands7[0]]
    benchmark(eval7.evaluate, hand)


@pytest.mark.benchmark(group="one hand per Python call")
@pytest.mark.skipif(
    importlib.util.find_spec("phevaluator") is None, reason="phevaluator not installed"
)
def test_phevaluator(benchmark, hands7: np.ndarray) -> None:
    import phevaluator

    hand = [int(card) for card in hands7[0]]
    benchmark(phevaluator.evaluate_cards, *hand)


# Issue 22.2: a loop that keeps every result, as users run it (the collector on). Each round
# values the same KEPT_HANDS random hands into a new list and all rounds' lists stay alive, so
# the process holds a few hundred thousand results, as a real loop over a deal would.
KEPT_HANDS = 10_000
KEPT_ROUNDS = 30
KEPT_FORMS = ["7 ints", "7 Cards", "Hand", "text"]


def _keeping(evaluate: Callable[[Any], Any], hands: list[Any], kept: list[Any]) -> None:
    kept.append([evaluate(hand) for hand in hands])


def _kept(benchmark: Any, evaluate: Callable[[Any], Any], hands: list[Any]) -> None:
    assert gc.isenabled()
    kept: list[Any] = []
    benchmark.pedantic(
        _keeping, args=(evaluate, hands, kept), rounds=KEPT_ROUNDS, warmup_rounds=2
    )
    assert sum(map(len, kept)) == (KEPT_ROUNDS + 2) * len(hands)


@pytest.mark.benchmark(group=f"one hand per call, {KEPT_HANDS:,} results kept a round, GC on")
@pytest.mark.parametrize("form", KEPT_FORMS)
def test_evaluate_kept(benchmark, hands7: np.ndarray, form: str) -> None:
    rows = [tuple(int(card) for card in row) for row in hands7[:KEPT_HANDS]]
    hands: list[Any] = {
        "7 ints": rows,
        "7 Cards": [tuple(map(cartes.Card, row)) for row in rows],
        "Hand": [cartes.Hand(row) for row in rows],
        "text": [" ".join(map(str, cartes.Hand(row))) for row in rows],
    }[form]
    evaluate = cartes.evaluate  # looked up once, like eval7.evaluate below
    assert evaluate(hands[0]).cards == cartes.Hand(rows[0])
    _kept(benchmark, evaluate, hands)


@pytest.mark.benchmark(group=f"one hand per call, {KEPT_HANDS:,} results kept a round, GC on")
@pytest.mark.skipif(importlib.util.find_spec("eval7") is None, reason="eval7 not installed")
def test_eval7_kept(benchmark, hands7: np.ndarray) -> None:
    import eval7

    rows = hands7[:KEPT_HANDS].tolist()
    hands = [[eval7.Card(str(cartes.Card(card))) for card in row] for row in rows]
    _kept(benchmark, eval7.evaluate, hands)


@pytest.mark.benchmark(group=f"one hand per call, {KEPT_HANDS:,} results kept a round, GC on")
@pytest.mark.skipif(importlib.util.find_spec("eval7") is None, reason="eval7 not installed")
def test_evaluate_kept_paired_with_eval7(benchmark, hands7: np.ndarray) -> None:
    """Seven ints against eval7 in alternating rounds of one benchmark, each timed on this
    thread's CPU clock: the load on a shared machine moves between rounds, and a ratio taken
    within each pair of rounds cancels most of it. The ratios (eval7's time over cartes', so
    above 1 is cartes ahead) go to ``extra_info`` and are printed (``-s`` shows them)."""
    import eval7

    rows = hands7[:KEPT_HANDS].tolist()
    ours = [tuple(row) for row in rows]
    theirs = [[eval7.Card(str(cartes.Card(card))) for card in row] for row in rows]
    sides: list[tuple[str, Callable[[Any], Any], list[Any]]] = [
        ("cartes", cartes.evaluate, ours),
        ("eval7", eval7.evaluate, theirs),
    ]
    kept: list[Any] = []
    times: dict[str, list[int]] = {"cartes": [], "eval7": []}

    def pair() -> None:
        sides.reverse()  # each side goes first in every other round
        for name, evaluate, hands in sides:
            start = time.thread_time_ns()
            kept.append([evaluate(hand) for hand in hands])
            times[name].append(time.thread_time_ns() - start)

    assert gc.isenabled()
    benchmark.pedantic(pair, rounds=KEPT_ROUNDS, warmup_rounds=1)
    theirs_times, ours_times = times["eval7"][1:], times["cartes"][1:]  # not the warm-up
    ratios = sorted(e / c for e, c in zip(theirs_times, ours_times, strict=True))
    best = min(theirs_times) / min(ours_times)
    median = ratios[len(ratios) // 2]
    benchmark.extra_info.update({"eval7/cartes best": best, "eval7/cartes median": median})
    print(f"\neval7/cartes per call, {len(ratios)} paired rounds: best {best:.2f}, median "
          f"{median:.2f}, range {ratios[0]:.2f}-{ratios[-1]:.2f}")
