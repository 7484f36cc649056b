"""The games' one door to the hand evaluator (``cartes.evaluation``).

Kept in one place so the games depend on two calls only: the value of a whole hand
(:func:`hand_rank`) and of an exposed board (:func:`board_strength`). The evaluator module
is looked up when first needed, so the games import without compiling anything.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from functools import cache
from types import ModuleType
from typing import Any, Protocol

from cartes.cards import Card

__all__ = ["HandRankLike", "board_strength", "hand_rank"]


class HandRankLike(Protocol):
    """What the games use of :class:`cartes.evaluation.HandRank`."""

    @property
    def strength(self) -> int: ...

    @property
    def best_five(self) -> Any: ...

    def describe(self) -> str: ...


@cache
def _evaluation() -> ModuleType:
    return importlib.import_module("cartes.evaluation")


def hand_rank(cards: Sequence[Card]) -> HandRankLike:
    """The standard rank of the best five of these 5 to 7 cards."""
    rank: HandRankLike = _evaluation().evaluate(list(cards))
    return rank


def board_strength(cards: Sequence[Card]) -> int:
    """The strength of 1 to 6 exposed cards (pairs and better only for 2-4; suits never)."""
    value: int = _evaluation().exposed_strength(list(cards))
    return value
