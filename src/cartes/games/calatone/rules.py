"""How calatone values hands: declared fives, partial hands, exposed cards (SPEC §1.5-§1.9).

Calatone ranks five-card hands by the calatone ranking (*cinco figuras* between two pair and
three of a kind, C-12), but which cards are valued depends on the moment:

* at the showdown, the five cards a player **declares** (C-10): :func:`hand_value`;
* when everyone passes before the last card, **all** the cards dealt so far (C-11):
  :func:`partial_value` (2 to 4 cards by rank groups only, 5 cards by the full ranking);
* to choose who speaks first, the **face-up** cards alone (C-6): :func:`exposed_value`.

With a stripped deck (C-18, ``lowest_rank`` above 2) the ace-low straight is the ace with the
four lowest ranks present (C-13): with sevens and up, A-7-8-9-T is the lowest straight.
:func:`best_declaration` is the helper that finds the best five to declare.

>>> from cartes import cards
>>> hand_value(cards("As Ah Kd Qc Jh")) > hand_value(cards("As Ah 5d 5c Kh"))  # cinco figuras
True
>>> describe(cards("Ad 7c 8h 9s Tc"), lowest_rank=7)
'Straight, ten high'
>>> best_declaration(cards("As Ah Kd Qc Jh 5d 5c"))
Hand('As Ah Kd Qc Jh')
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from typing import Any, Literal, Protocol

from cartes.errors import HandSizeError
from cartes.evaluation.handrank import strength_of
from cartes.evaluation.rankings import CALATONE, rank_word
from cartes.french import Card, Hand, Rank
from cartes.games.poker._rank import board_strength, dealt_board_strength, hand_rank
from cartes.games.poker.betting import MaxBetScope, RaiseCap, SpreadLimit

__all__ = [
    "CalatoneRules",
    "Phase",
    "best_declaration",
    "describe",
    "exposed_value",
    "hand_value",
    "partial_value",
]

#: The phases of a hand: the expose choice, the betting rounds, the declarations, the end.
Phase = Literal["expose", "betting", "declare", "over"]


class CalatoneRules(Protocol):
    """What a calatone hand reads of its game: the options of
    :class:`~cartes.games.calatone.Calatone` (the state takes the game by this shape, so that
    it need not import the package that starts it)."""

    @property
    def name(self) -> str: ...
    @property
    def players(self) -> int: ...
    @property
    def ante(self) -> int: ...
    @property
    def max_bet(self) -> int: ...
    @property
    def max_bet_scope(self) -> MaxBetScope: ...
    @property
    def all_pass_ends_hand(self) -> bool: ...
    @property
    def lowest_rank(self) -> int: ...
    @property
    def structure(self) -> SpreadLimit: ...
    @property
    def cap(self) -> RaiseCap: ...
    @property
    def rules_revision(self) -> int | None: ...
    def config(self) -> dict[str, Any]: ...

_RANKING = "calatone"


def _stripped_wheel(cards: Sequence[Card], lowest_rank: int) -> Card | None:
    """In a stripped deck, the card that stands in for the ace of an ace-low straight.

    Five cards that are an ace and the four lowest ranks of the deck value as the straight one
    rank lower, whose bottom card (one rank below the deck's lowest) cannot be in the deck: so
    the ace is valued as that card, of its own suit (a straight flush stays one).
    """
    low = lowest_rank - 2  # as a Rank number: 0 is a two
    if not 1 <= low <= 7 or len(cards) != 5:  # full deck (A-2-3-4-5 is in the tables), or none
        return None
    ranks = sorted(card.rank for card in cards)
    if ranks != [low, low + 1, low + 2, low + 3, Rank.ACE]:
        return None
    ace = next(card for card in cards if card.rank == Rank.ACE)
    return Card.from_index((low - 1) * 4 + ace.suit)


def _valued(cards: Sequence[Card], lowest_rank: int) -> list[Card]:
    stand_in = _stripped_wheel(cards, lowest_rank)
    if stand_in is None:
        return list(cards)
    return [stand_in if card.rank == Rank.ACE else card for card in cards]


def _five(cards: Sequence[Card]) -> Hand:
    hand = Hand(cards)
    if len(hand) != 5:
        raise HandSizeError(f"a calatone hand is valued on exactly 5 cards, got {len(hand)}")
    return hand


def hand_value(cards: Sequence[Card], lowest_rank: int = 2) -> int:
    """The strength of exactly five cards under the calatone ranking (higher is better).

    >>> from cartes import cards
    >>> hand_value(cards("Ks Kh Qd Qc As")) > hand_value(cards("Ks Kh Kd 7c 2s"))  # C-12
    False
    >>> hand_value(cards("As 6c 7h 8s 9c"), lowest_rank=6) > hand_value(cards("As Ac 6h 6s Kc"))
    True
    """
    return hand_rank(_valued(_five(cards), lowest_rank), _RANKING).strength


def partial_value(cards: Sequence[Card], lowest_rank: int = 2) -> int:
    """The value of 2 to 5 cards at a partial showdown (C-11): with 2 to 4 cards only rank
    groups count (quads, trips, two pair, pair, high card, then kickers; suits, straights and
    flushes never), with 5 the full calatone ranking. Compare only equal card counts.

    >>> from cartes import cards
    >>> partial_value(cards("9c 9d 2h")) > partial_value(cards("As Kd Qh"))
    True
    >>> partial_value(cards("9c Td Jh Qs")) > partial_value(cards("Ac Kd 3h 2s"))  # no straight
    False
    """
    hand = Hand(cards)
    if not 2 <= len(hand) <= 5:
        raise HandSizeError(f"a partial hand has 2 to 5 cards, got {len(hand)}")
    if len(hand) == 5:
        return hand_value(hand, lowest_rank)
    return board_strength(hand, _RANKING)


def exposed_value(cards: Sequence[Card], lowest_rank: int = 2) -> int:
    """The value of 1 to 6 face-up cards, to choose who speaks first (C-6): rank groups only on
    2 to 4 cards, the best five under the full calatone ranking on 5 or 6. Suits never count.

    >>> from cartes import cards
    >>> exposed_value(cards("Jc Qd Kh Ah Jh")) > exposed_value(cards("Tc Td 9h 9s 2c"))
    True
    """
    hand = Hand(cards)
    if len(hand) < 5 or lowest_rank == 2:
        return board_strength(hand, _RANKING)
    return max(hand_value(five, lowest_rank) for five in itertools.combinations(hand, 5))


def dealt_hand_value(five: Sequence[Card], lowest_rank: int = 2) -> int:
    """:func:`hand_value` of five distinct cards the game dealt itself: no checks (the
    driver values all 21 fives of every seat at the showdown).

    >>> from cartes import cards
    >>> five = cards("As 6c 7h 8s 9c")
    >>> dealt_hand_value(five, 6) == hand_value(five, 6)
    True
    """
    if lowest_rank > 2:
        five = _valued(five, lowest_rank)
    return strength_of([card._index for card in five], CALATONE)


def dealt_exposed_value(cards: Sequence[Card], lowest_rank: int = 2) -> int:
    """:func:`exposed_value` of 1 to 6 face-up cards the game dealt itself: no checks.

    >>> from cartes import cards
    >>> up = cards("Jc Qd Kh Ah Jh")
    >>> [dealt_exposed_value(up[:n]) == exposed_value(up[:n]) for n in (3, 5)]
    [True, True]
    """
    if len(cards) <= 4:
        return dealt_board_strength(cards)
    if lowest_rank == 2:  # the best five of five or six, straight from the tables
        return strength_of([card._index for card in cards], CALATONE)
    return max(dealt_hand_value(five, lowest_rank) for five in itertools.combinations(cards, 5))


def best_declaration(cards: Sequence[Card], lowest_rank: int = 2) -> Hand:
    """The best five of 5 to 7 cards to declare (C-10), in reading order of their value; of
    equal fives, the first found in deal order.

    >>> from cartes import cards
    >>> best_declaration(cards("Ks Kh Qd Qc As Jd 2c"))
    Hand('As Ks Kh Qd Qc')
    """
    hand = Hand(cards)
    if not 5 <= len(hand) <= 7:
        raise HandSizeError(f"a declaration is chosen from 5 to 7 cards, got {len(hand)}")
    best = max(itertools.combinations(hand, 5), key=lambda five: hand_value(five, lowest_rank))
    return _reading(Hand(best), lowest_rank)


def _reading(five: Hand, lowest_rank: int) -> Hand:
    """The five cards in the order the evaluator reads them (groups first, high to low)."""
    valued = _valued(five, lowest_rank)
    order = hand_rank(valued, _RANKING).best_five
    swap = dict(zip(valued, five, strict=True))
    return Hand(swap[card] for card in order)


def describe(cards: Sequence[Card], lowest_rank: int = 2, lang: str = "en") -> str:
    """Name a hand as it is valued: five cards by the calatone ranking, 2 to 4 by rank groups.

    >>> from cartes import cards
    >>> describe(cards("As Ah Kd Qc Jh"))
    'Five figures, ace, ace, king, queen, jack'
    >>> describe(cards("Kd Ks 7h")), describe(cards("Kd Ks 7h"), lang="es")
    ('Pair of kings', 'Pareja de reyes')
    """
    hand = Hand(cards)
    if len(hand) == 5:
        return hand_rank(_valued(hand, lowest_rank), _RANKING).describe(lang)
    if not 1 <= len(hand) <= 4:
        raise HandSizeError(f"a calatone hand has 1 to 5 cards to describe, got {len(hand)}")
    groups = sorted(((n, r) for r, n in Counter(c.rank for c in hand).items()), reverse=True)
    shape = [n for n, _ in groups]
    top = int(groups[0][1])
    en = lang == "en"

    def plural(rank: int) -> str:
        return rank_word(rank, plural=True, lang=lang)

    # The evaluator's wording for the same categories (HandRank.describe).
    if shape[0] == 4:
        return f"Four of a kind, {plural(top)}" if en else f"Poker de {plural(top)}"
    if shape[0] == 3:
        return f"Three of a kind, {plural(top)}" if en else f"Trío de {plural(top)}"
    if shape[:2] == [2, 2]:
        low = int(groups[1][1])
        if en:
            return f"Two pair, {plural(top)} and {plural(low)}"
        return f"Dobles parejas de {plural(top)} y {plural(low)}"
    if shape[0] == 2:
        return f"Pair of {plural(top)}" if en else f"Pareja de {plural(top)}"
    word = rank_word(top, lang=lang)
    return f"High card, {word}" if en else f"Carta mayor, {word}"
