"""Analysis benchmarks (pytest-benchmark): the equity Monte Carlo and exact ranges beside
eval7 in the same run, and ``simulate`` on one process beside a pool of two.

Evaluations per second = deals x players / time. eval7's ``py_hand_vs_range_monte_carlo``
evaluates two hands per deal, like a heads-up equity here.

Issue 23's figures are ratios measured in one process, the variants taking turns (eval7, cartes
on one thread, cartes on two), best of 5 each (the two-thread figure beside how busy its two
threads kept the CPU: the process's CPU time over twice the call's wall time):
``test_monte_carlo_against_eval7`` for the Monte Carlo on preflop, flop and turn spots, hand
against hand and hand against range, and
``test_exact_ranges`` for ranges enumerated exactly. Each prints its figures and stores them in
the benchmark's ``extra_info`` (``--benchmark-json`` keeps them); nothing about speed is
asserted. Run: ``pytest benchmarks/test_analysis.py -s -k "eval7 or exact_ranges"``.
"""

from __future__ import annotations

import importlib.util
import multiprocessing
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

import pytest

from cartes.analysis import SerialExecutor, equity, hand_equities, seven_card_equity
from cartes.games import SevenCardStud
from cartes.play import CallingStation, RandomAgent, SimpleAgent, simulate

HAVE_EVAL7 = importlib.util.find_spec("eval7") is not None
ROUNDS = 5


def rounds_of(
    variants: dict[str, Callable[[], object]], rounds: int = ROUNDS
) -> dict[str, list[float]]:
    """The wall time of each variant in each of ``rounds`` rounds, the variants taking turns
    within each round (so that a busy spell on the shared machine hits them alike)."""
    times: dict[str, list[float]] = {name: [] for name in variants}
    for _ in range(rounds):
        for name, run in variants.items():
            start = time.perf_counter()
            run()
            times[name].append(time.perf_counter() - start)
    return times


def interleaved(
    variants: dict[str, Callable[[], object]], rounds: int = ROUNDS
) -> dict[str, float]:
    """The best wall time of each variant over ``rounds`` interleaved rounds."""
    return {name: min(times) for name, times in rounds_of(variants, rounds).items()}


def paired(times: dict[str, list[float]], slower: str, faster: str) -> float:
    """The median over rounds of ``slower``'s time over ``faster``'s in the same round.

    This VM's host speeds both cores up and down in spells of a second or so (one thread's
    1M-deal Monte Carlo took 75 ms in one spell, 130 ms in the next); the best of each variant
    may then come from different spells, and a ratio of bests says more about the spells than
    the code. Two runs a few milliseconds apart share a spell."""
    return statistics.median(a / b for a, b in zip(times[slower], times[faster], strict=True))


def machine_scaling(
    steps: int = 60_000_000, wide: bool = False
) -> tuple[Callable[[], object], Callable[[], object]]:
    """The baseline of the two-thread figures: a register-only ``nogil`` loop (xorshift steps,
    about as long as a Monte Carlo call) on one thread, and split in two halves over two threads
    by the runner the analysis uses. Its ratio is what this machine gives a second thread in
    that round: on this project's 2-core VM anything from 1.0x to 1.95x, spell by spell.

    The loop is one chain of dependent steps (a few instructions a cycle), or with ``wide``
    eight independent chains (as many instructions a cycle as the core issues, like the Monte
    Carlo's deals): a vCPU that shares its physical core with a busy neighbour slows the wide
    loop as it slows the Monte Carlo, and the narrow one much less."""
    import numba
    import numpy as np

    from cartes.evaluation import _pool

    @numba.njit(nogil=True, cache=False)
    def spin(n: int, seed: int) -> int:
        x = np.uint64(seed)
        for _ in range(n):
            x ^= x << np.uint64(13)
            x ^= x >> np.uint64(7)
            x ^= x << np.uint64(17)
        return int(x)

    @numba.njit(nogil=True, cache=False)
    def spin_wide(n: int, seed: int) -> int:
        lanes = np.arange(seed, seed + 8).astype(np.uint64)
        for _ in range(n):
            for k in range(8):  # unrolled by LLVM: eight chains in registers
                x = lanes[k]
                x ^= x << np.uint64(13)
                x ^= x >> np.uint64(7)
                x ^= x << np.uint64(17)
                lanes[k] = x
        return int(lanes.sum())

    run = spin_wide if wide else spin
    steps = steps // 5 if wide else steps  # about as long as the narrow loop
    run(10, 1)
    half = steps // 2
    return (
        lambda: run(steps, 1),
        lambda: _pool.split([lambda: run(half, 1), lambda: run(half, 2)], 2),
    )


#: Issue 23.2's spots: (hands, board). eval7 takes the villain as a range in every case.
MC_SPOTS = {
    "preflop, hand vs hand": (["As Ah", "Kd Kc"], ""),
    "flop, hand vs hand": (["As Ah", "Kd Kc"], "Qs Jd 2c"),
    "turn, hand vs hand": (["As Ah", "Kd Kc"], "Qs Jd 2c 7h"),
    "preflop, hand vs range": (["As Ah", "QQ+, AKs, JTs"], ""),
    "flop, hand vs range": (["As Ah", "QQ+, AKs, JTs"], "Qs Jd 2c"),
    "turn, hand vs range": (["As Ah", "QQ+, AKs, JTs"], "Qs Jd 2c 7h"),
}
# Four million deals and eleven rounds: at one million (about 20 ms a call) the second thread's
# wake-up and the machine's noise decided the two-thread figure (1.0-1.15x one thread in one
# run, 1.7x in the next). The machine's spells still move it (see paired and machine_scaling).
MC_TRIALS = 4_000_000
MC_ROUNDS = 11


