"""Analysis benchmarks (pytest-benchmark): the equity Monte Carlo beside eval7's compiled
equity loop, and ``simulate`` on one process beside a pool of two. Compare within one run.

Evaluations per second = deals x players / time. eval7's ``py_hand_vs_range_monte_carlo``
evaluates two hands per deal, like a heads-up equity here.
"""

from __future__ import annotations

import importlib.util
import multiprocessing
from concurrent.futures import ProcessPoolExecutor

import pytest

from cartes.analysis import SerialExecutor, equity, seven_card_equity
from cartes.games import SevenCardStud
from cartes.play import CallingStation, RandomAgent, SimpleAgent, simulate

DEALS = 2_000_000
MC = "equity Monte Carlo: AsAh vs KdKc preflop, 2,000,000 deals (4,000,000 evaluations)"


@pytest.mark.benchmark(group=MC)
@pytest.mark.parametrize("threads", [1, 2])
def test_equity_monte_carlo(benchmark, threads: int) -> None:
    equity(["As Ah", "Kd Kc"], exact=False, trials=1000, seed=0, threads=threads)  # compile
    result = benchmark(
        equity, ["As Ah", "Kd Kc"], exact=False, trials=DEALS, seed=1, threads=threads
    )
    assert abs(result.equity[0] - 0.8126) < 0.002


@pytest.mark.benchmark(group=MC)
@pytest.mark.skipif(importlib.util.find_spec("eval7") is None, reason="eval7 not installed")
def test_eval7_monte_carlo(benchmark) -> None:
    import eval7

    hero = [eval7.Card("As"), eval7.Card("Ah")]
    villain = eval7.HandRange("KdKc")
    result = benchmark(eval7.py_hand_vs_range_monte_carlo, hero, villain, [], DEALS)
    assert abs(result - 0.8126) < 0.002


@pytest.mark.benchmark(group="equity Monte Carlo: 6-handed stud from third street")
@pytest.mark.parametrize("ranking", ["standard", "calatone"])
def test_stud_monte_carlo(benchmark, ranking: str) -> None:
    players = ["As Ad Kc", "7h 8h 9h", "Qc Qs 2d", "Jd Tc 4s", "5c 5d 6s", "3h 3c Kh"]
    seven_card_equity(players, ranking=ranking, exact=False, trials=1000, seed=0)
    benchmark(seven_card_equity, players, ranking=ranking, exact=False, trials=500_000, seed=1)


@pytest.mark.benchmark(group="exact equity: every preflop board, 1,712,304 deals")
def test_exact_preflop(benchmark) -> None:
    equity(["As Ks", "Qd Qc"], board="2c 3c 4c")  # compile
    result = benchmark(equity, ["As Ks", "Qd Qc"])
    assert result.exact


SIM = "simulate: 2,000 hands of 3-player stud"


def _simulate(executor) -> None:
    game = SevenCardStud(players=3)
    agents = [RandomAgent(1), SimpleAgent(), CallingStation()]
    simulate(game, agents, 2_000, seed=4, executor=executor)


@pytest.mark.benchmark(group=SIM)
def test_simulate_one_process(benchmark) -> None:
    benchmark.pedantic(_simulate, args=(SerialExecutor(),), rounds=3)


@pytest.mark.benchmark(group=SIM)
def test_simulate_pool_of_two(benchmark) -> None:
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(2, mp_context=context) as pool:
        _simulate(pool)  # start the workers and import cartes in them before timing
        benchmark.pedantic(_simulate, args=(pool,), rounds=3)
