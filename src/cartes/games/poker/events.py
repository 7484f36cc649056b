"""The betting events of the poker games (stud and calatone): the antes, the rounds, the
actions, the uncalled bets and the pots awarded. A hand starts and ends with
:class:`~cartes.games.chips.HandStarted` and :class:`~cartes.games.chips.HandEnded`, and its
cards are dealt and shown with :class:`~cartes.games.dealing.CardDealt` and
:class:`~cartes.games.dealing.Shown`, the events every game shares (importable from here too);
calatone's and stud's own events are in :mod:`cartes.games.calatone.events` and
:mod:`cartes.games.stud.events`.

>>> AntePosted(seat=0, amount=1).to_dict()
{'kind': 'ante', 'seat': 0, 'amount': 1}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from cartes.games.chips import HandStarted as HandStarted
from cartes.games.contract import Action, Event, quick_init
from cartes.games.dealing import CardDealt as CardDealt
from cartes.games.dealing import Shown as Shown
from cartes.games.poker.actions import Raise

_VERBS = {"bring_in": "brings in", "complete": "completes with", "fold": "folds",
          "check": "checks", "call": "calls", "bet": "bets", "raise": "raises",
          "show": "shows", "muck": "mucks"}

_STREETS = {2: "Second street", 3: "Third street", 4: "Fourth street", 5: "Fifth street",
            6: "Sixth street", 7: "Seventh street"}

__all__ = ["Acted", "AntePosted", "PotAwarded", "RoundStarted", "UncalledReturned"]


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
