"""Checks of a game's options, for the games cartes ships and for plugins alike: whole
numbers (numpy integers accepted and turned into ints, bools refused), flags, one of a few
allowed values, and lists of whole numbers (one per seat).

Every failure is a :class:`~cartes.errors.ConfigurationError` naming the option, what was
given and what is allowed, so a game's ``__post_init__`` refuses bad input the way cartes'
own games do:

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Options:
...     players: int = 3
...     wild: str = "none"
...     def __post_init__(self) -> None:
...         store(self, "players", whole("players", self.players, 2, 8))
...         choice("wild", self.wild, ("none", "deuces", "jokers"))
>>> import numpy as np
>>> type(Options(players=np.int64(4)).players)
<class 'int'>
>>> Options(players=9)
Traceback (most recent call last):
...
cartes.errors.ConfigurationError: players must be an integer in 2..8, got 9
>>> Options(wild="aces")
Traceback (most recent call last):
...
cartes.errors.ConfigurationError: wild must be one of 'none', 'deuces', 'jokers', got 'aces'
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence
from typing import TypeVar

import numpy as np

from cartes.errors import ConfigurationError

__all__ = ["choice", "flag", "is_whole", "store", "whole", "whole_list"]

T = TypeVar("T")


def is_whole(value: object) -> bool:
    """Whether ``value`` is a whole number: an int or a numpy integer, never a bool.

    >>> is_whole(3), is_whole(np.int8(3)), is_whole(True), is_whole(3.0)
    (True, True, False, False)
    """
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
    :class:`~cartes.errors.ConfigurationError` naming ``name`` and the range.

    >>> whole("players", np.int64(3), 2, 8)
    3
    >>> whole("ante", 1.5, 0)
    Traceback (most recent call last):
    ...
    cartes.errors.ConfigurationError: ante must be an integer >= 0, got float 1.5
    """
    if is_whole(value):
        number: int = int(value)  # type: ignore[call-overload]
        if (low is None or number >= low) and (high is None or number <= high):
            return number
    raise ConfigurationError(f"{name} must be {_allowed(low, high)}, got {_got(value)}")


def flag(name: str, value: object) -> bool:
    """``value`` if it is ``True`` or ``False`` (numpy bools become bools).

    >>> flag("wild", np.True_)
    True
    >>> flag("wild", 1)
    Traceback (most recent call last):
    ...
    cartes.errors.ConfigurationError: wild must be True or False, got 1
    """
    if isinstance(value, bool | np.bool_):
        return bool(value)
    raise ConfigurationError(f"{name} must be True or False, got {value!r}")


def choice(name: str, value: object, allowed: Sequence[T]) -> T:
    """``value`` if it is one of ``allowed`` (compared with ``==``, and of the same type, so
    that ``1`` is not ``True``), else a :class:`~cartes.errors.ConfigurationError` listing
    what is allowed.

    >>> choice("bank_passes", "every_hand", ("privileged", "every_hand"))
    'every_hand'
    >>> choice("modality", True, (1, 2, 3))
    Traceback (most recent call last):
    ...
    cartes.errors.ConfigurationError: modality must be one of 1, 2, 3, got True
    """
    for option in allowed:
        if type(option) is type(value) and option == value:
            return option
    listed = ", ".join(repr(option) for option in allowed)
    raise ConfigurationError(f"{name} must be one of {listed}, got {value!r}")


def whole_list(name: str, value: object, low: int | None) -> list[int]:
    """``value`` (a list, tuple or 1-d numpy array) as a list of ints ``>= low`` (any ints
    when ``low`` is ``None``).

    >>> whole_list("stacks", np.array([5, 7]), 1)
    [5, 7]
    >>> whole_list("stacks", [5, 0], 1)
    Traceback (most recent call last):
    ...
    cartes.errors.ConfigurationError: stacks[1] must be an integer >= 1, got 0
    """
    if isinstance(value, np.ndarray) and value.ndim == 1:
        value = list(value)
    if not isinstance(value, Sequence) or isinstance(value, str | bytes):
        what = "integers" if low is None else f"integers >= {low}"
        raise ConfigurationError(f"{name} must be a list of {what}, one per seat, got {value!r}")
    return [whole(f"{name}[{i}]", item, low) for i, item in enumerate(value)]


def store(config: object, name: str, value: object) -> None:
    """Put a checked value (numpy integers become ints) into a frozen dataclass, from its
    ``__post_init__`` (see the module's example)."""
    object.__setattr__(config, name, value)
