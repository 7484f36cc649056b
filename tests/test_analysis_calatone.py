"""cartes.analysis.calatone: the first choice against independent enumerations (the naive
evaluator of tests/naive_poker.py, deals written out here), its Monte Carlo against its exact
figures, cinco figuras and the categories by street against brute-force counts, identities and
seeded simulations, the docs' tables against their generator, and bad input."""

from __future__ import annotations

import itertools
import math
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cartes
from cartes import Card, Category, Hand
from cartes.analysis import (
    HandRange,
    category_chances,
    first_choice,
    five_figures_chances,
    odds_by_street,
    street_odds,
)
from cartes.errors import (
    CardTypeError,
    DeckError,
    DuplicateCardError,
    HandSizeError,
    InvalidCardError,
    OptionError,
    RangeError,
)
from cartes.games.calatone.rules import describe
from naive_poker import naive_best

DOCS = Path(__file__).resolve().parents[1] / "docs"


def idx(text: str) -> list[int]:
    return [Card(t).index for t in text.split()]


def dead_but(keep: list[int]) -> list[int]:
    """Every card but ``keep``: dead cards that leave a deck small enough to deal out by hand."""
    return [c for c in range(52) if c not in set(keep)]


def naive_category(hand: list[int]) -> int:
    return int(naive_best(np.array(hand, dtype=np.int64), True)) // 13**5


def brute_heads_up(seat: list[int], free: list[int], opponents: list[tuple[list[int], float]]):
    """The seat's equity against one opponent, every deal written out: the seat gets its
    missing cards as a combination of ``free``, the opponent (each of its weighted first two
    cards in turn) the rest of its seven; each hand valued by the naive evaluator."""
    total = weight_sum = 0.0
    for opponent, weight in opponents:
        pool = [c for c in free if c not in opponent]
        need = 7 - len(seat)
        for mine in itertools.combinations(pool, need):
            rest = [c for c in pool if c not in mine]
            for theirs in itertools.combinations(rest, 7 - len(opponent)):
                a = naive_best(np.array(seat + list(mine), dtype=np.int64), True)
                b = naive_best(np.array(opponent + list(theirs), dtype=np.int64), True)
                total += weight * (1.0 if a > b else 0.5 if a == b else 0.0)
                weight_sum += weight
    return total / weight_sum


# --- the first choice ------------------------------------------------------------------------


def test_first_choice_is_exact_on_a_small_deck_and_matches_a_brute_force():
    seat = idx("As 7d")
    rest = idx("Ah Kc Kd Qh Jc Jd 9s 8s 7c 5h 3c 2d")  # 12 cards: 5 for the seat, 7 for the other
    result = first_choice("As 7d", opponents=1, dead=dead_but(seat + rest))
    assert result.equity.exact
    assert result.method.startswith("exact enumeration")
    assert result.equity.equity[0] == pytest.approx(brute_heads_up(seat, rest, [([], 1.0)]))
    for choice, (up, hole) in zip(
        result.choices, [(seat[0], seat[1]), (seat[1], seat[0])], strict=True
    ):
        # Seen from the up card alone the hole card is one of the cards not seen.
        expected = brute_heads_up([up], [*rest, hole], [([], 1.0)])
        assert choice.shown.exact
        assert choice.shown.equity[0] == pytest.approx(expected)
        assert choice.concealed == pytest.approx(result.equity.equity[0] - expected)
        assert choice.concealed_stderr == 0
    assert result.best is min(result.choices, key=lambda c: c.shown.equity[0])
    assert sum(result.equity.equity) == pytest.approx(1.0)


@settings(max_examples=10, deadline=None)
@given(st.permutations(range(52)))
def test_exact_first_choices_of_any_small_deck_against_the_brute_force(deck):
    seat, rest = deck[:2], deck[2:14]
    result = first_choice(seat, dead=deck[14:])
    assert result.equity.exact
    assert result.equity.equity[0] == pytest.approx(brute_heads_up(seat, rest, [([], 1.0)]))
    shown = result.best.shown.equity[0]
    expected = brute_heads_up([result.best.up.index], [*rest, result.best.hole.index], [([], 1)])
    assert shown == pytest.approx(expected)
    # Given the other way round, the seat's equity is the same and the choices swap.
    swapped = first_choice(seat[::-1], dead=deck[14:])
    assert swapped.equity == result.equity
    assert swapped.choices == result.choices[::-1]


