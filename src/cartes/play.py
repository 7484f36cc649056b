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

import copy
import math
import warnings
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from fractions import Fraction
from functools import partial
from typing import Any, Protocol, runtime_checkable

import numpy as np
from numpy.typing import NDArray

from cartes._parallel import (
    SIMULATE_BLOCK,
    check_executor,
    gather,
    seed_sequence,
    split_evenly,
)
from cartes._progress import progress_bar
from cartes.deck import SeedLike, make_rng
from cartes.errors import ConfigurationError, IllegalActionError
from cartes.games._check import whole
from cartes.games.contract import Action, Game, Observation, State, _most_of, forced_pick
from cartes.games.table import Table

__all__ = [
    "Agent",
    "CallingStation",
    "RandomAgent",
    "SeatView",
    "SimpleAgent",
    "ThresholdAgent",
    "concrete",
    "forced_choice",
    "play_hand",
    "play_table",
    "simulate",
    "simulate_split",
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
        self._fill(state, seat)

    def _fill(self, state: State, seat: int) -> None:
        self.seat = seat
        self.legal_actions = state.legal_actions()
        # Only this reaches the hand, with the seat fixed now: changing ``view.seat`` later
        # must not show another seat's cards.
        self._build: Callable[[], Observation] | None = partial(state.observation, seat)
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
    """The agent's choice for ``seat`` (the seat to act: the runners pass
    ``state.to_act``), through a view that expires when it returns."""
    view = SeatView.__new__(SeatView)  # SeatView(state, seat) without checking the turn again
    view._fill(state, seat)
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
    """Deprecated: ``offer.choose(rng)`` (:meth:`Action.choose <cartes.games.Action.choose>`)
    is the one way to turn a range offer into one action, which this calls.

    >>> from cartes.games import Bet
    >>> Bet(1, up_to=10).choose()  # instead of concrete(Bet(1, up_to=10))
    Bet(1)
    """
    warnings.warn(
        "cartes.play.concrete is deprecated: use offer.choose(rng) (the alias goes in the "
        "release after the next)",
        DeprecationWarning,
        stacklevel=2,
    )
    return offer.choose(rng)


def forced_choice(legal: Sequence[Action]) -> Action | None:
    """The sensible answer to a choice that is not a bet, or ``None``: show at a stud
    showdown, expose the lower of one's two cards in calatone, and declare the best five
    (calatone offers its declarations best first). Each offer's class says
    (:meth:`Action.pick_among <cartes.games.Action.pick_among>`); a state's own policy is
    :meth:`State.forced_choice <cartes.games.State.forced_choice>`.

    >>> from cartes.games import Check, Expose, Fold
    >>> forced_choice((Expose("As"), Expose("7d"))), forced_choice((Fold(), Check()))
    (Expose('7d'), None)
    """
    return forced_pick(legal)


def _offer_of_kind(legal: Sequence[Action], kind: str) -> Action | None:
    """The first offer of ``kind`` (the runners read kinds, not any game's classes)."""
    return next((offer for offer in legal if offer.kind == kind), None)


_PICK_MAX = 32
_PICK_SPAN = math.lcm(*range(1, _PICK_MAX + 1))  # every count up to 32 divides it


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

    @property
    def rng(self) -> np.random.Generator:
        """The generator behind every choice; setting it (as :func:`simulate` does for each
        block) also drops the choices already drawn from the old one."""
        return self._rng

    @rng.setter
    def rng(self, rng: np.random.Generator) -> None:
        self._rng = rng
        self._draws: list[int] = []

    def act(self, view: SeatView) -> Action:
        legal = view.legal_actions
        count = len(legal)
        if self._draws and count <= _PICK_MAX:  # the usual case, inline
            return legal[self._draws.pop() % count].choose(self._rng)
        if not count:
            raise IllegalActionError(f"seat {view.seat} has no legal action to choose from")
        return legal[self._pick(count)].choose(self._rng)

    def _pick(self, count: int) -> int:
        """A uniform index below ``count``. One numpy call per choice would cost more than
        the game's own step, so draws come 64 at a time, uniform on ``0 .. lcm(1..32) - 1``:
        their remainder by any count up to 32 is exactly uniform."""
        if count > _PICK_MAX:
            return int(self._rng.integers(count))
        if not self._draws:
            self._draws = self._rng.integers(_PICK_SPAN, size=64).tolist()
        return self._draws.pop() % count


class CallingStation:
    """Never folds, never raises: checks or calls, posts the bring-in, always shows; in
    calatone it exposes the lower card and declares the best five.

    >>> from cartes.games import get
    >>> state = get("seven-card-stud").start(seed=1)
    >>> CallingStation().act(SeatView(state, state.to_act))
    BringIn()
    """

    def act(self, view: SeatView) -> Action:
        legal = view.legal_actions
        forced = forced_pick(legal)
        if forced is not None:
            return forced
        for kind in ("check", "call", "bring_in"):
            choice = _offer_of_kind(legal, kind)
            if choice is not None:
                return choice
        return legal[0].choose()


class SimpleAgent:
    """A sensible, simple player: bets and raises with two pair or better, calls with a pair
    (or while bets are small, up to fourth street), folds weak hands facing a bet, and always
    shows; in calatone it exposes the lower card and declares the best five.

    It judges only its own cards by pairs, trips and quads (a rough strength, no evaluator).

    >>> from cartes.games import get
    >>> state = get("seven-card-stud", players=2).start(seed=5)
    >>> SimpleAgent().act(SeatView(state, state.to_act)) in state.legal_actions()
    True
    """

    def act(self, view: SeatView) -> Action:
        legal = view.legal_actions
        forced = forced_pick(legal)
        if forced is not None:
            return forced
        obs = view.observation()
        own = [card for card in obs.cards[view.seat] if card is not None] + list(obs.board)
        counts = sorted(Counter(card.rank for card in own).values(), reverse=True)
        made = 3 if counts[0] >= 3 else 2 if counts[:2] == [2, 2] else counts[0] - 1
        aggressive = [a for a in legal if a.kind in ("bet", "raise", "complete")]
        if made >= 2 and aggressive:
            return aggressive[0].choose()
        offered = {offer.kind: offer for offer in reversed(legal)}  # the first of each kind
        if "check" in offered:
            return offered["check"]
        cheap = obs.extra.get("street", 0) <= 4
        if "call" in offered and (made >= 1 or cheap):
            return offered["call"]
        if "fold" in offered:
            return offered["fold"]
        return legal[0].choose()


def _check_agents(agents: object, seats: int) -> None:
    if type(agents) is list and len(agents) == seats:  # the usual call, checked at once
        return
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
    executor: Executor | None = None,
    *,
    progress: bool = False,
) -> NDArray[np.int64]:
    """Play ``hands`` independent hands (fresh stacks, the button moving one seat clockwise
    each hand) and return every seat's payoff per hand, shape ``(hands, players)``.
    ``progress=True`` shows a progress bar (needs ``tqdm``); the results do not change.

    With an ``executor`` (a :class:`concurrent.futures.Executor`: a process pool, a Dask
    client's ``get_executor()``, or :class:`cartes.analysis.SerialExecutor`) the hands are
    played in independently seeded blocks (:func:`simulate_split`): the
    result depends on the seed only, not on the executor, but differs from the run without one.

    >>> from cartes.games import SevenCardStud
    >>> results = simulate(SevenCardStud(players=2), [SimpleAgent(), RandomAgent(1)], 50, seed=2)
    >>> results.shape, int(results.sum())
    ((50, 2), 0)
    """
    hands = whole("hands", hands, 0)
    _check_agents(agents, game.players)
    if executor is not None:
        return simulate_split(game, agents, hands, seed, executor, progress=progress)
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
    chips (never in a banking game, whose balances may go below zero). Returns each table
    seat's payoff per hand played. ``progress=True`` shows a progress bar (needs ``tqdm``).

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
        if not table.game.balances and sum(1 for stack in table.stacks if stack > 0) < 2:
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


