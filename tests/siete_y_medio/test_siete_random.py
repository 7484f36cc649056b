"""Random siete y medio play for what only 7½ promises: a seat's observation is a function of
what it may know (a hidden card swapped changes nothing another seat sees), no sequence of
actions loops on a small deck, and on a Table the bank changes hands exactly on a privileged
7½. The invariants every game shares, 7½'s card places and its settlement (against the pot
oracle) are checked in random play by the harness, ``tests/test_random_play.py``.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from _siete import check_card_places, check_siete_state
from _siete import siete_games as games
from cartes import Deck
from cartes.errors import IllegalActionError
from cartes.games import Annul, Exchange, OpenCalle, SieteYMedio, Table
from cartes.games.dealing import CardDealt
from cartes.games.siete_y_medio.events import BankTaken, CalleOpened
from cartes.play import RandomAgent, SeatView, ThresholdAgent, play_table


def _mentions(event, cards):
    shown = getattr(event, "cards", None) or (getattr(event, "card", None),)
    return any(card in cards for card in shown)


def _rules_tell_them_apart(state, cards):
    """Whether the rules themselves now show something of ``cards`` to everybody: a public
    event naming one, a calle opened by one, a hand holding one at 7½ or more, the end."""
    if state.is_terminal:
        return True
    public = [event.seen_by(None) for event in state.history]
    for i, event in enumerate(public):
        if _mentions(event, cards):
            return True
        if isinstance(event, CalleOpened) and _mentions(state.history[i - 1], cards):
            return True
    hands = [c for p in state.order for c in state.punters[p].calles]
    return any(c.total >= 15 and set(c.cards) & cards for c in hands)


def swap_a_hidden_card(game, seed):
    """Play a random hand; then play its actions again on the same deck with one card a
    punter held hidden swapped for a card of another value (held by nobody else who looks).
    Until the rules themselves tell the two apart, every other seat, and a spectator, must see
    exactly the same: a seat's observation is a function of what it may know."""
    rng = np.random.default_rng(seed)
    n = game.players
    options = {"button": int(rng.integers(n)), "reshuffle_seed": int(rng.integers(2**31)),
               "stacks": [int(x) for x in rng.integers(-9, 9, n)]}
    state = game.start(seed, **options)
    agents = [RandomAgent(rng) if rng.random() < 0.7 else ThresholdAgent() for _ in range(n)]
    while not state.is_terminal:
        state.apply(agents[state.to_act].act(SeatView(state, state.to_act)))
    dealt = [e for e in state.history if isinstance(e, CardDealt)]
    banks = {e.card for e in dealt if e.seat == state.button}  # M-43: the bank's 3 or 4 shows
    hidden = [e for e in dealt if not e.face_up and e.card not in banks]
    if not hidden:
        return 0
    mine = hidden[int(rng.integers(len(hidden)))]
    others = [c for c in state.initial_deck
              if c.half_points != mine.card.half_points and c not in banks]
    theirs = others[int(rng.integers(len(others)))]
    swapped = [theirs if c == mine.card else mine.card if c == theirs else c
               for c in state.initial_deck]
    twins = [game.start(deck=Deck.stacked(list(d)), **options)
             for d in (state.initial_deck, swapped)]
    holders = {e.seat for e in dealt if e.card in (mine.card, theirs)}
    watchers = [s for s in range(n) if s not in holders] + [None]
    pair = {mine.card, theirs}
    compared = 0
    for seat, action in state.actions:
        if any(_rules_tell_them_apart(twin, pair) for twin in twins):
            break
        for watcher in watchers:
            assert twins[0].observation(watcher) == twins[1].observation(watcher), watcher
            compared += 1
        twins[0].apply(action, seat=seat)
        try:
            twins[1].apply(action, seat=seat)
        except IllegalActionError:  # a right of the card itself (a 3, a 4, a 7, a figure)
            break
    return compared


@settings(max_examples=150, deadline=None)
@given(game=games(), seed=st.integers(0, 2**32 - 1))
def test_others_see_nothing_of_a_hidden_card(game, seed):
    swap_a_hidden_card(game, seed)


@pytest.mark.soak
@settings(max_examples=800, deadline=None)
@given(game=games(), seed=st.integers(0, 2**32 - 1))
def test_others_see_nothing_of_a_hidden_card_many(game, seed):
    swap_a_hidden_card(game, seed)


def test_the_hidden_card_swaps_compare_many_observations():
    compared = sum(swap_a_hidden_card(SieteYMedio(players=p), seed)
                   for p in (2, 4) for seed in range(60))
    assert compared > 1500


@settings(max_examples=150, deadline=None)
@given(players=st.integers(2, 4), cards=st.lists(
    st.sampled_from(["3o", "3c", "3e", "3b", "4o", "4c", "4e", "4b", "10o", "11c", "7e", "1b"]),
    min_size=4, max_size=12, unique=True), seed=st.integers(0, 2**32 - 1))
def test_no_sequence_of_actions_loops_on_a_small_deck(players, cards, seed):
    """Exchanges, annuls and calles preferred whenever offered: every hand still ends."""
    from cartes.spanish import SpanishCard

    rng = np.random.default_rng(seed)
    state = SieteYMedio(players=players).start(
        deck=Deck.stacked(cards[:max(players, len(cards))], kind=SpanishCard), reshuffle_seed=seed)
    for _ in range(3000):  # a deck of 3s and 4s and one other card takes a few hundred
        if state.is_terminal:
            break
        legal = state.legal_actions()
        eager = [a for a in legal if isinstance(a, Exchange | Annul | OpenCalle)]
        offer = (eager or legal)[int(rng.integers(len(eager or legal)))]
        state.apply(offer.choose(rng))
        check_card_places(state)
        check_siete_state(state)
    assert state.is_terminal


def test_on_a_table_the_bank_changes_hands_exactly_on_a_privileged_7_and_half():
    game = SieteYMedio(players=6)
    table = Table(game)
    rng = np.random.default_rng(5)
    agents = [RandomAgent(rng), ThresholdAgent()] * 3
    changes = 0
    for _ in range(600):
        bank = table.button
        state = table.start_hand(rng)
        assert state.button == bank
        while not state.is_terminal:
            seat = state.to_act
            state.apply(agents[seat].act(SeatView(state, seat)))
        table.finish_hand(state)
        taken = [e.seat for e in state.history if isinstance(e, BankTaken)]
        assert table.button == (taken[0] if taken else bank)
        changes += table.button != bank
    assert changes > 10
    assert sum(table.stacks) == 0


def test_play_table_and_simulate_work_unchanged():
    from cartes.play import simulate

    game = SieteYMedio(players=4)
    results = simulate(game, [ThresholdAgent(), RandomAgent(1), RandomAgent(2), ThresholdAgent()],
                       200, seed=3)
    assert results.shape == (200, 4)
    assert not results.sum(axis=1).any()
    table = Table(game, stacks=[10, 0, -10, 0])
    rows = play_table(table, [ThresholdAgent()] * 4, 100, seed=4)
    assert rows.shape == (100, 4)
    assert sum(table.stacks) == 0


def test_default_action_is_always_applicable():
    from cartes.games import default_action

    rng = np.random.default_rng(8)
    game = SieteYMedio(players=5, modality=3, minimum=1, maximum=4)
    for _ in range(200):
        state = game.start(rng, button=int(rng.integers(5)))
        while not state.is_terminal:
            for policy in ("check_fold", "all_in"):
                state.clone().apply(default_action(state, policy))
            legal = state.legal_actions()
            state.apply(legal[int(rng.integers(len(legal)))].choose(rng))
