"""HandRank: the value of a poker hand, ordered like its strength, that can describe itself."""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Final

from cartes import _render
from cartes.errors import HandSizeError, OptionError, StrengthError
from cartes.evaluation._untracked import untrack
from cartes.evaluation.rankings import CALATONE, STANDARD, Category, Ranking, rank_word
from cartes.evaluation.tables import (
    CARD_BITS,
    CARD_KEYS,
    COL_BITS,
    FLAG_SHIFT,
    KEY_START,
    ROW_BITS,
    row_bases,
    tables_for,
)
from cartes.french import _CARDS, Card, Hand

__all__ = ["HandRank", "strength_of"]

_COL_MASK: Final = (1 << COL_BITS) - 1
#: How the built-in rankings are spelled in a repr (their names in ``cartes``).
_BUILT_IN_NAMES: Final = {STANDARD: "STANDARD", CALATONE: "CALATONE"}
_ROW_SHIFT: Final = 32 - ROW_BITS


@functools.cache
def _python_tables(ranking: Ranking) -> tuple[memoryview, memoryview, memoryview]:
    # memoryviews index to plain ints several times faster than numpy arrays do.
    tables = tables_for(ranking)
    return row_bases().data, tables.rank_values.data, tables.flush_values.data


def strength_of(indices: list[int] | tuple[int, ...], ranking: Ranking) -> int:
    """The strength of 5-7 valid, distinct card indices, in plain Python (no numba).

    About a microsecond; the same tables and arithmetic as the compiled kernels.

    >>> from cartes.evaluation import STANDARD
    >>> strength_of([51, 47, 43, 39, 35], STANDARD) >> 12  # royal flush: the top category
    8
    """
    bases, rank_values, flush_values = _python_tables(ranking)
    key = KEY_START
    bits = 0
    for i in indices:
        key += CARD_KEYS[i]
        bits |= CARD_BITS[i]
    hashed = key & 0xFFFFFFFF
    strength: int = rank_values[(bases[hashed >> _ROW_SHIFT] << 1) + (hashed & _COL_MASK)]
    flags = (key >> FLAG_SHIFT) & 0x1111
    if flags:
        suit = (flags.bit_length() - 1) // 4
        flush: int = flush_values[(bits >> (16 * suit)) & 0x1FFF]
        strength = max(strength, flush)
    return strength


def _reading_order(five: Hand, category: Category) -> Hand:
    """The five cards as a player reads them: bigger groups first, then higher ranks; a
    five-high straight with its ace last; five figures simply high to low, as they compare."""
    counts = Counter(card.rank for card in five)

    def by_group(card: Card) -> tuple[int, int, int]:
        if category is Category.FIVE_FIGURES:
            return (0, card.rank, card.suit)
        return (counts[card.rank], card.rank, card.suit)

    def ace_low(card: Card) -> int:
        return (card.rank + 1) % 13

    cards: list[Card] = list(five)
    if sorted(counts) == [0, 1, 2, 3, 12]:
        ordered = sorted(cards, key=ace_low, reverse=True)
    else:
        ordered = sorted(cards, key=by_group, reverse=True)
    return _hand(ordered)


def _hand(cards: list[Card]) -> Hand:
    """A Hand of cards already known distinct and valid (the evaluator's own), unchecked."""
    return tuple.__new__(Hand, cards)


def _card_index(card: Card) -> int:
    return card._index


#: Each card index as the interpreter's own small int (a HandRank keeps only such objects).
_INDICES: Final = tuple(range(52))


def _fill(rank: HandRank, strength: int, ranking: Ranking, indices: Sequence[int]) -> None:
    """Set a new HandRank's slots (the same stores as the fast path in evaluator.py)."""
    rank._ranking = ranking
    rank._high = strength >> 8
    rank._low = strength & 255
    known = _INDICES
    rank._c0, rank._c1, rank._c2, rank._c3, rank._c4 = (known[i] for i in indices[:5])
    rank._c5 = known[indices[5]] if len(indices) > 5 else None
    rank._c6 = known[indices[6]] if len(indices) > 6 else None


