"""The notebook and terminal views: SVG cards, HTML and text views of hands, ranks, decks,
states, observations and tables; nothing shown that the viewer may not see; progress bars."""

from __future__ import annotations

import ast
import re
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import numpy as np
import pytest

import cartes
from cartes import Card, Deck, Hand, SpanishCard, games
from cartes.display import action_label, card_svg, card_text, html_view, text_view
from cartes.errors import OptionError
from cartes.french import full_deck
from cartes.play import RandomAgent, SeatView, play_table, simulate
from cartes.spanish import spanish_deck_cards

FRENCH = list(full_deck())
SPANISH = list(spanish_deck_cards(48))
SHOWN = re.compile(r'data-card="([^"]+)"')


def shown(html: str) -> Counter[str]:
    return Counter(SHOWN.findall(html))


def well_formed(html: str) -> ET.Element:
    return ET.fromstring(f"<root>{html}</root>")


@pytest.mark.parametrize("card", FRENCH + SPANISH, ids=str)
def test_each_card_is_a_well_formed_svg_naming_itself(card: Card | SpanishCard) -> None:
    svg = card_svg(card)
    root = well_formed(svg)[0]
    assert root.tag.endswith("svg")
    assert root.get("data-card") == str(card)
    title = root.find("{http://www.w3.org/2000/svg}title")
    assert title is not None
    if isinstance(card, SpanishCard):
        assert title.text == card.name
        colour = {"o": "#b8860b", "c": "#c0392b", "e": "#1f4e9c", "b": "#2e7d32"}[str(card)[-1]]
    else:
        assert title.text is not None
        assert title.text.endswith(card.suit.name.lower())
        colour = "#c0392b" if card.suit.is_red else "#1a1a1a"
    assert f'fill="{colour}"' in svg
    assert card._repr_html_() == html_view(card)


def test_the_back_shows_no_card() -> None:
    back = card_svg(None)
    well_formed(back)
    assert shown(back) == Counter({"back": 1})
    assert "<title>hidden card</title>" in back


def test_hand_rank_and_deck_views() -> None:
    hand = Hand("Kh Kd Ks 7c 7d 2s 3h")
    assert list(shown(hand._repr_html_()).elements()) == [str(c) for c in hand]
    rank = cartes.evaluate(hand)
    html = rank._repr_html_()
    well_formed(html)
    assert "Full house, kings over sevens" in html
    assert sorted(shown(html)) == sorted(map(str, hand))
    faded = re.findall(r'data-card="(\w+)".*?<g( opacity="0.35")?>', html)
    assert {card for card, dim in faded if not dim} == {str(c) for c in rank.best_five}
    deck = Deck.french()
    deck.shuffle(3)
    deck.deal(10)
    assert list(shown(deck._repr_html_()).elements()) == [str(c) for c in deck.cards]
    assert "42 cards" in deck._repr_html_()


