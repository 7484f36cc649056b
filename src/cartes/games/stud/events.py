"""Stud's own events: the burned card (nobody sees it) and a hand mucked at the showdown (only
its owner sees it). The betting and the awards are the poker family's
(:mod:`cartes.games.poker.events`); the deal, the showdown and the §2.5 reshuffle of the stub
and the burns are the events every game shares (:mod:`cartes.games.dealing`;
:class:`~cartes.games.dealing.Reshuffled` is importable from here too).

>>> from cartes import Card
>>> CardBurned(seat=None, card=Card("2c")).seen_by(0)
CardBurned(seat=None, card=None)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from cartes.french import Card
from cartes.games.contract import Event, quick_init
from cartes.games.dealing import Reshuffled as Reshuffled

__all__ = ["CardBurned", "Mucked"]


@quick_init
@dataclass(frozen=True, slots=True)
class CardBurned(Event):
    """The dealer burns the top card; nobody sees it.

    >>> CardBurned(seat=None, card=Card("As")).seen_by(None).card is None
    True
    """

    kind: ClassVar[str] = "burn"
    card: Card | None

    def seen_by(self, seat: int | None) -> Event:
        if type(self) is CardBurned:
            return CardBurned(self.seat, None)
        return replace(self, card=None)

    def describe(self) -> str:
        return "Burn a card" + ("" if self.card is None else f" ({self.card})")


@quick_init
@dataclass(frozen=True, slots=True)
class Mucked(Event):
    """A seat gives up at the showdown without showing; only it sees its cards here.

    >>> Mucked(seat=0, cards=(Card("As"),)).seen_by(1).cards
    ()
    """

    kind: ClassVar[str] = "muck"
    cards: tuple[Card, ...]

    def seen_by(self, seat: int | None) -> Event:
        if seat == self.seat:
            return self
        if type(self) is Mucked:
            return Mucked(self.seat, ())
        return replace(self, cards=())

    def describe(self) -> str:
        return f"Seat {self.seat} mucks"
