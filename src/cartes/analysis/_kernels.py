"""The numba kernels of the equity calculator: a seeded generator, Monte Carlo and enumeration.

A problem reaches the kernels in key form (built by :mod:`cartes.analysis.equity`):

* ``base_keys[p]``, ``base_bits[p]``: the evaluator's key sum (with its start value) and card
  mask of what player ``p`` is known to hold, board cards included;
* ``owners[j]`` for each card still to deal, in order: the player it goes to, or -1 for a
  board card, which every player shares (its key is added once per deal);
* the ranged players' hands: ``range_players[r]`` is the player holding range ``r``, whose
  combos are ``offsets[r]:offsets[r + 1]`` of ``combo_keys`` / ``combo_bits`` (the two cards'
  key sum and evaluator mask) and ``combo_masks`` (one bit per card index, like ``taken``);
* ``shares[k]``: a pot split ``k`` ways pays each winner ``unit // k`` units, where ``unit`` is
  ``lcm(1..players)``, so every sum is an exact integer whatever order it is added in. A
  result holds, per player, the deals won alone, the deals tied, the units won and their
  squares (``FIELDS``).

Every kernel is serial and ``nogil``: :func:`cartes.evaluation._pool.split` runs them on
several Python threads at once, each on its share of independent pieces (Monte Carlo chunks,
enumeration items), and adds the results. Each is compiled on first use for its one explicit
signature (:data:`SIGNATURES`, :func:`entry`) and cached on disk, so a call compiles only the
kernel it needs. Why it looks the way it does:

* The generator is xoshiro256** written out here, one state per chunk of trials: a chunk's
  result depends only on its seed, and the chunks' sums are the same serially, on threads, on a
  process pool or on a cluster.
* Cards are dealt by a partial Fisher-Yates shuffle of the free cards, each position drawn
  from 32 random bits (two per 64-bit draw) by Lemire's multiply: no branch that the
  processor cannot predict, and the array stays a permutation, so nothing is reset between
  deals. Each combo of the first range has its own deck without its two cards; a card that
  another range's combo holds this deal (a 64-bit mask, ``taken``) is drawn again, which
  keeps every deal uniform over the cards left.
* Heads-up with at most one range (most calls), a kernel of its own (:func:`_heads_up`) keeps
  both hands' key sums and masks, the generator's state and the counts (first wins, second
  wins, ties) in registers: the general loop's small arrays, stored and loaded every deal,
  made its deals 1.2-2 times slower. It draws exactly what the general loop draws (a test
  compares every count), and a call compiles only the kernel it runs.
* The scoring is branch-free (the best strength, then masks), since who wins is the one thing
  in a deal that no predictor can guess.
* A range's combo is drawn by Walker's alias method (one uniform index, one coin), in constant
  time whatever the range's size and weights.
* The enumeration keeps, for every card placed, the running key sums of the board and of each
  player, so that moving the last card (most deals) costs one row update.
"""

from __future__ import annotations

import hashlib
import inspect
from functools import cache
from typing import Any, Final

import numba as nb
import numpy as np
from numba import types as t
from numpy.typing import NDArray

from cartes.evaluation import kernels as _evaluation
from cartes.evaluation.kernels import (
    _FLAG_SHIFT,
    _SUIT_FLAGS,
    CARD_BITS,
    CARD_KEYS,
    _flush_strength,
    _rank_strength,
)

__all__ = [
    "FIELDS",
    "SIGNATURES",
    "entry",
    "enumerate_exact",
    "kernel_name",
    "monte_carlo",
    "random_below",
]

_OPTIONS: Final[dict[str, Any]] = {"cache": True, "nogil": True, "error_model": "numpy"}

#: The integer counts each deal adds per player: sole wins, ties, pot share (in units), squared.
WIN, TIE, SHARE, SHARE2 = 0, 1, 2, 3
FIELDS: Final = 4

#: What these kernels freeze into their code from :mod:`cartes.evaluation.kernels`: its tables'
#: digest and the source of the evaluation functions inlined here. numba's disk cache is keyed
#: on this file only, so when those change this digest must change too (the check below says
#: so at import), which rebuilds the cache instead of running stale code.
EVALUATION_DIGEST: Final = "77521197c8c1d65e"


def _evaluation_digest() -> str:
    digest = hashlib.sha256(_evaluation.TABLES_DIGEST.encode())
    for function in (_rank_strength, _flush_strength):
        digest.update(inspect.getsource(function.py_func).encode())
    return digest.hexdigest()[:16]


if _evaluation_digest() != EVALUATION_DIGEST:  # pragma: no cover
    raise RuntimeError(
        "the evaluation kernels that cartes.analysis._kernels inlines changed: set "
        f"EVALUATION_DIGEST to {_evaluation_digest()!r} so numba's cache is rebuilt"
    )

