"""Hand rankings as data: the categories of five-card hands, and their order in each ranking.

A :class:`Ranking` is an ordered tuple of :class:`Category` values, best first. A five-card hand
takes the *highest* category of the ranking whose definition it meets (SPEC C-12), and hands of
one category compare by that category's tie-break: a tuple of ranks, compared left to right.
Suits never break ties. The ace plays high, and low only in A-2-3-4-5 (C-13).

Everything the evaluator knows about a ranking comes from :meth:`Ranking.classify`: the lookup
tables are compiled from it (:mod:`cartes.evaluation.tables`), so a new ranking is a new tuple of
categories, not new kernel code.

>>> from cartes.evaluation import STANDARD, CALATONE, Category
>>> CALATONE.classify([12, 12, 11, 10, 9], flush=False)
(Category.FIVE_FIGURES, (12, 12, 11, 10, 9))
>>> STANDARD.classify([12, 12, 11, 10, 9], flush=False)
(Category.PAIR, (12, 11, 10, 9))
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Final

from cartes.errors import ConfigurationError, OptionError, UnknownRankingError

__all__ = ["CALATONE", "STANDARD", "Category", "Ranking", "get_ranking"]

#: Rank numbers as in :class:`cartes.Rank`: 0 is a two, 12 an ace.
_ACE: Final = 12
_JACK: Final = 9

_RANK_WORDS_EN: Final = (
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "jack", "queen", "king", "ace",
)  # fmt: skip
_RANK_PLURALS_EN: Final = (
    "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
    "jacks", "queens", "kings", "aces",
)  # fmt: skip
_RANK_WORDS_ES: Final = (
    "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez",
    "jota", "reina", "rey", "as",
)  # fmt: skip
_RANK_PLURALS_ES: Final = (
    "doses", "treses", "cuatros", "cincos", "seises", "sietes", "ochos", "nueves", "dieces",
    "jotas", "reinas", "reyes", "ases",
)  # fmt: skip


class Category(enum.IntEnum):
    """The kinds of five-card hand. Their order is set by a :class:`Ranking`, not by value.

    >>> Category.FULL_HOUSE.english, Category.FULL_HOUSE.spanish
    ('Full house', 'Full')
    """

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    FIVE_FIGURES = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9

    @property
    def english(self) -> str:
        """The category's English name.

        >>> Category.FIVE_FIGURES.english
        'Five figures'
        """
        return _NAMES_EN[self]

    @property
    def spanish(self) -> str:
        """The category's Spanish name, as in the calatone source.

        >>> Category.TWO_PAIR.spanish
        'Dobles parejas'
        """
        return _NAMES_ES[self]

    def __repr__(self) -> str:
        return f"Category.{self.name}"

    __str__ = __repr__


_NAMES_EN: Final = {
    Category.HIGH_CARD: "High card",
    Category.PAIR: "Pair",
    Category.TWO_PAIR: "Two pair",
    Category.FIVE_FIGURES: "Five figures",
    Category.THREE_OF_A_KIND: "Three of a kind",
    Category.STRAIGHT: "Straight",
    Category.FLUSH: "Flush",
    Category.FULL_HOUSE: "Full house",
    Category.FOUR_OF_A_KIND: "Four of a kind",
    Category.STRAIGHT_FLUSH: "Straight flush",
}
_NAMES_ES: Final = {
    Category.HIGH_CARD: "Carta mayor",
    Category.PAIR: "Pareja",
    Category.TWO_PAIR: "Dobles parejas",
    Category.FIVE_FIGURES: "Cinco figuras",
    Category.THREE_OF_A_KIND: "Trío",
    Category.STRAIGHT: "Escalera",
    Category.FLUSH: "Color",
    Category.FULL_HOUSE: "Full",
    Category.FOUR_OF_A_KIND: "Poker",
    Category.STRAIGHT_FLUSH: "Escalera de color",
}

TieBreak = tuple[int, ...]


def _groups(ranks: Sequence[int]) -> list[tuple[int, int]]:
    """(count, rank) pairs, largest group first, then highest rank first."""
    return sorted(((n, r) for r, n in Counter(ranks).items()), reverse=True)


def _straight_top(ranks: Sequence[int]) -> int | None:
    distinct = sorted(set(ranks), reverse=True)
    if len(distinct) != 5:
        return None
    if distinct[0] - distinct[4] == 4:
        return distinct[0]
    if distinct == [_ACE, 3, 2, 1, 0]:  # A-2-3-4-5 plays the ace low: five-high
        return 3
    return None


def _straight_flush(ranks: Sequence[int], flush: bool) -> TieBreak | None:
    top = _straight_top(ranks)
    return (top,) if flush and top is not None else None


def _four_of_a_kind(ranks: Sequence[int], flush: bool) -> TieBreak | None:
    groups = _groups(ranks)
    return tuple(r for _, r in groups) if groups[0][0] == 4 else None


def _full_house(ranks: Sequence[int], flush: bool) -> TieBreak | None:
    groups = _groups(ranks)
    return (groups[0][1], groups[1][1]) if [n for n, _ in groups] == [3, 2] else None


def _flush(ranks: Sequence[int], flush: bool) -> TieBreak | None:
    return tuple(sorted(ranks, reverse=True)) if flush else None


def _straight(ranks: Sequence[int], flush: bool) -> TieBreak | None:
    top = _straight_top(ranks)
    return (top,) if top is not None else None


def _three_of_a_kind(ranks: Sequence[int], flush: bool) -> TieBreak | None:
    groups = _groups(ranks)
    return tuple(r for _, r in groups) if groups[0][0] == 3 else None


def _five_figures(ranks: Sequence[int], flush: bool) -> TieBreak | None:
    # Seed §8: all five cards among J Q K A; ties compare every card, high to low, like a flush.
    return tuple(sorted(ranks, reverse=True)) if min(ranks) >= _JACK else None


def _two_pair(ranks: Sequence[int], flush: bool) -> TieBreak | None:
    groups = _groups(ranks)
    return tuple(r for _, r in groups) if [n for n, _ in groups] == [2, 2, 1] else None


def _pair(ranks: Sequence[int], flush: bool) -> TieBreak | None:
    groups = _groups(ranks)
    return tuple(r for _, r in groups) if groups[0][0] == 2 else None


def _high_card(ranks: Sequence[int], flush: bool) -> TieBreak | None:
    return tuple(sorted(ranks, reverse=True))


#: The definition of each category: does a five-card hand meet it, and with what tie-break?
#: Definitions overlap on purpose (a full house also "has three of a kind"); the ranking's
#: order decides, since a hand takes the highest category it meets.
DEFINITIONS: Final[dict[Category, Callable[[Sequence[int], bool], TieBreak | None]]] = {
    Category.STRAIGHT_FLUSH: _straight_flush,
    Category.FOUR_OF_A_KIND: _four_of_a_kind,
    Category.FULL_HOUSE: _full_house,
    Category.FLUSH: _flush,
    Category.STRAIGHT: _straight,
    Category.THREE_OF_A_KIND: _three_of_a_kind,
    Category.FIVE_FIGURES: _five_figures,
    Category.TWO_PAIR: _two_pair,
    Category.PAIR: _pair,
    Category.HIGH_CARD: _high_card,
}


class Ranking:
    """An order of hand categories, best first, that ranks five-card poker hands.

    Two are built in: :data:`STANDARD` (nine categories) and :data:`CALATONE` (ten, with
    *cinco figuras* between two pair and three of a kind). The last category must be
    ``HIGH_CARD`` so that every hand has one.

    >>> CALATONE.categories[5:8]
    (Category.THREE_OF_A_KIND, Category.FIVE_FIGURES, Category.TWO_PAIR)
    >>> short_deck = Ranking("short-deck-like", [
    ...     Category.STRAIGHT_FLUSH, Category.FOUR_OF_A_KIND, Category.FLUSH,
    ...     Category.FULL_HOUSE, Category.STRAIGHT, Category.THREE_OF_A_KIND,
    ...     Category.TWO_PAIR, Category.PAIR, Category.HIGH_CARD])
    >>> short_deck.classify([12, 10, 8, 4, 2], flush=True)[0]
    Category.FLUSH
    """

    __slots__ = ("_hash", "_position", "categories", "name")

    def __init__(self, name: str, categories: Iterable[Category]) -> None:
        if not isinstance(name, str) or not name:
            raise ConfigurationError(f"a ranking's name is a non-empty str, got {name!r}")
        try:
            ordered = tuple(Category(category) for category in categories)
        except (TypeError, ValueError):
            raise ConfigurationError(
                f"ranking {name!r}: categories must be an iterable of cartes.Category, "
                f"got {categories!r}"
            ) from None
        if len(set(ordered)) != len(ordered):
            raise ConfigurationError(f"ranking {name!r} lists a category twice: {ordered}")
        if not ordered or ordered[-1] is not Category.HIGH_CARD:
            raise ConfigurationError(f"ranking {name!r} must end with Category.HIGH_CARD")
        #: The ranking's name, as accepted by :func:`get_ranking`.
        self.name: str = name
        #: The categories, best first.
        self.categories: tuple[Category, ...] = ordered
        self._position = {category: len(ordered) - 1 - i for i, category in enumerate(ordered)}
        self._hash = hash(ordered)  # rankings key the caches of every evaluation: hash once

    def position(self, category: Category) -> int:
        """The category's place from the bottom: 0 for high card, higher is better.

        >>> STANDARD.position(Category.STRAIGHT_FLUSH), CALATONE.position(Category.STRAIGHT_FLUSH)
        (8, 9)
        """
        try:
            return self._position[category]
        except (KeyError, TypeError):
            raise ConfigurationError(
                f"{category!r} is not a category of the {self.name} ranking: its categories "
                f"are {', '.join(c.name for c in self.categories)}"
            ) from None

    def classify(self, ranks: Sequence[int], flush: bool) -> tuple[Category, TieBreak]:
        """The category of a five-card hand and its tie-break tuple (compare left to right).

        ``ranks`` are the five rank numbers (0 = two .. 12 = ace); ``flush`` says whether the
        five cards share a suit.

        >>> STANDARD.classify([12, 3, 2, 1, 0], flush=False)
        (Category.STRAIGHT, (3,))
        """
        for category in self.categories:
            tie_break = DEFINITIONS[category](ranks, flush)
            if tie_break is not None:
                return category, tie_break
        raise AssertionError("unreachable: every ranking ends with HIGH_CARD")

    def key(self) -> str:
        """A text that identifies the ranking's definition (used to version cached tables).

        >>> STANDARD.key()
        'STRAIGHT_FLUSH>FOUR_OF_A_KIND>FULL_HOUSE>FLUSH>STRAIGHT>THREE_OF_A_KIND>TWO_PAIR>...'
        """
        return ">".join(category.name for category in self.categories)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Ranking):
            return self.categories == other.categories
        return NotImplemented

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        """A constructor call that evaluates back to an equal ranking.

        >>> CALATONE
        Ranking('calatone', [Category.STRAIGHT_FLUSH, Category.FOUR_OF_A_KIND, ...])
        """
        return f"Ranking({self.name!r}, [{', '.join(map(repr, self.categories))}])"


#: Standard poker: nine categories (SPEC §2.8).
STANDARD: Final = Ranking(
    "standard",
    [
        Category.STRAIGHT_FLUSH,
        Category.FOUR_OF_A_KIND,
        Category.FULL_HOUSE,
        Category.FLUSH,
        Category.STRAIGHT,
        Category.THREE_OF_A_KIND,
        Category.TWO_PAIR,
        Category.PAIR,
        Category.HIGH_CARD,
    ],
)

#: Calatone: ten categories, *cinco figuras* between two pair and three of a kind (SPEC §1.9).
CALATONE: Final = Ranking(
    "calatone",
    [
        Category.STRAIGHT_FLUSH,
        Category.FOUR_OF_A_KIND,
        Category.FULL_HOUSE,
        Category.FLUSH,
        Category.STRAIGHT,
        Category.THREE_OF_A_KIND,
        Category.FIVE_FIGURES,
        Category.TWO_PAIR,
        Category.PAIR,
        Category.HIGH_CARD,
    ],
)

_BUILT_IN: Final = {"standard": STANDARD, "calatone": CALATONE}

RankingLike = Ranking | str


def get_ranking(ranking: RankingLike) -> Ranking:
    """The ranking named, or the ranking itself.

    >>> get_ranking("calatone") is CALATONE
    True
    >>> get_ranking("lowball")
    Traceback (most recent call last):
    ...
    cartes.errors.UnknownRankingError: unknown ranking 'lowball': known rankings are ...
    """
    if isinstance(ranking, Ranking):
        return ranking
    if isinstance(ranking, str):
        found = _BUILT_IN.get(ranking.lower())
        if found is not None:
            return found
    known = ", ".join(repr(name) for name in _BUILT_IN)
    raise UnknownRankingError(f"unknown ranking {ranking!r}: known rankings are {known}")


def rank_word(rank: int, *, plural: bool = False, lang: str = "en") -> str:
    """The word for a rank number, for descriptions.

    >>> rank_word(11, plural=True), rank_word(11, lang="es")
    ('kings', 'rey')
    """
    if lang == "en":
        return (_RANK_PLURALS_EN if plural else _RANK_WORDS_EN)[rank]
    if lang == "es":
        return (_RANK_PLURALS_ES if plural else _RANK_WORDS_ES)[rank]
    raise OptionError(f"unknown language {lang!r}: use 'en' or 'es'")
