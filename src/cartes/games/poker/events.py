"""The events of the poker games (stud and calatone): what a hand's history holds. A hand
ends with :class:`~cartes.games.chips.HandEnded`, shared with the other games played for chips;
calatone's own events are in :mod:`cartes.games.calatone.events`.

Every event has a ``seat`` (``None`` for table events). :meth:`~cartes.games.Event.seen_by`
hides what a seat may not see: other seats' down cards (stud's burned cards and mucked hands
are in :mod:`cartes.games.stud.events`).

>>> from cartes import Card
>>> CardDealt(seat=0, card=Card("Kd"), face_up=True, street=3).to_dict()
{'kind': 'deal', 'seat': 0, 'card': 'Kd', 'face_up': True, 'street': 3}
>>> CardDealt(seat=0, card=Card("Kd"), face_up=False, street=3).seen_by(1)
CardDealt(seat=0, card=None, face_up=False, street=3)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from cartes.french import Card
from cartes.games.contract import Action, Event, quick_init
from cartes.games.poker.actions import Raise

_VERBS = {"bring_in": "brings in", "complete": "completes with", "fold": "folds",
          "check": "checks", "call": "calls", "bet": "bets", "raise": "raises",
          "show": "shows", "muck": "mucks"}

_STREETS = {2: "Second street", 3: "Third street", 4: "Fourth street", 5: "Fifth street",
            6: "Sixth street", 7: "Seventh street"}

__all__ = [
    "Acted",
    "AntePosted",
    "CardDealt",
    "HandStarted",
    "PotAwarded",
    "RoundStarted",
    "Shown",
    "UncalledReturned",
]


@quick_init
@dataclass(frozen=True, slots=True)
class HandStarted(Event):
    """A hand begins: the button and every seat's stack before the antes.

    >>> HandStarted(seat=None, button=0, stacks=(10, 10)).kind
    'start'
    """

    kind: ClassVar[str] = "start"
    button: int
    stacks: tuple[int, ...]

    def describe(self) -> str:
        stacks = " ".join(map(str, self.stacks))
        return f"Hand starts: button seat {self.button}, stacks {stacks}"


@quick_init
@dataclass(frozen=True, slots=True)
class AntePosted(Event):
    """A seat posts its ante (all it has if that is less).

    >>> AntePosted(seat=1, amount=1)
    AntePosted(seat=1, amount=1)
    """

    kind: ClassVar[str] = "ante"
    amount: int

    def describe(self) -> str:
        return f"Seat {self.seat} posts the ante: {self.amount}"


@quick_init
@dataclass(frozen=True, slots=True)
class CardDealt(Event):
    """A card dealt to ``seat`` face up or down; ``seat=None`` is a community card.

    >>> CardDealt(seat=2, card=Card("As"), face_up=False, street=7).seen_by(0).card is None
    True
    """

    kind: ClassVar[str] = "deal"
    card: Card | None
    face_up: bool
    street: int

    def seen_by(self, seat: int | None) -> Event:
        if self.face_up or seat == self.seat:
            return self
        if type(self) is CardDealt:  # built directly: dataclasses.replace is slow
            return CardDealt(self.seat, None, False, self.street)
        return replace(self, card=None)

    def describe(self) -> str:
        if self.seat is None:
            return f"Community card: {self.card}"
        face = "up" if self.face_up else "down"
        card = "??" if self.card is None else str(self.card)
        return f"Seat {self.seat} is dealt {card} face {face}"


@quick_init
@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """A betting round begins; ``seat`` is the first to act (``None``: nobody can bet).

    >>> RoundStarted(seat=3, street=4).street
    4
    """

    kind: ClassVar[str] = "round"
    street: int

    def describe(self) -> str:
        first = "nobody can bet" if self.seat is None else f"seat {self.seat} first"
        return f"*** {_STREETS.get(self.street, self.street)}: {first}"


@quick_init
@dataclass(frozen=True, slots=True)
class Acted(Event):
    """A seat acted; ``amount`` is the chips it put in with this action.

    >>> from cartes.games import Call
    >>> Acted(seat=0, action=Call(), amount=5, all_in=False).to_dict()
    {'kind': 'act', 'seat': 0, 'action': {'kind': 'call'}, 'amount': 5, 'all_in': False}
    """

    kind: ClassVar[str] = "act"
    action: Action
    amount: int
    all_in: bool

    def describe(self) -> str:
        verb = _VERBS.get(self.action.kind, self.action.kind)
        amount = f" {self.amount}" if self.amount else ""
        if isinstance(self.action, Raise):
            amount = f" to {self.action.to}"
        return f"Seat {self.seat} {verb}{amount}" + (" (all-in)" if self.all_in else "")


@quick_init
@dataclass(frozen=True, slots=True)
class UncalledReturned(Event):
    """The part of a bet nobody called goes back to the bettor.

    >>> UncalledReturned(seat=0, amount=5).amount
    5
    """

    kind: ClassVar[str] = "uncalled"
    amount: int

    def describe(self) -> str:
        return f"Uncalled {self.amount} returned to seat {self.seat}"


@quick_init
@dataclass(frozen=True, slots=True)
class Shown(Event):
    """A seat shows its cards at the showdown; ``description`` names its best hand.

    >>> Shown(seat=0, cards=(Card("As"),), description="x").seen_by(1).cards
    (Card('As'),)
    """

    kind: ClassVar[str] = "show"
    cards: tuple[Card, ...]
    description: str

    def describe(self) -> str:
        cards = " ".join(map(str, self.cards))
        return f"Seat {self.seat} shows {cards}: {self.description}"


@quick_init
@dataclass(frozen=True, slots=True)
class PotAwarded(Event):
    """Pot number ``pot`` (0 = main) of ``amount`` chips goes to ``shares`` (seat, chips).

    >>> PotAwarded(seat=None, pot=0, amount=9, shares=((1, 9),)).shares
    ((1, 9),)
    """

    kind: ClassVar[str] = "award"
    pot: int
    amount: int
    shares: tuple[tuple[int, int], ...]

    def describe(self) -> str:
        name = "Main pot" if self.pot == 0 else f"Side pot {self.pot}"
        won = ", ".join(f"seat {seat} wins {chips}" for seat, chips in self.shares)
        return f"{name} ({self.amount}): {won}"
