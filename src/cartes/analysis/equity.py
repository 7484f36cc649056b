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

When the deals left to look at (every choice of one hand per range times the boards they leave)
number at most ``max_exact``, or the ``trials`` asked for, they are all enumerated in one
compiled call per thread and the result is exact; otherwise a seeded Monte Carlo runs
``trials`` deals and reports the standard error of each equity, win and tie chance
(``Equity.method`` says which ran and why). The kernels run on plain threads, never numba's
thread pool, so they are safe in forked, spawned and forkserver children and from several
threads at once. Monte Carlo work is split into chunks, each seeded by
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
import os
import re
from collections.abc import Iterable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import cache, partial
from types import ModuleType
from typing import TYPE_CHECKING, Any, Final, TypeAlias, TypedDict

import numpy as np
from numpy.typing import NDArray

from cartes.analysis.ranges import HandRange
from cartes.deck import SeedLike
from cartes.errors import (
    CardTypeError,
    DeckError,
    DuplicateCardError,
    HandSizeError,
    InvalidCardError,
    OptionError,
    RangeError,
    UnknownRankingError,
)
from cartes.evaluation.rankings import RankingLike, get_ranking
from cartes.evaluation.tables import BUILT_IN
from cartes.french import Card, CardLike, Hand, cards

if TYPE_CHECKING:
    from cartes.games.contract import Observation

__all__ = ["Equity", "equity", "hand_equities", "observation_equity", "seven_card_equity"]

#: Deals in one Monte Carlo chunk: the unit of seeding, of threads and of executor tasks.
CHUNK: Final = 1 << 16
#: Exact enumeration runs when the deals to enumerate are at most this many (by default).
MAX_EXACT: Final = 3_000_000
#: Monte Carlo deals when ``trials`` is not given.
DEFAULT_TRIALS: Final = 1_000_000
#: The kernels' count fields (:data:`cartes.analysis._kernels.FIELDS`), known here without
#: numba: sole wins, ties, pot share in units, its square.
WIN, TIE, SHARE, SHARE2 = 0, 1, 2, 3

#: Cards as text, or an iterable of card-likes: cartes ``Card``\ s, text, indices, or eval7's
#: and pokerkit's ``Card`` objects (anything else is refused, naming its type).
Cards: TypeAlias = str | Iterable[object]
#: A player's hand: cards, nothing (a random hand), a range as text or a ``HandRange`` (or an
#: eval7 ``HandRange``).
Holding: TypeAlias = str | HandRange | Iterable[object] | None

_COMPACT: Final = re.compile(r"^(?:(?:10|[2-9TJQKAtjqka])[cdhsCDHS♣♦♥♠])+$")
_UNKNOWN: Final = ("", "?", "??", "random", "xx")


@cache
def _kernels() -> ModuleType:
    """The compiled kernels, imported on first use (they import numba)."""
    from cartes.analysis import _kernels as kernels

    return kernels


_FOREIGN_HELP: Final = (
    "give text like 'As', a cartes Card, an index 0-51, or an eval7 or pokerkit Card"
)


def _card_like(value: object) -> CardLike:
    """A card-like as cartes takes it: eval7's and pokerkit's ``Card`` objects become text
    (their modules are never imported here: the objects are known by their type's module)."""
    if isinstance(value, Card | str | int | np.integer):
        return value
    kind = type(value)
    library = kind.__module__.partition(".")[0]
    if library == "eval7" and kind.__name__ == "Card":
        return str(value)
    if library == "pokerkit" and kind.__name__ == "Card":
        rank, suit = getattr(value, "rank", None), getattr(value, "suit", None)
        text = f"{getattr(rank, 'value', '?')}{getattr(suit, 'value', '?')}"
        if "?" in text:
            raise CardTypeError(
                f"the pokerkit Card {value!r} has an unknown rank or suit: equity needs cards "
                "that are known, or leave the hand out ('' is a random hand)"
            )
        return text
    raise CardTypeError(
        f"a {kind.__module__}.{kind.__qualname__} ({value!r}) is not a card: {_FOREIGN_HELP}"
    )


