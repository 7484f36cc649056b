"""Random siete y medio hands per second, 6 participants (the bank and five punters), with
random stud hands at the same table size as the same-run baseline.

Run with ``pytest benchmarks/bench_siete.py`` (pytest-benchmark), or ``python
benchmarks/bench_siete.py`` for a plain hands-per-second table with the ratio. Every seat is a
uniform random agent over the legal actions; the bank moves round the table each hand. No other
library plays siete y medio, so the baseline is our own stud driver on the same machine and run
(the machine is shared and noisy: compare ratios, not absolute rates).
"""

from __future__ import annotations

import time

import numpy as np

from cartes.games import SevenCardStud, SieteYMedio
from cartes.play import RandomAgent, ThresholdAgent, play_hand

PLAYERS = 6
HANDS = 500


def siete_hands(count: int, seed: int = 0, agent: str = "random") -> int:
    game = SieteYMedio(players=PLAYERS)
    rng = np.random.default_rng(seed)
    agents = [RandomAgent(rng) if agent == "random" else ThresholdAgent()] * PLAYERS
    for number in range(count):
        play_hand(game, agents, rng, button=number % PLAYERS)
    return count


def stud_hands(count: int, seed: int = 0) -> int:
    game = SevenCardStud(players=PLAYERS)
    rng = np.random.default_rng(seed)
    agents = [RandomAgent(rng)] * PLAYERS
    for number in range(count):
        play_hand(game, agents, rng, button=number % PLAYERS)
    return count


def test_random_siete_y_medio_hands(benchmark):
    benchmark.extra_info["hands_per_round"] = HANDS
    assert benchmark.pedantic(siete_hands, args=(HANDS,), rounds=5, iterations=1) == HANDS


def test_threshold_siete_y_medio_hands(benchmark):
    benchmark.extra_info["hands_per_round"] = HANDS
    result = benchmark.pedantic(siete_hands, args=(HANDS, 0, "threshold"), rounds=5,
                                iterations=1)
    assert result == HANDS


def test_random_stud_hands_baseline(benchmark):
    stud_hands(20)  # warm up (the evaluator's compiled kernels load once)
    benchmark.extra_info["hands_per_round"] = HANDS
    assert benchmark.pedantic(stud_hands, args=(HANDS,), rounds=5, iterations=1) == HANDS


def rate(run, count: int) -> float:
    run(10)
    best = 0.0
    for _ in range(3):
        start = time.perf_counter()
        run(count)
        best = max(best, count / (time.perf_counter() - start))
    return best


if __name__ == "__main__":
    siete = rate(siete_hands, 3000)
    threshold = rate(lambda count: siete_hands(count, 0, "threshold"), 3000)
    stud = rate(stud_hands, 1000)
    print(f"7½ random    : {siete:8.0f} hands/s ({PLAYERS} participants)")
    print(f"7½ threshold : {threshold:8.0f} hands/s")
    print(f"stud random  : {stud:8.0f} hands/s (baseline, {PLAYERS} players)")
    print(f"ratio        : {siete / stud:8.2f}x random 7½ over random stud")
