"""A deck of French or Spanish cards: seeded shuffles, cut, deal, burn, and stacked decks.

The top of the deck is the first card of :attr:`Deck.cards`; dealing takes from the top. Every
card is in exactly one place: still in the deck, in the burn pile, or dealt or removed (given
to the caller). Shuffles use numpy's PCG64 generator through ``Generator.permutation``, so the
same seed gives the same order on every machine and every numpy version that keeps PCG64's
stream (numpy guarantees it; the test suite pins a few orders).

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

import operator
from collections.abc import Iterable, Iterator
from typing import Any, Generic, TypeVar, overload

import numpy as np
from numpy.typing import NDArray

from cartes import _render
from cartes._indexed import IndexedCard, describe, first_duplicate, items_of
from cartes.errors import CardTypeError, CartesError, DeckError, DuplicateCardError, SeedError
from cartes.french import DECK_SIZE, Card, CardLike, full_deck
from cartes.spanish import SpanishCard, spanish_deck_cards

__all__ = ["Deck", "SeedLike", "make_rng", "random_hands"]

C = TypeVar("C", bound=IndexedCard)
K = TypeVar("K", bound=IndexedCard)

#: A seed: ``None`` (fresh OS entropy, not reproducible), an int >= 0, or a numpy ``Generator``.
SeedLike = int | np.random.Generator | None

_FRENCH: tuple[Card, ...] = tuple(full_deck())


def make_rng(seed: SeedLike) -> np.random.Generator:
    """A numpy Generator from a seed, or the generator itself when given one.

    >>> int(make_rng(3).integers(100)) == int(make_rng(3).integers(100))
    True
    >>> make_rng(-1)
    Traceback (most recent call last):
    ...
    cartes.errors.SeedError: invalid seed -1: a seed is None, an int >= 0 or a numpy Generator
    """
    if isinstance(seed, np.random.Generator):
        return seed
    if seed is None:
        return np.random.default_rng()
    if isinstance(seed, (int, np.integer)) and not isinstance(seed, bool):
        if seed < 0:
            raise SeedError(f"invalid seed {seed}: {_SEED_HELP}")
        return np.random.default_rng(int(seed))
    raise SeedError(f"invalid seed ({describe(seed)}): {_SEED_HELP}")


_SEED_HELP = "a seed is None, an int >= 0 or a numpy Generator"


def _card_kind(kind: object) -> type[IndexedCard]:
    if isinstance(kind, type) and issubclass(kind, IndexedCard) and kind is not IndexedCard:
        return kind
    raise CardTypeError(f"invalid card kind ({describe(kind)}): give Card or SpanishCard")


def _items(cards: object, kind: type[IndexedCard]) -> list[Any]:
    """The card-likes in text, one card, or an iterable of card-likes, not yet parsed.

    French text is split on spaces and commas, like :func:`cartes.cards`. Spanish text is split on
    commas when it has any (so long names work: ``"rey de espadas, as de oros"``), else on spaces.
    """
    if isinstance(cards, str):
        if kind is not Card and "," in cards:
            return [item for item in cards.split(",") if item.strip()]
        return cards.replace(",", " ").split()
    if isinstance(cards, IndexedCard):
        return [cards]
    return items_of(cards, "cards", "text like 'As Kd', one card, or an iterable of cards")


class Deck(Generic[C]):
    """An ordered pile of distinct cards of one kind, top first, with a burn pile.

    Make one with :meth:`french`, :meth:`spanish` or :meth:`stacked`; ``Deck(cards)`` takes
    card objects of one kind (``kind`` says which for an empty deck; Card by default).

    >>> deck = Deck.spanish()
    >>> len(deck), deck.cards[0], deck.kind.__name__
    (40, SpanishCard('1o'), 'SpanishCard')
    >>> deck.shuffle(seed=1)
    >>> deck.deal(3)
    (SpanishCard('...'), SpanishCard('...'), SpanishCard('...'))
    """

    __slots__ = ("_burned", "_cards", "_kind")

    def __init__(self, cards: Iterable[C], kind: type[C] | None = None) -> None:
        pile = items_of(cards, "a Deck", "card objects of one kind (or use Deck.stacked(text))")
        kinds: set[type[Any]] = {type(card) for card in pile}
        if kind is not None:
            kinds.add(_card_kind(kind))
        if len(kinds) > 1 or not all(issubclass(k, IndexedCard) for k in kinds):
            raise CardTypeError(
                "a deck holds cards of one kind, all Card or all SpanishCard: "
                f"got {', '.join(sorted(k.__name__ for k in kinds))}"
            )
        duplicate = first_duplicate(pile)
        if duplicate is not None:
            raise DuplicateCardError(f"duplicate card {duplicate}: a deck holds each card once")
        self._cards: list[C] = pile
        self._burned: list[C] = []
        self._kind: type[IndexedCard] = kinds.pop() if kinds else Card

    @staticmethod
    def _unchecked(cards: list[K], burned: list[K], kind: type[IndexedCard]) -> Deck[K]:
        """A deck of cards already known to be of one ``kind`` and distinct, unchecked (the
        games start every hand with a full deck; a copy is a copy)."""
        deck: Deck[K] = Deck.__new__(Deck)
        deck._cards = cards
        deck._burned = burned
        deck._kind = kind
        return deck

    @classmethod
    def french(cls) -> Deck[Card]:
        """The 52-card French deck in index order (2c first, As last).

        >>> Deck.french().cards[:3]
        (Card('2c'), Card('2d'), Card('2h'))
        """
        return Deck._unchecked(list(_FRENCH), [], Card)  # the full deck, known good

    @classmethod
    def spanish(cls, size: int = 40) -> Deck[SpanishCard]:
        """The Spanish deck in index order: 40 cards (no 8s or 9s) by default, or 48.

        >>> len(Deck.spanish(48))
        48
        """
        # A full deck, known good (spanish_deck_cards checks the size).
        return Deck._unchecked(list(spanish_deck_cards(size)), [], SpanishCard)

    @overload
    @classmethod
    def stacked(
        cls,
        cards: str | Iterable[CardLike],
        kind: None = None,
        *,
        burned: str | Iterable[CardLike] = (),
    ) -> Deck[Card]: ...

    @overload
    @classmethod
    def stacked(
        cls, cards: Iterable[K], kind: None = None, *, burned: Iterable[K] = ()
    ) -> Deck[K]: ...

    @overload
    @classmethod
    def stacked(
        cls, cards: str | Iterable[Any], kind: type[K], *, burned: str | Iterable[Any] = ()
    ) -> Deck[K]: ...

    @classmethod
    def stacked(
        cls, cards: Any, kind: type[Any] | None = None, *, burned: Any = ()
    ) -> Deck[Any]:
        """A deck in exactly this order, top first, for tests and scenarios.

        ``cards`` is text, a :class:`~cartes.Hand`, or any iterable of card-likes. Text is read
        as French cards unless ``kind=SpanishCard``; card objects give their own kind. The deck
        holds just these cards: a stacked Spanish deck may hold 8s and 9s, and it is the
        game's business whether it plays with 40 or 48 cards. ``burned`` starts a burn pile
        (so that ``eval(repr(deck)) == deck``).

        >>> Deck.stacked("12e 1o", kind=SpanishCard).deal()
        (SpanishCard('12e'),)
        >>> Deck.stacked("rey de espadas, as de oros", kind=SpanishCard)
        Deck.stacked('12e 1o', kind=SpanishCard)
        >>> from cartes import cards
        >>> Deck.stacked(cards("As Kd"), burned="Qh")
        Deck.stacked('As Kd', burned='Qh')
        """
        maker = Card if kind is None else _card_kind(kind)
        items = _items(cards, maker)
        if kind is None and items and isinstance(items[0], IndexedCard):
            maker = type(items[0])
        deck = Deck([maker(item) for item in items], kind=maker)  # type: ignore[call-arg]
        burn_pile = [maker(item) for item in _items(burned, maker)]  # type: ignore[call-arg]
        duplicate = first_duplicate([*deck._cards, *burn_pile])
        if duplicate is not None:
            raise DuplicateCardError(
                f"duplicate card {duplicate}: a card is either in the deck or burned, not twice"
            )
        deck._burned = burn_pile
        return deck

    @property
    def kind(self) -> type[IndexedCard]:
        """The kind of card the deck holds: :class:`~cartes.Card` or :class:`~cartes.SpanishCard`.

        >>> Deck.french().kind
        <class 'cartes.french.Card'>
        """
        return self._kind

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

        ``seed`` is an int >= 0, a numpy ``Generator`` (which advances), or ``None`` for
        fresh entropy. The new order is ``[cards[i] for i in rng.permutation(len(deck))]``.

        >>> a, b = Deck.french(), Deck.french()
        >>> a.shuffle(42); b.shuffle(np.random.default_rng(42))
        >>> a.cards == b.cards
        True
        """
        order = make_rng(seed).permutation(len(self._cards)).tolist()
        self._cards = list(map(self._cards.__getitem__, order))

    def cut(self, n: int) -> None:
        """Cut: move the top ``n`` cards to the bottom; each packet keeps at least one card.

        >>> deck = Deck.stacked("As Kd Qh")
        >>> deck.cut(1)
        >>> deck
        Deck.stacked('Kd Qh As')
        """
        n = operator.index(n)
        if not 0 < n < len(self._cards):
            allowed = (
                f"so 1 <= n <= {len(self._cards) - 1}"
                if len(self._cards) > 1
                else f"and the deck holds {len(self._cards)}"
            )
            raise DeckError(
                f"cannot cut at {n}: a cut must leave cards in both packets, {allowed}"
            )
        self._cards = self._cards[n:] + self._cards[:n]

    def deal(self, n: int = 1) -> tuple[C, ...]:
        """Take ``n`` cards from the top, as a tuple.

        >>> Deck.stacked("As Kd Qh").deal(2)
        (Card('As'), Card('Kd'))
        """
        n = operator.index(n)
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
        if not self._cards:
            raise DeckError("cannot deal 1 cards: the deck holds 0")
        return self._cards.pop(0)

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

    def remove(self, cards: Any) -> tuple[C, ...]:
        """Take these cards out of the deck, wherever they are (dead or known cards).

        ``cards`` is one card, text, or an iterable of card-likes of the deck's kind. Nothing
        changes unless every card is in the deck, once. Returns the removed cards.

        >>> deck = Deck.french()
        >>> deck.remove("As Kd")
        (Card('As'), Card('Kd'))
        >>> len(deck), Card("As") in deck, "Kd" in deck
        (50, False, False)
        """
        wanted: list[C] = [self._kind(item) for item in _items(cards, self._kind)]  # type: ignore[call-arg,misc]
        duplicate = first_duplicate(wanted)
        if duplicate is not None:
            raise DuplicateCardError(f"cannot remove {duplicate}: it is listed twice")
        present = set(self._cards)
        for card in wanted:
            if card not in present:
                where = "it was burned" if card in self._burned else "it is not in the deck"
                raise DeckError(f"cannot remove {card}: {where}")
        gone = set(wanted)
        self._cards = [card for card in self._cards if card not in gone]
        return tuple(wanted)

    def copy(self) -> Deck[C]:
        """An independent copy: the same cards in the same order, the same burn pile.

        ``copy.copy`` and ``copy.deepcopy`` do the same (cards are immutable).

        >>> deck = Deck.french(); twin = deck.copy(); _ = twin.deal(5)
        >>> len(deck), len(twin)
        (52, 47)
        """
        return Deck._unchecked(list(self._cards), list(self._burned), self._kind)

    __copy__ = copy

    def __deepcopy__(self, memo: dict[int, Any]) -> Deck[C]:
        return self.copy()

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[C]:
        """The cards still in the deck, top first (a snapshot: dealing while iterating is safe)."""
        return iter(tuple(self._cards))

    def __contains__(self, card: object) -> bool:
        """Whether a card is still in the deck; text is read as a card of the deck's kind."""
        if isinstance(card, str):
            try:
                card = self._kind(card)  # type: ignore[call-arg]
            except CartesError:
                return False
        return card in self._cards

    def __eq__(self, other: object) -> bool:
        """Decks are equal when they hold the same kind of card, in the same order, and have
        the same burn pile."""
        if isinstance(other, Deck):
            return (
                self._kind is other._kind
                and self._cards == other._cards
                and self._burned == other._burned
            )
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        """``Deck.french()`` or ``Deck.spanish()`` (``Deck.spanish(48)``) for a full deck in
        its fresh order, else ``Deck.stacked(...)`` with the cards in order, which evaluates
        to an equal deck.

        >>> Deck.spanish(), Deck.stacked("As Kd")
        (Deck.spanish(), Deck.stacked('As Kd'))
        """
        if not self._burned:
            if self._kind is Card and len(self._cards) == 52 and tuple(self._cards) == _FRENCH:
                return "Deck.french()"
            size = len(self._cards)
            if (self._kind is SpanishCard and size in (40, 48)
                    and self._cards == list(spanish_deck_cards(size))):
                return "Deck.spanish()" if size == 40 else "Deck.spanish(48)"
        args = [repr(" ".join(map(str, self._cards)))]
        if self._kind is not Card:
            args.append(f"kind={self._kind.__name__}")
        if self._burned:
            args.append(f"burned={' '.join(map(str, self._burned))!r}")
        return f"Deck.stacked({', '.join(args)})"

    _repr_html_ = _render.repr_html


