"""A conformance kit: :func:`check_game` plays seeded random hands of any game and checks
every promise of the :class:`~cartes.games.Game` / :class:`~cartes.games.State` contract.

Run it on a game of your own before you publish it (the project runs it on every registered
game). It needs nothing but the contract, so it works for a plugin as well as for stud:

>>> from cartes.games import SevenCardStud
>>> report = check_game(SevenCardStud(players=3), hands=5, seed=1)
>>> report.hands, report.actions > 0
(5, True)

A broken game fails with a :class:`ContractError` that names the check, the hand's seed,
how it was started and the actions that lead there, so the failure can be replayed by hand.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from cartes._indexed import IndexedCard
from cartes.deck import SeedLike, make_rng
from cartes.errors import CartesError, ConfigurationError, IllegalActionError
from cartes.games.contract import _ACTIONS, Action, Event, Game, Observation, State
from cartes.games.options import is_whole

__all__ = ["ContractError", "Report", "check_game", "junk_actions"]


class ContractError(AssertionError):
    """A game broke its contract. ``check`` names the promise; ``seed``, ``start`` (the
    keyword arguments given to ``game.start`` besides the seed) and ``actions`` reproduce it:
    ``state = game.start(seed, **start); state.apply_all(actions)`` reaches the state where
    the check failed.

    An ``AssertionError``, so test runners report it as a failed test.

    >>> error = ContractError("payoffs", "they sum to 1", seed=3, start={}, actions=[])
    >>> error.check, error.seed
    ('payoffs', 3)
    """

    def __init__(
        self,
        check: str,
        detail: str,
        *,
        seed: int,
        start: dict[str, Any],
        actions: Sequence[Action],
    ) -> None:
        self.check = check
        self.detail = detail
        self.seed = seed
        self.start = dict(start)
        self.actions = list(actions)
        options = "".join(f", {key}={value!r}" for key, value in self.start.items())
        super().__init__(
            f"contract check {check!r} failed: {detail}\n"
            f"reproduce with: state = game.start({seed}{options}); "
            f"state.apply_all({self.actions!r})"
        )


@dataclass
class Report:
    """What :func:`check_game` did: the hands and actions played, the probes made, and the
    checks it could not make (with why), e.g. JSON replay for a game that saves no hands.

    >>> Report(hands=1, actions=4).skipped
    {}
    """

    hands: int = 0
    actions: int = 0
    probes: int = 0
    skipped: dict[str, str] = field(default_factory=dict)


def junk_actions() -> tuple[object, ...]:
    """The fixed list of actions :func:`check_game` tries where they are not offered: each
    must raise :class:`~cartes.errors.IllegalActionError` and change nothing. The first ones
    are well-formed actions (refused unless offered), the rest are refused always: amounts
    that are not whole numbers of chips, and things that are not actions at all.

    The well-formed ones are the actions of cartes' own games, found by their ``kind`` in
    the registry of action kinds (so the kit imports no game: a kind no module defined is
    left out).

    >>> from cartes.games import Bet, Fold
    >>> junk = junk_actions()
    >>> Fold() in junk, Bet(5.0) in junk, None in junk
    (True, True, True)
    """
    well_formed, always_illegal = _junk()
    return (*well_formed, *always_illegal)


# The well-formed junk by kind: actions without fields, then each amount of a range kind
# (around the bounds of stud's and calatone's bets and raises); the always-illegal amounts.
_PLAIN_KINDS = ("fold", "check", "call", "bring_in", "complete", "show", "muck")
_AMOUNTS: dict[str, tuple[int, ...]] = {
    "bet": (-1, 0, 1, 2, 5, 7, 10, 20, 10**9),
    "raise": (-5, 0, 3, 10, 12, 15, 20, 40, 10**9),
}
_BAD_AMOUNTS: dict[str, tuple[object, ...]] = {
    "bet": (5.0, True, "5", None),
    "raise": (10.0, True, "10", None, np.float64(10), [10]),
}
_JUNK: list[tuple[tuple[Action, ...], tuple[object, ...]]] = []


def _junk() -> tuple[tuple[Action, ...], tuple[object, ...]]:
    """The well-formed and the always-illegal junk, made once (the same objects every time:
    an always-illegal one is told apart by identity, since it may compare equal to an
    offer)."""
    if not _JUNK:
        plain = [_ACTIONS[kind] for kind in _PLAIN_KINDS if kind in _ACTIONS]
        well_formed: list[Action] = [cls() for cls in plain]
        illegal: list[object] = []
        for kind, amounts in _AMOUNTS.items():
            cls = _ACTIONS.get(kind)
            field_name = None if cls is None else cls.range_field
            if cls is None or field_name is None:
                continue
            well_formed += [cls(**{field_name: amount}) for amount in amounts]
            illegal += [cls(**{field_name: amount}) for amount in _BAD_AMOUNTS[kind]]
        # things that are not actions at all: nothing, text, a number, a class, a dict
        illegal += [None, "fold", 3, plain[0] if plain else Action, {"kind": "fold"}]
        _JUNK.append((tuple(well_formed), tuple(illegal)))
    return _JUNK[0]


# ---------------------------------------------------------------------------------------------


def _concrete(offer: Action, rng: np.random.Generator | None) -> Action:
    """One applicable action from an offer, by the one way there is to choose an amount in a
    range: the offer's own :meth:`~cartes.games.Action.choose` (the least without ``rng``).
    A plugin's ``choose`` that returns no action leaves the offer as it is (the checks then
    say what is wrong with it)."""
    chosen = offer.choose(rng)
    return chosen if isinstance(chosen, Action) else offer


def _tries(offer: Action, rng: np.random.Generator) -> list[Action]:
    """Actions to try from an offer: both ends of a bet's or a raise's range; for other
    offers, the least choice and a random one."""
    field_name = offer.range_field
    top = getattr(offer, "up_to", None)
    if offer.kind in _AMOUNTS and field_name is not None and top is not None:
        low = getattr(offer, field_name)
        return [dataclasses.replace(offer, **{field_name: end, "up_to": None})
                for end in (low, top)]
    least, drawn = _concrete(offer, None), _concrete(offer, rng)
    return [least] if drawn == least else [least, drawn]


def _defines_eq(state: State) -> bool:
    return type(state).__eq__ is not object.__eq__


class _Hand:
    """One hand being checked: the state, how it was started, and the actions so far."""

    def __init__(self, game: Game, seed: int, start: dict[str, Any]) -> None:
        self.game = game
        self.seed = seed
        self.start = start
        self.actions: list[Action] = []
        self.state = game.start(seed, **start)
        self.snapshot: tuple[object, ...] | None = None

    def fail(self, check: str, detail: str) -> ContractError:
        return ContractError(
            check, detail, seed=self.seed, start=self.start, actions=self.actions
        )

    def seats(self) -> list[int | None]:
        return [None, *range(self.game.players)]

    def fingerprint(self, state: State, light: bool = False) -> tuple[object, ...]:
        """Everything the contract lets one read of a state, to compare two states."""
        seen = () if light else tuple(state.observation(seat) for seat in self.seats())
        return (state.to_act, state.is_terminal, state.legal_actions(), tuple(state.history),
                seen)

    def same(self, a: State, b: State, *, light: bool = False,
             snapshot: tuple[object, ...] | None = None) -> bool:
        """Whether two states are equal: by ``==`` if the state defines it, and by all the
        contract shows (``light``: without the observations, which cost the most). ``snapshot``
        is ``a``'s fingerprint taken earlier: a clone that shares parts with its original
        changes with it, the fingerprint does not."""
        if _defines_eq(a) and a != b:
            return False
        now = self.fingerprint(a, light)
        if snapshot is not None and now != ((*snapshot[:4], ()) if light else snapshot):
            return False
        return now == self.fingerprint(b, light)


def _check_turn(hand: _Hand) -> None:
    state = hand.state
    legal = state.legal_actions()
    if state.is_terminal:
        if state.to_act is not None or legal:
            raise hand.fail(
                "terminal state offers nothing",
                f"the hand is over but to_act={state.to_act!r} and legal_actions={legal!r}",
            )
        return
    seat = state.to_act
    if not is_whole(seat) or not 0 <= seat < hand.game.players:  # type: ignore[operator]
        raise hand.fail(
            "to_act is a seat",
            f"the hand is not over but to_act={seat!r} (seats are 0..{hand.game.players - 1})",
        )
    if not legal:
        raise hand.fail("a live hand offers actions", f"seat {seat} is to act but offered ()")
    for offer in legal:
        if not isinstance(offer, Action):
            raise hand.fail("offers are actions", f"legal_actions() holds {offer!r}")


def _check_payoffs(hand: _Hand, before: list[int] | None) -> None:
    state = hand.state
    payoffs = state.payoffs
    if len(payoffs) != hand.game.players or not all(is_whole(p) for p in payoffs):
        raise hand.fail(
            "payoffs", f"payoffs must be one whole number per seat, got {payoffs!r}"
        )
    if sum(payoffs) != 0:
        raise hand.fail("payoffs sum to zero", f"payoffs {payoffs} sum to {sum(payoffs)}")
    end = state.observation(None)
    if before is not None and end.stacks:
        after = _holdings(hand.game, end)
        won = tuple(a - b for a, b in zip(after, before, strict=True))
        if won != tuple(payoffs):
            raise hand.fail(
                "payoffs match the chips",
                f"payoffs {payoffs} but the chips moved by {won} (from {before} to {after}, "
                + ("balances)" if _balances(hand.game) else "stacks plus chips committed)"),
            )


def _balances(game: Game) -> bool:
    """Whether the game settles in balances (``Game.balances``, a banking game): then the
    stacks are accounts that move only at the settlement, and ``committed`` is at risk."""
    return bool(getattr(game, "balances", False))


def _holdings(game: Game, obs: Observation) -> list[int]:
    """What each seat owns: its balance in a banking game, else its stack plus the chips it
    has put in the pot."""
    if _balances(game):
        return list(obs.stacks)
    return [s + c for s, c in zip(obs.stacks, obs.committed, strict=True)]


def _chips_before(hand: _Hand) -> list[int] | None:
    """What each seat owned before the hand (``None``: the game's observations report no
    stacks): its ``initial_stacks`` where the state has them (a state on the hand-state base
    does), so that a hand settled in the deal itself is checked too; else what the first
    observation shows."""
    state = hand.state
    first = state.observation(None)
    if not first.stacks:
        return None
    initial = getattr(state, "initial_stacks", None)
    if initial is not None:
        return list(initial)
    return _holdings(hand.game, first)


def _check_chips(hand: _Hand, before: list[int] | None, now: Observation) -> None:
    """Chips (or money) are conserved: stacks plus chips committed (balances, in a banking
    game) add up to what the hand started with; chips never go below zero."""
    if before is None:
        return
    if len(now.stacks) != len(before) or len(now.committed) != len(before):
        raise hand.fail("chips conserved", "stacks or committed changed length")
    total = sum(before)
    if sum(_holdings(hand.game, now)) != total:
        what = "balances" if _balances(hand.game) else "stacks plus chips committed"
        raise hand.fail(
            "chips conserved",
            f"{what} make {sum(_holdings(hand.game, now))} (stacks {now.stacks}, committed "
            f"{now.committed}), the hand started with {total}",
        )
    negative = any(c < 0 for c in now.committed) or (
        not _balances(hand.game) and any(s < 0 for s in now.stacks)
    )
    if negative:
        raise hand.fail("chips conserved", f"negative chips: {now.stacks} {now.committed}")


def _cards_in(values: Iterable[object]) -> set[IndexedCard]:
    """Every card (French or Spanish) in these values, looking into tuples and events."""
    found: set[IndexedCard] = set()
    for value in values:
        if isinstance(value, IndexedCard):
            found.add(value)
        elif isinstance(value, tuple | list):
            found |= _cards_in(value)
        elif isinstance(value, Event):
            found |= _cards_in(getattr(value, f.name) for f in dataclasses.fields(value))
    return found


def _seen(obs: Observation) -> set[IndexedCard]:
    """Every card an observation shows, in its cards, board and history."""
    return _cards_in([obs.cards, obs.board, obs.history])


def _check_observations(hand: _Hand) -> None:
    """No card twice; no seat sees what is hidden from it; only the seat to act is offered
    actions in its observation."""
    state, n = hand.state, hand.game.players
    observations = {seat: state.observation(seat) for seat in hand.seats()}
    public = observations[None]
    public_cards = _seen(public)
    for seat, obs in observations.items():
        # what the hand's events let this seat see (Event.seen_by) bounds what it is shown
        allowed = _cards_in(event.seen_by(seat) for event in state.history)
        shown = _seen(obs)
        if not shown <= allowed:
            who = "a spectator" if seat is None else f"seat {seat}"
            raise hand.fail(
                "observations hide what a seat may not see",
                f"{who} is shown {sorted(map(str, shown - allowed))}, which the hand's events "
                f"as {who} sees them (Event.seen_by) do not show",
            )
    own: list[Any] = []
    for seat in range(n):
        obs = observations[seat]
        if obs.seat != seat:
            raise hand.fail("observations", f"observation({seat}).seat is {obs.seat!r}")
        if len(obs.cards) != n:
            raise hand.fail("observations", f"observation({seat}).cards has {len(obs.cards)} "
                                            f"hands for {n} seats")
        mine = [card for card in obs.cards[seat] if card is not None]
        own.extend(mine)
        visible = _seen(obs)
        # (a seat may know cards that are neither its own now nor public: cards it held
        # before a redeal or a discard; the events bound what it may know, above)
        if not public_cards <= visible:
            raise hand.fail(
                "observations hide what a seat may not see",
                f"a spectator sees {sorted(map(str, public_cards - visible))} "
                f"that seat {seat} does not",
            )
        for other in range(n):
            if other == seat:
                continue
            for slot, (seen, spectator) in enumerate(
                zip(obs.cards[other], public.cards[other], strict=False)
            ):
                if seen is not None and spectator is None:
                    raise hand.fail(
                        "observations hide what a seat may not see",
                        f"seat {seat} sees seat {other}'s card {slot} ({seen}), "
                        "which a spectator does not",
                    )
        expected = state.legal_actions() if seat == state.to_act else ()
        if tuple(obs.legal_actions) != tuple(expected):
            raise hand.fail(
                "observations",
                f"observation({seat}).legal_actions is {obs.legal_actions!r}, "
                f"expected {expected!r}",
            )
        if obs.to_act != state.to_act or obs.is_terminal != state.is_terminal:
            raise hand.fail("observations", f"observation({seat}) disagrees on to_act or "
                                            "is_terminal with the state")
    if public.legal_actions:
        raise hand.fail("observations", "a spectator's observation offers actions")
    cards = own + list(public.board)
    if len(set(cards)) != len(cards):
        twice = sorted({str(card) for card in cards if cards.count(card) > 1})
        raise hand.fail("no card twice", f"cards held twice (hands and board): {twice}")


def _check_probes(hand: _Hand, junk: Sequence[object]) -> int:
    """Every offer applies (on a clone); junk is refused, changing nothing. Returns how many
    actions were tried."""
    state = hand.state
    legal = state.legal_actions()
    before = state.clone()
    hand.snapshot = hand.fingerprint(state)
    if not hand.same(state, before):
        raise hand.fail("clone", "a clone differs from the state it was made from")
    tried = 0
    rng = np.random.default_rng(len(hand.actions))
    for offer in legal:
        for action in _tries(offer, rng):
            twin = state.clone()
            tried += 1
            try:
                twin.apply(action)
            except Exception as error:
                raise hand.fail(
                    "every offered action applies",
                    f"{action!r} (offered as {offer!r}) raised {type(error).__name__}: {error}",
                ) from error
            if not hand.same(state, before, light=True, snapshot=hand.snapshot):
                raise hand.fail(
                    "clone is independent", f"applying {action!r} to a clone changed the state"
                )
    for item in junk:
        if _offered(item, legal):
            continue
        tried += 1
        _refused(hand, item, before, f"{item!r} is not offered")
    seat = state.to_act
    assert seat is not None
    for other in (s for s in range(hand.game.players) if s != seat):
        tried += 1
        _refused(hand, _concrete(legal[0], None), before,
                 f"it is seat {seat}'s turn, not seat {other}'s", seat=other)
    if not hand.same(state, before, snapshot=hand.snapshot):
        raise hand.fail(
            "an illegal action changes nothing",
            "after the offers were tried on clones and the junk actions refused, the state "
            "differs from a clone made before (in an observation)",
        )
    return tried


def _offered(action: object, legal: Sequence[Action]) -> bool:
    if not isinstance(action, Action) or any(action is bad for bad in _junk()[1]):
        return False
    try:
        return any(offer.allows(action) for offer in legal)
    except TypeError:  # an ill-typed amount compared with an offer's
        return False


def _refused(
    hand: _Hand, action: object, before: State, why: str, seat: int | None = None
) -> None:
    state = hand.state
    try:
        state.apply(action, seat=seat)  # type: ignore[arg-type]
    except IllegalActionError:
        pass
    except Exception as error:
        raise hand.fail(
            "illegal actions raise IllegalActionError",
            f"{action!r} ({why}) raised {type(error).__name__}: {error}",
        ) from error
    else:
        raise hand.fail(
            "illegal actions raise IllegalActionError", f"{action!r} ({why}) was accepted"
        )
    if not hand.same(state, before, light=True, snapshot=hand.snapshot):
        raise hand.fail(
            "an illegal action changes nothing", f"refusing {action!r} ({why}) changed the state"
        )


def _check_replay(hand: _Hand, report: Report) -> None:
    from cartes.games import replay  # the registry imports this package's drivers

    if "json replay" in report.skipped:
        return
    state = hand.state
    try:
        text = state.to_json()
    except NotImplementedError as error:
        report.skipped["json replay"] = str(error)
        return
    try:
        json.loads(text)
        again = replay(text)
    except (CartesError, ValueError, TypeError) as error:
        raise hand.fail("json replay", f"replay(state.to_json()) raised "
                                       f"{type(error).__name__}: {error}") from error
    if not hand.same(again, state):
        raise hand.fail("json replay", "replay(state.to_json()) differs from the state")


def _check_after_end(hand: _Hand) -> None:
    state = hand.state
    before = state.clone()
    hand.snapshot = hand.fingerprint(state)
    # the hand's own actions, and cartes' commonest kinds
    tried: list[Action] = []
    for action in (*hand.actions, *_junk()[0][: len(_PLAIN_KINDS)]):
        if action not in tried:
            tried.append(action)
    for action in tried:
        _refused(hand, action, before, "the hand is over")


def _start_options(game: Game, rng: np.random.Generator, vary_stacks: bool) -> dict[str, Any]:
    options: dict[str, Any] = {"button": int(rng.integers(game.players))}
    stack = getattr(game, "starting_stack", None)
    if vary_stacks and is_whole(stack) and rng.random() < 0.5:
        # small stacks make all-ins, side pots and short forced bets common
        top = max(2, int(stack) // 4)  # type: ignore[arg-type]
        options["stacks"] = [int(rng.integers(1, top + 1)) for _ in range(game.players)]
    return options


def check_game(
    game: Game,
    hands: int = 200,
    seed: SeedLike = 0,
    *,
    probe: float = 0.5,
    junk: Sequence[object] = (),
    vary_stacks: bool = True,
    start: Callable[[np.random.Generator], dict[str, Any]] | None = None,
) -> Report:
    """Play ``hands`` seeded random hands of ``game`` and check the contract at every step.

    Each hand is started as ``game.start(hand_seed, button=..., stacks=...)`` (a random
    button; for games with a ``starting_stack``, small random stacks in half the hands unless
    ``vary_stacks=False``; ``start(rng)`` returns other keyword arguments instead). Random
    players then act, half of them never giving up (never taking an offer that
    :meth:`State.gives_up <cartes.games.State.gives_up>` says gives up the hand: a fold, a
    muck), and at each step these hold:

    - chips are conserved: every seat's stack plus its chips committed (its balance, in a
      banking game whose ``Game.balances`` is true) add up to what the hand started with
      (the state's ``initial_stacks``, which a state on :mod:`cartes.games.hand` has; else
      what its first observation shows), for games whose observations report stacks; no
      stack or commitment goes negative (a balance may);
    - no card is held twice (every seat's own cards and the board);
    - observations hide what a seat may not see: no observation shows a card that the
      hand's events, as that seat sees them (:meth:`Event.seen_by
      <cartes.games.Event.seen_by>`), do not show; a seat sees of another seat's cards only
      what a spectator sees; everything public is seen by every seat; only the seat to act is
      offered actions in its observation;
    - a live hand names a seat to act and offers it actions; a finished one offers nothing,
      names nobody, and refuses every action;

    and, at a share ``probe`` of the steps (all when ``probe=1``):

    - every offered action (both ends of a range) applies to a clone, and the clone is
      independent of the state;
    - each action of :func:`junk_actions` (plus ``junk``, for a game's own action kinds)
      that is not offered, and any action for a seat whose turn it is not, raises
      :class:`~cartes.errors.IllegalActionError` and leaves the state equal to a clone made
      before (compared with ``==`` if the state defines it, and through everything the
      contract shows: turn, legal actions, history, every seat's observation);
    - the JSON history replays (:func:`cartes.games.replay`) to an equal state mid-hand;

    and at the end of each hand: the payoffs are one whole number per seat, sum to zero and
    match the chips (or balances) moved; the history replays to an equal state; starting the
    hand again with the same seed and applying the same actions gives the same hand
    (determinism).

    A game that does not save hands (its ``to_dict`` raises ``NotImplementedError``) skips
    the replay checks, and :attr:`Report.skipped` says so. The first failure raises a
    :class:`ContractError` that says how to reproduce it.

    >>> from cartes.games import SevenCardStud
    >>> check_game(SevenCardStud(), hands=0)
    Report(hands=0, actions=0, probes=0, skipped={})
    >>> check_game(SevenCardStud(), hands=-1)
    Traceback (most recent call last):
    ...
    cartes.errors.ConfigurationError: hands must be a whole number >= 0, got -1
    """
    if not isinstance(game, Game):
        raise ConfigurationError(f"check_game needs a cartes.games Game, got {game!r}")
    if not is_whole(hands) or hands < 0:
        raise ConfigurationError(f"hands must be a whole number >= 0, got {hands!r}")
    if isinstance(probe, bool) or not isinstance(probe, int | float) or not 0 <= probe <= 1:
        raise ConfigurationError(f"probe must be a share between 0 and 1, got {probe!r}")
    junk_list = (*junk_actions(), *junk)
    rng = make_rng(seed)
    report = Report()
    for _ in range(int(hands)):
        hand_seed = int(rng.integers(2**31))
        hand_rng = np.random.default_rng(hand_seed)
        options = start(hand_rng) if start is not None else _start_options(
            game, hand_rng, vary_stacks
        )
        _play_one(game, hand_seed, options, hand_rng, probe, junk_list, report)
        report.hands += 1
    return report


def _play_one(
    game: Game,
    seed: int,
    options: dict[str, Any],
    rng: np.random.Generator,
    probe: float,
    junk: Sequence[object],
    report: Report,
) -> None:
    hand = _Hand(game, seed, options)
    before = _chips_before(hand)
    stubborn = [bool(rng.random() < 0.5) for _ in range(game.players)]
    replay_at = int(rng.integers(1, 40))
    steps = 0
    while True:
        state = hand.state
        _check_turn(hand)
        _check_chips(hand, before, state.observation(None))
        _check_observations(hand)
        if state.is_terminal:
            break
        if rng.random() < probe:
            report.probes += _check_probes(hand, junk)
            if steps == replay_at or steps == 0:
                _check_replay(hand, report)
        legal = state.legal_actions()
        seat = state.to_act
        assert seat is not None
        choices = [a for a in legal if not state.gives_up(a)] if stubborn[seat] else []
        pool = choices or list(legal)
        action = _concrete(pool[int(rng.integers(len(pool)))], rng)
        hand.actions.append(action)
        try:
            state.apply(action)
        except Exception as error:
            hand.actions.pop()
            raise hand.fail(
                "every offered action applies",
                f"{action!r} raised {type(error).__name__}: {error}",
            ) from error
        steps += 1
        report.actions += 1
        if steps > 100_000:
            raise hand.fail("a hand ends", "100000 actions and the hand is not over")
    _check_payoffs(hand, before)
    _check_after_end(hand)
    _check_replay(hand, report)
    again = game.start(seed, **options)
    try:
        again.apply_all(hand.actions)
    except CartesError as error:
        raise hand.fail("determinism", f"the same seed and actions do not replay: {error}"
                        ) from error
    if not hand.same(again, hand.state):
        raise hand.fail("determinism", "the same seed and actions give a different hand")

