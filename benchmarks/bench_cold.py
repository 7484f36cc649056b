"""The first minute of a fresh process: what the first batch and the first equity cost while
numba compiles (issue 21, "the first minute", and issue 23.5).

Every measurement is a new Python process that imports cartes and times its first calls, each
as wall time and as the process's CPU time (the machine is shared: CPU time wanders less).
*Cold* gives each process an empty private numba cache directory (``NUMBA_CACHE_DIR``), as a
fresh install has; *warm* gives it one that an earlier process filled. Each case runs
``REPEATS`` times; the best and the median are reported.

The baseline, measured in the same run, is what numba costs before any kernel of cartes:
``import numba`` and its first compilation of a one-line function (which loads numba's
extensions, as every first compile or cache load does). A first call is reported beside it, as
a ratio: the part of the first call above it is the part cartes decides.

Two more cases split the warm first Monte Carlo: the same call after numba has started in the
process (what is left is cartes' own part), and numba's baseline and the first Monte Carlo in
a process where scipy cannot be imported (numba's BLAS check imports scipy whenever it is
installed, as it is beside open-spiel; ``pip install cartes`` alone brings no scipy).

Targets (issue 21 and 23.5, a quiet machine, medians): the first ``evaluate_many`` on a cold
cache <= 1.5 s; the first equity < 3 s cold and < 0.3 s warm; the first batch warm <= 0.25 s.

Run: ``python benchmarks/bench_cold.py`` (a table; ``--src DIR`` measures another checkout's
``src``, such as an older commit's worktree, ``--repeats N``), or through pytest
(``pytest benchmarks/bench_cold.py -s``), which records the figures in ``extra_info``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPEATS = 5
#: A batch past the numpy path's budget (cartes.evaluation._vectorised.ROW_BUDGET): compiled.
COMPILED_ROWS = 20_000_001

#: The issue's targets, seconds of CPU time (median): (case, step) -> target.
TARGETS: dict[tuple[str, str], float] = {
    ("evaluate_many, cold", "first batch"): 1.5,
    ("evaluate_many, warm", "first batch"): 0.25,
    ("equity, cold", "first exact equity"): 3.0,
    ("equity, warm", "first exact equity"): 0.3,
    ("equity, Monte Carlo first, cold", "first Monte Carlo"): 3.0,
    ("equity, Monte Carlo first, warm", "first Monte Carlo"): 0.3,
}

_NUMBA_BASELINE = [
    ("import numba", "import numba"),
    ("first compile", "numba.njit(lambda x: x + 1)(1)"),
]
_FIRST_MONTE_CARLO = (
    "first Monte Carlo", 'equity(["As Ah", "Kd Kc"], exact=False, trials=100_000, seed=1)'
)

#: Each case: the statements timed one after the other in one fresh process (name, code).
CASES: dict[str, list[tuple[str, str]]] = {
    "numba baseline": _NUMBA_BASELINE,
    "evaluate_many": [
        ("first batch", "cartes.evaluate_many(cartes.random_hands(1_000, 7, seed=1))"),
        ("first large batch", "cartes.evaluate_many(cartes.random_hands(200_000, 7, seed=2))"),
        ("five cards", "cartes.evaluate_many(cartes.random_hands(1_000, 5, seed=3))"),
    ],
    # What the numpy path saves: the first batch too big for it, which compiles.
    "evaluate_many, compiled first": [
        ("hands made", f"import numpy as np; hands = np.tile(cartes.random_hands(1, 7, seed=4), "
                       f"({COMPILED_ROWS}, 1))"),
        ("first batch", "cartes.evaluate_many(hands)"),
    ],
    "equity": [
        ("first exact equity", 'equity(["As Ah", "Kd Kc"])'),
        ("then Monte Carlo", 'equity(["As Ah", "Kd Kc"], exact=False, trials=100_000, seed=1)'),
    ],
    "equity, Monte Carlo first": [_FIRST_MONTE_CARLO],
    # cartes' own part of a first call: numba started first, then the same Monte Carlo.
    "equity, Monte Carlo after numba's start": [
        ("numba started", "; ".join(code for _, code in _NUMBA_BASELINE)),
        _FIRST_MONTE_CARLO,
    ],
    # What an install without scipy sees (numba's BLAS check imports scipy when it is there).
    "numba baseline, without scipy": _NUMBA_BASELINE,
    "equity, Monte Carlo first, without scipy": [_FIRST_MONTE_CARLO],
}

#: Cases whose process is run as if scipy were not installed.
WITHOUT_SCIPY = {name for name in CASES if name.endswith("without scipy")}

CHILD = """
import json, sys, time
if {block_scipy!r}:
    sys.modules["scipy"] = None  # an import of scipy now fails, as on an install without it
