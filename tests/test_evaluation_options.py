"""The evaluator's options (threads, check, lang, k) and the input it refuses, entry point by
entry point: every refusal is a precise cartes error, never a crash from inside."""

from __future__ import annotations

import itertools
import pickle
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cartes
from cartes import CALATONE, STANDARD, Category, HandRank, Ranking
from cartes.errors import (
    CardTypeError,
    ConfigurationError,
    HandSizeError,
    OptionError,
    StrengthError,
    UnknownRankingError,
)
from cartes.evaluation import _pool, evaluator

HANDS = cartes.random_hands(64, 7, seed=11)


@given(
    st.sampled_from(["i1", "i2", "i4", "i8", "u1", "u2", "u4", "u8"]),
    st.sampled_from(["<", ">"]),
    st.sampled_from([5, 6, 7]),
)
def test_any_integer_dtype_and_byte_order(kind: str, order: str, k: int) -> None:
    hands = HANDS[:, :k]
    expected = cartes.evaluate_many(hands)
    other = hands.astype(np.dtype(kind).newbyteorder(order))
    assert np.array_equal(cartes.evaluate_many(other), expected)
    assert np.array_equal(cartes.evaluate_many(other, check=False), expected)


@pytest.mark.parametrize("threads", [None, True, False, 1, 2, 5, np.int64(2)])
def test_every_threads_setting_gives_the_same_strengths(threads: object) -> None:
    expected = [cartes.evaluate(row.tolist()).strength for row in HANDS]
    assert cartes.evaluate_many(HANDS, threads=threads).tolist() == expected  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("threads", "parallel"), [(False, False), (1, False), (True, True), (2, True)]
)
def test_threads_picks_the_kernel(
    threads: object, parallel: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[int] = []
    real = _pool.split

    def spy(tasks: Any, workers: int) -> Any:
        calls.append(workers)
        return real(tasks, workers)

    monkeypatch.setattr(_pool, "split", spy)
    cartes.evaluate_many(HANDS, threads=threads)  # type: ignore[arg-type]
    assert bool(calls) == parallel


@pytest.mark.parametrize("threads", [0, -1, 3.5, "2", [], np.float64(2)])
def test_bad_threads(threads: object) -> None:
    with pytest.raises(OptionError, match="threads must be"):
        cartes.evaluate_many(HANDS, threads=threads)  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="threads must be"):
        cartes.category_counts(7, threads=threads)  # type: ignore[arg-type]


def test_category_counts_refuses_a_bool_for_threads() -> None:
    with pytest.raises(OptionError):
        cartes.category_counts(7, threads=True)


@pytest.mark.parametrize("check", [None, 1, "yes"])
def test_bad_check(check: object) -> None:
    with pytest.raises(OptionError, match="check must be True or False"):
        cartes.evaluate_many(HANDS, check=check)  # type: ignore[arg-type]


def test_empty_inputs() -> None:
    assert cartes.evaluate_many([]).dtype == np.uint16
    assert cartes.evaluate_many([]).shape == (0,)
    assert cartes.evaluate_many(np.empty((0, 7), np.uint8)).shape == (0,)
    with pytest.raises(HandSizeError, match="got 0"):
        cartes.evaluate_many(np.empty(0, np.uint8))


def test_text_arrays_are_encoded() -> None:
    text = [" ".join(str(cartes.Card(int(i))) for i in row) for row in HANDS[:5]]
    expected = cartes.evaluate_many(HANDS[:5]).tolist()
    assert cartes.evaluate_many(np.array(text)).tolist() == expected
    split = np.array([t.split() for t in text])
    assert cartes.evaluate_many(split).tolist() == expected


@pytest.mark.parametrize("k", [4, 8, 5.0, "5", None, True])
def test_category_counts_bad_k(k: object) -> None:
    with pytest.raises(HandSizeError, match="5, 6 or 7 cards"):
        cartes.category_counts(k)  # type: ignore[arg-type]


def _flush_over_full() -> Ranking:
    order = list(STANDARD.categories)
    order[2], order[3] = order[3], order[2]
    return Ranking("flush-over-full", order)


