"""A tiny pure-Python stand-in for ``cartes.evaluation`` while it is not on this branch.

Used by conftest.py only when ``cartes.evaluation`` cannot be imported. Slow and simple on
purpose: it exists so the game tests can run before the real evaluator is merged.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from cartes import Card, Hand

NAMES = ["High card", "Pair", "Two pair", "Three of a kind", "Straight", "Flush",
         "Full house", "Four of a kind", "Straight flush"]


def _key(ranks: list[int]) -> list[int]:
    counts = Counter(ranks)
    return sorted(ranks, key=lambda r: (counts[r], r), reverse=True)


def _five(cards: tuple[Card, ...]) -> int:
    ranks = [c.index >> 2 for c in cards]
    flush = len({c.index & 3 for c in cards}) == 1
    distinct = sorted(set(ranks), reverse=True)
    top = None
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            top = distinct[0]
        elif distinct == [12, 3, 2, 1, 0]:
            top = 3
    shape = sorted(Counter(ranks).values(), reverse=True)
    if top is not None:
        return ((8 if flush else 4) << 20) | top
    category = {(4, 1): 7, (3, 2): 6, (3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}.get(
        tuple(shape), 0)
    if flush:
        category = max(category, 5) if category < 6 else category
    value = 0
    for r in _key(ranks):
        value = value * 13 + r
    return (category << 20) | value


@dataclass(frozen=True, order=True)
class FallbackRank:
    strength: int
    best_five: Hand

    def describe(self) -> str:
        return NAMES[self.strength >> 20]


def _cards(cards: Any) -> tuple[Card, ...]:
    if isinstance(cards, str):
        return tuple(Hand(cards))
    return tuple(Card(c) for c in cards)


def evaluate(cards: Any, ranking: str = "standard") -> FallbackRank:
    hand = _cards(cards)
    best = max(combinations(hand, 5), key=_five)
    return FallbackRank(_five(best), Hand(best))


def exposed_strength(cards: Any, ranking: str = "standard") -> int:
    hand = _cards(cards)
    if len(hand) >= 5:
        return max(_five(c) for c in combinations(hand, 5))
    ranks = [c.index >> 2 for c in hand]
    shape = tuple(sorted(Counter(ranks).values(), reverse=True))
    category = {(4,): 4, (3, 1): 3, (3,): 3, (2, 2): 2, (2, 1, 1): 1, (2, 1): 1, (2,): 1}.get(
        shape, 0)
    value = 0
    for r in _key(ranks):
        value = value * 13 + r
    return (category << 20) | value
