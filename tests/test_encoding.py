"""Encodings: the action numbering round-trips for every legal action met in random play,
information-state keys are equal exactly when observations are, tensors follow their layout;
spread-limit amounts go to the documented buckets."""

from __future__ import annotations

import contextlib
import dataclasses
import itertools
import json
from typing import ClassVar

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cartes.games as games
from _encodings import SpreadEncoding, offered
from cartes import Card, Deck
from cartes.errors import ConfigurationError, IllegalActionError, UnknownGameError
from cartes.games import Bet, BringIn, Call, Fold, Observation, Raise, SevenCardStud
from cartes.games.encoding import (
    Encoding,
    canonical,
    encoding,
    encodings,
    register_encoding,
)
from cartes.games.stud.encoding import StudEncoding


def encoded_games():
    """Every registered game, with a reason to skip those that have no encoding yet."""
    out = []
    for name in games.available():
        marks = []
        if name not in encodings():
            marks = [pytest.mark.skip(reason=f"{name!r} has no encoding registered yet")]
        out.append(pytest.param(name, marks=marks, id=name))
    return out


def random_hands(game, hands, seed):
    """Random play (small stacks now and then, for all-ins): yields every state met."""
    rng = np.random.default_rng(seed)
    for _ in range(hands):
        options = {"button": int(rng.integers(game.players))}
        stack = getattr(game, "starting_stack", None)
        if stack and rng.random() < 0.5:
            options["stacks"] = [int(rng.integers(1, 40)) for _ in range(game.players)]
        state = game.start(int(rng.integers(2**31)), **options)
        while True:
            yield state
            if state.is_terminal:
                break
            legal = state.legal_actions()
            state.apply(concrete_choices(legal[int(rng.integers(len(legal)))], rng)[-1])


def concrete_choices(offer, rng):
    """Both ends of a range offer and an amount within (the offer itself if it has one).
    7½'s offers may have two ranges (``up_to`` for the ``range_field``, ``raise_up_to`` for
    ``raise_by``): the least and the most of both, and a random choice."""
    if isinstance(offer, Bet) and offer.up_to is not None:
        return [Bet(offer.amount), Bet(offer.up_to),
                Bet(int(rng.integers(offer.amount, offer.up_to + 1)))]
    if isinstance(offer, Raise) and offer.up_to is not None:
        return [Raise(offer.to), Raise(offer.up_to),
                Raise(int(rng.integers(offer.to, offer.up_to + 1)))]
    if is_range(offer):
        top = {"up_to": None}
        if offer.up_to is not None:
            top[offer.range_field] = offer.up_to
        if getattr(offer, "raise_up_to", None) is not None:
            top.update(raise_by=offer.raise_up_to, raise_up_to=None)
        return [offer.choose(), dataclasses.replace(offer, **top), offer.choose(rng)]
    return [offer]


def is_range(offer):
    """Whether an offer stands for more than one action."""
    return offer.choose() != offer or getattr(offer, "up_to", None) is not None


def variants(name):
    out = [games.get(name)]
    for players in (3, 6, 8):
        with contextlib.suppress(ConfigurationError):
            out.append(games.get(name, players=players))
    return out


