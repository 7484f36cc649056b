"""The games' one door to the hand evaluator (:mod:`cartes.evaluation`).

The games depend on two calls only: the value of a whole hand (:func:`hand_rank`) and of an
exposed board (:func:`board_strength`). Keeping them here lets a game swap the ranking (calatone)
without touching the drivers.

>>> from cartes import cards
>>> hand_rank(cards("As Ah Kd Qc Jh 5d 5c")).describe()
'Two pair, aces and fives'
>>> board_strength(cards("Kd Ks")) > board_strength(cards("Ah Qc"))
True
"""

from __future__ import annotations

from collections.abc import Sequence

from cartes.evaluation import HandRank, evaluate, exposed_strength
from cartes.evaluation.exposed import rank_groups_strength
from cartes.french import Card

__all__ = ["board_strength", "dealt_board_strength", "hand_rank"]

HandRankLike = HandRank


def hand_rank(cards: Sequence[Card], ranking: str = "standard") -> HandRank:
    """The rank of the best five of these 5 to 7 cards."""
    return evaluate(cards, ranking)


def board_strength(cards: Sequence[Card], ranking: str = "standard") -> int:
    """The strength of 1 to 6 exposed cards (pairs and better only for 2-4; suits never)."""
    if len(cards) <= 4 and all(type(card) is Card for card in cards):  # dealt cards: checked
        return dealt_board_strength(cards)
    return exposed_strength(cards, ranking)


_BOARD_VALUES: dict[tuple[int, ...], int] = {}


def dealt_board_strength(cards: Sequence[Card]) -> int:
    """:func:`board_strength` of 1 to 4 cards the game dealt itself (so known good), looked
    up by their ranks: a few thousand rank groups recur all day (2,379 at most)."""
    key = tuple(sorted([card._index >> 2 for card in cards]))
    value = _BOARD_VALUES.get(key)
    if value is None:
        value = _BOARD_VALUES[key] = rank_groups_strength(key)
    return value
