"""Helpers for the OpenSpiel adapter's tests: random play, replays of a history with chance
outcomes changed, and the twin states that differ only in one seat's hidden card."""

from __future__ import annotations

import itertools

import numpy as np
import pyspiel

from cartes.games.encoding import canonical, encoding

CHANCE = int(pyspiel.PlayerId.CHANCE)


def named(state):
    """The legal actions by name (``action_to_string``)."""
    return {state.action_to_string(a): a for a in state.legal_actions()}


def shuffling(state):
    """Whether chance is placing the cards of a shuffle in mid-hand (not dealing)."""
    if not state.is_chance_node():
        return False
    outcome = state.chance_outcomes()[0][0]
    return state.action_to_string(CHANCE, outcome).startswith("Shuffle")


def random_step(state, rng):
    if state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(actions, p=probs)))
    else:
        state.apply_action(int(rng.choice(state.legal_actions())))


def random_state(game, rng, decisions):
    """A state after the deal and up to ``decisions`` random decisions (never terminal, unless
    the hand ends in the deal)."""
    state = game.new_initial_state()
    while state.is_chance_node():
        random_step(state, rng)
    for _ in range(decisions):
        child = state.clone()
        random_step(child, rng)
        while child.is_chance_node():
            random_step(child, rng)
        if child.is_terminal():
            break
        state = child
    return state


def replay(game, steps):
    """The state reached by ``steps`` (pairs of player and action), or ``None`` when one of
    them is not legal there."""
    state = game.new_initial_state()
    for player, action in steps:
        if state.current_player() != player or action not in state.legal_actions():
            return None
        state.apply_action(action)
    return state


def seen(state, seat):
    return state.hand.observation(seat).visible_cards()


def twins(game, rng, tries=200):
    """A state and its twin that differ only in one card that seat ``q`` alone has seen (it
    is swapped with a card nobody has seen), the same actions played and the same public
    view: ``(state, twin, q)``."""
    players = game.num_players()
    cards = dict(enumerate(encoding(game.cartes_game).new_deck()))
    index = {card: outcome for outcome, card in cards.items()}
    for _ in range(tries):
        state = random_state(game, rng, int(rng.integers(0, 6)))
        if state.hand is None or state.is_chance_node():
            continue
        views = [seen(state, seat) for seat in range(players)]
        public = seen(state, None)
        anyone = set().union(*views) | public
        nobody = [card for card in cards.values() if card not in anyone]
        for q in rng.permutation(players):
            others = set().union(*(views[p] for p in range(players) if p != q)) | public
            mine = sorted(views[q] - others, key=index.__getitem__)
            for hidden, other in itertools.product(mine, nobody):
                a, b = index[hidden], index[other]
                swap = {a: b, b: a}
                steps = [(s.player, swap.get(s.action, s.action) if s.player == CHANCE
                          else s.action) for s in state.full_history()]
                twin = replay(game, steps)
                # a true twin: the rules may make a hidden card public business (7½'s bank
                # declares on a first 3 or 4); then the swap changed more than q's secret
                if (twin is not None and not twin.is_chance_node()
                        and canonical(twin.hand.observation(None))
                        == canonical(state.hand.observation(None))):
                    return state, twin, int(q)
    raise AssertionError("no twin states found")


def tensor_of(observation, state, player):
    observation.set_from(state, player)
    return np.array(observation.tensor, copy=True)
