"""The behaviour French and Spanish cards share: an immutable, interned value backed by an int."""

from __future__ import annotations

import operator
from collections.abc import Iterable
from typing import Any, Self

import numpy as np

from cartes.errors import CardTypeError, InvalidCardError


def describe(value: object) -> str:
    """A short one-line description of any value for an error message: ``'float 2.5'``.

    >>> describe(2.5), describe(np.zeros((2, 3)))
    ('float 2.5', 'ndarray of shape (2, 3) and dtype float64')
    """
    if isinstance(value, np.ndarray):
        return f"ndarray of shape {value.shape} and dtype {value.dtype}"
    text = " ".join(repr(value).split())
    if len(text) > 60:
        text = text[:57] + "..."
    return f"{type(value).__name__} {text}"


def items_of(value: object, what: str, allowed: str) -> list[Any]:
    """The items of a non-text iterable, as a list, or a CardTypeError.

    The message is "cannot make ``what`` from <value>: give ``allowed``".
    """
    if not isinstance(value, (str, bytes, bytearray)) and isinstance(value, Iterable):
        try:
            return list(value)
        except TypeError:  # an iterable that cannot iterate, such as a 0-d numpy array
            pass
    raise CardTypeError(f"cannot make {what} from {describe(value)}: give {allowed}")


def first_duplicate(cards: Iterable[IndexedCard]) -> IndexedCard | None:
    """The first card that appears a second time, or None."""
    pile = cards if isinstance(cards, (list, tuple)) else list(cards)
    # Cards of one kind are interned: distinct objects are distinct cards, and id() is fast.
    if len({id(card) for card in pile}) == len(pile):
        return None
    seen: set[IndexedCard] = set()
    for card in pile:
        if card in seen:
            return card
        seen.add(card)
    return None


def check_index(value: object, what: str, size: int) -> int:
    """``value`` as an int in ``0..size-1``, or a precise error naming ``what`` it should be.

    Accepts Python and numpy integers (anything with ``__index__``) but not ``bool``, and never
    truncates: ``2.7`` or ``"3"`` is a :class:`~cartes.errors.CardTypeError`, ``-1`` an
    :class:`~cartes.errors.InvalidCardError`.
    """
    if isinstance(value, bool):
        raise CardTypeError(f"invalid {what} {value!r}: a {what} is an integer 0-{size - 1}")
    try:
        i = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise CardTypeError(
            f"invalid {what} ({describe(value)}): a {what} is an integer "
            f"0-{size - 1}"
        ) from None
    if not 0 <= i < size:
        raise InvalidCardError(f"invalid {what} {i}: a {what} is 0-{size - 1}")
    return i


class IndexedCard:
    """Base of :class:`~cartes.Card` and :class:`~cartes.SpanishCard`.

    A card is one interned object per index: immutable, hashable, and ordered by index among
    cards of the same kind. Subclasses make their instances with :meth:`_make` once, at import.
    """

    __slots__ = ("_index",)
    _index: int

    @classmethod
    def _make(cls, index: int) -> Self:
        card = object.__new__(cls)
        object.__setattr__(card, "_index", index)
        return card

    @property
    def index(self) -> int:
        """The card's integer encoding."""
        return self._index

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        return (type(self).from_index, (self._index,))  # type: ignore[attr-defined]

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self

    def __repr__(self) -> str:
        return f"{type(self).__name__}('{self}')"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __hash__(self) -> int:
        return self._index

    def __eq__(self, other: object) -> bool:
        if type(other) is type(self):
            return self._index == other._index
        return NotImplemented

    def __lt__(self, other: Self) -> bool:
        if type(other) is type(self):
            return self._index < other._index
        return NotImplemented

    def __le__(self, other: Self) -> bool:
        if type(other) is type(self):
            return self._index <= other._index
        return NotImplemented

    def __gt__(self, other: Self) -> bool:
        if type(other) is type(self):
            return self._index > other._index
        return NotImplemented

    def __ge__(self, other: Self) -> bool:
        if type(other) is type(self):
            return self._index >= other._index
        return NotImplemented
