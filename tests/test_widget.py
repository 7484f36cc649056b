"""The notebook play widget's model, driven from Python: what its view offers is what the
state offers, a click applies exactly the offer and amounts chosen, the agents answer up to
the person's turn, a hand ends on the payoffs, and bad input is refused changing nothing.
(The front end, clicked in a real browser: tests/test_widget_browser.py.)"""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("anywidget", reason="anywidget is not installed (the notebook extra)")

from cartes import games
from cartes.display import action_label, play
from cartes.errors import ConfigurationError, IllegalActionError, MissingExtraError
from cartes.games.siete_y_medio.actions import OpenCalle
from cartes.play import CallingStation, RandomAgent, SimpleAgent, ThresholdAgent
from cartes.widget import offer_ranges

GAMES = {
    "seven-card-stud": lambda seed: [RandomAgent(seed), SimpleAgent(), CallingStation()],
    "calatone": lambda seed: [RandomAgent(seed), CallingStation(), RandomAgent(seed + 1)],
    "siete-y-medio": lambda seed: [ThresholdAgent(), RandomAgent(seed), ThresholdAgent()],
}


def made(name: str, seed: int, person: int):
    agents = GAMES[name](seed)
    agents[person] = None
    return play(games.get(name, players=3), agents, seed=seed)


def check_view(widget) -> None:
    """The view offers what the state offers, named as the display names it, and the table
    is the observation of the person's seat."""
    state = widget.state
    view = widget.view
    assert view["over"] == state.is_terminal
    if state.is_terminal:
        assert view["offers"] == []
        return
    assert state.to_act == widget.seat == view["seat"]
    legal = state.legal_actions()
    assert [o["label"] for o in view["offers"]] == [action_label(a) for a in legal]
    assert [o["ranges"] for o in view["offers"]] == [offer_ranges(a) for a in legal]
    assert f'data-seat="{widget.seat}"' in view["table"]
    assert "cartes-actions" not in view["table"]  # the buttons, not a second list


@settings(max_examples=25, deadline=None)
@given(name=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 10_000),
       person=st.integers(0, 2), clicks=st.randoms(use_true_random=False))
def test_random_clicks_play_every_game_to_the_end(name, seed, person, clicks) -> None:
    widget = made(name, seed, person)
    for _ in range(200):
        check_view(widget)
        if widget.view["over"]:
            break
        before = len(widget.state.history)
        offers = widget.view["offers"]
        index = clicks.randrange(len(offers))
        # some ranges left to their least
        amounts = {r["field"]: clicks.randint(r["low"], r["high"])
                   for r in offers[index]["ranges"] if clicks.random() < 0.8}
        widget.click(index, **amounts)
        assert widget.state.history[before].seat == person  # the person's, then the agents'
    else:
        raise AssertionError("the hand did not end in 200 clicks")
    state = widget.state
    assert sum(state.payoffs) == 0
    assert "result: " + ", ".join(f"seat {s} {p:+d}" for s, p in enumerate(state.payoffs)) in (
        widget.view["table"]
    )
    assert widget.view["log"][-1].startswith("Hand over")


@settings(max_examples=40, deadline=None)
@given(name=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 10_000),
       picks=st.randoms(use_true_random=False))
def test_a_click_applies_the_offer_with_the_amounts_chosen(name, seed, picks) -> None:
    """Played side by side: the widget's click and the same action applied to a copy of the
    hand give the same hand."""
    widget = made(name, seed, 1)
    for _ in range(30):
        if widget.view["over"]:
            break
        state = widget.state
        legal = state.legal_actions()
        index = picks.randrange(len(legal))
        offer = legal[index]
        amounts = {r["field"]: picks.randint(r["low"], r["high"]) for r in offer_ranges(offer)}
        widget.click(index, **amounts)
        event = widget.state.history[len(state.history)]
        twin = state.clone()
        twin.apply(_made(offer, amounts))
        assert twin.history[len(state.history)] == event


def _made(offer, amounts):
    """The action an offer makes with one amount per range, built here by hand."""
    import dataclasses

    closing = {"amount": "up_to", "to": "up_to", "raise_by": "up_to"}
    if isinstance(offer, OpenCalle):
        closing = {"amount": "up_to", "raise_by": "raise_up_to"}
    return dataclasses.replace(offer, **amounts, **{closing[f]: None for f in amounts})