class ThresholdAgent:
    """A sensible siete y medio player, punter or bank, by thresholds on its own total.

    As a punter it accepts a modality-3 proposal (and plays at it when a hand puts it among
    the no-voters, M-31: it finds any stakes acceptable), declines a first 3 and exchanges a
    first 4, bets the minimum (so that it may stand on one card), plays the *muerta* on a
    first 7 with the largest raise (it pays three to one and wins about three times in ten),
    never opens a calle, and draws while its total is below ``stand_at`` (keeping its first
    card hidden, and taking a calle's next card face down when it has none, M-23).
    As the bank it exchanges a 4 and annuls on a 3, then draws while below ``bank_stand_at``.
    Thresholds are in points (``Fraction(11, 2)`` is 5½).

    >>> from cartes.games import get
    >>> game = get("siete-y-medio", players=4)
    >>> state = play_hand(game, [ThresholdAgent()] * 4, seed=5)
    >>> state.is_terminal, sum(state.payoffs)
    (True, 0)
    """

    def __init__(self, stand_at: Fraction | int = Fraction(11, 2),
                 bank_stand_at: Fraction | int = Fraction(11, 2)) -> None:
        self.stand_at = _half_points("stand_at", stand_at)
        self.bank_stand_at = _half_points("bank_stand_at", bank_stand_at)

    def __repr__(self) -> str:
        return (f"ThresholdAgent(stand_at={Fraction(self.stand_at, 2)}, "
                f"bank_stand_at={Fraction(self.bank_stand_at, 2)})")

    def act(self, view: SeatView) -> Action:
        legal = view.legal_actions
        kinds = {offer.kind: offer for offer in reversed(legal)}  # the first of each kind
        if "vote" in kinds:
            return next(offer for offer in legal if getattr(offer, "accept", False))
        for kind in ("play", "exchange", "annul", "decline", "keep"):
            if kind in kinds:
                return kinds[kind]
        if "bet" in kinds:
            return kinds["bet"].choose()
        if "muerta" in kinds:
            return _most_of(kinds["muerta"])
        obs = view.observation()
        calles = obs.extra["calles"][view.seat]
        stands = [a for a in legal if a.kind == "stand"]
        draws = [a for a in legal if a.kind == "draw"]
        target = _field((stands or draws)[0], "calle")
        cards, face_up, _, _ = calles[target]
        points = sum(card.half_points for card in cards if card is not None)
        limit = self.bank_stand_at if view.seat == obs.extra["bank"] else self.stand_at
        hidden = not all(face_up)
        if draws and (points < limit or not stands):
            want_down = not hidden  # keep exactly one card hidden
            for draw in draws:
                if _field(draw, "calle") == target and _field(draw, "down") == want_down:
                    return draw.choose()
            return draws[0].choose()
        return stands[0]


