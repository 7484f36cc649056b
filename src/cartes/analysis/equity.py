"""Equity: each player's chance to win, to tie, and expected share of the pot.

Two questions share one engine (:mod:`cartes.analysis._kernels`):

* :func:`equity`, hold'em style: two hole cards each (known, unknown, or a
  :class:`~cartes.analysis.HandRange`) and a board of up to five cards;
* :func:`seven_card_equity`, stud and calatone: each player's known cards (up cards, and hole
  cards where known), the rest of their seven dealt from the unseen cards.

Both take dead cards (folded up cards, burned cards) and a ranking (``"standard"`` or
``"calatone"``). Every player's best five of seven counts: in calatone only the *declared*
five count at showdown, but a player who declares well declares the best five, so that is
what equity assumes.

When the deals left to look at number at most ``max_exact`` they are all enumerated and the
result is exact; otherwise a seeded Monte Carlo runs ``trials`` deals and reports the standard
error of each equity. Monte Carlo work is split into chunks, each seeded by
:class:`numpy.random.SeedSequence` ``.spawn``: the same seed gives the same result on one
thread, on many, or on any :class:`concurrent.futures.Executor` (a process pool, a Dask
cluster's ``client.get_executor()``).

>>> result = equity(["As Ah", "Kd Kc"], board="Qs Jd 2c")
>>> result.exact, [round(e, 4) for e in result.equity]
(True, [0.9, 0.1])
>>> mc = equity(["As Ah", "Kd Kc"], trials=200_000, exact=False, seed=1)
>>> abs(mc.equity[0] - equity(["As Ah", "Kd Kc"]).equity[0]) < 4 * mc.stderr[0]
True
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Iterable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import cache
from itertools import product
from types import ModuleType
from typing import TYPE_CHECKING, Final, TypeAlias

import numpy as np
from numpy.typing import NDArray

from cartes.analysis.ranges import HandRange
from cartes.deck import SeedLike
from cartes.errors import (
    CardTypeError,
    DeckError,
    DuplicateCardError,
    HandSizeError,
    OptionError,
    RangeError,
    UnknownRankingError,
)
from cartes.evaluation.rankings import RankingLike, get_ranking
from cartes.evaluation.tables import BUILT_IN
from cartes.french import Card, CardLike, Hand, cards

if TYPE_CHECKING:
    from cartes.games.contract import Observation

__all__ = ["Equity", "equity", "observation_equity", "seven_card_equity"]

#: Deals in one Monte Carlo chunk: the unit of seeding, of threads and of executor tasks.
CHUNK: Final = 1 << 16
#: Exact enumeration runs when the deals to enumerate are at most this many (by default).
MAX_EXACT: Final = 3_000_000
#: ... and the choices of one hand per range at most this many: each is one call of the
#: compiled enumeration, from a Python loop.
MAX_RANGE_CHOICES: Final = 20_000

Cards: TypeAlias = str | Iterable[CardLike]
Holding: TypeAlias = str | HandRange | Iterable[CardLike] | None

_COMPACT: Final = re.compile(r"^(?:(?:10|[2-9TJQKAtjqka])[cdhsCDHS♣♦♥♠])+$")
_UNKNOWN: Final = ("", "?", "??", "random", "xx")


@cache
def _kernels() -> ModuleType:
    """The compiled kernels, imported on first use (they import numba)."""
    from cartes.analysis import _kernels as kernels

    return kernels


def parse_cards(value: Cards | None) -> Hand:
    """Cards given as text (``"As Kd"`` or ``"AsKd"``), or an iterable of card-likes.

    >>> parse_cards("AsKd"), parse_cards(None)
    (Hand('As Kd'), Hand(''))
    """
    if value is None:
        return Hand([])
    if isinstance(value, str):
        text = value.strip()
        if _COMPACT.match(text):
            text = " ".join(re.findall(r"(?:10|.)[cdhsCDHS♣♦♥♠]", text))
        return cards(text)
    return cards(value)


@dataclass(frozen=True)
class Equity:
    """Each player's equity (expected share of the pot), chance to win alone and to tie.

    ``stderr`` is the standard error of each equity (zeros when ``exact``); ``deals`` is the
    number of deals counted (weighted by the ranges' weights when they are not all one).

    >>> result = equity(["As Ks", "Qd Qc"], board="Ah Kh 2c 3d 4s")
    >>> result.equity, result.win, result.tie
    ((1.0, 0.0), (1.0, 0.0), (0.0, 0.0))
    """

    equity: tuple[float, ...]
    win: tuple[float, ...]
    tie: tuple[float, ...]
    stderr: tuple[float, ...]
    exact: bool
    deals: float
    ranking: str
    seats: tuple[int, ...] | None = None

    def __str__(self) -> str:
        how = "exact" if self.exact else f"Monte Carlo, {self.deals:,.0f} deals"
        rows = [
            f"player {p}: equity {e:.4f}" + ("" if self.exact else f" ± {s:.4f}")
            + f", win {w:.4f}, tie {t:.4f}"
            for p, (e, w, t, s) in enumerate(
                zip(self.equity, self.win, self.tie, self.stderr, strict=True)
            )
        ]  # fmt: skip
        return f"{self.ranking} equity ({how})\n" + "\n".join(rows)


@dataclass
class _Problem:
    """A question in the kernels' terms (see :mod:`cartes.analysis._kernels`)."""

    template: NDArray[np.int64]  # (players, 7): a card, or -(slot + 1)
    free: NDArray[np.int64]  # the cards nobody holds and nobody saw
    sizes: list[int]  # the groups of dealt slots, in slot order
    ranges: list[tuple[NDArray[np.int64], NDArray[np.float64]]]  # per ranged player
    ranking: int
    ranking_name: str

    @property
    def shared(self) -> int:
        """How many last columns of the template every player shares (a board)."""
        same = self.template == self.template[:1]
        count = 0
        while count < 7 and same[:, 6 - count].all():
            count += 1
        return count

    @property
    def dealt(self) -> int:
        return sum(self.sizes)

    @property
    def unit(self) -> int:
        return math.lcm(*range(1, self.template.shape[0] + 1))


def _ranking_row(ranking: RankingLike) -> tuple[int, str]:
    rules = get_ranking(ranking)
    if rules not in BUILT_IN:
        raise UnknownRankingError(
            f"equity runs on the built-in rankings only ('standard' or 'calatone'), got "
            f"{rules.name!r}"
        )
    return BUILT_IN.index(rules), rules.name


def _holding(value: Holding, player: int) -> Hand | HandRange:
    if isinstance(value, HandRange):
        return value
    if value is None or (isinstance(value, str) and value.strip().lower() in _UNKNOWN):
        return Hand([])
    if isinstance(value, str):
        if "," in value:  # "AdAc, AhAd" lists combos: a range, though it also reads as cards
            try:
                return HandRange(value)
            except RangeError:
                pass  # "As, Kd": cards separated by commas
        try:
            return parse_cards(value)
        except DuplicateCardError:
            raise
        except ValueError:
            try:
                return HandRange(value)
            except RangeError as error:
                raise RangeError(
                    f"player {player}'s hand {value!r} is neither cards ('As Kd') nor a range: "
                    f"{error}"
                ) from None
    return parse_cards(value)


def _check_distinct(groups: Sequence[tuple[str, Hand]]) -> None:
    seen: dict[Card, str] = {}
    for where, hand in groups:
        for card in hand:
            if card in seen:
                raise DuplicateCardError(
                    f"card {card} is given twice, in {seen[card]} and in {where}: each card "
                    f"exists once"
                )
            seen[card] = where


def _free_cards(used: Iterable[Hand]) -> NDArray[np.int64]:
    taken = {card.index for hand in used for card in hand}
    return np.array([c for c in range(52) if c not in taken], dtype=np.int64)


def _board_problem(
    hands: Sequence[Holding], board: Cards | None, dead: Cards | None, ranking: RankingLike
) -> _Problem:
    row, name = _ranking_row(ranking)
    if isinstance(hands, str) or not isinstance(hands, Sequence):
        raise OptionError(f"hands must be a list of hands, one per player, got {hands!r}")
    if not 2 <= len(hands) <= 10:
        raise OptionError(f"equity needs 2 to 10 players' hands, got {len(hands)}")
    holdings = [_holding(h, p) for p, h in enumerate(hands)]
    table = parse_cards(board)
    gone = parse_cards(dead)
    if len(table) > 5:
        raise HandSizeError(f"a board has at most 5 cards, got {len(table)}")
    known = [h for h in holdings if isinstance(h, Hand)]
    for p, holding in enumerate(holdings):
        if isinstance(holding, Hand) and len(holding) > 2:
            raise HandSizeError(f"player {p} holds {len(holding)} cards: a hand has 2 hole cards")
    _check_distinct(
        [("the board", table), ("the dead cards", gone)]
        + [(f"player {p}'s hand", h) for p, h in enumerate(holdings) if isinstance(h, Hand)]
    )
    blocked = {c.index for hand in [table, gone, *known] for c in hand}
    ranges = []
    for p, holding in enumerate(holdings):
        if isinstance(holding, HandRange):
            combos, weights = holding.arrays()
            keep = ~np.isin(combos, list(blocked)).any(axis=1) if blocked else np.ones(
                len(combos), bool
            )
            if not keep.any():
                raise RangeError(
                    f"player {p}'s range {holding.text!r} has no hand left: every one uses a "
                    "card that is already seen"
                )
            ranges.append((combos[keep], weights[keep]))
    slot = 2 * len(ranges)
    board_slots = [c.index for c in table] + [-(slot + i + 1) for i in range(5 - len(table))]
    sizes = [5 - len(table)]
    slot += sizes[0]
    template = np.empty((len(holdings), 7), dtype=np.int64)
    ranged = 0
    for p, holding in enumerate(holdings):
        if isinstance(holding, HandRange):
            hole = [-(2 * ranged + 1), -(2 * ranged + 2)]
            ranged += 1
        else:
            missing = 2 - len(holding)
            hole = [c.index for c in holding] + [-(slot + i + 1) for i in range(missing)]
            slot += missing
            sizes.append(missing)
        template[p] = hole + board_slots
    free = _free_cards([table, gone, *known])
    if sum(sizes) > len(free):
        raise DeckError(f"{sum(sizes)} cards are to be dealt but only {len(free)} are left")
    return _Problem(template, free, sizes, ranges, row, name)


def _seven_problem(
    players: Sequence[Cards | None], dead: Cards | None, ranking: RankingLike
) -> _Problem:
    row, name = _ranking_row(ranking)
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise OptionError(f"players must be a list of known cards, one per player, got {players!r}")
    if not 2 <= len(players) <= 8:
        raise OptionError(f"seven-card equity needs 2 to 8 players, got {len(players)}")
    known = [parse_cards(p) for p in players]
    gone = parse_cards(dead)
    for p, hand in enumerate(known):
        if len(hand) > 7:
            raise HandSizeError(f"player {p} has {len(hand)} known cards: at most 7")
    _check_distinct(
        [("the dead cards", gone)] + [(f"player {p}'s cards", h) for p, h in enumerate(known)]
    )
    free = _free_cards([gone, *known])
    missing = [7 - len(hand) for hand in known]
    if sum(missing) > len(free):
        raise DeckError(
            f"{sum(missing)} cards are to be dealt but only {len(free)} are left: seven cards "
            "each do not fit in the deck (the stud community card is not modelled)"
        )
    # The largest group first: the exact enumeration splits its work by that group's cards.
    order = sorted(range(len(known)), key=lambda p: -missing[p])
    template = np.empty((len(known), 7), dtype=np.int64)
    slot = 0
    starts = {}
    for p in order:
        starts[p] = slot
        slot += missing[p]
    for p, hand in enumerate(known):
        template[p] = [c.index for c in hand] + [-(starts[p] + i + 1) for i in range(missing[p])]
    sizes = [missing[p] for p in order]
    return _Problem(template, free, sizes, [], row, name)


def _deal_count(problem: _Problem) -> int:
    """How many deals an exact enumeration looks at (range assignments times deals)."""
    left = len(problem.free) - 2 * len(problem.ranges)
    deals = 1
    for size in problem.sizes:
        deals *= math.comb(left, size)
        left -= size
    for combos, _ in problem.ranges:
        deals *= len(combos)
    return deals


def _check_threads(threads: object) -> int:
    import numba

    available = int(numba.config.NUMBA_NUM_THREADS)  # type: ignore[attr-defined]
    if threads is None:
        return int(numba.get_num_threads())
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
        raise OptionError(f"threads must be None or an int >= 1, got {threads!r}")
    return min(threads, available)


def _exact(problem: _Problem, threads: int) -> tuple[NDArray[np.float64], float]:
    """The counts summed over every deal (weighted by the ranges) and the total weight."""
    kernels = _kernels()
    sizes = [s for s in problem.sizes if s > 0]
    # Empty groups are dropped: the slots stay in order since an empty group holds none.
    size_array = np.array(sizes, dtype=np.int64)
    base = 2 * len(problem.ranges)
    players = problem.template.shape[0]
    total = np.zeros((players, kernels.FIELDS), dtype=np.float64)
    weight_sum = 0.0
    choices = [range(len(combos)) for combos, _ in problem.ranges]
    for pick in product(*choices):
        slots = np.zeros(base + problem.dealt, dtype=np.int64)
        weight = 1.0
        taken: set[int] = set()
        clash = False
        for r, k in enumerate(pick):
            combos, weights = problem.ranges[r]
            a, b = int(combos[k, 0]), int(combos[k, 1])
            clash = clash or a in taken or b in taken
            taken.update((a, b))
            slots[2 * r], slots[2 * r + 1] = a, b
            weight *= float(weights[k])
        if clash:
            continue
        free = problem.free[~np.isin(problem.free, list(taken))] if taken else problem.free
        with _NumbaThreads(threads):
            counts = kernels.enumerate_all(
                problem.template, problem.shared, free, size_array, base, slots, problem.ranking,
                problem.unit, threads,
            )  # fmt: skip
        deals = int(counts[:, kernels.SHARE].sum()) // problem.unit
        total += weight * counts
        weight_sum += weight * deals
    if weight_sum == 0:
        raise RangeError("the ranges leave no deal: every choice of hands shares a card")
    return total, weight_sum


class _NumbaThreads:
    """Run a block with numba's thread count set, then restore it."""

    def __init__(self, threads: int) -> None:
        self.threads = threads

    def __enter__(self) -> None:
        import numba

        self.before = numba.get_num_threads()
        numba.set_num_threads(self.threads)

    def __exit__(self, *exc: object) -> None:
        import numba

        numba.set_num_threads(self.before)


def _seeds(seed: SeedLike | np.random.SeedSequence, chunks: int) -> NDArray[np.uint64]:
    """One xoshiro256** state per chunk, from ``SeedSequence(seed).spawn(chunks)``."""
    from cartes.analysis.executors import seed_sequence

    children = seed_sequence(seed).spawn(chunks)
    states = np.array([child.generate_state(4, np.uint64) for child in children])
    states[(states == 0).all(axis=1), 0] = 1  # xoshiro's one forbidden state is all zeros
    return states.reshape(chunks, 4).astype(np.uint64)


def _chunk_trials(trials: int) -> NDArray[np.int64]:
    chunks = max(1, -(-trials // CHUNK))
    sizes = np.full(chunks, CHUNK, dtype=np.int64)
    sizes[-1] = trials - CHUNK * (chunks - 1)
    return sizes


def _range_arrays(
    problem: _Problem,
) -> tuple[NDArray[np.int64], NDArray[np.float64], NDArray[np.int64]]:
    if not problem.ranges:
        return np.zeros((0, 2), np.int64), np.zeros(0, np.float64), np.zeros(1, np.int64)
    combos = np.concatenate([c for c, _ in problem.ranges])
    cumulative = np.concatenate([np.cumsum(w) for _, w in problem.ranges])
    offsets = np.cumsum([0] + [len(c) for c, _ in problem.ranges]).astype(np.int64)
    return combos.astype(np.int64), cumulative, offsets


def run_chunks(
    problem: _Problem, trials: NDArray[np.int64], states: NDArray[np.uint64], threads: int
) -> tuple[NDArray[np.int64], int]:
    """Monte Carlo over some chunks: the summed counts and the rejected range draws. Runs in
    an executor's worker as well as here (everything it takes pickles)."""
    kernels = _kernels()
    combos, cumulative, offsets = _range_arrays(problem)
    with _NumbaThreads(threads):
        counts, rejected = kernels.monte_carlo(
            problem.template, problem.shared, problem.free, problem.dealt, combos, cumulative,
            offsets, problem.ranking, trials, states, problem.unit,
        )  # fmt: skip
    return counts.sum(axis=0), int(rejected.sum())


def _check_ranges_compatible(problem: _Problem) -> None:
    """Some choice of one hand per range shares no card (else Monte Carlo would never end)."""
    ordered = sorted(problem.ranges, key=lambda r: len(r[0]))

    def extend(r: int, taken: int) -> bool:
        if r == len(ordered):
            return True
        for a, b in ordered[r][0].tolist():
            bits = (1 << a) | (1 << b)
            if not taken & bits and extend(r + 1, taken | bits):
                return True
        return False

    if not extend(0, 0):
        raise RangeError("the ranges leave no deal: every choice of hands shares a card")


def _monte_carlo(
    problem: _Problem,
    trials: int,
    seed: SeedLike | np.random.SeedSequence,
    threads: int,
    executor: Executor | None,
    progress: bool | str,
) -> tuple[NDArray[np.int64], int]:
    if problem.ranges:
        _check_ranges_compatible(problem)
    sizes = _chunk_trials(trials)
    states = _seeds(seed, len(sizes))
    if executor is None:
        counts, _ = run_chunks(problem, sizes, states, threads)
        return counts, trials
    from cartes.analysis.executors import check_executor, gather, split_evenly

    pool = check_executor(executor)
    futures = [
        pool.submit(run_chunks, problem, sizes[part], states[part], threads)
        for part in split_evenly(len(sizes), pool)
    ]
    counts = np.zeros((problem.template.shape[0], _kernels().FIELDS), dtype=np.int64)
    for part_counts, _ in gather(futures, progress):
        counts += part_counts
    return counts, trials


def _solve(
    problem: _Problem,
    trials: int | None,
    exact: bool | None,
    seed: SeedLike | np.random.SeedSequence,
    executor: Executor | None,
    threads: int | None,
    max_exact: int,
    progress: bool | str = False,
) -> Equity:
    count = _check_threads(threads)
    if exact not in (None, True, False):
        raise OptionError(f"exact must be None, True or False, got {exact!r}")
    if trials is not None and (
        isinstance(trials, bool) or not isinstance(trials, int) or trials < 1
    ):
        raise OptionError(f"trials must be None or an int >= 1, got {trials!r}")
    if isinstance(max_exact, bool) or not isinstance(max_exact, int) or max_exact < 0:
        raise OptionError(f"max_exact must be an int >= 0, got {max_exact!r}")
    fields = _kernels()
    choices = math.prod(len(combos) for combos, _ in problem.ranges)
    enumerate_ = (
        exact
        if exact is not None
        else _deal_count(problem) <= max_exact and choices <= MAX_RANGE_CHOICES
    )
    players = problem.template.shape[0]
    unit = problem.unit
    if enumerate_:
        totals, deals = _exact(problem, count)
        mean = totals[:, fields.SHARE] / unit / deals
        stderr = np.zeros(players)
    else:
        counts, deals = _monte_carlo(
            problem, trials or 1_000_000, seed, count, executor, progress
        )
        totals = counts.astype(np.float64)
        mean = totals[:, fields.SHARE] / unit / deals
        second = totals[:, fields.SHARE2] / (unit * unit) / deals
        variance = np.maximum(second - mean * mean, 0.0) * deals / max(deals - 1, 1)
        stderr = np.sqrt(variance / deals)
    return Equity(
        equity=tuple(float(x) for x in mean),
        win=tuple(float(x) for x in totals[:, fields.WIN] / deals),
        tie=tuple(float(x) for x in totals[:, fields.TIE] / deals),
        stderr=tuple(float(x) for x in stderr),
        exact=bool(enumerate_),
        deals=float(deals),
        ranking=problem.ranking_name,
    )


def equity(
    hands: Sequence[Holding],
    board: Cards | None = None,
    dead: Cards | None = None,
    ranking: RankingLike = "standard",
    *,
    trials: int | None = None,
    exact: bool | None = None,
    seed: SeedLike | np.random.SeedSequence = None,
    executor: Executor | None = None,
    threads: int | None = None,
    max_exact: int = MAX_EXACT,
    progress: bool | str = False,
) -> Equity:
    """Hold'em-style equity of 2 to 10 hands on a board of 0 to 5 cards.

    Each hand is two cards (``"As Kd"`` or ``"AsKd"``), one card (the other is dealt), nothing
    (``""`` or ``None``: a random hand), or a range (``"QQ+, AKs"`` or a
    :class:`~cartes.analysis.HandRange`). ``dead`` cards are out of play. ``exact`` forces
    (True) or forbids (False) the enumeration; by default it runs when at most ``max_exact``
    deals are left. Monte Carlo plays ``trials`` deals (default 1,000,000) from ``seed``, on
    ``threads`` threads (default numba's), split over ``executor`` if one is given (with a
    tqdm bar if ``progress``).

    >>> equity(["Ah Kh", "QQ+"], board="Qh Jh 2c", ranking="standard").exact
    True
    >>> equity(["As Ks", "As Qd"])
    Traceback (most recent call last):
    ...
    cartes.errors.DuplicateCardError: card As is given twice, in player 0's hand and in ...
    """
    problem = _board_problem(hands, board, dead, ranking)
    return _solve(problem, trials, exact, seed, executor, threads, max_exact, progress)


def seven_card_equity(
    players: Sequence[Cards | None],
    dead: Cards | None = None,
    ranking: RankingLike = "standard",
    *,
    trials: int | None = None,
    exact: bool | None = None,
    seed: SeedLike | np.random.SeedSequence = None,
    executor: Executor | None = None,
    threads: int | None = None,
    max_exact: int = MAX_EXACT,
    progress: bool | str = False,
) -> Equity:
    """Equity in a seven-card game (stud, calatone): each player's known cards, the rest of
    their seven dealt from the cards not seen.

    ``players`` holds each live player's known cards (up cards, and hole cards where known);
    ``dead`` the cards seen elsewhere (folded players' up cards). Options as in :func:`equity`.

    >>> r = seven_card_equity(["As Ad Kc Kd Qh 2c", "7h 8h 9h Th 2d 3d"], ranking="calatone")
    >>> r.exact, [round(e, 3) for e in r.equity]
    (True, [0.679, 0.321])
    """
    problem = _seven_problem(players, dead, ranking)
    return _solve(problem, trials, exact, seed, executor, threads, max_exact, progress)


def observation_equity(
    observation: Observation,
    ranking: RankingLike = "standard",
    *,
    trials: int | None = None,
    exact: bool | None = None,
    seed: SeedLike | np.random.SeedSequence = None,
    executor: Executor | None = None,
    threads: int | None = None,
    max_exact: int = MAX_EXACT,
    progress: bool | str = False,
) -> Equity:
    """Seven-card equity of the seats still in a hand, as one seat (or a spectator) sees it.

    Each live seat's known cards are the cards of it this observation shows; every other card
    it shows (folded seats' up cards, anything in the history) is dead. ``seats`` in the
    result names the live seats, in order. Pass the game's ranking (``"calatone"`` for
    calatone). Options as in :func:`equity`.

    >>> from cartes.games import get
    >>> state = get("seven-card-stud", players=3).start(seed=3)
    >>> result = observation_equity(state.observation(0), trials=20_000, seed=1)
    >>> result.seats, result.exact, round(sum(result.equity), 9)
    ((0, 1, 2), False, 1.0)
    """
    live = [seat for seat, folded in enumerate(observation.folded) if not folded]
    shown = observation.visible_cards()
    french = {card for card in shown if isinstance(card, Card)}
    if len(french) != len(shown):
        raise CardTypeError("observation_equity is for games dealt from a French deck")
    known = [[c for c in observation.cards[seat] if isinstance(c, Card)] for seat in live]
    held = {card for hand in known for card in hand}
    dead = sorted(french - held)
    problem = _seven_problem(known, dead, ranking)
    result = _solve(problem, trials, exact, seed, executor, threads, max_exact, progress)
    return dataclasses.replace(result, seats=tuple(live))