def parse_cards(value: Cards | None) -> Hand:
    """Cards given as text (``"As Kd"`` or ``"AsKd"``), or an iterable of card-likes (eval7's
    and pokerkit's ``Card`` objects too).

    >>> parse_cards("AsKd"), parse_cards(None)
    (Hand('As Kd'), Hand(''))
    >>> parse_cards([object()])
    Traceback (most recent call last):
    ...
    cartes.errors.CardTypeError: a builtins.object (<object object at ...>) is not a card: ...
    """
    if value is None:
        return Hand([])
    if isinstance(value, str):
        text = value.strip()
        if _COMPACT.match(text):
            text = " ".join(re.findall(r"(?:10|.)[cdhsCDHS♣♦♥♠]", text))
        return cards(text)
    if isinstance(value, Hand):
        return value
    return cards([_card_like(card) for card in value])


def _bad_card(text: str) -> tuple[str, str] | None:
    """The first token of ``text`` that is not a card, and why, when the text reads as cards
    (tokens of two or three characters, at least one of them a card); else None."""
    tokens = text.split()
    if len(tokens) == 1 and len(tokens[0]) == 4:  # "AsAx": compact cards
        tokens = [tokens[0][:2], tokens[0][2:]]
    if not tokens or any(len(token) not in (2, 3) for token in tokens):
        return None
    reasons = {}
    for token in tokens:
        try:
            Card(token)
        except (ValueError, TypeError) as error:
            reasons[token] = str(error)
    if not reasons or len(reasons) == len(tokens):
        return None
    bad = next(token for token in tokens if token in reasons)
    return bad, reasons[bad]


def _foreign_range(value: object) -> HandRange | None:
    """An eval7 ``HandRange`` as a cartes one (its hands and weights), else None."""
    kind = type(value)
    if kind.__module__.partition(".")[0] != "eval7" or kind.__name__ != "HandRange":
        return None
    tokens = []
    for (first, second), weight in getattr(value, "hands", ()):
        combo = f"{first}{second}"
        tokens.append(combo if weight == 1 else f"{float(weight):.17f}({combo})")
    return HandRange(", ".join(tokens))


