"""Pots of the poker games: the chips committed layered into a main pot and side pots, and
even splits with odd chips (stud S-11, calatone C-14).

>>> pots([10, 10, 0], [False, False, True])
(Pot(amount=20, eligible=frozenset({0, 1})),)
>>> split(11, [2, 0])
[(2, 6), (0, 5)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Pot", "pots", "split"]


@dataclass(frozen=True, slots=True)
class Pot:
    """A pot: its chips and the seats that may win it.

    >>> Pot(30, frozenset({0, 2}))
    Pot(amount=30, eligible=frozenset({0, 2}))
    """

    amount: int
    eligible: frozenset[int]


def pots(committed: Sequence[int], folded: Sequence[bool]) -> tuple[Pot, ...]:
    """Layer the chips committed into a main pot and side pots, in order of creation.

    Each level of a live seat's commitment closes a pot; folded seats' chips stay in the pots
    they reached but make them eligible for nothing. Chips folded above every live seat's
    level go to the last pot.

    >>> pots([10, 25, 25, 5], [False, False, False, True])
    (Pot(amount=35, eligible=frozenset({0, 1, 2})), Pot(amount=30, eligible=frozenset({1, 2})))
    """
    live = [seat for seat, out in enumerate(folded) if not out]
    levels = sorted({committed[s] for s in live if committed[s] > 0})
    if len(levels) == 1:  # the usual case: one pot, which also takes any chips folded above
        level = levels[0]
        return (Pot(sum(committed), frozenset([s for s in live if committed[s] >= level])),)
    result: list[Pot] = []
    previous = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, previous) for c in committed)
        eligible = frozenset(s for s in live if committed[s] >= level)
        result.append(Pot(amount, eligible))
        previous = level
    leftover = sum(max(0, c - previous) for c in committed)
    if leftover:
        if result:
            last = result[-1]
            result[-1] = Pot(last.amount + leftover, last.eligible)
        else:
            result.append(Pot(leftover, frozenset(live)))
    return tuple(result)


def split(amount: int, winners: Sequence[int]) -> list[tuple[int, int]]:
    """Split ``amount`` evenly among ``winners``, given in odd-chip order: the first ones
    get one extra chip each until the remainder is gone.

    >>> split(11, [2, 0])
    [(2, 6), (0, 5)]
    """
    if not winners:
        raise ValueError("a pot needs at least one winner")
    share, odd = divmod(amount, len(winners))
    return [(seat, share + (1 if i < odd else 0)) for i, seat in enumerate(winners)]
