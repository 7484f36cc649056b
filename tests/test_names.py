"""One name per concept across the games (issue 19, item 3): the old names still answer for a
release, warning where the user's code reads them, and give what the new names give."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from cartes import games
from cartes.games.encoding import encoding
from cartes.games.siete_y_medio.observation import SieteObservation


@pytest.mark.parametrize(("game", "old", "new"), [
    ("siete-y-medio", "bank", "button"),
    ("siete-y-medio", "initial_balances", "initial_stacks"),
    ("calatone", "dealer", "button"),
])
def test_an_old_state_name_warns_and_reads_the_new_one(game, old, new):
    state = games.get(game, players=4).start(seed=3, button=2, stacks=[5, 6, 7, 8])
    with pytest.warns(DeprecationWarning, match=rf"\.{old} is deprecated: read \w+\.{new}") as w:
        value = getattr(state, old)
    assert w[0].filename == __file__  # attributed to the reader, not to cartes
    assert value == getattr(state, new)
    assert value in (2, (5, 6, 7, 8))


def test_7_half_observations_name_the_seats_sitting_out():
    game = games.get("siete-y-medio", players=4)
    rng = np.random.default_rng(2)
    seen_out = False
    for number in range(30):
        state = game.start(seed=number, sitting_out=[int(rng.integers(1, 4))])
        while True:
            for seat in (None, *range(4)):
                obs = state.observation(seat)
                assert isinstance(obs, SieteObservation)
                expected = tuple(
                    s != state.button and state.punters[s].status in ("out", "declined")
                    for s in range(4))
                assert obs.sitting_out == obs.out == expected
                seen_out = seen_out or any(expected)
                with pytest.warns(DeprecationWarning, match="folded is deprecated: read "
                                  "SieteObservation.sitting_out"):
                    assert obs.folded == expected
            if state.is_terminal:
                break
            state.apply(state.legal_actions()[0].choose())
    assert seen_out


def test_the_alias_is_outside_equality_text_and_repr():
    state = games.get("siete-y-medio", players=3).start(seed=1, sitting_out=[1])
    obs = state.observation(0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # none of these may read the alias
        assert obs == state.observation(0)
        assert "folded" not in repr(obs)
        text = encoding(state.game).information_state_string(obs)
        assert "sitting_out=(F,T,F)" in text
        assert "folded" not in text
    with pytest.raises(AttributeError, match="no attribute 'fold'"):
        obs.fold  # noqa: B018


def test_poker_observations_keep_folded_and_say_out_too():
    state = games.get("seven-card-stud", players=3).start(seed=1)
    state.apply(games.BringIn())
    folder = state.to_act
    state.apply(games.Fold())
    obs = state.observation(None)
    assert obs.out == obs.folded == tuple(seat == folder for seat in range(3))
