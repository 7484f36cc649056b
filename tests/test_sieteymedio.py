"""Siete y medio odds and dynamic programming against direct counting and simulation."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cartes.analysis.sieteymedio import (
    FULL_DECK,
    TARGET,
    VALUES,
    bank_draws_below,
    best_bank_response,
    best_punter_policy,
    expected_value,
    next_card_odds,
    punter_draws_below,
)
from cartes.errors import DeckError, DuplicateCardError, InvalidCardError, OptionError
from cartes.spanish import SpanishCard, spanish_deck_cards

DECK = spanish_deck_cards(40)


@settings(max_examples=60)
@given(st.data())
def test_next_card_odds_count_the_cards_left(data: st.DataObject) -> None:
    order = data.draw(st.permutations(range(40)))
    hand = [DECK[i] for i in order[: data.draw(st.integers(1, 4))]]
    seen = [DECK[i] for i in order[len(hand) : len(hand) + data.draw(st.integers(0, 20))]]
    left = [card for card in DECK if card not in hand and card not in seen]
    total = sum(card.half_points for card in hand)
    odds = next_card_odds(hand, seen)
    assert odds.cards_left == len(left)
    assert odds.total == Fraction(total, 2)
    busts = sum(1 for card in left if total + card.half_points > 15)
    assert odds.bust == Fraction(busts, len(left))
    sevens = sum(1 for card in left if total + card.half_points == 15)
    assert odds.seven_and_half == Fraction(sevens, len(left))
    for points, p in odds.totals.items():
        hits = sum(1 for card in left if Fraction(total + card.half_points, 2) == points)
        assert p == Fraction(hits, len(left))
    assert odds.bust + sum(odds.totals.values()) == 1


def test_next_card_odds_take_text_and_check_it() -> None:
    assert next_card_odds("7o").bust == Fraction(39 - 12, 39)  # all but the figures
    with pytest.raises(DuplicateCardError, match="both in the hand"):
        next_card_odds("7o", seen="7o")
    with pytest.raises(DuplicateCardError, match="duplicate card"):
        next_card_odds("7o 7o")
    with pytest.raises(DeckError, match="no 8s or 9s"):
        next_card_odds("8o")
    with pytest.raises(InvalidCardError):
        next_card_odds("As")
    everything = " ".join(str(c) for c in DECK)
    with pytest.raises(DeckError, match="no card is left"):
        next_card_odds(everything.split()[0], seen=everything.split()[1:])


def brute_force(punter_below: int, bank_below: int) -> float:
    """The expected value dealt in the real order (the bank's card before the punter draws),
    by plain recursion over the deck's counts: no memo, no exchangeability argument."""
    deck = list(FULL_DECK)

    def draw() -> list[tuple[int, float]]:
        left = sum(deck)
        return [(i, deck[i] / left) for i in range(8) if deck[i]]

    def bank(total: int, punter: int) -> float:
        if total > TARGET:
            return 2.0 if punter == TARGET else 1.0
        if total == TARGET:
            return -1.0
        if total >= bank_below:
            if punter == TARGET:
                return 2.0
            return 1.0 if punter > total else -1.0
        result = 0.0
        for i, p in draw():
            deck[i] -= 1
            result += p * bank(total + VALUES[i], punter)
            deck[i] += 1
        return result

    def punter(total: int, bank_first: int) -> float:
        if total > TARGET:
            return -1.0
        if total < TARGET and total < punter_below:
            result = 0.0
            for i, p in draw():
                deck[i] -= 1
                result += p * punter(total + VALUES[i], bank_first)
                deck[i] += 1
            return result
        return bank(bank_first, total)

    result = 0.0
    for i, p in draw():  # the punter's hidden card
        deck[i] -= 1
        for j, q in draw():  # the bank's card, dealt before the punter draws
            deck[j] -= 1
            result += p * q * punter(VALUES[i], VALUES[j])
            deck[j] += 1
        deck[i] += 1
    return result


@pytest.mark.parametrize(("punter", "bank"), [(1, 1), (9, 11), (12, 8)])
def test_expected_value_matches_direct_counting(punter: int, bank: int) -> None:
    exact = expected_value(punter_draws_below(punter), bank_draws_below(bank))
    assert isinstance(exact, Fraction)
    assert float(exact) == pytest.approx(brute_force(punter, bank), abs=1e-12)


def test_one_card_each_is_counted_by_hand() -> None:
    # Both stand on one card: the punter wins when his card is higher (no 7½ is possible).
    ties = Fraction(12 * 11 + 7 * 4 * 3, 40 * 39)
    assert expected_value(punter_draws_below(1), bank_draws_below(1)) == -ties


def test_the_best_punter_policy_beats_every_threshold_and_keeps_its_value() -> None:
    bank = bank_draws_below(11)
    best = best_punter_policy(bank)
    assert best.value == expected_value(best, bank)
    for threshold in (8, 10, 12):
        assert best.value >= expected_value(punter_draws_below(threshold), bank)
    # Every choice is the better of its two: changing one decision never helps.
    for state in list(best.decisions)[::80]:
        flipped = dict(best.decisions)
        flipped[state] = not flipped[state]
        changed = type(best)(Fraction(0), flipped)
        assert expected_value(changed, bank) <= best.value
    # Never draw on 7 (14 half-points): only a figure does not bust.
    assert best.draw_totals()[14][0] == 0


def test_the_bank_best_response_beats_thresholds() -> None:
    punter = punter_draws_below(11)
    bank = best_bank_response(punter)
    assert bank.value == expected_value(punter, bank)
    for threshold in (9, 11, 13):
        assert bank.value <= expected_value(punter, bank_draws_below(threshold))


def test_policies_must_answer_true_or_false() -> None:
    with pytest.raises(OptionError, match="punter policy"):
        expected_value(lambda first, later: 1, bank_draws_below(10))  # type: ignore[arg-type,return-value]
    with pytest.raises(OptionError, match="bank policy"):
        expected_value(punter_draws_below(10), lambda bank, shown: None)  # type: ignore[arg-type,return-value]
    with pytest.raises(OptionError, match="punter policy"):
        best_bank_response(lambda first, later: "draw")  # type: ignore[arg-type,return-value]


def simulate(punter_policy, bank_policy, hands: int, seed: int) -> np.ndarray:  # type: ignore[no-untyped-def]
    """Deal real shuffled 40-card decks in the game's order and settle each hand."""
    rng = np.random.default_rng(seed)
    values = np.array([card.half_points for card in DECK])
    results = np.empty(hands)
    for n in range(hands):
        deck = iter(values[rng.permutation(40)].tolist())
        first, bank_card = next(deck), next(deck)
        later: list[int] = []
        while first + sum(later) < TARGET and punter_policy(first, tuple(sorted(later))):
            later.append(next(deck))
        punter = first + sum(later)
        if punter > TARGET:
            results[n] = -1
            continue
        bank = [bank_card]
        shown = tuple(sorted(later))
        while sum(bank) < TARGET and bank_policy(tuple(sorted(bank)), shown):
            bank.append(next(deck))
        total = sum(bank)
        if total == TARGET:
            results[n] = -1
        elif punter == TARGET:
            results[n] = 2
        else:
            results[n] = 1 if total > TARGET or punter > total else -1
    return results


@pytest.mark.slow
def test_dynamic_programming_agrees_with_a_long_seeded_simulation() -> None:
    bank = bank_draws_below(11)
    best = best_punter_policy(bank)
    results = simulate(best, bank, 200_000, seed=12)
    error = results.std() / np.sqrt(len(results))
    assert abs(results.mean() - float(best.value)) < 4 * error
    response = best_bank_response(punter_draws_below(10))
    results = simulate(punter_draws_below(10), response, 200_000, seed=13)
    error = results.std() / np.sqrt(len(results))
    assert abs(results.mean() - float(response.value)) < 4 * error


def test_a_short_simulation_is_near_the_exact_value() -> None:
    bank, punter = bank_draws_below(10), punter_draws_below(10)
    results = simulate(punter, bank, 20_000, seed=3)
    error = results.std() / np.sqrt(len(results))
    assert abs(results.mean() - float(expected_value(punter, bank))) < 4.5 * error


def test_cards_are_spanish_cards() -> None:
    assert SpanishCard("12e").half_points == 1
