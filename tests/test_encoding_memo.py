"""The remembered action numbering (issue 20): an encoding whose numbering reads only the
offers keeps it per tuple of offers; at every decision of random play it equals the numbering
computed afresh, decodes and encodes back the same, comes as a new dict each call, stays
within its bound and is left out of pickles."""

from __future__ import annotations

import contextlib
import pickle
from dataclasses import dataclass

import numpy as np
import pytest

import cartes.games as games
from _encodings import SpreadEncoding, offered
from cartes.errors import ConfigurationError
from cartes.games import Bet, Call, Fold, Observation, Raise, SevenCardStud, SieteYMedio
from cartes.games.contract import Action
from cartes.games.encoding import AmountEncoding, encoding, encodings
from cartes.games.poker.encoding import PokerEncoding


def encoded_games():
    return [
        pytest.param(name, id=name, marks=[] if name in encodings() else [
            pytest.mark.skip(reason=f"{name!r} has no encoding registered")])
        for name in games.available()
    ]


def variants(name):
    """The game's default configuration and a few others (players, spread limits)."""
    out = [games.get(name)]
    for options in ({"players": 3}, {"players": 6},
                    {"players": 3, "modality": 3, "minimum": 1, "maximum": 12}):
        with contextlib.suppress(ConfigurationError, TypeError):
            out.append(games.get(name, **options))
    return out


def decisions(game, hands, seed):
    """The seat to act's observation at every decision of random seeded hands (small
    stacks now and then, for all-ins and short ranges)."""
    rng = np.random.default_rng(seed)
    for _ in range(hands):
        options = {"button": int(rng.integers(game.players))}
        stack = getattr(game, "starting_stack", None)
        if stack and rng.random() < 0.5:
            options["stacks"] = [int(rng.integers(1, 40)) for _ in range(game.players)]
        state = game.start(int(rng.integers(2**31)), **options)
        while not state.is_terminal:
            yield state, state.observation(state.to_act)
            legal = state.legal_actions()
            state.apply(legal[int(rng.integers(len(legal)))].choose(rng))


def afresh(reference, obs):
    """``reference``'s numbering of ``obs`` with nothing remembered."""
    memo = getattr(reference, "_memo", None)
    if memo is not None:
        memo.clear()
    legal = reference.legal_ids(obs)
    if memo is not None:
        memo.clear()
    return legal


HANDS = {"seven-card-stud": 120, "calatone": 60, "siete-y-medio": 100}


@pytest.mark.parametrize("name", encoded_games())
def test_the_remembered_numbering_is_the_numbering_afresh(name):
    hits = 0
    for number, game in enumerate(variants(name)):
        enc, reference = encoding(game), encoding(game)
        for state, obs in decisions(game, HANDS.get(name, 15), seed=100 + number):
            known = isinstance(enc, AmountEncoding) and tuple(obs.legal_actions) in enc._memo
            hits += known
            legal = enc.legal_ids(obs)
            fresh = afresh(reference, obs)
            assert legal == fresh
            assert [type(a) for _, a in sorted(legal.items())] == [
                type(a) for _, a in sorted(fresh.items())]
            if isinstance(enc, PokerEncoding) and type(enc).legal_ids is PokerEncoding.legal_ids:
                assert legal == enc._number_offers(tuple(obs.legal_actions))
            # the round trips, through the remembered numbering
            assert enc.legal_action_ids(obs) == sorted(fresh)
            for i, action in fresh.items():
                assert enc.decode(i, obs) == action
                assert enc.encode(action, obs) == i
                assert any(offer.allows(action) for offer in state.legal_actions())
            # a new dict each call: changing one changes nothing remembered
            legal.clear()
            assert enc.legal_ids(obs) == fresh
    if name in ("seven-card-stud", "siete-y-medio", "calatone"):
        assert hits > 0  # the offers did repeat, so the memo was read


@pytest.mark.parametrize("game", [SevenCardStud(players=3), SieteYMedio(players=3)],
                         ids=["stud", "siete"])
def test_the_adapter_still_numbers_from_the_offers_alone(game):
    pytest.importorskip("open_spiel")
    from cartes.adapters.openspiel._hand import Setup

    assert Setup(game).offers_only


def test_the_memo_is_bounded():
    enc = SpreadEncoding(SevenCardStud())
    enc._memo_size = 16
    for top in range(2, 200):
        obs = offered(Fold(), Call(), Raise(2, up_to=top))
        assert enc.legal_ids(obs) == enc._number_offers(obs.legal_actions)
        assert len(enc._memo) <= 16
    assert 0 < len(enc._memo) <= 16
    # the default bound is a few thousand
    assert 1000 <= AmountEncoding._memo_size <= 10_000


def test_offers_given_as_a_list_are_remembered_as_a_tuple():
    enc = SpreadEncoding(SevenCardStud())
    offers = [Fold(), Bet(1, up_to=9)]
    obs = Observation(0, 0, (), (), (), (), (), (), offers, False)  # type: ignore[arg-type]
    assert enc.legal_ids(obs) == enc._number_offers(tuple(offers))
    assert tuple(offers) in enc._memo


def test_an_unhashable_offer_is_numbered_every_time():
    @dataclass(frozen=True, slots=True)
    class Fussy(Action):
        kind = "fussy_memo_test"
        notes: list[int]

    class FussyEncoding(SpreadEncoding):
        simple_kinds = ("fold", "fussy_memo_test")

    enc = FussyEncoding(SevenCardStud())
    obs = offered(Fold(), Fussy([1]))
    assert enc.legal_ids(obs) == {0: Fold(), 1: Fussy([1])}
    assert enc._memo == {}


@pytest.mark.parametrize("game", [SevenCardStud(players=3), SieteYMedio(players=3),
                                  games.get("calatone")], ids=["stud", "siete", "calatone"])
def test_encodings_pickle_without_their_memo(game):
    enc = encoding(game)
    seen = list(decisions(game, 5, seed=1))
    for _, obs in seen:
        enc.legal_ids(obs)
    assert enc._memo
    data = pickle.dumps(enc)
    memo, enc._memo = enc._memo, {}
    assert len(data) == len(pickle.dumps(enc))  # the memo is not in the pickle
    enc._memo = memo
    back = pickle.loads(data)
    assert back._memo == {}
    for _, obs in seen:
        assert back.legal_ids(obs) == enc.legal_ids(obs)
