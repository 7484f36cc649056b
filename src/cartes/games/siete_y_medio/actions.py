"""The actions of siete y medio (7½): what a punter or the bank may do at its turn.

The initial bet is the core's :class:`~cartes.games.Bet`; everything else is here. Actions that
offer a range (a raise, a new calle's bet) carry ``up_to`` as an offer, like ``Bet``; apply
them with one amount. Spanish names: *plantarse* (:class:`Stand`), *pedir carta*
(:class:`Draw`), *abrir calle* (:class:`OpenCalle`, a draw that opens a calle
if the card is a figure), *muerta* (:class:`Muerta`), *cambiar el
4* (:class:`Exchange`), *no ir* on a 3 (:class:`Decline`), *anular la mano* (:class:`Annul`);
after an adopted proposal a punter who voted against it plays (:class:`Play`) or *abandona
momentáneamente el juego* (:class:`SitOut`).

>>> Draw(calle=1, raise_by=2), Draw()
(Draw(calle=1, raise_by=2), Draw())
>>> Draw(raise_by=0, up_to=2).allows(Draw(raise_by=2)), Draw(up_to=2).allows(Draw(raise_by=3))
(True, False)
>>> from cartes.games import action_from_dict
>>> action_from_dict(Draw(down=True).to_dict())
Draw(down=True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from cartes.games.contract import Action, quick_init

__all__ = [
    "Annul",
    "Decline",
    "Draw",
    "Exchange",
    "Keep",
    "Muerta",
    "OpenCalle",
    "Play",
    "SitOut",
    "Stand",
    "Vote",
]


# what a calle field holds, for the message when it is not a whole number (not chips)
_CALLE_WORDS = {"calle": "a calle number (an int, 0 for the first hand or calle)"}


def _on_calle(calle: int) -> str:
    """`` on calle 2`` for a calle opened from a figure; nothing for the hand itself (0)."""
    return f" on calle {calle}" if calle else ""


def _raise(low: int, high: int | None) -> str:
    """``, raise 0-2`` for an offer of a range, ``, raise 2`` for a raise, else nothing."""
    if high is not None and high > low:
        return f", raise {low}-{high}"
    return f", raise {low}" if low else ""


def _pick(low: int, high: int | None, rng: np.random.Generator | None) -> int:
    if high is None or rng is None:
        return low
    return int(rng.integers(low, high + 1))


@quick_init
@dataclass(frozen=True, slots=True)
class Vote(Action):
    """Accept or reject the bank's modality-3 proposal (M-6).

    >>> Vote(True).to_dict()
    {'kind': 'vote', 'accept': True}
    """

    kind: ClassVar[str] = "vote"
    accept: bool

    def label(self) -> str:
        return "accept the proposal" if self.accept else "reject the proposal"

    def allows(self, action: Action) -> bool:
        return type(action) is Vote and type(action.accept) is bool and action == self


@quick_init
@dataclass(frozen=True, slots=True)
class Play(Action):
    """A punter who voted against the adopted modality-3 proposal plays the hand at its
    stakes (M-6, M-31).

    >>> Play().to_dict()
    {'kind': 'play'}
    """

    kind: ClassVar[str] = "play"

    def label(self) -> str:
        return "play at the adopted stakes"


@quick_init
@dataclass(frozen=True, slots=True)
class SitOut(Action):
    """A punter who voted against the adopted modality-3 proposal sits the hand out: he is
    dealt no card and bets nothing (seed b.3, "abandonar momentáneamente el juego"; M-6,
    M-31).

    >>> SitOut().to_dict()
    {'kind': 'sit_out'}
    """

    kind: ClassVar[str] = "sit_out"

    def label(self) -> str:
        return "sit out this hand"


@quick_init
@dataclass(frozen=True, slots=True)
class Keep(Action):
    """The bank keeps its first 3 or 4 and declares the hand valid (M-29).

    >>> Keep()
    Keep()
    """

    kind: ClassVar[str] = "keep"

    def label(self) -> str:
        return "keep the card: the hand is valid"


@quick_init
@dataclass(frozen=True, slots=True)
class Exchange(Action):
    """Exchange a first 4 for a new first card (*cambiar el 4*, M-12): the bank at the
    validity declaration, a punter before his bet.

    >>> Exchange().kind
    'exchange'
    """

    kind: ClassVar[str] = "exchange"

    def label(self) -> str:
        return "exchange the 4 for another card"


@quick_init
@dataclass(frozen=True, slots=True)
class Annul(Action):
    """The bank annuls the deal on a first 3 (*anular la mano*, M-11, M-29).

    >>> Annul().kind
    'annul'
    """

    kind: ClassVar[str] = "annul"

    def label(self) -> str:
        return "annul the hand (a first 3)"


@quick_init
@dataclass(frozen=True, slots=True)
class Decline(Action):
    """A punter with a first 3 does not play the hand and bets nothing (M-11).

    >>> Decline().to_dict()
    {'kind': 'decline'}
    """

    kind: ClassVar[str] = "decline"

    def label(self) -> str:
        return "decline the hand (a first 3)"


@quick_init
@dataclass(frozen=True, slots=True)
class Stand(Action):
    """Stand (*plantarse*) on calle ``calle`` (0 for a hand without calles, and for the bank).

    >>> Stand(), Stand(calle=2)
    (Stand(), Stand(calle=2))
    """

    kind: ClassVar[str] = "stand"
    field_words: ClassVar[Mapping[str, str]] = _CALLE_WORDS
    calle: int = 0

    def label(self) -> str:
        return "stand" + _on_calle(self.calle)


@quick_init
@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Ask for a card (*pedir carta*) for calle ``calle``, raising its bet by ``raise_by``
    first (M-7, M-24). ``down=True``: the new card comes face down, and the calle's hidden
    card, if it has one, is turned face up first; ``down=False``: the new card comes face up
    (M-8). The bank draws with ``Draw()``: face up, no raise.

    As an offer, ``up_to`` (when set) means any raise from ``raise_by`` to ``up_to``.

    >>> Draw(up_to=2).choose(), Draw(calle=1, down=True)
    (Draw(), Draw(calle=1, down=True))
    """

    kind: ClassVar[str] = "draw"
    field_words: ClassVar[Mapping[str, str]] = _CALLE_WORDS
    range_field: ClassVar[str | None] = "raise_by"
    calle: int = 0
    raise_by: int = 0
    down: bool = False
    up_to: int | None = None

    def label(self) -> str:
        face = "face down" if self.down else "face up"
        return f"draw {face}{_on_calle(self.calle)}{_raise(self.raise_by, self.up_to)}"

    def allows(self, action: Action) -> bool:
        if type(action) is not Draw or action.up_to is not None:
            return False
        if type(action.down) is not bool or (action.calle, action.down) != (self.calle,
                                                                            self.down):
            return False
        top = self.raise_by if self.up_to is None else self.up_to
        return self.raise_by <= action.raise_by <= top

    def choose(self, rng: np.random.Generator | None = None) -> Action:
        return Draw(self.calle, _pick(self.raise_by, self.up_to, rng), self.down)


