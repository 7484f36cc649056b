"""Splitting work over a :class:`concurrent.futures.Executor`."""

from __future__ import annotations

import itertools
from concurrent.futures import Executor


def split_evenly(items: int, executor: Executor) -> list[slice]:
    """Contiguous slices of ``range(items)``, a few per worker."""
    parts = max(1, min(items, 4 * _workers(executor)))
    bounds = [items * i // parts for i in range(parts + 1)]
    return [slice(a, b) for a, b in itertools.pairwise(bounds) if b > a]


def _workers(executor: Executor) -> int:
    return int(getattr(executor, "_max_workers", 2) or 2)