def _views_are_honest(state: games.State) -> None:
    """Every view shows exactly the cards its viewer may see, and backs for the rest."""
    seats = len(state.observation(None).cards)
    every = [state.observation(s).cards[s] for s in range(seats)]
    for viewer in [None, *range(seats)]:
        obs = state.observation(viewer)
        visible = Counter(str(c) for hand in obs.cards for c in hand if c is not None)
        visible.update(str(c) for c in obs.board)
        # a 7½ calle that busted shows the cards it busted with: the bust turned them up
        # for everyone (its event is public), though they went to the discards
        calles = obs.extra.get("calles")
        if calles is not None:
            busted = {(seat, number) for seat, hands in enumerate(calles)
                      for number, calle in enumerate(hands) if calle[3] == "bust" and not calle[0]}
            for event in obs.history:
                if event.kind == "bust" and (event.seat, event.calle) in busted:
                    visible.update(str(c) for c in event.cards)
        # (None: a card even its owner may not see, such as a 7½ muerta's, M-14)
        hidden = {str(c) for hand in every for c in hand if c is not None} - set(visible)
        backs = sum(c is None for hand in obs.cards for c in hand)
        for html in ([obs._repr_html_(), html_view(state)] if viewer is None
                     else [obs._repr_html_()]):
            well_formed(html)
            counts = shown(html)
            assert counts.pop("back", 0) == backs
            assert counts == visible
            assert not hidden & set(SHOWN.findall(html))
        text = text_view(obs, unicode=False)
        assert text.count("??") == backs
        for card in hidden:
            assert not re.search(rf"\b{re.escape(card)}\b", text)
        offered = obs.legal_actions if viewer is not None else state.legal_actions()
        listed = re.findall(r"<li>(.*?)</li>", html)
        unseen = frozenset(c for hand in every for c in hand if str(c) in hidden)
        assert listed == [action_label(a, hidden=unseen) for a in offered]
        for card in unseen:  # not even in the names of the legal actions
            # as a word: a Spanish '2b' is also the end of the colour '#c0392b'
            word = re.compile(rf"\b{re.escape(card_text(card))}\b")
            assert not word.search(html)
            assert not word.search(text_view(state)) or viewer is not None
    revealed = html_view(state, reveal=True)
    assert "back" not in shown(revealed)
    house = state.revealed_cards()  # every card, even one its owner may not see
    for own, full in zip(every, house, strict=True):
        assert [c for c in own if c is not None] == [c for c in full if c in own]
        assert len(full) == len(own)
    assert set(shown(revealed)) >= {str(c) for hand in house for c in hand}


@pytest.mark.parametrize("name", games.available())
def test_views_of_random_hands_of_every_game_show_only_what_may_be_seen(name: str) -> None:
    game = games.get(name)
    for seed in range(4):
        state = game.start(seed)
        agent = RandomAgent(seed)
        steps = 0
        while not state.is_terminal:
            if steps % 3 == 0:
                _views_are_honest(state)
            seat = state.to_act
            assert seat is not None
            state.apply(agent.act(SeatView(state, seat)))
            steps += 1
        _views_are_honest(state)
        assert "result: " in text_view(state)


def test_a_plugin_game_gets_the_views_too() -> None:
    """The toy game of test_custom_game (one card each, no stacks in its observation)."""
    from cartes.games import Check, Fold
    from test_custom_game import HighCard

    state = HighCard(players=3).start(seed=2)
    _views_are_honest(state)
    state.apply(Check())
    state.apply(Fold())
    _views_are_honest(state)
    assert "folded" in state._repr_html_()
    state.apply(Check())
    _views_are_honest(state)
    text = text_view(state)
    assert text.startswith("HighCardState: hand over")  # no .game: the class names it
    assert "result: seat 0 " in text


@dataclass(frozen=True, slots=True)
class Reveal(games.Action):
    """An offer that names the seat's own hole card (as calatone's Expose(card) does)."""

    kind: ClassVar[str] = "reveal_ui_test"
    card: Card


def test_an_offer_naming_a_hidden_card_is_redacted_for_the_public() -> None:
    from test_custom_game import HighCardState

    class RevealState(HighCardState):  # type: ignore[misc]
        def legal_actions(self) -> tuple[games.Action, ...]:
            if self.is_terminal:
                return ()
            return (games.Fold(), games.Check(), Reveal(self.cards[self.turn]))

    deck = Deck.french()
    deck.shuffle(1)
    state = RevealState(3, deck.deal(3))
    own = state.cards[0]
    public, mine = html_view(state), html_view(state.observation(0))
    assert re.findall(r"<li>(.*?)</li>", public) == ["fold", "check", "reveal-ui-test ??"]
    assert own.unicode() not in public
    assert own.unicode() not in text_view(state)
    assert re.findall(r"<li>(.*?)</li>", mine)[-1] == f"reveal-ui-test {own.unicode()}"
    assert f"reveal-ui-test {own.unicode()}" in text_view(state, reveal=True)
    _views_are_honest(state)


