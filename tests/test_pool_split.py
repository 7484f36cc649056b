"""``cartes.evaluation._pool.split``: the threads every threaded call of cartes runs on.

Its workers are kept between calls; these check what that must not change: every result in
order, errors raised in the caller after every task ran, calls from several threads at once,
a task that itself splits, and a forked child (whose parent's workers do not exist) finishing.
"""

from __future__ import annotations

import os
import threading
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cartes.evaluation import _pool


@settings(max_examples=60, deadline=None)
@given(values=st.lists(st.integers(), max_size=40), workers=st.integers(1, 6))
def test_every_result_in_order(values: list[int], workers: int) -> None:
    tasks = [lambda v=v: v * 3 for v in values]
    assert _pool.split(tasks, workers) == [v * 3 for v in values]


def test_each_task_runs_once_and_work_is_shared() -> None:
    ran: list[tuple[int, str]] = []

    def task(i: int) -> int:
        time.sleep(0.01)  # releases the GIL, as the kernels do
        ran.append((i, threading.current_thread().name))
        return i

    assert _pool.split([lambda i=i: task(i) for i in range(12)], 3) == list(range(12))
    assert sorted(i for i, _ in ran) == list(range(12))
    assert len({name for _, name in ran}) > 1  # not all on the calling thread


def test_workers_are_kept_between_calls() -> None:
    _pool.split([lambda: 1, lambda: 2], 2)
    before = threading.active_count()
    for _ in range(20):
        _pool.split([lambda: 1, lambda: 2, lambda: 3], 3)
    assert threading.active_count() <= before + 1  # at most the third call's second worker


def test_an_error_is_raised_after_every_task_ran() -> None:
    finished: list[int] = []

    def slow(i: int) -> int:
        time.sleep(0.02)
        finished.append(i)
        return i

    def boom() -> int:
        raise KeyError("seven")

    with pytest.raises(KeyError, match="seven"):
        _pool.split([boom, lambda: slow(1), lambda: slow(2), lambda: slow(3)], 2)
    assert sorted(finished) == [1, 2, 3]


def test_calls_from_several_threads_at_once() -> None:
    outcomes: dict[int, list[int]] = {}

    def caller(k: int) -> None:
        tasks = [lambda i=i: (time.sleep(0.001), k * 100 + i)[1] for i in range(10)]
        outcomes[k] = _pool.split(tasks, 2)

    threads = [threading.Thread(target=caller, args=(k,)) for k in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert outcomes == {k: [k * 100 + i for i in range(10)] for k in range(6)}


def test_a_task_that_splits_does_not_wait_on_itself() -> None:
    def inner() -> int:
        return sum(_pool.split([lambda: 1, lambda: 2], 2))

    assert _pool.split([inner, inner, inner], 2) == [3, 3, 3]


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_forked_child_makes_its_own_workers() -> None:
    _pool.split([lambda: 1, lambda: 2], 2)  # the parent's workers exist now
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: its parent's workers are gone; a split must still finish
        try:
            result = _pool.split([lambda i=i: (time.sleep(0.005), i)[1] for i in range(8)], 2)
            os.write(write, repr(result).encode())
        finally:
            os._exit(0)
    os.close(write)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        time.sleep(0.05)
    else:
        os.kill(pid, 9)
        pytest.fail("the forked child's split did not finish in 30 s")
    assert os.read(read, 1000).decode() == repr(list(range(8)))
