"""The actions of high card: a seat stays (puts in the bet) or drops.

An action is a frozen, slotted dataclass with a ``kind`` of its own: the name the JSON
history writes, shared by every game installed (cartes refuses a kind already taken when the
class is defined), so a plugin names its kinds after itself.

>>> Stay().to_dict(), Drop().kind
({'kind': 'highcard_stay'}, 'highcard_drop')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from cartes.games import Action

__all__ = ["Drop", "Stay"]


@dataclass(frozen=True, slots=True)
class Stay(Action):
    """Stay in the hand: put in the bet (all the seat has left, if that is less).

    >>> Stay().label()
    'stay'
    """

    kind: ClassVar[str] = "highcard_stay"

    def label(self) -> str:
        return "stay"


@dataclass(frozen=True, slots=True)
class Drop(Action):
    """Drop out of the hand, leaving the ante in the pot.

    >>> Drop().label()
    'drop'
    """

    kind: ClassVar[str] = "highcard_drop"

    def label(self) -> str:
        return "drop"