def test_offer_ranges_of_every_offer_seen() -> None:
    """Every range an offer has is found: its least and greatest amounts are allowed, one past
    either end is not."""
    import dataclasses

    seen = 0
    for name in GAMES:
        for seed in range(15):
            state = games.get(name, players=3).start(seed)
            agent = RandomAgent(seed)
            while not state.is_terminal:
                for offer in state.legal_actions():
                    for r in offer_ranges(offer):
                        top = {"raise_by": "raise_up_to"} if isinstance(offer, OpenCalle) else {}
                        closed = {top.get(r["field"], "up_to"): None}
                        for value, ok in ((r["low"], True), (r["high"], True),
                                          (r["low"] - 1, False), (r["high"] + 1, False)):
                            candidate = dataclasses.replace(offer, **{r["field"]: value},
                                                            **closed).choose()
                            assert offer.allows(candidate) == ok, (offer, r, value)
                        seen += 1
                    assert bool(offer_ranges(offer)) == (getattr(offer, "up_to", None) is not None
                                                         or getattr(offer, "raise_up_to", None)
                                                         is not None)
                from cartes.play import SeatView

                state.apply(agent.act(SeatView(state, state.to_act)))
    assert seen > 50


def test_the_agents_answer_up_to_the_persons_turn_and_the_next_hand_moves_the_button() -> None:
    widget = made("seven-card-stud", 3, 2)
    assert widget.state.to_act == 2
    first = widget.state.history[0]
    assert widget.hands_played == 1
    while not widget.view["over"]:
        widget.click(0)  # fold, or the first offer
    widget.deal()
    assert widget.hands_played == 2
    assert widget.state.history[0] != first
    assert "button seat 1" in widget.view["log"][0]
    assert widget.view["message"] == ""


def test_seeded_widgets_deal_the_same_hands() -> None:
    one, two = made("calatone", 8, 0), made("calatone", 8, 0)
    assert one.state == two.state
    assert one.view == two.view


def test_two_seats_played_by_one_person_are_shown_in_turn() -> None:
    widget = play(games.get("seven-card-stud", players=2), [None, None], seed=1)
    seats = set()
    while not widget.view["over"]:
        seats.add(widget.seat)
        assert widget.view["seat"] == widget.state.to_act
        calls = [i for i, o in enumerate(widget.view["offers"])
                 if o["label"] in ("check", "call", "bring-in", "show")]
        widget.click(calls[0] if calls else 0)
    assert seats == {0, 1}


@pytest.mark.parametrize(
    ("agents", "words"),
    [
        ([None], "one entry per seat (2)"),
        ("xy", "must be a list"),
        ([CallingStation(), CallingStation()], "no seat is yours"),
        ([None, "bot"], "has no act(view) method"),
    ],
)
def test_bad_agents_are_refused(agents, words) -> None:
    with pytest.raises(ConfigurationError, match=words.replace("(", r"\(").replace(")", r"\)")):
        play(games.get("seven-card-stud", players=2), agents)


@pytest.mark.parametrize(
    ("offer", "amounts", "words"),
    [
        (7, {}, r"there is no offer 7: the offers are numbered 0..0"),
        ("0", {}, "there is no offer '0'"),
        (None, {"amount": 0}, "amount must be a whole number from 1 to 3, got 0"),
        (None, {"amount": 4}, "amount must be a whole number from 1 to 3, got 4"),
        (None, {"amount": True}, "got True"),
        (None, {"amount": 2.0}, "got 2.0"),
        (None, {"raise_by": 1}, "has no amount raise_by to choose; its amounts: amount"),
    ],
)
def test_bad_clicks_are_refused_changing_nothing(offer, amounts, words) -> None:
    widget = play(games.get("siete-y-medio", players=3),
                  [ThresholdAgent(), None, ThresholdAgent()], seed=2)
    labels = [o["label"] for o in widget.view["offers"]]
    bet = labels.index("bet 1-3")
    before, view = widget.state, widget.view
    with pytest.raises(IllegalActionError, match=words):
        widget.click(bet if offer is None else offer, **amounts)
    assert widget.state == before
    assert widget.view == view


