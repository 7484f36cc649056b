"""French cards: ranks, suits, one card, a hand of cards, and their integer encoding.

A card is a small immutable object backed by an int, ``index = rank * 4 + suit``, with ranks
2..A numbered 0..12 and suits in the order clubs, diamonds, hearts, spades. This is the
numbering phevaluator uses, so arrays of indices interoperate with it.

>>> from cartes import Card, cards
>>> card = Card("As")
>>> card.index, card.rank, card.suit
(51, Rank.ACE, Suit.SPADES)
>>> Card("10♥") == Card("Th") == Card("th") == Card(34)
True
>>> cards("As Kd 10h")
Hand('As Kd Th')
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, Final, SupportsIndex, TypeAlias, overload

import numpy as np

from cartes import _render
from cartes._indexed import (
    IndexedCard,
    check_index,
    describe,
    first_duplicate,
    items_of,
)
from cartes.errors import CardTypeError, DuplicateCardError, HandSizeError, InvalidCardError

if TYPE_CHECKING:
    from numpy.typing import DTypeLike, NDArray

__all__ = [
    "DECK_SIZE",
    "Card",
    "CardLike",
    "Hand",
    "Rank",
    "Suit",
    "cards",
    "from_array",
    "to_array",
]


class Rank(enum.IntEnum):
    """The thirteen ranks of the French deck, 2 (lowest) to ace (highest).

    >>> Rank.ACE > Rank.KING, int(Rank.TWO), Rank.TEN.char
    (True, 0, 'T')
    >>> Rank.from_char("10")
    Rank.TEN
    """

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    @property
    def char(self) -> str:
        """The one-character canonical text of the rank: ``'2'``..``'9'``, ``'T'``, ``'J'``,
        ``'Q'``, ``'K'``, ``'A'``.

        >>> Rank.QUEEN.char
        'Q'
        """
        return _RANK_CHARS[self]

    @classmethod
    def from_char(cls, text: str) -> Rank:
        """Parse a rank: ``'2'``..``'9'``, ``'T'`` or ``'10'``, ``'J'``, ``'Q'``, ``'K'``,
        ``'A'``, in either case.

        >>> Rank.from_char("k")
        Rank.KING
        """
        if not isinstance(text, str):
            raise CardTypeError(f"invalid rank ({describe(text)}): give text; {_RANK_HELP}")
        try:
            return cls(_RANK_FROM_TEXT[text.upper()])
        except KeyError:
            raise InvalidCardError(f"invalid rank {text!r}: {_RANK_HELP}") from None

    def __repr__(self) -> str:
        return f"Rank.{self.name}"

    __str__ = __repr__


class Suit(enum.IntEnum):
    """The four suits, in the order used by the card index (and by stud's bring-in).

    >>> [suit.char for suit in Suit]
    ['c', 'd', 'h', 's']
    >>> Suit.HEARTS.symbol, Suit.from_char("♠")
    ('♥', Suit.SPADES)
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def char(self) -> str:
        """The lower-case letter of the suit: ``'c'``, ``'d'``, ``'h'`` or ``'s'``.

        >>> Suit.DIAMONDS.char
        'd'
        """
        return "cdhs"[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ``'♣'``, ``'♦'``, ``'♥'`` or ``'♠'``.

        >>> Suit.CLUBS.symbol
        '♣'
        """
        return "♣♦♥♠"[self]

    @property
    def is_red(self) -> bool:
        """Whether the suit is printed in red (diamonds and hearts).

        >>> Suit.HEARTS.is_red, Suit.SPADES.is_red
        (True, False)
        """
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @classmethod
    def from_char(cls, text: str) -> Suit:
        """Parse a suit: a letter ``c d h s`` in either case, or a symbol ``♣ ♦ ♥ ♠``
        (the white ``♧ ♢ ♡ ♤`` too, and the emoji forms such as ``'♥️'``).

        >>> Suit.from_char("H")
        Suit.HEARTS
        """
        if not isinstance(text, str):
            raise CardTypeError(f"invalid suit ({describe(text)}): give text; {_SUIT_HELP}")
        try:
            return cls(_SUIT_FROM_TEXT[_drop_variation_selector(text)])
        except KeyError:
            raise InvalidCardError(f"invalid suit {text!r}: {_SUIT_HELP}") from None

    def __repr__(self) -> str:
        return f"Suit.{self.name}"

    __str__ = __repr__


_RANK_CHARS: Final = "23456789TJQKA"
_RANK_FROM_TEXT: Final = {char: i for i, char in enumerate(_RANK_CHARS)} | {"10": 8}
#: The black and the white suit symbols, each in suit order.
_SUIT_SYMBOLS: Final = "♣♦♥♠♧♢♡♤"
_SUIT_FROM_TEXT: Final = {
    **{char: i for i, char in enumerate("cdhs")},
    **{char: i for i, char in enumerate("CDHS")},
    **{char: i % 4 for i, char in enumerate(_SUIT_SYMBOLS)},
}
#: Text and emoji presentation selectors that may follow a suit symbol (``'♥️'``).
_VARIATION_SELECTORS: Final = "\ufe0e\ufe0f"


def _drop_variation_selector(text: str) -> str:
    """``text`` without one variation selector right after a final suit symbol (``'A♥️'``)."""
    if len(text) >= 2 and text[-1] in _VARIATION_SELECTORS and text[-2] in _SUIT_SYMBOLS:
        return text[:-1]
    return text


_RANK_HELP: Final = "rank must be one of 2-9, T or 10, J, Q, K, A"
_SUIT_HELP: Final = "suit must be one of c, d, h, s (either case) or ♣, ♦, ♥, ♠"
_SHAPE_HELP: Final = "a card is a rank followed by a suit, like 'As', '10h' or 'K♦'"

#: The number of cards in the French deck.
DECK_SIZE: Final = 52


def _parse_card_text(text: str) -> int:
    """The index of the card written as ``text``, or a precise InvalidCardError."""
    stripped = _drop_variation_selector(text.strip())
    if len(stripped) < 2 or len(stripped) > 3:
        raise InvalidCardError(f"invalid card {text!r}: {_SHAPE_HELP}")
    rank_text, suit_text = stripped[:-1], stripped[-1]
    rank = _RANK_FROM_TEXT.get(rank_text.upper())
    if rank is None:
        raise InvalidCardError(f"invalid card {text!r}: {_RANK_HELP}")
    suit = _SUIT_FROM_TEXT.get(suit_text)
    if suit is None:
        raise InvalidCardError(f"invalid card {text!r}: {_SUIT_HELP}")
    return rank * 4 + suit


def _parse_cards_text(text: str) -> list[Card]:
    """The cards of one space-free piece of text: one card (``"As"``) or several run together
    (``"KhAd2c"``, as PHH writes them). Each card is a rank (one character, or ``10``) and a
    suit (one character, maybe followed by a variation selector)."""
    known = _BY_TEXT.get(text)
    if known is not None:
        return [known]
    single: InvalidCardError | None = None
    if len(_drop_variation_selector(text)) <= 3:  # one card's shape
        try:
            return [Card(text)]
        except InvalidCardError as error:
            single = error
    found: list[Card] = []
    i = 0
    while i < len(text):
        end = i + (3 if text.startswith("10", i) else 2)
        if end < len(text) and text[end] in _VARIATION_SELECTORS:
            end += 1
        piece = text[i:end]
        try:
            found.append(_CARDS[_parse_card_text(piece)])
        except InvalidCardError as error:
            if single is not None and i == 0:  # not two cards either: the one card's error
                raise single from None
            reason = str(error).split(": ", 1)[-1]
            raise InvalidCardError(
                f"invalid card {piece!r} at position {i} of {text!r}: {reason} "
                f"(cards may be run together, like 'KhAd2c', or separated by spaces)"
            ) from None
        i = end
    return found


_RANK_OF: tuple[Rank, ...] = tuple(Rank)
_SUIT_OF: tuple[Suit, ...] = tuple(Suit)


class Card(IndexedCard):
    """One card of the French 52-card deck.

    Make one from text (``"As"``, ``"10h"``, ``"T♥"``, ``"kd"``), from its index 0..51, or
    from another card. Cards are interned: there is exactly one object per card, so they are
    cheap to make and compare. They order by index (rank first, then suit), hash, and print in
    the canonical form.

    >>> Card("As")
    Card('As')
    >>> str(Card("10h")), Card("10h").unicode()
    ('Th', 'T♥')
    >>> Card.from_index(0), Card("2d").index
    (Card('2c'), 1)
    >>> Card("Kd") < Card("Ac"), Card("As") is Card(51)
    (True, True)
    """

    __slots__ = ()

    def __new__(cls, card: CardLike) -> Card:
        if type(card) is Card:
            return card
        if type(card) is int and 0 <= card < DECK_SIZE:
            return _CARDS[card]
        if isinstance(card, str):
            known = _BY_TEXT.get(card)
            return known if known is not None else _CARDS[_parse_card_text(card)]
        if isinstance(card, (int, np.integer)) and not isinstance(card, bool):
            return cls.from_index(card)
        raise CardTypeError(
            f"cannot make a Card from {describe(card)}: "
            "give text like 'As', a Card, or an index 0-51"
        )

    @classmethod
    def from_index(cls, index: SupportsIndex) -> Card:
        """The card with this index, ``rank * 4 + suit``, 0..51.

        >>> Card.from_index(51)
        Card('As')
        """
        return _CARDS[check_index(index, "card index", DECK_SIZE)]

    @classmethod
    def from_rank_suit(cls, rank: Rank | int, suit: Suit | int) -> Card:
        """The card of this rank and suit (a :class:`Rank` or 0..12, a :class:`Suit` or 0..3).

        >>> Card.from_rank_suit(Rank.QUEEN, Suit.HEARTS)
        Card('Qh')
        """
        return _CARDS[check_index(rank, "rank", 13) * 4 + check_index(suit, "suit", 4)]

    @property
    def rank(self) -> Rank:
        """The card's rank.

        >>> Card("Td").rank
        Rank.TEN
        """
        return _RANK_OF[self._index >> 2]  # the members themselves, without Enum's call

    @property
    def suit(self) -> Suit:
        """The card's suit.

        >>> Card("Td").suit
        Suit.DIAMONDS
        """
        return _SUIT_OF[self._index & 3]

    def unicode(self) -> str:
        """The card with its suit symbol, for display: ``'A♠'``.

        >>> Card("10h").unicode()
        'T♥'
        """
        return _RANK_CHARS[self._index >> 2] + "♣♦♥♠"[self._index & 3]

    def __str__(self) -> str:
        return _RANK_CHARS[self._index >> 2] + "cdhs"[self._index & 3]

    _repr_html_ = _render.repr_html


_CARDS: Final = tuple(Card._make(i) for i in range(DECK_SIZE))
#: Every plain spelling of every card (no spaces or variation selectors), for a fast parse.
_BY_TEXT: Final[dict[str, Card]] = {
    spelling + suit_text: _CARDS[rank * 4 + suit]
    for rank_text, rank in _RANK_FROM_TEXT.items()
    for spelling in {rank_text, rank_text.lower()}
    for suit_text, suit in _SUIT_FROM_TEXT.items()
}

#: Anything cartes accepts where one card is expected: a Card, its text, or its index.
CardLike: TypeAlias = "Card | str | int | np.integer[Any]"


class Hand(tuple[Card, ...]):
    """A tuple of distinct cards, with a readable text form and a notebook display.

    Make one with :func:`cartes.cards` or ``Hand(...)`` from text or any iterable of
    card-likes. Duplicates are rejected.

    >>> hand = Hand("As Kd 10h")
    >>> hand
    Hand('As Kd Th')
    >>> str(hand), len(hand), hand[0]
    ('As Kd Th', 3, Card('As'))
    >>> hand.unicode()
    'A♠ K♦ T♥'
    >>> hand.to_array()
    array([51, 45, 34], dtype=uint8)
    """

    __slots__ = ()

    def __new__(cls, cards: str | Iterable[CardLike] = ()) -> Hand:
        if isinstance(cards, str):
            parsed = [
                card
                for text in cards.replace(",", " ").split()
                for card in _parse_cards_text(text)
            ]
        else:
            items = items_of(cards, "a hand", "text like 'As Kd Qh' or an iterable of cards")
            parsed = [Card(card) for card in items]
        _check_distinct(parsed)
        return super().__new__(cls, parsed)

    def __str__(self) -> str:
        return " ".join(map(str, self))

    def __repr__(self) -> str:
        return f"Hand('{self}')"

    def unicode(self) -> str:
        """The hand with suit symbols, for display.

        >>> Hand("Qs Jh").unicode()
        'Q♠ J♥'
        """
        return " ".join(card.unicode() for card in self)

    def to_array(self, dtype: DTypeLike = np.uint8) -> NDArray[Any]:
        """The card indices as a 1-D numpy array (``uint8`` by default).

        >>> Hand("2c 2d").to_array(dtype=int)
        array([0, 1])
        """
        return np.fromiter((card.index for card in self), dtype=_int_dtype(dtype), count=len(self))

    _repr_html_ = _render.repr_html

    def __add__(self, other: str | Iterable[CardLike]) -> Hand:  # type: ignore[override]
        """A new hand with ``other``'s cards after these; duplicates are rejected.

        >>> Hand("As") + Hand("Kd"), Hand("As") + "Kd Qh", (Card("2c"),) + Hand("As")
        (Hand('As Kd'), Hand('As Kd Qh'), Hand('2c As'))
        """
        return Hand((*self, *Hand(other)))

    def __radd__(self, other: str | Iterable[CardLike]) -> Hand:
        return Hand((*Hand(other), *self))

    @overload
    def __getitem__(self, item: SupportsIndex) -> Card: ...

    @overload
    def __getitem__(self, item: slice) -> Hand: ...

    def __getitem__(self, item: SupportsIndex | slice) -> Card | Hand:
        """A card by position, or a :class:`Hand` for a slice.

        >>> hand = Hand("As Kd Qh")
        >>> hand[-1], hand[:2]
        (Card('Qh'), Hand('As Kd'))
        """
        if isinstance(item, slice):
            return Hand(tuple.__getitem__(self, item))
        return tuple.__getitem__(self, item)


def _check_distinct(hand: Iterable[IndexedCard], where: str = "") -> None:
    """Raise DuplicateCardError naming the first card that appears twice."""
    card = first_duplicate(hand)
    if card is not None:
        raise DuplicateCardError(f"duplicate card {card}{where}: each card may appear only once")


def _int_dtype(dtype: DTypeLike) -> np.dtype[Any]:
    """``dtype`` as a numpy integer dtype, or CardTypeError."""
    try:
        result = np.dtype(dtype)
    except Exception:  # numpy's dtype parser raises TypeError, ValueError, even SyntaxError
        raise CardTypeError(
            f"invalid dtype ({describe(dtype)}): card arrays need an integer dtype such as uint8"
        ) from None
    if not np.issubdtype(result, np.integer):
        raise CardTypeError(
            f"invalid dtype {result}: card arrays need an integer dtype such as uint8"
        )
    return result


def cards(text_or_cards: str | Iterable[CardLike]) -> Hand:
    """Parse a whole hand: text separated by spaces or commas, or an iterable of card-likes.

    Cards may also be run together, as PHH and many hand histories write them
    (``"KhAd2c"``). Duplicates are rejected with :class:`~cartes.errors.DuplicateCardError`.

    >>> cards("As Kd 10h")
    Hand('As Kd Th')
    >>> cards("KhAd2c"), cards("10hJh Qh")
    (Hand('Kh Ad 2c'), Hand('Th Jh Qh'))
    >>> cards("KhAx2c")
    Traceback (most recent call last):
    ...
    cartes.errors.InvalidCardError: invalid card 'Ax' at position 2 of 'KhAx2c': suit must be ...
    >>> cards([51, "Kd"])
    Hand('As Kd')
    >>> cards("As, A♠")
    Traceback (most recent call last):
    ...
    cartes.errors.DuplicateCardError: duplicate card As: each card may appear only once
    """
    return Hand(text_or_cards)


def to_array(
    hands: Iterable[str | Iterable[CardLike]], dtype: DTypeLike = np.uint8
) -> NDArray[Any]:
    """Encode equally long hands as a ``(n, k)`` integer array of card indices.

    Each row is checked like :func:`cards` (valid cards, no duplicates in a row); rows of
    different lengths raise :class:`~cartes.errors.HandSizeError`. ``dtype`` must be an
    integer dtype.

    >>> to_array(["As Kd", "2c 3c"])
    array([[51, 45],
           [ 0,  4]], dtype=uint8)
    >>> to_array([Hand("As Kd")], dtype=np.int32).shape
    (1, 2)
    """
    items = items_of(hands, "a card array", "a list of hands, like ['As Kd', '2c 3c']")
    int_dtype = _int_dtype(dtype)
    rows = [Hand(hand) for hand in items]
    lengths = {len(row) for row in rows}
    if len(lengths) > 1:
        raise HandSizeError(
            f"hands have different lengths {sorted(lengths)}: rows of an array must be equally long"
        )
    width = lengths.pop() if lengths else 0
    array = np.empty((len(rows), width), dtype=int_dtype)
    for i, row in enumerate(rows):
        array[i] = [card.index for card in row]
    return array


def from_array(array: NDArray[Any] | Iterable[Any]) -> Hand | list[Hand]:
    """Decode card indices: a 1-D array gives one :class:`Hand`, a 2-D array a list of them.

    Any integer dtype is accepted (not ``bool`` or floats: :class:`~cartes.errors.CardTypeError`);
    values must be 0..51 (:class:`~cartes.errors.InvalidCardError`) and distinct within a row
    (:class:`~cartes.errors.DuplicateCardError`). Lists of ints are accepted too.

    >>> from_array(np.array([51, 45], dtype=np.int64))
    Hand('As Kd')
    >>> from_array(np.array([[0, 1], [2, 3]], dtype=np.uint8))
    [Hand('2c 2d'), Hand('2h 2s')]
    >>> from_array([[0, 1], [2, 2]])
    Traceback (most recent call last):
    ...
    cartes.errors.DuplicateCardError: duplicate card 2h in row 1: each card may appear only once
    """
    if isinstance(array, (str, bytes)):
        raise CardTypeError(
            f"cannot read {describe(array)} as a card array: "
            "give integer card indices 0-51, 1-D or 2-D"
        )
    try:
        values = np.asarray(array)
    except (TypeError, ValueError) as error:
        raise CardTypeError(
            f"cannot read {type(array).__name__} as a card array ({error}): "
            "give integer card indices 0-51, 1-D or 2-D with rows of equal length"
        ) from None
    if values.ndim not in (1, 2):
        raise InvalidCardError(
            f"invalid card array of {values.ndim} dimensions: "
            "a card array is 1-D (one hand) or 2-D (one hand per row)"
        )
    # An empty list becomes a float array; anything else must really hold integers.
    if (values.size or isinstance(array, np.ndarray)) and not np.issubdtype(
        values.dtype, np.integer
    ):
        raise CardTypeError(
            f"card arrays must have an integer dtype, got {values.dtype}: use indices 0-51"
        )
    if values.size and (values.min() < 0 or values.max() >= DECK_SIZE):
        bad = values[(values < 0) | (values >= DECK_SIZE)].flat[0]
        raise InvalidCardError(f"invalid card index {int(bad)}: a card index is 0-51")
    if values.ndim == 1:
        return Hand(_CARDS[i] for i in values.tolist())
    hands = []
    for number, row in enumerate(values.tolist()):
        row_cards = [_CARDS[i] for i in row]
        _check_distinct(row_cards, f" in row {number}")
        hands.append(Hand(row_cards))
    return hands


def full_deck() -> Iterator[Card]:
    """All 52 cards in index order.

    >>> len(list(full_deck()))
    52
    """
    return iter(_CARDS)
