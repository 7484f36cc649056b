"""Progress bars for long runs: ``progress=True`` shows one (tqdm's, an optional extra, or a
plain line without it), and the default is silent.

A low module (it imports only the errors), so any layer can offer ``progress=``: the game
runners in :mod:`cartes.play` do, and so can evaluation sweeps and equity runs.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from typing import Any

import numpy as np

from cartes.errors import OptionError

__all__ = ["progress_bar"]


def progress_bar(items: Iterable[Any], total: int, progress: bool, unit: str) -> Iterable[Any]:
    """``items``, with a progress bar when ``progress`` is true (silent otherwise).

    The bar is tqdm's when tqdm (an optional extra, ``pip install tqdm``) is installed;
    without it, a plain line on standard error counts the items done, so asking for progress
    never fails for want of an extra.

    >>> list(progress_bar(range(3), 3, False, "hands"))
    [0, 1, 2]
    """
    if not isinstance(progress, bool | np.bool_):
        raise OptionError(f"progress must be True or False, got {progress!r}")
    if not progress:
        return items
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return _plain_progress(items, total, unit)
    bar: Iterable[Any] = tqdm(items, total=total, unit=unit)
    return bar


def _plain_progress(items: Iterable[Any], total: int, unit: str) -> Iterator[Any]:
    """``items``, rewriting one line of standard error (``12/100 hands``) about a hundred
    times over the run, and ending it with a newline."""
    step = max(1, -(-total // 100))  # at most a hundred updates
    done = 0
    try:
        for item in items:
            yield item
            done += 1
            if done % step == 0 or done == total:
                sys.stderr.write(f"\r{done}/{total} {unit}")
                sys.stderr.flush()
    finally:
        if done:
            sys.stderr.write("\n")
            sys.stderr.flush()
