"""Bad input to the game drivers: every wrong value or type is a CartesError that says what
was wrong and what is allowed, and changes nothing; numpy integers are taken as ints."""

from __future__ import annotations

import json

import numpy as np
import pytest

from _stud import stud_deck
from cartes import games
from cartes.errors import ConfigurationError, HistoryError, IllegalActionError
from cartes.games import (
    Bet,
    BringIn,
    Call,
    Complete,
    FixedLimit,
    Raise,
    RaiseCap,
    SevenCardStud,
    SpreadLimit,
    State,
    Table,
    default_action,
    replay,
)
from cartes.play import CallingStation, SeatView, play_hand, play_table, simulate

# -- C1: action amounts ---------------------------------------------------------------------


def facing_completion():
    state = SevenCardStud(players=3).start(deck=stud_deck(3, {1: "Ah Kh 2c"}))
    state.apply_all([BringIn(), Complete()])
    assert Raise(10) in state.legal_actions()
    return state


@pytest.mark.parametrize(
    "action",
    [Raise(10.0), Raise(True), Raise("10"), Raise(None), Raise([10]),
     Raise(np.float64(10)), Raise(10, up_to=10.5)],
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
    event = state.apply(Raise(np.int64(10)))
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
    "format wrong": ({"format": "xyz"}, "format must be 'cartes-hand/2'"),
    "format missing": ({"format": None}, "format must be 'cartes-hand/2'"),
    "config list": ({"config": [1]}, "config must be an object"),
    "config null": ({"config": None}, "config must be an object"),
    "game list": ({"game": [1]}, "game must be a game name"),
    "stacks null": ({"stacks": None}, "stacks must be a list"),
    "stacks text": ({"stacks": "abc"}, "stacks must be a list"),
    "deck number": ({"deck": 5}, "deck must be a list"),
    "deck kind unknown": ({"deck_kind": "tarot"}, "deck_kind must be one of"),
    "burned text": ({"burned": "As"}, "burned must be a list"),
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


# -- C3: settings ---------------------------------------------------------------------------

GAME = SevenCardStud(players=2)

BAD_SETTINGS = {
    "SpreadLimit text": (lambda: SpreadLimit(1, "10"), r"max_bet must be an integer >= 1"),
    "SpreadLimit float": (lambda: SpreadLimit(1, 10.5), r"max_bet must be an integer >= 1"),
    "SpreadLimit bool": (lambda: SpreadLimit(True, 3), r"min_bet must be an integer >= 1"),
    "FixedLimit float": (lambda: FixedLimit(5.0, 10), r"small_bet must be an integer >= 1"),
    "RaiseCap text": (lambda: RaiseCap("3"), r"max_bets must be None \(no cap\) or an integer"),
    "RaiseCap float": (lambda: RaiseCap(2.5), r"max_bets must be None \(no cap\) or an integer"),
    "RaiseCap flag": (lambda: RaiseCap(3, heads_up_unlimited=1), "heads_up_unlimited must be"),
    "half_bet_rule": (lambda: FixedLimit(5, 10, half_bet_rule="no"), "half_bet_rule must be"),
    "stud players": (lambda: SevenCardStud(players=9), r"players must be an integer in 2\.\.8"),
    "stud ante float": (lambda: SevenCardStud(ante=1.5), "ante must be an integer >= 0"),
    "start stacks int": (lambda: GAME.start(1, stacks=5), "stacks must be a list"),
    "start stacks text": (lambda: GAME.start(1, stacks="55"), "stacks must be a list"),
    "start stack float": (
        lambda: GAME.start(1, stacks=[5.0, 5]), r"stacks\[0\] must be an integer"
    ),
    "start button float": (lambda: GAME.start(1, button=1.0), "button must be an integer"),
    "Table stacks int": (lambda: Table(GAME, stacks=5), "stacks must be a list"),
    "Table stack float": (lambda: Table(GAME, stacks=[5.5, 5]), r"stacks\[0\] must be an integer"),
    "Table button bool": (lambda: Table(GAME, button=True), "button must be an integer"),
    "Table start_hand stacks": (
        lambda: Table(GAME).start_hand(1, stacks=[5, 5]), "the table sets stacks and button"
    ),
    "play_hand agents int": (lambda: play_hand(GAME, 5, seed=1), "agents must be a list"),
    "simulate hands bool": (
        lambda: simulate(GAME, [CallingStation()] * 2, True, seed=1), "hands must be an integer"
    ),
    "play_table hands float": (
        lambda: play_table(Table(GAME), [CallingStation()] * 2, 2.0, seed=1),
        "hands must be an integer",
    ),
}


@pytest.mark.parametrize("label", sorted(BAD_SETTINGS))
def test_bad_settings_are_configuration_errors_naming_field_and_range(label):
    make, message = BAD_SETTINGS[label]
    with pytest.raises(ConfigurationError, match=message):
        make()


def test_numpy_integers_are_accepted_as_settings_and_become_ints():
    stacks = np.array([50, 80], dtype=np.int64)
    state = GAME.start(np.int64(5), stacks=stacks, button=np.int64(1))
    assert state.stacks == (49, 79)
    assert all(type(s) is int for s in state.stacks)
    assert type(state.button) is int
    json.loads(state.to_json())  # JSON-ready
    game = SevenCardStud(players=np.int64(3), ante=np.int32(2), max_raises=np.int8(4))
    assert game == SevenCardStud(players=3, ante=2, max_raises=4)
    assert not any(isinstance(v, np.integer) for v in game.config().values())
    json.dumps(game.config())
    assert SpreadLimit(np.int64(1), np.int64(10)) == SpreadLimit(1, 10)
    assert type(RaiseCap(np.int64(4)).max_bets) is int
    table = Table(GAME, stacks=list(stacks), button=np.int64(1))
    assert table.stacks == (50, 80)
    assert type(table.button) is int
    assert simulate(GAME, [CallingStation()] * 2, np.int64(3), seed=1).shape == (3, 2)


# -- C6: seats and policies -----------------------------------------------------------------


def test_apply_with_a_seat_that_is_not_an_int():
    state = GAME.start(seed=1)
    before = state.clone()
    with pytest.raises(IllegalActionError, match=r"seat must be an int .* got str '0'"):
        state.apply(BringIn(), seat="0")
    with pytest.raises(IllegalActionError, match="seat must be an int"):
        state.apply(BringIn(), seat=False)
    assert state == before
    state.apply(BringIn(), seat=np.int64(0))  # numpy seat numbers are fine
    assert state.to_act == 1


@pytest.mark.parametrize("seat", [True, False, 1.0, "1", 2, -1])
def test_observation_of_a_bad_seat_is_refused(seat):
    with pytest.raises(IllegalActionError, match=r"seats are 0\.\.1, or None"):
        GAME.start(seed=1).observation(seat)


def test_observation_takes_numpy_seat_numbers():
    assert GAME.start(seed=1).observation(np.int64(1)).seat == 1


@pytest.mark.parametrize("seat", [7, -2, True, 1.0, "1"])
def test_to_phh_seat_is_checked(seat):
    with pytest.raises(ConfigurationError, match=r"seat must be -1 \(every card\), None"):
        games.to_phh(GAME.start(seed=1), seat=seat)


def test_default_action_policy_is_checked():
    with pytest.raises(ConfigurationError, match="policy must be 'check_fold' or 'all_in'"):
        default_action(GAME.start(seed=1), "bogus")


# -- D3: what agents get --------------------------------------------------------------------


class Snooper:
    """Keeps every view it is given and looks through it for anything that is a State."""

    def __init__(self):
        self.views = []

    def act(self, view):
        self.views.append(view)
        for name in ("state", "_state", "game", "deck"):
            assert not hasattr(view, name), name
        for name in type(view).__slots__:
            assert not isinstance(getattr(view, name, None), State), name
        obs = view.observation()
        assert obs.seat == view.seat
        assert obs.legal_actions == view.legal_actions
        return CallingStation().act(view)


class Keeper:
    def __init__(self):
        self.views = []

    def act(self, view):
        self.views.append(view)
        return CallingStation().act(view)


def test_agents_get_no_reference_to_the_state():
    agents = [Snooper(), Snooper()]
    state = play_hand(GAME, agents, seed=3)
    assert state.is_terminal
    first = agents[0].views[0]
    assert not first.observation().is_terminal  # what it saw then, not the hand now
    keeper = Keeper()
    play_hand(GAME, [keeper, CallingStation()], seed=3)
    with pytest.raises(IllegalActionError, match="expired"):
        keeper.views[0].observation()  # a view kept after its turn no longer reads the hand


class Peeker:
    """Changes its view's seat before asking for the observation."""

    def __init__(self):
        self.seen = []

    def act(self, view):
        me = view.seat
        view.seat = 1 - me
        self.seen.append(view.observation())
        view.seat = me
        return CallingStation().act(view)


def test_a_view_shows_its_own_seat_whatever_is_done_to_it():
    for make in (lambda state, seat: SeatView(state, seat), None):  # direct, and the runners'
        peeker = Peeker()
        if make is None:
            play_hand(GAME, [peeker, CallingStation()], seed=1)
        else:
            state = GAME.start(seed=1)
            peeker.act(make(state, state.to_act))
        assert peeker.seen
        assert all(obs.seat == 0 for obs in peeker.seen)  # its own observation, always
        assert peeker.seen[0].cards[1][:2] == (None, None)  # not the other seat's hole cards


def test_a_view_from_an_observation_alone():
    state = GAME.start(seed=1)
    view = SeatView.of(state.observation(0))
    assert view.seat == 0
    assert view.legal_actions == state.legal_actions()
    assert view.observation() == state.observation(0)