_U64 = np.uint64
_LOW32: Final = np.uint64(0xFFFFFFFF)
#: The card keys and bits with a 53rd card of zeros (see ``_deal_all``).
_KEYS: Final = np.append(CARD_KEYS, np.uint64(0))
_BITS: Final = np.append(CARD_BITS, np.uint64(0))


_ZERO: Final = np.uint64(0)
_ONE: Final = np.uint64(1)
_B32: Final = np.uint64(32)
_TWO32: Final = np.uint64(1 << 32)
_B7, _B57, _B45, _B19, _B17, _B11 = (np.uint64(k) for k in (7, 57, 45, 19, 17, 11))
_FIVE, _NINE = np.uint64(5), np.uint64(9)


@nb.njit(inline="always", **_OPTIONS)
def _step(
    s0: np.uint64, s1: np.uint64, s2: np.uint64, s3: np.uint64
) -> tuple[np.uint64, np.uint64, np.uint64, np.uint64, np.uint64]:
    """xoshiro256** (Blackman and Vigna) on a state held in four scalars (in registers, where
    an array's words were stored and loaded at every draw): the next 64 random bits and the
    new state."""
    times5 = s1 * _FIVE
    result = ((times5 << _B7) | (times5 >> _B57)) * _NINE
    shifted = s1 << _B17
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= shifted
    s3 = (s3 << _B45) | (s3 >> _B19)
    return result, s0, s1, s2, s3


@nb.njit(inline="always", **_OPTIONS)
def _uniform(
    bound: np.uint64,
    spare: np.uint64,
    spare_left: bool,
    s0: np.uint64,
    s1: np.uint64,
    s2: np.uint64,
    s3: np.uint64,
) -> tuple[np.int64, np.uint64, bool, np.uint64, np.uint64, np.uint64, np.uint64]:
    """A uniform integer below ``bound`` (< 2**32), unbiased (Lemire's method), from 32 random
    bits: ``spare``, the low half of the last 64-bit draw, when ``spare_left``, else the high
    half of a new draw. Returns it, the spare bits and whether they are left, and the
    generator's new state."""
    if spare_left:
        random = spare
        spare_left = False
    else:
        word, s0, s1, s2, s3 = _step(s0, s1, s2, s3)
        random = word >> _B32
        spare = word & _LOW32
        spare_left = True
    product = random * bound
    if (product & _LOW32) < bound:  # bound / 2**32 of the time: under 2**-21 for any range
        threshold = (_TWO32 - bound) % bound
        while (product & _LOW32) < threshold:
            word, s0, s1, s2, s3 = _step(s0, s1, s2, s3)
            product = (word >> _B32) * bound
    return np.int64(product >> _B32), spare, spare_left, s0, s1, s2, s3


def random_below(state: NDArray[np.uint64], n: int, count: int) -> NDArray[np.int64]:
    """``count`` draws of :func:`_uniform` below ``n`` from generator state ``state`` (four
    words, left as the generator left them), as the Monte Carlo draws them: for testing the
    generator from Python.

    >>> state = np.array([1, 2, 3, 4], dtype=np.uint64)
    >>> draws = entry("random_below")(state, 6, 1000)
    >>> int(draws.min()), int(draws.max())
    (0, 5)
    """
    out = np.empty(count, dtype=np.int64)
    s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
    spare, spare_left = _ZERO, False
    for i in range(count):
        out[i], spare, spare_left, s0, s1, s2, s3 = _uniform(
            _U64(n), spare, spare_left, s0, s1, s2, s3
        )
    state[0], state[1], state[2], state[3] = s0, s1, s2, s3
    return out


@nb.njit(inline="always", **_OPTIONS)
def _strength(key: np.uint64, bits: np.uint64, ranking: int) -> int:
    """The strength of the seven cards of key sum ``key`` and evaluator mask ``bits``."""
    s = int(_rank_strength(key, ranking))
    flags = (key >> _FLAG_SHIFT) & _SUIT_FLAGS
    if flags:
        s = max(s, int(_flush_strength(flags, bits, ranking)))
    return s


def _score(
    keys: NDArray[np.uint64],
    bits: NDArray[np.uint64],
    board_key: np.uint64,
    board_bits: np.uint64,
    ranking: int,
    strengths: NDArray[np.int64],
) -> tuple[int, int]:
    """Every player's strength into ``strengths``; the best strength and how many hold it."""
    players = keys.shape[0]
    # int64 from the start: a literal 0 here made numba compile the callees that see it
    # twice, once for the literal and once for int64.
    best = int(np.int64(0))
    for p in range(players):
        s = _strength(keys[p] + board_key, bits[p] | board_bits, ranking)
        strengths[p] = s
        best = max(best, s)
    tied = int(np.int64(0))
    for p in range(players):
        tied += strengths[p] == best
    return best, tied