@functools.lru_cache(maxsize=4096)
def _best_five(indices: tuple[int, ...], ranking: Ranking, strength: int) -> Hand:
    """The best five of distinct valid card indices whose strength is ``strength``, in
    reading order (remembered for the last few thousand hands asked about)."""
    cards = [_CARDS[i] for i in indices]
    five: Hand
    if len(cards) == 5:
        five = _hand(cards)
    else:
        # Try the highest cards first, so ties between subsets resolve the same way.
        ordered = sorted(cards, key=_card_index, reverse=True)
        five = next(
            _hand(list(combo))
            for combo in itertools.combinations(ordered, 5)
            if strength_of([card._index for card in combo], ranking) == strength
        )
    return _reading_order(five, tables_for(ranking).category_of(strength))


#: Descriptions by (ranking, strength, language): a description follows from the strength
#: alone (equal strengths are the same category and tie-break), and there are 7,462 of them
#: per ranking, so each is worked out once per process.
_DESCRIPTIONS: dict[tuple[Ranking, int, str], str] = {}


class _Checked(type):
    """HandRank's type: ``HandRank(strength, ranking, cards)`` checks its arguments here, so that
    the class itself has no ``__init__`` and :data:`_blank` makes an empty instance through
    ``type.__call__`` (about 25-50 ns faster than ``object.__new__``, which packs its argument
    into a tuple and checks the class's bases on every call)."""

    def __call__(cls, strength: int, ranking: Ranking, cards: Hand) -> HandRank:
        if not isinstance(ranking, Ranking):
            raise OptionError(f"ranking must be a cartes.Ranking, got {ranking!r}")
        if not isinstance(cards, Hand) or len(cards) not in (5, 6, 7):
            raise HandSizeError(f"cards must be a Hand of 5, 6 or 7 cards, got {cards!r}")
        indices = [card.index for card in cards]
        worth = strength_of(indices, ranking)
        if strength != worth or not isinstance(strength, int) or isinstance(strength, bool):
            raise StrengthError(
                f"{strength!r} is not the strength of {cards} under the {ranking.name} ranking,"
                f" which is {worth}"
            )
        rank: HandRank = super().__call__()
        _fill(rank, worth, ranking, indices)
        return rank


