"""Dealing as drawn (issue 20): the OpenSpiel adapter deals each card as a chance node just
before the hand draws it (what ``State.cards_to_draw`` says an action takes, checked in
test_cards_to_draw.py); a hand so dealt is the hand its setup replays, and a game that
miscounts is caught."""

from __future__ import annotations

import numpy as np
import pytest

from cartes.games import Calatone, SevenCardStud, SieteYMedio, replay
from test_cards_to_draw import CONFIGS

pytest.importorskip("open_spiel")

import pyspiel

from _openspiel import named, random_step, shuffling
from cartes.adapters.openspiel import OpenSpielGame
from cartes.adapters.openspiel._hand import _SETUPS
from cartes.deck import Deck


def cards_drawn(hand):
    return [event for event in hand.history
            if type(event).__name__ in ("CardDealt", "CardBurned")]


@pytest.mark.parametrize("game", CONFIGS, ids=repr)
def test_a_hand_dealt_as_drawn_replays_from_its_setup(game):
    """Random play through the adapter: chance deals only cards the hand draws (never more
    than a hand can use), and the hand's setup then holds them on top in the order dealt, so
    that ``replay`` gives the same hand (hands shuffled in mid-hand excepted: their order
    was chance's, not the seed's)."""
    spiel = OpenSpielGame(game)
    setup = spiel._the_setup()
    assert setup.lazy
    rng = np.random.default_rng(11)
    replayed = 0
    for _ in range(30):
        state = spiel.new_initial_state()
        deals = 0
        while not state.is_terminal():
            deals += state.is_chance_node() and not shuffling(state)
            random_step(state, rng)
        hand = state.hand
        dealt = state._h.dealt  # (the last card left is dealt without a chance node)
        assert deals <= len(dealt) <= setup.cards_used
        assert len(set(dealt)) == len(dealt)
        if state._h.cuts:
            continue
        assert len(dealt) == len(cards_drawn(hand))  # every card dealt was drawn, once
        assert replay(hand.to_dict()).history == hand.history
        replayed += 1
    assert replayed


def at_the_call():
    """Heads-up stud dealt outcomes 0-5, brought in: the call to come ends third street."""
    game = OpenSpielGame(SevenCardStud(players=2))
    state = game.new_initial_state()
    for card in range(6):
        state.apply_action(card)
    state.apply_action(named(state)["bring_in"])
    return game, state, named(state)["call"]


def test_each_chance_node_in_mid_hand_deals_what_the_action_takes():
    """Heads-up stud: the call that ends third street waits while chance deals the burn and
    one card a seat, then takes effect; until then the hand is as it was."""
    game, state, call = at_the_call()
    before = list(state.hand.history)
    state.apply_action(call)
    assert state.is_chance_node()
    assert state.hand.history == before
    outcome = state.chance_outcomes()[0][0]
    assert state.action_to_string(outcome).startswith("Deal")
    for card in (10, 11, 12):
        state.apply_action(card)
    assert not state.is_chance_node()
    hand = state.hand
    assert hand.street == 4
    assert [card.index for card in hand.initial_deck[6:9]] == [
        game.chance_cards[o].index for o in (10, 11, 12)]
    assert hand.cards[1][3] == game.chance_cards[11]  # burn 10, then seat 1, seat 0
    assert hand.cards[0][3] == game.chance_cards[12]


def test_a_game_that_miscounts_its_draws_is_caught():
    """A hand whose ``cards_to_draw`` says less than it takes would draw cards chance never
    dealt: the adapter refuses to go on, naming the game."""
    from cartes.games.stud.state import StudState

    _, state, call = at_the_call()
    original = StudState.cards_to_draw
    StudState.cards_to_draw = lambda self, action: 0
    try:
        with pytest.raises(AssertionError, match=r"StudState\.cards_to_draw"):
            state.apply_action(call)  # it ends third street: a burn and two cards
    finally:
        StudState.cards_to_draw = original


def test_a_game_that_cannot_count_is_dealt_up_front():
    """A state without ``cards_to_draw`` (a plugin's) gets every card a hand can use before
    the first decision, as before."""
    from cartes.games.contract import State
    from cartes.games.stud.state import StudState

    original, setups = StudState.cards_to_draw, dict(_SETUPS)
    StudState.cards_to_draw = State.cards_to_draw
    _SETUPS.clear()  # (a game's setup is made once, and says how it is dealt)
    try:
        spiel = OpenSpielGame(SevenCardStud(players=2))
        setup = spiel._the_setup()
        assert not setup.lazy
        assert setup.first_cards == setup.cards_used == 18
        state = spiel.new_initial_state()
        rng = np.random.default_rng(2)
        steps = 0
        while state.is_chance_node():
            random_step(state, rng)
            steps += 1
        assert steps == 18
        while not state.is_terminal():
            assert not state.is_chance_node()
            random_step(state, rng)
    finally:
        StudState.cards_to_draw = original
        _SETUPS.clear()
        _SETUPS.update(setups)


