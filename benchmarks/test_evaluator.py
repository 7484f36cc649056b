"""Evaluator benchmarks (pytest-benchmark). Run: ``nox -s bench`` or ``pytest benchmarks``.

Compare figures within one run only (the machine is shared): the groups put cartes beside its
baseline, eval7 and phevaluator per call when installed, and one thread beside all cores.
"""

from __future__ import annotations

import importlib.util

import numpy as np
import pytest

import cartes
from cartes.evaluation.kernels import calatone7, standard7

RANKINGS = ["standard", "calatone"]


@pytest.mark.benchmark(group="batch: 1,000,000 random 7-card hands")
@pytest.mark.parametrize("ranking", RANKINGS)
@pytest.mark.parametrize("threads", [False, True], ids=["one-thread", "all-cores"])
def test_batch(benchmark, hands7: np.ndarray, ranking: str, threads: bool) -> None:
    cartes.evaluate_many(hands7[:10], ranking, threads=threads)
    out = benchmark(cartes.evaluate_many, hands7, ranking, check=False, threads=threads)
    assert len(out) == len(hands7)


@pytest.mark.benchmark(group="batch: input check")
def test_batch_checked(benchmark, hands7: np.ndarray) -> None:
    benchmark(cartes.evaluate_many, hands7, "standard", check=True, threads=False)


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


@pytest.mark.benchmark(group="one hand per Python call")
def test_evaluate_text(benchmark) -> None:
    benchmark(cartes.evaluate, "As Kd Qh Jc 9s 2c 3d")


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
