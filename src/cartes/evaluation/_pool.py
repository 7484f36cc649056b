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
serial ``nogil`` kernels on plain Python threads (the caller's and daemon workers kept for the
next call), so it is safe under fork, spawn, forkserver and threads by construction (a forked
child makes its own workers, and numba's dispatchers are thread-safe). The analysis kernels
use it: their work comes in independent pieces (Monte Carlo chunks, enumeration items) whose
integer results add up the same in any grouping, and they compile once, without a parallel
twin. Today every threaded call of cartes goes this way (the batches, the sweep and the
analysis), and :func:`run` is kept for a parallel kernel that cannot: cartes then starts no
numba thread pool of its own.

>>> run(lambda: "parallel", lambda: "serial", None) in ("parallel", "serial")
True
>>> split([lambda: 1, lambda: 2, lambda: 3], workers=2)
[1, 2, 3]
"""

from __future__ import annotations

import itertools
import os
import queue
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


class _Call:
    """One :func:`split` call: its tasks, taken in order by whoever is free (the calling thread
    and the workers it woke), their results and the first error."""

    def __init__(self, tasks: Sequence[Callable[[], object]]) -> None:
        self.tasks = tasks
        self.results: list[object] = [None] * len(tasks)
        self.errors: list[BaseException] = []
        self._next = itertools.count()  # next() is atomic under the GIL
        self._left = len(tasks)
        self._lock = threading.Lock()
        self.done = threading.Event()

    def work(self) -> None:
        """Run tasks until none is left to take."""
        while (i := next(self._next)) < len(self.tasks):
            try:
                self.results[i] = self.tasks[i]()
            except BaseException as error:  # re-raised in the calling thread
                self.errors.append(error)
            with self._lock:
                self._left -= 1
                if self._left == 0:
                    self.done.set()


#: Jobs for the worker threads, and the workers started in this process (their number).
_jobs: queue.SimpleQueue[_Call] = queue.SimpleQueue()
_workers: list[threading.Thread] = []
_workers_lock = threading.Lock()
#: Set in the worker threads, so that a task that calls :func:`split` runs its tasks itself.
_local = threading.local()


def _worker() -> None:
    _local.worker = True
    while True:
        _jobs.get().work()


def _reset_workers_in_child() -> None:
    # The parent's workers do not exist in a forked child, and their queue's lock may have
    # been held at the fork: the child starts its own when it first needs them.
    global _jobs, _workers_lock
    _jobs = queue.SimpleQueue()
    _workers.clear()
    _workers_lock = threading.Lock()


os.register_at_fork(after_in_child=_reset_workers_in_child)


def _wake(count: int) -> None:
    """Make sure ``count`` worker threads exist."""
    if len(_workers) >= count:
        return
    with _workers_lock:
        while len(_workers) < count:
            thread = threading.Thread(target=_worker, name="cartes-worker", daemon=True)
            thread.start()
            _workers.append(thread)


def split(tasks: Sequence[Callable[[], T]], workers: int) -> list[T]:
    """Each task's result, in order, the tasks run on up to ``workers`` threads: the calling
    thread and ``workers - 1`` worker threads of this module, each taking the next task not
    yet taken until none is left.

    The tasks should be calls of ``nogil`` kernels, which run in parallel on those threads. An
    exception in a task is raised here, after every task has finished.

    The workers are daemon threads kept for the next call (idle, they wait on a queue): a thread
    made for each call, as before, started on the caller's core and ran beside it until the
    scheduler moved it, which on this project's 2-core VM often took longer than the call (two
    threads then ran at 1.0-1.2x one, against 1.8-1.9x with the threads kept). A forked child
    starts its own workers when it first needs them, so this stays safe under fork, spawn,
    forkserver and threads; a task run by a worker that calls :func:`split` runs its own tasks.

    >>> split([lambda: "a", lambda: "b"], workers=1)
    ['a', 'b']
    """
    count = max(1, min(workers, len(tasks)))
    if count == 1 or getattr(_local, "worker", False):
        return [task() for task in tasks]
    call = _Call(tasks)
    _wake(count - 1)
    for _ in range(count - 1):
        _jobs.put(call)
    call.work()
    call.done.wait()
    if call.errors:
        raise call.errors[0]
    return call.results  # type: ignore[return-value]
