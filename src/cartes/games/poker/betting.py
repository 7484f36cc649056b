"""Betting for the poker games: limits and betting rounds (the pots they fill, side pots and
split pots are :mod:`cartes.games.poker.pots`).

The pieces are game-agnostic so that seven-card stud and calatone share them:

* :class:`FixedLimit` (small and big bets, the half-bet all-in rule) and :class:`SpreadLimit`
  (any increment between a minimum and a maximum; a short all-in never reopens).
* :class:`RaiseCap`: bets plus raises allowed per round, optionally unlimited heads-up.
* :class:`Chips`: the money of one hand (stacks behind, chips committed, who folded).
* :class:`BettingRound`: one round, from its first speaker to its close: who must act, what
  they may do, bring-in and completion, caps, short all-ins, the uncalled bet.
* :func:`~cartes.games.poker.pots.pots` and :func:`~cartes.games.poker.pots.split` (from
  :mod:`cartes.games.poker.pots`): layered side pots and even splits with odd chips.

>>> chips = Chips([100, 100, 100])
>>> rnd = BettingRound(chips, FixedLimit(5, 10), RaiseCap(4), first=0)
>>> rnd.to_act, rnd.legal(0)
(0, (Fold(), Check(), Bet(5)))
>>> rnd.apply(0, Bet(5)), rnd.apply(1, Raise(10)), rnd.apply(2, Fold()), rnd.apply(0, Call())
(5, 10, 0, 5)
>>> from cartes.games.poker.pots import pots
>>> rnd.is_over, pots([10, 10, 0], [False, False, True])
(True, (Pot(amount=20, eligible=frozenset({0, 1})),))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from cartes.errors import ConfigurationError
from cartes.games._check import flag, is_whole, store, whole
from cartes.games.chips import Bet
from cartes.games.contract import Action
from cartes.games.poker.actions import BringIn, Call, Check, Complete, Fold, Raise

__all__ = [
    "BettingRound",
    "Chips",
    "FixedLimit",
    "RaiseCap",
    "SpreadLimit",
]


@dataclass(frozen=True, slots=True)
class FixedLimit:
    """Fixed-limit betting: bets and raises come in units of ``small_bet`` or ``big_bet``.

    ``half_bet_rule`` (Robert's rule 6, WSOP LA 129; stud S-13): an all-in of at least half a
    unit counts as a full bet or raise and reopens the betting; less does not.

    >>> FixedLimit(5, 10)
    FixedLimit(small_bet=5, big_bet=10, half_bet_rule=True)
    >>> FixedLimit(10, 5)
    Traceback (most recent call last):
    ...
    cartes.errors.ConfigurationError: big_bet must be >= small_bet (10), got 5
    """

    small_bet: int
    big_bet: int
    half_bet_rule: bool = True

    def __post_init__(self) -> None:
        store(self, "small_bet", whole("small_bet", self.small_bet, 1))
        store(self, "big_bet", whole("big_bet", self.big_bet, 1))
        store(self, "half_bet_rule", flag("half_bet_rule", self.half_bet_rule))
        if self.big_bet < self.small_bet:
            raise ConfigurationError(
                f"big_bet must be >= small_bet ({self.small_bet}), got {self.big_bet}"
            )


MaxBetScope = Literal["raise", "round"]


@dataclass(frozen=True, slots=True)
class SpreadLimit:
    """Spread-limit betting (calatone, C-4): a bet is ``min_bet..max_bet``; a raise adds
    ``max(min_bet, last increment)..max_bet`` on top of the current bet. An all-in for less
    than a full raise does not reopen the betting for players who already acted.

    ``max_bet_scope="round"`` (C-28) makes ``max_bet`` a ceiling on what a player puts in the
    round instead: a raise goes from the current bet plus a full raise up to ``max_bet``; where
    a full raise would pass it, the only raise is to ``max_bet`` exactly, a short raise (it
    neither counts toward the cap nor makes its maker the last full aggressor); once the bet is
    ``max_bet``, nobody raises.

    >>> SpreadLimit(1, 10)
    SpreadLimit(min_bet=1, max_bet=10, max_bet_scope='raise')
    >>> SpreadLimit(1, 10, "hand")
    Traceback (most recent call last):
    ...
    cartes.errors.ConfigurationError: max_bet_scope must be 'raise' or 'round', got 'hand'
    """

    min_bet: int
    max_bet: int
    max_bet_scope: MaxBetScope = "raise"

    def __post_init__(self) -> None:
        store(self, "min_bet", whole("min_bet", self.min_bet, 1))
        store(self, "max_bet", whole("max_bet", self.max_bet, 1))
        if self.max_bet < self.min_bet:
            raise ConfigurationError(
                f"max_bet must be >= min_bet ({self.min_bet}), got {self.max_bet}"
            )
        store(self, "max_bet_scope", max_bet_scope(self.max_bet_scope))


def max_bet_scope(value: object) -> MaxBetScope:
    """``value`` checked as a :class:`SpreadLimit` ``max_bet_scope``: ``"raise"`` (C-4) or
    ``"round"`` (C-28).

    >>> max_bet_scope("round")
    'round'
    """
    if value == "raise" and type(value) is str:
        return "raise"
    if value == "round" and type(value) is str:
        return "round"
    raise ConfigurationError(f"max_bet_scope must be 'raise' or 'round', got {value!r}")


Structure = FixedLimit | SpreadLimit


@dataclass(frozen=True, slots=True)
class RaiseCap:
    """How many bets plus raises a round allows (``None``: no cap).

    With ``heads_up_unlimited`` (stud S-5, Robert's rules 3-4) the cap does not apply while
    only two players who are not all-in remain, unless the round was already capped.

    >>> RaiseCap(4).max_bets, RaiseCap(None).max_bets
    (4, None)
    """

    max_bets: int | None = 4
    heads_up_unlimited: bool = True

    def __post_init__(self) -> None:
        if self.max_bets is not None:
            if not is_whole(self.max_bets) or self.max_bets < 1:
                raise ConfigurationError(
                    f"max_bets must be None (no cap) or an integer >= 1, got {self.max_bets!r}"
                )
            store(self, "max_bets", int(self.max_bets))
        store(self, "heads_up_unlimited", flag("heads_up_unlimited", self.heads_up_unlimited))


# Offers without amounts are shared: actions are immutable values, and an agent that returns
# the very object it was offered is matched by identity in State.apply.
_FOLD, _CHECK, _CALL, _BRING_IN, _COMPLETE = Fold(), Check(), Call(), BringIn(), Complete()
_CHECK_OR_FOLD: tuple[Action, ...] = (_FOLD, _CHECK)
_CALL_OR_FOLD: tuple[Action, ...] = (_FOLD, _CALL)


class Chips:
    """The money of one hand: each seat's stack behind, chips committed so far, folds.

    >>> chips = Chips([10, 3])
    >>> chips.put(1, 5)
    3
    >>> chips.stacks, chips.committed, chips.is_all_in(1)
    ([10, 0], [0, 3], True)
    """

    __slots__ = ("committed", "folded", "stacks")

    def __init__(self, stacks: Sequence[int]) -> None:
        self.stacks = list(stacks)
        self.committed = [0] * len(self.stacks)
        self.folded = [False] * len(self.stacks)

    def put(self, seat: int, amount: int) -> int:
        """Move up to ``amount`` from the seat's stack into the pot; return what moved."""
        moved = min(amount, self.stacks[seat])
        self.stacks[seat] -= moved
        self.committed[seat] += moved
        return moved

    def is_all_in(self, seat: int) -> bool:
        """In the hand with no chips behind."""
        return not self.folded[seat] and self.stacks[seat] == 0

    def live(self) -> list[int]:
        """Seats that have not folded (all-in seats included)."""
        return [seat for seat, out in enumerate(self.folded) if not out]

    def can_act(self) -> list[int]:
        """Seats that have not folded and still have chips behind."""
        folded, stacks = self.folded, self.stacks
        return [s for s in range(len(stacks)) if stacks[s] > 0 and not folded[s]]

    def copy(self) -> Chips:
        """An independent copy (for :meth:`State.clone <cartes.games.State.clone>`)."""
        twin = Chips.__new__(Chips)
        twin.stacks = list(self.stacks)
        twin.committed = list(self.committed)
        twin.folded = list(self.folded)
        return twin

    def snapshot(self) -> tuple[tuple[int, ...], tuple[int, ...], tuple[bool, ...]]:
        """Stacks, commitments and folds as tuples, for comparing states."""
        return tuple(self.stacks), tuple(self.committed), tuple(self.folded)


class BettingRound:
    """One betting round over a :class:`Chips`, clockwise from ``first``.

    ``unit`` is the fixed-limit unit of this round (default ``small_bet``); ``big_option``
    (stud's open pair, S-6) also allows ``big_bet`` until someone uses it, after which every
    raise is in ``big_bet`` units. ``bring_in`` starts a stud third-street round: the seat
    ``first`` must post it or complete (S-4), unless it cannot act, in which case the next
    seat may fold, bring in or complete.

    While the round lasts it owns the chips' seats: it counts who can still act as actions
    come in, so change stacks and folds only through :meth:`apply` until it is over.

    >>> chips = Chips([50, 50, 50])
    >>> rnd = BettingRound(chips, FixedLimit(5, 10), RaiseCap(4), first=2, bring_in=2)
    >>> rnd.legal(2)
    (BringIn(), Complete())
    >>> rnd.apply(2, BringIn()), rnd.legal(0)
    (2, (Fold(), Call(), Complete()))
    """

    __slots__ = (
        "able",
        "acted_level",
        "big_mode",
        "big_option",
        "bring_in",
        "bring_in_due",
        "cap",
        "capped",
        "chips",
        "contrib",
        "count",
        "cursor",
        "first",
        "forced_seat",
        "full_level",
        "last_aggressor",
        "last_full_aggressor",
        "last_increment",
        "level",
        "may_raise",
        "n",
        "pending",
        "structure",
        "unit",
    )

    def __init__(
        self,
        chips: Chips,
        structure: Structure,
        cap: RaiseCap,
        first: int,
        *,
        unit: int | None = None,
        big_option: bool = False,
        bring_in: int | None = None,
    ) -> None:
        self.chips = chips
        self.structure = structure
        self.cap = cap
        self.n = n = len(chips.stacks)
        self.first = first
        self.contrib = [0] * n
        self.level = 0  # what a seat must have in this round to stay
        self.full_level = 0  # the level set by the last full bet or raise
        self.last_increment = 0
        self.count = 0  # full bets, completions and raises this round
        self.capped = False
        self.last_aggressor: int | None = None
        self.last_full_aggressor: int | None = None  # the last full bet or raise (C-24)
        # The level each seat last acted on: short all-ins reopen the betting for a seat only
        # by what it faces beyond that (S-13, C-20: measured per player).
        self.acted_level: list[int | None] = [None] * n
        if isinstance(structure, FixedLimit):
            self.unit = structure.small_bet if unit is None else unit
            self.big_option = big_option and self.unit < structure.big_bet
        else:
            self.unit = structure.min_bet
            self.big_option = False
        self.big_mode = False
        self.bring_in = bring_in
        able = chips.can_act()
        # Seats leave ``able`` only by their own actions in the round (a fold, an all-in),
        # so the round counts them as it goes instead of asking the chips each time.
        self.able = len(able)
        self.pending = set(able) if len(able) >= 2 else set()
        self.may_raise = set(self.pending)
        self.bring_in_due = bring_in is not None and bool(self.pending)
        self.forced_seat = first if self.bring_in_due and first in self.pending else None
        self.cursor = (first - 1) % n

    # -- queries ------------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """No one is left to act in this round."""
        return not self.pending

    @property
    def to_act(self) -> int | None:
        """The next seat clockwise that must act, or ``None`` when the round is over."""
        pending = self.pending
        if not pending:
            return None
        n, seat = self.n, self.cursor
        for _ in range(n):
            seat += 1
            if seat == n:
                seat = 0
            if seat in pending:
                return seat
        return None  # pragma: no cover - pending is never empty here

    def owed(self, seat: int) -> int:
        """Chips ``seat`` must add to call (before capping at its stack)."""
        return max(0, self.level - self.contrib[seat])

    def legal(self, seat: int) -> tuple[Action, ...]:
        """The actions ``seat`` may take now (assumes it is ``seat``'s turn)."""
        stack = self.chips.stacks[seat]
        if self.bring_in_due:
            assert self.bring_in is not None
            acts: list[Action] = [] if seat == self.forced_seat else [_FOLD]
            acts.append(_BRING_IN)
            if self.bring_in < self._small() and stack > self.bring_in:
                acts.append(_COMPLETE)
            return tuple(acts)
        owe = self.level - self.contrib[seat]
        if owe <= 0:
            owe = 0
            passive = _CHECK_OR_FOLD
        else:
            passive = _CALL_OR_FOLD
        if stack <= owe or seat not in self.may_raise or self.capped:
            return passive
        limit = self.cap.max_bets
        if (
            limit is not None
            and self.count >= limit
            and not (self.cap.heads_up_unlimited and self.able <= 2)
        ):
            return passive  # capped (S-5; heads-up, unlimited unless capped already)
        if self._answerable(seat):
            return passive + self._aggressive(seat)
        return passive

    def _answerable(self, seat: int) -> bool:
        """Whether a bet or raise by ``seat`` could be answered: another seat still in could
        put in more than the current bet (the casino rule, and pokerkit's; C-19). Otherwise
        only call (or check) and fold are offered, so that an all-in stays the last
        aggression (S-10 showing order)."""
        level, contrib = self.level, self.contrib
        stacks, folded = self.chips.stacks, self.chips.folded
        for other in range(self.n):
            if other != seat and not folded[other] and contrib[other] + stacks[other] > level:
                return True
        return False

    def _reopens(self, increase: int) -> bool:
        """Whether facing ``increase`` more than one last acted on is a full raise's worth:
        a unit (or half of one under the half-bet rule, S-13) in fixed limit, a full raise
        ``max(min_bet, last increment)`` in spread limit (C-20)."""
        s = self.structure
        if isinstance(s, FixedLimit):
            return increase >= self.unit or (s.half_bet_rule and 2 * increase >= self.unit)
        return increase >= max(s.min_bet, self.last_increment)

    def _raise_base(self) -> int:
        """The level a fixed-limit raise adds its unit to (S-13): the last full level *L*,
        or the current wager when the action-only all-ins since *L* add up to half a unit
        (a unit without the half-bet rule), since they then act as a raise."""
        base, level = self.full_level, self.level
        if level > base and self._reopens(level - base):
            return level
        return base

    def _small(self) -> int:
        s = self.structure
        return s.small_bet if isinstance(s, FixedLimit) else s.min_bet

    def _aggressive(self, seat: int) -> tuple[Action, ...]:
        all_in = self.contrib[seat] + self.chips.stacks[seat]
        s = self.structure
        level = self.level
        if isinstance(s, FixedLimit):
            if self.bring_in is not None and self.count == 0 and level > 0:
                return (_COMPLETE,)
            base = self.full_level
            if level > base and self._reopens(level - base):
                base = level  # action-only all-ins that add up to a raise for him (S-13)
            if self.big_option and not self.big_mode:
                targets = sorted({min(base + self.unit, all_in), min(base + s.big_bet, all_in)})
                if level == 0:
                    return tuple(_bet(t) for t in targets if t > level)
                return tuple(_raise(t) for t in targets if t > level)
            target = min(base + self.unit, all_in)
            if target <= level:
                return ()
            return (_bet(target),) if level == 0 else (_raise(target),)
        low = level + max(s.min_bet, self.last_increment)
        if s.max_bet_scope == "raise":
            high = min(level + s.max_bet, all_in)
            if all_in <= low:
                low = high = all_in
        else:  # C-28: max_bet is the ceiling of a player's bets in the round
            if level >= s.max_bet:
                return ()
            high = min(s.max_bet, all_in)
            if high < low:  # all-in for less, or a full raise would pass the ceiling
                low = high  # the raise to the ceiling is a short raise, like an all-in
        if level == 0:
            return (Bet(low, up_to=None if high == low else high),)
        return (Raise(low, up_to=None if high == low else high),)

    # -- changes ------------------------------------------------------------------------------

    def apply(self, seat: int, action: Action) -> int:
        """Carry out a legal action for ``seat``; return the chips it put in."""
        chips = self.chips
        moved = 0
        able = self.able  # who could act before this action (the actor included)
        if isinstance(action, Call):
            owe = self.level - self.contrib[seat]
            if owe > 0:
                moved = chips.put(seat, owe)
                self.contrib[seat] += moved
        elif isinstance(action, Fold):
            chips.folded[seat] = True
            self.pending.discard(seat)
            self.may_raise.discard(seat)
            self.acted_level[seat] = self.level
            self.cursor = seat
            self.able = able - 1
            if chips.folded.count(False) <= 1:  # one seat left: the round, and the hand, end
                self.pending.clear()
            elif self.able <= 1:
                self._close_if_settled()
            return 0
        elif isinstance(action, Check):
            pass
        elif isinstance(action, BringIn):
            assert self.bring_in is not None
            moved = self._put(seat, self.bring_in)
            self.bring_in_due = False
            self.level = self.bring_in  # a short bring-in stands; others owe the full one
            if self.bring_in >= self._small():  # no completion step: the bring-in is the bet
                self.full_level = self.level
                self._count_full(able)
            self._reopen(seat)
        elif isinstance(action, Complete):
            self.bring_in_due = False
            target = min(self.full_level + self._small(), self.contrib[seat] + chips.stacks[seat])
            moved = self._raise_to(seat, target, able)
        elif isinstance(action, Bet):
            moved = self._raise_to(seat, action.amount, able)
        elif isinstance(action, Raise):
            moved = self._raise_to(seat, action.to, able)
        else:
            raise TypeError(f"not a betting action: {action!r}")
        self.pending.discard(seat)
        self.may_raise.discard(seat)
        self.acted_level[seat] = self.level
        self.cursor = seat
        if not chips.stacks[seat]:  # it was able to act; all-in now, it is not
            self.able = able - 1
        if self.able <= 1:
            self._close_if_settled()
        return moved

    def _put(self, seat: int, amount: int) -> int:
        moved = self.chips.put(seat, amount)
        self.contrib[seat] += moved
        return moved

    def _reopen(self, seat: int) -> None:
        stacks, folded = self.chips.stacks, self.chips.folded
        others = {s for s in range(self.n) if s != seat and stacks[s] and not folded[s]}
        self.pending = others
        self.may_raise = others.copy()

    def _count_full(self, able: int) -> None:
        """Count a full bet, completion or raise; cap the round if it reaches the limit with
        ``able`` (3+) players able to act *before* it (S-5: an all-in capping raise still
        caps, and a capped round stays capped)."""
        self.count += 1
        limit = self.cap.max_bets
        if limit is not None and self.count >= limit and able >= 3:
            self.capped = True

    def _raise_to(self, seat: int, target: int, able: int) -> int:
        before = self.level
        moved = self._put(seat, target - self.contrib[seat])
        s = self.structure
        if isinstance(s, FixedLimit):
            # A raise to a full unit over the raise base is full (a voluntary raise always is);
            # an all-in for less is judged on what it adds to the wager it faces, a completion
            # on its total, the bring-in being no bet; short ones add up only per player
            # (S-13).
            completion = self.bring_in is not None and not self.count
            base = self.full_level if completion else self._raise_base()
            increment = target if completion else target - before
            full = target >= base + self.unit or (
                s.half_bet_rule and 2 * increment >= self.unit
            )
            if full and self.big_option and not self.big_mode and target - base >= s.big_bet:
                self.big_mode = True
                self.unit = s.big_bet
        else:
            increment = target - before
            full = increment >= max(s.min_bet, self.last_increment)
            if full:
                self.last_increment = increment
        self.last_aggressor = seat
        self.level = max(before, target)
        if full:
            self.full_level = target
            self.last_full_aggressor = seat
            self._count_full(able)
            self._reopen(seat)
        else:
            # A short all-in: those who already acted may only call or fold, unless what they
            # now face beyond what they last acted on is a full raise's worth (S-13, C-20).
            self.pending = {
                s for s in self.chips.can_act() if s != seat and self.contrib[s] < self.level
            }
            for other in self.pending:
                last = self.acted_level[other]
                if last is not None and self._reopens(self.level - last):
                    self.may_raise.add(other)
        return moved

    def _close_if_settled(self) -> None:
        """End the round early when at most one seat can still act and it owes nothing:
        nobody is left to bet against. (A fold that leaves one seat ends it at once.)"""
        if self.able <= 1 and all(self.owed(s) == 0 for s in self.chips.can_act()):
            self.pending.clear()

    def return_uncalled(self) -> tuple[int, int] | None:
        """Give back the part of the top contribution nobody matched: ``(seat, amount)``.

        >>> chips = Chips([20, 20])
        >>> rnd = BettingRound(chips, FixedLimit(5, 10), RaiseCap(4), first=0)
        >>> _ = rnd.apply(0, Bet(5)); _ = rnd.apply(1, Fold())
        >>> rnd.return_uncalled(), chips.stacks
        ((0, 5), [20, 20])
        """
        if self.n < 2:
            return None
        values = sorted(self.contrib)
        excess = values[-1] - values[-2]
        if excess <= 0:
            return None
        top = self.contrib.index(values[-1])
        self.contrib[top] -= excess
        self.chips.committed[top] -= excess
        self.chips.stacks[top] += excess
        return top, excess

    def copy(self, chips: Chips) -> BettingRound:
        """An independent copy of this round over ``chips`` (the copied hand's chips)."""
        twin = BettingRound.__new__(BettingRound)
        _copy_slots(self, twin)
        twin.chips = chips
        twin.contrib = list(self.contrib)
        twin.pending = set(self.pending)
        twin.may_raise = set(self.may_raise)
        twin.acted_level = list(self.acted_level)
        return twin

    def snapshot(self) -> tuple[object, ...]:
        """Everything about the round but its chips, as comparable values."""
        return tuple(
            sorted(getattr(self, name)) if isinstance(getattr(self, name), set)
            else getattr(self, name)
            for name in BettingRound.__slots__
            if name != "chips"
        )


_BETS: dict[int, Bet] = {}
_RAISES: dict[int, Raise] = {}


def _bet(amount: int) -> Bet:
    """``Bet(amount)``, shared (fixed-limit rounds offer the same few amounts all day)."""
    offer = _BETS.get(amount)
    if offer is None:
        offer = Bet(amount)
        if len(_BETS) < 4096:
            _BETS[amount] = offer
    return offer


def _raise(to: int) -> Raise:
    """``Raise(to)``, shared like :func:`_bet`."""
    offer = _RAISES.get(to)
    if offer is None:
        offer = Raise(to)
        if len(_RAISES) < 4096:
            _RAISES[to] = offer
    return offer


def _slot_copier(cls: type) -> Callable[[object, object], None]:
    """A function that copies every slot of ``cls`` from one instance to another, written
    out as plain assignments (search programs clone hands by the million; a loop over the
    names with getattr and setattr took three times as long)."""
    body = "\n".join(f"    twin.{name} = self.{name}" for name in cls.__dict__["__slots__"])
    namespace: dict[str, Callable[[object, object], None]] = {}
    exec(f"def copy_slots(self, twin):\n{body}\n", {}, namespace)
    return namespace["copy_slots"]


_copy_slots = _slot_copier(BettingRound)
