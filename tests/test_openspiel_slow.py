"""OpenSpiel's own checks on every game and option combination, and short runs of the
algorithms that use the adapter's contract (slow: ``pytest -m slow``)."""

from __future__ import annotations

import contextlib
import importlib.util
import itertools

import numpy as np
import pytest

pytest.importorskip("open_spiel")

import pyspiel
from open_spiel.python.observation import make_observation

import cartes.games as games
from _openspiel import random_step, replay, tensor_of, twins
from cartes.adapters.openspiel import OpenSpielGame
from cartes.errors import ConfigurationError
from cartes.games import Calatone, SevenCardStud, SieteYMedio
from test_openspiel_contract import OBS_TYPES, PRIVATE

pytestmark = pytest.mark.slow


def configurations():
    """Each game at its smallest, middle and largest table, and with its other options
    switched one at a time."""
    out = []
    for name in ("seven-card-stud", "calatone", "siete-y-medio"):
        for players in (2, 3, 8):
            with contextlib.suppress(ConfigurationError):
                out.append(games.get(name, players=players))
    out += [
        SevenCardStud(players=3, max_raises=None, starting_stack=20),
        SevenCardStud(players=3, open_pair_big_bet=False, half_bet_rule=False, ante=0),
        Calatone(players=3, max_raises_per_round=1, all_pass_ends_hand=False,
                 lowest_rank=9, max_bet_scope="round"),
        SieteYMedio(players=4, modality=2),
        SieteYMedio(players=5, modality=3, minimum=1, maximum=4, bust_pays_double=True,
                    reveal_seven_and_half=True, bank_passes="every_hand"),
    ]
    return [pytest.param(game, id=f"{game.name}-{i}") for i, game in enumerate(out)]


@pytest.mark.parametrize("config", configurations())
def test_openspiels_random_simulation_test_with_serialisation(config):
    try:
        game = OpenSpielGame(config)
    except ConfigurationError:
        pytest.skip("not a valid configuration")
    pyspiel.random_sim_test(game, num_sims=10, serialize=True, verbose=False)
    assert pyspiel.load_game(str(game)).cartes_game == config


@pytest.mark.parametrize("config", [c for c in configurations() if "8" not in c.id])
def test_every_observer_on_every_configuration(config):
    game = OpenSpielGame(config)
    rng = np.random.default_rng(9)
    observers = [(t, make_observation(game, t)) for t in OBS_TYPES]
    for _ in range(4):
        state, twin, q = twins(game, rng)
        for (obs_type, observer), p in itertools.product(observers, range(game.num_players())):
            includes_q = obs_type.private_info == PRIVATE.ALL_PLAYERS or (
                obs_type.private_info == PRIVATE.SINGLE_PLAYER and p == q)
            if not includes_q:
                assert observer.string_from(state, p) == observer.string_from(twin, p)
                assert np.array_equal(tensor_of(observer, state, p),
                                      tensor_of(observer, twin, p))


@pytest.mark.parametrize("config", configurations())
def test_resampled_states_keep_the_information_state_and_replay(config):
    game = OpenSpielGame(config)
    rng = np.random.default_rng(12)
    for _ in range(10):
        state = game.new_initial_state()
        for _ in range(int(rng.integers(20, 60))):
            if state.is_terminal():
                break
            random_step(state, rng)
        if state.is_terminal() or state.is_chance_node():
            continue
        p = state.current_player()
        other = state.resample_from_infostate(p, rng.random)
        assert other.information_state_string(p) == state.information_state_string(p)
        again = replay(game, [(s.player, s.action) for s in other.full_history()])
        assert again is not None
        assert again.information_state_string(p) == other.information_state_string(p)


def test_annulled_7_half_hands_replay_from_their_history():
    game = OpenSpielGame(SieteYMedio(players=4))
    rng = np.random.default_rng(13)
    annulled = 0
    for _ in range(300):
        state = game.new_initial_state()
        while not state.is_terminal():
            random_step(state, rng)
        if any(type(e).__name__ == "Annulled" for e in state.hand.history):
            annulled += 1
            again = replay(game, [(s.player, s.action) for s in state.full_history()])
            assert again is not None
            assert again.hand == state.hand
            assert again.returns() == state.returns()
    assert annulled > 5


@pytest.mark.parametrize("config", [SevenCardStud(players=2), Calatone(players=2),
                                    SieteYMedio(players=2)], ids=repr)
