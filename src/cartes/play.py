"""Playing hands with agents: the :class:`Agent` protocol, two simple agents, and runners.

An agent is anything with ``act(view) -> Action``. The :class:`SeatView` it gets knows the
seat, the legal actions, and builds the seat's full :class:`~cartes.games.Observation` only if
asked (most bots never need it, and building it costs time).

>>> from cartes.games import get
>>> game = get("seven-card-stud", players=3)
>>> state = play_hand(game, [RandomAgent(1), RandomAgent(2), CallingStation()], seed=7)
>>> state.is_terminal, sum(state.payoffs)
(True, 0)
>>> simulate(game, [RandomAgent(1), SimpleAgent(), CallingStation()], hands=20, seed=3).shape
(20, 3)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

import numpy as np
from numpy.typing import NDArray

from cartes._progress import progress_bar
from cartes.deck import SeedLike, make_rng
from cartes.errors import ConfigurationError, IllegalActionError
from cartes.games._check import whole
from cartes.games.core import (
    Action,
    Bet,
    BringIn,
    Call,
    Check,
    Fold,
    Game,
    Observation,
    Raise,
    Show,
    State,
)
from cartes.games.table import Table

__all__ = [
    "Agent",
    "CallingStation",
    "RandomAgent",
    "SeatView",
    "SimpleAgent",
    "concrete",
    "play_hand",
    "play_table",
    "simulate",
]


class SeatView:
    """What an agent may look at when it is its turn: its seat, its legal actions, and (on
    request) its observation. Valid only during the ``act`` call it is given to.

    A view holds no reference to the hand an agent could use by accident: only the seat,
    the legal actions and a private way to build the seat's
    :class:`~cartes.games.Observation` on the first request (building it costs time, and
    most bots never need it). The runners expire the view when ``act`` returns; asking an
    expired view for its observation raises :class:`~cartes.errors.IllegalActionError`.
    :meth:`of` makes a view from an observation alone.

    >>> from cartes.games import get
    >>> state = get("seven-card-stud").start(seed=1)
    >>> view = SeatView(state, state.to_act)
    >>> view.seat, view.legal_actions
    (0, (BringIn(), Complete()))
    >>> view.observation().cards[0][2]
    Card('6c')
    """

    __slots__ = ("_build", "_observation", "legal_actions", "seat")

    def __init__(self, state: State, seat: int) -> None:
        if seat != state.to_act:
            raise IllegalActionError(f"seat {seat} has no turn now: seat {state.to_act} acts")
        self.seat = seat
        self.legal_actions = state.legal_actions()
        observe = state.observation  # only this, kept in a closure, reaches the hand
        self._build: Callable[[], Observation] | None = lambda: observe(seat)
        self._observation: Observation | None = None

    @classmethod
    def of(cls, observation: Observation) -> SeatView:
        """A view of the seat an observation belongs to (its legal actions included).

        >>> from cartes.games import get
        >>> state = get("seven-card-stud").start(seed=1)
        >>> SeatView.of(state.observation(0)).legal_actions
        (BringIn(), Complete())
        """
        if observation.seat is None:
            raise IllegalActionError("a spectator's observation has no seat to act for")
        view = cls.__new__(cls)
        view.seat = observation.seat
        view.legal_actions = observation.legal_actions
        view._build = None
        view._observation = observation
        return view

    def observation(self) -> Observation:
        """The seat's observation (never another seat's hidden cards)."""
        if self._observation is None:
            if self._build is None:
                raise IllegalActionError(
                    "this view has expired: it is valid only during the act() call it was "
                    "given to"
                )
            self._observation = self._build()
        return self._observation

    def expire(self) -> None:
        """Cut the view off from the hand (the runners call it when ``act`` returns)."""
        self._build = None


def _ask(agent: Agent, state: State, seat: int) -> Action:
    """The agent's choice for ``seat``, through a view that expires when it returns."""
    view = SeatView(state, seat)
    try:
        return agent.act(view)
    finally:
        view.expire()


@runtime_checkable
class Agent(Protocol):
    """Anything that picks an action for a seat.

    >>> isinstance(RandomAgent(0), Agent)
    True
    """

    def act(self, view: SeatView) -> Action:
        """Return one of ``view.legal_actions`` (with one amount if it offers a range)."""
        ...


def concrete(offer: Action, rng: np.random.Generator | None = None) -> Action:
    """An applicable action from an offer: a range ``Bet(1, up_to=10)`` becomes one amount
    (random with ``rng``, else the least).

    >>> concrete(Bet(1, up_to=10)), concrete(Raise(to=4))
    (Bet(amount=1), Raise(to=4))
    """
    if isinstance(offer, Bet) and offer.up_to is not None:
        amount = offer.amount if rng is None else int(rng.integers(offer.amount, offer.up_to + 1))
        return Bet(amount)
    if isinstance(offer, Raise) and offer.up_to is not None:
        to = offer.to if rng is None else int(rng.integers(offer.to, offer.up_to + 1))
        return Raise(to=to)
    return offer


class RandomAgent:
    """Picks uniformly among the legal actions (and a uniform amount within a range).

    >>> from cartes.games import get
    >>> state = get("seven-card-stud").start(seed=1)
    >>> view = SeatView(state, state.to_act)
    >>> RandomAgent(seed=4).act(view) in view.legal_actions
    True
    """

    def __init__(self, seed: SeedLike = None) -> None:
        self.rng = make_rng(seed)

    def act(self, view: SeatView) -> Action:
        legal = view.legal_actions
        return concrete(legal[int(self.rng.integers(len(legal)))], self.rng)


