"""Run numba's parallel kernels safely from any thread, and in processes forked from any other.

numba's threading layers each fail one way (measured with numba 0.68): with GNU OpenMP
(``omp``, picked when TBB is missing) a process forked from one whose thread pool has run
is terminated as soon as it starts a parallel region, which leaves a ``multiprocessing.Pool``
waiting for it forever; with ``workqueue``, two Python threads in parallel regions at once
abort the whole process. TBB's ``safe`` layer has neither problem, but choosing a threading
layer is a process-wide setting a library should leave to its user, and the ``tbb`` package is
a large dependency. So every parallel kernel cartes runs goes through :func:`run`, which is
safe whatever layer numba picked:

* one parallel region at a time: a thread that finds another thread's region running runs the
  serial kernel instead (the cores are busy anyway, and it never waits);
* in a process forked from one whose OpenMP pool has run, the serial kernel always (spawn and
  forkserver children start clean, and the other layers survive a fork).

Whether the pool has run is asked of numba itself, not only of :func:`run`: anything that
starts it (``numba.get_num_threads()`` does, and so does a parallel kernel of the caller's own)
counts.

The other way to use several cores, :func:`split`, needs no numba thread pool at all: it runs
serial ``nogil`` kernels on plain Python threads made for the call, one task per thread, so it
is safe under fork, spawn, forkserver and threads by construction (nothing of it outlives the
call, and numba's dispatchers are thread-safe). The analysis kernels use it: their work comes in
independent pieces (Monte Carlo chunks, enumeration items) whose integer results add up the
same in any grouping, and they compile once, without a parallel twin. Today every threaded
call of cartes goes this way (the batches, the sweep and the analysis), and :func:`run` is
kept for a parallel kernel that cannot: cartes then starts no numba thread pool of its own.

>>> run(lambda: "parallel", lambda: "serial", None) in ("parallel", "serial")
True
>>> split([lambda: 1, lambda: 2, lambda: 3], workers=2)
[1, 2, 3]
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable, Sequence
from typing import TypeVar

__all__ = ["default_workers", "run", "split"]

T = TypeVar("T")

_lock = threading.Lock()
#: Whether this process has started numba's thread pool (by running a parallel kernel).
_pool_started = False
#: Whether this process was forked from one whose pool had started.
_forked_after_pool = False


def _numba_pool_started() -> bool:
    """Whether numba has launched its thread pool in this process (without launching it)."""
    parallel = sys.modules.get("numba.np.ufunc.parallel")
    return bool(getattr(parallel, "_is_initialized", False))


def _after_fork_in_child() -> None:
    global _lock, _forked_after_pool
    # A thread of the parent may have held the lock at the fork: it never releases it here.
    _lock = threading.Lock()
    _forked_after_pool = _forked_after_pool or _pool_started or _numba_pool_started()


os.register_at_fork(after_in_child=_after_fork_in_child)


def parallel_allowed() -> bool:
    """Whether a parallel kernel may run in this process now (no lock taken).

    >>> isinstance(parallel_allowed(), bool)
    True
    """
    if not _forked_after_pool:
        return True
    import numba

    try:
        layer = numba.threading_layer()  # type: ignore[attr-defined]
    except ValueError:  # the pool was inherited, never launched here: only OpenMP is unsafe
        return False
    return bool(layer != "omp")


def default_workers() -> int:
    """The number of threads numba's parallel kernels would use now, found without starting
    numba's thread pool (asking numba launches it): its current setting once the pool runs,
    otherwise its configured count.

    >>> default_workers() >= 1
    True
    """
    import numba

    if _numba_pool_started():
        return max(1, int(numba.get_num_threads()))
    return max(1, int(numba.config.NUMBA_NUM_THREADS))  # type: ignore[attr-defined]


def run(parallel: Callable[[], T], serial: Callable[[], T], workers: int | None) -> T:
    """``parallel()`` on ``workers`` threads (None: numba's current setting), or ``serial()``
    when a parallel region is not safe here now (see the module's text). Both must compute the
    same thing.

    >>> run(lambda: 2, lambda: 2, 1)
    2
    """
    if not parallel_allowed() or not _lock.acquire(blocking=False):
        return serial()
    global _pool_started
    try:
        import numba

        _pool_started = True  # set first: the pool starts even if the kernel then raises
        if workers is None:
            return parallel()
        before = numba.get_num_threads()
        numba.set_num_threads(workers)
        try:
            return parallel()
        finally:
            numba.set_num_threads(before)
    finally:
        _lock.release()


def split(tasks: Sequence[Callable[[], T]], workers: int) -> list[T]:
    """Each task's result, in order, the tasks run on up to ``workers`` Python threads made for
    this call (a task per thread at a time; the calling thread runs one share itself).

    The tasks should be calls of ``nogil`` kernels, which run in parallel on those threads. An
    exception in a task is raised here, after every thread has finished.

    >>> split([lambda: "a", lambda: "b"], workers=1)
    ['a', 'b']
    """
    count = max(1, min(workers, len(tasks)))
    if count == 1:
        return [task() for task in tasks]
    results: list[T | None] = [None] * len(tasks)
    errors: list[BaseException] = []

    def share(first: int) -> None:
        try:
            for i in range(first, len(tasks), count):
                results[i] = tasks[i]()
        except BaseException as error:  # re-raised in the calling thread
            errors.append(error)

    threads = [threading.Thread(target=share, args=(t,), daemon=True) for t in range(1, count)]
    for thread in threads:
        thread.start()
    share(0)
    for thread in threads:
        thread.join()
    if errors:
        raise errors[0]
    return results  # type: ignore[return-value]
