"""The numba kernels of the equity calculator: a seeded generator, Monte Carlo and enumeration.

A problem is a *template*: each player's seven cards, each either a known card (an index
0..51) or a *slot* ``-(s + 1)`` filled for every deal. Slots ``0 .. 2R-1`` hold the hole cards
of the R players given as ranges (one weighted combo each per deal); the others are dealt from
the cards nobody holds. A board card is one slot that several players' rows share.

Why it looks the way it does:

* The generator is xoshiro256** written out here, one state per chunk of trials: numba's own
  ``np.random`` keeps one state per thread, so a parallel run would depend on how the chunks
  met the threads. Here a chunk's result depends only on its seed, and the chunks' sums are
  the same serially, on threads, on a process pool or on a cluster.
* Shares of a split pot are counted in units of ``lcm(1..players)``, in integers: the sums are
  exact and do not depend on the order they are added in.
* Dealing is a partial Fisher-Yates shuffle of the free cards, which leaves the array a
  permutation: no reset between deals when no range takes cards away.
"""

from __future__ import annotations

from typing import Any, Final

import numba as nb
import numpy as np
from numpy.typing import NDArray

from cartes.evaluation.kernels import (
    _FLAG_SHIFT,
    _START,
    _SUIT_FLAGS,
    CARD_BITS,
    CARD_KEYS,
    _flush_strength,
    _rank_strength,
)

_OPTIONS: Final[dict[str, Any]] = {"cache": True, "nogil": True, "error_model": "numpy"}

#: The integer counts each deal adds per player: sole wins, ties, pot share (in units), squared.
WIN, TIE, SHARE, SHARE2 = 0, 1, 2, 3
FIELDS: Final = 4

_U64 = np.uint64


@nb.njit(inline="always", **_OPTIONS)
def _rotl(x: np.uint64, k: int) -> np.uint64:
    return (x << _U64(k)) | (x >> _U64(64 - k))


@nb.njit(inline="always", **_OPTIONS)
def _next(state: NDArray[np.uint64]) -> np.uint64:
    """xoshiro256** (Blackman and Vigna): the next 64 random bits."""
    result = _rotl(state[1] * _U64(5), 7) * _U64(9)
    t = state[1] << _U64(17)
    state[2] ^= state[0]
    state[3] ^= state[1]
    state[1] ^= state[2]
    state[0] ^= state[3]
    state[2] ^= t
    state[3] = _rotl(state[3], 45)
    return result


@nb.njit(inline="always", **_OPTIONS)
def _below(state: NDArray[np.uint64], n: int) -> int:
    """A uniform integer in ``0 .. n-1`` (n < 2**32), unbiased (Lemire's method)."""
    bound = _U64(n)
    product = (_next(state) >> _U64(32)) * bound
    low = product & _U64(0xFFFFFFFF)
    if low < bound:
        threshold = (_U64(0x100000000) - bound) % bound
        while low < threshold:
            product = (_next(state) >> _U64(32)) * bound
            low = product & _U64(0xFFFFFFFF)
    return int(product >> _U64(32))


@nb.njit(**_OPTIONS)
def random_below(state: NDArray[np.uint64], n: int, count: int) -> NDArray[np.int64]:
    """``count`` draws of :func:`_below` (for testing the generator from Python).

    >>> state = np.array([1, 2, 3, 4], dtype=np.uint64)
    >>> draws = random_below(state, 6, 1000)
    >>> int(draws.min()), int(draws.max())
    (0, 5)
    """
    out = np.empty(count, dtype=np.int64)
    for i in range(count):
        out[i] = _below(state, n)
    return out


@nb.njit(inline="always", **_OPTIONS)
def _card(template: NDArray[np.int64], slots: NDArray[np.int64], p: int, j: int) -> int:
    c = template[p, j]
    return c if c >= 0 else slots[-c - 1]


