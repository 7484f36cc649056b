"""Siete y medio's encoding: the numbering is the documented one, the calle bound holds, every
kind of action met in random play in the three modalities round-trips (modality 3's wide
ranges through buckets), and the bank cannot tell a punter's face-down card."""

from __future__ import annotations

import collections
import itertools

import numpy as np
import pytest

from cartes import Deck, SpanishCard
from cartes.games import Bet, Draw, OpenCalle, SieteYMedio, Vote
from cartes.games.encoding import encoding
from cartes.games.siete_y_medio.encoding import MAX_CALLES, SieteEncoding
from test_encoding import concrete_choices, is_range


def test_the_numbering_is_the_documented_one():
    enc = encoding(SieteYMedio(players=3))
    assert isinstance(enc, SieteEncoding)
    names = enc.action_names
    assert len(names) == enc.num_actions == 6 + 3 + 3 + 12 + 12 * 2 * 3 + 12 * 2 * 3 * 3 + 2 \
        == 314
    assert names[312:] == ("play", "sit_out")  # M-31, after every older number
    assert names[:12] == ("vote[yes]", "vote[no]", "keep", "exchange", "annul", "decline",
                          "bet[0]", "bet[1]", "bet[2]", "muerta[0]", "muerta[1]", "muerta[2]")
    faces = ("up", "down")
    for c, f, k in itertools.product(range(12), range(2), range(3)):
        assert names[12 + c] == f"stand[{c}]"
        assert names[24 + (2 * c + f) * 3 + k] == f"draw[{c},{faces[f]},{k}]"
        for j in range(3):
            assert names[96 + ((2 * c + f) * 3 + j) * 3 + k] == \
                f"open_calle[{c},{faces[f]},{j},{k}]"


def test_no_punter_can_have_more_calles_than_the_deck_has_figures():
    """Calles open only on figures drawn while every card received is a figure: the bound is
    the number of figures."""
    assert sum(card.rank >= 10 for card in Deck.spanish()) == MAX_CALLES


def random_states(game, hands, seed):
    rng = np.random.default_rng(seed)
    for _ in range(hands):
        state = game.start(int(rng.integers(2**31)), button=int(rng.integers(game.players)))
        while not state.is_terminal:
            yield state, rng
            legal = state.legal_actions()
            state.apply(concrete_choices(legal[int(rng.integers(len(legal)))], rng)[-1])


@pytest.mark.parametrize(("options", "exact"), [
    ({"modality": 2, "players": 5}, True),
    ({"modality": 3, "minimum": 1, "maximum": 9, "players": 5}, False),
])
def test_every_kind_round_trips_in_random_play(options, exact):
    game = SieteYMedio(**options)
    enc = encoding(game)
    met = collections.Counter()
    for state, rng in random_states(game, 150, 3):
        obs = state.observation(state.to_act)
        legal = enc.legal_ids(obs)
        for number, action in legal.items():
            met[enc.action_names[number].split("[")[0]] += 1
            assert enc.encode(action, obs) == number
            assert any(offer.allows(action) for offer in state.legal_actions())
        for offer in state.legal_actions():
            for action in concrete_choices(offer, rng):
                back = enc.decode(enc.encode(action, obs), obs)
                if exact or not is_range(offer):
                    assert back == action
                else:
                    assert offer.allows(back)
    for kind in ("bet", "stand", "draw", "open_calle", "muerta", "keep", "exchange",
                 "decline", "annul",
                 *(["vote", "play", "sit_out"] if options["modality"] == 3 else [])):
        assert met[kind], f"random play never met {kind}"


def test_modality_three_buckets_are_the_least_the_middle_and_the_most():
    game = SieteYMedio(players=2, modality=3, minimum=2, maximum=10)
    enc = encoding(game)
    state = game.start(deck=Deck.stacked("11o 12e 10c 5b 1c", kind=SpanishCard))
    state.apply(Vote(True))
    obs = state.observation(state.to_act)
    assert [enc.decode(i, obs) for i in enc.legal_action_ids(obs)] == [Bet(2), Bet(6), Bet(10)]
    assert enc.encode(Bet(7), obs) == 7  # nearer 6 than 10
    state.apply(Bet(3))
    obs = state.observation(state.to_act)
    offers = state.legal_actions()
    assert OpenCalle(2, 0, 0, False, up_to=10, raise_up_to=7) in offers
    # open a calle with 9 on a figure, raising calle 0 by 4: buckets 10 (of 2, 6, 10) and
    # 4 (of 0, 4, 7)
    number = enc.encode(OpenCalle(9, 0, 4, False), obs)
    assert enc.action_names[number] == "open_calle[0,up,2,1]"
    assert enc.decode(number, obs) == OpenCalle(10, 0, 4, False)


def test_the_bank_cannot_tell_a_punters_face_down_card():
    game = SieteYMedio(players=2)
    enc = encoding(game)
    states = []
    for hidden in ("1c", "2c"):
        state = game.start(deck=Deck.stacked(f"5o 6e {hidden} 1b 3b", kind=SpanishCard))
        state.apply_all([Bet(1), Draw(down=True)])
        assert state.to_act == 1
        states.append(state)
    one, two = states
    for seat in (0, None):  # the bank and a spectator
        a, b = one.observation(seat), two.observation(seat)
        assert enc.information_state_key(a) == enc.information_state_key(b)
        assert np.array_equal(enc.observation_tensor(a), enc.observation_tensor(b))
        views = enc.tensor_views(enc.observation_tensor(a))
        assert views["hidden"][(1 - (seat or 0)) % 2, 0] == 1
    a, b = one.observation(1), two.observation(1)
    assert enc.information_state_key(a) != enc.information_state_key(b)
    views = enc.tensor_views(enc.observation_tensor(a))
    assert views["cards"][0, 0].nonzero()[0].tolist() == sorted(
        [SpanishCard("5o").index, SpanishCard("1c").index])
    assert views["hidden"][0, 0] == 0
    assert views["bets"][0, 0] == pytest.approx(1 / 3)
    assert views["points"][0, 0] == pytest.approx(12 / 15)


def test_m31_the_no_voters_choice_has_its_numbers_and_its_phase():
    from cartes.games import Play, SitOut, Table

    game = SieteYMedio(players=5, modality=3, minimum=2, maximum=5)
    enc = encoding(game)
    state = game.start(seed=4)
    state.apply_all([Vote(True), Vote(False), Vote(True), Vote(True)])
    obs = state.observation(state.to_act)
    assert {enc.action_names[i]: a for i, a in enc.legal_ids(obs).items()} == {
        "play": Play(), "sit_out": SitOut()}
    assert enc.decode(312, obs) == Play()
    assert enc.encode(SitOut(), obs) == 313
    views = enc.tensor_views(enc.observation_tensor(obs))
    assert views["phase"].tolist() == [0, 0, 0, 0, 0, 0, 1]
    # a table's hand in another modality: the tensor shows the hand's, not the table's game's
    table = Table(SieteYMedio(players=3))
    hand = table.start_hand(seed=1, modality=2)
    views = encoding(table.game).tensor_views(
        encoding(table.game).observation_tensor(hand.observation(hand.to_act)))
    assert views["modality"].tolist() == [0, 1, 0]