@pytest.mark.parametrize("name", encoded_games())
def test_action_numbers_round_trip_in_random_play(name):
    rng = np.random.default_rng(5)
    for number, game in enumerate(variants(name)):
        enc = encoding(game)
        for state in random_hands(game, 60, number):
            for seat in range(game.players):
                obs = state.observation(seat)
                mask = enc.legal_action_mask(obs)
                assert mask.shape == (enc.num_actions,)
                if seat != state.to_act:
                    assert not mask.any()
                    continue
                ids = enc.legal_action_ids(obs)
                assert ids == sorted(np.flatnonzero(mask).tolist())
                decoded = [enc.decode(i, obs) for i in ids]
                assert len(set(decoded)) == len(decoded)
                for i, action in zip(ids, decoded, strict=True):
                    assert any(offer.allows(action) for offer in state.legal_actions())
                    assert enc.encode(action, obs) == i
                for offer in state.legal_actions():
                    for action in concrete_choices(offer, rng):
                        i = enc.encode(action, obs)
                        assert mask[i]
                        back = enc.decode(i, obs)
                        if offer.allows(back) and back == action:
                            continue
                        # only an amount between spread buckets may come back different
                        assert is_range(offer), (action, back)
                        assert offer.allows(back)
                illegal = [i for i in range(enc.num_actions) if not mask[i]]
                for i in illegal[:3]:
                    with pytest.raises(IllegalActionError, match="is not legal now"):
                        enc.decode(i, obs)


def test_every_stud_action_has_its_own_number():
    """Fixed limit: no buckets are shared, every legal action round-trips exactly; the open
    pair's two bets get numbers 7 and 8."""
    game = SevenCardStud(players=2)
    enc = encoding(game)
    deck = Deck.stacked("Ah 7s  Kh 7d  9c 2c  3h  9d 4s  5c 6c 8d 8c Qs Js Td Tc")
    state = game.start(deck=deck)
    state.apply_all([BringIn(), Call()])
    obs = state.observation(1)
    assert state.legal_actions() == (Fold(), games.Check(), Bet(5), Bet(10))
    assert enc.legal_action_ids(obs) == [0, 1, 7, 8]
    assert [enc.decode(i, obs) for i in (7, 8)] == [Bet(5), Bet(10)]
    for state in random_hands(SevenCardStud(players=4), 80, 1):
        if state.is_terminal:
            continue
        obs = state.observation(state.to_act)
        for action in state.legal_actions():
            assert enc.decode(enc.encode(action, obs), obs) == action


def test_decode_and_encode_refuse_what_is_not_legal():
    state = SevenCardStud().start(seed=1)
    enc = encoding(state.game)
    obs = state.observation(0)
    for bad in (-1, 11, 2.0, "3", True):
        with pytest.raises(IllegalActionError, match=r"an action number is an int in 0\.\.10"):
            enc.decode(bad, obs)
    with pytest.raises(IllegalActionError, match="Fold\\(\\) is not legal now"):
        enc.encode(Fold(), obs)
    with pytest.raises(IllegalActionError, match="not legal now"):
        enc.decode(3, state.observation(1))  # not seat 1's turn


@pytest.mark.parametrize("name", encoded_games())
def test_information_state_keys_are_equal_exactly_when_observations_are(name):
    for number, game in enumerate(variants(name)[:3]):
        enc = encoding(game)
        keys: dict[str, Observation] = {}
        for state in random_hands(game, 10, 10 + number):
            seen = [state.observation(seat) for seat in [None, *range(game.players)]]
            for obs in seen:
                key = enc.information_state_key(obs)
                text = enc.information_state_string(obs)
                assert enc.information_state_key(obs) == key  # stable
                if key in keys:
                    assert keys[key] == obs, "two different observations share a key"
                keys[key] = obs
                assert enc.information_state_string(keys[key]) == text
            # each seat's knowledge differs from every other seat's: so do the keys
            assert len({enc.information_state_key(obs) for obs in seen}) == len(seen)
        # and equal observations (met again after a replay) give the same key
        if hasattr(state, "to_dict"):
            try:
                again = games.replay(json.loads(state.to_json()))
            except NotImplementedError:
                continue
            for seat in range(game.players):
                assert enc.information_state_key(again.observation(seat)) == \
                    enc.information_state_key(state.observation(seat))


