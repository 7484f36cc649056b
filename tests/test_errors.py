"""The exception hierarchy, and that bad input of any kind only ever raises a CartesError."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from cartes import (
    Card,
    Deck,
    Hand,
    Rank,
    SpanishCard,
    SpanishSuit,
    Suit,
    cards,
    errors,
    from_array,
    make_rng,
    to_array,
)
from cartes.errors import CartesError

BUILTIN_BASE = {
    "MissingExtraError": ImportError,
    "CartesError": Exception,
    "InvalidCardError": ValueError,
    "CardTypeError": TypeError,
    "DuplicateCardError": ValueError,
    "HandSizeError": ValueError,
    "DeckError": ValueError,
    "SeedError": (TypeError, ValueError),
    "UnknownRankingError": LookupError,
    "ConfigurationError": ValueError,
    "IllegalActionError": ValueError,
    "HistoryError": ValueError,
    "UnknownGameError": LookupError,
    "OptionError": (TypeError, ValueError),
    "StrengthError": ValueError,
    "RangeError": ValueError,
}


def test_every_exception_is_exported_and_documented() -> None:
    defined = {
        name
        for name, value in vars(errors).items()
        if inspect.isclass(value) and issubclass(value, BaseException)
    }
    assert defined == set(errors.__all__) == set(BUILTIN_BASE)
    for name in errors.__all__:
        assert getattr(errors, name).__doc__, name


@pytest.mark.parametrize("name", sorted(BUILTIN_BASE))
def test_each_error_is_a_cartes_error_and_the_builtin_that_fits(name: str) -> None:
    cls = getattr(errors, name)
    assert issubclass(cls, CartesError)
    bases = BUILTIN_BASE[name]
    for base in bases if isinstance(bases, tuple) else (bases,):
        assert issubclass(cls, base)
    error = cls("what was wrong: what is allowed")
    assert str(error) == "what was wrong: what is allowed"


def test_the_issues_example_message() -> None:
    with pytest.raises(errors.InvalidCardError) as info:
        Card("1s")
    assert str(info.value) == "invalid card '1s': rank must be one of 2-9, T or 10, J, Q, K, A"
    assert isinstance(info.value, ValueError)


# Everything a caller can hand to cartes where cards, hands, arrays or seeds are expected.
ANYTHING = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(),
    st.complex_numbers(),
    st.text(max_size=12),
    st.binary(max_size=4),
    st.lists(st.one_of(st.integers(-5, 60), st.text(max_size=4)), max_size=4),
    st.lists(st.lists(st.integers(-5, 60), max_size=3), max_size=3),
    st.tuples(st.integers(), st.text(max_size=3)),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.sampled_from(
        [object(), Card("As"), SpanishCard("1o"), Hand("As Kd"), Rank.ACE, Suit.CLUBS, int, 1.5j]
    ),
    hnp.arrays(
        st.one_of(
            hnp.integer_dtypes(),
            hnp.unsigned_integer_dtypes(),
            hnp.floating_dtypes(),
            hnp.boolean_dtypes(),
            hnp.unicode_string_dtypes(max_len=2),
        ),
        hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=3),
    ),
)

ENTRY_POINTS: dict[str, Callable[[Any], object]] = {
    "Card": Card,
    "Card.from_index": Card.from_index,
    "Card.from_rank_suit": lambda x: Card.from_rank_suit(x, x),
    "Rank.from_char": Rank.from_char,
    "Suit.from_char": Suit.from_char,
    "cards": cards,
    "Hand": Hand,
    "to_array": to_array,
    "to_array(dtype)": lambda x: to_array(["As"], dtype=x),
    "from_array": from_array,
    "SpanishCard": SpanishCard,
    "SpanishCard.from_index": SpanishCard.from_index,
    "SpanishSuit.from_char": SpanishSuit.from_char,
    "Deck": Deck,
    "Deck.spanish": Deck.spanish,
    "Deck.stacked": Deck.stacked,
    "Deck.stacked(kind)": lambda x: Deck.stacked("As", kind=x),
    "Deck.stacked(spanish)": lambda x: Deck.stacked(x, kind=SpanishCard),
    "Deck.stacked(burned)": lambda x: Deck.stacked("As", burned=x),
    "Deck.remove": lambda x: Deck.french().remove(x),
    "Deck.shuffle": lambda x: Deck.french().shuffle(x),
    "make_rng": make_rng,
}


@pytest.mark.parametrize("entry", sorted(ENTRY_POINTS))
@given(thing=ANYTHING)
def test_bad_input_only_raises_cartes_errors(entry: str, thing: object) -> None:
    try:
        ENTRY_POINTS[entry](thing)
    except CartesError as error:
        message = str(error)
        # "what was wrong: what is allowed"
        assert ": " in message, message
        assert "\n" not in message
    # Anything else propagates and fails the test.


def test_deck_counts_must_be_integers() -> None:
    # A count that is not an integer is a plain TypeError, as for list.pop("1").
    deck = Deck.french()
    for bad in (1.5, "1", None):
        with pytest.raises(TypeError):
            deck.deal(bad)  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            deck.cut(bad)  # type: ignore[arg-type]
    assert deck == Deck.french()


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: Card("Zz"), errors.InvalidCardError, "invalid card 'Zz': rank must be"),
        (lambda: Card(2.5), errors.CardTypeError, "cannot make a Card from float 2.5: give"),
        (lambda: Card(52), errors.InvalidCardError, "invalid card index 52: a card index is 0-51"),
        (lambda: cards("As Kd As"), errors.DuplicateCardError, "duplicate card As: each card"),
        (
            lambda: to_array(["As", "Kd Qh"]),
            errors.HandSizeError,
            "hands have different lengths [1, 2]: rows of an array must be equally long",
        ),
        (
            lambda: from_array(np.zeros((1, 1, 1), dtype=np.uint8)),
            errors.InvalidCardError,
            "invalid card array of 3 dimensions: a card array is 1-D (one hand) or 2-D",
        ),
        (
            lambda: from_array(np.zeros(2)),
            errors.CardTypeError,
            "card arrays must have an integer dtype, got float64: use indices 0-51",
        ),
        (lambda: SpanishCard("13o"), errors.InvalidCardError, "invalid Spanish card '13o': rank"),
        (lambda: Deck.spanish(50), errors.DeckError, "invalid Spanish deck size 50: a Spanish"),
        (lambda: Deck.french().deal(53), errors.DeckError, "cannot deal 53 cards: the deck holds"),
        (lambda: make_rng(-3), errors.SeedError, "invalid seed -3: a seed is None, an int >= 0"),
    ],
)
def test_messages_say_what_was_wrong_and_what_is_allowed(
    call: Callable[[], object], error: type[CartesError], message: str
) -> None:
    with pytest.raises(error) as info:
        call()
    assert str(info.value).startswith(message)
