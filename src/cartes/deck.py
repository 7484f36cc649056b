"""A deck of French or Spanish cards: seeded shuffles, cut, deal, burn, and stacked decks.

The top of the deck is the first card of :attr:`Deck.cards`; dealing takes from the top. Every
card is in exactly one place: still in the deck, in the burn pile, or dealt (given to the
caller). Shuffles use numpy's PCG64 generator, so the same seed gives the same order on every
machine and numpy version that keeps PCG64's stream (numpy guarantees it).

>>> from cartes import Deck
>>> deck = Deck.french()
>>> deck.shuffle(seed=7)
>>> hand = deck.deal(2)
>>> burned = deck.burn()
>>> len(deck), len(deck.burned)
(49, 1)
>>> Deck.stacked("As Kd Qh").deal(2)
(Card('As'), Card('Kd'))
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, Generic, TypeVar

import numpy as np

from cartes._indexed import IndexedCard
from cartes.cards import Card, full_deck
from cartes.errors import CardTypeError, DeckError, DuplicateCardError
from cartes.spanish import SpanishCard, spanish_deck_cards

__all__ = ["Deck", "SeedLike", "make_rng"]

C = TypeVar("C", bound=IndexedCard)

#: A seed: ``None`` (fresh OS entropy, not reproducible), an int, or a numpy ``Generator``.
SeedLike = int | np.random.Generator | None


def make_rng(seed: SeedLike) -> np.random.Generator:
    """A numpy Generator from a seed, or the generator itself when given one.

    >>> int(make_rng(3).integers(100)) == int(make_rng(3).integers(100))
    True
    """
    if isinstance(seed, np.random.Generator):
        return seed
    if seed is None or (isinstance(seed, (int, np.integer)) and not isinstance(seed, bool)):
        return np.random.default_rng(seed)
    raise TypeError(
        f"a seed must be None, an int or a numpy.random.Generator, got {type(seed).__name__}"
    )


class Deck(Generic[C]):
    """An ordered pile of distinct cards of one kind, top first, with a burn pile.

    Make one with :meth:`french`, :meth:`spanish` or :meth:`stacked`.

    >>> deck = Deck.spanish()
    >>> len(deck), deck.cards[0]
    (40, SpanishCard('1o'))
    >>> deck.shuffle(seed=1)
    >>> deck.deal(3)
    (SpanishCard('...'), SpanishCard('...'), SpanishCard('...'))
    """

    __slots__ = ("_burned", "_cards", "_kind")

    def __init__(self, cards: Iterable[C]) -> None:
        pile = list(cards)
        kinds = {type(card) for card in pile}
        if len(kinds) > 1 or not all(isinstance(card, IndexedCard) for card in pile):
            raise CardTypeError(
                "a deck holds cards of one kind: all Card or all SpanishCard, "
                f"got {sorted(kind.__name__ for kind in kinds)}"
            )
        if len(set(pile)) != len(pile):
            seen: set[C] = set()
            duplicate = next(card for card in pile if card in seen or seen.add(card))  # type: ignore[func-returns-value]
            raise DuplicateCardError(f"duplicate card {duplicate}: a deck holds each card once")
        self._cards: list[C] = pile
        self._burned: list[C] = []
        self._kind: type[IndexedCard] = kinds.pop() if kinds else Card

    @classmethod
    def french(cls) -> Deck[Card]:
        """The 52-card French deck in index order (2c first, As last).

        >>> Deck.french().cards[:3]
        (Card('2c'), Card('2d'), Card('2h'))
        """
        return Deck(full_deck())

    @classmethod
    def spanish(cls, size: int = 40) -> Deck[SpanishCard]:
        """The Spanish deck in index order: 40 cards (no 8s or 9s) by default, or 48.

        >>> len(Deck.spanish(48))
        48
        """
        return Deck(spanish_deck_cards(size))

    @classmethod
    def stacked(cls, cards: str | Iterable[Any], kind: type[C] | None = None) -> Deck[Any]:
        """A deck in exactly this order, top first, for tests and scenarios.

        Text is parsed as French cards unless ``kind=SpanishCard``.

        >>> Deck.stacked("12e 1o", kind=SpanishCard).deal()
        (SpanishCard('12e'),)
        """
        maker: type[IndexedCard] = kind if kind is not None else Card
        items = cards.replace(",", " ").split() if isinstance(cards, str) else cards
        return Deck(maker(item) for item in items)  # type: ignore[call-arg]

    @property
    def cards(self) -> tuple[C, ...]:
        """The cards still in the deck, top first."""
        return tuple(self._cards)

    @property
    def burned(self) -> tuple[C, ...]:
        """The burned cards, in the order they were burned."""
        return tuple(self._burned)

    def shuffle(self, seed: SeedLike) -> None:
        """Shuffle the cards still in the deck (not the burn pile), reproducibly by seed.

        >>> a, b = Deck.french(), Deck.french()
        >>> a.shuffle(42); b.shuffle(np.random.default_rng(42))
        >>> a.cards == b.cards
        True
        """
        order = make_rng(seed).permutation(len(self._cards))
        self._cards = [self._cards[i] for i in order]

    def cut(self, n: int) -> None:
        """Cut: move the top ``n`` cards to the bottom; each packet keeps at least one card.

        >>> deck = Deck.stacked("As Kd Qh")
        >>> deck.cut(1)
        >>> deck
        Deck('Kd Qh As')
        """
        if not 0 < n < len(self._cards):
            raise DeckError(
                f"cannot cut at {n}: a cut must leave cards in both packets, "
                f"so 1 <= n <= {len(self._cards) - 1}"
            )
        self._cards = self._cards[n:] + self._cards[:n]

    def deal(self, n: int = 1) -> tuple[C, ...]:
        """Take ``n`` cards from the top.

        >>> Deck.stacked("As Kd Qh").deal(2)
        (Card('As'), Card('Kd'))
        """
        if not 0 <= n <= len(self._cards):
            raise DeckError(f"cannot deal {n} cards: the deck holds {len(self._cards)}")
        dealt = tuple(self._cards[:n])
        del self._cards[:n]
        return dealt

    def draw(self) -> C:
        """Take the top card.

        >>> Deck.stacked("7o", kind=SpanishCard).draw()
        SpanishCard('7o')
        """
        return self.deal(1)[0]

    def burn(self) -> C:
        """Move the top card to the burn pile and return it.

        >>> deck = Deck.stacked("As Kd")
        >>> deck.burn(), deck.burned, len(deck)
        (Card('As'), (Card('As'),), 1)
        """
        if not self._cards:
            raise DeckError("cannot burn a card: the deck is empty")
        card = self._cards.pop(0)
        self._burned.append(card)
        return card

    def remove(self, cards: Iterable[C]) -> None:
        """Take these cards out of the deck, wherever they are (dead or known cards).

        >>> deck = Deck.french()
        >>> deck.remove([Card("As"), Card("Kd")])
        >>> len(deck), Card("As") in deck
        (50, False)
        """
        wanted = list(cards)
        present = set(self._cards)
        for card in wanted:
            if card not in present:
                raise DeckError(f"cannot remove {card}: it is not in the deck")
        gone = set(wanted)
        self._cards = [card for card in self._cards if card not in gone]

    def copy(self) -> Deck[C]:
        """An independent copy: the same cards in the same order, the same burn pile.

        >>> deck = Deck.french(); twin = deck.copy(); _ = twin.deal(5)
        >>> len(deck), len(twin)
        (52, 47)
        """
        twin: Deck[C] = Deck.__new__(Deck)
        twin._cards = list(self._cards)
        twin._burned = list(self._burned)
        twin._kind = self._kind
        return twin

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[C]:
        return iter(tuple(self._cards))

    def __contains__(self, card: object) -> bool:
        return card in self._cards

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Deck):
            return self._cards == other._cards and self._burned == other._burned
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Deck('{' '.join(map(str, self._cards))}')"

    def _repr_html_(self) -> str:
        return "".join(card._repr_html_() for card in self._cards)  # type: ignore[attr-defined]

