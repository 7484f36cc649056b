"""Issue 8.1: the parallel kernels are safe under fork, spawn, forkserver and concurrent threads,
whichever threading layer numba uses. Each case runs in a subprocess with a timeout, so a hang or
an abort fails the test instead of the test run."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from _child_process import run_script, threading_layers

SCRIPT = textwrap.dedent(
    """
    import multiprocessing, sys, threading
    import numpy as np
    import cartes
    from cartes.evaluation import _vectorised

    _vectorised.retire()  # the compiled kernels are what this checks, not the numpy path
    HANDS = cartes.random_hands(30_000, 7, seed=1)
    EXPECTED = cartes.evaluate_many(HANDS, threads=False)
    COUNTS = cartes.category_counts(7, threads=1)

    def work(seed):
        # Both kinds of parallel kernel, in the child.
        hands = cartes.random_hands(20_000, 7, seed=seed)
        strengths = cartes.evaluate_many(hands, threads=True)
        serial = cartes.evaluate_many(hands, threads=False)
        return bool((strengths == serial).all()) and cartes.category_counts(7) == COUNTS

    def hammer(results):
        for _ in range(15):
            results.append(bool((cartes.evaluate_many(HANDS, threads=True) == EXPECTED).all()))
        results.append(cartes.category_counts(7, threads=2) == COUNTS)

    if __name__ == "__main__":
        import numba
        # The parent starts numba's thread pool first (with a parallel kernel of its own, since
        # cartes runs none): that is what made fork children hang.
        @numba.njit(parallel=True)
        def own(n):
            total = 0
            for i in numba.prange(n):
                total += i
            return total
        assert own(1000) == 499500
        assert (cartes.evaluate_many(HANDS, threads=True) == EXPECTED).all()
        print("layer", numba.threading_layer(), flush=True)
        for method in sys.argv[1:]:
            if method == "threads":
                results = []
                threads = [threading.Thread(target=hammer, args=(results,)) for _ in range(4)]
                for thread in threads:
                    thread.start()
                for thread in threads:
                    thread.join()
                assert len(results) == 64 and all(results), results
            else:
                with multiprocessing.get_context(method).Pool(2) as pool:
                    assert pool.map(work, [2, 3]) == [True, True]
            print("ok", method, flush=True)
    """
)


def _layers() -> list[str]:
    return threading_layers()


def _run(tmp_path: Path, layer: str, cases: list[str], timeout: float = 240) -> str:
    return run_script(tmp_path, "safety.py", SCRIPT, layer, cases, timeout)


@pytest.mark.parametrize("layer", _layers())
def test_pools_and_threads_after_a_parallel_batch(tmp_path: Path, layer: str) -> None:
    # Spawn and forkserver children start a fresh interpreter, whatever the layer: checked once.
    cases = ["fork", "threads"] + (["forkserver", "spawn"] if layer == "omp" else [])
    output = _run(tmp_path, layer, cases)
    assert f"layer {layer}" in output
    for case in cases:
        assert f"ok {case}" in output, output