def test_a_seat_cannot_tell_apart_deals_that_differ_only_in_hidden_cards():
    """Two deals that differ only in seat 1's down cards: seat 0 has one information state
    for both (and one tensor), seat 1 two."""
    game = SevenCardStud(players=2)
    enc = encoding(game)
    rest = "3c 3d 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s 6c 6d"
    one = game.start(deck=Deck.stacked(f"Ah As Kh Ks 9c 2c {rest}"))
    two = game.start(deck=Deck.stacked(f"Qd As Jd Ks 9c 2c {rest}"))
    for state in (one, two):
        state.apply_all([BringIn(), Call()])
    key = enc.information_state_key
    assert key(one.observation(0)) == key(two.observation(0))
    assert key(one.observation(1)) != key(two.observation(1))
    assert key(one.observation(None)) == key(two.observation(None))
    assert np.array_equal(enc.observation_tensor(one.observation(0)),
                          enc.observation_tensor(two.observation(0)))
    assert enc.observation_string(one.observation(0)) == \
        enc.observation_string(two.observation(0))


@pytest.mark.parametrize("name", encoded_games())
def test_tensors_follow_their_layout(name):
    for number, game in enumerate(variants(name)):
        enc = encoding(game)
        parts = sorted(enc.layout.values(), key=lambda item: item[0].start)
        assert parts[0][0].start == 0
        assert parts[-1][0].stop == enc.tensor_shape[0]
        for (a, shape), (b, _) in itertools.pairwise(parts):
            assert a.stop == b.start
            assert a.stop - a.start == int(np.prod(shape))
        for state in random_hands(game, 10, 20 + number):
            for seat in [None, *range(game.players)]:
                obs = state.observation(seat)
                tensor = enc.observation_tensor(obs)
                assert tensor.shape == enc.tensor_shape
                assert tensor.dtype == np.float32
                assert ((tensor >= 0) & (tensor <= 1)).all()
                assert np.array_equal(enc.observation_tensor(obs), tensor)


def test_the_stud_tensor_shows_what_the_seat_sees_where_the_layout_says():
    game = SevenCardStud(players=3, ante=1, starting_stack=100)
    enc = encoding(game)
    state = game.start(seed=4, button=1)
    state.apply_all([BringIn(), Call(), Call()])
    for seat in range(3):
        obs = state.observation(seat)
        views = enc.tensor_views(enc.observation_tensor(obs))
        order = [(seat + r) % 3 for r in range(3)]
        for r, other in enumerate(order):
            seen = [c for c in obs.cards[other] if c is not None]
            hot = sorted(Card.from_index(int(i) % 52) for i in np.flatnonzero(views["cards"][r]))
            assert hot == sorted(seen)
            assert views["dealt"][r].sum() == len(state.cards[other]) == 4
            assert views["stacks"][r] == pytest.approx(state.stacks[other] / 300)
        assert views["cards"][0].sum() == 4  # all its own cards
        assert views["cards"][1:].sum() == 2 * 2  # two up cards of each other seat
        assert views["seat"].tolist() == [1.0 if s == seat else 0.0 for s in range(3)]
        assert views["street"].tolist() == [0, 1, 0, 0, 0]
        assert views["button"][order.index(1)] == 1
        assert np.array_equal(views["legal"], enc.legal_action_mask(obs))
        assert views["pot"][0] == pytest.approx(9 / 300)


# ---------------------------------------------------------------------------------------------
# Spread-limit buckets


SPREAD = SpreadEncoding(SevenCardStud())


def test_spread_buckets_are_the_documented_amounts():
    obs = offered(Fold(), Call(), Raise(4, up_to=20))
    legal = SPREAD.legal_ids(obs)
    assert SPREAD.action_names[7:] == ("raise[0]", "raise[1]", "raise[2]", "raise[3]",
                                        "raise[4]")
    assert [legal[i] for i in sorted(legal)] == [
        Fold(), Call(), Raise(4), Raise(8), Raise(12), Raise(16), Raise(20)]
    assert SPREAD.encode(Raise(10), obs) == 7 + 1  # 10 is as near 8 as 12: the lower
    assert SPREAD.encode(Raise(11), obs) == 7 + 2
    with pytest.raises(IllegalActionError):
        SPREAD.encode(Raise(21), obs)
    # few amounts: one number each, exact
    obs = offered(Bet(1, up_to=3))
    assert SPREAD.legal_ids(obs) == {2: Bet(1), 3: Bet(2), 4: Bet(3)}


