"""Spanish cards: the 40-card deck of siete y medio and the 48-card deck with eights and nines.

Suits are *oros*, *copas*, *espadas* and *bastos*; ranks 1 (as) to 9, then *sota* (10),
*caballo* (11) and *rey* (12). The short text form is the rank number followed by the suit's
initial in lower case: ``"1o"`` (as de oros), ``"12e"`` (rey de espadas), ``"10c"`` (sota de
copas). Parsing also accepts upper case, a space between rank and suit (``"1 O"``), the figure
letters ``A`` (as), ``S`` (sota), ``C`` (caballo) and ``R`` (rey), the rank and suit names
(``"caballo espadas"``), and the long Spanish name (``"As de Oros"``).

>>> from cartes import SpanishCard
>>> card = SpanishCard("12e")
>>> card, card.name, card.points
(SpanishCard('12e'), 'rey de espadas', Fraction(1, 2))
>>> SpanishCard("rey de espadas") == SpanishCard("Re") == card
True
"""

from __future__ import annotations

import enum
from fractions import Fraction
from typing import Any, Final, SupportsIndex, TypeAlias

import numpy as np

from cartes import _render
from cartes._indexed import IndexedCard, check_index, describe
from cartes.errors import CardTypeError, DeckError, InvalidCardError

__all__ = ["SpanishCard", "SpanishCardLike", "SpanishSuit", "spanish_deck_cards"]


class SpanishSuit(enum.IntEnum):
    """The four Spanish suits, in the order used by the card index.

    >>> SpanishSuit.ESPADAS.char, SpanishSuit.ESPADAS.spanish
    ('e', 'espadas')
    """

    OROS = 0
    COPAS = 1
    ESPADAS = 2
    BASTOS = 3

    @property
    def char(self) -> str:
        """The suit's initial: ``'o'``, ``'c'``, ``'e'`` or ``'b'``.

        >>> SpanishSuit.BASTOS.char
        'b'
        """
        return "oceb"[self]

    @property
    def spanish(self) -> str:
        """The suit's Spanish name.

        >>> SpanishSuit.OROS.spanish
        'oros'
        """
        return _SUIT_NAMES[self]

    @classmethod
    def from_char(cls, text: str) -> SpanishSuit:
        """Parse a suit: its initial ``o c e b`` or its name, in either case.

        >>> SpanishSuit.from_char("E"), SpanishSuit.from_char("Copas")
        (SpanishSuit.ESPADAS, SpanishSuit.COPAS)
        """
        if not isinstance(text, str):
            raise CardTypeError(f"invalid Spanish suit ({describe(text)}): give text; {_SUIT_HELP}")
        try:
            return cls(_SUIT_FROM_TEXT[text.strip().lower()])
        except KeyError:
            raise InvalidCardError(f"invalid Spanish suit {text!r}: {_SUIT_HELP}") from None

    def __repr__(self) -> str:
        return f"SpanishSuit.{self.name}"

    __str__ = __repr__


_SUIT_NAMES: Final = ("oros", "copas", "espadas", "bastos")
#: Rank numbers in index order; an index is ``position * 4 + suit``.
_RANKS: Final = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)
_RANK_NAMES: Final = {
    1: "as", 2: "dos", 3: "tres", 4: "cuatro", 5: "cinco", 6: "seis", 7: "siete",
    8: "ocho", 9: "nueve", 10: "sota", 11: "caballo", 12: "rey",
}  # fmt: skip
_RANK_FROM_TEXT: Final = {
    **{str(rank): rank for rank in _RANKS},
    **{name: rank for rank, name in _RANK_NAMES.items()},
    "a": 1, "s": 10, "c": 11, "r": 12,
}  # fmt: skip
_SUIT_FROM_TEXT: Final = {
    **{char: i for i, char in enumerate("oceb")},
    **{name: i for i, name in enumerate(_SUIT_NAMES)},
}
_RANK_HELP: Final = (
    "rank must be 1-9, 10 (sota), 11 (caballo), 12 (rey), a letter A, S, C, R, "
    "or a name like 'as' or 'rey'"
)
_SUIT_HELP: Final = "suit must be o, c, e, b or oros, copas, espadas, bastos"
_SHAPE_HELP: Final = "a Spanish card is a rank then a suit, like '1o', '12e' or 'rey de espadas'"