def _add(
    counts: NDArray[Any], strengths: NDArray[np.int64], best: int, tied: int, share: int
) -> None:
    """Add one deal's result to ``counts`` (players, FIELDS), without a branch (a histogram
    of winner sets, one entry updated per deal, ran at half the speed: its address is known
    late)."""
    alone = int(tied == 1)
    square = share * share
    for p in range(strengths.shape[0]):
        won = int(strengths[p] == best)
        counts[p, WIN] += won * alone
        counts[p, TIE] += won - won * alone
        counts[p, SHARE] += won * share
        counts[p, SHARE2] += won * square


# Each numba inlining is typed and lowered again: the Monte Carlo, where every deal is scored,
# inlines the scoring (10% faster there); the enumeration calls one compiled copy, which LLVM
# may still inline (its first compile, the first call of a fresh install, is a second shorter).
_score_inline = nb.njit(inline="always", **_OPTIONS)(_score)
_add_inline = nb.njit(inline="always", **_OPTIONS)(_add)
_score = nb.njit(**_OPTIONS)(_score)
_add = nb.njit(**_OPTIONS)(_add)


@nb.njit(**_OPTIONS)
def _add_heads_up(
    counts: NDArray[np.int64], first: int, second: int, ties: int, shares: NDArray[np.int64]
) -> None:
    """Add heads-up wins of each player and ties to ``counts``."""
    for p in range(2):
        wins = first if p == 0 else second
        counts[p, WIN] += wins
        counts[p, TIE] += ties
        counts[p, SHARE] += wins * shares[1] + ties * shares[2]
        counts[p, SHARE2] += wins * shares[1] * shares[1] + ties * shares[2] * shares[2]


@nb.njit(**_OPTIONS)
def _fresh_decks(
    decks: NDArray[np.uint8],
    free: NDArray[np.int64],
    combo_masks: NDArray[np.uint64],
    ranged: int,
) -> None:
    """Deck ``k`` is the free cards less combo ``k``'s of range 0, or (one deck, no range)
    all of them."""
    for k in range(decks.shape[0]):
        mask = combo_masks[k] if ranged else _ZERO
        m = 0
        for i in range(free.shape[0]):
            if not (mask >> _U64(free[i])) & _ONE:
                decks[k, m] = free[i]
                m += 1


def _heads_up(
    base_keys: NDArray[np.uint64],
    base_bits: NDArray[np.uint64],
    taken: np.uint64,
    free: NDArray[np.int64],
    owners: NDArray[np.int64],
    range_players: NDArray[np.int64],
    combo_keys: NDArray[np.uint64],
    combo_bits: NDArray[np.uint64],
    combo_masks: NDArray[np.uint64],
    alias_prob: NDArray[np.float64],
    alias_index: NDArray[np.int64],
    ranking: int,
    shares: NDArray[np.int64],
    trials: NDArray[np.int64],
    states: NDArray[np.uint64],
    counts: NDArray[np.int64],
    decks: NDArray[np.uint8],
) -> int:
    """:func:`_monte_carlo` heads-up with at most one range (the common case), without a
    breakdown by combo: it draws and counts exactly what that does, with both hands, the
    generator and the counts in registers rather than in the general loop's arrays (their
    stores and loads were a third to a half of a deal's time)."""
    ranged = range_players.shape[0]
    holder = range_players[0] if ranged else -1
    size = _U64(combo_keys.shape[0])
    n = decks.shape[1]
    dealt = owners.shape[0]
    rejected = 0
    for c in range(trials.shape[0]):
        # A chunk starts from its seed and fresh decks: its result is its own.
        s0, s1, s2, s3 = states[c, 0], states[c, 1], states[c, 2], states[c, 3]
        _fresh_decks(decks, free, combo_masks, ranged)
        spare = _ZERO
        spare_left = False
        first_wins = second_wins = ties = 0
        done = 0
        while done < trials[c]:
            out = taken
            key0, bits0, key1, bits1 = base_keys[0], base_bits[0], base_keys[1], base_bits[1]
            row = 0
            if ranged:
                row, spare, spare_left, s0, s1, s2, s3 = _uniform(
                    size, spare, spare_left, s0, s1, s2, s3
                )
                if alias_prob[row] < 1.0:  # Walker's alias method: a coin for a shared column
                    coin, s0, s1, s2, s3 = _step(s0, s1, s2, s3)
                    if (coin >> _B11) * (1.0 / 9007199254740992.0) >= alias_prob[row]:
                        row = alias_index[row]
                mask = combo_masks[row]
                if out & mask:
                    rejected += 1
                    continue
                out |= mask
                if holder == 0:
                    key0 += combo_keys[row]
                    bits0 |= combo_bits[row]
                else:
                    key1 += combo_keys[row]
                    bits1 |= combo_bits[row]
            board_key = board_bits = _ZERO
            for j in range(dealt):
                while True:
                    i, spare, spare_left, s0, s1, s2, s3 = _uniform(
                        _U64(n - j), spare, spare_left, s0, s1, s2, s3
                    )
                    card = decks[row, j + i]
                    if not (out >> _U64(card)) & _ONE:
                        break
                decks[row, j + i] = decks[row, j]
                decks[row, j] = card
                out |= _ONE << _U64(card)
                owner = owners[j]
                if owner < 0:
                    board_key += CARD_KEYS[card]
                    board_bits |= CARD_BITS[card]
                elif owner == 0:
                    key0 += CARD_KEYS[card]
                    bits0 |= CARD_BITS[card]
                else:
                    key1 += CARD_KEYS[card]
                    bits1 |= CARD_BITS[card]
            first = _strength(key0 + board_key, bits0 | board_bits, ranking)
            second = _strength(key1 + board_key, bits1 | board_bits, ranking)
            first_wins += first > second
            second_wins += second > first
            ties += first == second
            done += 1
        _add_heads_up(counts, first_wins, second_wins, ties, shares)
    return rejected


