"""Who speaks first: the value of a player's face-up cards alone (SPEC §1.5, §2.4).

In seven-card stud and calatone the best exposed hand acts first. With 2 to 4 up-cards only
rank groups count (four of a kind > three of a kind > two pair > pair > high card, then the
group ranks and the kickers high to low); partial straights and flushes count for nothing.
With 5 or 6 up-cards the best five count under the game's full ranking. Suits never count:
equal values are ties, which the games break by position. The same valuation serves calatone's
partial showdown (C-11) when everyone checks before the fifth card.

>>> from cartes import exposed_strength
>>> exposed_strength("Kd Ks") > exposed_strength("Ah Qc")  # a pair beats ace high
True
>>> exposed_strength("9c 9d") == exposed_strength("9h 9s")  # suits never count
True
"""

from __future__ import annotations

from collections.abc import Sequence

from cartes.evaluation.evaluator import HandLike, as_hand, evaluate
from cartes.evaluation.rankings import STANDARD, RankingLike, get_ranking

__all__ = ["exposed_strength"]


def exposed_strength(cards: HandLike, ranking: RankingLike = STANDARD) -> int:
    """The value of 1 to 6 face-up cards, for choosing who acts first. Higher is better.

    Values compare only between boards with the same number of cards (as on any street, where
    every player still in shows the same number).

    >>> exposed_strength("As") > exposed_strength("Ks")
    True
    >>> exposed_strength("5c 5d 2h") > exposed_strength("As Kd Qh")
    True
    >>> exposed_strength("7c 7d 7h 2s") > exposed_strength("Ac Ad Kh Ks")  # trips beat two pair
    True
    >>> figures = exposed_strength("Jc Qd Kh Ah Jh", "calatone")
    >>> figures > exposed_strength("Tc Td 9h 9s 2c", "calatone")
    True
    """
    rules = get_ranking(ranking)
    hand = as_hand(cards, sizes=(1, 2, 3, 4, 5, 6))
    if len(hand) >= 5:
        return evaluate(hand, rules).strength
    return rank_groups_strength([card.rank for card in hand])


def rank_groups_strength(ranks: Sequence[int]) -> int:
    """The value of 1 to 4 cards from their ranks alone (rank groups, then kickers): the
    2-4 card part of :func:`exposed_strength`, for callers whose cards are already checked
    (the games value every board on every street).

    >>> rank_groups_strength([12, 12]) > rank_groups_strength([12, 10])
    True
    """
    counts: dict[int, int] = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    groups = sorted(((n, r) for r, n in counts.items()), reverse=True)
    top = groups[0][0]
    category = (
        4 if top == 4
        else 3 if top == 3
        else 2 if top == 2 and len(groups) > 1 and groups[1][0] == 2
        else 1 if top == 2
        else 0
    )  # fmt: skip
    value = category
    for _, rank in groups:
        value = value * 13 + rank
    # Pad so that boards with fewer groups (same card count) stay comparable digit by digit.
    pad: int = 13 ** (4 - len(groups))
    return value * pad
