"""The OpenSpiel adapter: every game with an encoding passes OpenSpiel's own random-simulation
test; chance deals uniformly; information states hide what they must; an algorithm runs."""

from __future__ import annotations

import contextlib
import importlib.util
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("open_spiel")  # the distribution open-spiel, which brings pyspiel

import pyspiel

import cartes.games as games
from _openspiel import random_step, shuffling
from cartes.adapters.openspiel import OpenSpielGame, register, short_name
from cartes.errors import ConfigurationError, UnknownGameError
from cartes.games import SevenCardStud
from cartes.games.encoding import encoding, encodings


def encoded_games():
    return [
        pytest.param(name, id=name, marks=[] if name in encodings() else [
            pytest.mark.skip(reason=f"{name!r} has no encoding registered yet")])
        for name in games.available()
    ]


def variants(name):
    out = [games.get(name)]
    for options in ({"players": 3}, {"players": 8}):
        with contextlib.suppress(ConfigurationError):
            out.append(games.get(name, **options))
    return out


@pytest.mark.parametrize("name", encoded_games())
def test_openspiel_random_simulation_test_passes(name):
    spiel_name = register(name)
    pyspiel.random_sim_test(pyspiel.load_game(spiel_name), num_sims=5, serialize=True,
                            verbose=False)
    for game in variants(name)[1:]:
        pyspiel.random_sim_test(OpenSpielGame(game), num_sims=3, serialize=True,
                                verbose=False)


def test_stud_with_unusual_options_passes_the_simulation_test():
    """No raise cap (an option OpenSpiel cannot carry: None travels as JSON), small stacks
    (all-ins and side pots), eight seats (the river runs out of cards)."""
    for game in (SevenCardStud(players=4, max_raises=None, starting_stack=15),
                 SevenCardStud(players=8, starting_stack=40, ante=0)):
        spiel = OpenSpielGame(game)
        assert spiel.cartes_game == game
        pyspiel.random_sim_test(spiel, num_sims=5, serialize=True, verbose=False)


def test_load_game_takes_the_games_options():
    name = register("seven-card-stud")
    assert name == short_name("seven-card-stud") == "cartes_seven_card_stud"
    assert register("seven-card-stud") == name  # once is enough; again is harmless
    game = pyspiel.load_game(name, {"players": 4, "ante": 0, "small_bet": 4, "big_bet": 8,
                                    "options": '{"max_raises": null}'})
    assert game.num_players() == 4
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    assert state.hand.game == SevenCardStud(players=4, ante=0, small_bet=4, big_bet=8,
                                            max_raises=None)
    with pytest.raises(ConfigurationError, match=r"players must be an integer in 2\.\.8"):
        pyspiel.load_game(name, {"players": 9})


def deal(state, cards):
    """Deal the start's cards from ``cards``, in order."""
    cards = iter(cards)
    while state.is_chance_node():
        state.apply_action(next(cards))


@pytest.mark.parametrize("players", [2, 3, 8])
def test_chance_deals_each_card_as_the_hand_draws_it_and_the_hand_uses_them_in_order(players):
    """Chance deals the start's cards (three a seat), then, after the action that ends a
    betting round, the burn and the street's cards: every card not dealt equally likely; the
    hand draws them in the order dealt, and its history replays from its setup."""
    from cartes.games import replay

    game = OpenSpielGame(SevenCardStud(players=players, starting_stack=60))
    rng = np.random.default_rng(3)
    for _ in range(20):
        state = game.new_initial_state()
        chosen, at_start = [], None
        while not state.is_terminal():
            if state.is_chance_node() and not shuffling(state):
                outcomes = state.chance_outcomes()
                assert sorted(a for a, _ in outcomes) == sorted(set(range(52)) - set(chosen))
                uniform = [1 / len(outcomes)] * len(outcomes)
                assert [p for _, p in outcomes] == pytest.approx(uniform)
                chosen.append(int(rng.choice([a for a, _ in outcomes])))
                state.apply_action(chosen[-1])
                continue
            if at_start is None:
                at_start = len(chosen)
            random_step(state, rng)
        assert at_start == 3 * players
        hand = state.hand
        if "Reshuffled" not in {type(e).__name__ for e in hand.history}:
            assert [card.index for card in hand.initial_deck[:len(chosen)]] == chosen
            assert replay(hand.to_dict()).history == hand.history
        dealt = [e for e in hand.history if type(e).__name__ in ("CardDealt", "CardBurned")]
        assert len(dealt) >= len(chosen)  # every card dealt was drawn (some after a reshuffle)


