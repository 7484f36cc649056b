"""A deliberately naive poker evaluator, written independently of cartes.evaluation.

It values five cards straight from the rules (SPEC §1.9 for calatone, §2.8 for standard) by
sorting and counting, with none of the library's tables, keys or hashing, and values 6 or 7
cards as the best of every five-card subset. It is slow and obvious on purpose: the tests
require the fast evaluator to order every hand exactly as this one does. Counting all
133,784,560 seven-card hands keeps the naive category of each of the 2,598,960 fives in a
table, so that a seven-card hand is its best of 21 lookups (a few seconds instead of minutes).

A value is ``category * 13**5 + tie-break digits``, base 13, high digits first. Categories are
numbered by rank in the ranking: 0 high card .. 9 straight flush for calatone (8 for standard).
"""

from __future__ import annotations

import numba as nb
import numpy as np

# Category numbers in the calatone order; standard drops FIVE_FIGURES and shifts those above.
HIGH, PAIR, TWO_PAIR, FIVE_FIGURES, TRIPS, STRAIGHT, FLUSH, FULL, QUADS, STRAIGHT_FLUSH = range(10)


@nb.njit(cache=True)
def naive_five(hand: np.ndarray, calatone: bool, scratch: np.ndarray) -> int:
    """The value of the five cards in ``hand``; ``scratch`` is 23 ints of working space."""
    counts = scratch[:13]
    ranks = scratch[13:18]
    order = scratch[18:23]
    counts[:] = 0
    flush = True
    for i in range(5):
        counts[hand[i] // 4] += 1
        if hand[i] % 4 != hand[0] % 4:
            flush = False
    # The ranks high to low, and the same ranks ordered by (count, rank), both descending.
    n = 0
    for r in range(12, -1, -1):
        for _ in range(counts[r]):
            ranks[n] = r
            n += 1
    n = 0
    for count in range(4, 0, -1):
        for r in range(12, -1, -1):
            if counts[r] == count:
                for _ in range(count):
                    order[n] = r
                    n += 1
    biggest = 0
    pairs = 0
    distinct = 0
    for r in range(13):
        biggest = max(biggest, counts[r])
        pairs += counts[r] == 2
        distinct += counts[r] > 0
    straight_top = -1
    if distinct == 5:
        if ranks[0] - ranks[4] == 4:
            straight_top = ranks[0]
        elif ranks[0] == 12 and ranks[1] == 3:  # A-5-4-3-2: the ace plays low
            straight_top = 3
    if straight_top >= 0 and flush:
        category = STRAIGHT_FLUSH
    elif biggest == 4:
        category = QUADS
    elif biggest == 3 and pairs == 1:
        category = FULL
    elif flush:
        category = FLUSH
    elif straight_top >= 0:
        category = STRAIGHT
    elif biggest == 3:
        category = TRIPS
    elif calatone and ranks[4] >= 9:  # all five among J Q K A
        category = FIVE_FIGURES
    elif pairs == 2:
        category = TWO_PAIR
    elif pairs == 1:
        category = PAIR
    else:
        category = HIGH
    value = category if calatone or category < FIVE_FIGURES else category - 1
    for i in range(5):
        if straight_top >= 0:
            digit = straight_top
        elif category == FIVE_FIGURES:
            digit = ranks[i]  # seed: every card, high to low, like a flush
        else:
            digit = order[i]
        value = value * 13 + digit
    return value


@nb.njit(cache=True)
def naive_best(hand: np.ndarray, calatone: bool) -> int:
    """The best value over every five-card subset of 5, 6 or 7 cards."""
    k = len(hand)
    scratch = np.zeros(23, np.int64)
    five = np.zeros(5, np.int64)
    best = -1
    for a in range(k):
        for b in range(a + 1, k):
            for c in range(b + 1, k):
                for d in range(c + 1, k):
                    for e in range(d + 1, k):
                        five[0] = hand[a]
                        five[1] = hand[b]
                        five[2] = hand[c]
                        five[3] = hand[d]
                        five[4] = hand[e]
                        best = max(best, naive_five(five, calatone, scratch))
    return best


@nb.njit(cache=True)
def naive_all_fives(calatone: bool) -> tuple[np.ndarray, np.ndarray]:
    """Every five-card hand (as rows) and its naive value."""
    hands = np.empty((2598960, 5), np.uint8)
    values = np.empty(2598960, np.int64)
    scratch = np.zeros(23, np.int64)
    n = 0
    for a in range(52):
        for b in range(a + 1, 52):
            for c in range(b + 1, 52):
                for d in range(c + 1, 52):
                    for e in range(d + 1, 52):
                        hands[n, 0] = a
                        hands[n, 1] = b
                        hands[n, 2] = c
                        hands[n, 3] = d
                        hands[n, 4] = e
                        values[n] = naive_five(hands[n], calatone, scratch)
                        n += 1
    return hands, values


@nb.njit(cache=True)
def naive_five_categories(calatone: bool) -> np.ndarray:
    """The naive category of every five-card hand, indexed by its combinatorial number
    (the sum of C(card, place) over its sorted cards, places 1 to 5): a memo of
    :func:`naive_five`, so that valuing a seven-card hand's 21 fives costs 21 lookups."""
    hands, values = naive_all_fives(calatone)
    categories = np.empty(2598960, np.uint8)
    for n in range(2598960):
        a, b, c, d, e = hands[n]
        categories[_five_index(a, b, c, d, e)] = values[n] // 13**5
    return categories


@nb.njit(cache=True)
def _binomial(n: int, k: int) -> int:
    value = 1
    for i in range(k):
        value = value * (n - i) // (i + 1)
    return value


@nb.njit(cache=True)
def _five_index(a: int, b: int, c: int, d: int, e: int) -> int:
    return _binomial(a, 1) + _binomial(b, 2) + _binomial(c, 3) + _binomial(d, 4) + _binomial(e, 5)


@nb.njit(parallel=True)  # numba cannot cache it (a parallel loop with a large closure)
def _seven_counts(categories: np.ndarray) -> np.ndarray:
    binomials = np.zeros((52, 6), np.int64)
    for n in range(52):
        for k in range(6):
            binomials[n, k] = _binomial(n, k)
    threads = nb.get_num_threads()
    counts = np.zeros((threads, 10), np.int64)
    for t in nb.prange(threads):
        hand = np.empty(7, np.int64)
        below = np.zeros((3, 8), np.int64)  # below[s, p]: the cards before p, moved down s
        for a in range(t, 46, threads):
            hand[0] = a
            for b in range(a + 1, 47):
                hand[1] = b
                for c in range(b + 1, 48):
                    hand[2] = c
                    for d in range(c + 1, 49):
                        hand[3] = d
                        for e in range(d + 1, 50):
                            hand[4] = e
                            for f in range(e + 1, 51):
                                hand[5] = f
                                for g in range(f + 1, 52):
                                    hand[6] = g
                                    # the five left when cards i < j are left out:
                                    # a card before i keeps its place p + 1, one between
                                    # i and j moves down one place, one after j two
                                    for p in range(7):
                                        for s in range(3):
                                            below[s, p + 1] = below[s, p] + binomials[
                                                hand[p], max(p + 1 - s, 0)]
                                    best = 0
                                    for i in range(7):
                                        for j in range(i + 1, 7):
                                            index = (below[0, i] + below[1, j] - below[1, i + 1]
                                                     + below[2, 7] - below[2, j + 1])
                                            best = max(best, categories[index])
                                    counts[t, best] += 1
    return counts.sum(axis=0)


def naive_seven_category_counts(calatone: bool) -> np.ndarray:
    """Category counts over all seven-card hands, each valued as its best of 21 fives."""
    return _seven_counts(naive_five_categories(calatone))
