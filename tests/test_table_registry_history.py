"""Table across hands, the registry and entry points, JSON history and replay, the text log."""

from __future__ import annotations

import json
from importlib.metadata import EntryPoint

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cartes.games as games
from cartes.errors import ConfigurationError, HistoryError, IllegalActionError, UnknownGameError
from cartes.games import BringIn, Call, Fold, SevenCardStud, Table, replay
from cartes.play import (
    CallingStation,
    RandomAgent,
    SeatView,
    SimpleAgent,
    play_hand,
    play_table,
    simulate,
)

# -- Table --------------------------------------------------------------------------------


def test_table_moves_button_clockwise_and_carries_stacks():
    table = Table(SevenCardStud(players=3), stacks=[50, 50, 50], button=2)
    buttons = []
    for seed in range(6):
        state = table.start_hand(seed)
        buttons.append(state.button)
        while not state.is_terminal:
            legal = state.legal_actions()
            state.apply(Fold() if Fold() in legal else legal[0])
        payoffs = table.finish_hand(state)
        assert sum(payoffs) == 0
    assert sum(table.stacks) == 150
    assert buttons[:3] == [2, 0, 1]
    assert table.hands_played == 6


def test_table_skips_busted_seats():
    table = Table(SevenCardStud(players=3), stacks=[0, 40, 40], button=0)
    state = table.start_hand(1)
    assert table.seats_in_hand == (1, 2)
    assert state.n == 2
    while not state.is_terminal:
        state.apply(Fold() if Fold() in state.legal_actions() else state.legal_actions()[0])
    table.finish_hand()
    assert table.stacks[0] == 0
    assert table.button in (1, 2)


def test_table_misuse():
    table = Table(SevenCardStud(players=2), stacks=[10, 10])
    state = table.start_hand(1)
    with pytest.raises(IllegalActionError, match="finish"):
        table.start_hand(2)
    with pytest.raises(IllegalActionError, match="not over"):
        table.finish_hand(state)
    with pytest.raises(ConfigurationError, match="stacks"):
        Table(SevenCardStud(players=2), stacks=[10])
    with pytest.raises(IllegalActionError, match="two seats"):
        Table(SevenCardStud(players=2), stacks=[10, 0]).start_hand(1)


# -- registry -----------------------------------------------------------------------------


def test_registry_get_and_unknown():
    assert "seven-card-stud" in games.available()
    assert games.get("seven-card-stud", players=5).players == 5
    with pytest.raises(UnknownGameError, match="seven-card-stud"):
        games.get("omaha")
    with pytest.raises(ConfigurationError, match="players"):
        games.get("seven-card-stud", players=12)


def test_register_custom_game_and_refuse_non_games(monkeypatch):
    monkeypatch.setattr(games, "_REGISTRY", dict(games._REGISTRY))
    games.register("razz-ish", lambda **kw: SevenCardStud(**kw))
    assert "razz-ish" in games.available()
    games.register("broken", lambda **kw: 42)
    with pytest.raises(ConfigurationError, match="not a Game"):
        games.get("broken")
    with pytest.raises(ConfigurationError, match="callable"):
        games.register("x", 3)  # type: ignore[arg-type]


def test_entry_point_discovery(monkeypatch):
    point = EntryPoint(name="plugin-stud", value="cartes.games.stud:SevenCardStud",
                       group="cartes.games")
    monkeypatch.setattr(games, "_REGISTRY", dict(games._REGISTRY))
    monkeypatch.setattr(games, "_discovered", False)
    monkeypatch.setattr(games, "entry_points", lambda group: [point] if group == "cartes.games"
                        else [])
    assert "plugin-stud" in games.available()
    assert games.get("plugin-stud", players=3).players == 3


def test_a_broken_plugin_warns_and_the_rest_still_work(monkeypatch):
    broken = EntryPoint(name="broken", value="no_such_module:Game", group="cartes.games")
    monkeypatch.setattr(games, "_REGISTRY", dict(games._REGISTRY))
    monkeypatch.setattr(games, "_discovered", False)
    monkeypatch.setattr(games, "entry_points", lambda group: [broken])
    with pytest.warns(RuntimeWarning, match="broken"):
        names = games.available()
    assert "seven-card-stud" in names
    assert "broken" not in names


# -- history ------------------------------------------------------------------------------


def finished_hand(seed=4):
    game = SevenCardStud(players=4)
    return play_hand(game, [CallingStation()] * 4, seed)