def _parse(text: str) -> int:
    """The index of the Spanish card written as ``text``, or a precise InvalidCardError."""
    words = text.lower().split()
    if len(words) == 3 and words[1] == "de":  # "rey de espadas"
        rank_text, suit_text = words[0], words[2]
    elif len(words) == 2:  # "1 o", "caballo espadas"
        rank_text, suit_text = words
    elif len(words) == 1 and len(words[0]) >= 2:  # "12e"
        rank_text, suit_text = words[0][:-1], words[0][-1]
    else:
        raise InvalidCardError(f"invalid Spanish card {text!r}: {_SHAPE_HELP}")
    rank = _RANK_FROM_TEXT.get(rank_text)
    if rank is None:
        raise InvalidCardError(f"invalid Spanish card {text!r}: {_RANK_HELP}")
    suit = _SUIT_FROM_TEXT.get(suit_text)
    if suit is None:
        raise InvalidCardError(f"invalid Spanish card {text!r}: {_SUIT_HELP}")
    return (rank - 1) * 4 + suit


class SpanishCard(IndexedCard):
    """One card of the Spanish deck (48 cards; the 40-card deck leaves out the 8s and 9s).

    ``index = (rank - 1) * 4 + suit``, 0..47. Interned, immutable, ordered by index.

    >>> SpanishCard("7o").points, SpanishCard("7o").half_points
    (Fraction(7, 1), 14)
    >>> SpanishCard("sota de copas")
    SpanishCard('10c')
    >>> SpanishCard.from_index(47).name
    'rey de bastos'
    """

    __slots__ = ()

    def __new__(cls, card: SpanishCardLike) -> SpanishCard:
        if type(card) is SpanishCard:
            return card
        if isinstance(card, str):
            return _CARDS[_parse(card)]
        if isinstance(card, (int, np.integer)) and not isinstance(card, bool):
            return cls.from_index(card)
        raise CardTypeError(
            f"cannot make a SpanishCard from {describe(card)}: "
            "give text like '12e' or 'rey de espadas', a SpanishCard, or an index 0-47"
        )

    @classmethod
    def from_index(cls, index: SupportsIndex) -> SpanishCard:
        """The card with this index, 0..47.

        >>> SpanishCard.from_index(0)
        SpanishCard('1o')
        """
        return _CARDS[check_index(index, "Spanish card index", 48)]

    @property
    def rank(self) -> int:
        """The rank number: 1 (as) to 9, 10 (sota), 11 (caballo), 12 (rey).

        >>> SpanishCard("Ce").rank
        11
        """
        return _RANKS[self._index >> 2]

    @property
    def suit(self) -> SpanishSuit:
        """The suit.

        >>> SpanishCard("3b").suit
        SpanishSuit.BASTOS
        """
        return SpanishSuit(self._index & 3)

    @property
    def is_figure(self) -> bool:
        """Whether the card is a figure: sota, caballo or rey.

        >>> SpanishCard("10o").is_figure, SpanishCard("7o").is_figure
        (True, False)
        """
        return self.rank >= 10

    @property
    def points(self) -> Fraction:
        """The exact siete y medio value: the face value for 1-9, one half for a figure.

        >>> SpanishCard("11c").points
        Fraction(1, 2)
        """
        return Fraction(self.half_points, 2)

    @property
    def half_points(self) -> int:
        """The siete y medio value in half-points (a figure is 1, a 7 is 14), for exact sums.

        >>> SpanishCard("1e").half_points, SpanishCard("12e").half_points
        (2, 1)
        """
        return 1 if self.rank >= 10 else 2 * self.rank

    @property
    def name(self) -> str:
        """The long Spanish name: ``'rey de espadas'``.

        >>> SpanishCard("1o").name
        'as de oros'
        """
        return f"{_RANK_NAMES[self.rank]} de {_SUIT_NAMES[self._index & 3]}"

    def __str__(self) -> str:
        return f"{self.rank}{'oceb'[self._index & 3]}"

    _repr_html_ = _render.repr_html


_CARDS: Final = tuple(SpanishCard._make(i) for i in range(48))
_CARDS_40: Final = tuple(card for card in _CARDS if card.rank not in (8, 9))

#: Anything accepted where one Spanish card is expected.
SpanishCardLike: TypeAlias = "SpanishCard | str | int | np.integer[Any]"


def spanish_deck_cards(size: int = 40) -> tuple[SpanishCard, ...]:
    """The cards of a 40-card (no 8s and 9s) or 48-card Spanish deck, in index order.

    >>> len(spanish_deck_cards(40)), len(spanish_deck_cards(48))
    (40, 48)
    """
    if isinstance(size, (int, np.integer)) and not isinstance(size, bool):
        if size == 48:
            return _CARDS
        if size == 40:
            return _CARDS_40
        shown = str(size)
    else:
        shown = f"({describe(size)})"
    raise DeckError(f"invalid Spanish deck size {shown}: a Spanish deck has 40 or 48 cards")