import cartes
from cartes.analysis import equity
steps = {steps!r}
out = {{}}
for name, code in steps:
    wall, cpu = time.perf_counter(), time.process_time()
    exec(code)
    out[name] = [time.perf_counter() - wall, time.process_time() - cpu]
print(json.dumps(out))
"""


def _source() -> str:
    return str(Path(__file__).resolve().parents[1] / "src")


def run_once(case: str, cache: str, source: str) -> dict[str, list[float]]:
    """One fresh process running ``case`` with numba's cache in ``cache``: each step's
    ``[wall, cpu]`` seconds."""
    env = {
        **os.environ,
        "NUMBA_CACHE_DIR": cache,
        "PYTHONPATH": os.pathsep.join([source, os.environ.get("PYTHONPATH", "")]),
    }
    out = subprocess.run(
        [sys.executable, "-c",
         CHILD.format(steps=CASES[case], block_scipy=case in WITHOUT_SCIPY)],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def measure(
    repeats: int = REPEATS, source: str | None = None
) -> dict[str, dict[str, dict[str, float]]]:
    """``{"case, state": {step: {"wall best", "wall median", "cpu best", "cpu median"}}}``,
    the runs of the cases interleaved (each round runs every case once), so that a busy spell
    of the machine falls on all of them."""
    source = source or _source()
    runs: dict[str, list[dict[str, list[float]]]] = {}
    with tempfile.TemporaryDirectory() as root:
        warm = {case: os.path.join(root, f"warm-{i}") for i, case in enumerate(CASES)}
        for case in CASES:
            run_once(case, warm[case], source)  # fill the warm caches
        for r in range(repeats):
            for i, case in enumerate(CASES):
                cold = os.path.join(root, f"cold-{i}-{r}")
                runs.setdefault(f"{case}, cold", []).append(run_once(case, cold, source))
                if not case.startswith("numba baseline"):
                    runs.setdefault(f"{case}, warm", []).append(run_once(case, warm[case], source))
    results: dict[str, dict[str, dict[str, float]]] = {}
    for label, done in runs.items():
        results[label] = {
            step: {
                "wall best": min(run[step][0] for run in done),
                "wall median": statistics.median(run[step][0] for run in done),
                "cpu best": min(run[step][1] for run in done),
                "cpu median": statistics.median(run[step][1] for run in done),
            }
            for step in done[0]
        }
    return results


def table(results: dict[str, dict[str, dict[str, float]]]) -> list[str]:
    """The figures as text lines, each first call with its ratio to numba's own first compile
    (baseline, CPU medians)."""
    base = results["numba baseline, cold"]
    floor = base["import numba"]["cpu median"] + base["first compile"]["cpu median"]
    lines = [
        f"{'case':<48} {'step':<20} {'wall best':>9} {'median':>8} {'cpu best':>9} "
        f"{'median':>8} {'/ numba':>8}  target"
    ]
    for label, steps in results.items():
        for step, f in steps.items():
            target = TARGETS.get((label, step))
            verdict = (
                ""
                if target is None
                else f"  <= {target:g} s: {'met' if f['cpu median'] <= target else 'MISSED'}"
            )
            lines.append(
                f"{label:<48} {step:<20} {f['wall best']:>8.3f}s {f['wall median']:>7.3f}s "
                f"{f['cpu best']:>8.3f}s {f['cpu median']:>7.3f}s "
                f"{f['cpu median'] / floor:>7.2f}x{verdict}"
            )
    return lines


RATE_CHILD = """
import json, time
import numpy as np
import cartes
from cartes.analysis import _boards, equity
from cartes.analysis.equity import _board_problem, _exact, _keyed
from cartes.evaluation import _vectorised, kernels