def test_chance_outcomes_are_deck_positions_for_decks_that_skip_indices():
    """Spanish cards (no 8s or 9s: indices up to 47) and calatone's stripped deck: chance
    outcomes run 0..len(deck)-1, as OpenSpiel requires, and stand for the deck's cards."""
    from cartes.games import Calatone, SieteYMedio

    for game, size in ((SieteYMedio(players=3), 40), (Calatone(players=2, lowest_rank=10), 20)):
        spiel = OpenSpielGame(game)
        assert spiel.max_chance_outcomes() == size
        state = spiel.new_initial_state()
        assert sorted(a for a, _ in state.chance_outcomes()) == list(range(size))
        pyspiel.random_sim_test(spiel, num_sims=3, serialize=True, verbose=False)


def test_information_states_hide_the_other_seats_down_cards():
    game = OpenSpielGame(SevenCardStud(players=2))
    one, two = game.new_initial_state(), game.new_initial_state()
    top = list(range(52))
    deal(one, top)
    deal(two, [top[1], top[0], *top[2:]])  # the button's left and the button swap a down card
    for state in (one, two):
        state.apply_action(state.legal_actions()[0])
    enc = encoding(game.cartes_game)
    for player in (0, 1):
        same = one.information_state_string(player) == two.information_state_string(player)
        sees_the_swap = one.hand.cards[player][0] != two.hand.cards[player][0]
        assert same != sees_the_swap
        obs = one.hand.observation(player)
        assert np.array_equal(np.asarray(one.observation_tensor(player)),
                              enc.observation_tensor(obs))
        assert one.observation_string(player) == enc.observation_string(obs)


def test_a_clone_is_independent():
    game = OpenSpielGame(SevenCardStud(players=3))
    state = game.new_initial_state()
    deal(state, range(52))
    twin = state.clone()
    before = str(state)
    while not twin.is_terminal():
        twin.apply_action(twin.legal_actions()[-1])
    assert str(state) == before
    assert not state.is_terminal()
    assert twin.returns() != [0.0, 0.0, 0.0] or sum(twin.returns()) == 0


def test_undo_is_refused_and_leaves_the_state_as_it_was():
    """pyspiel cannot shorten a Python state's history (docs/adapters.rst): an undo must fail
    loudly, not leave the hand and ``history()`` out of step."""
    state = OpenSpielGame(SevenCardStud(players=2)).new_initial_state()
    deal(state, range(52))
    player, action = state.current_player(), state.legal_actions()[0]
    state.apply_action(action)
    before, history = str(state), state.history()
    with pytest.raises(pyspiel.SpielError, match="UndoAction"):
        state.undo_action(player, action)
    assert str(state) == before
    assert state.history() == history


def test_a_game_without_an_encoding_is_refused():
    from test_custom_game import HighCard

    with pytest.raises(UnknownGameError, match="no encoding for the game 'high-card'"):
        OpenSpielGame(HighCard())


def test_the_mccfr_example_trains_and_evaluates():
    path = Path(__file__).parent.parent / "examples" / "openspiel_mccfr.py"
    spec = importlib.util.spec_from_file_location("openspiel_mccfr", path)
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    values = example.train_and_evaluate(iterations=60, hands=40, seed=1)
    assert values["information_states"] > 0
    for probabilities in values["sample_policy"]:
        assert sum(probabilities.values()) == pytest.approx(1)
    assert np.isfinite(values["mean_payoff"])


def test_openspiels_rl_environment_plays_the_game():
    """rl_environment (what OpenSpiel's DQN, NFSP... learn from) samples chance itself and
    reads the information-state tensor."""
    from open_spiel.python import rl_environment

    game = OpenSpielGame(SevenCardStud(players=3))
    environment = rl_environment.Environment(game, seed=1)
    assert environment.observation_spec()["info_state"] == (game.information_state_tensor_size(),)
    rng = np.random.default_rng(0)
    total = np.zeros(3)
    for _ in range(10):
        step = environment.reset()
        while not step.last():
            player = step.observations["current_player"]
            legal = step.observations["legal_actions"][player]
            step = environment.step([int(rng.choice(legal))])
        total += step.rewards
        assert sum(step.rewards) == 0
    assert total.any()


def test_siete_y_medio_with_revision_3s_options_and_actions_passes_the_simulation_test():
    """A modality-3 proposal among four punters (a no-voter's Play or SitOut, M-31) and the
    option bust_pays_double (M-15): OpenSpiel's test passes, and random play meets both new
    action numbers."""
    from cartes.games import SieteYMedio

    game = OpenSpielGame(SieteYMedio(players=5, modality=3, minimum=1, maximum=4,
                                     bust_pays_double=True))
    pyspiel.random_sim_test(game, num_sims=10, serialize=True, verbose=False)
    names = encoding(game.cartes_game).action_names
    rng = np.random.default_rng(31)
    met = set()
    for _ in range(60):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions = [a for a, _ in state.chance_outcomes()]
            else:
                actions = state.legal_actions()
                met.update(names[a] for a in actions)
            state.apply_action(int(rng.choice(actions)))
        assert sum(state.returns()) == 0
    assert {"play", "sit_out"} <= met
