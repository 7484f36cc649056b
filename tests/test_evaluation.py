"""The evaluator: exhaustive counts, an independent naive evaluator, properties, bad input."""

from __future__ import annotations

import contextlib
import itertools
import pickle

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cartes
from cartes import CALATONE, STANDARD, Card, Category
from cartes.errors import (
    CardTypeError,
    CartesError,
    DuplicateCardError,
    HandSizeError,
    InvalidCardError,
    UnknownRankingError,
)
from cartes.evaluation import kernels
from cartes.evaluation.tables import (
    BUILT_IN,
    SHIFT,
    build_row_bases,
    build_tables,
    built_in_tables,
    tables_for,
)
from naive_poker import naive_all_fives, naive_best, naive_seven_category_counts

RANKINGS = [STANDARD, CALATONE]

# Published counts (Wikipedia "Poker probability", SPEC §1.10), best category first.
STANDARD_FIVE = [40, 624, 3744, 5108, 10200, 54912, 123552, 1098240, 1302540]
STANDARD_SEVEN = [
    41584, 224848, 3473184, 4047644, 6180020, 6461620, 31433400, 58627800, 23294460,
]  # fmt: skip
# SPEC §1.10: calatone five-card counts, cinco figuras between trío and dobles parejas.
CALATONE_FIVE = [40, 624, 3744, 5108, 10200, 54912, 3264, 121824, 1096704, 1302540]
STANDARD_SIX = [1844, 14664, 165984, 205792, 361620, 732160, 2532816, 9730740, 6612900]


def hands_of(k: int) -> st.SearchStrategy[list[int]]:
    return st.lists(st.integers(0, 51), min_size=k, max_size=k, unique=True)


any_hand = st.sampled_from([5, 6, 7]).flatmap(hands_of)
rankings = st.sampled_from(RANKINGS)


# --- Exhaustive ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ranking", "expected"), [(STANDARD, STANDARD_FIVE), (CALATONE, CALATONE_FIVE)]
)
def test_every_five_card_hand_by_category(ranking: cartes.Ranking, expected: list[int]) -> None:
    counts = cartes.category_counts(5, ranking)
    assert list(counts) == list(ranking.categories)
    assert list(counts.values()) == expected


def test_standard_five_card_hands_have_7462_distinct_strengths() -> None:
    histogram = kernels.count_hands(5, BUILT_IN.index(STANDARD))
    assert np.count_nonzero(histogram) == 7462


