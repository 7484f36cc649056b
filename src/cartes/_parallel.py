"""Running blocks of work on a :class:`concurrent.futures.Executor`, reproducibly: the pieces
that :func:`cartes.play.simulate` and :mod:`cartes.analysis` share. Public through
:mod:`cartes.analysis.executors`; kept here, below the games, so that the runners in
:mod:`cartes.play` need not load the analysis (``import cartes`` stays light).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, as_completed
from typing import Any, Final, TypeVar

import numpy as np

from cartes.deck import SeedLike, make_rng
from cartes.errors import OptionError

__all__ = [
    "SIMULATE_BLOCK",
    "SerialExecutor",
    "check_executor",
    "gather",
    "seed_sequence",
    "split_evenly",
]

#: Hands in one block of :func:`cartes.play.simulate` run on an executor.
SIMULATE_BLOCK: Final = 250

T = TypeVar("T")


class SerialExecutor(Executor):
    """An executor that runs each task at once, in the calling thread: the serial reference
    that a pool or a cluster must reproduce.

    >>> SerialExecutor().submit(pow, 2, 10).result()
    1024
    """

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        """Run ``fn`` with the arguments now; a finished future holds its result or error."""
        future: Future[T] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as error:  # the future carries it, as a pool's would
            future.set_exception(error)
        return future


def check_executor(executor: object) -> Executor:
    """``executor`` if it can run tasks (a :class:`concurrent.futures.Executor`, or anything
    with ``submit``), else :class:`~cartes.errors.OptionError` saying what is allowed.

    >>> check_executor(SerialExecutor()).__class__.__name__
    'SerialExecutor'
    """
    if not isinstance(executor, Executor) and not callable(getattr(executor, "submit", None)):
        raise OptionError(
            f"executor must be a concurrent.futures.Executor (a process pool, "
            f"client.get_executor(), SerialExecutor()), got {executor!r}"
        )
    return executor  # type: ignore[return-value]


def split_evenly(items: int, executor: Executor) -> list[slice]:
    """Contiguous slices of ``range(items)``, about four per worker (so that a slow worker
    does not hold the rest up), none empty.

    >>> split_evenly(10, SerialExecutor())
    [slice(0, 1, None), slice(1, 2, None), slice(2, 3, None), slice(3, 5, None), ...]
    """
    parts = max(1, min(items, 4 * _workers(executor)))
    bounds = [items * i // parts for i in range(parts + 1)]
    return [slice(a, b) for a, b in itertools.pairwise(bounds) if b > a]


def _workers(executor: Executor) -> int:
    count = getattr(executor, "_max_workers", None)
    if isinstance(count, int) and count > 0:
        return count
    client = getattr(executor, "_client", None)  # a Dask ClientExecutor
    if client is not None:
        try:
            return max(1, int(sum(client.nthreads().values())))
        except Exception:  # pragma: no cover - a client that cannot say
            return 2
    return 2


def gather(futures: Sequence[Future[T]], progress: bool | str = False) -> list[T]:
    """The futures' results in submission order; ``progress`` shows a tqdm bar (True, or a
    label) as they complete (tqdm is an optional extra: without it, no bar).

    >>> gather([SerialExecutor().submit(abs, -3)])
    [3]
    """
    if progress:
        try:
            from tqdm.auto import tqdm
        except ImportError:  # pragma: no cover - tqdm is optional
            progress = False
        else:
            label = progress if isinstance(progress, str) else None
            with tqdm(total=len(futures), desc=label) as bar:
                for _ in as_completed(futures):
                    bar.update(1)
    return [future.result() for future in futures]


def seed_sequence(seed: SeedLike | np.random.SeedSequence) -> np.random.SeedSequence:
    """The root :class:`numpy.random.SeedSequence` of a seed (an int, None, a Generator, or a
    SeedSequence). A Generator gives one drawn from it, so the call advances it.

    >>> seed_sequence(7).entropy
    7
    """
    if isinstance(seed, np.random.SeedSequence):
        return seed
    rng = make_rng(seed)  # checks the seed, with the library's SeedError
    if isinstance(seed, np.random.Generator) or seed is None:
        return np.random.SeedSequence(rng.integers(0, 2**63, size=4).tolist())
    return np.random.SeedSequence(int(seed))
