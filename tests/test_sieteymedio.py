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


def brute_force(punter_below: int, bank_below: int, bust_pays_double: bool = False) -> Fraction:
    """The exact expected value dealt in the real order (the bank's card before the punter
    draws), by plain recursion over the deck's counts: no memo, no exchangeability argument,
    and the settlement written here from SPEC §3.5 (revision 3), not taken from cartes.

    A path that deals cards of counts c1, c2, ... and leaves ``left`` cards has the chance
    c1 c2 ... left! / 40!, so the recursion sums whole numbers and divides once."""
    deck = list(FULL_DECK)
    factorial = [1]
    for n in range(1, 41):
        factorial.append(factorial[-1] * n)

    def settle(punter: int, bank: int) -> int:
        if bank == TARGET:
            return -1  # row 2: the bank's 7½ takes everything
        if bank > TARGET:  # the bank busts: d.3 pays every bet once; the option pays double
            return 2 if punter == TARGET and bust_pays_double else 1
        if punter == TARGET:
            return 2  # row 4: the only punter's 7½ is the privileged one
        return 1 if punter > bank else -1  # rows 5 and 6: ties to the bank

    def deal(then):  # type: ignore[no-untyped-def]
        result = 0
        for i in range(8):
            if deck[i]:
                count = deck[i]
                deck[i] -= 1
                result += count * then(VALUES[i])
                deck[i] += 1
        return result

    def bank(total: int, punter: int) -> int:
        if total >= TARGET or total >= bank_below:
            return settle(punter, total) * factorial[sum(deck)]
        return deal(lambda value: bank(total + value, punter))

    def punter(total: int, bank_first: int) -> int:
        if total > TARGET:
            return -factorial[sum(deck)]  # row 1: a bust loses, whatever the bank does
        if total < TARGET and total < punter_below:
            return deal(lambda value: punter(total + value, bank_first))
        return bank(bank_first, total)

    # the punter's hidden card, then the bank's card, dealt before the punter draws
    total = deal(lambda first: deal(lambda bank_first: punter(first, bank_first)))
    return Fraction(total, factorial[40])


@pytest.mark.parametrize("double", [False, True])
@pytest.mark.parametrize(("punter", "bank"), [
    (1, 1), (9, 11), (12, 8), pytest.param(13, 13, marks=pytest.mark.slow)])
def test_expected_value_matches_direct_counting(punter: int, bank: int, double: bool) -> None:
    exact = expected_value(punter_draws_below(punter), bank_draws_below(bank),
                           bust_pays_double=double)
    assert isinstance(exact, Fraction)
    assert exact == brute_force(punter, bank, double)


# The values of revision 2 (issue 18, item 8: with bust_pays_double=True the programme must give
# them unchanged). Produced by cartes at commit 43f6c31, before the change, with
# ``expected_value(punter_draws_below(p), bank_draws_below(b))``,
# ``best_punter_policy(bank_draws_below(b)).value`` and
# ``best_bank_response(punter_draws_below(p)).value``; ``str`` of each Fraction.
REVISION_2 = {
    ("ev", 1, 1): "-9/65",
    ("ev", 8, 9): "-7800076866497/83886605002200",
    ("ev", 9, 11): "-97373958849859/943724306274750",
    ("ev", 10, 10): "-411669673207861/3774897225099000",
    ("ev", 11, 11): "-13813227261679673/86822636177277000",
    ("ev", 12, 8): "-2312382211522/24834850165125",
    ("ev", 12, 13): "-51148995265635907/303879226620469500",
    ("ev", 15, 15): "-16329496094449/28597706250750",
    ("best", None, 9): "-478890905201/7445556657000",
    ("best", None, 11): "-376350615834433/7549794450198000",
    ("best", None, 13): "39788125037057/188744861254950",
    ("response", 8, None): "-7535935641803/44939252679750",
    ("response", 10, None): "-1879539223035553/11576351490303600",
    ("response", 12, None): "-284750405827179521/1215516906481878000",
}


