"""The conformance kit: check_game passes on every registered game, and a toy game broken in
each way the contract forbids is caught, with a seed and actions that reproduce the failure."""

from __future__ import annotations

import contextlib
import dataclasses
import random
from dataclasses import dataclass
from typing import ClassVar

import pytest

import cartes.games as games
from cartes import Card, Deck
from cartes.errors import ConfigurationError, IllegalActionError
from cartes.games import Action, Call, Check, Event, Fold, Game, Observation, State
from cartes.games.chips import HandEnded
from cartes.games.hand import HandGame, HandState, Setup
from cartes.games.poker.events import Acted, AntePosted, CardDealt
from cartes.games.testing import ContractError, Report, check_game, junk_actions


def game_variants(name):
    """The registered game with its defaults, and with more seats when it takes them."""
    variants = [games.get(name)]
    for players in (3, 5, 8):
        with contextlib.suppress(ConfigurationError):
            variants.append(games.get(name, players=players))
    return variants


@pytest.mark.parametrize("name", games.available())
def test_every_registered_game_keeps_the_contract(name):
    for number, game in enumerate(game_variants(name)):
        report = check_game(game, hands=40, seed=number, probe=0.3)
        assert report.hands == 40
        assert report.actions > 40
        assert report.probes > 0


@pytest.mark.soak
@pytest.mark.parametrize("name", games.available())
def test_every_registered_game_keeps_the_contract_over_many_hands(name):
    for number, game in enumerate(game_variants(name)):
        check_game(game, hands=150, seed=100 + number, probe=0.2)


# ---------------------------------------------------------------------------------------------
# A toy game that keeps the contract unless told to break it.

FAULTS = {
    # fault name: the check that must catch it
    "chips": "chips conserved",
    "payoffs": "payoffs sum to zero",
    "payoff-chips": "payoffs match the chips",
    "card-twice": "no card twice",
    "leak": "observations hide what a seat may not see",
    "leak-history": "observations hide what a seat may not see",
    "obs-legal": "observations",
    "offer-fails": "every offered action applies",
    "accepts-junk": "illegal actions raise IllegalActionError",
    "wrong-error": "illegal actions raise IllegalActionError",
    "half-applied": "an illegal action changes nothing",
    "shared-clone": "clone is independent",
    "terminal-offers": "terminal state offers nothing",
    "no-offers": "a live hand offers actions",
    "replay": "json replay",
    "nondeterministic": "determinism",
}


@dataclass(frozen=True)
class ToyGame(Game):
    """Every seat antes 1 and gets one card down; each seat in turn checks or folds; the
    highest card among those who checked takes the pot (all fold: the pot goes back)."""

    name: ClassVar[str] = "test-conformance-toy"
    balances: ClassVar[bool] = False
    players: int = 3
    fault: str = ""
    starting_stack: int = 20

    def start(self, seed=None, *, deck=None, stacks=None, button=0, reshuffle_seed=0):
        if deck is None:
            deck = Deck.french()
            deck.shuffle(random.randrange(100) if self.fault == "nondeterministic" else seed)
        return ToyState(self, deck, stacks or [self.starting_stack] * self.players)


