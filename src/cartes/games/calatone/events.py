"""Calatone's own events: the expose choice and its reveal (C-5), a round of passes that stops
the hand (C-9), the declarations and concessions of the showdown (C-10, C-26). The betting,
the deal and the awards are the poker family's (:mod:`cartes.games.poker.events`).

>>> from cartes import Card
>>> ExposeChosen(seat=0, card=Card("As")).seen_by(1)
ExposeChosen(seat=0, card=None)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from cartes.french import Card
from cartes.games.contract import Event, quick_init

__all__ = ["AllPassed", "Conceded", "Declared", "ExposeChosen", "ExposuresRevealed"]


@quick_init
@dataclass(frozen=True, slots=True)
class ExposeChosen(Event):
    """A seat chooses which of its two first cards to expose (calatone, C-5). Only that seat
    sees the choice here; every choice is turned up together by :class:`ExposuresRevealed`.

    >>> ExposeChosen(seat=0, card=Card("As")).seen_by(1).card is None
    True
    """

    kind: ClassVar[str] = "expose_choice"
    card: Card | None

    def seen_by(self, seat: int | None) -> Event:
        if seat == self.seat:
            return self
        if type(self) is ExposeChosen:
            return ExposeChosen(self.seat, None)
        return replace(self, card=None)

    def describe(self) -> str:
        card = "a card" if self.card is None else str(self.card)
        return f"Seat {self.seat} chooses {card} to expose"


@quick_init
@dataclass(frozen=True, slots=True)
class ExposuresRevealed(Event):
    """Every seat's chosen card turned face up at once (calatone, C-5), by seat number.

    >>> ExposuresRevealed(seat=None, cards=(Card("As"), Card("7d"))).to_dict()
    {'kind': 'expose_reveal', 'seat': None, 'cards': ['As', '7d']}
    """

    kind: ClassVar[str] = "expose_reveal"
    cards: tuple[Card, ...]

    def describe(self) -> str:
        shown = ", ".join(f"seat {s} {c}" for s, c in enumerate(self.cards))
        return f"Exposed cards: {shown}"


@quick_init
@dataclass(frozen=True, slots=True)
class AllPassed(Event):
    """Everyone still in passed in a round before the last: the hand stops (calatone, C-9).

    >>> AllPassed(seat=None, street=3).street
    3
    """

    kind: ClassVar[str] = "all_passed"
    street: int

    def describe(self) -> str:
        return "Everyone passed: the hand stops on the cards dealt"


@quick_init
@dataclass(frozen=True, slots=True)
class Declared(Event):
    """A seat turns up its hole card and declares five of its cards (calatone, C-10): ``cards``
    are all its cards, ``five`` the declared hand, ``description`` its value.

    >>> Declared(seat=0, cards=(), five=(Card("As"),), description="x").five
    (Card('As'),)
    """

    kind: ClassVar[str] = "declare"
    cards: tuple[Card, ...]
    five: tuple[Card, ...]
    description: str

    def describe(self) -> str:
        five = " ".join(map(str, self.five))
        return f"Seat {self.seat} declares {five}: {self.description}"


@quick_init
@dataclass(frozen=True, slots=True)
class Conceded(Event):
    """A seat gives up the pots it contests without showing (calatone, C-26).

    >>> Conceded(seat=2).to_dict()
    {'kind': 'concede', 'seat': 2}
    """

    kind: ClassVar[str] = "concede"

    def describe(self) -> str:
        return f"Seat {self.seat} concedes"
