"""French cards, hands and card arrays: every card, every accepted spelling, both directions."""

from __future__ import annotations

import copy
import itertools
import pickle
import random
import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from cartes import Card, Hand, Rank, Suit, cards, from_array, to_array
from cartes.errors import (
    CardTypeError,
    DuplicateCardError,
    HandSizeError,
    InvalidCardError,
)

ALL_CARDS = [Card.from_index(i) for i in range(52)]

# The spec, written out independently of the implementation.
RANK_TEXTS = {
    0: ["2"], 1: ["3"], 2: ["4"], 3: ["5"], 4: ["6"], 5: ["7"], 6: ["8"], 7: ["9"],
    8: ["T", "t", "10"], 9: ["J", "j"], 10: ["Q", "q"], 11: ["K", "k"], 12: ["A", "a"],
}  # fmt: skip
SUIT_TEXTS = {
    i: [letter, letter.upper(), *(sym + sel for sym in symbols for sel in ("", "\ufe0e", "\ufe0f"))]
    for i, (letter, symbols) in enumerate(zip("cdhs", ["♣♧", "♦♢", "♥♡", "♠♤"], strict=True))
}
CANONICAL = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def spellings(card: Card) -> list[str]:
    rank, suit = card.index // 4, card.index % 4
    return [r + s for r in RANK_TEXTS[rank] for s in SUIT_TEXTS[suit]]


ACCEPTED = {text: i for i in range(52) for text in spellings(Card.from_index(i))}

cards_st = st.sampled_from(ALL_CARDS)
hands_st = st.lists(cards_st, unique=True, max_size=52)


# --- one card ------------------------------------------------------------------------------


def test_index_is_phevaluators_numbering() -> None:
    # rank * 4 + suit, ranks 2..A, suits c d h s: the table written out.
    assert [str(card) for card in ALL_CARDS] == CANONICAL
    assert Card("2c").index == 0
    assert Card("2d").index == 1
    assert Card("3c").index == 4
    assert Card("As").index == 51
    assert Card("Kd").index == 45


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_every_spelling_parses_to_the_card(card: Card) -> None:
    for text in spellings(card):
        for padded in (text, f" {text}", f"{text}\n"):
            assert Card(padded) is card, padded


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_card_round_trips(card: Card) -> None:
    rank, suit = card.index // 4, card.index % 4
    assert card.rank == Rank(rank)
    assert card.suit == Suit(suit)
    assert card.index == card.rank * 4 + card.suit
    assert Card(str(card)) is card
    assert Card(card.unicode()) is card
    assert Card(card.index) is card
    assert Card(np.uint8(card.index)) is card
    assert Card(card) is card
    assert Card.from_index(card.index) is card
    assert Card.from_rank_suit(card.rank, card.suit) is card
    assert Card.from_rank_suit(int(card.rank), int(card.suit)) is card
    assert eval(repr(card)) is card
    assert repr(card) == f"Card('{card}')"
    assert str(card) == card.rank.char + card.suit.char
    assert card.unicode() == card.rank.char + card.suit.symbol
    assert Rank.from_char(card.rank.char) is card.rank
    assert Suit.from_char(card.suit.char) is card.suit
    assert Suit.from_char(card.suit.symbol) is card.suit
    assert pickle.loads(pickle.dumps(card)) is card
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card
    assert f"{card:>4}" == f"  {card}"


def test_cards_order_hash_and_compare_by_index() -> None:
    for a, b in itertools.product(ALL_CARDS, repeat=2):
        assert (a < b) == (a.index < b.index)
        assert (a <= b) == (a.index <= b.index)
        assert (a > b) == (a.index > b.index)
        assert (a >= b) == (a.index >= b.index)
        assert (a == b) == (a.index == b.index)
    assert len({hash(card) for card in ALL_CARDS}) == 52
    shuffled = ALL_CARDS.copy()
    random.Random(0).shuffle(shuffled)
    assert sorted(shuffled) == ALL_CARDS
    assert Card("As") != "As"
    assert Card("2c") != 0


def test_cards_are_immutable() -> None:
    card = Card("As")
    with pytest.raises(AttributeError):
        card._index = 0  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del card._index
    with pytest.raises(AttributeError):
        card.colour = "black"  # type: ignore[attr-defined]
    assert card.index == 51


def test_printing_is_canonical() -> None:
    assert str(Card("10h")) == "Th"
    assert str(Card("qS")) == "Qs"
    assert str(Card("A♠")) == "As"
    assert Card("10♥").unicode() == "T♥"


