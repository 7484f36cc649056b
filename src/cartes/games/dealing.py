"""The card events every family of cartes' games shares: a card is dealt, a seat shows its
cards, the stock is reshuffled. One class (and one ``kind``) per concept, whatever the game
and its deck: stud, calatone and siete y medio record the same three (history format
``cartes-hand/2``; format 1 had a 7½ copy of each, read by :func:`cartes.games.history.upgrade`).

The fields a family alone needs default to "not this game": a poker card has a ``street`` and
calle 0, a 7½ card a ``calle`` and street ``None``.

>>> from cartes import Card, SpanishCard
>>> CardDealt(seat=0, card=Card("Kd"), face_up=True, street=3).to_dict()
{'kind': 'deal', 'seat': 0, 'card': 'Kd', 'face_up': True, 'street': 3, 'calle': 0, 'blind': False}
>>> CardDealt(seat=1, card=SpanishCard("7o"), face_up=False, calle=1).seen_by(0)
CardDealt(seat=1, card=None, face_up=False, street=None, calle=1, blind=False)
>>> Shown(seat=2, cards=(SpanishCard("5o"),)).describe()
'Seat 2 shows 5o'
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from cartes.french import Card
from cartes.games.contract import Event, quick_init
from cartes.spanish import SpanishCard

__all__ = ["CardDealt", "Reshuffled", "Shown"]


@quick_init
@dataclass(frozen=True, slots=True)
class CardDealt(Event):
    """A card dealt to ``seat`` face up or down (``seat=None``: a community card). Poker
    games name the ``street`` it is dealt on; siete y medio the punter's ``calle`` it goes to
    (0 for the bank and for a hand without calles), and deals the *muerta*'s card ``blind``:
    seen by nobody, its owner included, until the settlement (M-14). A face-down card is
    seen by its owner only.

    >>> CardDealt(seat=2, card=Card("As"), face_up=False, street=7).seen_by(0).card is None
    True
    >>> CardDealt(seat=1, card=SpanishCard("10c"), face_up=False, blind=True).seen_by(1).card
    """

    kind: ClassVar[str] = "deal"
    card: Card | SpanishCard | None
    face_up: bool
    street: int | None = None
    calle: int = 0
    blind: bool = False

    def seen_by(self, seat: int | None) -> Event:
        if self.face_up or (seat == self.seat and not self.blind):
            return self
        if type(self) is CardDealt:  # built directly: dataclasses.replace is slow
            return CardDealt(self.seat, None, False, self.street, self.calle, self.blind)
        return replace(self, card=None)

    def describe(self) -> str:
        if self.seat is None:
            return f"Community card: {self.card}"
        card = "??" if self.card is None else str(self.card)
        face = "unseen" if self.blind else "face up" if self.face_up else "face down"
        calle = f" (calle {self.calle})" if self.calle else ""
        return f"Seat {self.seat} is dealt {card} {face}{calle}"


@quick_init
@dataclass(frozen=True, slots=True)
class Shown(Event):
    """A seat shows its cards, every one face up: at a poker showdown, where ``description``
    names its best hand, or at a 7½ settlement, one hand or ``calle`` at a time (M-18).

    >>> Shown(seat=0, cards=(Card("As"),), description="x").seen_by(1).cards
    (Card('As'),)
    >>> Shown(seat=0, cards=(Card("As"), Card("Ad")), description="a pair of aces").describe()
    'Seat 0 shows As Ad: a pair of aces'
    """

    kind: ClassVar[str] = "show"
    cards: tuple[Card | SpanishCard, ...]
    description: str = ""
    calle: int = 0

    def describe(self) -> str:
        cards = " ".join(map(str, self.cards))
        calle = f" (calle {self.calle})" if self.calle else ""
        about = f": {self.description}" if self.description else ""
        return f"Seat {self.seat} shows {cards}{calle}{about}"


@quick_init
@dataclass(frozen=True, slots=True)
class Reshuffled(Event):
    """The stock ran short: ``cards`` cards are shuffled into a new one (stud §2.5: the stub
    and the burned cards; siete y medio M-16, M-26: the discards).

    >>> Reshuffled(seat=None, cards=4).describe()
    'Stock short: 4 cards reshuffled into a new stock'
    """

    kind: ClassVar[str] = "reshuffle"
    cards: int

    def describe(self) -> str:
        return f"Stock short: {self.cards} cards reshuffled into a new stock"