class ToyState(State):
    def __init__(self, game, deck, stacks):
        self.game, self.n, self.fault = game, game.players, game.fault
        self.deck = deck.copy()
        self.initial_stacks = list(stacks)
        cards = deck.copy().deal(self.n)
        if self.fault == "card-twice":
            cards = [cards[0], *cards[:-1]]
        self.cards = list(cards)
        # a banking game keeps balances, moved at the settlement; a pot game takes the ante
        self.stacks = list(stacks) if game.balances else [s - 1 for s in stacks]
        self.committed = [1] * self.n
        self.turn, self.folded = 0, [False] * self.n
        self.actions = []
        self.history = [AntePosted(s, 1) for s in range(self.n)]
        self.history += [CardDealt(s, c, False, 1) for s, c in enumerate(self.cards)]
        self.junk_seen = 0
        self._payoffs = None

    @property
    def to_act(self):
        return None if self.turn >= self.n else self.turn

    @property
    def is_terminal(self):
        return self.turn >= self.n

    @property
    def payoffs(self):
        if self._payoffs is None:
            raise IllegalActionError("not over")
        return self._payoffs

    def legal_actions(self):
        if self.is_terminal:
            return (Check(),) if self.fault == "terminal-offers" else ()
        if self.fault == "no-offers" and self.turn == 1:
            return ()
        return (Fold(), Check())

    def observation(self, seat):
        def shown(s, c):
            if s == seat or (self.fault == "leak" and seat is not None and s == seat + 1):
                return c
            return None

        history = tuple(e.seen_by(seat) for e in self.history)
        if self.fault == "leak-history" and seat == 0:
            history = tuple(self.history)
        legal = self.legal_actions() if seat == self.to_act else ()
        if self.fault == "obs-legal" and seat is None:
            legal = self.legal_actions()
        return Observation(
            seat, self.to_act, tuple(self.stacks), tuple(self.committed), tuple(self.folded),
            tuple((shown(s, c),) for s, c in enumerate(self.cards)), (), history, legal,
            self.is_terminal, {"junk": self.junk_seen},
        )

    def apply(self, action, *, seat=None):
        if self.fault == "half-applied" and action == Fold() and Fold() not in \
                self.legal_actions():
            self.junk_seen += 1
        if self.fault == "wrong-error" and not isinstance(action, Action):
            raise TypeError("not an action")
        if self.fault == "accepts-junk" and action == Call() and not self.is_terminal:
            return self._apply(action)  # skips the check
        return super().apply(action, seat=seat)

    def clone(self):
        twin = ToyState.__new__(ToyState)
        twin.__dict__.update(self.__dict__)
        if self.fault != "shared-clone":
            twin.stacks, twin.committed = list(self.stacks), list(self.committed)
            twin.folded, twin.history = list(self.folded), list(self.history)
            twin.actions = list(self.actions)
        return twin

    def _apply(self, action):
        seat = self.turn
        if self.fault == "offer-fails" and seat == 1 and isinstance(action, Check):
            raise RuntimeError("cannot check here")
        self.actions.append((seat, action))
        self.folded[seat] = isinstance(action, Fold)
        if self.fault == "chips" and seat == 1:
            self.stacks[seat] += 1
        self.turn += 1
        event = Acted(seat, action, 0, False)
        self.history.append(event)
        if self.is_terminal:
            self._settle()
        return event

    def _settle(self):
        live = [s for s in range(self.n) if not self.folded[s]]
        if self.game.balances:  # the best live card wins everyone's stake
            best = max(live or range(self.n), key=lambda s: self.cards[s])
            for s in range(self.n):
                self.stacks[s] -= self.committed[s]
            self.stacks[best] += sum(self.committed)
        elif live:
            best = max(live, key=lambda s: self.cards[s])
            self.stacks[best] += sum(self.committed)
        else:
            for s in range(self.n):
                self.stacks[s] += self.committed[s]
        if self.fault == "bank-leak":
            self.stacks[0] += 1
        self.committed = [0] * self.n
        payoffs = [s - i for s, i in zip(self.stacks, self.initial_stacks, strict=True)]
        if self.fault == "payoffs":
            payoffs[0] += 1
        if self.fault == "payoff-chips":
            payoffs[0], payoffs[1] = payoffs[0] + 1, payoffs[1] - 1
        self._payoffs = tuple(payoffs)
        self.history.append(HandEnded(None, self._payoffs))

    def __eq__(self, other):
        if not isinstance(other, ToyState):
            return NotImplemented
        return (self.deck, self.cards, self.stacks, self.folded, self.history, self.junk_seen) \
            == (other.deck, other.cards, other.stacks, other.folded, other.history,
                other.junk_seen)

    __hash__ = None

    def to_dict(self):
        actions = self.actions[:-1] if self.fault == "replay" else self.actions
        return {
            "format": "cartes-hand/1", "game": self.game.name, "config": self.game.config(),
            "deck": [str(card) for card in self.deck.cards], "stacks": self.initial_stacks,
            "button": 0, "reshuffle_seed": 0,
            "actions": [{"seat": seat, **action.to_dict()} for seat, action in actions],
        }


@dataclass(frozen=True)
class BankToy(ToyGame):
    """The toy as a banking game: balances (which may go below zero) move only at the
    settlement; the stakes are at risk meanwhile."""

    name: ClassVar[str] = "test-conformance-bank"
    balances: ClassVar[bool] = True
    starting_stack: int = 0


@pytest.fixture
def toy_registered(monkeypatch):
    monkeypatch.setattr(games, "_REGISTRY", dict(games._REGISTRY))
    games.register(ToyGame.name, ToyGame)
    games.register(BankToy.name, BankToy)


