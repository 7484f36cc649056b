"""The first equity of a fresh process (issue 23.5), with numba's disk cache cold and warm,
beside eval7's first equity in a fresh process.

Each measurement is a new Python process that imports the library, then times its first
equity call (which, for cartes, imports numba and compiles or loads the one kernel the call
needs). *Cold* gives the process an empty numba cache directory (``NUMBA_CACHE_DIR``), as a
fresh install has; *warm* reuses one that a previous process filled. The median of 5 of each
is reported, with the process's CPU time beside its wall time (the machine is shared: CPU time
wanders less), and the time ``import numba`` alone takes in a fresh process, which every first
call pays.

Run: ``python benchmarks/bench_first_call.py`` (a table), or through pytest
(``pytest benchmarks/bench_first_call.py -s``), which records the medians in ``extra_info``.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

CALL = 'equity(["As Ah", "Kd Kc"])'  # exact: every preflop board
MC_CALL = 'equity(["As Ah", "Kd Kc"], exact=False, trials=100_000, seed=1)'

CHILD = """
import json, sys, time
start, cpu = time.perf_counter(), time.process_time()
{imports}
imported = time.perf_counter()
{call}
done = time.perf_counter()
print(json.dumps({{"import": imported - start, "first": done - imported,
                   "cpu": time.process_time() - cpu}}))
"""

CASES = {
    "cartes exact": ("import cartes\nfrom cartes.analysis import equity", CALL),
    "cartes Monte Carlo": ("import cartes\nfrom cartes.analysis import equity", MC_CALL),
    "eval7 Monte Carlo": (
        "import eval7",
        "eval7.py_hand_vs_range_monte_carlo([eval7.Card('As'), eval7.Card('Ah')], "
        "eval7.HandRange('KdKc'), [], 100_000)",
    ),
    "import numba alone": ("pass", "import numba"),
}


def _source() -> str:
    return str(Path(__file__).resolve().parents[1] / "src")


def run_once(case: str, cache: str) -> dict[str, float]:
    imports, call = CASES[case]
    env = {
        **os.environ,
        "NUMBA_CACHE_DIR": cache,
        "PYTHONPATH": os.pathsep.join([_source(), os.environ.get("PYTHONPATH", "")]),
    }
    out = subprocess.run(
        [sys.executable, "-c", CHILD.format(imports=imports, call=call)],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def measure(repeats: int = 5) -> dict[str, dict[str, float]]:
    """Median figures of ``repeats`` fresh processes per case, cold and warm."""
    results: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as root:
        for case in CASES:
            for state in ("cold", "warm"):
                if case.startswith(("eval7", "import")) and state == "warm":
                    continue  # no numba cache involved
                runs = []
                warm = os.path.join(root, f"{case}-warm")
                if state == "warm":
                    run_once(case, warm)  # fill the cache once
                for i in range(repeats):
                    cache = warm if state == "warm" else os.path.join(root, f"{case}-cold-{i}")
                    runs.append(run_once(case, cache))
                label = case if case.startswith(("eval7", "import")) else f"{case}, {state}"
                results[label] = {
                    key: statistics.median(run[key] for run in runs) for key in runs[0]
                }
    return results


def test_first_call(benchmark) -> None:  # type: ignore[no-untyped-def]
    results = measure()
    for label, figures in results.items():
        benchmark.extra_info[label] = figures
        print(f"\n{label}: " + ", ".join(f"{k} {v:.3f} s" for k, v in figures.items()))
    benchmark.group = "issue 23.5: the first equity of a fresh process"
    benchmark.pedantic(lambda: None, rounds=1)


def main() -> None:
    results = measure()
    print(f"{'case':<32} {'import':>8} {'first call':>11} {'CPU':>8}")
    for label, figures in results.items():
        print(
            f"{label:<32} {figures['import']:>7.3f}s {figures['first']:>10.3f}s "
            f"{figures['cpu']:>7.3f}s"
        )


if __name__ == "__main__":
    main()