def test_suit_colours() -> None:
    assert [suit for suit in Suit if suit.is_red] == [Suit.DIAMONDS, Suit.HEARTS]


def check_parses_exactly_the_accepted_spellings(text: str) -> None:
    stripped = text.strip()
    try:
        card = Card(text)
    except InvalidCardError:
        assert stripped not in ACCEPTED
    else:
        assert ACCEPTED[stripped] == card.index


@given(st.text(max_size=5))
def test_random_text_parses_exactly_the_accepted_spellings(text: str) -> None:
    check_parses_exactly_the_accepted_spellings(text)


@given(st.text(alphabet="0123456789TtJjQqKkAaCcDdHhSs♣♦♥♠♡ \ufe0f\ufe0exZ", max_size=4))
def test_near_miss_text_parses_exactly_the_accepted_spellings(text: str) -> None:
    check_parses_exactly_the_accepted_spellings(text)


BAD_OBJECTS = st.one_of(
    st.none(),
    st.booleans(),
    st.floats(),
    st.complex_numbers(),
    st.binary(),
    st.lists(st.integers(0, 51), max_size=2),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
    st.just(object()),
    st.builds(np.float64, st.floats(0, 51)),
)


@given(BAD_OBJECTS)
def test_non_cards_raise_card_type_error(thing: object) -> None:
    with pytest.raises(CardTypeError):
        Card(thing)  # type: ignore[arg-type]
    with pytest.raises(CardTypeError):
        Card.from_index(thing)  # type: ignore[arg-type]


@given(st.integers().filter(lambda i: not 0 <= i < 52))
def test_out_of_range_indices(index: int) -> None:
    with pytest.raises(InvalidCardError, match=r"a card index is 0-51"):
        Card(index)
    with pytest.raises(InvalidCardError):
        Card.from_index(index)


def test_from_index_never_truncates_or_parses() -> None:
    for bad in (2.7, "3", True, np.float64(3.0), None):
        with pytest.raises(CardTypeError):
            Card.from_index(bad)  # type: ignore[arg-type]


def test_from_rank_suit_checks_its_arguments() -> None:
    with pytest.raises(InvalidCardError, match="rank"):
        Card.from_rank_suit(13, 0)
    with pytest.raises(InvalidCardError, match="suit"):
        Card.from_rank_suit(0, 4)
    with pytest.raises(CardTypeError):
        Card.from_rank_suit("A", "s")  # type: ignore[arg-type]


def test_rank_and_suit_parsing() -> None:
    for rank, texts in RANK_TEXTS.items():
        for text in texts:
            assert Rank.from_char(text) is Rank(rank)
    for suit, texts in SUIT_TEXTS.items():
        for text in texts:
            assert Suit.from_char(text) is Suit(suit)
    with pytest.raises(InvalidCardError, match=r"invalid rank '1': rank must be one of"):
        Rank.from_char("1")
    with pytest.raises(InvalidCardError, match=r"invalid suit 'x': suit must be one of"):
        Suit.from_char("x")
    with pytest.raises(CardTypeError):
        Rank.from_char(5)  # type: ignore[arg-type]
    with pytest.raises(CardTypeError):
        Suit.from_char(["s"])  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1s", "invalid card '1s': rank must be one of 2-9, T or 10, J, Q, K, A"),
        ("Ax", "invalid card 'Ax': suit must be one of c, d, h, s (either case) or ♣, ♦, ♥, ♠"),
        ("A", "invalid card 'A': a card is a rank followed by a suit, like 'As', '10h' or 'K♦'"),
        ("", "invalid card '': a card is a rank followed by a suit"),
        ("10hh", "invalid card '10hh': a card is a rank followed by a suit"),
    ],
)
def test_error_messages_say_what_is_allowed(text: str, message: str) -> None:
    with pytest.raises(InvalidCardError, match=f"^{re.escape(message)}"):
        Card(text)


# --- hands ---------------------------------------------------------------------------------


@given(hands_st)
def test_hand_round_trips_through_text_and_unicode(hand_cards: list[Card]) -> None:
    hand = Hand(hand_cards)
    assert list(hand) == hand_cards
    assert cards(str(hand)) == hand
    assert cards(hand.unicode()) == hand
    assert cards(", ".join(map(str, hand))) == hand
    assert eval(repr(hand)) == hand
    assert Hand(card.index for card in hand) == hand
    assert pickle.loads(pickle.dumps(hand)) == hand
    assert type(pickle.loads(pickle.dumps(hand))) is Hand


