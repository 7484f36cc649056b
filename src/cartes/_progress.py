"""Progress bars for long runs: ``progress=True`` shows one (tqdm, an optional extra), and the
default is silent.

A low module (it imports only the errors), so any layer can offer ``progress=``: the game
runners in :mod:`cartes.play` do, and so can evaluation sweeps and equity runs.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

from cartes.errors import MissingExtraError, OptionError

__all__ = ["progress_bar"]


def progress_bar(items: Iterable[Any], total: int, progress: bool, unit: str) -> Iterable[Any]:
    """``items``, with a tqdm progress bar when ``progress`` is true (silent otherwise).

    tqdm is an optional extra (``pip install tqdm``); asking for a bar without it raises
    :class:`~cartes.errors.MissingExtraError`.

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
        raise MissingExtraError(
            "progress=True needs tqdm, which is not installed: pip install tqdm"
        ) from None
    bar: Iterable[Any] = tqdm(items, total=total, unit=unit)
    return bar