def test_an_amount_for_an_offer_without_one_is_refused() -> None:
    widget = made("seven-card-stud", 5, 0)
    before = widget.state
    with pytest.raises(IllegalActionError,
                       match=r"has no amount amount to choose; its amounts: none"):
        widget.click(0, amount=3)
    assert widget.state == before


def test_the_front_ends_messages_refused_say_why_under_the_buttons() -> None:
    widget = made("seven-card-stud", 5, 0)
    before = widget.state
    label = widget.view["offers"][0]["label"]
    for content, words in [
        ({"act": 0, "label": "not " + label}, "from an earlier turn"),
        ({"act": 99, "label": label}, "from an earlier turn"),
        ({"deal": True}, "the hand is not over"),
        ({"act": 0, "label": label, "amounts": {"amount": 2}}, "has no amount amount"),
    ]:
        answer = widget.view["answer"]
        widget._on_click(widget, content, [])
        assert words in widget.view["message"]
        assert widget.view["answer"] > answer  # a new view: the front end redraws its buttons
        assert widget.state == before
    widget._on_click(widget, {"act": 0, "label": label, "amounts": {}}, [])
    assert widget.state != before
    assert widget.view["message"] == "" or widget.view["over"]


def test_acting_after_the_end_says_how_to_go_on() -> None:
    widget = play(games.get("seven-card-stud", players=2), [None, CallingStation()], seed=3)
    widget.click(0)
    assert widget.view["over"]
    with pytest.raises(IllegalActionError, match=r"the hand is over \(deal\(\) starts the next"):
        widget.click(0)


def test_an_agent_that_chooses_badly_is_named() -> None:
    from cartes.games import Raise

    class Illegal:
        def act(self, view):
            return Raise(999)

        def __repr__(self) -> str:
            return "Illegal()"

    game = games.get("seven-card-stud", players=2)
    assert game.start(1).to_act == 0  # the agent acts first, as the widget is made
    with pytest.raises(IllegalActionError, match=r"agent 0 \(Illegal\(\)\): Raise\(999\)"):
        play(game, [Illegal(), None], seed=1)


def test_an_agent_failing_after_a_click_is_named_and_leaves_no_buttons() -> None:
    from cartes.games import Raise

    class Illegal:
        def act(self, view):
            return Raise(999)

        def __repr__(self) -> str:
            return "Illegal()"

    game = games.get("seven-card-stud", players=2)
    assert game.start(2).to_act == 1  # the person first
    widget = play(game, [Illegal(), None], seed=2)
    label = widget.view["offers"][0]["label"]
    widget._on_click(widget, {"act": 0, "label": label, "amounts": {}}, [])
    assert widget.view["message"].startswith("agent 0 (Illegal()): Raise(999)")
    assert widget.view["offers"] == []  # the agent's turn: nothing for the person to press
    with pytest.raises(IllegalActionError, match="it is seat 0's turn, an agent's, not yours"):
        widget.click(0)


@pytest.mark.parametrize(
    ("amounts", "words"),
    [
        ([3], "the amounts must be given by name, got [3]"),
        ({"offer": 1}, "has no amount offer to choose"),
    ],
)
def test_the_front_ends_amounts_are_read_by_name(amounts, words) -> None:
    widget = made("seven-card-stud", 5, 0)
    before = widget.state
    label = widget.view["offers"][0]["label"]
    widget._on_click(widget, {"act": 0, "label": label, "amounts": amounts}, [])
    assert words in widget.view["message"]
    assert widget.state == before


def test_without_anywidget_play_says_what_to_install(monkeypatch) -> None:
    monkeypatch.delitem(sys.modules, "cartes.widget")
    monkeypatch.setitem(sys.modules, "anywidget", None)
    with pytest.raises(MissingExtraError, match=r"needs anywidget.*pip install anywidget"):
        play(games.get("seven-card-stud", players=2), [None, CallingStation()])


def test_import_cartes_does_not_load_the_widget() -> None:
    code = ("import sys, cartes, cartes.display; "
            "print(sorted(m for m in ('cartes.widget', 'anywidget', 'ipywidgets') "
            "if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, timeout=120)
    assert done.stdout.strip() == "[]"