@settings(max_examples=300, deadline=None)
@given(low=st.integers(1, 200), width=st.integers(0, 300), buckets=st.integers(2, 9),
       data=st.data())
def test_spread_buckets_cover_the_range(low, width, buckets, data):
    enc = type("E", (SpreadEncoding,), {"buckets": buckets})(SevenCardStud())
    high = low + width
    offer = Bet(low, up_to=high if width else None)
    obs = offered(Fold(), offer)
    legal = enc.legal_ids(obs)
    amounts = [legal[i].amount for i in sorted(legal) if i >= 2]
    assert amounts == sorted(set(amounts))  # distinct, in number order
    assert amounts[0] == low
    assert amounts[-1] == high
    assert len(amounts) == min(buckets, width + 1)
    for i in legal:
        assert enc.encode(enc.decode(i, obs), obs) == i
    wanted = data.draw(st.integers(low, high))
    back = enc.decode(enc.encode(Bet(wanted), obs), obs).amount
    assert abs(back - wanted) == min(abs(a - wanted) for a in amounts)


# ---------------------------------------------------------------------------------------------
# The registry


def test_a_game_without_an_encoding_is_named_in_the_error():
    from test_custom_game import HighCard

    with pytest.raises(UnknownGameError, match="no encoding for the game 'high-card'"):
        encoding(HighCard())


def test_register_encoding_checks_what_it_is_given(monkeypatch):
    from cartes.games import encoding as module

    monkeypatch.setattr(module, "_ENCODINGS", dict(module._ENCODINGS))
    with pytest.raises(ConfigurationError, match="an Encoding subclass"):
        register_encoding("x", int)
    with pytest.raises(ConfigurationError, match="non-empty string"):
        register_encoding("", SpreadEncoding)
    register_encoding("x", SpreadEncoding)
    assert "x" in encodings()
    with pytest.raises(ConfigurationError, match="already has an encoding"):
        register_encoding("x", StudEncoding)
    register_encoding("seven-card-stud", "cartes.games.stud.encoding:Nothing", replace=True)
    with pytest.raises(ConfigurationError, match="cannot load the encoding of 'seven-card-stud'"):
        encoding(SevenCardStud())
    with pytest.raises(ConfigurationError, match=r"an encoding needs a cartes\.games Game"):
        SpreadEncoding("stud")
    assert issubclass(SpreadEncoding, Encoding)


def test_registering_the_same_encoding_again_changes_nothing(monkeypatch):
    from cartes.games import encoding as module

    monkeypatch.setattr(module, "_ENCODINGS", dict(module._ENCODINGS))
    text = f"{SpreadEncoding.__module__}:{SpreadEncoding.__qualname__}"
    register_encoding("x", text)
    register_encoding("x", text)  # a plugin's module imported twice, or reloaded
    register_encoding("x", SpreadEncoding)  # the class that text names
    assert module._ENCODINGS["x"] is SpreadEncoding
    register_encoding("x", text)  # and the text again, once the class is loaded
    assert module._ENCODINGS["x"] is SpreadEncoding
    with pytest.raises(ConfigurationError, match=r"already has an encoding \(.*SpreadEncoding\)"):
        register_encoding("x", "cartes.games.stud.encoding:StudEncoding")
    register_encoding("x", StudEncoding, replace=True)
    assert module._ENCODINGS["x"] is StudEncoding


