"""Spanish cards: every card through every accepted spelling, its name and its exact points."""

from __future__ import annotations

import copy
import pickle
import re
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cartes import Card, SpanishCard, SpanishSuit
from cartes.errors import CardTypeError, DeckError, InvalidCardError
from cartes.spanish import spanish_deck_cards

ALL = [SpanishCard.from_index(i) for i in range(48)]

# The spec, written out independently of the implementation.
RANK_NAMES = [
    "as", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve",
    "sota", "caballo", "rey",
]  # fmt: skip
RANK_LETTERS = {1: "a", 10: "s", 11: "c", 12: "r"}
SUIT_NAMES = ["oros", "copas", "espadas", "bastos"]


def spellings(rank: int, suit: int) -> set[str]:
    """Every spelling the module docstring promises, in lower case."""
    short_ranks = [str(rank)] + ([RANK_LETTERS[rank]] if rank in RANK_LETTERS else [])
    ranks = [*short_ranks, RANK_NAMES[rank - 1]]
    suits = [SUIT_NAMES[suit][0], SUIT_NAMES[suit]]
    out = set()
    for r in ranks:
        for s in suits:
            out.add(f"{r} {s}")
            out.add(f"{r} de {s}")
        if r in short_ranks:
            out.add(r + suits[0])
    return out


@pytest.mark.parametrize("card", ALL, ids=str)
def test_every_spelling_parses_to_the_card(card: SpanishCard) -> None:
    for text in spellings(card.rank, card.suit):
        for variant in (text, text.upper(), text.title(), f"  {text} ", text.replace(" ", "  ")):
            assert SpanishCard(variant) is card, variant


@pytest.mark.parametrize("card", ALL, ids=str)
def test_card_round_trips(card: SpanishCard) -> None:
    rank, suit = card.index // 4 + 1, card.index % 4
    assert card.rank == rank
    assert card.suit is SpanishSuit(suit)
    assert str(card) == f"{rank}{'oceb'[suit]}"
    assert repr(card) == f"SpanishCard('{card}')"
    assert card.name == f"{RANK_NAMES[rank - 1]} de {SUIT_NAMES[suit]}"
    assert SpanishCard(str(card)) is card
    assert SpanishCard(card.name) is card
    assert SpanishCard(card.index) is card
    assert SpanishCard(np.int16(card.index)) is card
    assert SpanishCard(card) is card
    assert eval(repr(card)) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert copy.deepcopy(card) is card
    assert SpanishSuit.from_char(card.suit.char) is card.suit
    assert SpanishSuit.from_char(card.suit.spanish.upper()) is card.suit


@pytest.mark.parametrize("card", ALL, ids=str)
def test_points_are_exact(card: SpanishCard) -> None:
    assert type(card.points) is Fraction
    assert card.is_figure == (card.rank in (10, 11, 12))
    expected = Fraction(1, 2) if card.is_figure else Fraction(card.rank)
    assert card.points == expected
    assert card.half_points == 2 * expected
    assert type(card.half_points) is int


def test_point_totals() -> None:
    # 4 suits x (1 + ... + 7) + 12 figures x 1/2, and the 8s and 9s on top for 48 cards.
    assert sum(card.points for card in spanish_deck_cards(40)) == 4 * 28 + 6
    assert sum(card.points for card in spanish_deck_cards(48)) == 4 * 28 + 6 + 4 * 17
    assert SpanishCard("7o").points + SpanishCard("rey de copas").points == Fraction(15, 2)


def test_decks_of_40_and_48() -> None:
    forty, forty_eight = spanish_deck_cards(40), spanish_deck_cards(48)
    assert list(forty_eight) == ALL
    assert list(forty) == [card for card in ALL if card.rank not in (8, 9)]
    assert len(forty) == len(set(forty)) == 40
    assert sorted(forty) == list(forty)
    for size in (0, 39, 41, 52, -40):
        with pytest.raises(DeckError, match="a Spanish deck has 40 or 48 cards"):
            spanish_deck_cards(size)


