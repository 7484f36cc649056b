"""The arithmetic of siete y medio: points in half-points, the stakes of each modality, and the
settlement table of SPEC §3.5, as pure functions.

>>> from cartes import SpanishCard
>>> total([SpanishCard("7o"), SpanishCard("12e")]) == TARGET
True
>>> settle_hand(15, bet=2, bank=12)            # the privileged 7½: double, and the bank
('privileged', 4)
>>> settle_hand(15, bet=2, bank=12, first_seven=False)
('win', 2)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

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
                first_seven: bool = True) -> tuple[Outcome, int]:
    """The first row of §3.5 that applies to a hand or calle still live at the settlement
    (busts in play were paid at once): its outcome and the punter's net in chips.

    ``points`` and ``bank`` (the bank's final total) are half-points; ``muerta`` marks a
    *muerta*; ``first_seven`` says that no earlier hand (in turn order, then calle order) has
    been the privileged 7½, so a 7½ here is privileged (M-15, M-28).

    >>> settle_hand(16, 1, 10, muerta=True), settle_hand(15, 1, 15, muerta=True)
    (('bust', -1), ('bank_seven_and_half', -1))
    >>> settle_hand(15, 1, 18, muerta=True), settle_hand(9, 3, 18), settle_hand(9, 3, 9)
    (('muerta', 3), ('win', 3), ('lose', -3))
    """
    if muerta and points != TARGET:
        return "bust", -bet  # row 1: its hidden card took it over 7½
    if bank == TARGET:
        return "bank_seven_and_half", -bet  # row 2: ties to the bank, 7½ included (M-20)
    if muerta:
        return "muerta", 3 * bet  # row 3 (M-14)
    if points == TARGET and first_seven:
        return "privileged", 2 * bet  # row 4 (M-15, M-28)
    if bank > TARGET or points > bank:
        return "win", bet  # row 5
    return "lose", -bet  # row 6
