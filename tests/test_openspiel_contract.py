"""OpenSpiel's contract, part by part (issue 20): observers for every IIGObservationType,
7½'s mid-hand shuffles as chance, game strings that load back, serialised states, pickled
games, a real information-state tensor, compact and exact information-state strings,
resampling from an information state and fast clones."""

from __future__ import annotations

import itertools
import pickle

import numpy as np
import pytest

pytest.importorskip("open_spiel")

import pyspiel
from open_spiel.python.observation import make_observation

from _openspiel import random_state, random_step, replay, tensor_of, twins
from cartes.adapters.openspiel import OpenSpielGame, register
from cartes.games import Calatone, SevenCardStud, SieteYMedio
from cartes.games.encoding import canonical

NAMES = ("seven-card-stud", "calatone", "siete-y-medio")
PRIVATE = pyspiel.PrivateInfoType
OBS_TYPES = [
    pyspiel.IIGObservationType(perfect_recall=recall, public_info=public, private_info=private)
    for recall, public, private in itertools.product(
        (False, True), (False, True), (PRIVATE.NONE, PRIVATE.SINGLE_PLAYER, PRIVATE.ALL_PLAYERS))
]


def obs_id(obs_type):
    return (f"{'recall' if obs_type.perfect_recall else 'now'}-"
            f"{'public' if obs_type.public_info else 'nopublic'}-"
            f"{str(obs_type.private_info).rsplit('.', 1)[-1]}")


def three_handed():
    return [
        pytest.param(OpenSpielGame(SevenCardStud(players=3)), id="stud"),
        pytest.param(OpenSpielGame(Calatone(players=3)), id="calatone"),
        pytest.param(OpenSpielGame(SieteYMedio(players=3)), id="siete"),
    ]


# -- 1. observers ------------------------------------------------------------------------------


@pytest.mark.parametrize("game", three_handed())
def test_every_observer_shows_exactly_what_its_type_names(game):
    """Twin states differ only in a card seat q alone has seen: a view of seat p changes
    exactly when its type includes q's private information (ALL_PLAYERS, or SINGLE_PLAYER
    with p = q); strings and tensors alike."""
    rng = np.random.default_rng(20)
    observers = {obs_id(t): (t, make_observation(game, t)) for t in OBS_TYPES}
    for _ in range(6):
        state, twin, q = twins(game, rng)
        for name, (obs_type, observer) in observers.items():
            for p in range(game.num_players()):
                includes_q = obs_type.private_info == PRIVATE.ALL_PLAYERS or (
                    obs_type.private_info == PRIVATE.SINGLE_PLAYER and p == q)
                strings = observer.string_from(state, p), observer.string_from(twin, p)
                tensors = tensor_of(observer, state, p), tensor_of(observer, twin, p)
                same = strings[0] == strings[1], np.array_equal(*tensors)
                if not includes_q:
                    assert same == (True, True), (name, p, q)
                elif obs_type.perfect_recall:
                    assert same == (False, False), (name, p, q)


@pytest.mark.parametrize("game", three_handed())
def test_public_views_are_the_same_for_every_player_and_private_ones_hold_no_public_part(game):
    rng = np.random.default_rng(3)
    public = [make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=recall, public_info=True, private_info=PRIVATE.NONE))
        for recall in (False, True)]
    nothing = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=False, public_info=False, private_info=PRIVATE.NONE))
    for _ in range(5):
        state = random_state(game, rng, int(rng.integers(0, 8)))
        for observer in public:
            views = {observer.string_from(state, p) for p in range(game.num_players())}
            assert len(views) == 1
            tensors = [tensor_of(observer, state, p) for p in range(game.num_players())]
            assert all(np.array_equal(tensors[0], t) for t in tensors)
        assert nothing.string_from(state, 0) == ""
        assert tensor_of(nothing, state, 0).size == 0


def test_the_default_views_are_the_state_methods():
    game = OpenSpielGame(SevenCardStud(players=3))
    rng = np.random.default_rng(1)
    state = random_state(game, rng, 4)
    info = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=True, public_info=True, private_info=PRIVATE.SINGLE_PLAYER))
    now = make_observation(game)
    for p in range(3):
        assert state.information_state_string(p) == info.string_from(state, p)
        assert np.array_equal(state.information_state_tensor(p), tensor_of(info, state, p))
        assert state.observation_string(p) == now.string_from(state, p)
        assert np.array_equal(state.observation_tensor(p), tensor_of(now, state, p))


# -- 2. 7½'s shuffles in mid-hand are chance ---------------------------------------------------


def annulled(game, first_three_at):
    """A 7½ hand whose bank is dealt a 3 (the deck's ``first_three_at``-th card) and annuls:
    chance is to order the 40 cards again."""
    cards = game.chance_cards
    three = next(i for i, card in cards.items() if card.rank == 3)
    order = [i for i in cards if i != three]
    order.insert(first_three_at, three)
    state = game.new_initial_state()
    for outcome in order:
        if not state.is_chance_node():
            break
        state.apply_action(outcome)
    annul = [a for a in state.legal_actions() if state.action_to_string(a) == "annul"]
    assert annul, [state.action_to_string(a) for a in state.legal_actions()]
    state.apply_action(annul[0])
    return state


