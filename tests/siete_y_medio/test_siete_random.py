"""Siete y medio random play: thousands of hands by random agents, checked against invariants.

Money is conserved between the bank and the punters at every step, every card is in exactly one
place (stock, discards, or a live hand), every offered action applies, actions not offered are
refused without changing anything, no observation shows a card its seat may not see, a calle
never holds two face-down cards, the JSON history replays mid-hand and at the end, and on a
Table the bank changes hands exactly on a privileged 7½.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cartes import Deck
from cartes.errors import IllegalActionError
from cartes.games import (
    Annul,
    Bet,
    Check,
    Decline,
    Draw,
    Exchange,
    Fold,
    Keep,
    Muerta,
    OpenCalle,
    Play,
    Raise,
    SieteYMedio,
    SitOut,
    Stand,
    Table,
    Vote,
    replay,
)
from cartes.games.siete_y_medio.events import (
    Annulled,
    BankTaken,
    Busted,
    CalleOpened,
    Dealt,
    Declined,
    Exchanged,
    Revealed,
    Settled,
    Turned,
)
from cartes.play import RandomAgent, SeatView, ThresholdAgent, play_hand, play_table

POOL = [Vote(True), Vote(False), Play(), SitOut(), Keep(), Exchange(), Annul(), Decline(),
        Bet(0), Bet(1), Bet(3), Bet(5), Stand(), Stand(1), Stand(7), Draw(), Draw(raise_by=1),
        Draw(raise_by=9), Draw(calle=3), Draw(down=True), Muerta(), Muerta(raise_by=5),
        OpenCalle(1), OpenCalle(9), Raise(to=3), Fold(), Check()]
ILL_TYPED = [Bet(1.0), Draw(raise_by=1.0), Draw(down=1), Draw(down="yes"), Stand(calle=True),
             Vote(1), OpenCalle("2"), Muerta(raise_by=None), Draw(calle=np.float64(0))]


@st.composite
def games(draw):
    modality = draw(st.sampled_from([1, 2, 3]))
    limits = {}
    if modality == 3:
        low = draw(st.integers(1, 5))
        limits = {"minimum": low, "maximum": draw(st.integers(low, low + 4))}
    return SieteYMedio(players=draw(st.integers(2, 8)), modality=modality,
                       bank_passes=draw(st.sampled_from(["privileged", "every_hand"])),
                       reveal_seven_and_half=draw(st.booleans()),
                       bust_pays_double=draw(st.booleans()), **limits)


def public_cards(state):
    """Every card shown to everybody so far, from the history alone."""
    seen = set()
    for event in state.history:
        shown_card = isinstance(event, Turned | Exchanged | Declined | Annulled)
        if shown_card or (isinstance(event, Dealt) and event.face_up):
            seen.add(event.card)
        elif isinstance(event, Busted | Revealed):
            seen.update(event.cards)
    return seen


def check_state(state):
    # money: what the punters lose the bank wins, at every step
    assert sum(state.net) == 0
    # every card in exactly one place
    places = list(state.deck.cards) + list(state.discards) + list(state.aside)
    hands = [c for p in state.order for c in state.punters[p].calles]
    if state.bank_hand is not None:
        hands.append(state.bank_hand)
    for calle in hands:
        assert len(calle.cards) == len(calle.up)
        assert calle.up.count(False) <= 1  # M-8, M-23
        if calle.status != "bust":
            places.extend(calle.cards)
    assert Counter(places) == Counter(state.initial_deck)
    # M-23: a calle with no face-down card is offered only a face-down card
    if state.phase == "play":
        calles = state.punters[state.to_act].calles
        for offer in state.legal_actions():
            if isinstance(offer, Draw | OpenCalle) and False not in calles[offer.calle].up:
                assert offer.down, offer
    # M-31: only a no-voter of an adopted proposal chooses, before any card is dealt
    if state.phase == "choice":
        assert state.votes[state.to_act] is False
        assert not any(isinstance(e, Dealt) for e in state.history)
    # no leaks: a seat sees public cards and its own cards, never a muerta's before the end
    public = public_cards(state)
    assert state.observation(None).visible_cards() <= public
    for seat in range(state.n):
        own = {e.card for e in state.history
               if isinstance(e, Dealt) and e.seat == seat and not e.blind}
        assert state.observation(seat).visible_cards() <= public | own, seat


def probe(state):
    """Offered actions apply; everything else is refused and changes nothing."""
    legal = state.legal_actions()
    assert legal
    before = state.clone()
    for offer in legal:
        state.clone().apply(offer.choose())
    for action in POOL:
        if not any(offer.allows(action) for offer in legal):
            with pytest.raises(IllegalActionError):
                state.apply(action)
    for action in ILL_TYPED:
        with pytest.raises(IllegalActionError):
            state.apply(action)
    with pytest.raises(IllegalActionError):
        state.apply(legal[0].choose(), seat=(state.to_act + 1) % state.n)
    assert state == before
    assert replay(state.to_json()) == state


def play_checked(game, seed, probing):
    rng = np.random.default_rng(seed)
    n = game.players
    bank = int(rng.integers(n))
    punters = [s for s in range(n) if s != bank]
    out = [s for s in punters if rng.random() < 0.15]
    state = game.start(seed, button=bank, sitting_out=out,
                       stacks=[int(x) for x in rng.integers(-50, 50, n)])
    agents = [RandomAgent(rng) if rng.random() < 0.7 else ThresholdAgent() for _ in range(n)]
    while not state.is_terminal:
        check_state(state)
        if probing:
            probe(state)
        seat = state.to_act
        state.apply(agents[seat].act(SeatView(state, seat)))
    check_state(state)
    return state


def check_finished(state):
    assert sum(state.payoffs) == 0
    settled = sum(e.amount for e in state.history if isinstance(e, Settled))
    busted = sum(e.amount for e in state.history if isinstance(e, Busted))
    assert state.payoffs[state.bank] == busted - settled
    assert replay(state.to_json()) == state
    taken = [e.seat for e in state.history if isinstance(e, BankTaken)]
    bank_total = next((e.total for e in state.history if isinstance(e, Busted)
                       and e.seat == state.bank), None)
    if bank_total is not None and not state.game.bust_pays_double:
        assert not taken  # M-15: nobody takes the bank on its bust (seed d.3)
        # every live hand is paid (a 7½ once, a muerta 7½ three times) or lost by a muerta
        assert {e.outcome for e in state.history if isinstance(e, Settled)} <= {
            "win", "muerta", "bust"}
    if state.game.bank_passes == "privileged":
        assert state.next_button == (taken[0] if taken else state.bank)
    privileged = [e for e in state.history if isinstance(e, Settled) and e.outcome == "privileged"]
    assert len(privileged) <= 1
    assert [e.seat for e in privileged] == (
        taken if state.game.bank_passes == "privileged" else [e.seat for e in privileged])


@settings(max_examples=120, deadline=None)
@given(game=games(), seed=st.integers(0, 2**32 - 1), probing=st.booleans())
def test_random_hands_keep_every_invariant(game, seed, probing):
    check_finished(play_checked(game, seed, probing))


@pytest.mark.slow
@settings(max_examples=800, deadline=None)
@given(game=games(), seed=st.integers(0, 2**32 - 1), probing=st.booleans())
def test_random_hands_keep_every_invariant_many(game, seed, probing):
    check_finished(play_checked(game, seed, probing))


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
    dealt = [e for e in state.history if isinstance(e, Dealt)]
    banks = {e.card for e in dealt if e.seat == state.bank}  # M-43: the bank's 3 or 4 shows
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


@pytest.mark.slow
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
        check_state(state)
    assert state.is_terminal


def test_thousands_of_random_hands():
    rng = np.random.default_rng(2026)
    for players in range(2, 9):
        game = SieteYMedio(players=players)
        for number in range(400):
            agents = [RandomAgent(rng) if rng.random() < 0.6 else ThresholdAgent()
                      for _ in range(players)]
            state = play_hand(game, agents, rng, button=number % players)
            assert sum(state.payoffs) == 0
            dealt = [e.card for e in state.history if isinstance(e, Dealt)]
            if not any(e.kind in ("restock", "annul") for e in state.history):
                assert len(set(dealt)) == len(dealt)
            if number % 10 == 0:
                assert replay(state.to_dict()) == state


def test_on_a_table_the_bank_changes_hands_exactly_on_a_privileged_7_and_half():
    game = SieteYMedio(players=6)
    table = Table(game)
    rng = np.random.default_rng(5)
    agents = [RandomAgent(rng), ThresholdAgent()] * 3
    changes = 0
    for _ in range(600):
        bank = table.button
        state = table.start_hand(rng)
        assert state.bank == bank
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
