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
from cartes.games.events import Acted, CardDealt
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
