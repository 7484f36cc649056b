"""Calatone's first choice (pytest-benchmark): ``first_choice`` is three seven-card Monte
Carlos (the seat's equity and each card's shown equity), so it is timed beside the baseline of
one :func:`~cartes.analysis.seven_card_equity` on the same spot and deals, in the same run, the
two taking turns, best of 5 by process CPU time (one thread: the CPU the call costs, whatever
else the shared machine runs). The figure is the ratio, expected near 3; a Python overhead in
building the three problems would show above it. It is printed and kept in ``extra_info``;
nothing about speed is asserted. ``street_odds`` from the first two cards (2,118,760 hands
through ``evaluate_many``) is timed the same way against ``evaluate_many`` of those hands.
Run: ``pytest benchmarks/bench_calatone_choice.py -s``."""

from __future__ import annotations

import math
import time
from collections.abc import Callable

import numpy as np

import cartes
from cartes.analysis import first_choice, seven_card_equity, street_odds

ROUNDS = 5
TRIALS = 500_000


def best_cpu(variants: dict[str, Callable[[], object]], rounds: int = ROUNDS) -> dict[str, float]:
    """The least process CPU time of each variant over ``rounds`` rounds, taking turns."""
    best = dict.fromkeys(variants, math.inf)
    for _ in range(rounds):
        for name, run in variants.items():
            start = time.process_time()
            run()
            best[name] = min(best[name], time.process_time() - start)
    return best


def test_first_choice_beside_one_seven_card_equity(benchmark) -> None:
    def choice() -> object:
        return first_choice("As 7d", opponents=2, exact=False, trials=TRIALS, seed=1, threads=1)

    def baseline() -> object:
        return seven_card_equity(
            ["As 7d", "", ""], ranking="calatone", exact=False, trials=TRIALS, seed=1, threads=1
        )

    choice(), baseline()  # compiled and loaded before timing
    best = best_cpu({"first_choice": choice, "seven_card_equity": baseline})
    figures = {
        "first_choice s": best["first_choice"],
        "one seven_card_equity s": best["seven_card_equity"],
        "first_choice x one equity": best["first_choice"] / best["seven_card_equity"],
    }
    benchmark.extra_info.update(figures)
    print("\nfirst choice, 3 players: " + ", ".join(f"{k} {v:.3f}" for k, v in figures.items()))
    benchmark.group = "calatone first choice: As 7d against 2, 500,000 deals, one thread"
    benchmark.pedantic(choice, rounds=1, iterations=1)


def test_street_odds_beside_its_evaluation(benchmark) -> None:
    free = np.array([c for c in range(52) if c not in (51, 21)], dtype=np.uint8)
    from cartes.analysis.calatone import _combinations

    sevens = np.empty((math.comb(50, 5), 7), dtype=np.uint8)
    sevens[:, :2] = (51, 21)
    sevens[:, 2:] = free[_combinations(50, 5)]

    def odds() -> object:
        return street_odds("As 7d")

    def evaluation() -> object:
        return cartes.evaluate_many(sevens, "calatone", check=False)

    odds(), evaluation()
    best = best_cpu({"street_odds": odds, "evaluate_many": evaluation})
    figures = {
        "street_odds s": best["street_odds"],
        "evaluate_many s": best["evaluate_many"],
        "street_odds x evaluate_many": best["street_odds"] / best["evaluate_many"],
    }
    benchmark.extra_info.update(figures)
    print("\nstreet odds from 2 cards: " + ", ".join(f"{k} {v:.3f}" for k, v in figures.items()))
    benchmark.group = "calatone street odds: every end of As 7d, 2,118,760 hands"
    benchmark.pedantic(odds, rounds=1, iterations=1)
