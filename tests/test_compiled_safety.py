"""Issue 23, item 1: every compiled entry point of the library is safe under fork, spawn,
forkserver and threads, whichever threading layer numba uses.

The test finds every ``parallel=True`` kernel in the library by walking its modules, runs each
(through the public call that uses it) in a parent process, then in children forked,
spawned and started by a forkserver from that parent, and on several threads at once; the
analysis kernels, which run on plain threads instead (:func:`cartes.evaluation._pool.split`),
go through the same. The issue's ``ProcessPoolExecutor`` reproduction runs too, as the first
call of a process and after the parent has run everything. Each case runs in a subprocess with
a timeout, so a hang or an abort fails the test instead of the test run.
"""

from __future__ import annotations

import importlib
import pkgutil
import textwrap
from pathlib import Path

import pytest

import cartes
from _child_process import run_script, threading_layers

#: Every parallel kernel of the library, and the public call (in the script below) that runs it.
#: A new parallel kernel fails ``test_every_parallel_kernel_is_run_by_the_safety_script`` until
#: it is listed here with a call that reaches it. There is none today: the batches and the sweep
#: run their serial kernels on plain threads (``_pool.split``), as the analysis does, and the
#: script below still runs each of those calls in every kind of child.
PARALLEL_KERNELS: dict[str, str] = {}

SCRIPT = textwrap.dedent(
    """
    import multiprocessing, sys, threading
    from concurrent.futures import ProcessPoolExecutor
    import numpy as np
    import cartes
    from cartes.analysis import _boards, equity, hand_equities, seven_card_equity
    from cartes.evaluation import _vectorised

    # The compiled kernels are what this checks: no first batch or equity through numpy.
    _vectorised.retire()
    _boards.retire()
    HANDS = cartes.random_hands(30_000, 7, seed=1)

    CALLS = {
        "batch_checked": lambda: cartes.evaluate_many(HANDS, threads=True).tobytes(),
        "batch_unchecked": lambda: cartes.evaluate_many(HANDS, threads=True, check=False).tobytes(),
        "sweep": lambda: cartes.category_counts(7, threads=2),
        "exact": lambda: equity(["As Ah", "KK, AKs"], board="Qs Jd 2c", threads=2),
        "monte_carlo": lambda: equity(["As Ah", "QQ+", ""], exact=False, trials=200_000, seed=1,
                                      threads=2),
        "by_hand": lambda: hand_equities(["QQ+, AKs", "JJ-99"], board="Qs 8d 3c", threads=2),
        "stud": lambda: seven_card_equity(["As Ad Kc", "7h 8h 9h"], exact=False, trials=100_000,
                                          seed=2, threads=2),
    }

    def run_all():
        return {name: call() for name, call in CALLS.items()}

    def hammer(expected, results):
        for _ in range(3):
            results.append(run_all() == expected)

    if __name__ == "__main__":
        import numba
        if sys.argv[1] == "first-call":
            # The issue's reproduction as the first call of a process (fork is Linux's default).
            with ProcessPoolExecutor(2) as pool:
                result = equity(["As Ah", "Ks Kh"], exact=False, trials=200_000, seed=1,
                                executor=pool)
            assert result == equity(["As Ah", "Ks Kh"], exact=False, trials=200_000, seed=1)
            print("ok first-call", flush=True)
            sys.exit(0)
        # The parent runs every kernel first, and starts numba's thread pool with a parallel
        # kernel of its own: that is what made fork children die or hang.
        @numba.njit(parallel=True)
        def own(n):
            total = 0
            for i in numba.prange(n):
                total += i
            return total
        assert own(1000) == 499500
        expected = run_all()
        print("layer", numba.threading_layer(), flush=True)
        kernels = [name for name in sys.argv[1].split(",") if name]
        for qualified in kernels:
            module, _, name = qualified.rpartition(".")
            dispatcher = getattr(sys.modules[module], name)
            assert dispatcher.signatures, f"{qualified} was not run by the parent"
        print("ran", len(kernels), "parallel kernels", flush=True)
        for method in sys.argv[2:]:
            if method == "threads":
                results = []
                threads = [threading.Thread(target=hammer, args=(expected, results))
                           for _ in range(4)]
                for thread in threads:
                    thread.start()
                for thread in threads:
                    thread.join()
                assert len(results) == 12 and all(results), results
            elif method == "executor":
                # The issue's reproduction after the parent ran everything.
                with ProcessPoolExecutor(2) as pool:
                    assert equity(["As Ah", "Ks Kh"], exact=False, trials=200_000, seed=1,
                                  executor=pool) == equity(["As Ah", "Ks Kh"], exact=False,
                                                           trials=200_000, seed=1)
            else:
                with multiprocessing.get_context(method).Pool(2) as pool:
                    # apply_async after a parent call used to never return under fork.
                    pending = [pool.apply_async(run_all) for _ in range(2)]
                    assert all(p.get(timeout=240) == expected for p in pending)
            print("ok", method, flush=True)
    """
)


def _parallel_kernels() -> set[str]:
    """The qualified names of every ``parallel=True`` numba dispatcher in cartes's modules."""
    from numba.core.registry import CPUDispatcher

    from cartes.games._moved import MOVED

    found = set()
    for info in pkgutil.walk_packages(cartes.__path__, "cartes."):
        if info.name.endswith("__main__") or info.name in MOVED:  # the command line; aliases
            continue
        try:
            module = importlib.import_module(info.name)
        except ImportError:  # an optional extra that is not installed
            continue
        for name, value in vars(module).items():
            if (
                isinstance(value, CPUDispatcher)
                and value.targetoptions.get("parallel")
                and value.py_func.__module__ == info.name  # defined here, not imported
            ):
                found.add(f"{info.name}.{name}")
    return found


def _layers() -> list[str]:
    return threading_layers()


def _run(tmp_path: Path, layer: str, args: list[str], timeout: float = 600) -> str:
    return run_script(tmp_path, "compiled_safety.py", SCRIPT, layer, args, timeout)


def test_every_parallel_kernel_is_run_by_the_safety_script() -> None:
    found = _parallel_kernels()
    assert found == set(PARALLEL_KERNELS), (
        "list every parallel=True kernel in PARALLEL_KERNELS with the call that runs it: "
        f"found {sorted(found)}"
    )


def test_the_analysis_kernels_need_no_numba_thread_pool() -> None:
    from cartes.analysis import _kernels

    for name, dispatcher in _kernels.DISPATCHERS.items():
        assert not dispatcher.targetoptions.get("parallel"), name
        assert dispatcher.targetoptions.get("nogil"), name  # so that threads run at once


@pytest.mark.parametrize("layer", _layers())
def test_every_kernel_in_forked_spawned_and_threaded_children_after_the_parent(
    tmp_path: Path, layer: str
) -> None:
    # Spawn and forkserver children start a fresh interpreter, whatever the layer: checked once.
    cases = ["fork", "executor", "threads"] + (["forkserver", "spawn"] if layer == "omp" else [])
    output = _run(tmp_path, layer, [",".join(sorted(PARALLEL_KERNELS)), *cases])
    assert f"layer {layer}" in output
    assert f"ran {len(PARALLEL_KERNELS)} parallel kernels" in output
    for case in cases:
        assert f"ok {case}" in output, output


def test_the_issue_process_pool_reproduction_as_the_first_call(tmp_path: Path) -> None:
    output = _run(tmp_path, "omp", ["first-call"], timeout=300)
    assert "ok first-call" in output, output
