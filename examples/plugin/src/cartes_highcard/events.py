"""The events of a high-card hand, and who may see them.

A seat's card is dealt face down: :meth:`Dealt.seen_by` hides it from everyone else (a
spectator included) until it is turned up at the showdown (:class:`Revealed`). Every other
event is public. Each event says itself in :meth:`~cartes.games.Event.describe`, for the
text log.

>>> from cartes import Card
>>> dealt = Dealt(seat=1, card=Card("As"))
>>> dealt.seen_by(1).card, dealt.seen_by(0).card, dealt.seen_by(None).describe()
(Card('As'), None, 'Seat 1 is dealt a card face down')
>>> Dealt(seat=1, card=Card("As")).to_dict()
{'kind': 'highcard_deal', 'seat': 1, 'card': 'As'}
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from cartes import Card
from cartes.games import Event

__all__ = ["Anted", "Dealt", "Dropped", "Revealed", "Stayed", "Won"]


@dataclass(frozen=True, slots=True)
class Anted(Event):
    """``seat`` puts its ante in the pot (all it has, if that is less).

    >>> Anted(seat=0, amount=1).describe()
    'Seat 0 antes 1'
    """

    kind: ClassVar[str] = "highcard_ante"
    seat: int
    amount: int

    def describe(self) -> str:
        return f"Seat {self.seat} antes {self.amount}"


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """``seat`` is dealt ``card`` face down (``None``: a card this viewer may not see)."""

    kind: ClassVar[str] = "highcard_deal"
    seat: int
    card: Card | None

    def seen_by(self, seat: int | None) -> Dealt:
        # The one piece of hidden information: the card goes to its owner only.
        return self if seat == self.seat else replace(self, card=None)

    def describe(self) -> str:
        if self.card is None:
            return f"Seat {self.seat} is dealt a card face down"
        return f"Seat {self.seat} is dealt {self.card}"


@dataclass(frozen=True, slots=True)
class Stayed(Event):
    """``seat`` stays, putting ``amount`` in the pot.

    >>> Stayed(seat=2, amount=2).describe()
    'Seat 2 stays: 2'
    """

    kind: ClassVar[str] = "highcard_stayed"
    seat: int
    amount: int

    def describe(self) -> str:
        return f"Seat {self.seat} stays: {self.amount}"


@dataclass(frozen=True, slots=True)
class Dropped(Event):
    """``seat`` drops.

    >>> Dropped(seat=2).describe()
    'Seat 2 drops'
    """

    kind: ClassVar[str] = "highcard_dropped"
    seat: int

    def describe(self) -> str:
        return f"Seat {self.seat} drops"


@dataclass(frozen=True, slots=True)
class Revealed(Event):
    """At the showdown ``seat`` turns up its ``card``, for everyone to see.

    >>> Revealed(seat=0, card=Card("Kd")).describe()
    'Seat 0 shows Kd'
    """

    kind: ClassVar[str] = "highcard_reveal"
    seat: int
    card: Card

    def describe(self) -> str:
        return f"Seat {self.seat} shows {self.card}"


@dataclass(frozen=True, slots=True)
class Won(Event):
    """``seat`` takes ``amount`` chips from the pot (its own included).

    >>> Won(seat=0, amount=6).describe()
    'Seat 0 takes 6'
    """

    kind: ClassVar[str] = "highcard_win"
    seat: int
    amount: int

    def describe(self) -> str:
        return f"Seat {self.seat} takes {self.amount}"
