"""Bad input to the game drivers: every wrong value or type is a CartesError that says what
was wrong and what is allowed, and changes nothing; numpy integers are taken as ints."""

from __future__ import annotations

import json

import numpy as np
import pytest

from _stud import stud_deck
from cartes.errors import HistoryError, IllegalActionError
from cartes.games import Bet, BringIn, Call, Complete, Raise, SevenCardStud, replay

# -- C1: action amounts ---------------------------------------------------------------------


def facing_completion():
    state = SevenCardStud(players=3).start(deck=stud_deck(3, {1: "Ah Kh 2c"}))
    state.apply_all([BringIn(), Complete()])
    assert Raise(to=10) in state.legal_actions()
    return state


@pytest.mark.parametrize(
    "action",
    [Raise(to=10.0), Raise(to=True), Raise(to="10"), Raise(to=None), Raise(to=[10]),
     Raise(to=np.float64(10)), Raise(to=10, up_to=10.5)],
    ids=["float", "bool", "str", "None", "list", "np.float64", "float up_to"],
)
def test_ill_typed_amounts_are_refused_unchanged(action):
    state = facing_completion()
    before = state.clone()
    with pytest.raises(IllegalActionError, match=r"must be a whole number of chips \(an int\)"):
        state.apply(action)
    assert state == before


def test_bet_true_is_not_a_bet_of_one():
    game = SevenCardStud(players=2, ante=0, bring_in=1, small_bet=1, big_bet=2)
    state = game.start(seed=3)
    state.apply_all([BringIn(), Call()])
    assert Bet(1) in state.legal_actions()
    with pytest.raises(IllegalActionError, match=r"Bet\.amount"):
        state.apply(Bet(True))


def test_numpy_integer_amounts_are_taken_as_ints():
    state = facing_completion()
    event = state.apply(Raise(to=np.int64(10)))
    assert type(event.action.to) is int
    assert all(type(stack) is int for stack in state.stacks)
    assert json.loads(state.to_json())["actions"][-1] == {"seat": 0, "kind": "raise", "to": 10}


# -- C2: malformed histories ----------------------------------------------------------------


def history():
    state = SevenCardStud(players=3).start(seed=1)
    state.apply_all([BringIn(), Call(), Call()])
    return state.to_dict()


MALFORMED = {
    "actions int": ({"actions": 5}, "actions must be a list"),
    "actions object": ({"actions": {"a": 1}}, "actions must be a list"),
    "actions null": ({"actions": None}, "actions must be a list"),
    "action not object": ({"actions": [7]}, "action 0 must be an object"),
    "action list": ({"actions": [[1, 2]]}, "action 0 must be an object"),
    "action no seat": ({"actions": [{"kind": "bring_in"}]}, "action 0 needs a seat"),
    "action seat text": ({"actions": [{"seat": "2", "kind": "bring_in"}]}, "seat must be an int"),
    "events null": ({"events": None}, "events must be a list"),
    "events object": ({"events": {}}, "events must be a list"),
    "format wrong": ({"format": "xyz"}, "format must be 'cartes-hand/1'"),
    "format missing": ({"format": None}, "format must be 'cartes-hand/1'"),
    "config list": ({"config": [1]}, "config must be an object"),
    "config null": ({"config": None}, "config must be an object"),
    "game list": ({"game": [1]}, "game must be a game name"),
    "stacks null": ({"stacks": None}, "stacks must be a list"),
    "stacks text": ({"stacks": "abc"}, "stacks must be a list"),
    "deck number": ({"deck": 5}, "deck must be a list"),
}


@pytest.mark.parametrize("label", sorted(MALFORMED))
def test_malformed_history_is_a_history_error_saying_what(label):
    change, message = MALFORMED[label]
    data = {**history(), **change}
    with pytest.raises(HistoryError, match=message):
        replay(data)
    with pytest.raises(HistoryError, match=message):
        replay(json.dumps(data))


def test_history_without_format_is_refused():
    data = history()
    del data["format"]
    with pytest.raises(HistoryError, match="format"):
        replay(data)