@given(hands_st.filter(bool), st.data())
def test_hands_reject_any_duplicate(hand_cards: list[Card], data: st.DataObject) -> None:
    repeated = data.draw(st.sampled_from(hand_cards))
    position = data.draw(st.integers(0, len(hand_cards)))
    bad = [*hand_cards[:position], repeated, *hand_cards[position:]]
    with pytest.raises(DuplicateCardError, match=f"duplicate card {repeated}"):
        Hand(bad)
    with pytest.raises(DuplicateCardError):
        cards(" ".join(card.unicode() for card in bad))


def test_duplicates_in_any_spelling() -> None:
    with pytest.raises(DuplicateCardError, match="duplicate card Th"):
        cards("10h, Th")


@given(hands_st, st.integers(-60, 60), st.integers(-60, 60), st.sampled_from([None, 1, 2, -1]))
def test_hand_slices_are_hands(hand_cards: list[Card], a: int, b: int, step: int | None) -> None:
    hand = Hand(hand_cards)
    part = hand[a:b:step]
    assert type(part) is Hand
    assert list(part) == hand_cards[a:b:step]
    if hand_cards:
        assert hand[a % len(hand)] is hand_cards[a % len(hand)]


@given(hands_st, st.integers(0, 52))
def test_hand_addition(hand_cards: list[Card], split: int) -> None:
    left, right = Hand(hand_cards[:split]), Hand(hand_cards[split:])
    for total in (left + right, left + str(right), tuple(left) + right, left + list(right)):
        assert type(total) is Hand
        assert list(total) == hand_cards
    if left and right:
        with pytest.raises(DuplicateCardError):
            left + right + left[:1]
        with pytest.raises(DuplicateCardError):
            tuple(right[:1]) + right


def test_hand_basics() -> None:
    hand = cards("As Kd 10h")
    assert hand == (Card("As"), Card("Kd"), Card("Th"))
    assert str(hand) == "As Kd Th"
    assert repr(hand) == "Hand('As Kd Th')"
    assert Hand() == ()
    assert repr(Hand()) == "Hand('')"
    assert eval(repr(Hand())) == Hand()
    assert Card("Kd") in hand
    assert hand.index(Card("Th")) == 2
    with pytest.raises(CardTypeError):
        Hand(5)  # type: ignore[arg-type]
    with pytest.raises(CardTypeError):
        Hand(b"As")
    with pytest.raises(CardTypeError):
        cards([1.5])  # type: ignore[list-item]


# --- arrays --------------------------------------------------------------------------------

INT_DTYPES = [np.uint8, np.int8, np.uint16, np.int16, np.uint32, np.int32, np.uint64, np.int64]


@given(
    st.integers(1, 6),
    st.integers(0, 7),
    st.sampled_from(INT_DTYPES),
    st.randoms(use_true_random=False),
)
def test_arrays_round_trip(rows: int, width: int, dtype: type, rnd: object) -> None:
    hands = [Hand(rnd.sample(ALL_CARDS, width)) for _ in range(rows)]  # type: ignore[attr-defined]
    array = to_array(hands, dtype=dtype)
    assert array.shape == (rows, width)
    assert array.dtype == dtype
    assert [[int(i) for i in row] for row in array] == [[c.index for c in h] for h in hands]
    assert from_array(array) == hands
    assert from_array(array.astype(np.int64)) == hands
    assert from_array(array.tolist()) == hands
    for hand, row in zip(hands, array, strict=True):
        assert from_array(row) == hand
        assert np.array_equal(hand.to_array(dtype=dtype), row)
        assert hand.to_array(dtype=dtype).dtype == dtype


def test_arrays_are_uint8_by_default_and_cover_every_card() -> None:
    array = to_array([ALL_CARDS])
    assert array.dtype == np.uint8
    assert array.tolist() == [list(range(52))]
    assert Hand(ALL_CARDS).to_array().dtype == np.uint8
    assert from_array(np.arange(52, dtype=np.uint8)) == Hand(ALL_CARDS)
    assert to_array([]).shape == (0, 0)
    assert from_array([]) == Hand()
    assert from_array(np.empty((3, 0), dtype=np.int16)) == [Hand()] * 3


