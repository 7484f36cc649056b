"""The 7½ dynamic programme against the game driver (issue 12, item 2's check), under both
settlements of a bank bust (SPEC revision 3, and the option ``bust_pays_double``; issue 18).

:class:`PolicyAgent` plays a programme's policies in ``get("siete-y-medio", players=2)``. The
tests show that the driver then plays the programme's model: hand by hand on stacked decks
(the driver's payoff equals the model's settlement of the same deck order), and on average
over long seeded runs with the bank in seat 0 every hand (the mean payoff equals the exact
expected value within four standard errors).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np
import pytest

from cartes.analysis.sieteymedio import (
    FULL_DECK,
    TARGET,
    VALUES,
    BankPolicy,
    PolicyAgent,
    PunterPolicy,
    Solution,
    bank_draws_below,
    best_bank_response,
    best_punter_policy,
    expected_value,
    next_card_odds,
    punter_draws_below,
)
from cartes.deck import Deck
from cartes.errors import IllegalActionError, OptionError
from cartes.games import get
from cartes.games.chips import Bet
from cartes.games.dealing import CardDealt
from cartes.games.siete_y_medio.actions import Draw, Keep, Stand
from cartes.games.siete_y_medio.events import Busted, Settled
from cartes.games.siete_y_medio.state import SieteState
from cartes.play import SeatView, play_hand
from cartes.spanish import SpanishCard, spanish_deck_cards

GAME = get("siete-y-medio", players=2)
GAMES = {False: GAME, True: get("siete-y-medio", players=2, bust_pays_double=True)}
DECK = spanish_deck_cards(40)


def model_payoff(order: Sequence[int], punter: PunterPolicy, bank: BankPolicy,
                 double: bool = False) -> int:
    """The punter's result under the programme's model, dealing half-point values from
    ``order`` in the game's order: the punter's hidden card, the bank's card, the punter's
    face-up cards, the bank's. Written from SPEC §3.5 (revision 3; ``double``: the option
    ``bust_pays_double``), not from the programme's code."""
    deck = iter(order)
    first, bank_card = next(deck), next(deck)
    later: list[int] = []
    while first + sum(later) < TARGET and punter(first, tuple(sorted(later))):
        later.append(next(deck))
    points = first + sum(later)
    if points > TARGET:
        return -1  # row 1: a bust loses, whatever the bank does
    cards = [bank_card]
    while sum(cards) < TARGET and bank(tuple(sorted(cards)), tuple(sorted(later))):
        cards.append(next(deck))
    total = sum(cards)
    if total == TARGET:
        return -1  # row 2: the bank's 7½ takes everything, a punter's 7½ too
    if total > TARGET:  # row 5: a bank bust pays every bet once (seed d.3), unless the option
        return 2 if points == TARGET and double else 1
    if points == TARGET:
        return 2  # row 4: the only punter's 7½ is the privileged one
    return 1 if points > total else -1  # rows 5 and 6: ties to the bank


def driver_payoffs(agent: PolicyAgent, hands: int, seed: int, double: bool = False) -> np.ndarray:
    """The punter's payoff in ``hands`` fresh seeded hands, the bank in seat 0 every time."""
    rng = np.random.default_rng(seed)
    agents = [agent, agent]
    game = GAMES[double]
    return np.array([play_hand(game, agents, rng, button=0).payoffs[1] for _ in range(hands)])


def assert_within_four_errors(results: np.ndarray, exact: Fraction) -> None:
    error = results.std() / np.sqrt(len(results))
    assert abs(results.mean() - float(exact)) < 4 * error, (results.mean(), float(exact), error)


BANK = bank_draws_below(11)
PUNTER = punter_draws_below(10)
AGENT = PolicyAgent(punter_draws_below(12), BANK)


@pytest.fixture(scope="module", params=[False, True], ids=["revision-3", "bust-pays-double"])
def double(request: pytest.FixtureRequest) -> bool:
    """Both settlements of a bank bust: revision 3's (every bet once) and the option's."""
    return bool(request.param)


@pytest.fixture(scope="module")
def best_punter(double: bool) -> Solution:
    return best_punter_policy(BANK, bust_pays_double=double)


@pytest.fixture(scope="module")
def best_bank(double: bool) -> Solution:
    return best_bank_response(PUNTER, bust_pays_double=double)


def test_the_driver_settles_every_hand_as_the_model_does(
    best_punter: Solution, best_bank: Solution, double: bool
) -> None:
    rng = np.random.default_rng(5)
    pairs = [(best_punter, BANK), (PUNTER, best_bank), (punter_draws_below(15), best_bank),
             (punter_draws_below(1), bank_draws_below(16))]
    outcomes = set()
    seven_on_a_bust = 0
    for punter, bank in pairs:
        agent = PolicyAgent(punter, bank)
        for _ in range(400):
            cards = [DECK[i] for i in rng.permutation(40)]
            deck = Deck.stacked(cards, kind=SpanishCard)
            state = play_hand(GAMES[double], [agent, agent], deck=deck, button=0)
            expected = model_payoff([card.half_points for card in cards], punter, bank, double)
            assert state.payoffs == (-expected, expected), cards
            outcomes.add(expected)
            settled = [e for e in state.history if isinstance(e, Settled)]
            bust = any(isinstance(e, Busted) and e.seat == 0 for e in state.history)
            if bust and settled and settled[0].total == TARGET:
                seven_on_a_bust += 1  # the hand revision 3 changed
                assert expected == (2 if double else 1)
    assert outcomes == {-1, 1, 2}  # every row of the settlement was met
    assert seven_on_a_bust >= 10