def test_a_ranged_opponent_against_a_weighted_brute_force():
    seat = idx("Qs Qd")
    rest = idx("Ac Ah Kc Kh Ks 9c 8d 6h 5s 4c 3d 2h 2c")
    text = "AA, 0.5(KK), AKs"
    result = first_choice("Qs Qd", opponents=[text], dead=dead_but(seat + rest))
    assert result.equity.exact
    combos = [
        ([a.index, b.index], weight)
        for (a, b), weight in HandRange(text).combos
        if a.index in rest and b.index in rest
    ]
    assert len(combos) == 6  # AcAh; KcKh KcKs KhKs; AcKc AhKh
    assert result.equity.equity[0] == pytest.approx(brute_heads_up(seat, rest, combos))


def test_three_players_with_known_first_cards_against_a_written_out_enumeration():
    seat, first, second = idx("Ks Qd"), idx("Ah 9c"), idx("Jc Jd")
    rest = idx("As Kc Qc Qh Th 9d 8c 7h 6s 5d 4h 3s 2c 2d 2h")  # 15: five more each
    result = first_choice(
        [Card("Ks"), Card("Qd")],
        opponents=["Ah 9c", [Card("Jc"), Card("Jd").index]],
        dead=dead_but(seat + first + second + rest),
    )
    assert result.equity.exact
    # Every deal: five of the fifteen to the seat, five of the ten left to the first
    # opponent, the last five to the second.
    pool = np.array(rest, dtype=np.int64)
    fives = np.array(list(itertools.combinations(range(10), 5)), dtype=np.int64)
    others = np.array([[i for i in range(10) if i not in five] for five in fives.tolist()])
    blocks = []
    for mine in itertools.combinations(range(15), 5):
        left = np.delete(pool, mine)
        block = np.empty((len(fives), 3, 7), dtype=np.int64)
        block[:, 0] = seat + pool[list(mine)].tolist()
        block[:, 1, :2], block[:, 1, 2:] = first, left[fives]
        block[:, 2, :2], block[:, 2, 2:] = second, left[others]
        blocks.append(block)
    hands = np.concatenate(blocks).reshape(-1, 7)
    assert len(hands) == 3 * math.comb(15, 5) * math.comb(10, 5)
    strengths = cartes.evaluate_many(hands, "calatone").reshape(-1, 3).astype(np.int64)
    best = strengths.max(axis=1, keepdims=True)
    winners = strengths == best
    shares = (winners / winners.sum(axis=1, keepdims=True)).mean(axis=0)
    assert result.equity.equity == pytest.approx(tuple(shares))


def test_the_monte_carlo_agrees_with_the_exact_figures_within_its_errors():
    seat = idx("Kh Jd")
    rest = idx("Ah Kc Qh Qs Jc Tc 9s 8s 7c 5h 3c 2d 2s")
    dead = dead_but(seat + rest)
    exact = first_choice("Kh Jd", dead=dead)
    mc = first_choice("Kh Jd", dead=dead, exact=False, trials=200_000, seed=11)
    assert not mc.equity.exact
    assert mc.method.startswith("Monte Carlo, 200,000 deals")
    pairs = [(exact.equity, mc.equity)] + [
        (e.shown, m.shown) for e, m in zip(exact.choices, mc.choices, strict=True)
    ]
    for truth, estimate in pairs:
        error = estimate.stderr[0]
        assert 0 < error < 0.005
        assert abs(estimate.equity[0] - truth.equity[0]) < 4.5 * error


def test_showing_the_lower_card_shows_less_and_the_same_seed_gives_the_same_figures():
    one = first_choice("Ad 4c", opponents=2, trials=60_000, seed=5)
    again = first_choice("Ad 4c", opponents=2, trials=60_000, seed=5)
    other = first_choice("Ad 4c", opponents=2, trials=60_000, seed=6)
    assert one == again
    assert one != other
    ace, four = one.choices
    assert (str(ace.up), str(four.up)) == ("Ad", "4c")
    # The gap is many standard errors: an ace up promises more than a four up.
    assert ace.shown.equity[0] - four.shown.equity[0] > 10 * ace.shown.stderr[0]
    assert one.best is four
    assert four.concealed > 0 > ace.concealed
    assert "show 4c, keep Ad down" in str(one)
    assert "<- best" in str(one)