@given(
    hnp.arrays(
        np.int64,
        hnp.array_shapes(min_dims=1, max_dims=2, max_side=6),
        elements=st.integers(-200, 200),
    )
)
def test_random_integer_arrays_decode_or_raise_precisely(array: np.ndarray) -> None:
    in_range = bool(((array >= 0) & (array < 52)).all())
    rows = array.reshape(1, -1) if array.ndim == 1 else array
    distinct = all(len(set(row.tolist())) == len(row) for row in rows)
    try:
        result = from_array(array)
    except InvalidCardError:
        assert not in_range
    except DuplicateCardError:
        assert in_range
        assert not distinct
    else:
        assert in_range
        assert distinct
        hands = [result] if array.ndim == 1 else result
        assert [[c.index for c in h] for h in hands] == rows.tolist()  # type: ignore[union-attr]


@given(
    hnp.arrays(
        st.one_of(hnp.floating_dtypes(), hnp.boolean_dtypes(), hnp.complex_number_dtypes()),
        hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=3),
    )
)
def test_non_integer_arrays_raise_card_type_error(array: np.ndarray) -> None:
    with pytest.raises((CardTypeError, InvalidCardError)) as info:
        from_array(array)
    if array.ndim in (1, 2):
        assert info.type is CardTypeError


@given(
    hnp.arrays(
        np.uint8, hnp.array_shapes(min_dims=3, max_dims=4, max_side=3), elements=st.integers(0, 51)
    )
)
def test_wrong_ndim_is_rejected(array: np.ndarray) -> None:
    with pytest.raises(InvalidCardError, match=r"of \d dimensions: a card array is 1-D"):
        from_array(array)


def test_bad_array_inputs() -> None:
    with pytest.raises(InvalidCardError, match="invalid card array of 0 dimensions"):
        from_array(np.uint8(3))
    with pytest.raises(CardTypeError):
        from_array([[1, 2], [3]])  # ragged
    with pytest.raises(CardTypeError):
        from_array("As Kd")
    with pytest.raises(CardTypeError):
        from_array(np.array([], dtype=float))
    with pytest.raises(CardTypeError, match="integer dtype"):
        from_array(np.array([[Card("As")]], dtype=object))
    with pytest.raises(InvalidCardError, match="invalid card index 52"):
        from_array(np.array([[0, 52]], dtype=np.uint8))
    with pytest.raises(InvalidCardError, match="invalid card index -1"):
        from_array(np.array([3, -1]))
    with pytest.raises(DuplicateCardError, match="duplicate card 2c in row 1"):
        from_array(np.array([[0, 1], [0, 0]]))
    with pytest.raises(HandSizeError, match=r"different lengths \[1, 2\]"):
        to_array(["As Kd", "Qh"])
    with pytest.raises(CardTypeError):
        to_array("As Kd")
    with pytest.raises(CardTypeError):
        to_array(5)  # type: ignore[arg-type]
    for dtype in (float, bool, "U2", object, "not a dtype", "0:", "01", "i4,i4"):
        with pytest.raises(CardTypeError, match="integer dtype"):
            to_array(["As"], dtype=dtype)
        with pytest.raises(CardTypeError, match="integer dtype"):
            cards("As").to_array(dtype=dtype)


# --- notebook display ----------------------------------------------------------------------


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_card_html_is_red_for_hearts_and_diamonds(card: Card) -> None:
    html = card._repr_html_()
    assert f'data-card="{card}"' in html
    red = "#c0392b" in html
    assert red == (card.suit in (Suit.HEARTS, Suit.DIAMONDS))
    assert red != ("#1a1a1a" in html)


def test_hand_html_shows_each_card_in_order() -> None:
    hand = cards("As Kd 10h 2c")
    html = hand._repr_html_()
    assert list(re.findall(r'data-card="(\w+)"', html)) == ["As", "Kd", "Th", "2c"]
    assert list(re.findall(r"<title>(.*?)</title>", html)) == [
        "ace of spades", "king of diamonds", "ten of hearts", "two of clubs"
    ]


def test_one_name_one_thing_the_parser_and_the_french_module() -> None:
    """Issue 8.3: ``cartes.cards`` is the parser; the French card module is ``cartes.french``."""
    import importlib

    import cartes
    import cartes.french

    assert callable(cartes.cards)
    assert cartes.cards("As Kd") == cartes.french.Hand("As Kd")
    assert cartes.french.Card is cartes.Card
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("cartes.cards")