def best(call, repeats={repeats}):
    times = []
    for _ in range(repeats):
        cpu = time.process_time()
        call()
        times.append(time.process_time() - cpu)
    return min(times)

hands = cartes.random_hands(1_000_000, 7, seed=5)
out = np.empty(len(hands), np.uint16)
kernels.evaluate_rows_checked(hands[:100], 0, out[:100])  # compiled before it is timed
problem = _board_problem(["As Ah", "Kd Kc"], None, None, "standard")
keyed = _keyed(problem)
with _boards.budget(0):
    _exact(problem, 1)
figures = {{}}
for _ in range(2):  # interleaved, so that a busy spell falls on both
    figures.setdefault("numpy", []).append(
        best(lambda: _vectorised.row_strengths(hands, 0, out, True)))
    figures.setdefault("compiled", []).append(
        best(lambda: kernels.evaluate_rows_checked(hands, 0, out)))
    figures.setdefault("numpy exact", []).append(best(lambda: _boards.enumerate_exact(keyed)))
    figures.setdefault("compiled exact", []).append(best(lambda: _exact(problem, 1)))
print(json.dumps({{name: min(times) for name, times in figures.items()}}))
"""


def running_costs(repeats: int = REPEATS, source: str | None = None) -> dict[str, float]:
    """In one warm process, best-of-``repeats`` CPU seconds: a checked batch of a million
    seven-card hands in numpy and compiled (one thread), and the preflop heads-up exact
    equity (1,712,304 boards) in numpy and compiled (one thread)."""
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([source or _source(), os.environ.get("PYTHONPATH", "")]),
    }
    out = subprocess.run(
        [sys.executable, "-c", RATE_CHILD.format(repeats=repeats)],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def cost_lines(costs: dict[str, float]) -> list[str]:
    """The run-time cost of the numpy paths, as ratios to the compiled kernels (same run)."""
    return [
        f"a million 7-card hands, checked: numpy {costs['numpy']:.3f} s, compiled "
        f"{costs['compiled']:.3f} s: numpy {costs['numpy'] / costs['compiled']:.1f}x the "
        f"compiled time ({1 / costs['numpy']:.1f} M hands/s)",
        f"preflop heads-up exact equity: numpy {costs['numpy exact']:.3f} s, compiled "
        f"{costs['compiled exact']:.3f} s: numpy "
        f"{costs['numpy exact'] / costs['compiled exact']:.1f}x the compiled time",
    ]


def test_cold_and_warm_first_calls(benchmark) -> None:  # type: ignore[no-untyped-def]
    results = measure()
    for label, steps in results.items():
        benchmark.extra_info[label] = steps
    costs = running_costs()
    benchmark.extra_info["running costs"] = costs
    print("\n" + "\n".join(table(results) + cost_lines(costs)))
    benchmark.group = "issue 21 and 23.5: the first calls of a fresh process"
    benchmark.pedantic(lambda: None, rounds=1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--src", help="the src directory to measure (default: this checkout's)")
    parser.add_argument("--repeats", type=int, default=REPEATS)
    args = parser.parse_args()
    results = measure(args.repeats, args.src)
    print("\n".join(table(results) + cost_lines(running_costs(args.repeats, args.src))))


if __name__ == "__main__":
    main()