def _monte_carlo(
    base_keys: NDArray[np.uint64],
    base_bits: NDArray[np.uint64],
    taken: np.uint64,
    free: NDArray[np.int64],
    owners: NDArray[np.int64],
    range_players: NDArray[np.int64],
    offsets: NDArray[np.int64],
    combo_keys: NDArray[np.uint64],
    combo_bits: NDArray[np.uint64],
    combo_masks: NDArray[np.uint64],
    alias_prob: NDArray[np.float64],
    alias_index: NDArray[np.int64],
    ranking: int,
    shares: NDArray[np.int64],
    trials: NDArray[np.int64],
    states: NDArray[np.uint64],
    by_range: int,
    counts: NDArray[np.int64],
    by_combo: NDArray[np.int64],
    decks: NDArray[np.uint8],
    hands: NDArray[np.uint64],
    strengths: NDArray[np.int64],
    picked: NDArray[np.int64],
) -> int:
    """:func:`monte_carlo` on arrays its caller made, which it returns the rejected draws of:
    ``counts`` and ``by_combo`` zeroed, the rest scratch (``decks`` ``(rows, n)``, ``hands``
    ``(2, players)`` for the players' keys and bits, ``strengths`` ``(players,)``, ``picked``
    one per range or one)."""
    players = base_keys.shape[0]
    ranged = range_players.shape[0]
    dealt = owners.shape[0]
    keys = hands[0]
    bits = hands[1]
    # One deck per combo of range 0 (its cards left out), or one deck: each stays a
    # permutation of its cards, so a deal is uniform whatever the deals before it did, and
    # range 0's cards need no redraw (a branch that mispredicted a third of the deals).
    n = decks.shape[1]
    rejected = 0
    for c in range(trials.shape[0]):
        # A chunk starts from its seed and fresh decks: its result is its own.
        s0, s1, s2, s3 = states[c, 0], states[c, 1], states[c, 2], states[c, 3]
        _fresh_decks(decks, free, combo_masks, ranged)
        spare = _ZERO
        spare_left = False  # whether ``spare`` holds 32 random bits not used yet
        first_wins = second_wins = ties = np.int64(0)  # not a literal (see _score)
        done = 0
        while done < trials[c]:
            out = taken
            for p in range(players):
                keys[p] = base_keys[p]
                bits[p] = base_bits[p]
            clash = False
            for r in range(ranged):
                start = offsets[r]
                k, spare, spare_left, s0, s1, s2, s3 = _uniform(
                    _U64(offsets[r + 1] - start), spare, spare_left, s0, s1, s2, s3
                )
                k += start
                if alias_prob[k] < 1.0:
                    coin, s0, s1, s2, s3 = _step(s0, s1, s2, s3)
                    if (coin >> _B11) * (1.0 / 9007199254740992.0) >= alias_prob[k]:
                        k = alias_index[k]
                mask = combo_masks[k]
                if out & mask:
                    clash = True
                    break
                out |= mask
                p = range_players[r]
                keys[p] += combo_keys[k]
                bits[p] |= combo_bits[k]
                picked[r] = k - start
            if clash:
                rejected += 1
                continue
            row = 0 if ranged == 0 else picked[0]
            board_key = _ZERO
            board_bits = _ZERO
            for j in range(dealt):
                while True:
                    i, spare, spare_left, s0, s1, s2, s3 = _uniform(
                        _U64(n - j), spare, spare_left, s0, s1, s2, s3
                    )
                    card = decks[row, j + i]
                    if not (out >> _U64(card)) & _ONE:
                        break
                decks[row, j + i] = decks[row, j]
                decks[row, j] = card
                out |= _ONE << _U64(card)
                owner = owners[j]
                if owner < 0:
                    board_key += CARD_KEYS[card]
                    board_bits |= CARD_BITS[card]
                else:
                    keys[owner] += CARD_KEYS[card]
                    bits[owner] |= CARD_BITS[card]
            best, tied = _score_inline(keys, bits, board_key, board_bits, ranking, strengths)
            share = shares[tied]
            if players == 2 and by_range < 0:
                # Heads-up with two ranges: three counters in registers, no stores.
                first_wins += strengths[0] > strengths[1]
                second_wins += strengths[1] > strengths[0]
                ties += strengths[0] == strengths[1]
            else:
                _add_inline(counts, strengths, best, tied, share)
            if by_range >= 0:
                _add(by_combo[picked[by_range]], strengths, best, tied, share)
            done += 1
        if players == 2 and by_range < 0:
            _add_heads_up(counts, first_wins, second_wins, ties, shares)
    return rejected