def test_the_punter_keeps_his_first_card_hidden_and_bets_the_minimum() -> None:
    agent = PolicyAgent(punter_draws_below(15), bank_draws_below(16))
    for seed in range(30):
        state = play_hand(GAME, [agent, agent], seed, button=0)
        assert state.is_terminal
        punter = state.punters[1]
        assert len(punter.calles) == 1
        assert punter.calles[0].bet == 1
        for seat, action in state.actions:
            assert action in (Keep(), Bet(1), Draw(), Stand()), (seat, action)
            assert seat == 0 if action == Keep() else seat == 1 if action == Bet(1) else True
        hidden = [event for event in state.history
                  if isinstance(event, CardDealt) and event.seat == 1 and not event.face_up]
        assert len(hidden) == 1  # only the first card came face down


def test_the_mean_payoff_is_the_exact_value(
    best_punter: Solution, best_bank: Solution, double: bool
) -> None:
    assert_within_four_errors(driver_payoffs(PolicyAgent(best_punter, BANK), 20_000, 1, double),
                              best_punter.value)
    assert_within_four_errors(driver_payoffs(PolicyAgent(PUNTER, best_bank), 20_000, 2, double),
                              best_bank.value)


def test_the_two_settlements_differ_by_more_than_the_simulations_error() -> None:
    """The z-test above can tell the settlements apart: with both sides drawing to 7½ (many a
    7½ meets a bank bust), the driver's mean under revision 3 is within four standard errors
    of revision 3's exact value and more than four from the option's, and the other way
    round."""
    punter, bank = punter_draws_below(15), bank_draws_below(15)
    agent = PolicyAgent(punter, bank)
    exact = {double: expected_value(punter, bank, bust_pays_double=double)
             for double in (False, True)}
    for double in (False, True):
        results = driver_payoffs(agent, 5_000, 3, double)
        assert_within_four_errors(results, exact[double])
        error = results.std() / np.sqrt(len(results))
        assert abs(results.mean() - float(exact[not double])) > 4 * error


@pytest.mark.soak
def test_the_mean_payoff_is_the_exact_value_over_80k_hands(
    best_punter: Solution, best_bank: Solution, double: bool
) -> None:
    assert_within_four_errors(driver_payoffs(PolicyAgent(best_punter, BANK), 80_000, 11, double),
                              best_punter.value)
    assert_within_four_errors(driver_payoffs(PolicyAgent(PUNTER, best_bank), 80_000, 12, double),
                              best_bank.value)


def test_the_next_card_odds_count_the_drivers_unseen_cards() -> None:
    assert sorted(card.half_points for card in DECK) == sorted(
        value for value, count in zip(VALUES, FULL_DECK, strict=True) for _ in range(count))
    checked = 0
    for seed in range(40):
        state = GAME.start(seed, button=0)
        while not state.is_terminal:
            seat = state.to_act
            assert isinstance(state, SieteState)
            assert seat is not None
            if seat == 1 and state.phase == "play":
                own = list(state.punters[1].calles[0].cards)
                # From the punter's seat, the next card is any card he has not seen: the
                # stock and the bank's face-down card.
                assert state.bank_hand is not None
                unseen = [*state.deck, *state.bank_hand.cards]
                odds = next_card_odds(own)
                total = sum(card.half_points for card in own)
                assert odds.cards_left == len(unseen)
                assert odds.bust == Fraction(
                    sum(total + card.half_points > TARGET for card in unseen), len(unseen))
                assert odds.seven_and_half == Fraction(
                    sum(total + card.half_points == TARGET for card in unseen), len(unseen))
                checked += 1
            state.apply(AGENT.act(SeatView(state, seat)))
    assert checked >= 40


def test_policy_agent_checks_its_policies_and_the_hand() -> None:
    with pytest.raises(OptionError, match="two policies"):
        PolicyAgent(10, BANK)  # type: ignore[arg-type]
    answer_badly = PolicyAgent(lambda first, later: "yes", BANK)  # type: ignore[arg-type,return-value]
    with pytest.raises(OptionError, match="punter policy"):
        play_hand(GAME, [answer_badly, answer_badly], seed=1)
    # A bank policy that draws when no card is left is refused by name, not played.
    agent = PolicyAgent(punter_draws_below(16), bank_draws_below(16))
    state = GAME.start(deck=Deck.stacked("7o 6o 12c", kind=SpanishCard), button=0)
    while state.phase != "bank":  # keep, bet, draw the last card: 7 + ½ = 7½
        assert state.to_act is not None
        state.apply(agent.act(SeatView(state, state.to_act)))
    with pytest.raises(IllegalActionError, match="not among"):
        agent.act(SeatView(state, 0))
