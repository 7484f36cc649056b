"""What a player types at ``cartes play``: every offered action can be typed by its number
or by its name, amounts within a range are taken, anything else is refused with the list."""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cartes import Card, games
from cartes.display import action_label
from cartes.games import Bet, BringIn, Call, Check, Complete, Fold, Raise
from cartes.play import CallingStation, RandomAgent, SeatView
from cartes.terminal import Output, narrate, parse_action, play_in_terminal


def offers_met(name: str, seeds: int = 6) -> list[tuple[games.Action, ...]]:
    """The legal-action lists met in random hands of a game."""
    met = []
    for seed in range(seeds):
        state = games.get(name).start(seed)
        agent = RandomAgent(seed)
        while not state.is_terminal:
            met.append(state.legal_actions())
            assert state.to_act is not None
            state.apply(agent.act(SeatView(state, state.to_act)))
    return met


@pytest.mark.parametrize("name", games.available())
def test_every_offer_can_be_typed_by_number_and_by_name(name: str) -> None:
    for legal in offers_met(name):
        for number, offer in enumerate(legal, 1):
            label = action_label(offer, unicode=False)
            if getattr(offer, "up_to", None) is None:
                assert parse_action(str(number), legal) == offer
                assert parse_action(label.upper(), legal) == offer
                assert parse_action(f"  {label}  ", legal) == offer
            else:  # a range: the number or the name and an amount
                field = type(offer).range_field
                assert field is not None
                low = getattr(offer, field)
                answer = parse_action(f"{number} {low}", legal)
                assert isinstance(answer, games.Action)
                assert offer.allows(answer)
                if sum(other.kind == offer.kind for other in legal) == 1:  # else by number
                    assert parse_action(f"{offer.kind} {low}", legal) == answer
                refused = parse_action(str(number), legal)
                assert isinstance(refused, str)
                assert "give an amount" in refused


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=12))
def test_anything_else_is_refused_with_the_list(text: str) -> None:
    legal = (Fold(), Call(), Raise(10))
    answer = parse_action(text, legal)
    if isinstance(answer, str):
        assert "fold; call; raise to 10" in answer
        if text.strip():
            assert answer.startswith(repr(text.strip()))
        else:  # Enter alone: the list again, not "'' is not a legal action" (issue 21.8)
            assert answer.startswith("type a number 1-3 or one of:")
    else:
        assert answer in legal


@pytest.mark.parametrize(
    ("typed", "legal", "expected"),
    [
        ("bring in", (BringIn(), Complete()), BringIn()),
        ("Bring-In", (BringIn(), Complete()), BringIn()),
        ("raise to 12", (Fold(), Call(), Raise(8, up_to=16)), Raise(12)),
        ("raise 12", (Fold(), Call(), Raise(8, up_to=16)), Raise(12)),
        ("3 16", (Fold(), Call(), Raise(8, up_to=16)), Raise(16)),
        ("bet 7", (Check(), Bet(2, up_to=10)), Bet(7)),
        ("raise 10", (Fold(), Call(), Raise(10)), Raise(10)),
    ],
)
def test_names_and_amounts(typed: str, legal: tuple[games.Action, ...], expected: object) -> None:
    assert parse_action(typed, legal) == expected


@pytest.mark.parametrize(
    ("typed", "says"),
    [("raise 17", "raise to 8-16: 17 is not allowed"), ("raise", "give an amount from 8 to 16"),
     ("raise x", "is not a legal action now"), ("4", "type a number 1-3")],
)
def test_bad_amounts_say_what_is_allowed(typed: str, says: str) -> None:
    answer = parse_action(typed, (Fold(), Call(), Raise(8, up_to=16)))
    assert isinstance(answer, str)
    assert says in answer


def test_a_hand_through_the_functions() -> None:
    """The terminal loop without a subprocess: the player's moves are applied in order."""
    game = games.get("seven-card-stud", players=2)
    typed = iter(["nonsense\n"] + ["call\n", "check\n", "bring-in\n", "show\n"] * 30)
    stream = io.StringIO()
    state = play_in_terminal(Output(stream), game, 1, 2, {0: CallingStation()},
                             lambda: next(typed, ""))
    assert state.is_terminal
    mine = [action for seat, action in state.actions if seat == 1]  # type: ignore[attr-defined]
    assert mine
    assert set(mine) <= {Call(), Check(), BringIn(), games.Show()}
    assert "'nonsense' is not a legal action now" in stream.getvalue()


def test_colour_through_rich() -> None:
    pytest.importorskip("rich", reason="the terminal extra is not installed")
    stream = io.StringIO()
    out = Output(stream, colour=True)
    state = games.get("seven-card-stud", players=3).start(seed=7)
    from cartes.display import text_view

    out(text_view(state.observation(0)))
    written = stream.getvalue()
    red = "\x1b[1;31m"
    assert f"{red}8♥" in written  # seat 0's own heart
    assert f"{red}6♣" not in written
    assert f"{red}8♣" not in written
    plain = io.StringIO()
    Output(plain)(text_view(state.observation(0)))  # not a terminal: no colour
    assert "\x1b[" not in plain.getvalue()
    assert plain.getvalue() == text_view(state.observation(0)) + "\n"


def test_colour_without_rich(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from cartes.errors import MissingExtraError

    monkeypatch.setitem(sys.modules, "rich.console", None)
    with pytest.raises(MissingExtraError, match="pip install rich"):
        Output(io.StringIO(), colour=True)


@dataclass(frozen=True, slots=True)
class Peeked(games.Event):
    """An event of some other game, which the text log does not know."""

    kind: ClassVar[str] = "peek_ui_test"
    card: Card | None

    def seen_by(self, seat: int | None) -> games.Event:
        return self if seat == self.seat else Peeked(self.seat, None)


def test_events_the_log_does_not_know_are_told_from_their_fields() -> None:
    stream = io.StringIO()
    narrate(Output(stream), [Peeked(1, Card("Qh"))], seat=0)
    narrate(Output(stream), [Peeked(1, Card("Qh"))], seat=1)
    assert stream.getvalue().splitlines() == [
        "  Seat 1: peek ui test, card ??",
        "  Seat 1: peek ui test, card Q♥",
    ]


@pytest.mark.parametrize("name", ["seven-card-stud", "calatone", "siete-y-medio"])
def test_the_log_writes_cards_as_the_table_does(name: str) -> None:
    """Issue 21.8: with a unicode terminal the log's French cards are A♠ as in the table
    view (not As), and a Spanish card such as 2c (two of copas) is never taken for one."""
    import re

    symbols = 0
    for seed in range(12):
        state = games.get(name, players=3).start(seed)
        agent = RandomAgent(seed)
        while not state.is_terminal:
            state.apply(agent.act(SeatView(state, state.to_act)))
        stream = io.StringIO()
        narrate(Output(stream, colour=False), state.history, None)
        text = stream.getvalue()
        french = re.findall(r"(?<![\w#])[2-9TJQKA][cdhs](?!\w)", text)
        if name == "siete-y-medio":
            assert "♣" not in text
            assert "♥" not in text
        else:
            assert french == []
            symbols += len(re.findall("[♠♥♦♣]", text))
    assert (symbols > 0) == (name != "siete-y-medio")  # some hands reach a showdown