def test_a_banking_game_conserves_balances_not_stacks_plus_stakes(toy_registered):
    report = check_game(BankToy(players=3), hands=30, seed=4, probe=1)
    assert report.hands == 30
    with pytest.raises(ContractError, match="contract check 'chips conserved'") as caught:
        check_game(BankToy(players=3, fault="bank-leak"), hands=5, seed=4)
    assert "balances make" in str(caught.value)
    with pytest.raises(ContractError, match="chips conserved"):  # as a pot game it leaks
        check_game(ToyGame(players=3, fault="bank-leak"), hands=5, seed=4)


def test_the_sound_toy_game_passes(toy_registered):
    report = check_game(ToyGame(players=4), hands=60, seed=1, probe=1)
    assert report == Report(hands=60, actions=240, probes=report.probes, skipped={})
    assert report.probes > 60 * 4 * len(junk_actions()) // 2


@pytest.mark.parametrize(("fault", "check"), sorted(FAULTS.items()))
def test_each_broken_promise_is_caught_and_reproducible(toy_registered, fault, check):
    game = ToyGame(players=3, fault=fault)
    with pytest.raises(ContractError) as caught:
        check_game(game, hands=30, seed=2, probe=1)
    error = caught.value
    assert error.check == check, str(error)
    assert f"game.start({error.seed}" in str(error)
    if fault != "nondeterministic":
        # the reported seed, start options and actions reach the state where it failed
        state = game.start(error.seed, **error.start)
        state.apply_all(error.actions)
        assert state.turn == len(error.actions)


def test_a_game_that_saves_no_hands_skips_replay_and_says_why():
    from test_custom_game import HighCard

    report = check_game(HighCard(players=3), hands=10, seed=0)
    assert report.hands == 10
    assert "does not define to_dict" in report.skipped["json replay"]


def test_an_unregistered_game_that_saves_hands_fails_replay():
    with pytest.raises(ContractError, match="unknown game 'test-conformance-toy'"):
        check_game(ToyGame(), hands=3, seed=0, probe=1)


def test_a_games_own_junk_is_tried_too(toy_registered):
    @dataclass(frozen=True, slots=True)
    class Peek(Action):
        kind: ClassVar[str] = "test-conformance-peek"

    report = check_game(ToyGame(players=2), hands=5, seed=0, probe=1, junk=[Peek()])
    plain = check_game(ToyGame(players=2), hands=5, seed=0, probe=1)
    assert report.probes == plain.probes + 10  # one more refusal at each of the 10 turns


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"hands": -1}, "hands must be a whole number >= 0, got -1"),
        ({"hands": 2.5}, "hands must be a whole number"),
        ({"probe": 1.5}, "probe must be a share between 0 and 1"),
        ({"probe": True}, "probe must be a share"),
    ],
)
def test_bad_options_are_refused(kwargs, message):
    with pytest.raises(ConfigurationError, match=message):
        check_game(ToyGame(), **kwargs)


def test_a_non_game_is_refused():
    with pytest.raises(ConfigurationError, match=r"check_game needs a cartes\.games Game"):
        check_game("seven-card-stud")


# ---------------------------------------------------------------------------------------------
# A game on the hand-state base whose hand may be over before anyone acts.


@dataclass(frozen=True, slots=True)
class _Paid(Event):
    kind: ClassVar[str] = "test-conformance-paid"
    amount: int


@dataclass(frozen=True, slots=True)
class _Dealt(Event):
    kind: ClassVar[str] = "test-conformance-dealt"
    card: Card | None

    def seen_by(self, seat: int | None) -> Event:
        return self if seat == self.seat else dataclasses.replace(self, card=None)


@dataclass(frozen=True, slots=True)
class _Took(Event):
    kind: ClassVar[str] = "test-conformance-took"
    amount: int


@dataclass(frozen=True, slots=True)
class _Play(Action):
    kind: ClassVar[str] = "test-conformance-play"