def test_the_state_view_names_turn_stacks_pot_and_legal_actions() -> None:
    state = games.get("seven-card-stud", players=3, ante=1).start(seed=1)
    state.apply(games.BringIn())
    html = state._repr_html_()
    assert "seat 0 to act" in html
    rows = re.findall(r'<tr class="cartes-seat" data-seat="(\d)" style="([^"]*)"', html)
    assert [seat for seat, style in rows if "fff6d5" in style] == ["0"]
    assert "pot 5" in html
    assert "199" in html
    assert "197" in html
    assert re.findall(r"<li>(.*?)</li>", html) == ["fold", "call", "complete"]
    assert html_view(state) == html


class Printer:
    """The part of IPython's pretty printer that ``_repr_pretty_`` uses."""

    def __init__(self) -> None:
        self.written: list[str] = []

    def text(self, value: str) -> None:
        self.written.append(value)


def test_pretty_views_for_ipython() -> None:
    state = games.get("seven-card-stud", players=2).start(seed=3)
    table = games.Table(games.get("seven-card-stud", players=2), stacks=[50, 70])
    for obj, expected in [
        (state, text_view(state)),
        (state.observation(0), text_view(state.observation(0))),
        (table, "table of seven-card-stud, 0 hands played\n  seat 0 D: 50  seat 1: 70"),
    ]:
        printer = Printer()
        obj._repr_pretty_(printer, False)  # type: ignore[attr-defined]
        assert printer.written == [expected]
        cycled = Printer()
        obj._repr_pretty_(cycled, True)  # type: ignore[attr-defined]
        assert cycled.written == [repr(obj)]
    html = table._repr_html_()
    well_formed(html)
    assert "seat 0 (button)" in html
    assert "<b>70</b>" in html


def test_text_view_refuses_what_it_cannot_show() -> None:
    with pytest.raises(TypeError, match="text_view shows a State, an Observation or a Table"):
        text_view(Hand("As"))
    with pytest.raises(TypeError, match="card_svg draws a Card, a SpanishCard or None"):
        card_svg("As")  # type: ignore[arg-type]


LOW = ["_indexed", "_render", "errors", "french", "spanish", "deck", "evaluation", "games", "play"]


def test_nothing_below_the_display_imports_it() -> None:
    """DESIGN: cards <- evaluation <- games <- display <- play/cli; the hook is the only link."""
    root = Path(cartes.__file__).parent
    for name in LOW:
        path = root / name
        files = sorted(path.rglob("*.py")) if path.is_dir() else [path.with_suffix(".py")]
        for file in files:
            for node in ast.walk(ast.parse(file.read_text())):
                imported: list[str] = []
                if isinstance(node, ast.ImportFrom) and node.module:
                    imported = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
                elif isinstance(node, ast.Import):
                    imported = [a.name for a in node.names]
                bad = [m for m in imported if m in ("cartes.display", "cartes.cli")]
                assert not bad, f"{file.relative_to(root)} imports {bad}"


# --- progress bars -------------------------------------------------------------------------


def test_progress_changes_nothing_but_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("tqdm")
    game = games.get("seven-card-stud", players=3)
    agents = [RandomAgent(1), RandomAgent(2), RandomAgent(3)]
    quiet = simulate(game, agents, 25, seed=4)
    assert capsys.readouterr().err == ""
    agents = [RandomAgent(1), RandomAgent(2), RandomAgent(3)]
    loud = simulate(game, agents, 25, seed=4, progress=True)
    assert np.array_equal(quiet, loud)
    assert "25/25" in capsys.readouterr().err
    table = games.Table(game, stacks=[40, 40, 40])
    play_table(table, [RandomAgent(5)] * 3, 6, seed=1, progress=True)
    assert "hands" in capsys.readouterr().err


