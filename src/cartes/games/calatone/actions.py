"""The actions of calatone that are not bets: the expose choice, the declaration, conceding.

Bets, raises, checks, calls and folds are the core's (:mod:`cartes.games.contract`); these three
are calatone's own (SPEC §1.3, §1.6). Each takes cards as text or cards and prints as a
constructor call that evaluates back.

>>> Expose("As"), Declare("Jh Qc Kd Ah As"), Concede()
(Expose('As'), Declare('As Ah Kd Qc Jh'), Concede())
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from cartes._indexed import items_of
from cartes.french import Card, CardLike
from cartes.games.contract import Action

__all__ = ["Concede", "Declare", "Expose"]


def _descending(card: Card) -> int:
    return -card._index


@dataclass(frozen=True, slots=True, repr=False)
class Expose(Action):
    """Choose which of one's two first cards is turned face up (C-5); the other stays down.

    >>> Expose("As"), Expose("As") == Expose(Card("As")), Expose("As").to_dict()
    (Expose('As'), True, {'kind': 'expose', 'card': 'As'})
    """

    kind: ClassVar[str] = "expose"
    card: Card

    def __post_init__(self) -> None:
        object.__setattr__(self, "card", Card(self.card))

    @classmethod
    def pick_among(cls, offers: Sequence[Action]) -> Action | None:
        """A host exposes the lower of the seat's two cards (by index).

        >>> Expose.pick_among((Expose("As"), Expose("7d")))
        Expose('7d')
        """
        exposes = [offer for offer in offers if isinstance(offer, cls)]
        return min(exposes, key=lambda offer: offer.card.index) if exposes else None


@dataclass(frozen=True, slots=True, repr=False)
class Declare(Action):
    """Turn up the hole card and declare five of one's cards as the hand (C-10). The declared
    five are what is valued, even if a better five existed. Order does not matter.

    >>> Declare("Jh Qc Kd Ah As")
    Declare('As Ah Kd Qc Jh')
    >>> Declare("Jh Qc Kd Ah As") == Declare([Card("As"), "Ah", "Kd", "Qc", "Jh"])
    True
    """

    kind: ClassVar[str] = "declare"
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        raw: Iterable[CardLike]
        if isinstance(self.cards, str):
            raw = self.cards.replace(",", " ").split()
        else:
            raw = items_of(self.cards, "a declaration", "five cards, as text or an iterable")
        parsed = sorted((Card(card) for card in raw), key=_descending)
        object.__setattr__(self, "cards", tuple(parsed))

    @classmethod
    def of_dealt(cls, five: Sequence[Card]) -> Declare:
        """The declaration of five cards the game dealt (already cards, already distinct),
        without parsing them again: equal to ``Declare(five)``.

        >>> from cartes import cards
        >>> five = cards("Jh Qc Kd Ah As")
        >>> Declare.of_dealt(five) == Declare(five)
        True
        """
        declaration = cls.__new__(cls)
        ordered = sorted(five, key=_descending)
        object.__setattr__(declaration, "cards", tuple(ordered))
        return declaration

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "cards": " ".join(map(str, self.cards))}

    @classmethod
    def pick_among(cls, offers: Sequence[Action]) -> Action | None:
        """A host declares the first five offered (calatone offers the best first).

        >>> Declare.pick_among((Declare("As Ah Kd Qc Jh"), Concede()))
        Declare('As Ah Kd Qc Jh')
        """
        return next((offer for offer in offers if isinstance(offer, cls)), None)


@dataclass(frozen=True, slots=True)
class Concede(Action):
    """Give up, at a declaration, every pot one contests with someone, showing nothing (C-26).

    >>> Concede().to_dict()
    {'kind': 'concede'}
    """

    kind: ClassVar[str] = "concede"


_EXPOSES: list[Expose | None] = [None] * 52


def expose_offer(card: Card) -> Expose:
    """``Expose(card)`` for a dealt card, made once per card (offered to every seat, every
    hand: actions are immutable values, so one object serves).

    >>> ace = Card("As")
    >>> expose_offer(ace) == Expose(ace), expose_offer(ace) is expose_offer(ace)
    (True, True)
    """
    offer = _EXPOSES[card._index]
    if offer is None:
        offer = _EXPOSES[card._index] = Expose(card)
    return offer
