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
from cartes.french import Card

__all__ = ["board_strength", "hand_rank"]

HandRankLike = HandRank


def hand_rank(cards: Sequence[Card], ranking: str = "standard") -> HandRank:
    """The rank of the best five of these 5 to 7 cards."""
    return evaluate(cards, ranking)


def board_strength(cards: Sequence[Card], ranking: str = "standard") -> int:
    """The strength of 1 to 6 exposed cards (pairs and better only for 2-4; suits never)."""
    return exposed_strength(cards, ranking)
