"""Compile every compiled entry point now, so that no later first call waits for numba.

The evaluator and the analysis are compiled by numba on their first call and cached on disk;
on a fresh install that first call takes seconds. :func:`warm_up` (the ``cartes warm-up``
command) makes those first calls at once, through the public functions, with the inputs
users pass (byte and int64 arrays of 5, 6 and 7 cards, both rankings, checked or not, one
thread or all, exact and Monte Carlo equity), so that an image or a CI job can pay the cost
once, when it is built.

``cartes warm-up`` prints a line per step; the steps are:

>>> names = steps()
>>> len(names), names[0], names[-1]
(37, 'evaluate: seven ints, standard', 'equity: Monte Carlo, three-handed')
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

import numpy as np

__all__ = ["WarmUpStep", "steps", "warm_up"]


@dataclass(frozen=True)
class WarmUpStep:
    """One compiled entry point made ready: its name and how long the first call took.

    >>> WarmUpStep("evaluate", 0.5).seconds
    0.5
    """

    name: str
    seconds: float


def _steps() -> list[tuple[str, Callable[[], object]]]:
    import cartes
    from cartes import evaluation
    from cartes.analysis import equity

    both = ("standard", "calatone")
    steps: list[tuple[str, Callable[[], object]]] = []
    seven = (0, 5, 10, 15, 20, 25, 30)
    for ranking, raw in zip(both, (evaluation.standard7, evaluation.calatone7), strict=True):
        # evaluate() moves to the compiled entry point after its first calls: compile it too
        steps.append((f"evaluate: seven ints, {ranking}",
                      partial(_all, [partial(cartes.evaluate, seven, ranking),
                                     partial(raw, *seven)])))
    steps.append(("strength7: seven ints, a ranking by number",
                  partial(evaluation.strength7, *seven, 0)))
    for ranking in both:
        steps.append((f"evaluate: five and six cards, {ranking}",
                      partial(_each, cartes.evaluate, [((0, 5, 10, 15, 20), ranking),
                                                       ((0, 5, 10, 15, 20, 25), ranking)])))
    for k in (5, 6, 7):
        rows = cartes.random_hands(256, k, seed=k)
        for dtype in (np.uint8, np.int64):
            typed = rows.astype(dtype)
            for check in (True, False):
                for threads in (1, True):
                    name = (f"evaluate_many: {k} cards, {np.dtype(dtype).name}, "
                            f"{'checked' if check else 'unchecked'}, "
                            f"{'one thread' if threads == 1 else 'all threads'}")
                    calls = [partial(cartes.evaluate_many, typed, r, check=check, threads=threads)
                             for r in both]
                    steps.append((name, partial(_all, calls)))
    bad = np.array([[0, 1, 2, 3, 4, 5, 5]], dtype=np.uint8)  # a card twice
    steps.append(("evaluate_many: the check that names a bad row", partial(_refused, bad)))
    for k in (5, 6, 7):
        counts = [partial(cartes.category_counts, k, r) for r in both]
        steps.append((f"category_counts: {k} cards", partial(_all, counts)))
    pair = ["As Ah", "Ks Kh"]
    steps.append(("equity: exact, a river",
                  partial(equity, pair, board="2c 7d 9h Jc 3s", exact=True)))
    steps.append(("equity: exact, a turn", partial(equity, pair, board="2c 7d 9h Jc", exact=True)))
    steps.append(("equity: Monte Carlo, heads-up",
                  partial(equity, pair, exact=False, trials=2_000, seed=1)))
    steps.append(("equity: Monte Carlo, three-handed",
                  partial(equity, [*pair, "7c 8c"], exact=False, trials=2_000, seed=1)))
    return steps


def steps() -> list[str]:
    """The names of the steps :func:`warm_up` takes, in order (nothing is compiled)."""
    return [name for name, _ in _steps()]


def _refused(rows: np.ndarray[Any, Any]) -> None:
    """Evaluate rows that hold a bad one: the check that says which (an error) compiles."""
    import cartes
    from cartes.errors import CartesError

    try:
        cartes.evaluate_many(rows)
    except CartesError:
        return
    raise AssertionError("a bad row was not refused")  # pragma: no cover - a broken check


def _all(calls: Sequence[Callable[[], object]]) -> list[object]:
    return [call() for call in calls]


def _each(function: Callable[..., object], arguments: list[tuple[object, ...]]) -> list[object]:
    return [function(*args) for args in arguments]


def warm_up(report: Callable[[str], None] | None = print) -> list[WarmUpStep]:
    """Make the first call of every compiled entry point now; ``report`` gets one line per
    step as it finishes (``None``: silent). Returns each step with the time it took: the
    compile time on a cold cache, the cache load on a warm one.
    """
    from cartes.analysis import _boards
    from cartes.evaluation import _vectorised

    # Small batches and exact equities go through numpy until a process has done enough of
    # them; warming up means the compiled kernels, so they are used from the first step.
    _vectorised.retire()
    _boards.retire()
    todo = _steps()
    done = []
    started = time.perf_counter()
    for number, (name, call) in enumerate(todo, 1):
        begin = time.perf_counter()
        call()
        step = WarmUpStep(name, time.perf_counter() - begin)
        done.append(step)
        if report is not None:
            report(f"[{number}/{len(todo)}] {name}: {step.seconds:.2f} s")
    if report is not None:
        report(f"ready: {len(todo)} entry points in {time.perf_counter() - started:.1f} s")
    return done