#: A cache line's bytes, and the bytes kept free on each side of a kernel's scratch array.
_LINE: Final = 64
_PAD: Final = 2 * _LINE


def _padded(shape: tuple[int, ...], dtype: Any) -> NDArray[Any]:
    """A zeroed C-contiguous array of ``shape`` that shares no cache line with any other
    allocation. Two threads' small scratch arrays, written every deal, came from one heap
    next to each other often enough that both threads wrote the same 64-byte line: each write
    then waited for the line to come back from the other core (three-handed, two threads ran
    at 1.12x one thread, median of paired calls; 1.49x with the arrays apart)."""
    size = int(np.prod(shape, dtype=np.int64)) * np.dtype(dtype).itemsize
    raw = np.zeros(size + 3 * _PAD, dtype=np.uint8)
    start = -raw.ctypes.data % _LINE + _PAD
    return raw[start : start + size].view(dtype).reshape(shape)


def monte_carlo(
    base_keys: NDArray[np.uint64],
    base_bits: NDArray[np.uint64],
    taken: np.uint64,
    free: NDArray[np.int64],
    owners: NDArray[np.int64],
    range_players: NDArray[np.int64],
    offsets: NDArray[np.int64],
    combo_keys: NDArray[np.uint64],
    combo_bits: NDArray[np.uint64],
    combo_masks: NDArray[np.uint64],
    alias_prob: NDArray[np.float64],
    alias_index: NDArray[np.int64],
    ranking: int,
    shares: NDArray[np.int64],
    trials: NDArray[np.int64],
    states: NDArray[np.uint64],
    by_range: int,
    *,
    general: bool = False,
) -> tuple[NDArray[np.int64], NDArray[np.int64], int]:
    """Play ``trials[c]`` random deals from seed ``states[c]`` for each chunk ``c``.

    Returns the summed counts ``(players, FIELDS)``; the counts by combo of range ``by_range``
    (``(combos, players, FIELDS)``, empty when it is -1); and how many range draws were
    rejected because two combos shared a card (a rejected draw is drawn again, which is
    sampling the ranges given that no card is held twice). Heads-up with at most one range
    and no breakdown, the deals are played by :func:`_heads_up` (compiled on its own: a call
    compiles only the loop it runs), unless ``general`` (the tests compare the two loops,
    which must draw and count exactly the same).
    """
    players = base_keys.shape[0]
    ranged = range_players.shape[0]
    size = 0 if by_range < 0 else int(offsets[by_range + 1] - offsets[by_range])
    counts = _padded((players, FIELDS), np.int64)
    by_combo = _padded((size, players, FIELDS), np.int64)
    rows = 1 if ranged == 0 else int(offsets[1])
    decks = _padded((rows, free.shape[0] - (0 if ranged == 0 else 2)), np.uint8)
    if kernel_name(players, ranged, by_range, general) == "heads_up":
        rejected = entry("heads_up")(
            base_keys, base_bits, taken, free, owners, range_players, combo_keys, combo_bits,
            combo_masks, alias_prob, alias_index, ranking, shares, trials, states, counts, decks,
        )  # fmt: skip
    else:
        rejected = entry("general_monte_carlo")(
            base_keys, base_bits, taken, free, owners, range_players, offsets, combo_keys,
            combo_bits, combo_masks, alias_prob, alias_index, ranking, shares, trials, states,
            by_range, counts, by_combo, decks, _padded((2, players), np.uint64),
            _padded((players,), np.int64), _padded((max(ranged, 1),), np.int64),
        )  # fmt: skip
    return counts, by_combo, int(rejected)


def kernel_name(players: int, ranged: int, by_range: int, general: bool = False) -> str:
    """The compiled kernel :func:`monte_carlo` runs for ``players`` players, ``ranged`` of
    them holding ranges, and the breakdown ``by_range`` (``general``: the general loop always).

    >>> kernel_name(2, 1, -1), kernel_name(2, 2, -1), kernel_name(3, 0, -1), kernel_name(2, 1, 0)
    ('heads_up', 'general_monte_carlo', 'general_monte_carlo', 'general_monte_carlo')
    """
    if players == 2 and ranged <= 1 and by_range < 0 and not general:
        return "heads_up"
    return "general_monte_carlo"


