"""7½ advice against the bank's best response (issue 23 item 6): the table-aware programme."""

from __future__ import annotations

from fractions import Fraction

import pytest

from cartes.analysis.sieteymedio_advice import advice, advice_from_observation
from cartes.analysis.sieteymedio_bank import (
    _FACTORIAL,
    _AgainstBank,
    _state_of,
    best_response_value,
    response_options,
)
from cartes.analysis.sieteymedio_play import solver_for
from cartes.analysis.sieteymedio_seen import unseen_deck
from cartes.errors import OptionError
from cartes.games import get
from cartes.games.chips import Bet
from cartes.games.siete_y_medio.actions import Keep, Vote
from cartes.games.siete_y_medio.rules import MODALITY_LIMITS


@pytest.mark.parametrize("seed", range(8))
def test_a_bank_blind_to_the_table_gives_the_threshold_programme(seed: int) -> None:
    # the table-aware programme, its bank ignoring the table, must be the HandSolver exactly
    state = get("siete-y-medio", players=2).start(seed=seed, button=0)
    if state.observation(1).extra["phase"] != "first":
        pytest.skip("no first bet on this deal")
    state.apply(Bet(1))
    obs = state.observation(1)
    if obs.extra["phase"] != "play":
        pytest.skip("no play phase on this deal")
    solver = solver_for((1, 3), 11, max_calles=1)
    key, start = _state_of(obs, solver)
    blind = _AgainstBank(solver, lambda table, cards: sum(cards) < 11, 100_000)
    scale = _FACTORIAL[sum(key[0])]
    for move, ev in solver.options(key, every=False):
        assert Fraction(blind.after(start, move), scale) == ev


def test_best_response_advice_is_exact_fractions_and_names_the_bank() -> None:
    state = get("siete-y-medio", players=2).start(seed=31, button=0)
    state.apply(Bet(1))
    tip = advice(state, max_calles=1, bank="best_response")
    assert all(isinstance(ev, Fraction) for _, ev in tip.actions)
    assert tip.value == max(ev for _, ev in tip.actions)
    assert "best-responds" in tip.note


@pytest.mark.parametrize("seed", range(12))
def test_a_first_bet_is_worth_the_best_play_after_it(seed: int) -> None:
    # against the bank's best response, the value of a bet on the first card is the value of
    # the best move of the play phase it leads to, exactly (one enumeration, two entries)
    game = get("siete-y-medio", players=2)
    state = game.start(seed=seed, button=0)
    while state.to_act == 0:  # the bank's validity declaration on a 3 or a 4
        state.apply(Keep())
    if state.observation(1).extra["phase"] != "first":
        pytest.skip("no first bet on this deal")
    first = advice(state, max_calles=1, bank="best_response")
    assert first.value == max(ev for _, ev in first.actions)
    for action, ev in first.actions:
        if not isinstance(action, Bet):
            continue
        after = state.clone()
        after.apply(action)
        if after.observation(1).extra["phase"] != "play" or after.to_act != 1:
            continue
        # every=False: the same best value, without valuing every raise of a figure's calles
        best = advice_from_observation(after.observation(1), max_calles=1,
                                       bank="best_response", every=False)
        assert best.value == ev


def test_a_first_card_no_policy_bets_on_is_valued_against_the_threshold_bank() -> None:
    # the optimum against the 5½ bank never bets 2 or 3 on a first 7 (1 chip is best there):
    # no table of those bets ever met the response, which then plays the 5½ bank
    state = get("siete-y-medio", players=2).start(seed=31, button=0)
    solver = solver_for((1, 3), 11, max_calles=1)
    threshold = dict(solver.first_options(14, unseen_deck(state.observation(1))[0]))
    against = dict(response_options(state.observation(1), solver))
    assert max(threshold, key=lambda move: threshold[move]).amount == 1
    for move in threshold:
        if move.amount > 1:
            assert against[move] == threshold[move]
    assert against[max(against, key=lambda move: against[move])] > threshold[
        max(threshold, key=lambda move: threshold[move])]


