"""What the games played for chips share: the :class:`Bet` that stakes an amount (a poker
bet, a 7½ punter's stake), the :class:`HandStarted` that opens a hand with the button and
every seat's stack, and the :class:`HandEnded` that closes it with each seat's net.

They sit apart from the contract (:mod:`cartes.games.contract`), which a game without chips
needs whole, and from the poker family (:mod:`cartes.games.poker`), which a banking game such
as siete y medio must not import: both families speak of them, neither owns them.

>>> Bet(1, up_to=3).choose(), HandEnded(seat=None, payoffs=(2, -2)).describe()
(Bet(1), 'Hand over: +2 -2')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from cartes.games.contract import Action, Event, quick_init

__all__ = ["Bet", "HandEnded", "HandStarted"]


@quick_init
@dataclass(frozen=True, slots=True)
class Bet(Action):
    """Open the betting by putting ``amount`` chips in.

    As an offer, ``up_to`` (when set) means any amount from ``amount`` to ``up_to``.

    >>> Bet(5).allows(Bet(5)), Bet(2, up_to=4).allows(Bet(4)), Bet(2, up_to=4).allows(Bet(2, 4))
    (True, True, False)
    """

    kind: ClassVar[str] = "bet"
    range_field: ClassVar[str | None] = "amount"
    amount: int
    up_to: int | None = None

    def allows(self, action: Action) -> bool:
        if type(action) is not Bet or action.up_to is not None:
            return False
        top = self.amount if self.up_to is None else self.up_to
        return self.amount <= action.amount <= top

    def choose(self, rng: np.random.Generator | None = None) -> Action:
        if self.up_to is None:
            return self
        amount = self.amount if rng is None else int(rng.integers(self.amount, self.up_to + 1))
        return Bet(amount)


@quick_init
@dataclass(frozen=True, slots=True)
class HandStarted(Event):
    """A hand begins: the ``button`` (stud's and calatone's dealer, 7½'s bank) and every
    seat's stack (7½: its balance) before anything is staked. A game's own opening terms
    follow in an event of its own (7½'s
    :class:`~cartes.games.siete_y_medio.events.ModalityAnnounced`).

    >>> HandStarted(seat=None, button=0, stacks=(10, 10)).describe()
    'Hand starts: button seat 0, stacks 10 10'
    """

    kind: ClassVar[str] = "start"
    button: int
    stacks: tuple[int, ...]

    def describe(self) -> str:
        stacks = " ".join(map(str, self.stacks))
        return f"Hand starts: button seat {self.button}, stacks {stacks}"


@quick_init
@dataclass(frozen=True, slots=True)
class HandEnded(Event):
    """The hand is over: every seat's net result.

    >>> HandEnded(seat=None, payoffs=(3, -3)).payoffs
    (3, -3)
    """

    kind: ClassVar[str] = "end"
    payoffs: tuple[int, ...]

    def describe(self) -> str:
        net = " ".join(f"{p:+d}" for p in self.payoffs)
        return f"Hand over: {net}"