@pytest.mark.parametrize("game", CONFIGS[::2], ids=repr)
def test_python_and_cpp_answer_alike(game):
    """``is_chance_node`` and ``legal_actions`` are answered in Python for Python callers:
    the same as pyspiel's C++ gives (what C++ solvers see), for every player, in random play
    through deals, shuffles and the end."""
    spiel = OpenSpielGame(game)
    rng = np.random.default_rng(5)
    players = [None, *range(game.players)]
    for _ in range(10):
        state = spiel.new_initial_state()
        while True:
            assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
            assert state.legal_actions() == pyspiel.State.legal_actions(state)
            for player in players[1:]:
                assert (state.legal_actions(player)
                        == pyspiel.State.legal_actions(state, player)), player
            if state.is_terminal():
                break
            random_step(state, rng)


@pytest.mark.parametrize("game", CONFIGS, ids=repr)
def test_the_adapters_start_is_the_games(game):
    """The adapter starts its hands from a setup made once (the arguments are the same every
    hand): each hand equals the one ``Game.start`` deals from the same deck."""
    setup = OpenSpielGame(game)._the_setup()
    assert setup.template is not None
    rng = np.random.default_rng(3)
    for _ in range(5):
        cards = [setup.cards[o] for o in rng.permutation(len(setup.cards))]
        ours = setup.start(list(cards))
        theirs = game.start(deck=Deck(cards), reshuffle_seed=0)
        assert ours == theirs
        assert ours.setup == theirs.setup


def test_a_start_that_shuffles_is_dealt_up_front():
    """Eight stud players all in from the antes: the start deals the whole hand, the river's
    reshuffle included; such a start is not a fixed count of the fresh deck's top, so chance
    deals every card up front, and every card a player holds is one chance dealt."""
    for players, lazy in ((2, True), (8, False)):
        spiel = OpenSpielGame(SevenCardStud(players=players, starting_stack=1))
        assert spiel._the_setup().lazy is lazy
        rng = np.random.default_rng(players)
        for _ in range(5):
            state = spiel.new_initial_state()
            while not state.is_terminal():
                random_step(state, rng)
            dealt = {spiel.chance_cards[o] for o in state._h.dealt}
            held = {card for cards in state.hand.revealed_cards() for card in cards}
            assert held <= dealt


@pytest.mark.parametrize("players", [7, 8])
def test_an_all_in_run_out_to_a_short_river_is_chance_s(players):
    """Everyone all in on third street: the call that ends it deals fourth to sixth street
    at once, then the stub is too short for the river and is reshuffled: by chance, after
    the cards it takes are dealt (the call is tried on a clone, the hand untouched)."""
    spiel = OpenSpielGame(SevenCardStud(players=players, starting_stack=6))
    rng = np.random.default_rng(0)
    passive = ("call", "complete", "bring_in", "check")
    state = spiel.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            random_step(state, rng)
            continue
        names = named(state)
        state.apply_action(next((names[n] for n in passive if n in names), max(names.values())))
    assert state._h.cuts  # the river's reshuffle was chance's
    assert sum(state.returns()) == 0


def pending_view(game, deal, choose, viewer):
    """The information state of ``viewer`` at the chance node after the actions ``choose``
    names (a list of action names, one a decision), the start dealt from ``deal``."""
    state = game.new_initial_state()
    deal = iter(deal)
    while state.is_chance_node():
        state.apply_action(next(deal))
    for name in choose:
        state.apply_action(named(state)[name])
    assert state.is_chance_node()
    return state, state.information_state_string(viewer)


def test_an_action_waiting_for_its_cards_shows_only_what_a_spectator_sees():
    """At the chance node that deals what an action takes, the other seats' information
    states show the action as they would once it takes effect: not calatone's choice of the
    card to expose, not whether a 7½ punter drew or opened a calle (possible only on a hidden
    figure); the seat itself sees its choice."""
    calatone = OpenSpielGame(Calatone(players=2, starting_stack=1))  # all in from the antes
    first, second = pending_view(calatone, [0, 1, 2, 3], ["expose[0]", "expose[1]"], 1), \
        pending_view(calatone, [0, 3, 2, 1], ["expose[0]", "expose[0]"], 1)
    assert first[1] == second[1]  # seat 0 exposed card 3, its second card or its first
    assert first[0].information_state_string(0) != second[0].information_state_string(0)
    siete = OpenSpielGame(SieteYMedio(players=2))
    cards = siete.chance_cards
    figure = next(o for o, c in cards.items() if c.is_figure)
    six = next(o for o, c in cards.items() if c.rank == 6)
    draws = {}
    for kind in ("draw", "open_calle"):
        state = siete.new_initial_state()
        state.apply_action(figure)  # the punter's card, then the bank's
        state.apply_action(six)
        offers = named(state)
        state.apply_action(offers[min(n for n in offers if n.startswith("bet"))])
        offers = named(state)
        state.apply_action(offers[min(n for n in offers if n.startswith(kind) and "down" not in n)])
        assert state.is_chance_node()
        draws[kind] = state
    bank = 0
    assert (draws["draw"].information_state_string(bank)
            == draws["open_calle"].information_state_string(bank))
    assert (draws["draw"].information_state_string(1)
            != draws["open_calle"].information_state_string(1))
    two = next(o for o, c in cards.items() if c.rank == 2)  # no figure: no calle opens
    for state in draws.values():
        state.apply_action(two)
    assert (draws["draw"].information_state_string(bank)
            == draws["open_calle"].information_state_string(bank))