@pytest.mark.parametrize("ranking", RANKINGS)
def test_every_five_card_hand_orders_like_the_naive_evaluator(ranking: cartes.Ranking) -> None:
    """All 2,598,960 hands: the fast strengths and the naive values give the same order."""
    hands, naive = naive_all_fives(ranking is CALATONE)
    fast = cartes.evaluate_many(hands, ranking)
    order = np.argsort(naive, kind="stable")
    naive_sorted, fast_sorted = naive[order], fast[order].astype(np.int64)
    # Equal naive values must have equal strengths, and a higher naive value a higher strength.
    steps_naive = np.sign(np.diff(naive_sorted))
    steps_fast = np.sign(np.diff(fast_sorted))
    assert np.array_equal(steps_naive, steps_fast)
    # And the categories agree (the naive value's top digit is the category's position).
    assert np.array_equal(fast >> SHIFT, naive // 13**5)


def test_every_six_card_hand_standard_matches_the_published_table() -> None:
    assert list(cartes.category_counts(6, STANDARD).values()) == STANDARD_SIX


@pytest.mark.slow
def test_every_seven_card_hand_standard_matches_the_published_table() -> None:
    counts = cartes.category_counts(7, STANDARD)
    assert list(counts.values()) == STANDARD_SEVEN


@pytest.mark.slow
def test_every_seven_card_hand_one_thread_equals_two() -> None:
    assert cartes.category_counts(7, CALATONE, threads=1) == cartes.category_counts(
        7, CALATONE, threads=2
    )


# Calatone's seven-card table is published nowhere: CI computes it two ways (slow), and the
# standard one too, though it is also checked against the published counts above.
@pytest.mark.slow
@pytest.mark.parametrize("ranking", [STANDARD, CALATONE], ids=["standard", "calatone"])
def test_every_seven_card_hand_matches_the_naive_best_of_21(ranking: cartes.Ranking) -> None:
    """The calatone seven-card table is published nowhere: compute it two ways."""
    naive = naive_seven_category_counts(ranking is CALATONE)
    fast = cartes.category_counts(7, ranking)
    assert [fast[c] for c in reversed(ranking.categories)] == naive[: len(fast)].tolist()


@pytest.mark.slow
def test_shipped_tables_equal_a_fresh_build() -> None:
    bases, rank_values, flush_values = built_in_tables()
    fresh_bases = build_row_bases()
    assert np.array_equal(bases, fresh_bases)
    for row, ranking in enumerate(BUILT_IN):
        fresh = build_tables(ranking, fresh_bases)
        assert np.array_equal(rank_values[row], fresh.rank_values)
        assert np.array_equal(flush_values[row], fresh.flush_values)


def test_tables_are_small() -> None:
    bases, rank_values, flush_values = built_in_tables()
    per_ranking = bases.nbytes + rank_values[0].nbytes + flush_values[0].nbytes
    assert per_ranking < 300 * 1024


# --- Properties ------------------------------------------------------------------------------


@given(any_hand, rankings)
def test_matches_the_naive_evaluator(hand: list[int], ranking: cartes.Ranking) -> None:
    """The category equals the naive evaluator's (the order within categories is checked on
    pairs of hands below)."""
    strength = cartes.evaluate(hand, ranking).strength
    naive = naive_best(np.array(hand), ranking is CALATONE)
    assert strength >> SHIFT == naive // 13**5


@given(st.lists(any_hand, min_size=2, max_size=2), rankings)
def test_pairs_of_hands_compare_like_the_naive_evaluator(
    pair: list[list[int]], ranking: cartes.Ranking
) -> None:
    a, b = pair
    naive_a = naive_best(np.array(a), ranking is CALATONE)
    naive_b = naive_best(np.array(b), ranking is CALATONE)
    assert cartes.compare(a, b, ranking) == (naive_a > naive_b) - (naive_a < naive_b)


@given(any_hand, rankings, st.permutations(range(4)), st.randoms())
def test_order_and_suit_permutations_do_not_change_strength(
    hand: list[int], ranking: cartes.Ranking, suits: list[int], random: object
) -> None:
    relabelled = [(card // 4) * 4 + suits[card % 4] for card in hand]
    shuffled = list(relabelled)
    random.shuffle(shuffled)  # type: ignore[attr-defined]
    assert cartes.evaluate(hand, ranking) == cartes.evaluate(shuffled, ranking)


@given(st.sampled_from([6, 7]).flatmap(hands_of), rankings)
def test_strength_is_the_best_of_the_five_card_subsets(
    hand: list[int], ranking: cartes.Ranking
) -> None:
    best = max(
        cartes.evaluate(five, ranking).strength for five in itertools.combinations(hand, 5)
    )
    assert cartes.evaluate(hand, ranking).strength == best


@given(any_hand, rankings)
def test_best_five_is_a_subset_that_scores_the_same(
    hand: list[int], ranking: cartes.Ranking
) -> None:
    rank = cartes.evaluate(hand, ranking)
    assert len(rank.best_five) == 5
    assert set(rank.best_five) <= {Card(i) for i in hand}
    assert cartes.evaluate(rank.best_five, ranking).strength == rank.strength


@settings(max_examples=50)
@given(
    st.sampled_from([5, 6, 7]).flatmap(lambda k: st.lists(hands_of(k), min_size=1, max_size=40)),
    rankings,
    st.sampled_from([np.uint8, np.int8, np.int16, np.uint32, np.int64]),
    st.booleans(),
)
def test_evaluate_many_equals_evaluate_row_by_row(
    hands: list[list[int]], ranking: cartes.Ranking, dtype: type, threads: bool
) -> None:
    array = np.array(hands, dtype=dtype)
    strengths = cartes.evaluate_many(array, ranking, threads=threads)
    assert strengths.dtype == np.uint16
    assert strengths.tolist() == [cartes.evaluate(hand, ranking).strength for hand in hands]


@given(hands_of(7), rankings)
def test_strength7_equals_evaluate(hand: list[int], ranking: cartes.Ranking) -> None:
    expected = cartes.evaluate(hand, ranking).strength
    assert kernels.strength7(*hand, BUILT_IN.index(ranking)) == expected
    one_ranking = kernels.standard7 if ranking is STANDARD else kernels.calatone7
    assert one_ranking(*hand) == expected
    entry = cartes.evaluation.standard7 if ranking is STANDARD else cartes.evaluation.calatone7
    assert entry(*hand) == expected


@given(any_hand)
def test_calatone_and_standard_agree_except_on_five_figures(hand: list[int]) -> None:
    standard, calatone = cartes.evaluate(hand), cartes.evaluate(hand, CALATONE)
    if calatone.category is Category.FIVE_FIGURES:
        assert standard.category in (Category.PAIR, Category.TWO_PAIR)
        assert sum(card.rank >= cartes.Rank.JACK for card in standard.cards) >= 5
    else:
        assert calatone.category is standard.category
        assert calatone.best_five == standard.best_five


@given(st.lists(any_hand, min_size=2, max_size=2))
def test_calatone_orders_like_standard_without_five_figures(pair: list[list[int]]) -> None:
    a, b = (cartes.evaluate(hand, CALATONE) for hand in pair)
    if Category.FIVE_FIGURES not in (a.category, b.category):
        assert cartes.compare(*pair, CALATONE) == cartes.compare(*pair, STANDARD)


@given(any_hand, rankings)
def test_categories_of_arrays_match_hand_categories(
    hand: list[int], ranking: cartes.Ranking
) -> None:
    strengths = cartes.evaluate_many(np.array([hand]), ranking)
    assert Category(cartes.categories(strengths, ranking)[0]) is cartes.evaluate(
        hand, ranking
    ).category


def test_a_custom_ranking_needs_no_new_kernel() -> None:
    """A third ranking is data: flushes above full houses, as in short-deck poker."""
    order = list(STANDARD.categories)
    order[2], order[3] = order[3], order[2]
    short = cartes.Ranking("flush-over-full", order)
    flush, full = "Ah 9h 7h 4h 2h", "Kc Kd Ks 7c 7d"
    assert cartes.compare(flush, full, short) == 1
    assert cartes.compare(flush, full, STANDARD) == -1
    # Its compiled kernels: tests/test_evaluation_options.py.


# --- Descriptions ----------------------------------------------------------------------------

DESCRIPTIONS = [
    ("As Ks Qs Js Ts", "standard", "Royal flush", "Escalera real"),
    ("9c 8c 7c 6c 5c", "standard", "Straight flush, nine high", "Escalera de color al nueve"),
    ("Qd Qc Qh Qs 2c", "standard", "Four of a kind, queens", "Poker de reinas"),
    ("Kh Kd Ks 7c 7d", "standard", "Full house, kings over sevens", "Full de reyes y sietes"),
    ("Jh 9h 7h 4h 2h", "standard", "Flush, jack high", "Color a la jota"),
    ("As 2d 3c 4h 5s", "standard", "Straight, five high", "Escalera al cinco"),
    ("7c 7d 7h As 2d", "standard", "Three of a kind, sevens", "Trío de sietes"),
    ("Ah Ad Kc Qs Jh", "calatone", "Five figures, ace, ace, king, queen, jack",
     "Cinco figuras, as, as, rey, reina, jota"),
    ("Ah Ad 5c 5s Jh", "standard", "Two pair, aces and fives", "Dobles parejas de ases y cincos"),
    ("Th Td 5c 4s 2h", "standard", "Pair of tens", "Pareja de dieces"),
    ("Ah 9d 5c 4s 2h", "standard", "High card, ace", "Carta mayor, as"),
]  # fmt: skip


@pytest.mark.parametrize(("hand", "ranking", "english", "spanish"), DESCRIPTIONS)
def test_describe(hand: str, ranking: str, english: str, spanish: str) -> None:
    rank = cartes.evaluate(hand, ranking)
    assert rank.describe() == english
    assert rank.describe("es") == spanish


def test_aces_before_kings_within_five_figures() -> None:
    """SPEC C-12: A A K Q J beats A K K Q Q (the second card is an ace against a king)."""
    assert cartes.compare("Ah Ad Kc Qs Jh", "As Kd Kh Qc Qd", CALATONE) == 1
    assert cartes.compare("Ah Ad Kc Qs Jh", "As Kd Kh Qc Qd", STANDARD) == -1


def test_a_hand_rank_is_ordered_hashable_and_shows_itself() -> None:
    low, high = cartes.evaluate("2c 3d 4h 5s 7c"), cartes.evaluate("As Ad Kc Qh Jd")
    assert low < high
    assert high >= low
    assert low != high
    assert len({low, cartes.evaluate("2d 3c 4s 5h 7d")}) == 1
    assert str(low) == "High card, seven"
    assert "Pair of aces" in high._repr_html_()
    with pytest.raises(TypeError, match="cannot compare a standard hand with a calatone hand"):
        _ = low < cartes.evaluate("2c 3d 4h 5s 7c", CALATONE)
    with pytest.raises(AttributeError, match="immutable"):
        low.strength = high.strength  # type: ignore[misc]
    copy = pickle.loads(pickle.dumps(high))
    assert copy == high
    assert copy.best_five == high.best_five


# --- Bad input -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "error", "message"),
    [
        ("As Kd", HandSizeError, "must have 5, 6 or 7 cards, got 2"),
        ("As Kd Qh Jc Ts 9s 8s 7s", HandSizeError, "got 8"),
        ("As Kd Qh Jc As", DuplicateCardError, "duplicate card As"),
        ([0, 1, 2, 3, 52], InvalidCardError, "0-51"),
        ([0, 1, 2, 3, -1], InvalidCardError, "0-51"),
        ([0, 1, 2, 3, 4.0], CardTypeError, "float"),
        ("As Kd Qh Jc 1s", InvalidCardError, "invalid card '1s'"),
    ],
)
def test_bad_hands_raise_clear_errors(hand: object, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        cartes.evaluate(hand)  # type: ignore[arg-type]


def test_unknown_ranking() -> None:
    with pytest.raises(UnknownRankingError, match="known rankings are 'standard', 'calatone'"):
        cartes.evaluate("As Ks Qs Js Ts", "lowball")


@pytest.mark.parametrize(
    ("array", "error", "message"),
    [
        (np.zeros((3, 4), np.uint8), HandSizeError, r"shape \(n, k\) with k = 5, 6 or 7"),
        (np.zeros((3, 5, 1), np.uint8), HandSizeError, "got shape"),
        (np.array([[0.0, 1, 2, 3, 4]]), CardTypeError, "integer array"),
        (np.array([[0, 1, 2, 3, 52]]), InvalidCardError, "row 0 .* outside 0-51"),
        (np.array([[0, 1, 2, 3, 4], [0, 1, 2, 3, -4]]), InvalidCardError, "row 1"),
        (np.array([[0, 1, 2, 3, 4], [5, 6, 7, 8, 5]], np.uint16), DuplicateCardError, "row 1"),
        (np.array([["As"] * 5]), DuplicateCardError, "duplicate card As"),
        (np.array([0, 1, 2, 3]), HandSizeError, "a hand must have 5, 6 or 7 cards, got 4"),
    ],
)
def test_evaluate_many_validates_at_the_boundary(
    array: np.ndarray, error: type, message: str
) -> None:
    with pytest.raises(error, match=message):
        cartes.evaluate_many(array)


@pytest.mark.parametrize(
    "fast",
    [
        lambda *h: kernels.strength7(*h, 0),
        kernels.standard7,
        kernels.calatone7,
        lambda *h: cartes.evaluation.standard7(*h),
        lambda *h: cartes.evaluation.calatone7(*h),
    ],
    ids=["strength7", "standard7", "calatone7", "standard7-entry", "calatone7-entry"],
)
def test_one_hand_entry_points_reject_bad_cards(fast: object) -> None:
    with pytest.raises(InvalidCardError, match="0-51"):
        fast(0, 1, 2, 3, 4, 5, 52)  # type: ignore[operator]
    with pytest.raises(InvalidCardError, match="0-51"):
        fast(-1, 1, 2, 3, 4, 5, 6)  # type: ignore[operator]
    with pytest.raises(DuplicateCardError, match="distinct"):
        fast(0, 1, 2, 3, 4, 5, 5)  # type: ignore[operator]


@given(st.lists(hands_of(7), min_size=1, max_size=5))
def test_evaluate_many_takes_text_and_cards_too(hands: list[list[int]]) -> None:
    expected = cartes.evaluate_many(np.array(hands)).tolist()
    as_text = [" ".join(str(Card(i)) for i in hand) for hand in hands]
    assert cartes.evaluate_many(as_text).tolist() == expected
    assert cartes.evaluate_many([cartes.Hand(hand) for hand in hands]).tolist() == expected
    assert cartes.evaluate_many(as_text[0]).tolist() == expected[0]


def test_evaluate_many_names_a_bad_hand_given_as_text() -> None:
    with pytest.raises(DuplicateCardError, match="duplicate card As"):
        cartes.evaluate_many(["As Kd Qh Jc Ts", "As As Qh Jc Ts"])
    with pytest.raises(HandSizeError):
        cartes.evaluate_many(["As Kd Qh Jc Ts", "As Kd Qh Jc"])


def test_strength7_rejects_an_unknown_ranking_row() -> None:
    with pytest.raises(UnknownRankingError, match="ranking row must be 0"):
        kernels.strength7(0, 1, 2, 3, 4, 5, 6, 2)


@given(st.text(max_size=30), rankings)
def test_random_text_only_raises_cartes_errors(text: str, ranking: cartes.Ranking) -> None:
    with contextlib.suppress(CartesError):
        cartes.evaluate(text, ranking)


def test_category_counts_rejects_bad_arguments() -> None:
    with pytest.raises(HandSizeError):
        cartes.category_counts(4)
    with pytest.raises(UnknownRankingError):
        cartes.category_counts(5, "lowball")


CARTES_NAMES = {name: getattr(cartes, name) for name in cartes.__all__}


@settings(max_examples=60, deadline=None)
@given(
    cards=st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True),
    ranking=st.sampled_from([STANDARD, CALATONE, "flush-over-full"]),
)
def test_reprs_evaluate_back(cards: list[int], ranking: object) -> None:
    """Issue 8.5: a HandRank's repr (and a Ranking's, and a Category's) is a constructor call
    that evaluates back to an equal value, in the namespace of ``from cartes import *``."""
    if ranking == "flush-over-full":
        order = list(STANDARD.categories)
        order[2], order[3] = order[3], order[2]
        ranking = cartes.Ranking("flush-over-full", order)
    rank = cartes.evaluate(cards, ranking)  # type: ignore[arg-type]
    again = eval(repr(rank), CARTES_NAMES)
    assert again == rank
    assert again.cards == rank.cards
    assert again.ranking == rank.ranking
    assert eval(repr(rank.ranking), CARTES_NAMES) == rank.ranking
    assert eval(repr(rank.category), CARTES_NAMES) is rank.category


def test_ranking_tables_do_not_pose_as_a_constructor_call() -> None:
    """Issue 8.5: a repr that looks like a constructor call evaluates back; the tables' would
    have printed numpy arrays (cut with "..."), so theirs is a plain description."""
    text = repr(tables_for(CALATONE))
    assert text.startswith("<")
    assert "calatone" in text