@nb.njit(**_OPTIONS)
def _next_combo(idx: NDArray[np.int64], start: int, k: int, n: int, keep_first: bool) -> int:
    """Advance ``idx[start:start+k]`` to the next k-combination of ``0..n-1``: the position
    (within the group) of the first element that moved, or -1 when it was the last (or, with
    ``keep_first``, when the first element would have to move)."""
    i = k - 1
    while i >= 0 and idx[start + i] == n - k + i:
        i -= 1
    if i < 0 or (keep_first and i == 0):
        return -1
    idx[start + i] += 1
    for m in range(i + 1, k):
        idx[start + m] = idx[start + m - 1] + 1
    return i


@nb.njit(**_OPTIONS)
def _rebuild_pool(
    pools: NDArray[np.int64],
    pool_len: NDArray[np.int64],
    idx: NDArray[np.int64],
    starts: NDArray[np.int64],
    g: int,
) -> None:
    """Group ``g``'s pool: group ``g - 1``'s pool less the cards group ``g - 1`` holds."""
    taken = _ZERO
    for m in range(starts[g - 1], starts[g]):
        taken |= _ONE << _U64(pools[g - 1, idx[m]])
    count = 0
    for i in range(pool_len[g - 1]):
        card = pools[g - 1, i]
        if not taken & (_ONE << _U64(card)):
            pools[g, count] = card
            count += 1
    pool_len[g] = count


@nb.njit(**_OPTIONS)
def _place(
    j: int,
    card: int,
    owner: int,
    row_keys: NDArray[np.uint64],
    row_bits: NDArray[np.uint64],
) -> None:
    """Row ``j + 1`` of the running sums: row ``j`` plus ``card`` for its owner (column 0 is
    the board, column ``p + 1`` player ``p``)."""
    for q in range(row_keys.shape[1]):
        row_keys[j + 1, q] = row_keys[j, q]
        row_bits[j + 1, q] = row_bits[j, q]
    row_keys[j + 1, owner + 1] += _KEYS[card]
    row_bits[j + 1, owner + 1] |= _BITS[card]