def _trips_over_straight() -> Ranking:
    order = list(STANDARD.categories)
    order[4], order[5] = order[5], order[4]
    return Ranking("trips-over-straight", order)


@pytest.mark.parametrize("make", [_flush_over_full, _trips_over_straight])
def test_a_custom_ranking_compiles_to_the_same_strengths_as_python(
    make: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    ranking = make()  # type: ignore[operator]
    hands = cartes.random_hands(3000, 7, seed=5)
    # Small batches of a new ranking run in Python (no compile wait)...
    python = cartes.evaluate_many(hands, ranking)
    assert ranking not in evaluator._table_kernels
    assert python.tolist() == [cartes.evaluate(h.tolist(), ranking).strength for h in hands]
    # ...large ones compile its kernels, which must agree hand for hand, for 5, 6 and 7 cards.
    monkeypatch.setattr(evaluator, "COMPILE_THRESHOLD", 1000)
    for k in (5, 6, 7):
        rows = hands[:, :k]
        expected = [cartes.evaluate(h.tolist(), ranking).strength for h in rows]
        for threads in (False, True):
            assert cartes.evaluate_many(rows, ranking, threads=threads).tolist() == expected
    assert ranking in evaluator._table_kernels


def test_a_custom_ranking_counts_every_five_card_hand() -> None:
    """Flushes and full houses never meet in one hand of five to seven cards, so a ranking
    that swaps them has the standard counts; the enumeration and the batch kernel agree."""
    ranking = _flush_over_full()
    counts = cartes.category_counts(5, ranking)
    assert counts == cartes.category_counts(5, STANDARD)
    assert list(counts)[2:4] == [Category.FLUSH, Category.FULL_HOUSE]
    every = np.array(list(itertools.combinations(range(52), 5)), dtype=np.uint8)
    by_batch = np.bincount(cartes.categories(cartes.evaluate_many(every, ranking), ranking))
    assert {c: int(by_batch[c]) for c in counts} == counts


def test_a_custom_ranking_that_moves_hands_between_categories() -> None:
    """With trips above straights, a straight that also holds trips is trips. Six cards cannot
    hold both (five distinct ranks leave one card to pair), so their counts do not move."""
    ranking = _trips_over_straight()
    both = "5c 6d 7h 8s 9c 9d 9h"
    assert cartes.evaluate(both).category is Category.STRAIGHT
    assert cartes.evaluate(both, ranking).category is Category.THREE_OF_A_KIND
    assert cartes.category_counts(6, ranking) == cartes.category_counts(6, STANDARD)


@pytest.mark.slow
def test_a_custom_ranking_moves_seven_card_hands_between_two_categories() -> None:
    ranking = _trips_over_straight()
    standard = cartes.category_counts(7, STANDARD)
    custom = cartes.category_counts(7, ranking)
    moved = standard[Category.STRAIGHT] - custom[Category.STRAIGHT]
    assert moved > 0
    assert custom[Category.THREE_OF_A_KIND] - standard[Category.THREE_OF_A_KIND] == moved
    others = set(Category) - {Category.STRAIGHT, Category.THREE_OF_A_KIND, Category.FIVE_FIGURES}
    assert all(custom[c] == standard[c] for c in others)


@pytest.mark.slow
def test_a_custom_ranking_counts_every_seven_card_hand() -> None:
    ranking = _flush_over_full()
    assert cartes.category_counts(7, ranking) == cartes.category_counts(7, STANDARD)
    assert cartes.category_counts(7, ranking, threads=1) == cartes.category_counts(7, ranking)


@pytest.mark.parametrize(
    "strengths",
    [[70000], [-1], [1.5], ["a"], None, [2**70], [True], np.array([10 << 12], np.int64)],
)
def test_categories_refuses_what_is_not_a_strength(strengths: object) -> None:
    with pytest.raises(StrengthError):
        cartes.categories(strengths, STANDARD)  # type: ignore[arg-type]


def test_categories_of_a_scalar_is_a_0d_array() -> None:
    strength = cartes.evaluate("As Ks Qs Js Ts").strength
    result = cartes.categories(strength, STANDARD)
    assert isinstance(result, np.ndarray)
    assert result.shape == ()
    assert Category(int(result)) is Category.STRAIGHT_FLUSH
    assert cartes.categories(9 << 12, CALATONE).shape == ()


def test_categories_never_guesses_the_ranking() -> None:
    """Issue 8.2: calatone strengths passed without a ranking were read as standard ones."""
    hand = "Kh Kd Ks 7c 2d 3s 9h"
    strengths = cartes.evaluate_many([hand], CALATONE)
    with pytest.raises(TypeError, match="ranking"):
        cartes.categories(strengths)  # type: ignore[call-arg]
    assert cartes.categories(strengths, CALATONE).tolist() == [Category.THREE_OF_A_KIND]
    # The same number is a straight under the other ranking: only the caller knows which.
    assert cartes.categories(strengths, STANDARD).tolist() == [Category.STRAIGHT]


def test_describe_refuses_an_unknown_language() -> None:
    rank = cartes.evaluate("As Ks Qs Js Ts")
    for lang in ("fr", None, "ES"):
        with pytest.raises(OptionError, match="use 'en' or 'es'"):
            rank.describe(lang)  # type: ignore[arg-type]


def test_handrank_orders_only_against_handranks() -> None:
    rank = cartes.evaluate("As Ks Qs Js Ts")
    for other in (5, None, "As", 2.5):
        with pytest.raises(TypeError, match="not supported"):
            rank < other  # type: ignore[operator]  # noqa: B015
        with pytest.raises(TypeError, match="not supported"):
            rank >= other  # type: ignore[operator]  # noqa: B015
        assert rank != other
    with pytest.raises(TypeError, match="cannot compare a standard hand with a calatone"):
        rank < cartes.evaluate("As Ks Qs Js Ts", "calatone")  # noqa: B015


def test_handrank_checks_what_it_is_given() -> None:
    hand = cartes.Hand("As Ks Qs Js Ts")
    good = cartes.evaluate(hand)
    assert HandRank(good.strength, STANDARD, hand) == good
    assert pickle.loads(pickle.dumps(good)) == good
    for strength in (good.strength - 1, 70000, -1, 1.5, True):
        with pytest.raises(StrengthError, match="is not the strength of"):
            HandRank(strength, STANDARD, hand)  # type: ignore[arg-type]
    with pytest.raises(OptionError):
        HandRank(good.strength, "standard", hand)  # type: ignore[arg-type]
    with pytest.raises(HandSizeError):
        HandRank(good.strength, STANDARD, cartes.Hand("As Ks"))


def test_an_unknown_ranking_is_refused_everywhere() -> None:
    for call in (
        lambda: cartes.exposed_strength("As", "lowball"),
        lambda: cartes.exposed_strength("As Ks Qs Js Ts", "lowball"),
        lambda: cartes.winners([], "lowball"),
        lambda: cartes.evaluate_many(HANDS, "lowball"),
        lambda: cartes.categories([0], "lowball"),
    ):
        with pytest.raises(UnknownRankingError, match="known rankings are"):
            call()


@pytest.mark.parametrize("hands", [None, 5, "As Ks Qs Js Ts"])
def test_winners_needs_an_iterable_of_hands(hands: object) -> None:
    with pytest.raises(CardTypeError, match="iterable of hands"):
        cartes.winners(hands)  # type: ignore[arg-type]


def test_ranking_definitions_are_checked() -> None:
    with pytest.raises(ConfigurationError, match="twice"):
        Ranking("twice", [Category.PAIR, Category.PAIR, Category.HIGH_CARD])
    with pytest.raises(ConfigurationError, match=r"must end with Category\.HIGH_CARD"):
        Ranking("no-high", [Category.PAIR])
    with pytest.raises(ConfigurationError, match=r"iterable of cartes\.Category"):
        Ranking("junk", ["pair", 99])  # type: ignore[list-item]
    with pytest.raises(ConfigurationError, match="non-empty str"):
        Ranking("", [Category.HIGH_CARD])
    with pytest.raises(ConfigurationError, match="its categories are"):
        STANDARD.position(Category.FIVE_FIGURES)