def random_hands(n: int, k: int = 7, seed: SeedLike = None) -> NDArray[np.uint8]:
    """``n`` uniformly random hands of ``k`` distinct French cards, as an ``(n, k)`` uint8
    array of card indices: the array form of dealing from ``n`` fresh decks, for simulations
    and :func:`cartes.evaluate_many`. Reproducible by seed.

    >>> hands = random_hands(1000, 7, seed=1)
    >>> hands.shape, hands.dtype
    ((1000, 7), dtype('uint8'))
    >>> ordered = np.sort(hands, axis=1)
    >>> bool((ordered[:, 1:] != ordered[:, :-1]).all())  # no card twice in a hand
    True
    >>> bool((random_hands(1000, 7, seed=1) == hands).all())
    True
    """
    for _name, value, low in (("n", n, 0), ("k", k, 1)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < low:
            raise DeckError(
                f"cannot deal {n!r} hands of {k!r} cards: n is an integer >= 0, "
                f"k an integer 1-{DECK_SIZE}"
            )
    if k > DECK_SIZE:
        raise DeckError(f"cannot deal hands of {k} cards: a French deck holds {DECK_SIZE}")
    rng = make_rng(seed)
    if k > 8:
        # Rejection would redraw most rows: take the first k cards of a random order instead.
        return np.argsort(rng.random((int(n), DECK_SIZE)), axis=1)[:, :k].astype(np.uint8)
    out = np.empty((int(n), int(k)), dtype=np.uint8)
    todo = np.arange(int(n))
    while todo.size:
        # Draw with replacement and redraw the rows with a repeat: uniform over distinct hands,
        # and about four times faster than sorting random keys for seven cards.
        draw = rng.integers(0, DECK_SIZE, size=(todo.size, int(k)), dtype=np.uint8)
        ordered = np.sort(draw, axis=1)
        distinct = (ordered[:, 1:] != ordered[:, :-1]).all(axis=1)
        out[todo[distinct]] = draw[distinct]
        todo = todo[~distinct]
    return out
