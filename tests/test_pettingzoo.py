"""The PettingZoo adapter: every game with an encoding passes PettingZoo's api_test (and its
seed test); rewards are the payoffs; illegal numbers are refused."""

from __future__ import annotations

import contextlib

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

import cartes.games as games
from cartes.adapters.pettingzoo import CartesEnv, env
from cartes.errors import ConfigurationError, IllegalActionError
from cartes.games import SevenCardStud
from cartes.games.encoding import encoding, encodings


def encoded_games():
    return [
        pytest.param(name, id=name, marks=[] if name in encodings() else [
            pytest.mark.skip(reason=f"{name!r} has no encoding registered yet")])
        for name in games.available()
    ]


@pytest.mark.parametrize("name", encoded_games())
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
def test_pettingzoo_api_test_passes(name):
    configs = [games.get(name)]
    for players in (3, 6):
        with contextlib.suppress(ConfigurationError):
            configs.append(games.get(name, players=players))
    for game in configs:
        api_test(CartesEnv(game), num_cycles=200, verbose_progress=False)
    seed_test(lambda: CartesEnv(configs[-1]), num_cycles=50)


def test_rewards_are_the_payoffs_and_the_hand_is_the_cartes_hand():
    game = SevenCardStud(players=3, starting_stack=30)
    environment = env(game)
    rng = np.random.default_rng(2)
    for episode in range(20):
        environment.reset(seed=episode)
        totals = dict.fromkeys(environment.possible_agents, 0.0)
        while environment.agents:
            agent = environment.agent_selection
            obs, reward, terminated, truncated, _ = environment.last()
            totals[agent] += reward
            if terminated or truncated:
                environment.step(None)
                continue
            assert obs["observation"].shape == encoding(game).tensor_shape
            legal = np.flatnonzero(obs["action_mask"])
            environment.step(int(rng.choice(legal)))
        hand = environment.hand
        assert hand.is_terminal
        assert tuple(totals[a] for a in environment.possible_agents) == hand.payoffs


def test_the_button_moves_each_episode_and_a_seed_starts_over():
    environment = CartesEnv(SevenCardStud(players=3))
    buttons = []
    for episode in range(5):
        environment.reset(seed=4 if episode in (0, 3) else None)
        buttons.append(environment.hand.button)
    assert buttons == [0, 1, 2, 0, 1]


def test_the_same_seed_deals_the_same_hand():
    one, two = CartesEnv(SevenCardStud()), CartesEnv(SevenCardStud())
    one.reset(seed=7)
    two.reset(seed=7)
    assert one.hand == two.hand
    one.reset(seed=8)
    assert one.hand != two.hand


def test_an_illegal_number_is_refused_and_changes_nothing():
    environment = CartesEnv(SevenCardStud())
    with pytest.raises(IllegalActionError, match="call reset"):
        environment.step(0)
    environment.reset(seed=1)
    before = environment.hand.clone()
    with pytest.raises(IllegalActionError, match="action number 0 \\(fold\\) is not legal"):
        environment.step(0)
    assert environment.hand == before
    with pytest.raises(ConfigurationError, match="render_mode"):
        CartesEnv(SevenCardStud(), render_mode="rgb_array")
    with pytest.raises(ConfigurationError, match=r"needs a cartes\.games Game"):
        CartesEnv("seven-card-stud")


def test_render_shows_the_log():
    environment = CartesEnv(SevenCardStud(), render_mode="ansi")
    assert environment.render() is None
    environment.reset(seed=1)
    assert environment.render().startswith("Hand starts")


@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
def test_siete_y_medio_with_revision_3s_options_and_actions_passes_the_api_test():
    """A modality-3 proposal among four punters (a no-voter's Play or SitOut, M-31) and the
    option bust_pays_double (M-15); random play meets both new action numbers."""
    from cartes.games import SieteYMedio

    game = SieteYMedio(players=5, modality=3, minimum=1, maximum=4, bust_pays_double=True)
    api_test(CartesEnv(game), num_cycles=200, verbose_progress=False)
    names = encoding(game).action_names
    environment = env(game)
    rng = np.random.default_rng(31)
    met = set()
    for episode in range(60):
        environment.reset(seed=episode)
        while environment.agents:
            obs, _, terminated, truncated, _ = environment.last()
            if terminated or truncated:
                environment.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            met.update(names[i] for i in legal)
            environment.step(int(rng.choice(legal)))
    assert {"play", "sit_out"} <= met


def test_7_half_the_redeal_after_an_annulment_follows_the_environments_seed():
    """The re-deal is shuffled from the environment's seed: the same seed re-deals the same,
    and hands re-deal by different permutations (not one fixed order)."""
    from cartes.games import SieteYMedio

    game = SieteYMedio(players=3)
    annul = encoding(game).action_names.index("annul")

    def redeal(seed):
        environment = CartesEnv(game)
        environment.reset(seed=seed)
        obs = environment.observe(environment.agent_selection)
        if not obs["action_mask"][annul]:
            return None
        environment.step(annul)
        hand = environment.hand
        order = {card: i for i, card in enumerate(hand.initial_deck)}
        return tuple(order[card] for card in hand.deck.cards)

    found = {seed: redeal(seed) for seed in range(300)}
    orders = [order for order in found.values() if order is not None]
    assert len(orders) >= 3
    assert len(set(orders)) == len(orders)
    seed = next(s for s, order in found.items() if order is not None)
    assert redeal(seed) == found[seed]