class HandRank(metaclass=_Checked):
    """The value of a hand of 5, 6 or 7 cards under a ranking: ordered like the hands (higher is
    better), comparable only within one ranking.

    Made by :func:`cartes.evaluate`.

    >>> import cartes
    >>> rank = cartes.evaluate("Kh Kd Ks 7c 7d 2s 3h")
    >>> rank.category, rank.describe(), rank.describe("es")
    (Category.FULL_HOUSE, 'Full house, kings over sevens', 'Full de reyes y sietes')
    >>> rank.best_five
    Hand('Ks Kh Kd 7d 7c')
    >>> rank > cartes.evaluate("As Ad Ah Kc Qd")
    True
    """

    # A loop may keep millions of these, so a HandRank costs about what an int does: the
    # collector never tracks it (cartes.evaluation._untracked, whose rule is that the slots
    # hold only objects never freed), and it holds only small ints and its ranking. The
    # strength is two bytes, the cards their indices (None past the fifth or sixth card);
    # the Hand, category and best five are worked out when asked. A ranking is never freed
    # anyway: every ranking a HandRank is made with has been through the cached tables.
    __slots__ = ("_c0", "_c1", "_c2", "_c3", "_c4", "_c5", "_c6", "_high", "_low", "_ranking")

    _ranking: Ranking
    _high: int
    _low: int
    _c0: int
    _c1: int
    _c2: int
    _c3: int
    _c4: int
    _c5: int | None
    _c6: int | None

    @classmethod
    def _trusted(cls, strength: int, ranking: Ranking, indices: Sequence[int]) -> HandRank:
        """A HandRank whose strength the caller has just computed from 5-7 distinct valid
        card ``indices``."""
        rank = _blank()
        _fill(rank, strength, ranking, indices)
        return rank

    @property
    def strength(self) -> int:
        """The strength: ``category position << 12 | place within the category``.

        >>> import cartes
        >>> cartes.evaluate("As Ks Qs Js Ts").strength >> 12
        8
        """
        return self._high << 8 | self._low

    @strength.setter
    def strength(self, value: object) -> None:
        raise AttributeError("HandRank is immutable")

    @property
    def ranking(self) -> Ranking:
        """The ranking the hand was valued under.

        >>> import cartes
        >>> cartes.evaluate("As Ks Qs Js Ts", "calatone").ranking.name
        'calatone'
        """
        return self._ranking

    @ranking.setter
    def ranking(self, value: object) -> None:
        raise AttributeError("HandRank is immutable")

    @property
    def cards(self) -> Hand:
        """All the cards that were evaluated (5, 6 or 7), as given.

        >>> import cartes
        >>> cartes.evaluate((51, 47, 43, 39, 35, 0, 1)).cards
        Hand('As Ks Qs Js Ts 2c 2d')
        """
        return _hand([_CARDS[i] for i in self._indices()])

    @cards.setter
    def cards(self, value: object) -> None:
        raise AttributeError("HandRank is immutable")

    @property
    def category(self) -> Category:
        """The hand's category.

        >>> import cartes
        >>> cartes.evaluate("Ah Ad Kc Qs Jh", ranking="calatone").category
        Category.FIVE_FIGURES
        """
        return tables_for(self.ranking).category_of(self.strength)

    @property
    def best_five(self) -> Hand:
        """The five cards that make the hand, in reading order (biggest group first).

        >>> import cartes
        >>> cartes.evaluate("As 2d 3c 4h 5s Kd Kc").best_five
        Hand('5s 4h 3c 2d As')
        """
        return _best_five(self._indices(), self._ranking, self.strength)

    def _indices(self) -> tuple[int, ...]:
        """The indices of the cards, as given."""
        six, seven = self._c5, self._c6
        head = (self._c0, self._c1, self._c2, self._c3, self._c4)
        if seven is not None:
            return (*head, six, seven)  # type: ignore[return-value]
        return head if six is None else (*head, six)

    def describe(self, lang: str = "en") -> str:
        """A plain description, in English (``"en"``) or Spanish (``"es"``).

        >>> import cartes
        >>> cartes.evaluate("Ah Ad Kc Qs Jh", ranking="calatone").describe("es")
        'Cinco figuras, as, as, rey, reina, jota'
        >>> cartes.evaluate("9c 8c 7c 6c 5c").describe()
        'Straight flush, nine high'
        """
        _check_language(lang)  # before the lookup: a list is not even hashable
        key = (self._ranking, self.strength, lang)
        text = _DESCRIPTIONS.get(key)
        if text is None:
            five = self.best_five
            flush = len({card.suit for card in five}) == 1
            category, tie = self.ranking.classify([card.rank for card in five], flush)
            text = _DESCRIPTIONS[key] = _describe(category, tie, lang)
        return text

    def _comparable(self, other: object) -> HandRank | None:
        """``other`` if it can be ordered against this hand, None if it is not a HandRank."""
        if not isinstance(other, HandRank):
            return None
        if other.ranking != self.ranking:
            raise TypeError(
                f"cannot compare a {self.ranking.name} hand with a {other.ranking.name} hand"
            )
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandRank):
            return NotImplemented
        return self.ranking == other.ranking and self.strength == other.strength

    def __hash__(self) -> int:
        return hash((self.ranking, self.strength))

    def __lt__(self, other: object) -> bool:
        them = self._comparable(other)
        if them is None:
            return NotImplemented
        return self.strength < them.strength

    def __le__(self, other: object) -> bool:
        them = self._comparable(other)
        if them is None:
            return NotImplemented
        return self.strength <= them.strength

    def __gt__(self, other: object) -> bool:
        them = self._comparable(other)
        if them is None:
            return NotImplemented
        return self.strength > them.strength

    def __ge__(self, other: object) -> bool:
        them = self._comparable(other)
        if them is None:
            return NotImplemented
        return self.strength >= them.strength

    def __int__(self) -> int:
        return self.strength

    def __str__(self) -> str:
        return self.describe()

    def __repr__(self) -> str:
        """The constructor call, which evaluates back (with ``from cartes import *``).

        >>> import cartes
        >>> cartes.evaluate("Kh Kd Ks 7c 7d 2s 3h", "calatone")
        HandRank(28809, CALATONE, Hand('Kh Kd Ks 7c 7d 2s 3h'))
        """
        ranking = _BUILT_IN_NAMES.get(self.ranking, None) or repr(self.ranking)
        return f"HandRank({self.strength}, {ranking}, {self.cards!r})"

    _repr_html_ = _render.repr_html  # the view is drawn by cartes.display

    def __reduce__(self) -> tuple[Any, ...]:
        return (HandRank, (self.strength, self.ranking, self.cards))