def test_mccfr_and_is_mcts_run(config):
    from open_spiel.python.algorithms import ismcts, mcts, outcome_sampling_mccfr

    game = OpenSpielGame(config)
    np.random.seed(1)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(30):
        solver.iteration()
    policy = solver.average_policy()
    state = game.new_initial_state()
    while state.is_chance_node():
        random_step(state, np.random.default_rng(0))
    probabilities = policy.action_probabilities(state)
    assert sum(probabilities.values()) == pytest.approx(1)

    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(2)),
                           uct_c=2.0, max_simulations=20, random_state=np.random.RandomState(3))
    rng = np.random.default_rng(4)
    for _ in range(2):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                random_step(state, rng)
            else:
                action = bot.step(state)
                assert action in state.legal_actions()
                state.apply_action(action)
        assert sum(state.returns()) == 0


def _learning_dependencies() -> None:
    """Deep CFR and NFSP are OpenSpiel's PyTorch code: they need torch and dm-tree, which no
    extra of ours pins (``.ci/run`` installs the CPU build where it is reachable)."""
    for module, distribution in (("torch", "torch"), ("tree", "dm-tree")):
        if importlib.util.find_spec(module) is None:
            pytest.skip(f"{distribution} is not installed (Deep CFR's and NFSP's dependency)")


def _first_decision(game: OpenSpielGame, seed: int) -> pyspiel.State:
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        random_step(state, rng)
    return state


# Deep CFR's external-sampling traversal walks every action of the traverser: one traversal of
# heads-up 7½ takes under a second, of stud over a minute and of calatone over two, so the
# poker games' tensors are exercised by NFSP below instead.
@pytest.mark.parametrize("name", ["siete-y-medio"])
def test_deep_cfr_learns_a_policy_over_the_legal_actions(name: str) -> None:
    _learning_dependencies()
    import torch
    from open_spiel.python.pytorch import deep_cfr

    np.random.seed(0)  # Deep CFR samples chance and actions from numpy's global generator
    torch.manual_seed(0)
    game = OpenSpielGame(games.get(name, players=2))
    solver = deep_cfr.DeepCFRSolver(game, policy_network_layers=(16,),
                                    advantage_network_layers=(16,), num_iterations=1,
                                    num_traversals=3, learning_rate=1e-3,
                                    batch_size_advantage=4, batch_size_strategy=4,
                                    memory_capacity=1000)
    _, advantage_losses, policy_loss = solver.solve()
    # a loss is None while a buffer holds fewer samples than a batch: each learned here
    assert policy_loss is not None
    assert np.isfinite(policy_loss)
    for losses in advantage_losses.values():
        assert all(loss is not None and np.isfinite(loss) for loss in losses)
    # the traversals stored what each player saw: the information-state tensors of the game
    assert len(solver.strategy_buffer) > 0
    for seed in range(3):
        state = _first_decision(game, seed)
        probabilities = solver.action_probabilities(state)
        assert sorted(probabilities) == state.legal_actions()
        values = np.array(list(probabilities.values()))
        assert (values >= 0).all()
        assert values.sum() <= 1 + 1e-6


@pytest.mark.parametrize("name", ["seven-card-stud", "calatone", "siete-y-medio"])
def test_nfsp_plays_and_learns_through_rl_environment(name: str) -> None:
    _learning_dependencies()
    import torch
    from open_spiel.python import rl_environment
    from open_spiel.python.pytorch import nfsp

    torch.manual_seed(0)
    game = OpenSpielGame(games.get(name, players=2))
    environment = rl_environment.Environment(game, seed=1)
    size = environment.observation_spec()["info_state"][0]
    assert size == game.information_state_tensor_size() > 0
    actions = environment.action_spec()["num_actions"]
    agents = [
        nfsp.NFSP(player, state_representation_size=size, num_actions=actions,
                  hidden_layers_sizes=[16], reservoir_buffer_capacity=100,
                  anticipatory_param=0.5, min_buffer_size_to_learn=8, batch_size=8,
                  learn_every=4, seed=player)
        for player in (0, 1)
    ]
    returns = []
    for _ in range(30):
        step = environment.reset()
        while not step.last():
            player = step.observations["current_player"]
            output = agents[player].step(step)
            assert output.action in step.observations["legal_actions"][player]
            step = environment.step([output.action])
        for agent in agents:
            agent.step(step)
        returns.append(step.rewards)
    assert all(abs(sum(r)) < 1e-9 for r in returns)  # two-player zero-sum hands
    assert any(agent.loss[0] is not None for agent in agents)  # the average policy learned