@dataclass(frozen=True)
class Equity:
    """Each player's equity (expected share of the pot), chance to win alone and to tie.

    ``stderr``, ``win_stderr`` and ``tie_stderr`` are the standard errors of each equity, win
    and tie chance (zeros when ``exact``); ``deals`` is the number of deals counted (weighted
    by the ranges' weights when they are not all one); ``method`` says how the figures were
    found: exact enumeration or Monte Carlo, and whether the caller asked for it or the cost
    estimate chose it.

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
    win_stderr: tuple[float, ...] = ()
    tie_stderr: tuple[float, ...] = ()
    method: str = ""

    def __str__(self) -> str:
        how = "exact" if self.exact else f"Monte Carlo, {self.deals:,.0f} deals"
        header = (
            f"{self.ranking} equity: {self.method}"
            if self.method
            else (f"{self.ranking} equity ({how})")
        )

        def figure(value: float, errors: tuple[float, ...], p: int) -> str:
            spread = f" ± {errors[p]:.4f}" if not self.exact and errors else ""
            return f"{value:.4f}{spread}"

        rows = [
            f"player {p}: equity {figure(e, self.stderr, p)}, win {figure(w, self.win_stderr, p)}"
            f", tie {figure(t, self.tie_stderr, p)}"
            for p, (e, w, t) in enumerate(zip(self.equity, self.win, self.tie, strict=True))
        ]
        return header + "\n" + "\n".join(rows)


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
    foreign = _foreign_range(value)
    if foreign is not None:
        return foreign
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
                bad = _bad_card(value)
                if bad is not None:
                    raise InvalidCardError(
                        f"player {player}'s hand {value!r}: {bad[0]} is not a card ({bad[1]}); "
                        "a hand is two cards like 'As Kd', or a range like 'QQ+, AKs'"
                    ) from None
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
    ranges = _live_ranges(holdings, blocked)
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
    """How many deals an exact enumeration looks at: every choice of one combo per range
    (those that share a card included: they cost a check each) times the deals of the cards
    left."""
    left = len(problem.free) - 2 * len(problem.ranges)
    deals = 1
    for size in problem.sizes:
        deals *= math.comb(left, size)
        left -= size
    for combos, _ in problem.ranges:
        deals *= len(combos)
    return deals


def _check_threads(threads: object) -> int | None:
    """The thread count asked for (None: numba's setting, looked up when the work starts)."""
    if threads is None:
        return None
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
        raise OptionError(f"threads must be None or an int >= 1, got {threads!r}")
    return threads


def _thread_count(threads: int | None) -> int:
    import numba

    available = int(numba.config.NUMBA_NUM_THREADS)  # type: ignore[attr-defined]
    if threads is None:
        return max(1, min(available, os.cpu_count() or 1))
    return min(threads, available)


def _alias(
    weights: NDArray[np.float64], offset: int
) -> tuple[NDArray[np.float64], NDArray[np.int64]]:
    """Walker's alias table of ``weights`` (Vose's construction): draw ``i`` uniformly, keep it
    with probability ``prob[i]``, else take ``alias[i]`` (indices shifted by ``offset``)."""
    n = len(weights)
    prob = np.ones(n, dtype=np.float64)
    alias = np.arange(offset, offset + n, dtype=np.int64)
    if n == 0 or (weights == weights[0]).all():
        return prob, alias
    scaled = (weights * (n / weights.sum())).tolist()
    small = [i for i in range(n) if scaled[i] < 1.0]
    large = [i for i in range(n) if scaled[i] >= 1.0]
    while small and large:
        less, more = small.pop(), large.pop()
        prob[less] = scaled[less]
        alias[less] = offset + more
        scaled[more] = scaled[more] + scaled[less] - 1.0
        (small if scaled[more] < 1.0 else large).append(more)
    return prob, alias


@dataclass
class _Keyed:
    """A problem in the kernels' key form (see :mod:`cartes.analysis._kernels`); it pickles,
    so executor tasks take it as it is."""

    base_keys: NDArray[np.uint64]
    base_bits: NDArray[np.uint64]
    taken: int
    free: NDArray[np.int64]
    sizes: NDArray[np.int64]
    owners: NDArray[np.int64]
    range_players: NDArray[np.int64]
    offsets: NDArray[np.int64]
    combo_keys: NDArray[np.uint64]
    combo_bits: NDArray[np.uint64]
    combo_masks: NDArray[np.uint64]
    combo_weights: NDArray[np.float64]
    alias_prob: NDArray[np.float64]
    alias_index: NDArray[np.int64]
    ranking: int
    shares: NDArray[np.int64]
    order: list[int]  # kernel range r is the problem's range order[r]


def _keyed(problem: _Problem, first: int | None = None) -> _Keyed:
    """The problem in key form, its range ``first`` (default: the largest) as range 0."""
    from cartes.evaluation.tables import CARD_BITS, CARD_KEYS, KEY_START

    keys = np.array(CARD_KEYS, dtype=np.uint64)
    bits = np.array(CARD_BITS, dtype=np.uint64)
    template = problem.template
    players = template.shape[0]
    ranged = len(problem.ranges)
    base_keys = np.full(players, KEY_START, dtype=np.uint64)
    base_bits = np.zeros(players, dtype=np.uint64)
    holders: dict[int, list[int]] = {}
    for p in range(players):
        for c in template[p].tolist():
            if c >= 0:
                base_keys[p] += keys[c]
                base_bits[p] |= bits[c]
            else:
                holders.setdefault(-c - 1, []).append(p)
    owners = []
    for slot in range(2 * ranged, 2 * ranged + problem.dealt):
        who = holders[slot]
        owners.append(-1 if len(who) == players and players > 1 else who[0])
    if first is None:
        first = max(range(ranged), key=lambda r: len(problem.ranges[r][0])) if ranged else 0
    order = ([first] + [r for r in range(ranged) if r != first]) if ranged else []
    combos = [problem.ranges[r][0] for r in order]
    weights = [problem.ranges[r][1] for r in order]
    offsets = np.cumsum([0] + [len(c) for c in combos]).astype(np.int64)
    if ranged:
        pairs = np.concatenate(combos).astype(np.int64)
        combo_keys = keys[pairs[:, 0]] + keys[pairs[:, 1]]
        combo_bits = bits[pairs[:, 0]] | bits[pairs[:, 1]]
        one, cards = np.uint64(1), pairs.astype(np.uint64)
        combo_masks = (one << cards[:, 0]) | (one << cards[:, 1])
        combo_weights = np.concatenate(weights).astype(np.float64)
        tables = [_alias(w, int(o)) for w, o in zip(weights, offsets[:-1].tolist(), strict=True)]
        alias_prob = np.concatenate([prob for prob, _ in tables])
        alias_index = np.concatenate([alias for _, alias in tables])
    else:
        combo_keys = combo_bits = combo_masks = np.zeros(0, dtype=np.uint64)
        combo_weights = alias_prob = np.zeros(0, dtype=np.float64)
        alias_index = np.zeros(0, dtype=np.int64)
    taken = (1 << 64) - (1 << 52)
    unit = problem.unit
    free_set = set(problem.free.tolist())
    for c in range(52):
        if c not in free_set:
            taken |= 1 << c
    return _Keyed(
        base_keys=base_keys,
        base_bits=base_bits,
        taken=taken,
        free=np.ascontiguousarray(problem.free, dtype=np.int64),
        sizes=np.array([s for s in problem.sizes if s > 0], dtype=np.int64),
        owners=np.array(owners, dtype=np.int64),
        range_players=np.array([holders[2 * r][0] for r in order], dtype=np.int64),
        offsets=offsets,
        combo_keys=np.ascontiguousarray(combo_keys, dtype=np.uint64),
        combo_bits=np.ascontiguousarray(combo_bits, dtype=np.uint64),
        combo_masks=np.ascontiguousarray(combo_masks, dtype=np.uint64),
        combo_weights=combo_weights,
        alias_prob=alias_prob,
        alias_index=alias_index,
        ranking=problem.ranking,
        shares=np.array([0] + [unit // k for k in range(1, players + 1)], dtype=np.int64),
        order=order,
    )


def _exact_part(
    keyed: _Keyed, start: int, step: int
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """One share of the enumeration (items ``start, start + step, ...``)."""
    kernel = _kernels().entry("enumerate_exact")
    result: tuple[NDArray[np.float64], NDArray[np.float64]] = kernel(
        keyed.base_keys, keyed.base_bits, keyed.free, keyed.sizes, keyed.owners,
        keyed.range_players, keyed.offsets, keyed.combo_keys, keyed.combo_bits,
        keyed.combo_masks, keyed.combo_weights, keyed.ranking, keyed.shares,
        len(keyed.order) <= 1, start, step,
    )  # fmt: skip
    return result


def _exact(
    problem: _Problem, threads: int | None, first: int | None = None
) -> tuple[_Keyed, NDArray[np.float64], NDArray[np.float64]]:
    """Every deal, in one compiled call per thread: the key form, and per combo of its range
    0 the counts weighted by the other ranges and the weighted number of deals."""
    from cartes.analysis import _boards
    from cartes.evaluation import _pool

    keyed = _keyed(problem, first)
    if _boards.use_for(keyed, _deal_count(problem)):  # small work: numpy, nothing to compile
        by_combo, weighted = _boards.enumerate_exact(keyed)
        return keyed, by_combo, weighted
    count = _thread_count(threads)
    parts = _pool.split([partial(_exact_part, keyed, t, count) for t in range(count)], count)
    by_combo = np.sum([part[0] for part in parts], axis=0)
    weighted = np.sum([part[1] for part in parts], axis=0)
    return keyed, by_combo, weighted


def _seeds(seed: SeedLike | np.random.SeedSequence, chunks: int) -> NDArray[np.uint64]:
    """One xoshiro256** state per chunk, from ``SeedSequence(seed).spawn(chunks)``."""
    from cartes.analysis.executors import seed_sequence

    children = seed_sequence(seed).spawn(chunks)
    states = np.array([child.generate_state(4, np.uint64) for child in children])
    states[(states == 0).all(axis=1), 0] = 1  # xoshiro's one forbidden state is all zeros
    return np.ascontiguousarray(states.reshape(chunks, 4).astype(np.uint64))


def _chunk_trials(trials: int) -> NDArray[np.int64]:
    chunks = max(1, -(-trials // CHUNK))
    sizes = np.full(chunks, CHUNK, dtype=np.int64)
    sizes[-1] = trials - CHUNK * (chunks - 1)
    return sizes


#: Blocks of chunks per thread a threaded Monte Carlo is cut into (see :func:`run_chunks`).
BLOCKS_PER_THREAD: Final = 4


def run_chunks(
    keyed: _Keyed,
    trials: NDArray[np.int64],
    states: NDArray[np.uint64],
    threads: int | None,
    by_range: int = -1,
) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """Monte Carlo over some chunks, split over ``threads`` threads (None: as many as numba
    would use): the summed counts, and the counts by combo of range ``by_range``. Runs in an
    executor's worker as well as here (everything it takes pickles).

    On several threads the chunks go in :data:`BLOCKS_PER_THREAD` blocks per thread, each
    thread taking the next block left when it finishes one: a thread that runs slower (a
    shared or stolen core, a slower core of a hybrid processor) then plays fewer deals instead
    of keeping the others waiting, which with one fixed share each it did (on this project's
    VM a half's wall time ran up to 13 ms over its 30 ms of CPU time). Each chunk's result
    depends only on its seed and the counts are integer sums, so the total is the same however
    the blocks fall."""
    from cartes.evaluation import _pool

    kernels = _kernels()
    kernel = kernels.entry("monte_carlo")
    # compiled (or loaded) here, once, rather than by the first two blocks' threads at once
    kernels.entry(kernels.kernel_name(len(keyed.base_keys), len(keyed.range_players), by_range))
    count = min(_thread_count(threads), len(trials))
    blocks = np.array_split(np.arange(len(trials)), min(len(trials), count * BLOCKS_PER_THREAD))
    if count == 1:
        blocks = [np.arange(len(trials))]

    def part(block: NDArray[np.intp]) -> tuple[NDArray[np.int64], NDArray[np.int64], int]:
        first, end = int(block[0]), int(block[-1]) + 1
        result: tuple[NDArray[np.int64], NDArray[np.int64], int] = kernel(
            keyed.base_keys, keyed.base_bits, np.uint64(keyed.taken), keyed.free, keyed.owners,
            keyed.range_players, keyed.offsets, keyed.combo_keys, keyed.combo_bits,
            keyed.combo_masks, keyed.alias_prob, keyed.alias_index, keyed.ranking, keyed.shares,
            np.ascontiguousarray(trials[first:end]), np.ascontiguousarray(states[first:end]),
            by_range,
        )  # fmt: skip
        return result

    parts = _pool.split([partial(part, block) for block in blocks], count)
    counts = np.sum([p[0] for p in parts], axis=0)
    by_combo = np.sum([p[1] for p in parts], axis=0)
    return counts, by_combo


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
    threads: int | None,
    executor: Executor | None,
    progress: bool | str,
    breakdown: int | None = None,
) -> tuple[_Keyed, NDArray[np.int64], NDArray[np.int64]]:
    """Seeded Monte Carlo: the key form, the summed counts, and the counts by combo of the
    problem's range ``breakdown`` (empty without one)."""
    if problem.ranges:
        _check_ranges_compatible(problem)
    keyed = _keyed(problem, breakdown)
    by_range = -1 if breakdown is None else 0
    sizes = _chunk_trials(trials)
    states = _seeds(seed, len(sizes))
    if executor is None:
        counts, by_combo = run_chunks(keyed, sizes, states, threads, by_range)
        return keyed, counts, by_combo
    from cartes.analysis.executors import check_executor, gather, split_evenly

    pool = check_executor(executor)
    # The executor spreads the work: each task runs on one thread unless asked otherwise.
    per_task = 1 if threads is None else threads
    futures = [
        pool.submit(run_chunks, keyed, sizes[part], states[part], per_task, by_range)
        for part in split_evenly(len(sizes), pool)
    ]
    results = gather(futures, progress)
    counts = np.sum([r[0] for r in results], axis=0)
    by_combo = np.sum([r[1] for r in results], axis=0)
    return keyed, counts, by_combo


class _Figures(TypedDict):
    equity: tuple[float, ...]
    win: tuple[float, ...]
    tie: tuple[float, ...]
    stderr: tuple[float, ...]
    win_stderr: tuple[float, ...]
    tie_stderr: tuple[float, ...]


def _stats(counts: NDArray[Any], deals: float, unit: int, exact: bool) -> _Figures:
    """Equity, win and tie (and their standard errors) from counts summed over ``deals``
    (``(players, FIELDS)``, pot shares in units of ``unit``: see
    :mod:`cartes.analysis._kernels`)."""
    totals = np.asarray(counts, dtype=np.float64)
    players = totals.shape[0]
    mean = totals[:, SHARE] / unit / deals
    win = totals[:, WIN] / deals
    tie = totals[:, TIE] / deals
    if exact:
        zero = np.zeros(players)
        errors = [zero, zero, zero]
    else:
        second = totals[:, SHARE2] / (unit * unit) / deals
        correction = deals / max(deals - 1, 1)
        errors = [
            np.sqrt(np.maximum(v, 0.0) * correction / deals)
            for v in (second - mean * mean, win * (1 - win), tie * (1 - tie))
        ]
    return {
        "equity": tuple(float(x) for x in mean),
        "win": tuple(float(x) for x in win),
        "tie": tuple(float(x) for x in tie),
        "stderr": tuple(float(x) for x in errors[0]),
        "win_stderr": tuple(float(x) for x in errors[1]),
        "tie_stderr": tuple(float(x) for x in errors[2]),
    }


def _check_options(trials: object, exact: object, max_exact: object, threads: object) -> int | None:
    count = _check_threads(threads)
    if exact not in (None, True, False):
        raise OptionError(f"exact must be None, True or False, got {exact!r}")
    if trials is not None and (
        isinstance(trials, bool) or not isinstance(trials, int) or trials < 1
    ):
        raise OptionError(f"trials must be None or an int >= 1, got {trials!r}")
    if isinstance(max_exact, bool) or not isinstance(max_exact, int) or max_exact < 0:
        raise OptionError(f"max_exact must be an int >= 0, got {max_exact!r}")
    return count


def _choose(
    problem: _Problem, exact: bool | None, trials: int | None, max_exact: int
) -> tuple[bool, str]:
    """Exact or Monte Carlo, and the sentence that says which and why.

    Left to choose, the enumeration runs when it looks at no more deals than ``max_exact``
    or than the ``trials`` asked for (a deal enumerated costs about what a deal drawn does)."""
    if exact is True:
        return True, "exact enumeration (exact=True)"
    if exact is False:
        return False, f"Monte Carlo, {trials or DEFAULT_TRIALS:,} deals (exact=False)"
    cost = _deal_count(problem)
    limit = max(max_exact, trials or 0)
    if cost <= limit:
        return True, f"exact enumeration (chosen: {cost:,} deals, at most {limit:,})"
    return False, (
        f"Monte Carlo, {trials or DEFAULT_TRIALS:,} deals (chosen: exact would look at "
        f"{cost:,} deals, more than {limit:,})"
    )


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
    count = _check_options(trials, exact, max_exact, threads)
    enumerate_, method = _choose(problem, exact, trials, max_exact)
    if enumerate_:
        keyed, by_combo, weighted = _exact(problem, count)
        first = keyed.combo_weights[: keyed.offsets[1]] if keyed.order else np.ones(1)
        totals = np.einsum("k,kpf->pf", first, by_combo)
        deals = float(first @ weighted)
        if deals == 0:
            raise RangeError("the ranges leave no deal: every choice of hands shares a card")
    else:
        _, totals, _ = _monte_carlo(
            problem, trials or DEFAULT_TRIALS, seed, count, executor, progress
        )
        deals = float(trials or DEFAULT_TRIALS)
    return Equity(
        **_stats(totals, deals, problem.unit, enumerate_),
        exact=bool(enumerate_),
        deals=deals,
        ranking=problem.ranking_name,
        method=method,
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

    Each hand is two cards (``"As Kd"``, ``"AsKd"``, cartes cards, or eval7's or pokerkit's
    ``Card`` objects), one card (the other is dealt), nothing (``""`` or ``None``: a random
    hand), or a range (``"QQ+, AKs"``, a :class:`~cartes.analysis.HandRange` or an eval7
    ``HandRange``). ``dead`` cards are out of play. ``exact`` forces (True) or forbids (False)
    the enumeration; left unset, it runs when it looks at no more than ``max_exact`` deals or
    than ``trials`` (``Equity.method`` says which ran and why). Monte Carlo plays ``trials``
    deals (default 1,000,000) from ``seed``, on ``threads`` threads (default: numba's
    ``NUMBA_NUM_THREADS``, at most the cores), split over ``executor`` if one is given (one
    thread per task unless ``threads`` is given; with a tqdm bar if ``progress``).
    :func:`hand_equities` breaks one player's range down by hand.

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


def hand_equities(
    hands: Sequence[Holding],
    board: Cards | None = None,
    dead: Cards | None = None,
    ranking: RankingLike = "standard",
    *,
    player: int = 0,
    trials: int | None = None,
    exact: bool | None = None,
    seed: SeedLike | np.random.SeedSequence = None,
    executor: Executor | None = None,
    threads: int | None = None,
    max_exact: int = MAX_EXACT,
    progress: bool | str = False,
) -> dict[Hand, Equity]:
    """The equity of every hand of one player's range against the others (eval7's
    ``py_all_hands_vs_range``): each hand of ``hands[player]`` the board leaves possible, with
    the :class:`Equity` of the whole table when that player holds it, in the range's order.
    Each hand is written higher card first, as :attr:`HandRange.combos` lists it.

    ``hands[player]`` is a range, two cards (one entry) or nothing (every hand). It is one
    compiled call either way: exact, every hand's figures are what :func:`equity` gives for it
    alone; by Monte Carlo (``exact=False``, or chosen as in :func:`equity`) the player's hands
    are drawn by weight, so each gets its share of the ``trials`` and its own standard
    errors, and a hand never drawn is left out. Options as in :func:`equity`.

    >>> by_hand = hand_equities(["AA, KK", "QQ"], board="Qs 8d 3c 2h 7s")
    >>> len(by_hand), by_hand[Hand("Ad Ac")].equity[0], by_hand[Hand("Kd Kc")].exact
    (12, 0.0, True)
    >>> hand_equities(["As", "KK"])
    Traceback (most recent call last):
    ...
    cartes.errors.OptionError: hand_equities breaks down a range, a hand of two cards or a ...
    """
    if isinstance(hands, str) or not isinstance(hands, Sequence):
        raise OptionError(f"hands must be a list of hands, one per player, got {hands!r}")
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < len(hands):
        allowed = ", ".join(str(p) for p in range(len(hands)))
        raise OptionError(f"player must be one of {allowed} (an index into hands), got {player!r}")
    holdings = list(hands)
    mine = _holding(holdings[player], player)
    if isinstance(mine, Hand):
        if len(mine) == 1:
            raise OptionError(
                "hand_equities breaks down a range, a hand of two cards or a random hand; "
                f"player {player} holds one card ({mine})"
            )
        mine = HandRange("XX") if len(mine) == 0 else HandRange.of([mine])
    holdings[player] = mine
    problem = _board_problem(holdings, board, dead, ranking)
    ranged = sum(isinstance(_holding(h, p), HandRange) for p, h in enumerate(holdings[:player]))
    count = _check_options(trials, exact, max_exact, threads)
    enumerate_, method = _choose(problem, exact, trials, max_exact)
    pairs = problem.ranges[ranged][0]
    unit = problem.unit
    result: dict[Hand, Equity] = {}
    if enumerate_:
        _, by_combo, weighted = _exact(problem, count, first=ranged)
        if float(weighted.sum()) == 0:
            raise RangeError("the ranges leave no deal: every choice of hands shares a card")
        for k, (a, b) in enumerate(pairs.tolist()):
            if weighted[k] > 0:
                result[Hand([a, b])] = Equity(
                    **_stats(by_combo[k], float(weighted[k]), unit, True),
                    exact=True,
                    deals=float(weighted[k]),
                    ranking=problem.ranking_name,
                    method=method,
                )
        return result
    _, _, per_hand = _monte_carlo(
        problem, trials or DEFAULT_TRIALS, seed, count, executor, progress, breakdown=ranged
    )
    for k, (a, b) in enumerate(pairs.tolist()):
        deals = int(per_hand[k, :, SHARE].sum()) // unit
        if deals > 0:
            result[Hand([a, b])] = Equity(
                **_stats(per_hand[k], float(deals), unit, False),
                exact=False,
                deals=float(deals),
                ranking=problem.ranking_name,
                method=method,
            )
    return result


def _live_ranges(holdings: Sequence[object], blocked: set[int]) -> list[tuple[Any, Any]]:
    """Each range's combos and weights without the combos that use a blocked card, in the
    players' order; a range left empty is refused, naming its player."""
    ranges = []
    for p, holding in enumerate(holdings):
        if isinstance(holding, HandRange):
            combos, weights = holding.arrays()
            keep = (
                ~np.isin(combos, list(blocked)).any(axis=1)
                if blocked
                else np.ones(len(combos), bool)
            )
            if not keep.any():
                raise RangeError(
                    f"player {p}'s range {holding.text!r} has no hand left: every one uses a "
                    "card that is already seen"
                )
            ranges.append((combos[keep], weights[keep]))
    return ranges