def test_a_generator_seed_is_accepted_and_advanced():
    rng = np.random.default_rng(3)
    first = first_choice("9h 9d", trials=20_000, seed=rng)
    second = first_choice("9h 9d", trials=20_000, seed=rng)
    assert first.equity != second.equity


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda: first_choice("As"), HandSizeError, "first cards are 2, got 1"),
        (lambda: first_choice("As Kd Qh"), HandSizeError, "got 3 (As Kd Qh)"),
        (lambda: first_choice("As As"), DuplicateCardError, "the seat's cards 'As As'"),
        (lambda: first_choice("As Ax"), InvalidCardError, "the seat's cards 'As Ax'"),
        (lambda: first_choice([object(), 3]), CardTypeError, "is not a card"),
        (lambda: first_choice([52, 3]), InvalidCardError, "52"),
        (
            lambda: first_choice("As Kd", dead="Kd"),
            DuplicateCardError,
            "in the seat's cards and in the dead cards",
        ),
        (
            lambda: first_choice("As Kd", opponents=["Qh As"]),
            DuplicateCardError,
            "opponent 1's cards",
        ),
        (
            lambda: first_choice("As Kd", opponents=["Qh Qd Qc"]),
            HandSizeError,
            "opponent 1 (player 1) is given 3 cards",
        ),
        (lambda: first_choice("As Kd", opponents=0), OptionError, "1 to 6, got 0"),
        (lambda: first_choice("As Kd", opponents=7), OptionError, "1 to 6, got 7"),
        (lambda: first_choice("As Kd", opponents=True), OptionError, "a number of opponents"),
        (lambda: first_choice("As Kd", opponents=[""] * 7), OptionError, "got 7"),
        (lambda: first_choice("As Kd", opponents="Qh Qd"), OptionError, "one entry per opponent"),
        (lambda: first_choice("As Kd", opponents=["AsAh"]), DuplicateCardError, "As"),
        (
            lambda: first_choice("Ac Kd", opponents=["AA"], dead="Ah Ad"),
            RangeError,
            "has no hand left",
        ),
        (lambda: first_choice("As Kd", opponents=["ZZ"]), RangeError, "neither cards"),
        (
            lambda: first_choice("As Kd", opponents=6, dead=dead_but(idx("As Kd"))[:10]),
            DeckError,
            "do not fit in the deck",
        ),
        (lambda: first_choice("As Kd", trials=0), OptionError, "trials"),
    ],
)
def test_bad_input_is_refused_with_a_message_that_says_what_is_allowed(call, error, words):
    with pytest.raises(error, match=None) as caught:
        call()
    assert words in str(caught.value)


# --- cinco figuras and the categories, by street ---------------------------------------------


def brute_street(held: list[int], free: list[int]) -> tuple[dict[int, Fraction], Fraction]:
    """The final category chances (naive evaluator) and the chance of five figures or more,
    every completion written out."""
    counts: dict[int, int] = {}
    figures = total = 0
    for more in itertools.combinations(free, 7 - len(held)):
        hand = held + list(more)
        category = naive_category(hand)
        counts[category] = counts.get(category, 0) + 1
        figures += sum(c >= 36 for c in hand) >= 5  # J, Q, K, A are indices 36-51
        total += 1
    return {c: Fraction(n, total) for c, n in counts.items()}, Fraction(figures, total)


@pytest.mark.parametrize(
    ("held", "free"),
    [
        ("As Kd", "Ah Ac Kc Qh Qs Jd Jc Ts 9h 5c 5d 2s"),  # from the first two cards
        ("Jh Jd Qc", "Js Ks Kh Ah Tc 9c 8c 7c 3c 2c"),
        ("Ah Kh Qh", "Jh Th 9h Ac Kd 2h 2c 2d"),  # straight flush and flush chances too
        ("Kc Kd Qs Qh As Jd", "Kh Ks Qc 2c 3d"),  # the last card
    ],
)
def test_street_odds_against_a_brute_force_on_small_decks(held, free):
    hand, pool = idx(held), idx(free)
    odds = street_odds(held, dead=dead_but(hand + pool))
    chances, figures = brute_street(hand, pool)
    assert odds.deals == math.comb(len(pool), 7 - len(hand))
    assert {int(c): p for c, p in odds.categories.items() if p} == chances
    assert odds.figures == figures
    assert sum(odds.categories.values()) == 1
    assert odds.five_figures == odds.categories[Category.FIVE_FIGURES] <= odds.figures


