"""Seven-card stud's pure rules: what a hand reads of its game (:class:`StudRules`), the order
of the showdown (S-10) and the odd chip of a split pot (S-11). No state: each takes values
and gives values, so they can be checked alone.

>>> from cartes.games.poker.pots import Pot
>>> pots = (Pot(30, frozenset({0, 1, 2})), Pot(20, frozenset({1, 2})))
>>> show_order([0, 1, 2], pots, start=0, seats=3)  # seats in the side pot show first
[1, 2, 0]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal, Protocol

from cartes.evaluation import HandRank
from cartes.french import Card
from cartes.games.poker.betting import FixedLimit, RaiseCap
from cartes.games.poker.pots import Pot

__all__ = ["OddChipRule", "StudRules", "claim_key", "odd_chip_order", "show_order"]

#: Who gets the odd chip of a split pot: the first in deal order (S-11), or the highest card.
OddChipRule = Literal["position", "high_card_by_suit"]


class StudRules(Protocol):
    """What a stud hand reads of its game: the options of
    :class:`~cartes.games.stud.SevenCardStud` (the state takes the game by this shape, so that
    it need not import the package that starts it)."""

    @property
    def name(self) -> str: ...
    @property
    def players(self) -> int: ...
    @property
    def ante(self) -> int: ...
    @property
    def bring_in(self) -> int: ...
    @property
    def small_bet(self) -> int: ...
    @property
    def big_bet(self) -> int: ...
    @property
    def open_pair_big_bet(self) -> bool: ...
    @property
    def odd_chip_rule(self) -> OddChipRule: ...
    @property
    def structure(self) -> FixedLimit: ...
    @property
    def cap(self) -> RaiseCap: ...
    @property
    def rules_revision(self) -> int | None: ...
    def config(self) -> dict[str, Any]: ...


def show_order(live: Sequence[int], pots: Sequence[Pot], start: int, seats: int) -> list[int]:
    """The showing order (S-10, LA 145): seats in more pots first (those in side pots before
    those all-in for less), then clockwise from ``start`` (the last bettor on seventh street,
    else the first to have had the option)."""
    depth = {s: sum(s in pot.eligible for pot in pots) for s in live}
    return sorted(live, key=lambda s: (-depth[s], (s - start) % seats))


def claim_key(rank: HandRank | None) -> int:
    """How a claim on a pot compares: a shown hand by its strength; a seat that won by
    everyone else folding (no rank) below any hand.

    >>> claim_key(None)
    -1
    """
    return -1 if rank is None else rank.strength


def odd_chip_order(
    winners: Sequence[int],
    claims: Mapping[int, HandRank | None],
    position: Mapping[int, int],
    rule: OddChipRule,
) -> list[int]:
    """The winners of a split pot in the order the odd chips go (:func:`~cartes.games.poker.
    pots.split` gives them from the first): by ``position`` in deal order (S-11), or, under
    ``"high_card_by_suit"``, the highest card of the best five first.

    >>> odd_chip_order([2, 0], {}, {0: 1, 2: 0}, "position")
    [2, 0]
    """
    by_position = sorted(winners, key=position.__getitem__)
    if rule == "position" or len(winners) == 1:
        return by_position

    def top_card(seat: int) -> int:
        rank = claims[seat]
        return -1 if rank is None else max(Card(c).index for c in rank.best_five)

    return sorted(by_position, key=top_card, reverse=True)
