"""The arithmetic of siete y medio: points in half-points, the stakes of each modality, and the
settlement table of SPEC §3.5, as pure functions.

>>> from cartes import SpanishCard
>>> total([SpanishCard("7o"), SpanishCard("12e")]) == TARGET
True
>>> settle_hand(15, bet=2, bank=12)            # the privileged 7½: double, and the bank
('privileged', 4)
>>> settle_hand(15, bet=2, bank=12, first_seven=False)
('win', 2)
>>> settle_hand(15, bet=2, bank=16)            # a bank bust pays every bet once (M-15)
('win', 2)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal, Protocol

from cartes.spanish import SpanishCard

__all__ = ["MODALITY_LIMITS", "TARGET", "Outcome", "settle_hand", "total"]

#: 7½ in half-points.
TARGET = 15
#: The stakes of modalities 1 (classic) and 2: (minimum, maximum), in chips (*duros*).
MODALITY_LIMITS = {1: (1, 3), 2: (2, 4)}

#: The row of the settlement table that applied to a hand or calle.
Outcome = Literal["bust", "bank_seven_and_half", "muerta", "privileged", "win", "lose"]


def total(cards: Iterable[SpanishCard | None]) -> int:
    """The value of cards in half-points (a figure 1, an ace 2, a 7 14; 7½ is 15); unknown
    cards (``None``) count nothing.

    >>> total([SpanishCard("7o"), SpanishCard("12e")]), total([None, SpanishCard("1b")])
    (15, 2)
    """
    return sum(card.half_points for card in cards if card is not None)


def settle_hand(points: int, bet: int, bank: int, *, muerta: bool = False,
                first_seven: bool = True, bust_pays_double: bool = False) -> tuple[Outcome, int]:
    """The first row of §3.5 that applies to a hand or calle still live at the settlement
    (busts in play were paid at once): its outcome and the punter's net in chips.

    ``points`` and ``bank`` (the bank's final total) are half-points; ``muerta`` marks a
    *muerta*; ``first_seven`` says that no earlier hand (in turn order, then calle order) has
    been the privileged 7½, so a 7½ here is privileged (M-15, M-28). The privileged 7½ needs
    the bank to stand below 7½ (seed d.2): when the bank busts, seed d.3 pays every live hand
    its bet once, a 7½ included, unless ``bust_pays_double`` (the common usage: the privileged
    7½ is paid double on a bank bust too).

    >>> settle_hand(16, 1, 10, muerta=True), settle_hand(15, 1, 15, muerta=True)
    (('bust', -1), ('bank_seven_and_half', -1))
    >>> settle_hand(15, 1, 18, muerta=True), settle_hand(9, 3, 18), settle_hand(9, 3, 9)
    (('muerta', 3), ('win', 3), ('lose', -3))
    >>> settle_hand(15, 1, 18), settle_hand(15, 1, 18, bust_pays_double=True)
    (('win', 1), ('privileged', 2))
    """
    if muerta and points != TARGET:
        return "bust", -bet  # row 1: its hidden card took it over 7½
    if bank == TARGET:
        return "bank_seven_and_half", -bet  # row 2: ties to the bank, 7½ included (M-20)
    if muerta:
        return "muerta", 3 * bet  # row 3 (M-14): on a bank bust too (d.4 excepts only row 1)
    if points == TARGET and first_seven and (bank < TARGET or bust_pays_double):
        return "privileged", 2 * bet  # row 4 (M-15, M-28)
    if bank > TARGET or points > bank:
        return "win", bet  # row 5: on a bank bust every bet once, a 7½ included (seed d.3)
    return "lose", -bet  # row 6


class SieteRules(Protocol):
    """What a hand reads of its game's configuration (:class:`~cartes.games.SieteYMedio`
    provides it); a protocol, so that the hand's module need not import the game's."""

    @property
    def name(self) -> str: ...
    @property
    def players(self) -> int: ...
    @property
    def modality(self) -> int: ...
    @property
    def limits(self) -> tuple[int, int]: ...
    @property
    def bank_passes(self) -> str: ...
    @property
    def reveal_seven_and_half(self) -> bool: ...
    @property
    def bust_pays_double(self) -> bool: ...
    def config(self) -> dict[str, Any]: ...


class _Calle:
    """One hand or calle of a punter (or the bank's hand): cards, which are face up, the bet
    and its state (``open``, ``stood``, ``bust``, ``muerta``). A busted calle's cards go to the
    discards (the ``Busted`` event shows them); it keeps only its ``total``."""

    __slots__ = ("bet", "busted_at", "cards", "status", "up")

    def __init__(self, card: SpanishCard, up: bool, bet: int = 0) -> None:
        self.cards = [card]
        self.up = [up]
        self.bet = bet
        self.status = "open"
        self.busted_at = 0

    def copy(self) -> _Calle:
        twin = _Calle.__new__(_Calle)
        twin.cards, twin.up, twin.bet, twin.status = list(self.cards), list(self.up), \
            self.bet, self.status
        twin.busted_at = self.busted_at
        return twin

    def key(self) -> tuple[object, ...]:
        return tuple(self.cards), tuple(self.up), self.bet, self.status, self.busted_at

    def bust(self, points: int) -> None:
        """The calle passed 7½ with ``points``: its cards leave it (for the discards)."""
        self.status, self.busted_at, self.cards, self.up = "bust", points, [], []

    @property
    def total(self) -> int:
        return self.busted_at if self.status == "bust" else total(self.cards)

    @property
    def hidden(self) -> int | None:
        """The position of the face-down card, if any."""
        return next((i for i, up in enumerate(self.up) if not up), None)


class _Punter:
    """A punter's part of the hand: ``status`` is ``waiting`` (not his turn yet), ``out``
    (sitting out), ``declined``, ``playing`` or ``done``; ``opening`` while every card received
    is a figure; ``target`` the calle named last."""

    __slots__ = ("calles", "opening", "status", "target")

    def __init__(self, status: str) -> None:
        self.status = status
        self.calles: list[_Calle] = []
        self.opening = False
        self.target = 0

    def copy(self) -> _Punter:
        twin = _Punter(self.status)
        twin.calles = [c.copy() for c in self.calles]
        twin.opening, twin.target = self.opening, self.target
        return twin

    def key(self) -> tuple[object, ...]:
        return self.status, tuple(c.key() for c in self.calles), self.opening, self.target