def _field(offer: Action, name: str) -> Any:
    """A field of a 7½ offer, read by name (the runners import no game's classes)."""
    return getattr(offer, name)


def _half_points(name: str, value: object) -> int:
    if isinstance(value, Fraction | int) and not isinstance(value, bool):
        doubled = Fraction(value) * 2
        if doubled.denominator == 1 and 0 <= doubled <= 15:
            return int(doubled)
    raise ConfigurationError(f"{name} must be a whole or half number of points 0..7½, "
                             f"like Fraction(11, 2), got {value!r}")


def _reseeded(agents: Sequence[Agent], seeds: Sequence[np.random.SeedSequence]) -> list[Agent]:
    """Fresh copies of the agents; each that keeps a numpy Generator in ``rng`` gets its own,
    so that blocks do not replay the same random choices."""
    fresh = copy.deepcopy(list(agents))
    for agent, child in zip(fresh, seeds, strict=True):
        if isinstance(getattr(agent, "rng", None), np.random.Generator):
            agent.rng = np.random.default_rng(child)  # type: ignore[attr-defined]
    return fresh


def _simulate_blocks(
    game: Game,
    agents: Sequence[Agent],
    blocks: Sequence[tuple[int, int, np.random.SeedSequence]],
) -> list[NDArray[np.int64]]:
    """Play each block ``(first hand, hands, seed)`` from fresh copies of the agents."""
    results = []
    for first, count, child in blocks:
        deal_seed, *agent_seeds = child.spawn(1 + len(agents))
        rng = np.random.default_rng(deal_seed)
        players = _reseeded(agents, agent_seeds)
        rows = np.zeros((count, game.players), dtype=np.int64)
        for i in range(count):
            state = play_hand(game, players, rng, button=(first + i) % game.players)
            rows[i] = state.payoffs
        results.append(rows)
    return results


def simulate_split(
    game: Game,
    agents: Sequence[Agent],
    hands: int,
    seed: SeedLike | np.random.SeedSequence,
    executor: Executor,
    *,
    progress: bool | str = False,
) -> NDArray[np.int64]:
    """:func:`simulate` over an executor (``simulate(..., executor=...)`` calls this):
    blocks of :data:`~cartes.analysis.executors.SIMULATE_BLOCK` hands, each from its own seed
    and fresh copies of the agents (an agent's ``rng`` Generator, if it has one, reseeded per
    block). The game and the agents must pickle for a process pool or a cluster.

    >>> from cartes.analysis import SerialExecutor
    >>> from cartes.games import SevenCardStud
    >>> simulate_split(SevenCardStud(players=2), [CallingStation()] * 2, 10, 1,
    ...                SerialExecutor()).shape
    (10, 2)
    """
    pool = check_executor(executor)
    children = seed_sequence(seed).spawn(max(1, -(-hands // SIMULATE_BLOCK)))
    blocks = [
        (start, min(SIMULATE_BLOCK, hands - start), child)
        for start, child in zip(range(0, hands, SIMULATE_BLOCK), children, strict=False)
    ]
    futures = [
        pool.submit(_simulate_blocks, game, list(agents), blocks[part])
        for part in split_evenly(len(blocks), pool)
    ]
    parts = [rows for task in gather(futures, progress) for rows in task]
    if not parts:
        return np.zeros((0, game.players), dtype=np.int64)
    return np.concatenate(parts)