def test_progress_without_tqdm_or_with_a_bad_value(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game = games.get("seven-card-stud", players=2)
    with pytest.raises(OptionError, match="progress must be True or False, got 'yes'"):
        simulate(game, [RandomAgent(1)] * 2, 3, progress="yes")  # type: ignore[arg-type]
    monkeypatch.setitem(__import__("sys").modules, "tqdm.auto", None)
    # without tqdm a plain line counts the hands (issue 21.3: never an error), same results
    plain = simulate(game, [RandomAgent(1)] * 2, 250, seed=1, progress=True)
    err = capsys.readouterr().err
    assert err.endswith("250/250 hands\n")
    assert 50 <= err.count("\r") <= 101  # about a hundred updates, not one a hand
    assert (plain == simulate(game, [RandomAgent(1)] * 2, 250, seed=1)).all()
    assert capsys.readouterr().err == ""


def test_siete_views_read_like_a_game() -> None:
    """Issue 21.4: 7½'s calles are drawn as rows of cards with their bet and state (no raw
    tuples), a bust keeps its cards on the table, the bank included, and the words are a
    banking game's (balance, bet, the bank), with no pot once the hand is over."""
    game = games.get("siete-y-medio", players=4)
    busts = bank_busts = 0
    for seed in range(60):
        state = game.start(seed)
        agent = RandomAgent(seed)
        while not state.is_terminal:
            text = text_view(state.observation(state.to_act))
            assert not re.search(r"\b(None|True|False)\b", text), text
            state.apply(agent.act(SeatView(state, state.to_act)))
        final = state.observation(None)
        text = text_view(final, unicode=False)
        assert not re.search(r"\b(None|True|False|pot|stack)\b", text), text
        assert text.splitlines()[1].split() == ["seat", "cards", "balance", "result"]
        assert "balance" in text
        html = html_view(state)
        for seat, hands in enumerate(final.extra["calles"]):
            row = next(line for line in text.splitlines()[2:]
                       if line.split()[0] in (str(seat), f">{seat}"))
            for number, (_cards, _up, bet, status) in enumerate(hands):
                if bet and status != "bust":
                    assert f"bet {bet}" in row
                if status == "bust":
                    busts += 1
                    bank_busts += seat == final.extra["bank"]
                    shown = [e for e in final.history
                             if e.kind == "bust" and (e.seat, e.calle) == (seat, number)]
                    assert len(shown) == 1
                    for card in shown[0].cards:
                        assert str(card) in row  # the cards it busted with
                        assert f'data-card="{card}"' in html
                assert status in row
        assert text.splitlines()[2 + final.extra["bank"]].split()[1] == "B"
    assert busts > 0
    assert bank_busts > 0  # the bank's own bust is shown too


def test_calatone_marks_the_viewers_hole_cards_instead_of_an_up_cards_column() -> None:
    """Issue 21.8: the up cards are not repeated in a column of their own (it overflowed);
    the viewer's own face-down cards are marked on his row, [3♥] in text and on a grey
    ground in HTML, and nobody else's are."""
    game = games.get("calatone", players=3)
    for seed in range(6):
        state = game.start(seed)
        agent = RandomAgent(seed)
        while not state.is_terminal:
            seat = state.to_act
            assert seat is not None
            obs = state.observation(seat)
            text = text_view(obs, unicode=False)
            assert "up cards" not in text
            up = set(obs.extra["up_cards"][seat])
            mine = [c for c in obs.cards[seat] if c is not None and c not in up]
            row = next(line for line in text.splitlines() if "(you)" in line)
            assert sorted(re.findall(r"\[(\w\w)\]", row)) == sorted(map(str, mine))
            assert len(re.findall(r"\[", text)) == len(mine)  # on his row only
            html = html_view(obs)
            assert html.count('class="cartes-down"') == len(mine)
            assert "up cards" not in html
            state.apply(agent.act(SeatView(state, seat)))
