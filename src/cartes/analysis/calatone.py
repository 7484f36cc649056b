"""Calatone's first choice (which of the first two cards to show) and the odds of *cinco figuras*.

**The first choice** (SPEC §1.3 step 4, C-5). Each seat gets two cards face down and turns one
of them up; the choices are made together and revealed together. The seat keeps both cards
whichever it shows, and the showdown values its seven cards (C-10: a player who declares well
declares the best five), so **the showdown equity is the same for both choices**. What the
choice changes is what the other seats see, and who speaks first (the highest up card, C-6). So
:func:`first_choice` gives, beside the seat's equity, for each choice the equity *shown*: the
equity of the up card alone (its hole card any card the others have not seen) against the same
opponents, which is what someone who sees only the up card can credit the seat with; and the
equity *concealed*, the difference. The choice it calls ``best`` shows the least (it conceals
the most). Against random opponents the shown equity rises with the up card's rank, so that is
the lower card, which also speaks later (it is less often the highest up card). Of a pair both
choices show the same rank: only suits (dead cards, ranges) and Monte Carlo noise tell them
apart.

**Opponents.** ``opponents`` is a number of random opponents (1 to 6: calatone seats 2 to 7), or
one entry per opponent: nothing (``""``: random), the cards known of it (one card: its up card,
the hole card random; two: both its first cards), or a **range** (``"QQ+, AKs"``, a
:class:`~cartes.analysis.HandRange`). A range in calatone is a range of the opponent's **first
two cards taken together**, in the notation of hold'em hands, with no word about which one it
shows: the choices are simultaneous (C-5), so nothing about how an opponent splits its two cards
is known when the seat chooses, and the split changes nothing at the showdown. Every opponent's
other five cards, and the seat's, are dealt from the cards nobody has seen; ``dead`` cards are
out of play.

**Method.** The engine is :mod:`cartes.analysis.equity`'s (the compiled calatone ranking, the
same kernels): every deal is enumerated when there are at most ``max_exact`` (or ``trials``) of
them, else a seeded Monte Carlo gives standard errors; ``Equity.method`` says which ran. From
the first two cards of a full deck the deals are far too many, so the figures are Monte Carlo
unless many cards are dead.

**Cinco figuras** (SPEC §1.9, C-12): five cards among J, Q, K and A that are not trips, a full
house or four of a kind. :func:`street_odds` gives, for the cards a seat holds at some street
(2 to 7), the exact chance (a :class:`~fractions.Fraction`) of each category of its final best
five, by evaluating every way its seven cards can end; and the chance that five or more of its
seven are figures. :func:`odds_by_street` does it after each street of a deal.
:func:`category_chances` is the chance of each category of the hand a seat holds at a street as
calatone values it then (C-11), and :func:`five_figures_chances` the chance of ending with
*cinco figuras* knowing only how many figures a seat holds: both exact, both tabled in the docs.

Everything is for the full 52-card deck: with ``lowest_rank`` above 2 (C-18) the ace-low
straight moves, which the compiled ranking does not know.

>>> odds = street_odds("As Kd")
>>> odds.five_figures, odds.deals
(Fraction(22373, 264845), 2118760)
>>> choice = first_choice("As 7d", opponents=1, trials=100_000, seed=1)
>>> str(choice.best.up), choice.best.concealed > 0
('7d', True)
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from itertools import combinations_with_replacement
from typing import Final

import numpy as np
from numpy.typing import NDArray

from cartes.analysis.equity import (
    MAX_EXACT,
    Cards,
    Equity,
    Holding,
    _check_distinct,
    _free_cards,
    _holding,
    _live_ranges,
    _Problem,
    _ranking_row,
    _solve,
    parse_cards,
)
from cartes.analysis.executors import seed_sequence
from cartes.analysis.ranges import HandRange
from cartes.deck import SeedLike
from cartes.errors import (
    CardTypeError,
    DeckError,
    DuplicateCardError,
    HandSizeError,
    InvalidCardError,
    OptionError,
)
from cartes.evaluation.rankings import CALATONE, Category
from cartes.french import Card, Hand

__all__ = [
    "ExposeChoice",
    "FirstChoice",
    "StreetOdds",
    "category_chances",
    "first_choice",
    "five_figures_chances",
    "odds_by_street",
    "street_odds",
]

#: Card indices are ``rank * 4 + suit`` with ranks 0 (two) to 12 (ace): J, Q, K, A are 36-51.
_FIRST_FIGURE: Final = 36
FIGURES: Final = 16
#: The categories of the calatone ranking, best first.
CATEGORIES: Final = tuple(CALATONE.categories)
#: The categories of 2 to 4 cards at a partial showdown (C-11): rank groups only.
GROUP_CATEGORIES: Final = (
    Category.FOUR_OF_A_KIND,
    Category.THREE_OF_A_KIND,
    Category.TWO_PAIR,
    Category.PAIR,
    Category.HIGH_CARD,
)


def _read(value: Cards | None, where: str) -> Hand:
    """Cards as :func:`~cartes.analysis.equity.parse_cards` reads them, an error naming
    ``where`` they were given."""
    try:
        return parse_cards(value)
    except DuplicateCardError as error:
        raise DuplicateCardError(f"{where} {value!r}: {error}") from None
    except InvalidCardError as error:
        raise InvalidCardError(f"{where} {value!r}: {error}") from None
    except CardTypeError as error:
        raise CardTypeError(f"{where}: {error}") from None


def _is_figure(card: Card) -> bool:
    return card.index >= _FIRST_FIGURE


# ---------------------------------------------------------------------------------------------
# The first choice


@dataclass(frozen=True)
class ExposeChoice:
    """One way to split the first two cards: ``up`` shown, ``hole`` kept down.

    ``shown`` is the equity of the up card alone (the hole card any card the other seats have
    not seen) against the same opponents, player 0 being the seat; ``concealed`` is the seat's
    real equity minus that shown one, what the hole card hides, and ``concealed_stderr`` its
    standard error (0 when both are exact; the two come from independent streams).

    >>> choice = first_choice("Ah 2c", trials=50_000, seed=3)
    >>> [str(c.up) for c in choice.choices], choice.choices[0].shown.ranking
    (['Ah', '2c'], 'calatone')
    >>> 0 < choice.choices[0].concealed_stderr < 0.01
    True
    """

    up: Card
    hole: Card
    shown: Equity
    concealed: float
    concealed_stderr: float


@dataclass(frozen=True)
class FirstChoice:
    """:func:`first_choice`'s answer: the seat's showdown ``equity`` (player 0; the same for
    both choices), the two ``choices`` (showing the first card given, then the second) and
    the ``best`` of them, the one that shows the least.

    >>> result = first_choice("Kh Kd", opponents=2, trials=50_000, seed=2)
    >>> len(result.equity.equity), result.best in result.choices
    (3, True)
    """

    cards: Hand
    equity: Equity
    choices: tuple[ExposeChoice, ExposeChoice]
    best: ExposeChoice

    @property
    def method(self) -> str:
        """How the figures were found: the seat's equity's ``method``, and the shown equities'
        when they were found another way (one more card to deal can tip the cost estimate).

        >>> first_choice("Ah 2c", trials=10_000, seed=3).method
        'Monte Carlo, 10,000 deals (chosen: exact would look at ... deals, more than 3,000,000)'
        """
        shown = self.choices[0].shown
        if shown.exact == self.equity.exact:
            return self.equity.method
        return f"{self.equity.method}; shown equities: {shown.method}"

    def __str__(self) -> str:
        lines = [f"calatone first choice of {self.cards}: {self.method}"]
        lines.append(f"equity {self._figure(self.equity, 0)} whichever card is shown")
        for choice in self.choices:
            mark = "  <- best" if choice is self.best else ""
            lines.append(
                f"show {choice.up}, keep {choice.hole} down: shows equity "
                f"{self._figure(choice.shown, 0)}, conceals {choice.concealed:+.4f}"
                + (f" ± {choice.concealed_stderr:.4f}" if choice.concealed_stderr else "")
                + mark
            )
        return "\n".join(lines)

    @staticmethod
    def _figure(result: Equity, player: int) -> str:
        value = f"{result.equity[player]:.4f}"
        return value if result.exact else f"{value} ± {result.stderr[player]:.4f}"


def _opponents(opponents: int | Sequence[Holding]) -> list[Hand | HandRange]:
    if isinstance(opponents, bool):
        raise OptionError(f"opponents must be a number of opponents or a list, got {opponents!r}")
    if isinstance(opponents, int):
        if not 1 <= opponents <= 6:
            raise OptionError(
                f"calatone seats 2 to 7 players: opponents must be 1 to 6, got {opponents}"
            )
        return [Hand([]) for _ in range(opponents)]
    if isinstance(opponents, str) or not isinstance(opponents, Sequence):
        raise OptionError(
            "opponents must be a number of random opponents (1 to 6) or a list with one entry "
            f"per opponent (cards, a range, or '' for a random one), got {opponents!r}"
        )
    if not 1 <= len(opponents) <= 6:
        raise OptionError(
            f"calatone seats 2 to 7 players: give 1 to 6 opponents, got {len(opponents)}"
        )
    holdings = [_holding(value, p + 1) for p, value in enumerate(opponents)]
    for p, holding in enumerate(holdings, start=1):
        if isinstance(holding, Hand) and len(holding) > 2:
            raise HandSizeError(
                f"opponent {p} (player {p}) is given {len(holding)} cards: at the first choice "
                "a seat holds 2 (give its up card, both first cards, a range, or '')"
            )
    return holdings


def _problem(seat: Hand, holdings: Sequence[Hand | HandRange], dead: Hand) -> _Problem:
    """The kernels' question: the seat (player 0) holds ``seat``, each opponent its holding, the
    rest of every seven dealt from the cards not seen. For a shown equity ``seat`` is the up
    card alone: the hole card, left out, stays in the deck and in the ranges, as for the others
    it is unseen."""
    row, name = _ranking_row("calatone")
    players = [seat, *holdings]
    known = [h for h in players if isinstance(h, Hand)]
    blocked = {c.index for hand in [dead, *known] for c in hand}
    ranges = _live_ranges(players, blocked)
    free = _free_cards([dead, *known])
    missing = [7 - (2 if isinstance(h, HandRange) else len(h)) for h in players]
    if sum(missing) + 2 * len(ranges) > len(free):
        raise DeckError(
            f"{sum(missing) + 2 * len(ranges)} cards are to be dealt but only {len(free)} are "
            f"left: {len(players)} players' seven cards do not fit in the deck"
        )
    # Range slots first (the kernels' layout), then each player's dealt cards, the largest
    # group first: the enumeration splits its work by that group's cards.
    order = sorted(range(len(players)), key=lambda p: -missing[p])
    slot = 2 * len(ranges)
    starts = {}
    for p in order:
        starts[p] = slot
        slot += missing[p]
    template = np.empty((len(players), 7), dtype=np.int64)
    ranged = 0
    for p, holding in enumerate(players):
        if isinstance(holding, HandRange):
            head = [-(2 * ranged + 1), -(2 * ranged + 2)]
            ranged += 1
        else:
            head = [c.index for c in holding]
        template[p] = head + [-(starts[p] + i + 1) for i in range(missing[p])]
    return _Problem(template, free, [missing[p] for p in order], ranges, row, name)


def first_choice(
    cards: Cards,
    opponents: int | Sequence[Holding] = 1,
    dead: Cards | None = None,
    *,
    trials: int | None = None,
    exact: bool | None = None,
    seed: SeedLike | np.random.SeedSequence = None,
    executor: Executor | None = None,
    threads: int | None = None,
    max_exact: int = MAX_EXACT,
) -> FirstChoice:
    """Which of a seat's first two calatone cards to show: the seat's equity and, for each
    choice, the equity its up card shows and the equity it conceals (see the module).

    ``cards`` are the seat's two first cards (``"As Kd"``, cartes cards or indices);
    ``opponents`` a number of random opponents or one entry per opponent (cards known of it, a
    range of its first two cards, or ``""``); ``dead`` cards are out of play. The options are
    :func:`~cartes.analysis.equity`'s: exact enumeration when it fits, else a Monte Carlo of
    ``trials`` deals (a million by default) seeded by ``seed``, the same for the seat's equity
    and each choice's shown equity (three independent streams of one seed).

    >>> result = first_choice("Ac 3d", opponents=["QQ+, AKs"], trials=100_000, seed=4)
    >>> result.method
    'Monte Carlo, 100,000 deals (chosen: exact would look at ... deals, more than 3,000,000)'
    >>> str(result.best.up), result.equity.equity[0] < 0.5
    ('3d', True)
    >>> first_choice("As As")
    Traceback (most recent call last):
    ...
    cartes.errors.DuplicateCardError: the seat's cards 'As As': duplicate card As: each card ...
    >>> first_choice("As Kd Qh")
    Traceback (most recent call last):
    ...
    cartes.errors.HandSizeError: a calatone seat's first cards are 2, got 3 (As Kd Qh)
    """
    seat = _read(cards, "the seat's cards")
    if len(seat) != 2:
        raise HandSizeError(
            f"a calatone seat's first cards are 2, got {len(seat)}" + (f" ({seat})" if seat else "")
        )
    holdings = _opponents(opponents)
    gone = _read(dead, "the dead cards")
    _check_distinct(
        [("the seat's cards", seat), ("the dead cards", gone)]
        + [(f"opponent {p}'s cards", h) for p, h in enumerate(holdings, 1) if isinstance(h, Hand)]
    )
    streams = seed_sequence(seed).spawn(3)

    def solve(problem: _Problem, stream: np.random.SeedSequence) -> Equity:
        return _solve(problem, trials, exact, stream, executor, threads, max_exact)

    whole = solve(_problem(seat, holdings, gone), streams[0])
    choices = []
    for n, (up, hole) in enumerate(((seat[0], seat[1]), (seat[1], seat[0]))):
        shown = solve(_problem(Hand([up]), holdings, gone), streams[n + 1])
        error = math.hypot(whole.stderr[0], shown.stderr[0])
        choices.append(ExposeChoice(up, hole, shown, whole.equity[0] - shown.equity[0], error))
    pair = (choices[0], choices[1])
    best = min(pair, key=lambda c: c.shown.equity[0])
    return FirstChoice(seat, whole, pair, best)


# ---------------------------------------------------------------------------------------------
# Cinco figuras and the categories, by street


@dataclass(frozen=True)
class StreetOdds:
    """:func:`street_odds`'s answer, exact: ``categories``, the chance of each category of the
    seat's final best five (calatone ranking, best first); ``five_figures``, that of *cinco
    figuras*; ``figures``, the chance that five or more of its seven cards are figures (J, Q, K,
    A), which is more (such a hand may be trips or better, or a straight or a flush); ``deals``,
    the number of ways its seven can end, every one evaluated.

    >>> odds = street_odds("Ah Kh Qd Jc 2s")
    >>> odds.figures, odds.five_figures, odds.deals
    (Fraction(486, 1081), Fraction(426, 1081), 1081)
    """

    cards: Hand
    categories: dict[Category, Fraction]
    figures: Fraction
    deals: int

    @property
    def five_figures(self) -> Fraction:
        return self.categories[Category.FIVE_FIGURES]

    @property
    def method(self) -> str:
        return f"exact enumeration ({self.deals:,} ways to end)"


@lru_cache(maxsize=4)  # a street's tables serve every seat and every question (10 MB at most)
def _combinations(n: int, k: int) -> NDArray[np.uint8]:
    """Every k-subset of ``0..n-1`` (n <= 255) as rows of increasing indices, in lexicographic
    order: the subsets starting with ``i`` are ``i`` before the (k-1)-subsets of the ``n - i -
    1`` indices above it, each table built once (itertools takes seconds for the two million
    rows of C(50, 5), this a few hundredths)."""
    table: dict[tuple[int, int], NDArray[np.uint8]] = {}

    def build(m: int, j: int) -> NDArray[np.uint8]:
        if j == 0:
            return np.zeros((1, 0), dtype=np.uint8)
        if (m, j) not in table:
            parts = [np.zeros((0, j), dtype=np.uint8)]
            for i in range(m - j + 1):
                rest = build(m - i - 1, j - 1)
                block = np.empty((len(rest), j), dtype=np.uint8)
                block[:, 0] = i
                block[:, 1:] = rest + np.uint8(i + 1)
                parts.append(block)
            table[m, j] = np.concatenate(parts)
        return table[m, j]

    rows = build(n, k)
    rows.flags.writeable = False  # shared by every caller from the cache
    return rows


def _held(cards: Cards, low: int, high: int, what: str) -> Hand:
    hand = _read(cards, f"{what}'s cards")
    if not low <= len(hand) <= high:
        raise HandSizeError(
            f"{what} holds {low} to {high} cards (2 first cards, then one a street), got "
            f"{len(hand)}" + (f" ({hand})" if hand else "")
        )
    return hand


def street_odds(cards: Cards, dead: Cards | None = None) -> StreetOdds:
    """The exact chance of each final category (and of five or more figures) for a seat that
    holds ``cards`` (2 to 7, its first two and its up cards so far), its other cards dealt from
    all the cards but ``dead`` (cards seen elsewhere: the other seats' up cards).

    Every way the seven can end is evaluated by the compiled calatone ranking
    (:func:`cartes.evaluate_many`); from two cards that is 2,118,760 hands.

    >>> street_odds("Jh Jd Qc Ks").five_figures
    Fraction(439, 1081)
    >>> street_odds("Jh Jd Qc", dead="Jh")
    Traceback (most recent call last):
    ...
    cartes.errors.DuplicateCardError: card Jh is given twice, in the seat's cards and in the ...
    """
    from cartes.evaluation import categories, evaluate_many

    hand = _held(cards, 2, 7, "the seat")
    gone = _read(dead, "the dead cards")
    _check_distinct([("the seat's cards", hand), ("the dead cards", gone)])
    free = _free_cards([hand, gone])
    need = 7 - len(hand)
    if need > len(free):
        raise DeckError(f"{need} cards are to be dealt but only {len(free)} are left")
    subsets = _combinations(len(free), need)
    sevens = np.empty((len(subsets), 7), dtype=np.uint8)
    sevens[:, : len(hand)] = [c.index for c in hand]
    sevens[:, len(hand) :] = free.astype(np.uint8)[subsets]
    found = np.bincount(
        categories(evaluate_many(sevens, "calatone", check=False), "calatone"), minlength=10
    )
    total = len(subsets)
    held = sum(map(_is_figure, hand))
    left = int((free >= _FIRST_FIGURE).sum())
    figures = sum(
        math.comb(left, j) * math.comb(len(free) - left, need - j)
        for j in range(max(0, 5 - held), need + 1)
    )
    return StreetOdds(
        hand,
        {category: Fraction(int(found[category]), total) for category in CATEGORIES},
        Fraction(figures, math.comb(len(free), need)),
        total,
    )


def odds_by_street(cards: Cards, dead: Cards | None = None) -> tuple[StreetOdds, ...]:
    """:func:`street_odds` after each street of a seat's deal: ``cards`` in deal order (the two
    first cards, then the up cards), one answer for each of its first 2, 3, ... cards.

    >>> [str(o.five_figures) for o in odds_by_street("As Kd 7c Qh Jd")]
    ['22373/264845', '10033/211876', '609/4324', '426/1081']
    """
    hand = _held(cards, 2, 7, "the deal")
    return tuple(street_odds(hand[:k], dead) for k in range(2, len(hand) + 1))


def _group_counts(k: int) -> dict[Category, int]:
    """How many k-card hands (k = 2, 3 or 4) have each rank-group category: over every
    multiset of k ranks, the ways to pick its suits."""
    counts = dict.fromkeys(GROUP_CATEGORIES, 0)
    for ranks in combinations_with_replacement(range(13), k):
        shape = sorted(Counter(ranks).values(), reverse=True)
        ways = math.prod(math.comb(4, m) for m in shape)
        if shape[0] == 4:
            category = Category.FOUR_OF_A_KIND
        elif shape[0] == 3:
            category = Category.THREE_OF_A_KIND
        elif shape[:2] == [2, 2]:
            category = Category.TWO_PAIR
        elif shape[0] == 2:
            category = Category.PAIR
        else:
            category = Category.HIGH_CARD
        counts[category] += ways
    return counts


@cache
def category_chances(street: int) -> dict[Category, Fraction]:
    """The exact chance of each category of a seat's hand when it holds ``street`` cards (2 to
    7), valued as calatone values them then (C-11): on 2 to 4 cards rank groups only (four of a
    kind to high card), on 5 the full ranking, on 6 the best five (a partial showdown's
    declaration), on 7 the showdown's best five. Only the categories a street can hold are
    listed, best first.

    >>> category_chances(2)
    {Category.PAIR: Fraction(1, 17), Category.HIGH_CARD: Fraction(16, 17)}
    >>> float(category_chances(7)[Category.FIVE_FIGURES])
    0.0145...
    """
    if isinstance(street, bool) or not isinstance(street, int) or not 2 <= street <= 7:
        raise OptionError(f"street is the number of cards a seat holds, 2 to 7, got {street!r}")
    if street <= 4:
        counts = _group_counts(street)
        order = [c for c in GROUP_CATEGORIES if counts[c]]
    else:
        from cartes.evaluation import category_counts

        counts = category_counts(street, "calatone")
        order = list(CATEGORIES)
    total = math.comb(52, street)
    return {category: Fraction(counts[category], total) for category in order}


@cache
def _figure_hands() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Of the seven-card hands with F = 5, 6, 7 figures: how many there are, and how many are
    *cinco figuras* (the rest are trips or better, straights or flushes)."""
    from cartes.evaluation import categories, evaluate_many

    totals, found = [], []
    figures = np.arange(_FIRST_FIGURE, 52)
    others = np.arange(_FIRST_FIGURE)
    for count in (5, 6, 7):
        top = figures[_combinations(FIGURES, count)]
        low = others[_combinations(_FIRST_FIGURE, 7 - count)]
        sevens = np.empty((len(top) * len(low), 7), dtype=np.uint8)
        sevens[:, :count] = np.repeat(top, len(low), axis=0)
        sevens[:, count:] = np.tile(low, (len(top), 1))
        strengths = evaluate_many(sevens, "calatone", check=False)
        totals.append(len(sevens))
        found.append(int((categories(strengths, "calatone") == Category.FIVE_FIGURES).sum()))
    return tuple(totals), tuple(found)


@cache
def five_figures_chances() -> dict[tuple[int, int], Fraction]:
    """The exact chance of ending with *cinco figuras*, keyed by (cards held, figures among
    them), for 2 to 6 cards held, knowing nothing else of the cards.

    Of all seven-card hands, a seat's first ``k`` cards are any ``k`` of its seven alike, so the
    deals with ``f`` figures in the first ``k`` that end in *cinco figuras* are, over the hands
    with ``F`` figures that are *cinco figuras* (evaluated: 3,051,568 hands have five figures or
    more), C(F, f) C(7 - F, k - f) ways each.

    >>> chances = five_figures_chances()
    >>> chances[2, 2], chances[6, 3]
    (Fraction(842229, 10593800), Fraction(0, 1))
    """
    _, found = _figure_hands()
    chances = {}
    for k in range(2, 7):
        for f in range(k + 1):
            hits = sum(
                n * math.comb(big, f) * math.comb(7 - big, k - f)
                for big, n in zip((5, 6, 7), found, strict=True)
            )
            deals = (
                math.comb(FIGURES, f) * math.comb(52 - FIGURES, k - f) * math.comb(52 - k, 7 - k)
            )
            chances[k, f] = Fraction(hits, deals)
    return chances
