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

>>> run(lambda: "parallel", lambda: "serial", None) in ("parallel", "serial")
True
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from typing import TypeVar

__all__ = ["run"]

T = TypeVar("T")

_lock = threading.Lock()
#: Whether this process has started numba's thread pool (by running a parallel kernel).
_pool_started = False
#: Whether this process was forked from one whose pool had started.
_forked_after_pool = False


def _after_fork_in_child() -> None:
    global _lock, _forked_after_pool
    # A thread of the parent may have held the lock at the fork: it never releases it here.
    _lock = threading.Lock()
    _forked_after_pool = _forked_after_pool or _pool_started


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