class CallingStation:
    """Never folds, never raises: checks or calls, posts the bring-in, always shows.

    >>> from cartes.games import get
    >>> state = get("seven-card-stud").start(seed=1)
    >>> CallingStation().act(SeatView(state, state.to_act))
    BringIn()
    """

    def act(self, view: SeatView) -> Action:
        for choice in (Show(), Check(), Call(), BringIn()):
            if choice in view.legal_actions:
                return choice
        return concrete(view.legal_actions[0])


class SimpleAgent:
    """A sensible, simple player: bets and raises with two pair or better, calls with a pair
    (or while bets are small, up to fourth street), folds weak hands facing a bet, and always
    shows.

    It judges only its own cards by pairs, trips and quads (a rough strength, no evaluator).

    >>> from cartes.games import get
    >>> state = get("seven-card-stud", players=2).start(seed=5)
    >>> SimpleAgent().act(SeatView(state, state.to_act)) in state.legal_actions()
    True
    """

    def act(self, view: SeatView) -> Action:
        legal = view.legal_actions
        if Show() in legal:
            return Show()
        obs = view.observation()
        own = [card for card in obs.cards[view.seat] if card is not None] + list(obs.board)
        counts = sorted(Counter(card.rank for card in own).values(), reverse=True)
        made = 3 if counts[0] >= 3 else 2 if counts[:2] == [2, 2] else counts[0] - 1
        aggressive = [a for a in legal if a.kind in ("bet", "raise", "complete")]
        if made >= 2 and aggressive:
            return concrete(aggressive[0])
        if Check() in legal:
            return Check()
        cheap = obs.extra.get("street", 0) <= 4
        if Call() in legal and (made >= 1 or cheap):
            return Call()
        if Fold() in legal:
            return Fold()
        return concrete(legal[0])


def _check_agents(agents: object, seats: int) -> None:
    if not isinstance(agents, Sequence) or isinstance(agents, str | bytes):
        raise ConfigurationError(
            f"agents must be a list of agents, one per seat ({seats}), got {agents!r}"
        )
    if len(agents) != seats:
        raise ConfigurationError(
            f"agents must give one agent per seat ({seats}), got {len(agents)}"
        )


def play_hand(
    game: Game,
    agents: Sequence[Agent],
    seed: SeedLike = None,
    **start: Any,
) -> State:
    """Deal one hand with ``seed`` (plus any ``game.start`` options) and let the agents play
    it to the end. An agent's illegal choice raises
    :class:`~cartes.errors.IllegalActionError` naming it.

    >>> from cartes.games import SevenCardStud
    >>> state = play_hand(SevenCardStud(players=2), [CallingStation()] * 2, seed=1)
    >>> state.is_terminal, state.street
    (True, 7)
    """
    _check_agents(agents, game.players)
    state = game.start(seed, **start)
    while not state.is_terminal:
        seat = state.to_act
        assert seat is not None
        action = _ask(agents[seat], state, seat)
        try:
            state.apply(action)
        except IllegalActionError as error:
            raise IllegalActionError(f"agent {seat} ({agents[seat]!r}): {error}") from None
    return state


def simulate(
    game: Game,
    agents: Sequence[Agent],
    hands: int,
    seed: SeedLike = None,
    *,
    progress: bool = False,
) -> NDArray[np.int64]:
    """Play ``hands`` independent hands (fresh stacks, the button moving one seat clockwise
    each hand) and return every seat's payoff per hand, shape ``(hands, players)``.
    ``progress=True`` shows a progress bar (needs ``tqdm``); the results do not change.

    >>> from cartes.games import SevenCardStud
    >>> results = simulate(SevenCardStud(players=2), [SimpleAgent(), RandomAgent(1)], 50, seed=2)
    >>> results.shape, int(results.sum())
    ((50, 2), 0)
    """
    hands = whole("hands", hands, 0)
    _check_agents(agents, game.players)
    rng = make_rng(seed)
    results = np.zeros((hands, game.players), dtype=np.int64)
    for number in progress_bar(range(hands), hands, progress, "hands"):
        state = play_hand(game, agents, rng, button=number % game.players)
        results[number] = state.payoffs
    return results


def play_table(
    table: Table,
    agents: Sequence[Agent],
    hands: int,
    seed: SeedLike = None,
    *,
    progress: bool = False,
) -> NDArray[np.int64]:
    """Play up to ``hands`` hands at a :class:`~cartes.games.Table`, one agent per table seat,
    carrying the stacks and moving the button; stops early when fewer than two seats have
    chips. Returns each table seat's payoff per hand played. ``progress=True`` shows a
    progress bar (needs ``tqdm``).

    >>> from cartes.games import SevenCardStud, Table
    >>> table = Table(SevenCardStud(players=3), stacks=[60, 60, 60])
    >>> results = play_table(table, [SimpleAgent(), CallingStation(), RandomAgent(1)], 5, seed=1)
    >>> results.shape, sum(table.stacks), table.hands_played
    ((5, 3), 180, 5)
    """
    seats = len(table.stacks)
    hands = whole("hands", hands, 0)
    _check_agents(agents, seats)
    rng = make_rng(seed)
    rows: list[tuple[int, ...]] = []
    for _ in progress_bar(range(hands), hands, progress, "hands"):
        if sum(1 for stack in table.stacks if stack > 0) < 2:
            break
        state = table.start_hand(rng)
        in_hand = table.seats_in_hand
        while not state.is_terminal:
            seat = state.to_act
            assert seat is not None
            agent = agents[in_hand[seat]]
            try:
                state.apply(_ask(agent, state, seat))
            except IllegalActionError as error:
                raise IllegalActionError(f"agent {in_hand[seat]} ({agent!r}): {error}") from None
        rows.append(table.finish_hand(state))
    return np.array(rows, dtype=np.int64).reshape(len(rows), seats)