def _value(kind: str, punter: int | None, bank: int | None, double: bool) -> Fraction:
    if kind == "ev":
        assert punter is not None
        assert bank is not None
        return expected_value(punter_draws_below(punter), bank_draws_below(bank),
                              bust_pays_double=double)
    if kind == "best":
        assert bank is not None
        return best_punter_policy(bank_draws_below(bank), bust_pays_double=double).value
    assert punter is not None
    return best_bank_response(punter_draws_below(punter), bust_pays_double=double).value


@pytest.mark.parametrize(("kind", "punter", "bank"), list(REVISION_2))
def test_bust_pays_double_gives_the_values_of_revision_2(
    kind: str, punter: int | None, bank: int | None
) -> None:
    assert _value(kind, punter, bank, True) == Fraction(REVISION_2[kind, punter, bank])
    if (punter, bank) != (1, 1):  # on one card each no 7½ meets a bank bust
        assert _value(kind, punter, bank, False) < Fraction(REVISION_2[kind, punter, bank])


def test_a_7_and_half_on_a_bank_bust_is_the_only_difference() -> None:
    """Revision 3 takes exactly one unit per hand where the punter's 7½ meets a bank bust:
    the difference of the two values is the chance of that, counted apart."""
    deck = list(FULL_DECK)
    punter_below, bank_below = 12, 11

    def chance_bank_busts(total: int) -> Fraction:
        if total > TARGET:
            return Fraction(1)
        if total >= bank_below:
            return Fraction(0)
        left = sum(deck)
        result = Fraction(0)
        for i in range(8):
            if deck[i]:
                p = Fraction(deck[i], left)
                deck[i] -= 1
                result += p * chance_bank_busts(total + VALUES[i])
                deck[i] += 1
        return result

    def chance(total: int, bank_first: int) -> Fraction:
        if total > TARGET:
            return Fraction(0)
        if total == TARGET:
            return chance_bank_busts(bank_first)
        if total >= punter_below:
            return Fraction(0)
        left = sum(deck)
        result = Fraction(0)
        for i in range(8):
            if deck[i]:
                p = Fraction(deck[i], left)
                deck[i] -= 1
                result += p * chance(total + VALUES[i], bank_first)
                deck[i] += 1
        return result

    both = Fraction(0)
    left = sum(deck)
    for i in range(8):
        p = Fraction(deck[i], left)
        deck[i] -= 1
        for j in range(8):
            if deck[j]:
                q = Fraction(deck[j], left - 1)
                deck[j] -= 1
                both += p * q * chance(VALUES[i], VALUES[j])
                deck[j] += 1
        deck[i] += 1
    punter, bank = punter_draws_below(punter_below), bank_draws_below(bank_below)
    assert both > 0
    assert (expected_value(punter, bank, bust_pays_double=True)
            - expected_value(punter, bank)) == both


def test_the_option_is_checked() -> None:
    for call in (lambda: expected_value(punter_draws_below(1), bank_draws_below(1),
                                        bust_pays_double=1),  # type: ignore[arg-type]
                 lambda: best_punter_policy(bank_draws_below(1), bust_pays_double=None),  # type: ignore[arg-type]
                 lambda: best_bank_response(punter_draws_below(1), bust_pays_double="yes")):  # type: ignore[arg-type]
        with pytest.raises(OptionError, match="bust_pays_double must be True or False"):
            call()


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


def simulate(punter_policy, bank_policy, hands: int, seed: int, double: bool = False) -> np.ndarray:  # type: ignore[no-untyped-def]
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
        elif total > TARGET:  # a bank bust pays once (M-15), or double a 7½ with the option
            results[n] = 2 if punter == TARGET and double else 1
        elif punter == TARGET:
            results[n] = 2
        else:
            results[n] = 1 if punter > total else -1
    return results


@pytest.mark.soak
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


@pytest.mark.parametrize("double", [False, True])
def test_a_short_simulation_is_near_the_exact_value(double: bool) -> None:
    bank, punter = bank_draws_below(10), punter_draws_below(10)
    results = simulate(punter, bank, 20_000, seed=3, double=double)
    error = results.std() / np.sqrt(len(results))
    exact = expected_value(punter, bank, bust_pays_double=double)
    assert abs(results.mean() - float(exact)) < 4.5 * error


def test_cards_are_spanish_cards() -> None:
    assert SpanishCard("12e").half_points == 1
