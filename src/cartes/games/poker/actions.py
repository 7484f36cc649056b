"""The actions of the poker family (stud and calatone): fold, check, call, raise, and stud's
forced bring-in and its completion, which the betting rounds of :mod:`cartes.games.poker.betting`
offer. The bet itself is :class:`~cartes.games.chips.Bet`, which a 7½ punter stakes too; the
showdown's actions are each game's own (stud's :class:`~cartes.games.stud.Show`, calatone's
:class:`~cartes.games.calatone.Declare`).

>>> Raise(10), Raise(4, up_to=9).choose(), Fold().to_dict()
(Raise(10), Raise(4), {'kind': 'fold'})
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from cartes.games.chips import Bet
from cartes.games.contract import Action, quick_init

__all__ = ["Bet", "BringIn", "Call", "Check", "Complete", "Fold", "Raise"]


@dataclass(frozen=True, slots=True)
class Fold(Action):
    """Give up the hand and every claim to the pot.

    >>> Fold().to_dict()
    {'kind': 'fold'}
    """

    kind: ClassVar[str] = "fold"


@dataclass(frozen=True, slots=True)
class Check(Action):
    """Pass without putting chips in; only when nothing is owed.

    >>> Check()
    Check()
    """

    kind: ClassVar[str] = "check"


@dataclass(frozen=True, slots=True)
class Call(Action):
    """Match the current bet, or put in all one has left if that is less.

    >>> Call()
    Call()
    """

    kind: ClassVar[str] = "call"


@quick_init
@dataclass(frozen=True, slots=True)
class Raise(Action):
    """Raise so that one's contribution this round becomes ``to``.

    As an offer, ``up_to`` (when set) means any total from ``to`` to ``up_to``.

    >>> Raise(10).allows(Raise(10)), Raise(4, up_to=9).allows(Raise(9))
    (True, True)
    """

    kind: ClassVar[str] = "raise"
    range_field: ClassVar[str | None] = "to"
    to: int
    up_to: int | None = None

    def allows(self, action: Action) -> bool:
        if type(action) is not Raise or action.up_to is not None:
            return False
        top = self.to if self.up_to is None else self.up_to
        return self.to <= action.to <= top

    def choose(self, rng: np.random.Generator | None = None) -> Action:
        if self.up_to is None:
            return self
        to = self.to if rng is None else int(rng.integers(self.to, self.up_to + 1))
        return Raise(to)


@dataclass(frozen=True, slots=True)
class BringIn(Action):
    """Post the forced bring-in (stud, third street); all one has if that is less.

    >>> BringIn()
    BringIn()
    """

    kind: ClassVar[str] = "bring_in"


@dataclass(frozen=True, slots=True)
class Complete(Action):
    """Complete the bring-in to a full small bet (stud, third street). Not a raise.

    >>> Complete()
    Complete()
    """

    kind: ClassVar[str] = "complete"