def test_7_half_the_redeal_after_an_annulment_is_chance():
    game = OpenSpielGame(SieteYMedio(players=3))
    bank_first = 2  # two punters are dealt first, then the bank
    state = annulled(game, bank_first)
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert sorted(a for a, _ in outcomes) == list(range(40))
    assert [p for _, p in outcomes] == pytest.approx([1 / 40] * 40)
    hands = []
    for seed in (1, 2):
        twin = state.clone()
        rng = np.random.default_rng(seed)
        picked = []
        while twin.is_chance_node():
            choice = int(rng.choice([a for a, _ in twin.chance_outcomes()]))
            picked.append(choice)
            twin.apply_action(choice)
        assert len(picked) == 39  # the 40th card is the one left
        cards = game.chance_cards
        dealt = [e.card for e in twin.hand.history if type(e).__name__ == "Dealt"][-3:]
        assert dealt == [cards[i] for i in picked[:3]]
        hands.append(twin.hand.deck.cards)
    assert hands[0] != hands[1]


def test_7_half_pending_shuffle_views_show_the_action_taken():
    """While chance shuffles, every seat's views show that the bank annulled (the action is
    public), none shows the cards placed so far."""
    game = OpenSpielGame(SieteYMedio(players=3))
    state = annulled(game, 2)
    earlier = replay(game, [(s.player, s.action) for s in state.full_history()[:-1]])
    views = [make_observation(game, t) for t in OBS_TYPES if t.public_info]
    for p in range(3):
        for view in views:
            assert view.string_from(state, p) != view.string_from(earlier, p)
    placed = state.clone()
    placed.apply_action(placed.chance_outcomes()[0][0])
    other = state.clone()
    other.apply_action(other.chance_outcomes()[1][0])
    for p in range(3):
        assert placed.information_state_string(p) == other.information_state_string(p)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


# -- 3. game strings and serialisation --------------------------------------------------------


CONFIGS = [
    SevenCardStud(), SevenCardStud(players=4, max_raises=None, starting_stack=15),
    Calatone(), Calatone(players=3, max_raises_per_round=2, lowest_rank=8),
    SieteYMedio(), SieteYMedio(players=5, modality=3, minimum=1, maximum=4,
                               bust_pays_double=True),
]


@pytest.mark.parametrize("config", CONFIGS, ids=repr)
def test_the_game_string_loads_back_and_states_serialise(config):
    game = OpenSpielGame(config)
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game)
    assert again.cartes_game == config
    rng = np.random.default_rng(5)
    state = game.new_initial_state()
    for _ in range(60):
        if state.is_terminal():
            break
        random_step(state, rng)
    text = pyspiel.serialize_game_and_state(game, state)
    game_back, state_back = pyspiel.deserialize_game_and_state(text)
    assert str(game_back) == str(game)
    assert state_back.history() == state.history()
    assert str(state_back) == str(state)
    assert state_back.returns() == state.returns()


def test_the_options_parameter_takes_json_text_too():
    name = register("siete-y-medio")
    game = pyspiel.load_game(name, {"options": '{"minimum": 1, "maximum": 4}', "modality": 3})
    assert game.cartes_game == SieteYMedio(modality=3, minimum=1, maximum=4)
    assert pyspiel.load_game(str(game)).cartes_game == game.cartes_game


# -- 4. pickled games ------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_games_made_through_register_pickle(name):
    game = pyspiel.load_game(register(name), {"players": 3})
    back = pickle.loads(pickle.dumps(game))
    assert str(back) == str(game)
    assert back.cartes_game == game.cartes_game
    direct = OpenSpielGame(game.cartes_game)
    assert str(pickle.loads(pickle.dumps(direct))) == str(direct)
    state = back.new_initial_state()
    rng = np.random.default_rng(0)
    while not state.is_terminal():
        random_step(state, rng)


# -- 5. the information-state tensor ----------------------------------------------------------


@pytest.mark.parametrize("game", three_handed())
def test_the_information_state_tensor_is_fixed_size_and_a_function_of_the_information_state(
        game):
    size = game.information_state_tensor_size()
    assert size > 0
    assert game.get_type().provides_information_state_tensor
    rng = np.random.default_rng(7)
    by_string: dict[str, np.ndarray] = {}
    for _ in range(40):
        state = game.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node():
                p = state.current_player()
                tensor = np.asarray(state.information_state_tensor(p))
                assert tensor.shape == (size,)
                assert ((tensor >= 0) & (tensor <= 1)).all()
                key = state.information_state_string(p)
                if key in by_string:
                    assert np.array_equal(by_string[key], tensor)
                by_string[key] = tensor
            random_step(state, rng)


