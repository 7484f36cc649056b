"""Checks of settings shared by the game drivers: whole numbers (numpy integers accepted and
turned into ints, bools refused), flags, and lists of whole numbers.

Every failure is a :class:`~cartes.errors.ConfigurationError` naming the field and the range.

>>> import numpy as np
>>> whole("players", np.int64(3), 2, 8)
3
>>> whole("players", 9, 2, 8)
Traceback (most recent call last):
...
cartes.errors.ConfigurationError: players must be an integer in 2..8, got 9
>>> whole("ante", 1.5, 0)
Traceback (most recent call last):
...
cartes.errors.ConfigurationError: ante must be an integer >= 0, got float 1.5
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence

import numpy as np

from cartes.errors import ConfigurationError


def is_whole(value: object) -> bool:
    """An int or a numpy integer, never a bool."""
    if type(value) is int:  # the usual case, before the slower ABC check
        return True
    return isinstance(value, numbers.Integral) and not isinstance(value, bool | np.bool_)


def _allowed(low: int | None, high: int | None) -> str:
    if low is None:
        return "an integer"
    return f"an integer in {low}..{high}" if high is not None else f"an integer >= {low}"


def _got(value: object) -> str:
    if is_whole(value) or value is None:
        return repr(int(value) if value is not None else value)  # type: ignore[call-overload]
    return f"{type(value).__name__} {value!r}"


def whole(name: str, value: object, low: int | None, high: int | None = None) -> int:
    """``value`` as an int in ``low..high`` (``None``: no bound that side), or a
    :class:`~cartes.errors.ConfigurationError` naming ``name`` and the range."""
    if is_whole(value):
        number: int = int(value)  # type: ignore[call-overload]
        if (low is None or number >= low) and (high is None or number <= high):
            return number
    raise ConfigurationError(f"{name} must be {_allowed(low, high)}, got {_got(value)}")


def flag(name: str, value: object) -> bool:
    """``value`` if it is ``True`` or ``False`` (numpy bools become bools)."""
    if isinstance(value, bool | np.bool_):
        return bool(value)
    raise ConfigurationError(f"{name} must be True or False, got {value!r}")


def whole_list(name: str, value: object, low: int | None) -> list[int]:
    """``value`` (a list, tuple or 1-d numpy array) as a list of ints ``>= low`` (any ints
    when ``low`` is ``None``)."""
    if isinstance(value, np.ndarray) and value.ndim == 1:
        value = list(value)
    if not isinstance(value, Sequence) or isinstance(value, str | bytes):
        what = "integers" if low is None else f"integers >= {low}"
        raise ConfigurationError(f"{name} must be a list of {what}, one per seat, got {value!r}")
    return [whole(f"{name}[{i}]", item, low) for i, item in enumerate(value)]