class DealSettled(HandState):
    """Every seat antes ``ante`` (all it has, if less) and is dealt a card; a seat with chips
    left then says play once, and the highest card takes the pot. When no seat has chips
    left after the antes, the hand is settled in the deal: nobody ever acts."""

    copied: ClassVar = {"stacks": list, "committed": list}
    compared: ClassVar = {"stacks": None, "committed": None, "waiting": None}

    def __init__(self, setup: Setup, deck: Deck[Card]) -> None:
        self._init_hand(setup)
        self.cards = tuple(deck.deal(self.n))
        self.stacks = list(setup.stacks)
        self.committed = [0] * self.n
        for seat in range(self.n):
            paid = min(self.game.ante, self.stacks[seat])
            self.stacks[seat] -= paid
            self.committed[seat] += paid
            self._record(_Paid(seat, paid))
        self._record_all([_Dealt(seat, card) for seat, card in enumerate(self.cards)])
        self.waiting = [seat for seat in range(self.n) if self.stacks[seat]]
        if not self.waiting:
            self._settle()

    def _settle(self) -> None:
        best = max(range(self.n), key=lambda seat: self.cards[seat].index)
        pot, self.committed = sum(self.committed), [0] * self.n
        self.stacks[best] += pot
        self._record(_Took(best, pot))

    def _next_to_act(self) -> int | None:
        return self.waiting[0] if self.waiting else None

    def _offers(self) -> tuple[Action, ...]:
        return (_Play(),) if self.waiting else ()

    def _act(self, seat: int, action: Action) -> Event:
        self.waiting = self.waiting[1:]
        if not self.waiting:
            self._settle()
        return self.history[-1]

    @property
    def is_terminal(self) -> bool:
        return not self.waiting

    @property
    def payoffs(self) -> tuple[int, ...]:
        if self.waiting:
            return (0,) * self.n
        return tuple(a - b for a, b in zip(self.stacks, self.setup.stacks, strict=True))

    def observation(self, seat: int | None) -> Observation:
        viewer = self._viewer(seat)
        return Observation(
            seat=viewer, to_act=self.to_act, stacks=tuple(self.stacks),
            committed=tuple(self.committed), folded=(False,) * self.n,
            cards=tuple((card if s == viewer else None,) for s, card in enumerate(self.cards)),
            board=(), history=self._seen(viewer),
            legal_actions=self.legal_actions() if viewer == self.to_act is not None else (),
            is_terminal=self.is_terminal,
        )


@dataclass(frozen=True)
class DealSettledGame(HandGame[DealSettled]):
    name: ClassVar[str] = "test-conformance-deal-settled"
    players: int = 3
    ante: int = 2
    starting_stack: int = 3
    shuffles_in_hand: ClassVar[bool] = False
    burns: ClassVar[bool] = False

    def start(self, seed=None, *, deck=None, stacks=None, button=0, reshuffle_seed=None):
        return self._start(seed, deck, stacks, button, reshuffle_seed)

    def deck_minimum(self) -> tuple[int, str]:
        return self.players, "one card per player"

    def new_hand(self, setup: Setup, deck: Deck[Card]) -> DealSettled:
        return DealSettled(setup, deck)


@pytest.fixture
def deal_settled_registered(monkeypatch):
    monkeypatch.setattr(games, "_REGISTRY", dict(games._REGISTRY))
    games.register(DealSettledGame.name, DealSettledGame)


def test_a_hand_settled_in_the_deal_is_checked_from_the_stacks_before_it(
    deal_settled_registered,
):
    game = DealSettledGame(players=3)
    settled = game.start(seed=1, stacks=[1, 2, 2])  # nobody has chips left after the antes
    assert settled.is_terminal
    assert settled.actions == []
    assert sum(settled.payoffs) == 0
    assert settled.payoffs != (0, 0, 0)
    # small random stacks settle many hands in the deal, the others after the plays
    report = check_game(game, hands=40, seed=3, probe=1)
    assert report.hands == 40
    assert 0 < report.actions < 40 * 3
    # and payoffs that sum to zero but do not match the chips are still caught there
    with pytest.raises(ContractError, match="payoffs match the chips") as caught:
        check_game(Reversed(players=3), hands=1, seed=3, start=lambda rng: {"stacks": [1, 2, 2]})
    assert caught.value.actions == []


class _ReversedHand(DealSettled):
    @property
    def payoffs(self) -> tuple[int, ...]:
        return tuple(-won for won in super().payoffs)


@dataclass(frozen=True)
class Reversed(DealSettledGame):
    def new_hand(self, setup: Setup, deck: Deck[Card]) -> DealSettled:
        return _ReversedHand(setup, deck)


def test_a_games_stack_minimum_may_follow_from_its_options():
    @dataclass(frozen=True)
    class CoverTheAnte(DealSettledGame):
        @property
        def stack_minimum(self) -> int | None:
            return self.ante

    assert CoverTheAnte(ante=3, starting_stack=5).start(seed=1, stacks=[3, 4, 5]).stacks == [
        0, 1, 2]
    with pytest.raises(ConfigurationError, match=r"stacks\[1\] must be an integer >= 3, got 2"):
        CoverTheAnte(ante=3, starting_stack=5).start(seed=1, stacks=[3, 2, 5])
    assert DealSettledGame(ante=3).start(seed=1, stacks=[3, 2, 5]).stacks == [0, 0, 2]