@pytest.mark.skipif(not HAVE_EVAL7, reason="eval7 not installed")
@pytest.mark.parametrize("spot", list(MC_SPOTS))
def test_monte_carlo_against_eval7(benchmark, spot: str) -> None:
    import eval7

    hands, board = MC_SPOTS[spot]
    hero = [eval7.Card(c) for c in hands[0].split()]
    villain = eval7.HandRange(hands[1].replace(" ", ""))
    cards = [eval7.Card(c) for c in board.split()]

    def mine(threads: int) -> Callable[[], object]:
        return lambda: equity(hands, board=board, exact=False, trials=MC_TRIALS, seed=1,
                              threads=threads)

    mine(1)(), mine(2)()  # compiled and loaded before timing
    spin_one, spin_two = machine_scaling()
    wide_one, wide_two = machine_scaling(wide=True)
    busy: list[float] = []  # the two-thread call's CPU time over twice its wall time

    def two_threads() -> None:
        wall, cpu = time.perf_counter(), time.process_time()
        mine(2)()
        busy.append((time.process_time() - cpu) / (2 * (time.perf_counter() - wall)))

    times = rounds_of({
        "eval7": lambda: eval7.py_hand_vs_range_monte_carlo(hero, villain, cards, MC_TRIALS),
        "one thread": mine(1),
        "two threads": two_threads,
        "spin, one thread": spin_one,
        "spin, two threads": spin_two,
        "wide spin, one thread": wide_one,
        "wide spin, two threads": wide_two,
    }, rounds=MC_ROUNDS)
    best = {name: min(runs) for name, runs in times.items()}
    figures = {
        "eval7 s": best["eval7"],
        "one thread s": best["one thread"],
        "two threads s": best["two threads"],
        "one thread x eval7": paired(times, "eval7", "one thread"),
        "two threads x eval7": paired(times, "eval7", "two threads"),
        "two threads x one thread": paired(times, "one thread", "two threads"),
        "machine: two threads x one": paired(times, "spin, one thread", "spin, two threads"),
        "machine, wide: two threads x one": paired(
            times, "wide spin, one thread", "wide spin, two threads"
        ),
        # below 1: for part of the call a thread was not running (its vCPU stolen by the host,
        # or waiting); the same code on the same machine then scales less
        "two threads: CPU busy": statistics.median(busy),
    }
    benchmark.extra_info.update(figures)
    print(f"\n{spot}: " + ", ".join(f"{k} {v:.3f}" for k, v in figures.items()))
    benchmark.group = "issue 23.2: Monte Carlo equity, 4,000,000 deals, beside eval7"
    benchmark.pedantic(mine(1), rounds=1, iterations=1)


#: Issue 23.3's spots: a 150-combo range against an 80-combo range on a river (counted on
#: the board), and "QQ+,AKs" against "JJ-99,AQs" on a flop.
RIVER = ("33+, A2s+, KTs+, QJs, ATo+, KQo", "99+, ATs+, AJo+, KJs+, 50%(QJs), 0.25(T9s)",
         "2c 7d 9h Js Kc")
FLOP = ("QQ+, AKs", "JJ-99, AQs", "Qs 8d 3c")
EVAL7_TRIALS = 20_000  # per hand, for eval7's py_all_hands_vs_range (a Monte Carlo)


@pytest.mark.skipif(not HAVE_EVAL7, reason="eval7 not installed")
@pytest.mark.parametrize("spot", ["river", "flop"])
def test_exact_ranges(benchmark, spot: str) -> None:
    import eval7

    hero, villain, board = RIVER if spot == "river" else FLOP
    equity([hero, villain], board=board, exact=True)  # compiled and loaded before timing

    def unweighted(text: str) -> str:  # eval7's range parser takes no spaces
        return text.replace(" ", "")

    cards = [eval7.Card(c) for c in board.split()]
    best = interleaved({
        "cartes exact, one thread": lambda: equity([hero, villain], board=board, exact=True,
                                                   threads=1),
        "cartes exact, two threads": lambda: equity([hero, villain], board=board, exact=True,
                                                    threads=2),
        "cartes exact by hand": lambda: hand_equities([hero, villain], board=board, exact=True),
        "eval7 all hands vs range": lambda: eval7.py_all_hands_vs_range(
            eval7.HandRange(unweighted(hero)), eval7.HandRange(unweighted(villain)), cards,
            EVAL7_TRIALS,
        ),
    })
    figures = {f"{k} s": v for k, v in best.items()}
    figures["by hand x eval7"] = best["eval7 all hands vs range"] / best["cartes exact by hand"]
    benchmark.extra_info.update(figures)
    print(f"\n{spot}: " + ", ".join(f"{k} {v:.4f}" for k, v in figures.items()))
    benchmark.group = "issue 23.3: exact range against range in one call"
    benchmark.pedantic(equity, args=([hero, villain],), kwargs={"board": board, "exact": True},
                       rounds=3, iterations=1)

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