def test_json_round_trip_and_tamper_detection():
    state = finished_hand()
    data = json.loads(state.to_json())
    assert data["game"] == "seven-card-stud"
    assert replay(data) == state
    tampered = json.loads(state.to_json())
    tampered["events"][-1]["payoffs"][0] += 1
    with pytest.raises(HistoryError, match="differ"):
        replay(tampered)
    bad_action = json.loads(state.to_json())
    bad_action["actions"][0] = {"seat": 0, "kind": "raise", "to": 999}
    with pytest.raises(HistoryError, match="action 0"):
        replay(bad_action)
    with pytest.raises(HistoryError, match="JSON"):
        replay("{not json")
    with pytest.raises(HistoryError, match="unknown action kind"):
        replay({**data, "actions": [{"seat": 0, "kind": "teleport"}]})
    with pytest.raises(HistoryError, match="setup"):
        replay({**data, "game": "omaha"})
    with pytest.raises(HistoryError, match="setup"):
        replay({**data, "deck": ["Zz", *data["deck"][1:]]})
    with pytest.raises(HistoryError, match="setup"):
        replay({**data, "reshuffle_seed": "x"})
    with pytest.raises(HistoryError, match="action 0"):
        replay({**data, "actions": ["fold"]})


def test_replay_mid_hand_state():
    state = SevenCardStud(players=3).start(seed=2)
    state.apply_all([BringIn(), Call()])
    again = replay(state.to_json())
    assert again == state
    assert again.to_act == state.to_act


def test_text_log_tells_the_hand():
    log = finished_hand().text_log()
    assert log.startswith("Hand starts: button seat 0")
    assert "brings in 2" in log
    assert "*** Seventh street" in log
    assert "Main pot" in log
    assert log.splitlines()[-1].startswith("Hand over:")


# -- play ---------------------------------------------------------------------------------


def test_play_hand_and_simulate_are_deterministic():
    game = SevenCardStud(players=3)
    agents = lambda: [RandomAgent(1), SimpleAgent(), CallingStation()]  # noqa: E731
    a = simulate(game, agents(), hands=30, seed=9)
    b = simulate(game, agents(), hands=30, seed=9)
    assert (a == b).all()
    assert (a.sum(axis=1) == 0).all()
    with pytest.raises(ConfigurationError, match="one agent per seat"):
        play_hand(game, [CallingStation()], seed=1)


def test_simple_agent_beats_random_agent():
    game = SevenCardStud(players=2)
    results = simulate(game, [SimpleAgent(), RandomAgent(5)], hands=400, seed=1)
    assert results[:, 0].sum() > 0


def test_illegal_agent_is_named():
    class Cheater:
        def act(self, view):
            return Call()

    state_game = SevenCardStud(players=2)
    with pytest.raises(IllegalActionError, match="agent"):
        play_hand(state_game, [Cheater(), Cheater()], seed=1)


@settings(max_examples=40, deadline=None)
@given(
    stacks=st.lists(st.integers(0, 40), min_size=2, max_size=8).filter(
        lambda s: sum(1 for x in s if x) >= 2
    ),
    seed=st.integers(0, 2**32 - 1),
)
def test_table_runs_conserve_chips_and_rotate_button(stacks, seed):
    """Across many hands the chips at the table never change in total, busted seats sit out,
    and the button moves clockwise to a seat that still has chips."""
    game = SevenCardStud(players=len(stacks))
    table = Table(game, stacks=stacks, button=next(i for i, x in enumerate(stacks) if x))
    total = sum(stacks)
    agent = RandomAgent(seed)
    for number in range(15):
        if sum(1 for x in table.stacks if x) < 2:
            break
        before = table.button
        state = table.start_hand(seed + number)
        assert all(table.stacks[s] > 0 for s in table.seats_in_hand)
        while not state.is_terminal:
            state.apply(agent.act(SeatView(state, state.to_act)))
        payoffs = table.finish_hand(state)
        assert sum(payoffs) == 0
        assert sum(table.stacks) == total
        if sum(1 for x in table.stacks if x) >= 2:
            assert table.stacks[table.button] > 0
            n = len(stacks)
            skipped = [(before + k) % n for k in range(1, (table.button - before) % n or n)]
            assert all(table.stacks[s] == 0 for s in skipped)


def test_play_table_stops_when_one_seat_has_everything():
    table = Table(SevenCardStud(players=3), stacks=[6, 6, 6])
    results = play_table(table, [CallingStation()] * 3, hands=200, seed=4)
    assert len(results) < 200
    assert sorted(table.stacks) == [0, 0, 18]
    assert results.sum() == 0
    with pytest.raises(ConfigurationError, match="one agent per seat"):
        play_table(Table(SevenCardStud(players=2)), [CallingStation()], hands=1)
