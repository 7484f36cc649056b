"""The pure rules of high card: which card is higher, and who takes what from the pot.

Nothing here knows a hand in progress: these functions take plain values, so they are tested
on their own (and read as the rules do).

>>> from cartes import Card
>>> stronger(Card("As"), Card("Ah")), stronger(Card("2c"), Card("Kc"))
(True, False)
>>> settle(contributions=[3, 1, 3], ranking=[2, 0])  # seat 2 beats seat 0; seat 1 dropped
[0, 0, 7]
"""

from __future__ import annotations

from collections.abc import Sequence

from cartes import Card

__all__ = ["settle", "strength", "stronger"]


def strength(card: Card) -> tuple[int, int]:
    """The order of cards: by rank (the ace high), then by suit (clubs, diamonds, hearts,
    spades), so that two different cards are never equal and a pot is never split.

    >>> sorted(["Ah", "2s", "As"], key=lambda text: strength(Card(text)))
    ['2s', 'Ah', 'As']
    """
    return int(card.rank), int(card.suit)


def stronger(card: Card, other: Card) -> bool:
    """Whether ``card`` beats ``other``."""
    return strength(card) > strength(other)


def settle(contributions: Sequence[int], ranking: Sequence[int]) -> list[int]:
    """What each seat takes from the pot: ``contributions`` are the chips each seat put in,
    ``ranking`` the seats still in at the end, best first.

    The best seat takes from every seat as much as it put in itself; if it put in less
    (it was short of chips), the next best takes the rest up to what *it* put in, and so
    on; what nobody still in could win goes back to whoever put it in.

    >>> settle([3, 3, 3], [1, 0, 2])
    [0, 9, 0]
    >>> settle([1, 3, 3], [0, 2])      # seat 0 had 1 chip: it wins 1 from each seat
    [3, 0, 4]
    """
    paid = [0] * len(contributions)
    level = 0  # what each seat has paid out so far, per seat
    for seat in ranking:
        top = contributions[seat]
        if top <= level:
            continue
        paid[seat] += sum(min(c, top) - min(c, level) for c in contributions)
        level = top
    for seat, put in enumerate(contributions):
        paid[seat] += put - min(put, level)
    return paid