@nb.njit(inline="always", **_OPTIONS)
def _score(
    template: NDArray[np.int64],
    slots: NDArray[np.int64],
    shared: int,
    ranking: int,
    strengths: NDArray[np.int64],
    counts: NDArray[np.int64],
    unit: int,
) -> None:
    """Evaluate every player's seven cards and add this deal's result. The last ``shared``
    columns (a board) are the same for every player: their keys are summed once."""
    players = template.shape[0]
    own = 7 - shared
    board_key = _START
    board_bits = _U64(0)
    for j in range(own, 7):
        c = _card(template, slots, 0, j)
        board_key += CARD_KEYS[c]
        board_bits |= CARD_BITS[c]
    best = -1
    for p in range(players):
        key = board_key
        bits = board_bits
        for j in range(own):
            c = _card(template, slots, p, j)
            key += CARD_KEYS[c]
            bits |= CARD_BITS[c]
        s = int(_rank_strength(key, ranking))
        flags = (key >> _FLAG_SHIFT) & _SUIT_FLAGS
        if flags:
            flush = int(_flush_strength(flags, bits, ranking))
            if flush > s:
                s = flush
        strengths[p] = s
        if s > best:
            best = s
    tied = 0
    for p in range(players):
        if strengths[p] == best:
            tied += 1
    share = unit // tied
    for p in range(players):
        if strengths[p] == best:
            if tied == 1:
                counts[p, WIN] += 1
            else:
                counts[p, TIE] += 1
            counts[p, SHARE] += share
            counts[p, SHARE2] += share * share


@nb.njit(inline="always", **_OPTIONS)
def _pick(cumulative: NDArray[np.float64], start: int, stop: int, u: float) -> int:
    """The combo whose cumulative weight first exceeds ``u`` (a binary search)."""
    lo, hi = start, stop - 1
    while lo < hi:
        mid = (lo + hi) // 2
        if cumulative[mid] > u:
            hi = mid
        else:
            lo = mid + 1
    return lo


@nb.njit(**_OPTIONS)
def _mc_chunk(
    template: NDArray[np.int64],
    shared: int,
    free: NDArray[np.int64],
    dealt: int,
    combos: NDArray[np.int64],
    cumulative: NDArray[np.float64],
    offsets: NDArray[np.int64],
    ranking: int,
    trials: int,
    state: NDArray[np.uint64],
    unit: int,
    counts: NDArray[np.int64],
) -> int:
    """Play ``trials`` random deals into ``counts``; return the number of range draws rejected
    because two players' combos (or a combo and a known card) shared a card."""
    players = template.shape[0]
    ranged = offsets.shape[0] - 1
    slots = np.empty(2 * ranged + dealt, dtype=np.int64)
    strengths = np.empty(players, dtype=np.int64)
    deck = free.copy()
    pool = np.empty_like(free)
    base = 2 * ranged
    rejected = 0
    done = 0
    while done < trials:
        if ranged == 0:
            n = deck.shape[0]
            for i in range(dealt):
                j = i + _below(state, n - i)
                card = deck[j]
                deck[j] = deck[i]
                deck[i] = card
                slots[base + i] = card
        else:
            taken = np.uint64(0)
            clash = False
            for r in range(ranged):
                start, stop = offsets[r], offsets[r + 1]
                total = cumulative[stop - 1]
                u = (_next(state) >> _U64(11)) * (1.0 / 9007199254740992.0) * total
                k = _pick(cumulative, start, stop, u)
                for h in range(2):
                    card = combos[k, h]
                    bit = _U64(1) << _U64(card)
                    if taken & bit:
                        clash = True
                    taken |= bit
                    slots[2 * r + h] = card
            if clash:
                rejected += 1
                continue
            n = 0
            for i in range(free.shape[0]):
                card = free[i]
                if not taken & (_U64(1) << _U64(card)):
                    pool[n] = card
                    n += 1
            for i in range(dealt):
                j = i + _below(state, n - i)
                card = pool[j]
                pool[j] = pool[i]
                pool[i] = card
                slots[base + i] = card
        _score(template, slots, shared, ranking, strengths, counts, unit)
        done += 1
    return rejected


@nb.njit(parallel=True, **_OPTIONS)
def monte_carlo(
    template: NDArray[np.int64],
    shared: int,
    free: NDArray[np.int64],
    dealt: int,
    combos: NDArray[np.int64],
    cumulative: NDArray[np.float64],
    offsets: NDArray[np.int64],
    ranking: int,
    trials: NDArray[np.int64],
    states: NDArray[np.uint64],
    unit: int,
) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """Run each chunk ``c`` (``trials[c]`` deals from seed ``states[c]``) on the thread pool;
    return each chunk's counts ``(chunks, players, FIELDS)`` and rejections."""
    chunks = trials.shape[0]
    counts = np.zeros((chunks, template.shape[0], FIELDS), dtype=np.int64)
    rejected = np.zeros(chunks, dtype=np.int64)
    for c in nb.prange(chunks):
        state = states[c].copy()
        rejected[c] = _mc_chunk(
            template, shared, free, dealt, combos, cumulative, offsets, ranking, trials[c], state,
            unit, counts[c],
        )  # fmt: skip
    return counts, rejected