def test_odds_move_as_a_martingale_from_street_to_street():
    """The odds at a street are the mean of the odds one card later, over the cards left: an
    identity between two exact enumerations of different sizes."""
    held, dead = "Ac Kd Qh Jd", "Qc 7s"
    now = street_odds(held, dead)
    left = [c for c in range(52) if c not in set(idx(held) + idx(dead))]
    later = [street_odds([*idx(held), c], dead) for c in left]
    for category in now.categories:
        mean = sum((o.categories[category] for o in later), Fraction(0)) / len(later)
        assert mean == now.categories[category]
    assert sum((o.figures for o in later), Fraction(0)) / len(later) == now.figures


def test_odds_by_street_are_the_odds_of_each_prefix_and_end_known():
    deal = "As Kd 7c Qh Jd Ac 2s"
    streets = odds_by_street(deal, dead="Ks")
    assert [o.cards for o in streets] == [Hand(deal.split()[:k]) for k in range(2, 8)]
    assert streets[2] == street_odds("As Kd 7c Qh", dead="Ks")
    final = streets[-1]
    assert final.deals == 1
    assert final.five_figures == 1
    assert final.figures == 1


@settings(max_examples=15, deadline=None)
@given(st.permutations(range(52)), st.integers(3, 6), st.integers(0, 8))
def test_street_odds_against_the_rule_of_spec_1_10(deck, held, dead):
    """SPEC §1.10: the calatone category is the standard one if that is trips or better, else
    cinco figuras if five of the seven are figures, else the standard one: computed here with
    the standard ranking, for every completion."""
    hand, gone = deck[:held], deck[held : held + dead]
    odds = street_odds(hand, dead=gone)
    free = np.array(deck[held + dead :], dtype=np.int64)
    rest = np.array(list(itertools.combinations(range(len(free)), 7 - held)), dtype=np.int64)
    sevens = np.column_stack([np.tile(hand, (len(rest), 1)), free[rest]])
    standard = cartes.categories(cartes.evaluate_many(sevens), "standard")
    figures = (sevens >= 36).sum(axis=1) >= 5
    strong = standard >= Category.THREE_OF_A_KIND
    calatone = np.where(strong | ~figures, standard, int(Category.FIVE_FIGURES))
    counts = np.bincount(calatone, minlength=10)
    assert {int(c): p for c, p in odds.categories.items()} == {
        c: Fraction(int(counts[c]), len(rest)) for c in range(10)
    }
    assert odds.figures == Fraction(int(figures.sum()), len(rest))


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda: street_odds("As"), HandSizeError, "holds 2 to 7 cards"),
        (lambda: street_odds("As Kd Qh Jc Tc 9c 8c 7c"), HandSizeError, "got 8"),
        (lambda: street_odds("As Kd", dead="As"), DuplicateCardError, "given twice"),
        (lambda: street_odds("As Kd Kd"), DuplicateCardError, "the seat's cards"),
        (lambda: street_odds("As Kd", dead=dead_but(idx("As Kd"))[:47]), DeckError, "only 3"),
        (lambda: odds_by_street("Qx Kd"), InvalidCardError, "the deal's cards"),
        (lambda: category_chances(1), OptionError, "2 to 7, got 1"),
        (lambda: category_chances(True), OptionError, "got True"),
    ],
)
def test_bad_street_input_is_refused(call, error, words):
    with pytest.raises(error) as caught:
        call()
    assert words in str(caught.value)


@pytest.mark.parametrize("street", [2, 3])
def test_category_chances_of_small_hands_against_the_drivers_own_names(street):
    counts: dict[str, int] = {}
    for hand in itertools.combinations(range(52), street):
        name = describe(Hand(list(hand))).split(",")[0].split(" of ")[0]
        counts[name] = counts.get(name, 0) + 1
    total = math.comb(52, street)
    words = {
        Category.PAIR: "Pair",
        Category.HIGH_CARD: "High card",
        Category.THREE_OF_A_KIND: "Three",
        Category.TWO_PAIR: "Two pair",
    }
    chances = category_chances(street)
    assert {words[c]: p for c, p in chances.items()} == {
        name: Fraction(n, total) for name, n in counts.items()
    }


