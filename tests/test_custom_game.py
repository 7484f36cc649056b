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
from cartes.games import Call, Check, Fold, Game, Observation, State
from cartes.games.hand import HandGame, HandState
from cartes.games.poker.events import Acted, CardDealt
from cartes.games.testing import check_game
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


# -- the same game on the hand-state base (cartes.games.hand) ------------------------------


@dataclass(frozen=True)
class BaseHighCard(HandGame["BaseHighCardState"]):
    """The high-card game again, built on the base: the template start, _record, the views,
    the declared fields, the history."""

    name: ClassVar[str] = "base-high-card"
    players: int = 3
    starting_stack: int = 20
    shuffles_in_hand: ClassVar[bool] = False

    def start(self, seed=None, *, deck=None, stacks=None, button=0, reshuffle_seed=None):
        return self._start(seed, deck, stacks, button, reshuffle_seed)

    def deck_minimum(self):
        return self.players, "one card per player"

    def new_hand(self, setup, deck):
        return BaseHighCardState(setup, deck)


class BaseHighCardState(HandState):
    copied: ClassVar = {"folded": list, "stacks": list}
    compared: ClassVar = {"turn": None, "folded": None, "stacks": None}

    def __init__(self, setup, deck):
        self._init_hand(setup)
        self.cards = deck.deal(self.n)
        self.turn, self.folded, self.stacks = 0, [False] * self.n, list(setup.stacks)
        self._record_all([CardDealt(s, c, False, 1) for s, c in enumerate(self.cards)])

    def _next_to_act(self):
        return None if self.turn >= self.n else self.turn

    def _offers(self):
        return () if self.to_act is None else (Fold(), Check())

    @property
    def is_terminal(self):
        return self.turn >= self.n

    @property
    def payoffs(self):
        live = [s for s in range(self.n) if not self.folded[s]] or list(range(self.n))
        best = max(live, key=lambda s: self.cards[s])
        return tuple(self.n - 1 if s == best else -1 for s in range(self.n))

    def why_not(self, action):
        return f"{action!r}: only Fold() or Check() here" if isinstance(action, Call) else None

    def _act(self, seat, action):
        self.folded[seat] = isinstance(action, Fold)
        self.turn += 1
        event = Acted(seat, action, 0, False)
        self._record(event)
        if self.is_terminal:  # the pot is paid
            self.stacks = [s + p for s, p in zip(self.setup.stacks, self.payoffs, strict=True)]
        return event

    def observation(self, seat):
        seat = self._viewer(seat)
        return Observation(
            seat=seat, to_act=self.to_act, stacks=tuple(self.stacks), committed=(0,) * self.n,
            folded=tuple(self.folded),
            cards=tuple((c if s == seat else None,) for s, c in enumerate(self.cards)),
            board=(), history=self._seen(seat),
            legal_actions=self.legal_actions() if seat == self.to_act else (),
            is_terminal=self.is_terminal)


def test_a_game_on_the_base_keeps_the_contract_and_replays(monkeypatch):
    monkeypatch.setattr(games, "_REGISTRY", dict(games._REGISTRY))
    games.register("base-high-card", BaseHighCard)
    game = BaseHighCard()
    report = check_game(game, hands=60, seed=4, probe=1.0)
    assert report.hands == 60
    state = game.start(seed=5, button=2)
    with pytest.raises(IllegalActionError, match=r"Call\(\): only Fold\(\) or Check\(\) here"):
        state.apply(Call())
    seen = [state.observation(seat) for seat in (None, 0, 1, 2)]  # views exist from here on
    twin = state.clone()
    state.apply(Check())
    twin.apply(Fold())
    for hand in (state, twin):  # each view pushed to, apart, and equal to a redaction afresh
        for viewer in (None, 0, 1, 2):
            assert hand.observation(viewer).history == tuple(
                event.seen_by(viewer) for event in hand.history
            )
    assert seen[1].history == tuple(e.seen_by(0) for e in state.history[:3])
    assert twin != state
    assert twin.clone() == twin
    assert games.replay(state.to_json()) == state
    assert state.to_dict()["button"] == 2
    assert state.to_dict()["reshuffle_seed"] is None


def test_the_host_policies_are_hooks_and_concrete_is_deprecated():
    from cartes.games import Bet, Calatone, Expose, SevenCardStud
    from cartes.play import concrete, forced_choice

    state = Calatone(players=2).start(seed=3)
    lower = min(state.cards[1][:2], key=lambda card: card.index)
    assert state.forced_choice() == Expose(lower) == forced_choice(state.legal_actions())
    assert SevenCardStud(players=2).start(seed=1).forced_choice() is None
    with pytest.warns(DeprecationWarning, match="offer.choose"):
        assert concrete(Bet(1, up_to=10)) == Bet(1)