@nb.njit(**_OPTIONS)
def _next_combo(idx: NDArray[np.int64], start: int, k: int, n: int, keep_first: bool) -> bool:
    """Advance ``idx[start:start+k]`` to the next k-combination of ``0..n-1``; False when it
    was the last (or, with ``keep_first``, when the first element would have to move)."""
    i = k - 1
    while i >= 0 and idx[start + i] == n - k + i:
        i -= 1
    if i < 0 or (keep_first and i == 0):
        return False
    idx[start + i] += 1
    for m in range(i + 1, k):
        idx[start + m] = idx[start + m - 1] + 1
    return True


@nb.njit(**_OPTIONS)
def _enumerate_from(
    template: NDArray[np.int64],
    shared: int,
    free: NDArray[np.int64],
    sizes: NDArray[np.int64],
    base: int,
    slots_in: NDArray[np.int64],
    ranking: int,
    unit: int,
    first: int,
    counts: NDArray[np.int64],
) -> None:
    """Every deal whose first group's first card is ``free[first]``, into ``counts``.

    Groups (``sizes``) are filled in order, each from the cards that no earlier group took;
    within a group a card set comes once (as a combination), so every deal has weight one.
    """
    groups = sizes.shape[0]
    players = template.shape[0]
    slots = slots_in.copy()
    strengths = np.empty(players, dtype=np.int64)
    starts = np.zeros(groups + 1, dtype=np.int64)
    for g in range(groups):
        starts[g + 1] = starts[g] + sizes[g]
    idx = np.zeros(starts[groups], dtype=np.int64)
    pools = np.empty((groups, free.shape[0]), dtype=np.int64)
    pool_len = np.zeros(groups, dtype=np.int64)

    g = 0
    while True:
        # (Re)build group g's pool and put its combination first, then the groups after it.
        if g == 0:
            for i in range(free.shape[0]):
                pools[0, i] = free[i]
            pool_len[0] = free.shape[0]
            idx[0] = first
            for m in range(1, sizes[0]):
                idx[m] = first + m
            if first + sizes[0] > pool_len[0]:
                return
        else:
            prev = g - 1
            taken = np.uint64(0)
            for m in range(sizes[prev]):
                taken |= _U64(1) << _U64(pools[prev, idx[starts[prev] + m]])
            n = 0
            for i in range(pool_len[prev]):
                card = pools[prev, i]
                if not taken & (_U64(1) << _U64(card)):
                    pools[g, n] = card
                    n += 1
            pool_len[g] = n
            for m in range(sizes[g]):
                idx[starts[g] + m] = m
        for m in range(sizes[g]):
            slots[base + starts[g] + m] = pools[g, idx[starts[g] + m]]
        if g + 1 < groups:
            g += 1
            continue
        # All groups placed: score, then advance the innermost group that can move.
        while True:
            _score(template, slots, shared, ranking, strengths, counts, unit)
            h = groups - 1
            while h >= 0 and not _next_combo(idx, starts[h], sizes[h], pool_len[h], h == 0):
                h -= 1
            if h < 0:
                return
            for m in range(sizes[h]):
                slots[base + starts[h] + m] = pools[h, idx[starts[h] + m]]
            if h + 1 < groups:
                g = h + 1
                break


@nb.njit(parallel=True, **_OPTIONS)
def enumerate_all(
    template: NDArray[np.int64],
    shared: int,
    free: NDArray[np.int64],
    sizes: NDArray[np.int64],
    base: int,
    slots: NDArray[np.int64],
    ranking: int,
    unit: int,
    threads: int,
) -> NDArray[np.int64]:
    """Every deal of the free cards into the groups of slots (``sizes``, all > 0), split
    round-robin over ``threads`` by the first group's first card; the summed counts."""
    players = template.shape[0]
    counts = np.zeros((threads, players, FIELDS), dtype=np.int64)
    if sizes.shape[0] == 0:
        strengths = np.empty(players, dtype=np.int64)
        _score(template, slots, shared, ranking, strengths, counts[0], unit)
        return counts[0]
    firsts = free.shape[0] - sizes[0] + 1
    for t in nb.prange(threads):
        for f in range(t, firsts, threads):
            _enumerate_from(template, shared, free, sizes, base, slots, ranking, unit, f, counts[t])
    return counts.sum(axis=0)
