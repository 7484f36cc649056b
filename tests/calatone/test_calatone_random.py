"""Random calatone play, checked against invariants.

Chips are conserved, no card is dealt twice and every card comes from the game's deck, every
offered action applies, actions not offered are refused without changing anything, no
observation shows a card the seat may not see (other seats' expose choices before the reveal
included), the JSON history replays to an equal state mid-hand and at the end, and the pot
awards equal an independent recomputation from the history.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cartes import Card
from cartes.errors import IllegalActionError
from cartes.evaluation import evaluate
from cartes.games import (
    Bet,
    BringIn,
    Calatone,
    Call,
    Check,
    Concede,
    Declare,
    Expose,
    Fold,
    Raise,
    Show,
    replay,
)
from cartes.games.calatone.events import Conceded, Declared, ExposuresRevealed
from cartes.games.calatone.rules import hand_value
from cartes.games.poker.events import (
    Acted,
    AntePosted,
    CardDealt,
    PotAwarded,
    RoundStarted,
    Shown,
    UncalledReturned,
)
from cartes.play import CallingStation, RandomAgent, SeatView, SimpleAgent, play_hand

POOL = [Fold(), Check(), Call(), BringIn(), Show(), Concede(), Expose("As"), Expose("2c"),
        Declare("As Ks Qs Js Ts"), *[Bet(k) for k in (1, 2, 5, 10, 11, 30)],
        *[Raise(to=k) for k in (2, 3, 10, 12, 25, 60)]]
ILL_TYPED = [Bet(5.0), Bet(True), Bet("5"), Raise(to=10.0), Raise(to=None), Raise(to=[10])]


@st.composite
def games(draw):
    players = draw(st.integers(2, 7))
    low = draw(st.integers(2, 15 - -(-7 * players // 4)))
    min_bet = draw(st.integers(1, 3))
    return Calatone(
        players=players,
        ante=draw(st.integers(0, 3)),
        min_bet=min_bet,
        max_bet=draw(st.integers(min_bet, 10)),
        max_raises_per_round=draw(st.sampled_from([None, 1, 2, 4])),
        all_pass_ends_hand=draw(st.booleans()),
        lowest_rank=low,
        max_bet_scope=draw(st.sampled_from(["raise", "round"])),
    )


class StubbornAgent:
    """Random, but never folds or concedes when anything else is legal: reaches the later
    streets and the declarations far more often than RandomAgent."""

    def __init__(self, rng):
        self.rng = rng

    def act(self, view):
        keep = [a for a in view.legal_actions if a not in (Fold(), Concede())]
        return keep[int(self.rng.integers(len(keep)))].choose(self.rng)


def rank_groups(cards):
    """2 to 4 cards by rank groups only (C-11), written here from the rule: the shape of the
    groups (quads, trips, two pair, pair, high card), then the ranks, biggest groups first."""
    counts = {}
    for card in cards:
        counts[card.rank] = counts.get(card.rank, 0) + 1
    groups = sorted(((n, r) for r, n in counts.items()), reverse=True)
    shape = [n for n, _ in groups]
    category = (4 if shape[0] == 4 else 3 if shape[0] == 3 else 2 if shape[:2] == [2, 2]
                else 1 if shape[0] == 2 else 0)
    return (0, category, *(r for _, r in groups))


def value(state, cards):
    """An independent value of a shown or declared hand: for five cards the evaluator
    directly, for fewer the rule written out."""
    low = state.game.lowest_rank
    if len(cards) < 5:
        return rank_groups(cards)
    if low > 2:  # the stripped-deck straight needs the game's own valuation
        return (1, hand_value(cards, low))
    return (1, evaluate(list(cards), "calatone").strength)


def independent_awards(state):
    """Recompute every pot and its winners from the history alone."""
    n = state.n
    put = [0] * n
    folded = set()
    for event in state.history:
        if isinstance(event, AntePosted | Acted):
            put[event.seat] += event.amount
            if isinstance(event, Acted) and isinstance(event.action, Fold):
                folded.add(event.seat)
        elif isinstance(event, UncalledReturned):
            put[event.seat] -= event.amount
    live = [s for s in range(n) if s not in folded]
    layers = []
    remaining = list(put)
    while any(remaining[s] > 0 for s in live):
        level = min(remaining[s] for s in live if remaining[s] > 0)
        eligible = {s for s in live if remaining[s] > 0}
        amount = 0
        for s in range(n):
            take = min(level, remaining[s])
            amount += take
            remaining[s] -= take
        if not any(remaining[s] > 0 for s in live):
            amount += sum(remaining)
            remaining = [0] * n
        layers.append([amount, eligible])
    if not layers:  # nothing in, or only folded chips: one pot, contested even empty (C-26)
        layers.append([sum(put), set(live)])
    values = {}
    for event in state.history:
        if isinstance(event, Shown):
            values[event.seat] = value(state, event.cards)
        elif isinstance(event, Declared):
            values[event.seat] = value(state, event.five)
        elif isinstance(event, Conceded):
            for layer in layers:
                if event.seat in layer[1] and len(layer[1]) > 1:
                    layer[1].discard(event.seat)
    result = {}
    for number, (amount, claimants) in enumerate(layers):
        if len(claimants) > 1:
            best = max(values[s] for s in claimants)
            claimants = {s for s in claimants if values[s] == best}
        result[number] = (amount, sorted(claimants))
    return result


def public_cards(state):
    """Every card any seat may see: up cards after the reveal, and shown or declared hands."""
    public = set()
    revealed = any(isinstance(e, ExposuresRevealed) for e in state.history)
    if revealed:
        for up in state.up_cards:
            public.update(up)
    for event in state.history:
        if isinstance(event, Shown | Declared):
            public.update(event.cards)
    return public


def check_observations(state):
    public = public_cards(state)
    for seat in [*range(state.n), None]:
        own = set(state.cards[seat]) if seat is not None else set()
        leaked = state.observation(seat).visible_cards() - own - public
        assert not leaked, f"seat {seat} sees {leaked}"


def check_offers_within_the_spread(state, legal):
    """C-4 / C-28, from the offers alone: a bet or raise adds at least ``min_bet`` (unless it
    is the seat's all-in, or under "round" the raise to the ceiling) and at most ``max_bet``
    on top ("raise"), or takes the seat's round total to at most ``max_bet`` ("round")."""
    game, rnd, seat = state.game, state.round, state.to_act
    if state.phase != "betting":
        return
    level = max(rnd.contrib)
    all_in = rnd.contrib[seat] + state.stacks[seat]
    ceiling = game.max_bet_scope == "round"
    for offer in legal:
        if isinstance(offer, Bet | Raise):
            low = offer.amount if isinstance(offer, Bet) else offer.to
            high = low if offer.up_to is None else offer.up_to
            assert high <= all_in
            assert high <= (game.max_bet if ceiling else level + game.max_bet), offer
            assert low - level >= game.min_bet or low == all_in or (
                ceiling and low == game.max_bet
            ), offer


def check_rounds_within_the_limits(state):
    """From the history alone: each round's full bets and raises (an increment of at least
    ``min_bet`` and the last full one) stay within the cap (C-23), and under "round" no seat's
    chips in a round ever pass ``max_bet`` (C-28)."""
    game = state.game
    put, level, increment, full = [0] * state.n, 0, 0, 0
    for event in state.history:
        if isinstance(event, RoundStarted):
            put, level, increment, full = [0] * state.n, 0, 0, 0
        elif isinstance(event, Acted):
            put[event.seat] += event.amount
            if game.max_bet_scope == "round":
                assert put[event.seat] <= game.max_bet, event
            if put[event.seat] > level:
                raised = put[event.seat] - level
                if raised >= max(game.min_bet, increment):
                    increment = raised
                    full += 1
                level = put[event.seat]
            if game.max_raises_per_round is not None:
                assert full <= game.max_raises_per_round, event


def check_finished_hand(state):
    check_rounds_within_the_limits(state)
    assert sum(state.payoffs) == 0
    assert sum(state.stacks) == sum(state.initial_stacks)
    assert all(stack >= 0 for stack in state.stacks)
    dealt = [e.card for e in state.history if isinstance(e, CardDealt)]
    assert len(set(dealt)) == len(dealt)
    assert dealt == list(state.initial_deck[: len(dealt)])  # no burns (C-16), top first
    assert all(card.rank >= state.game.lowest_rank - 2 for card in dealt)
    expected = independent_awards(state)
    awards = {e.pot: e for e in state.history if isinstance(e, PotAwarded)}
    assert sorted(awards) == sorted(expected)
    order = [(state.dealer + 1 + i) % state.n for i in range(state.n)]
    for number, (amount, winners) in expected.items():
        event = awards[number]
        assert event.amount == amount
        got = [seat for seat, _ in event.shares]
        assert sorted(got) == winners
        assert got == sorted(got, key=order.index)  # odd chips from the dealer's left (C-14)
        shares = [chips for _, chips in event.shares]
        assert shares == sorted(shares, reverse=True)
        assert shares[0] - shares[-1] <= 1
    assert replay(json.loads(state.to_json())) == state
    check_observations(state)


def play_checked(game, seed, probe):
    rng = np.random.default_rng(seed)
    agents = [RandomAgent(rng) if rng.random() < 0.4 else StubbornAgent(rng)
              for _ in range(game.players)]
    stacks = [int(rng.integers(1, 40)) for _ in range(game.players)]
    state = game.start(seed, stacks=stacks, button=int(rng.integers(game.players)))
    while not state.is_terminal:
        seat = state.to_act
        legal = state.legal_actions()
        assert legal
        check_offers_within_the_spread(state, legal)
        if probe:
            before = state.clone()
            for offer in legal:
                state.clone().apply(offer.choose())
            foreign = [Expose(c) for c in state.initial_deck[-3:]]
            for action in [*POOL, *foreign]:
                if not any(offer.allows(action) for offer in legal):
                    with pytest.raises(IllegalActionError):
                        state.apply(action)
            for action in ILL_TYPED:
                with pytest.raises(IllegalActionError):
                    state.apply(action)
            with pytest.raises(IllegalActionError):
                state.apply(legal[0], seat=(seat + 1) % game.players)
            assert state == before
            check_observations(state)
            assert replay(state.to_json()) == state
        state.apply(agents[seat].act(SeatView(state, seat)))
    return state


@settings(max_examples=120, deadline=None)
@given(game=games(), seed=st.integers(0, 2**32 - 1), probe=st.booleans())
def test_random_hands_keep_every_invariant(game, seed, probe):
    check_finished_hand(play_checked(game, seed, probe))


@pytest.mark.slow
@settings(max_examples=800, deadline=None)
@given(game=games(), seed=st.integers(0, 2**32 - 1), probe=st.booleans())
def test_random_hands_keep_every_invariant_many(game, seed, probe):
    check_finished_hand(play_checked(game, seed, probe))


def test_thousands_of_hands_with_the_built_in_agents():
    rng = np.random.default_rng(2026)
    kinds = [RandomAgent(rng), SimpleAgent(), CallingStation(), StubbornAgent(rng)]
    for players in range(2, 8):
        game = Calatone(players=players)
        for _ in range(300):
            agents = [kinds[int(rng.integers(len(kinds)))] for _ in range(players)]
            stacks = [int(rng.integers(1, 80)) for _ in range(players)]
            state = play_hand(game, agents, rng, stacks=stacks)
            assert sum(state.payoffs) == 0
            dealt = [e.card for e in state.history if isinstance(e, CardDealt)]
            assert len(set(dealt)) == len(dealt)
            assert replay(state.to_dict()) == state


def test_expose_choices_stay_hidden_until_everyone_has_chosen():
    state = Calatone(players=5).start(seed=9)
    while state.phase == "expose":
        for seat in range(5):
            others = set(state.cards[seat])
            seen = state.observation(seat).visible_cards()
            assert seen <= others, f"seat {seat} sees {seen - others} before the reveal"
        state.apply(state.legal_actions()[1])
    assert all(len(up) == 1 for up in state.up_cards)
    assert all(isinstance(c, Card) for c in state.observation(None).visible_cards())


@settings(max_examples=40, deadline=None)
@given(game=games(), seed=st.integers(0, 2**32 - 1))
def test_the_written_out_clone_is_the_base_clone_from_the_declared_fields(game, seed):
    """CalatoneState writes its clone out for speed: it must copy exactly what its declared
    ``copied`` fields (the hand-state base's clone) copy, and stay independent."""
    from cartes.games.hand import HandState

    rng = np.random.default_rng(seed)
    state = game.start(seed=seed)
    while not state.is_terminal:
        own, generic = state.clone(), HandState.clone(state)
        assert own == generic == state
        assert sorted(own.__dict__) == sorted(generic.__dict__)
        legal = state.legal_actions()
        action = legal[int(rng.integers(len(legal)))].choose(rng)
        own.apply(action)
        generic.apply(action)
        assert own == generic != state  # the original is untouched by either
        state.apply(action)
        assert state == own
