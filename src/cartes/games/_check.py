"""Checks of settings shared by the game drivers: whole numbers (numpy integers accepted and
turned into ints, bools refused), flags, lists of whole numbers, and what ``Game.start`` is
given (a stacked deck, the stacks).

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
from typing import Any

import numpy as np

from cartes._indexed import IndexedCard
from cartes.deck import Deck
from cartes.errors import ConfigurationError
from cartes.french import Card


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


def store(config: object, name: str, value: object) -> None:
    """Put a checked value (numpy integers become ints) into a frozen dataclass, from its
    ``__post_init__``."""
    object.__setattr__(config, name, value)


def start_deck(
    deck: object, kind: type[IndexedCard], minimum: int, why: str, players: int
) -> Deck[Any]:
    """A copy of the stacked ``deck`` given to ``Game.start``, checked: a
    :class:`~cartes.Deck` of ``kind`` cards holding at least ``minimum`` of them (``why`` says
    how the minimum follows from the number of ``players``, for the message).

    >>> from cartes import Card, Deck
    >>> start_deck(Deck.stacked("As Kd"), Card, 6, "3 * players", 2)
    Traceback (most recent call last):
    ...
    cartes.errors.ConfigurationError: deck must hold at least 3 * players = 6 cards for 2 ...
    """
    if not isinstance(deck, Deck):
        raise ConfigurationError(f"deck must be a cartes Deck, got {type(deck).__name__}")
    if deck.kind is not kind and len(deck):
        raise ConfigurationError(
            f"deck must hold {'French' if kind is Card else 'Spanish'} cards "
            f"(cartes.{kind.__name__})"
        )
    if len(deck) < minimum:
        raise ConfigurationError(
            f"deck must hold at least {why} = {minimum} cards for {players} players, "
            f"got {len(deck)}"
        )
    return deck.copy()


def start_stacks(
    stacks: object, players: int, starting: int, low: int | None, noun: str = "stack"
) -> list[int]:
    """The stacks given to ``Game.start`` (``None``: ``starting`` for every seat), checked:
    one whole number ``>= low`` per seat (``noun`` is what a seat's number is called in the
    message: a banking game's are balances).

    >>> start_stacks(None, 2, 100, 1), start_stacks([5, 7], 2, 100, 1)
    ([100, 100], [5, 7])
    >>> start_stacks([5], 2, 100, 1)
    Traceback (most recent call last):
    ...
    cartes.errors.ConfigurationError: stacks must give one stack per seat (2), got 1
    """
    chips = [starting] * players if stacks is None else whole_list("stacks", stacks, low)
    if len(chips) != players:
        raise ConfigurationError(
            f"stacks must give one {noun} per seat ({players}), got {len(chips)}"
        )
    return chips