def test_rl_environment_reads_the_information_state_tensor():
    from open_spiel.python import rl_environment

    game = OpenSpielGame(SevenCardStud(players=3))
    environment = rl_environment.Environment(game, seed=1)
    assert environment.observation_spec()["info_state"] == (game.information_state_tensor_size(),)
    step = environment.reset()
    rng = np.random.default_rng(0)
    while not step.last():
        player = step.observations["current_player"]
        assert len(step.observations["info_state"][player]) == game.information_state_tensor_size()
        step = environment.step([int(rng.choice(step.observations["legal_actions"][player]))])
    assert sum(step.rewards) == 0


# -- 8. compact, exact information-state strings ----------------------------------------------


@pytest.mark.parametrize("game", three_handed())
def test_information_state_strings_are_compact_and_exact(game):
    """The events part (before the last ``|``) is equal exactly when the seat's observation
    (all it knows, with the history) is equal; the whole string tells the observation."""
    rng = np.random.default_rng(8)
    to_full: dict[str, str] = {}
    to_short: dict[str, str] = {}
    lengths = []
    for _ in range(60):
        state = game.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node():
                for p in range(game.num_players()):
                    short = state.information_state_string(p)
                    full = f"{p};{canonical(state.hand.observation(p))}"
                    lengths.append(len(short))
                    assert to_full.setdefault(short, full) == full
                    events = short.rsplit("|", 1)[0]
                    assert to_short.setdefault(full, events) == events
            random_step(state, rng)
    # the whole observation's text ran to 1-4 KB; universal_poker's strings are ~135 chars
    assert np.mean(lengths) < 400
    assert max(lengths) < 900


# -- 6. resampling ------------------------------------------------------------------------------


@pytest.mark.parametrize("game", three_handed())
def test_a_resampled_state_has_the_same_information_state(game):
    rng = np.random.default_rng(6)
    moved = 0
    for _ in range(15):
        state = random_state(game, rng, int(rng.integers(0, 6)))
        if state.is_terminal():
            continue
        for p in range(game.num_players()):
            other = state.resample_from_infostate(p, rng.random)
            assert other.information_state_string(p) == state.information_state_string(p)
            moved += other.history() != state.history()
            # the resample is a real state: it plays on
            twin = other.clone()
            while not twin.is_terminal():
                random_step(twin, rng)
    assert moved > 0


# -- 7. fast clones -----------------------------------------------------------------------------


def test_a_clone_is_independent_and_keeps_the_history():
    game = OpenSpielGame(SieteYMedio(players=3))
    rng = np.random.default_rng(2)
    state = random_state(game, rng, 3)
    twin = state.clone()
    assert twin.history() == state.history()
    assert str(twin) == str(state)
    before = str(state)
    while not twin.is_terminal():
        random_step(twin, rng)
    assert str(state) == before
    back = replay(game, [(s.player, s.action) for s in twin.full_history()])
    assert back is not None
    assert back.returns() == twin.returns()


@pytest.mark.parametrize("game", three_handed())
def test_the_legal_numbers_are_the_encodings(game):
    """The adapter may skip building the whole observation for the legal numbers: they are
    the encoding's from the seat's observation all the same."""
    enc = game._the_setup().encoding
    rng = np.random.default_rng(11)
    for _ in range(30):
        state = game.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node():
                seat = state.current_player()
                assert state.legal_actions() == enc.legal_action_ids(state.hand.observation(seat))
            random_step(state, rng)


def test_7_half_the_reshuffle_of_an_exhausted_stock_is_chance():
    """The stock emptied by hand (random play never empties 40 cards): the next draw waits
    for chance to order the discards, and deals the first card chance placed."""
    from cartes.deck import Deck
    from cartes.spanish import SpanishCard

    game = OpenSpielGame(SieteYMedio(players=3))
    rng = np.random.default_rng(4)
    for _ in range(100):
        state = random_state(game, rng, int(rng.integers(0, 4)))
        draws = [a for a in state.legal_actions() if state.action_to_string(a).startswith("draw")]
        if draws and not state.is_terminal():
            break
    hand = state.hand
    hand.discards.extend(hand.deck.cards)
    hand.deck = Deck([], kind=SpanishCard)
    index = {card: outcome for outcome, card in game.chance_cards.items()}
    discards = sorted(index[card] for card in hand.discards)
    state.apply_action(draws[0])
    assert state.is_chance_node()
    assert sorted(a for a, _ in state.chance_outcomes()) == discards
    first = None
    while state.is_chance_node():
        outcome = int(rng.choice([a for a, _ in state.chance_outcomes()]))
        first = outcome if first is None else first
        state.apply_action(outcome)
    reshuffled = [e for e in state.hand.history if type(e).__name__ == "StockReshuffled"]
    assert len(reshuffled) == 1
    dealt = [e for e in state.hand.history if type(e).__name__ == "Dealt"][-1]
    assert dealt.card == game.chance_cards[first]
