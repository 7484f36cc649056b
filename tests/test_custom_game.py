"""A third-party game built on the core contract only: registry, apply, play_hand all work.

"High card showdown": every seat antes 1 and gets one card face down; in turn each seat
checks or folds; the highest card among those who checked takes the pot.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pytest

import cartes.games as games
from cartes import Deck
from cartes.errors import IllegalActionError
from cartes.games import Check, Fold, Game, Observation, State
from cartes.games.poker.events import Acted, CardDealt
from cartes.play import RandomAgent, play_hand, simulate


@dataclass(frozen=True)
class HighCard(Game):
    name: ClassVar[str] = "high-card"
    players: int = 3

    def start(self, seed=None, **_):
        deck = Deck.french()
        deck.shuffle(seed)
        return HighCardState(self.players, deck.deal(self.players))


class HighCardState(State):
    def __init__(self, n, cards):
        self.n, self.cards = n, list(cards)
        self.turn, self.folded = 0, [False] * n
        self.history = [CardDealt(s, c, False, 1) for s, c in enumerate(cards)]

    @property
    def to_act(self):
        return None if self.turn >= self.n else self.turn

    @property
    def is_terminal(self):
        return self.turn >= self.n

    @property
    def payoffs(self):
        live = [s for s in range(self.n) if not self.folded[s]] or list(range(self.n))
        best = max(live, key=lambda s: self.cards[s])
        return tuple(self.n - 1 if s == best else -1 for s in range(self.n))

    def legal_actions(self):
        return () if self.is_terminal else (Fold(), Check())

    def observation(self, seat):
        return Observation(seat, self.to_act, (), (), tuple(self.folded),
                           tuple((c if s == seat else None,) for s, c in enumerate(self.cards)),
                           (), tuple(e.seen_by(seat) for e in self.history),
                           self.legal_actions() if seat == self.to_act else (), self.is_terminal)

    def clone(self):
        twin = HighCardState(self.n, self.cards)
        twin.turn, twin.folded, twin.history = self.turn, list(self.folded), list(self.history)
        return twin

    def _apply(self, action):
        seat = self.turn
        self.folded[seat] = isinstance(action, Fold)
        self.turn += 1
        event = Acted(seat, action, 0, False)
        self.history.append(event)
        return event


def test_a_custom_game_plugs_into_the_registry_and_the_runners(monkeypatch):
    monkeypatch.setattr(games, "_REGISTRY", dict(games._REGISTRY))
    games.register("high-card", HighCard)
    game = games.get("high-card", players=4)
    state = play_hand(game, [RandomAgent(s) for s in range(4)], seed=1)
    assert state.is_terminal
    assert sum(state.payoffs) == 0
    assert simulate(game, [RandomAgent(s) for s in range(4)], hands=10, seed=2).shape == (10, 4)
    with pytest.raises(IllegalActionError, match="over"):
        state.apply(Check())
    fresh = game.start(3)
    with pytest.raises(IllegalActionError, match="not legal"):
        fresh.apply(games.Call())
    assert fresh.observation(0).visible_cards() == {fresh.cards[0]}


def test_an_action_kind_cannot_be_taken_over():
    """A third-party action may not reuse a kind name: it would replace the core action when
    histories are read back (every stud replay would break)."""
    from cartes.errors import ConfigurationError
    from cartes.games import Action, Show, action_from_dict

    with pytest.raises(ConfigurationError, match="action kind 'show' is already used by"):

        @dataclass(frozen=True, slots=True)
        class Declare(Action):
            kind: ClassVar[str] = "show"

    assert action_from_dict({"kind": "show"}) == Show()

    @dataclass(frozen=True, slots=True)
    class Declare2(Action):  # a new kind is fine, and reads back
        kind: ClassVar[str] = "test-declare"
        points: int = 0

    assert action_from_dict(Declare2(3).to_dict()) == Declare2(3)


@dataclass(frozen=True)
class SpanishHighCard(Game):
    """High card with a Spanish deck, saved and replayed through the shared history format."""

    name: ClassVar[str] = "spanish-high-card"
    players: int = 3

    def start(self, seed=None, *, deck=None, stacks=None, button=0, reshuffle_seed=0):
        if deck is None:
            deck = Deck.spanish()
            deck.shuffle(seed)
        return SpanishHighCardState(self, deck)


class SpanishHighCardState(HighCardState):
    def __init__(self, game, deck):
        self.game, self.deck = game, deck.copy()
        super().__init__(game.players, deck.copy().deal(game.players))
        self.actions = []

    def clone(self):  # pragma: no cover - not needed here
        raise NotImplementedError

    def _apply(self, action):
        self.actions.append((self.turn, action))
        return super()._apply(action)

    def __eq__(self, other):
        return (self.deck, self.folded, self.history) == (other.deck, other.folded, other.history)

    def to_dict(self):
        return {
            "format": "cartes-hand/1",
            "game": self.game.name,
            "config": self.game.config(),
            "deck": [str(card) for card in self.deck.cards],
            "deck_kind": "spanish",
            "stacks": [1] * self.n,
            "button": 0,
            "reshuffle_seed": 0,
            "actions": [{"seat": seat, **action.to_dict()} for seat, action in self.actions],
        }


def test_a_spanish_deck_game_replays_with_its_own_deck(monkeypatch):
    """The history says which kind of deck was dealt (D2): replay rebuilds it with that kind,
    not as French cards."""
    from cartes import SpanishCard

    monkeypatch.setattr(games, "_REGISTRY", dict(games._REGISTRY))
    games.register("spanish-high-card", SpanishHighCard)
    state = SpanishHighCard().start(seed=4)
    state.apply_all([Check(), Fold(), Check()])
    again = games.replay(state.to_json())
    assert again == state
    assert again.deck.kind is SpanishCard
    assert all(isinstance(card, SpanishCard) for card in again.cards)


def test_stud_history_names_its_deck_kind_and_game():
    from cartes.games import SevenCardStud

    data = SevenCardStud(players=2).start(seed=1).to_dict()
    assert data["deck_kind"] == "french"
    assert data["game"] == "seven-card-stud"
    assert games.get(data["game"], **data["config"]) == SevenCardStud(players=2)


def test_to_json_and_text_log_come_from_the_state_contract():
    """Every State has to_json (from its to_dict) and text_log (from its history)."""
    state = HighCard(players=2).start(seed=1)
    assert state.text_log().splitlines()[0].startswith("Seat 0")
    with pytest.raises(NotImplementedError, match="HighCardState does not define to_dict"):
        state.to_json()