@nb.njit(**_OPTIONS)
def _deal_all(
    keys: NDArray[np.uint64],
    bits: NDArray[np.uint64],
    pool: NDArray[np.int64],
    sizes: NDArray[np.int64],
    owners: NDArray[np.int64],
    first: int,
    ranking: int,
    shares: NDArray[np.int64],
    counts: NDArray[np.int64],
) -> int:
    """Every deal of ``pool``'s cards into the groups (``sizes``, each > 0, dealt in order, each
    as a combination, from what the groups before it left), added to ``counts``; with ``first``
    >= 0 only the deals whose first group starts with ``pool[first]``. Returns how many."""
    players = keys.shape[0]
    if sizes.shape[0] == 0:
        # Nothing to deal: one deal, scored by the same loop as a board card that adds
        # nothing (card 52, whose key and bits are zero), to compile one scoring, not two.
        sizes = np.empty(1, dtype=np.int64)
        owners = np.empty(1, dtype=np.int64)
        pool = np.empty(1, dtype=np.int64)
        sizes[0], owners[0], pool[0] = 1, -1, 52
        first = -1
    groups = sizes.shape[0]
    dealt = owners.shape[0]
    strengths = np.empty(players, dtype=np.int64)
    row_keys = np.zeros((dealt + 1, players + 1), dtype=np.uint64)
    row_bits = np.zeros((dealt + 1, players + 1), dtype=np.uint64)
    for p in range(players):
        row_keys[0, p + 1] = keys[p]
        row_bits[0, p + 1] = bits[p]
    n = pool.shape[0]
    if first >= 0 and first + sizes[0] > n:
        return 0
    starts = np.zeros(groups + 1, dtype=np.int64)
    for g in range(groups):
        starts[g + 1] = starts[g] + sizes[g]
    idx = np.zeros(dealt, dtype=np.int64)
    pools = np.empty((groups, n), dtype=np.int64)
    pool_len = np.zeros(groups, dtype=np.int64)
    last_keys = np.empty(players, dtype=np.uint64)
    last_bits = np.empty(players, dtype=np.uint64)
    for i in range(n):
        pools[0, i] = pool[i]
    pool_len[0] = n
    base = 0 if first < 0 else first
    for m in range(sizes[0]):
        idx[m] = base + m
    deals = 0
    last = dealt - 1
    last_group = groups - 1
    owner = owners[last]
    first_wins = second_wins = ties = np.int64(0)  # not a literal (see _score)
    g = 0  # groups g.. are to be (re)built; group g's combination is already set
    while True:
        # Place group g's cards, then build and place every group after it.
        for h in range(g, groups):
            if h > g:
                _rebuild_pool(pools, pool_len, idx, starts, h)
                for m in range(sizes[h]):
                    idx[starts[h] + m] = m
            for j in range(starts[h], starts[h + 1]):
                _place(j, pools[h, idx[j]], owners[j], row_keys, row_bits)
        # Every card the last position can take, in one tight loop; then move the innermost
        # other card that can move.
        while True:
            if last == starts[last_group]:  # the last card opens its group
                fixed = last_group == 0 and first >= 0
                low = first if fixed else 0
                high = first + 1 if fixed else pool_len[last_group]
            else:
                low = idx[last - 1] + 1
                high = pool_len[last_group]
            for i in range(low, high):
                card = pools[last_group, i]
                board_key = row_keys[last, 0]
                board_bits = row_bits[last, 0]
                for p in range(players):
                    last_keys[p] = row_keys[last, p + 1]
                    last_bits[p] = row_bits[last, p + 1]
                if owner < 0:
                    board_key += _KEYS[card]
                    board_bits |= _BITS[card]
                else:
                    last_keys[owner] += _KEYS[card]
                    last_bits[owner] |= _BITS[card]
                best, tied = _score(last_keys, last_bits, board_key, board_bits, ranking, strengths)
                if players == 2:  # heads-up: counters in registers (see monte_carlo)
                    first_wins += strengths[0] > strengths[1]
                    second_wins += strengths[1] > strengths[0]
                    ties += strengths[0] == strengths[1]
                else:
                    _add(counts, strengths, best, tied, shares[tied])
            if high > low:
                deals += high - low
                idx[last] = high - 1
            else:
                idx[last] = low
            h = groups - 1
            moved = -1
            while h >= 0:
                moved = _next_combo(idx, starts[h], sizes[h], pool_len[h], h == 0 and first >= 0)
                if moved >= 0:
                    break
                h -= 1
            if h < 0:
                if players == 2:
                    _add_heads_up(counts, first_wins, second_wins, ties, shares)
                return deals
            for j in range(starts[h] + moved, starts[h + 1]):
                _place(j, pools[h, idx[j]], owners[j], row_keys, row_bits)
            if h + 1 < groups:
                g = h + 1
                # Group g's pool depends on group h's cards: rebuilt in the outer loop.
                for m in range(sizes[g]):
                    idx[starts[g] + m] = m
                break
        # Rebuild from group g (its pool, then its cards and those after it).
        _rebuild_pool(pools, pool_len, idx, starts, g)