def test_spanish_and_french_cards_never_mix() -> None:
    for i in range(48):
        assert SpanishCard.from_index(i) != Card.from_index(i)
    with pytest.raises(TypeError):
        _ = SpanishCard("1o") < Card("2c")  # type: ignore[operator]
    with pytest.raises(CardTypeError):
        SpanishCard(Card("As"))  # type: ignore[arg-type]


def test_order_and_hash_follow_index() -> None:
    assert sorted(reversed(ALL)) == ALL  # noqa: C414
    assert [card.index for card in sorted(ALL, key=hash)] == list(range(48))


@given(st.text(max_size=16))
def test_random_text_parses_only_accepted_spellings(text: str) -> None:
    try:
        card = SpanishCard(text)
    except InvalidCardError:
        return
    normalized = " ".join(text.lower().split())
    assert normalized in spellings(card.rank, card.suit) or _loose_single_word(normalized, card)


def _loose_single_word(text: str, card: SpanishCard) -> bool:
    """One word: a rank (number, letter or name) glued to the suit initial, like 'reye'."""
    rank_text, suit_text = text[:-1], text[-1]
    ranks = {str(card.rank), RANK_NAMES[card.rank - 1], RANK_LETTERS.get(card.rank)}
    return rank_text in ranks and suit_text == SUIT_NAMES[card.suit][0]


@given(
    st.lists(
        st.sampled_from(
            [
                "1",
                "7",
                "8",
                "10",
                "12",
                "13",
                "0",
                "o",
                "c",
                "e",
                "b",
                "x",
                "s",
                "r",
                "a",
                "de",
                "rey",
                "oros",
                "copas",
                " ",
                "  ",
            ]
        ),
        max_size=5,
    ).map("".join)
)
def test_near_miss_text_parses_only_accepted_spellings(text: str) -> None:
    test_random_text_parses_only_accepted_spellings.hypothesis.inner_test(text)  # type: ignore[attr-defined]


@given(
    st.one_of(
        st.none(),
        st.booleans(),
        st.floats(),
        st.binary(),
        st.just(Card("As")),
        st.lists(st.integers(0, 47), max_size=2),
        st.builds(np.float32, st.floats(0, 47, width=32)),
    )
)
def test_non_cards_raise_card_type_error(thing: object) -> None:
    with pytest.raises(CardTypeError):
        SpanishCard(thing)  # type: ignore[arg-type]
    with pytest.raises(CardTypeError):
        SpanishCard.from_index(thing)  # type: ignore[arg-type]


@given(st.integers().filter(lambda i: not 0 <= i < 48))
def test_out_of_range_indices(index: int) -> None:
    with pytest.raises(InvalidCardError, match="a Spanish card index is 0-47"):
        SpanishCard(index)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("13o", "invalid Spanish card '13o': rank must be 1-9, 10 (sota), 11 (caballo), 12 (rey)"),
        (
            "1x",
            "invalid Spanish card '1x': suit must be o, c, e, b or oros, copas, espadas, bastos",
        ),
        ("rey de", "invalid Spanish card 'rey de': suit must be"),
        ("o", "invalid Spanish card 'o': a Spanish card is a rank then a suit, like '1o'"),
        ("", "invalid Spanish card '': a Spanish card is a rank then a suit"),
        ("1 de 2 de 3", "invalid Spanish card '1 de 2 de 3': a Spanish card is a rank then a suit"),
        ("As", "invalid Spanish card 'As': suit must be"),
    ],
)
def test_error_messages_say_what_is_allowed(text: str, message: str) -> None:
    with pytest.raises(InvalidCardError, match=f"^{re.escape(message)}"):
        SpanishCard(text)


def test_suit_parsing_errors() -> None:
    with pytest.raises(InvalidCardError, match="invalid Spanish suit 'h'"):
        SpanishSuit.from_char("h")
    with pytest.raises(CardTypeError):
        SpanishSuit.from_char(2)  # type: ignore[arg-type]


@pytest.mark.parametrize("card", ALL, ids=str)
def test_html_names_the_card(card: SpanishCard) -> None:
    html = card._repr_html_()
    assert f"<title>{card.name}</title>" in html
    assert f'data-card="{card}"' in html