@quick_init
@dataclass(frozen=True, slots=True)
class Muerta(Action):
    """Play the *muerta* on a first 7 that is still the only card: raise by ``raise_by``
    if wanted, turn the 7 up and take one card nobody sees until the settlement (M-14).

    As an offer, ``up_to`` (when set) means any raise from ``raise_by`` to ``up_to``.

    >>> Muerta(up_to=2).allows(Muerta(raise_by=2)), Muerta()
    (True, Muerta())
    """

    kind: ClassVar[str] = "muerta"
    range_field: ClassVar[str | None] = "raise_by"
    raise_by: int = 0
    up_to: int | None = None

    def label(self) -> str:
        return "muerta: the 7 face up, one card nobody sees" + _raise(self.raise_by, self.up_to)

    def allows(self, action: Action) -> bool:
        if type(action) is not Muerta or action.up_to is not None:
            return False
        top = self.raise_by if self.up_to is None else self.up_to
        return self.raise_by <= action.raise_by <= top

    def choose(self, rng: np.random.Generator | None = None) -> Action:
        return Muerta(_pick(self.raise_by, self.up_to, rng))


@quick_init
@dataclass(frozen=True, slots=True)
class OpenCalle(Action):
    """Ask for a card for calle ``calle`` (*pedir carta*), declaring before it is seen that a
    figure will open a new calle (*abrir calle*) with bet ``amount`` (M-13, M-22). Offered
    only while every card received is a figure. The raise ``raise_by`` and ``down`` are as
    in :class:`Draw`, and the raise stays on calle ``calle``. A card that is not a figure
    goes to calle ``calle`` exactly as with :class:`Draw`; nobody else can tell which of
    the two was asked for.

    As an offer, ``up_to`` (when set) means any bet from ``amount`` to ``up_to``, and
    ``raise_up_to`` any raise from ``raise_by`` to ``raise_up_to``.

    >>> offer = OpenCalle(1, up_to=3, raise_up_to=2)
    >>> offer.allows(OpenCalle(3, raise_by=2)), offer.allows(OpenCalle(3, down=True))
    (True, False)
    >>> offer.choose(), OpenCalle(2, calle=1, down=True)
    (OpenCalle(1), OpenCalle(2, calle=1, down=True))
    """

    kind: ClassVar[str] = "open_calle"
    field_words: ClassVar[Mapping[str, str]] = _CALLE_WORDS
    range_field: ClassVar[str | None] = "amount"
    amount: int
    calle: int = 0
    raise_by: int = 0
    down: bool = False
    up_to: int | None = None
    raise_up_to: int | None = None

    def label(self) -> str:
        face = "face down" if self.down else "face up"
        bet = f"{self.amount}" if self.up_to is None else f"{self.amount}-{self.up_to}"
        return (
            f"open a calle on a figure, bet {bet}: draw {face}{_on_calle(self.calle)}"
            f"{_raise(self.raise_by, self.raise_up_to)}"
        )

    def allows(self, action: Action) -> bool:
        if type(action) is not OpenCalle or action.up_to is not None:
            return False
        if action.raise_up_to is not None or type(action.down) is not bool:
            return False
        if (action.calle, action.down) != (self.calle, self.down):
            return False
        top = self.amount if self.up_to is None else self.up_to
        raise_top = self.raise_by if self.raise_up_to is None else self.raise_up_to
        return (self.amount <= action.amount <= top
                and self.raise_by <= action.raise_by <= raise_top)

    def choose(self, rng: np.random.Generator | None = None) -> Action:
        return OpenCalle(_pick(self.amount, self.up_to, rng), self.calle,
                         _pick(self.raise_by, self.raise_up_to, rng), self.down)