def enumerate_exact(
    base_keys: NDArray[np.uint64],
    base_bits: NDArray[np.uint64],
    free: NDArray[np.int64],
    sizes: NDArray[np.int64],
    owners: NDArray[np.int64],
    range_players: NDArray[np.int64],
    offsets: NDArray[np.int64],
    combo_keys: NDArray[np.uint64],
    combo_bits: NDArray[np.uint64],
    combo_masks: NDArray[np.uint64],
    combo_weights: NDArray[np.float64],
    ranking: int,
    shares: NDArray[np.int64],
    split_first: bool,
    start: int,
    step: int,
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Every choice of one combo per range (all pairs of combos, in one call) and every deal of
    the free cards they leave, for the items ``start, start + step, ...``.

    An item is a combo ``k`` of range 0 (one item when there is no range), or with
    ``split_first`` a combo and the first card of the first group. Returns, per combo of range
    0, the counts weighted by the other ranges' combos' weights ``(combos0, players, FIELDS)``
    and the weighted number of deals ``(combos0,)``; range 0's own weights are left to the
    caller, so a combo's row is its own equity.
    """
    players = base_keys.shape[0]
    ranged = range_players.shape[0]
    combos0 = 1 if ranged == 0 else offsets[1] - offsets[0]
    left = free.shape[0] - 2 * ranged
    firsts = left - sizes[0] + 1 if split_first and sizes.shape[0] > 0 else 1
    by_combo = np.zeros((combos0, players, FIELDS), dtype=np.float64)
    weighted = np.zeros(combos0, dtype=np.float64)
    keys = np.empty(players, dtype=np.uint64)
    bits = np.empty(players, dtype=np.uint64)
    pool = np.empty(left if left > 0 else 0, dtype=np.int64)
    counts = np.zeros((players, FIELDS), dtype=np.int64)
    pick = np.zeros(ranged if ranged > 0 else 1, dtype=np.int64)
    items = combos0 * (firsts if firsts > 0 else 1)
    for item in range(start, items, step):
        k0 = item // firsts if split_first else item
        first = item % firsts if split_first else -1
        # Odometer over the other ranges' combos; range 0's combo is k0.
        for r in range(ranged):
            pick[r] = offsets[r]
        if ranged > 0:
            pick[0] = offsets[0] + k0
        while True:
            taken = _ZERO
            clash = False
            weight = 1.0
            for p in range(players):
                keys[p] = base_keys[p]
                bits[p] = base_bits[p]
            for r in range(ranged):
                k = pick[r]
                mask = combo_masks[k]
                if taken & mask:
                    clash = True
                taken |= mask
                p = range_players[r]
                keys[p] += combo_keys[k]
                bits[p] |= combo_bits[k]
                if r > 0:
                    weight *= combo_weights[k]
            if not clash:
                n = 0
                for i in range(free.shape[0]):
                    if not taken & (_ONE << _U64(free[i])):
                        pool[n] = free[i]
                        n += 1
                for p in range(players):
                    for f in range(FIELDS):
                        counts[p, f] = 0
                deals = _deal_all(keys, bits, pool, sizes, owners, first, ranking, shares, counts)
                for p in range(players):
                    for f in range(FIELDS):
                        by_combo[k0, p, f] += weight * counts[p, f]
                weighted[k0] += weight * deals
            # Next choice of the other ranges' combos (the last range moves fastest).
            r = ranged - 1
            while r >= 1:
                pick[r] += 1
                if pick[r] < offsets[r + 1]:
                    break
                pick[r] = offsets[r]
                r -= 1
            if r < 1:
                break
    return by_combo, weighted


_I64 = t.int64
_U = t.uint64
_VEC_U = t.Array(t.uint64, 1, "C")
_VEC_I = t.Array(t.int64, 1, "C")
_VEC_F = t.Array(t.float64, 1, "C")

_ARR = {
    (dtype, ndim): t.Array(dtype, ndim, "C")
    for dtype in (t.int64, t.uint64, t.float64, t.uint8)
    for ndim in (1, 2, 3)
}

#: The one signature each compiled kernel is compiled for (the Python functions of the same
#: name pass exactly these types).
# fmt: off
SIGNATURES: Final[dict[str, Any]] = {
    "random_below": _VEC_I(_VEC_U, _I64, _I64),
    "general_monte_carlo": _I64(
        _VEC_U, _VEC_U, _U, _VEC_I, _VEC_I, _VEC_I, _VEC_I, _VEC_U, _VEC_U, _VEC_U, _VEC_F,
        _VEC_I, _I64, _VEC_I, _VEC_I, _ARR[t.uint64, 2], _I64,
        _ARR[t.int64, 2], _ARR[t.int64, 3], _ARR[t.uint8, 2], _ARR[t.uint64, 2], _VEC_I, _VEC_I,
    ),
    "heads_up": _I64(
        _VEC_U, _VEC_U, _U, _VEC_I, _VEC_I, _VEC_I, _VEC_U, _VEC_U, _VEC_U, _VEC_F, _VEC_I,
        _I64, _VEC_I, _VEC_I, _ARR[t.uint64, 2], _ARR[t.int64, 2], _ARR[t.uint8, 2],
    ),
    "enumerate_exact": t.Tuple(  # type: ignore[no-untyped-call]
        (_ARR[t.float64, 3], _VEC_F)
    )(
        _VEC_U, _VEC_U, _VEC_I, _VEC_I, _VEC_I, _VEC_I, _VEC_I, _VEC_U, _VEC_U, _VEC_U, _VEC_F,
        _I64, _VEC_I, t.boolean, _I64, _I64,
    ),
}
# fmt: on

#: The compiled kernels' Python bodies, and the Python functions that call them.
_PYTHON: Final = {
    "random_below": random_below,
    "general_monte_carlo": _monte_carlo,
    "heads_up": _heads_up,
    "enumerate_exact": enumerate_exact,
}
#: The dispatchers (compiled on first use, by :func:`entry`, for their signature only).
DISPATCHERS: Final = {name: nb.njit(**_OPTIONS)(function) for name, function in _PYTHON.items()}


@cache
def entry(name: str) -> Any:
    """The compiled entry point of kernel ``name`` for its signature in :data:`SIGNATURES`
    (compiled, or loaded from numba's disk cache, on the first call for that kernel only), or
    for ``monte_carlo``, whose kernels take their arrays from their caller, :func:`monte_carlo`
    itself, which makes them and calls the kernel the problem needs.

    Calling it skips the dispatcher's type resolution and never compiles a second version: the
    caller passes exactly the signature's types (C-contiguous arrays of its dtypes; the entry
    point does not convert them).

    >>> draw = entry("random_below")
    >>> sorted(set(draw(np.array([5, 6, 7, 8], np.uint64), 3, 1000).tolist()))
    [0, 1, 2]

    """
    if name == "monte_carlo":
        return monte_carlo
    return DISPATCHERS[name].compile(SIGNATURES[name])
