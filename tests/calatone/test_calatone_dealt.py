"""The drivers' unchecked valuations of dealt cards agree with the checked public ones."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from cartes import Card
from cartes.games.calatone.actions import Declare, Expose, expose_offer
from cartes.games.calatone.rules import (
    dealt_exposed_value,
    dealt_hand_value,
    exposed_value,
    hand_value,
)


@st.composite
def dealt(draw: st.DrawFn, sizes: tuple[int, int]) -> tuple[list[Card], int]:
    """Distinct cards of a (possibly stripped) deck, and the deck's lowest rank."""
    lowest = draw(st.sampled_from([2, 2, 2, 5, 6, 7, 9, 11]))
    deck = [Card(i) for i in range(52) if i // 4 + 2 >= lowest]
    count = draw(st.integers(*sizes))
    cards = draw(st.permutations(deck))[:count]
    return cards, lowest


@settings(max_examples=400)
@given(dealt((5, 5)))
def test_dealt_hand_value_is_hand_value(case: tuple[list[Card], int]) -> None:
    five, lowest = case
    assert dealt_hand_value(five, lowest) == hand_value(five, lowest)
    assert dealt_hand_value(tuple(five), lowest) == hand_value(five, lowest)


def test_the_stripped_wheel_is_valued_the_same() -> None:
    """C-13: with a stripped deck, the ace and the four lowest ranks make a straight."""
    for lowest in range(3, 10):
        for suits in itertools.product(range(4), repeat=2):
            low_cards = [Card((lowest - 2 + k) * 4 + (suits[0] + k) % 4) for k in range(4)]
            ace = Card(48 + suits[1])
            for five in ([*low_cards, ace], [ace, *low_cards]):
                assert dealt_hand_value(five, lowest) == hand_value(five, lowest)
                up = [*five, Card(4 * (lowest - 2) + (suits[0] + 1) % 4)] if lowest < 9 else five
                if len(set(up)) == len(up):
                    assert dealt_exposed_value(up, lowest) == exposed_value(up, lowest)


@settings(max_examples=400)
@given(dealt((1, 6)))
def test_dealt_exposed_value_is_exposed_value(case: tuple[list[Card], int]) -> None:
    up, lowest = case
    assert dealt_exposed_value(up, lowest) == exposed_value(up, lowest)


@given(dealt((5, 7)))
def test_declarations_of_dealt_cards_equal_parsed_ones(case: tuple[list[Card], int]) -> None:
    cards, _ = case
    for five in itertools.combinations(cards, 5):
        made = Declare.of_dealt(five)
        assert made == Declare(five)
        assert repr(made) == repr(Declare(five))


def test_expose_offers_are_shared_and_equal() -> None:
    for index in range(52):
        card = Card(index)
        assert expose_offer(card) == Expose(card)
        assert expose_offer(card) is expose_offer(card)
