"""Calatone's encoding: exposes and declarations are numbered by deal slot, from the seat's own
cards; the tensor shows the choices, declarations and concessions where its layout says; a seat
cannot tell apart deals that differ only in another seat's hidden cards."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from cartes.games import Bet, Calatone, Call, Check, Concede, Declare, Expose, Fold
from cartes.games.calatone.encoding import CalatoneEncoding
from cartes.games.calatone.events import Conceded, Declared
from cartes.games.encoding import encoding


def betting_round(state, *, bet):
    """The first speaker bets the minimum and the others call, or everyone checks."""
    street = state.street
    if bet:
        state.apply(Bet(state.game.min_bet))
    while state.phase == "betting" and state.street == street:
        state.apply(Call() if bet else Check())


def to_declarations(game, seed, *, cards):
    """A hand played to the declarations on ``cards`` (6 or 7) cards each, first cards
    exposed."""
    state = game.start(seed=seed)
    while state.phase == "expose":
        state.apply(state.legal_actions()[0])
    for _ in range(6 if cards == 7 else 4):
        betting_round(state, bet=True)
    if cards == 6:
        betting_round(state, bet=False)  # everyone passes in round 5: five of six (C-9)
    assert state.phase == "declare"
    return state


def test_the_numbering_is_documented():
    enc = encoding(Calatone(players=3))
    assert isinstance(enc, CalatoneEncoding)
    assert enc.num_actions == 37
    assert enc.action_names[:4] == ("fold", "check", "call", "concede")
    assert enc.action_names[4:14] == (*(f"bet[{j}]" for j in range(5)),
                                      *(f"raise[{j}]" for j in range(5)))
    assert enc.action_names[14:16] == ("expose[0]", "expose[1]")
    pairs = [tuple(map(int, name[8:-1].split(","))) for name in enc.action_names[16:]]
    assert pairs == list(itertools.combinations(range(7), 2))


@pytest.mark.parametrize("seed", range(6))
def test_expose_numbers_name_the_first_or_the_second_card_dealt(seed):
    game = Calatone(players=4)
    enc = encoding(game)
    state = game.start(seed=seed, button=seed % 4)
    while state.phase == "expose":
        seat = state.to_act
        obs = state.observation(seat)
        assert enc.legal_action_ids(obs) == [14, 15]
        first, second = state.cards[seat][:2]
        assert (enc.decode(14, obs), enc.decode(15, obs)) == (Expose(first), Expose(second))
        state.apply(enc.decode(14 + seed % 2, obs))
        # the seat's own choice shows in its tensor before the reveal, not in the others'
        chosen = enc.tensor_views(enc.observation_tensor(state.observation(seat)))["exposed"]
        assert chosen.tolist() == [1 - seed % 2, seed % 2]
        for other in range(4):
            if other != seat:
                views = enc.tensor_views(enc.observation_tensor(state.observation(other)))
                if state.phase == "expose":
                    assert views["cards"][(seat - other) % 4].sum() == 0
    assert all(state.up_cards[s][0] == state.cards[s][seed % 2] for s in range(4))


@pytest.mark.parametrize("cards", [7, 6])
def test_declaration_numbers_leave_out_the_named_deal_slots(cards):
    game = Calatone(players=3)
    enc = encoding(game)
    state = to_declarations(game, 11 + cards, cards=cards)
    seat = state.to_act
    obs = state.observation(seat)
    own = state.cards[seat]
    assert len(own) == cards
    ids = enc.legal_action_ids(obs)
    expected = [16 + k for k, (i, j) in enumerate(itertools.combinations(range(7), 2))
                if cards == 7 or j == 6]
    assert ids == [3, *expected]
    assert enc.decode(3, obs) == Concede()
    pairs = list(itertools.combinations(range(7), 2))
    for number in expected:
        i, j = pairs[number - 16]
        kept = [card for slot, card in enumerate(own) if slot not in (i, j)]
        assert enc.decode(number, obs) == Declare(kept)
        assert enc.encode(Declare(kept), obs) == number
    # the best declaration, offered first, has the number of the slots it leaves out
    best = state.legal_actions()[0]
    out = [slot for slot, card in enumerate(own) if card not in best.cards]
    if cards == 6:
        out.append(6)
    assert enc.action_names[enc.encode(best, obs)] == f"declare[{out[0]},{out[1]}]"


def test_the_tensor_shows_declarations_and_concessions():
    game = Calatone(players=3)
    enc = encoding(game)
    state = to_declarations(game, 2, cards=7)
    first = state.to_act
    best = state.legal_actions()[0]
    state.apply(best)
    second = state.to_act
    state.apply(Concede())
    for seat in [None, 0, 1, 2]:
        obs = state.observation(seat)
        views = enc.tensor_views(enc.observation_tensor(obs))
        ref = 0 if seat is None else seat
        r_first, r_second = (first - ref) % 3, (second - ref) % 3
        slots = [card in best.cards for card in state.cards[first]]
        assert views["declared"][r_first].tolist() == slots
        assert views["declared"].sum() == 5
        assert views["conceded"].tolist() == [float(r == r_second) for r in range(3)]
        assert any(isinstance(e, Declared) for e in obs.history)
        assert any(isinstance(e, Conceded) for e in obs.history)
        # the declarer's cards are all public now; the conceder's hole cards are not
        assert views["cards"][r_first].sum() == 7
        if seat != second:
            assert views["cards"][r_second].sum() == 6  # all but the hole card


def test_a_seat_cannot_tell_apart_deals_that_differ_only_in_a_hidden_card():
    """Swap seat 1's hole card (the one it keeps down) for an undealt card: seat 0 and the
    spectator see one information state, one tensor and one observation string for both
    hands; seat 1 sees two."""
    game = Calatone(players=2)
    enc = encoding(game)
    hands = []
    for swap in (False, True):
        deck = game.deck()
        deck.shuffle(np.random.default_rng(7))
        cards = list(deck.cards)
        if swap:  # the deal order is 1, 0, 1, 0: seat 1's second card is cards[2]
            cards[2], cards[-1] = cards[-1], cards[2]
        state = game.start(deck=type(deck)(cards))
        state.apply_all([Expose(state.cards[1][0]), Expose(state.cards[0][0])])
        betting_round(state, bet=True)
        betting_round(state, bet=True)
        hands.append(state)
    one, two = hands
    assert one.cards[1][1] != two.cards[1][1]
    for seat in (0, None):
        a, b = one.observation(seat), two.observation(seat)
        assert enc.information_state_key(a) == enc.information_state_key(b)
        assert enc.observation_string(a) == enc.observation_string(b)
        assert np.array_equal(enc.observation_tensor(a), enc.observation_tensor(b))
    a, b = one.observation(1), two.observation(1)
    assert enc.information_state_key(a) != enc.information_state_key(b)
    assert not np.array_equal(enc.observation_tensor(a), enc.observation_tensor(b))


def test_spread_bets_use_five_buckets_and_fold_keeps_its_number():
    game = Calatone(players=2, min_bet=2, max_bet=20)
    enc = encoding(game)
    state = game.start(seed=1)
    state.apply_all([Expose(state.cards[state.to_act][0])])
    state.apply_all([Expose(state.cards[state.to_act][0])])
    obs = state.observation(state.to_act)
    legal = enc.legal_ids(obs)
    assert (legal[0], legal[1]) == (Fold(), Check())
    assert [legal[i] for i in range(4, 9)] == [Bet(a) for a in (2, 6, 11, 16, 20)]
    assert enc.decode(enc.encode(Bet(12), obs), obs) == Bet(11)
    views = enc.tensor_views(enc.observation_tensor(obs))
    assert views["phase"].tolist() == [0, 1, 0, 0]
    assert views["street"].tolist() == [1, 0, 0, 0, 0, 0]
    assert np.array_equal(views["legal"], enc.legal_action_mask(obs))
