"""Running work on a :class:`concurrent.futures.Executor`: serially, on a process pool, or on
a Dask cluster (``distributed.Client(...).get_executor()``).

The rule that makes every split reproducible: work is cut into *blocks* whose number depends
only on the size of the job, each block seeded by its own child of
``numpy.random.SeedSequence(seed).spawn(blocks)``; tasks are groups of blocks; results are
combined in block order. The executor decides where blocks run, never what they compute, so
the same seed gives the same result on :class:`SerialExecutor`, on a pool of any size and on a
cluster.

>>> from cartes.games import SevenCardStud
>>> from cartes.play import CallingStation, RandomAgent, simulate
>>> game, agents = SevenCardStud(players=2), [RandomAgent(1), CallingStation()]
>>> serial = simulate(game, agents, hands=40, seed=5, executor=SerialExecutor())
>>> from concurrent.futures import ThreadPoolExecutor
>>> with ThreadPoolExecutor(2) as pool:
...     pooled = simulate(game, agents, hands=40, seed=5, executor=pool)
>>> bool((serial == pooled).all())
True
"""

from __future__ import annotations

from concurrent.futures import Executor
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from cartes import _parallel, evaluation
from cartes._parallel import (
    SerialExecutor,
    check_executor,
    gather,
    seed_sequence,
    split_evenly,
)
from cartes.errors import OptionError, UnknownRankingError
from cartes.evaluation.rankings import STANDARD, Category, RankingLike, get_ranking
from cartes.evaluation.tables import BUILT_IN, SHIFT

__all__ = [
    "SerialExecutor",
    "category_counts",
    "check_executor",
    "evaluate_dask",
    "gather",
    "seed_sequence",
    "split_evenly",
]

#: Hands in one block of :func:`cartes.play.simulate` run on an executor.
SIMULATE_BLOCK: Final = _parallel.SIMULATE_BLOCK


def _sevens_from_pairs(ranking: int, pairs: NDArray[np.int64]) -> NDArray[np.int64]:
    """The strength histogram of every seven-card hand whose two lowest cards are one of
    ``pairs``."""
    from cartes.evaluation import kernels

    hist = np.zeros(2 * kernels._STRIDE, dtype=np.uint32)
    for a, b in pairs.tolist():
        kernels._count_sevens_from(np.uint64(a), np.uint64(b), ranking, hist)
    half = kernels._BINS
    return hist[:half].astype(np.int64) + hist[kernels._STRIDE : kernels._STRIDE + half]


def _hands_histogram(k: int, ranking: int) -> NDArray[np.int64]:
    from cartes.evaluation import kernels

    result: NDArray[np.int64] = kernels.count_hands(k, ranking)
    return result


def category_counts(
    k: int = 7,
    ranking: RankingLike = STANDARD,
    *,
    executor: Executor | None = None,
    progress: bool | str = False,
) -> dict[Category, int]:
    """:func:`cartes.category_counts` with the sweep split over an executor: seven-card hands
    by their two lowest cards (1,081 blocks), five and six cards as one task. Built-in
    rankings only. The counts are exact and the same on any executor.

    >>> counts = category_counts(7, "calatone", executor=SerialExecutor())
    >>> counts[Category.FIVE_FIGURES], sum(counts.values())
    (1947564, 133784560)
    """
    rules = get_ranking(ranking)
    if executor is None:
        return evaluation.category_counts(k, rules)
    if rules not in BUILT_IN:
        raise UnknownRankingError(
            f"a sweep over an executor runs the built-in rankings ('standard', 'calatone'), "
            f"got {rules.name!r}"
        )
    if type(k) is not int or k not in (5, 6, 7):
        from cartes.errors import HandSizeError

        raise HandSizeError(f"category_counts counts hands of 5, 6 or 7 cards, got k={k!r}")
    pool = check_executor(executor)
    row = BUILT_IN.index(rules)
    if k == 7:
        pairs = np.array([(a, b) for a in range(46) for b in range(a + 1, 47)], dtype=np.int64)
        futures = [
            pool.submit(_sevens_from_pairs, row, pairs[part])
            for part in split_evenly(len(pairs), pool)
        ]
    else:
        futures = [pool.submit(_hands_histogram, k, row)]
    histogram = np.sum(gather(futures, progress), axis=0)
    by_position = histogram.reshape(-1, 1 << SHIFT).sum(axis=1)
    return {c: int(by_position[rules.position(c)]) for c in rules.categories}


def evaluate_dask(hands: Any, ranking: RankingLike = STANDARD) -> Any:
    """:func:`cartes.evaluate_many` on a Dask array of hands ``(n, k)``, chunk by chunk: a
    lazy Dask array of strengths ``(n,)`` (``evaluate_many`` takes Dask arrays itself; this
    also refuses anything else). Each chunk is checked like ``evaluate_many``'s
    input when it is computed. Needs the ``dask`` extra (``pip install 'cartes-games[dask]'``)::

        import dask.array as da
        hands = da.from_array(cartes.random_hands(1000, seed=1), chunks=(250, 7))
        strengths = evaluate_dask(hands, "calatone").compute()

    Anything but a Dask array is refused (``evaluate_many`` takes numpy arrays):

    >>> evaluate_dask(np.zeros((2, 7), np.uint8))
    Traceback (most recent call last):
    ...
    cartes.errors.OptionError: evaluate_dask ...
    """
    try:
        import dask.array as da
    except ImportError as error:  # pragma: no cover - dask is optional
        raise OptionError("evaluate_dask needs dask: pip install 'cartes-games[dask]'") from error
    rules = get_ranking(ranking)
    if not isinstance(hands, da.Array):
        raise OptionError(f"evaluate_dask takes a dask array of hands, got {type(hands).__name__}")
    if hands.ndim != 2 or hands.shape[1] not in (5, 6, 7):
        from cartes.errors import HandSizeError

        raise HandSizeError(
            f"hands must have shape (n, k) with k = 5, 6 or 7 cards, got shape {hands.shape}"
        )
    return evaluation.evaluate_many(hands, rules)  # chunk by chunk, lazily