def test_the_vote_against_the_best_response_is_the_whole_hands_value() -> None:
    # modality 3 (M-31): heads-up the punter's vote decides between the proposal and
    # modality 1; each is worth the whole hand played best against that bank
    game = get("siete-y-medio", players=2, modality=3, minimum=1, maximum=4)
    state = game.start(seed=5, button=0)
    obs = state.observation(state.to_act)
    assert obs.extra["phase"] == "vote"
    tip = advice(state, max_calles=1, bank="best_response")
    low, high = obs.extra["limits"]
    values = dict(tip.actions)
    assert values[Vote(True)] == best_response_value(
        solver_for((int(low), int(high)), 11, max_calles=1))
    assert values[Vote(False)] == best_response_value(
        solver_for(MODALITY_LIMITS[1], 11, max_calles=1))


def test_the_kept_enumeration_values_as_a_fresh_one() -> None:
    # response_options keeps one enumeration per rules across calls (its memo spans hands):
    # what it says after valuing other hands is what a new enumeration says
    from cartes.analysis import sieteymedio_bank

    solver = solver_for((1, 3), 11, max_calles=1)
    observations = []
    for seed in (31, 0, 2):
        state = get("siete-y-medio", players=2).start(seed=seed, button=0)
        state.apply(Bet(1))
        observations.append(state.observation(1))
    sieteymedio_bank._AGAINST.clear()
    first = response_options(observations[0], solver)
    for obs in observations[1:]:
        response_options(obs, solver)
    assert len(sieteymedio_bank._AGAINST) == 1
    assert response_options(observations[0], solver) == first
    sieteymedio_bank._AGAINST.clear()
    for obs in observations[1:]:
        kept = response_options(obs, solver)
        sieteymedio_bank._AGAINST.clear()
        assert response_options(obs, solver) == kept


def test_the_best_response_model_played_in_the_driver_earns_its_value() -> None:
    # every deal where the punter's first card is a 7 and he bets 1, played on by
    # AdviceAgent("best_response") in both seats (the punter's advice, the bank's response):
    # the mean payoff is the advised value of that spot, within four standard errors
    import numpy as np

    from cartes.analysis.sieteymedio_advice import AdviceAgent
    from cartes.play import SeatView

    game = get("siete-y-medio", players=2)
    agent = AdviceAgent("best_response", max_calles=1)
    results, values = [], set()
    seed = 0
    while len(results) < 2_500:
        seed += 1
        state = game.start(seed=seed, button=0)
        while state.to_act == 0:  # the bank's validity declaration on a 3 or a 4: it keeps
            state.apply(agent.act(SeatView(state, 0)))
        obs = state.observation(1)
        if obs.extra["phase"] != "first" or obs.cards[1][0].half_points != 14:
            continue
        state.apply(Bet(1))
        values.add(advice(state, max_calles=1, bank="best_response").value)
        while not state.is_terminal:
            state.apply(agent.act(SeatView(state, state.to_act)))
        results.append(state.payoffs[1])
    (value,) = values  # every first 7 is the same spot to the punter
    payoff = np.array(results)
    error = payoff.std() / np.sqrt(len(payoff))
    assert abs(payoff.mean() - float(value)) < 4 * error, (payoff.mean(), float(value), error)


def test_advice_agent_refuses_an_unknown_bank() -> None:
    from cartes.analysis.sieteymedio_advice import AdviceAgent

    with pytest.raises(OptionError, match="best_response"):
        AdviceAgent("best")


@pytest.mark.slow
def test_whole_hands_of_the_best_response_model_earn_the_programmes_value() -> None:
    # heads-up hands from the deal on, AdviceAgent("best_response") in both seats: the punter
    # answering the bank's response at every decision (his first card and its exchange or
    # decline included), the bank playing that response; the punter's mean payoff is the
    # programme's value of the whole hand, within four standard errors
    import numpy as np

    from cartes.analysis.sieteymedio_advice import AdviceAgent
    from cartes.play import SeatView

    game = get("siete-y-medio", players=2)
    agent = AdviceAgent("best_response", max_calles=1)
    results = []
    for seed in range(40_000):
        state = game.start(seed=seed, button=0)
        while not state.is_terminal:
            state.apply(agent.act(SeatView(state, state.to_act)))
        results.append(state.payoffs[1])
    value = best_response_value(solver_for((1, 3), 11, max_calles=1))
    payoff = np.array(results, dtype=float)
    error = payoff.std() / np.sqrt(len(payoff))
    assert abs(payoff.mean() - float(value)) < 4 * error, (payoff.mean(), float(value), error)