def test_an_encoding_declared_by_an_entry_point_is_found_and_loaded_when_asked(monkeypatch):
    from importlib.metadata import EntryPoint

    from cartes.games import encoding as module

    point = EntryPoint(name="plugin-stud", value="cartes.games.stud.encoding:StudEncoding",
                       group="cartes.encodings")
    other = EntryPoint(name="seven-card-stud", value="no_such_module:Encoding",
                       group="cartes.encodings")
    monkeypatch.setattr(module, "_ENCODINGS", dict(module._ENCODINGS))
    monkeypatch.setattr(module, "_discovered", False)
    asked: list[str] = []

    def found(group: str) -> list[EntryPoint]:
        asked.append(group)
        return [point, other] if group == "cartes.encodings" else []

    monkeypatch.setattr(module, "entry_points", found)
    assert "plugin-stud" in encodings()
    assert module._ENCODINGS["plugin-stud"] == point.value  # not imported yet
    encodings()
    assert asked == ["cartes.encodings"]  # discovered once
    # an entry point never replaces an encoding cartes (or the program) registered
    assert encoding(SevenCardStud()).num_actions == 11

    @dataclasses.dataclass(frozen=True)
    class PluginStud(SevenCardStud):
        name: ClassVar[str] = "plugin-stud"

    enc = encoding(PluginStud(players=3))
    assert isinstance(enc, StudEncoding)
    assert module._ENCODINGS["plugin-stud"] is StudEncoding
    register_encoding("plugin-stud", StudEncoding)  # the plugin registering it too: no error


def test_canonical_text_tells_values_apart():
    from fractions import Fraction

    values = [None, True, False, 0, 1, "1", "a,b", ("a", "b"), Fraction(1, 2), 0.5,
              (1, 2), (1, (2,)), frozenset({1, 2}), {"a": 1}, {"a": "1"}, Card("As"),
              (Card("As"),), Bet(5), Bet(5, up_to=6), Raise(5)]
    texts = [canonical(v) for v in values]
    assert len(set(texts)) == len(texts)
    with pytest.raises(ConfigurationError, match="no canonical text for object"):
        canonical(object())


@pytest.mark.parametrize("name", encoded_games())
def test_remembered_event_texts_are_the_events_own(name):
    """An information state's history text is kept with each viewer's view of the history: it
    must be what the events read afresh (the same history as a plain tuple, which keeps
    nothing), at every step, for every seat, whatever was kept before."""
    import dataclasses

    game = games.get(name)
    enc = encoding(game)
    for state in random_hands(game, 12, 21):
        for seat in [None, *range(game.players)]:
            obs = state.observation(seat)
            remembered = enc.information_state_string(obs)
            afresh = dataclasses.replace(obs, history=tuple(obs.history))
            assert type(afresh.history) is tuple
            assert enc.information_state_string(afresh) == remembered
            assert enc.information_state_string(obs) == remembered


def test_remembered_event_texts_keep_equal_values_of_other_kinds_apart():
    from fractions import Fraction

    from cartes.games.hand import SeenEvents
    from cartes.games.poker.events import AntePosted

    one, also_one = AntePosted(0, 1), AntePosted(0, Fraction(1))
    assert one == also_one  # equal values, other kinds: the texts still differ
    assert canonical(one) != canonical(also_one)
    assert canonical(also_one) == canonical(AntePosted(0, Fraction(1)))
    # a view's texts are its own events' texts, not those of equal events seen before
    first, second = SeenEvents([one]), SeenEvents([also_one])
    assert canonical(first) == canonical((one,)) != canonical(second)
    assert canonical(second) == canonical((also_one,))


def test_import_cartes_loads_no_adapter_and_no_framework():
    import subprocess
    import sys

    code = (
        "import sys, cartes, cartes.games, cartes.play, cartes.games.encoding, "
        "cartes.games.testing, cartes.adapters\n"
        "print([m for m in sys.modules if m.split('.')[0] in "
        "('pyspiel', 'open_spiel', 'pettingzoo', 'gymnasium') "
        "or m.startswith('cartes.adapters.')])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "[]"