#: Whether HandRanks are untracked by the collector here (on CPython; see _untracked).
UNTRACKED: Final = untrack(HandRank)
#: A new HandRank with no slot set, for the evaluator to fill: ``type.__call__`` bound to the
#: class, which skips the checks of :class:`_Checked` and calls no ``__init__``.
_blank: Final[Callable[[], HandRank]] = type.__call__.__get__(HandRank)


def _al(rank: int) -> str:
    word = rank_word(rank, lang="es")
    return f"a la {word}" if rank in (9, 10) else f"al {word}"


def _check_language(lang: object) -> None:
    if lang != "en" and lang != "es":
        raise OptionError(f"unknown language {lang!r}: use 'en' or 'es'")


def _describe(category: Category, tie: tuple[int, ...], lang: str) -> str:
    _check_language(lang)
    en = lang == "en"

    def word(rank: int) -> str:
        return rank_word(rank, lang=lang)

    def plural(rank: int) -> str:
        return rank_word(rank, plural=True, lang=lang)

    top = tie[0]
    if category is Category.STRAIGHT_FLUSH:
        if top == 12:
            return "Royal flush" if en else "Escalera real"
        return f"Straight flush, {word(top)} high" if en else f"Escalera de color {_al(top)}"
    if category is Category.FOUR_OF_A_KIND:
        return f"Four of a kind, {plural(top)}" if en else f"Poker de {plural(top)}"
    if category is Category.FULL_HOUSE:
        low = tie[1]
        return (
            f"Full house, {plural(top)} over {plural(low)}"
            if en
            else f"Full de {plural(top)} y {plural(low)}"
        )
    if category is Category.FLUSH:
        return f"Flush, {word(top)} high" if en else f"Color {_al(top)}"
    if category is Category.STRAIGHT:
        return f"Straight, {word(top)} high" if en else f"Escalera {_al(top)}"
    if category is Category.THREE_OF_A_KIND:
        return f"Three of a kind, {plural(top)}" if en else f"Trío de {plural(top)}"
    if category is Category.FIVE_FIGURES:
        cards = ", ".join(word(rank) for rank in tie)
        return f"Five figures, {cards}" if en else f"Cinco figuras, {cards}"
    if category is Category.TWO_PAIR:
        low = tie[1]
        return (
            f"Two pair, {plural(top)} and {plural(low)}"
            if en
            else f"Dobles parejas de {plural(top)} y {plural(low)}"
        )
    if category is Category.PAIR:
        return f"Pair of {plural(top)}" if en else f"Pareja de {plural(top)}"
    return f"High card, {word(top)}" if en else f"Carta mayor, {word(top)}"

