"""Checks of what ``Game.start`` is given (a stacked deck, the stacks), and, by their old
private names, the option checkers of :mod:`cartes.games.options` (whole numbers, flags,
lists of whole numbers).

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

from typing import Any

from cartes._indexed import IndexedCard
from cartes.deck import Deck
from cartes.errors import ConfigurationError
from cartes.french import Card

# The option checkers are public in cartes.games.options; the drivers keep importing them
# from here.
from cartes.games.options import flag as flag
from cartes.games.options import is_whole as is_whole
from cartes.games.options import store as store
from cartes.games.options import whole as whole
from cartes.games.options import whole_list as whole_list


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
