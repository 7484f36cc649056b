"""The behaviour French and Spanish cards share: an immutable, interned value backed by an int."""

from __future__ import annotations

from typing import Any, Self


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
