"""Train a seven-card stud policy with OpenSpiel's outcome-sampling MCCFR, then play it
against a uniformly random policy.

Needs the ``open-spiel`` extra: ``pip install -e '.[open-spiel]'``. Run it with
``python examples/openspiel_mccfr.py``. A short stack and small limits keep the game small;
a few thousand iterations are only a start (the information sets number in the millions), so
read the result as a demonstration of the plumbing, not as a strong player.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from open_spiel.python import policy as policy_lib
from open_spiel.python.algorithms import outcome_sampling_mccfr

from cartes.adapters.openspiel import OpenSpielGame
from cartes.games import SevenCardStud


def play(game: Any, policies: list[Any], rng: np.random.Generator) -> list[float]:
    """One hand: chance sampled from its outcomes, each seat from its policy."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            choices = policies[state.current_player()].action_probabilities(state)
            actions, weights = zip(*choices.items(), strict=True)
            weights = np.asarray(weights) / np.sum(weights)
            state.apply_action(int(rng.choice(actions, p=weights)))
    return [float(r) for r in state.returns()]


def train_and_evaluate(iterations: int = 2000, hands: int = 500, seed: int = 0) -> dict[str, Any]:
    """Train for ``iterations``, then play ``hands`` hands each way round against random."""
    np.random.seed(seed)  # outcome sampling draws from numpy's global generator
    game = OpenSpielGame(SevenCardStud(players=2, ante=1, bring_in=1, small_bet=2, big_bet=4,
                                       starting_stack=20))
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(iterations):
        solver.iteration()
    trained = solver.average_policy()
    uniform = policy_lib.UniformRandomPolicy(game)
    rng = np.random.default_rng(seed)
    won = [play(game, [trained, uniform], rng)[0] for _ in range(hands)]
    won += [play(game, [uniform, trained], rng)[1] for _ in range(hands)]
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    return {
        "information_states": len(solver._infostates),  # the solver has no public count
        "sample_policy": [trained.action_probabilities(state)],
        "mean_payoff": float(np.mean(won)),
    }


if __name__ == "__main__":
    result = train_and_evaluate()
    print(f"information states visited: {result['information_states']}")
    print(f"mean payoff against a random player: {result['mean_payoff']:+.2f} chips a hand")