def test_category_chances_of_four_cards_by_rank_counts():
    hands = np.array(list(itertools.combinations(range(52), 4)), dtype=np.int64)
    ranks = np.sort(hands // 4, axis=1)
    same = (ranks[:, 1:] == ranks[:, :-1]).astype(int)  # which neighbours match
    pattern = same @ np.array([4, 2, 1])
    # Neighbour patterns of sorted ranks: 7 quads, 6 or 3 trips, 5 two pair, 4 2 1 a pair.
    names = {
        7: Category.FOUR_OF_A_KIND,
        6: Category.THREE_OF_A_KIND,
        3: Category.THREE_OF_A_KIND,
        5: Category.TWO_PAIR,
        4: Category.PAIR,
        2: Category.PAIR,
        1: Category.PAIR,
        0: Category.HIGH_CARD,
    }
    counts: dict[Category, int] = {}
    for value, n in zip(*np.unique(pattern, return_counts=True), strict=True):
        counts[names[int(value)]] = counts.get(names[int(value)], 0) + int(n)
    assert category_chances(4) == {c: Fraction(n, len(hands)) for c, n in counts.items()}


def test_category_chances_of_five_cards_are_the_specs_counts_and_seven_agree_two_ways():
    five = category_chances(5)
    total = math.comb(52, 5)
    assert five[Category.FIVE_FIGURES] * total == 3264  # SPEC §1.10, by its own count
    assert five[Category.STRAIGHT] * total == 10200
    assert five[Category.FLUSH] * total == 5108
    assert list(five) == list(cartes.CALATONE.categories)
    for street in range(2, 8):
        assert sum(category_chances(street).values()) == 1
    # Seven cards: the compiled sweep of all 133,784,560 hands against the hands with five
    # figures or more, enumerated and evaluated on their own.
    from cartes.analysis.calatone import _figure_hands

    totals, found = _figure_hands()
    assert totals == (math.comb(16, 5) * math.comb(36, 2), math.comb(16, 6) * 36, math.comb(16, 7))
    assert category_chances(7)[Category.FIVE_FIGURES] * math.comb(52, 7) == sum(found)


def test_five_figures_chances_add_up_to_the_seven_card_chance():
    """Over the figures held at any street, the chances average (law of total probability) to
    the chance that a seven-card hand is cinco figuras: an exact identity with the sweep."""
    chances = five_figures_chances()
    whole = category_chances(7)[Category.FIVE_FIGURES]
    for k in range(2, 7):
        held = sum(
            Fraction(math.comb(16, f) * math.comb(36, k - f), math.comb(52, k)) * chances[k, f]
            for f in range(k + 1)
        )
        assert held == whole
        assert all(chances[k, f] == 0 for f in range(k - 2))  # five of seven need f >= k - 2


def test_five_figures_chances_against_a_seeded_simulation():
    # The cards of a row come in random order, so its first k are any k of its seven.
    hands = cartes.random_hands(300_000, 7, seed=2026)
    ended = cartes.categories(cartes.evaluate_many(hands, "calatone"), "calatone") == int(
        Category.FIVE_FIGURES
    )
    chances = five_figures_chances()
    for k in range(2, 7):
        held = (hands[:, :k] >= 36).sum(axis=1)
        for f in range(k + 1):
            chosen = held == f
            n = int(chosen.sum())
            p = float(chances[k, f])
            if p == 0:
                assert not ended[chosen].any(), (k, f)
                continue
            if n < 200:
                continue
            z = (ended[chosen].mean() - p) / math.sqrt(p * (1 - p) / n)
            assert abs(z) < 4.5, (k, f, z)


def test_the_docs_tables_are_the_generators_output():
    sys.path.insert(0, str(DOCS))
    try:
        import calatone_tables
    finally:
        sys.path.remove(str(DOCS))
    committed = (DOCS / "calatone_odds.inc").read_text(encoding="utf-8")
    assert committed == calatone_tables.text()


@pytest.mark.parametrize(("n", "k"), [(0, 0), (3, 0), (3, 3), (2, 3), (9, 4), (12, 5), (7, 1)])
def test_the_combinations_are_itertools_own(n, k):
    from cartes.analysis.calatone import _combinations

    rows = _combinations(n, k)
    assert rows.shape == (math.comb(n, k), k)
    assert rows.tolist() == [list(c) for c in itertools.combinations(range(n), k)]


@pytest.mark.soak
def test_against_random_opponents_a_higher_up_card_shows_more():
    """What the docs say of ``best``: heads-up against a random opponent, the shown equity rises
    with the up card's rank (the closest neighbours, 5 and 6, are five standard errors apart
    at two million deals each)."""
    from cartes.analysis import seven_card_equity

    shown = [
        seven_card_equity([[rank * 4], ""], ranking="calatone", exact=False, trials=2_000_000,
                          seed=rank).equity[0]
        for rank in range(13)
    ]  # fmt: skip
    assert shown == sorted(shown)
