"""The same seed gives the same result serially, on a process pool and on a Dask cluster."""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor

import numpy as np
import pytest

import cartes
from cartes.analysis import (
    SerialExecutor,
    category_counts,
    equity,
    evaluate_dask,
    hand_equities,
    seed_sequence,
    seven_card_equity,
)
from cartes.analysis.executors import SIMULATE_BLOCK, split_evenly
from cartes.errors import (
    HandSizeError,
    InvalidCardError,
    OptionError,
    SeedError,
    UnknownRankingError,
)
from cartes.games import SevenCardStud
from cartes.play import (
    CallingStation,
    RandomAgent,
    SimpleAgent,
    play_hand,
    simulate,
    simulate_split,
)


@pytest.fixture(scope="module")
def pool() -> Iterator[Executor]:
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as executor:
        yield executor


@pytest.fixture(scope="module")
def fork_pool() -> Iterator[Executor]:
    # Forked from this process, which has run numba's thread pool (issue 23.1: now safe).
    cartes.evaluate_many(cartes.random_hands(20_000, 7, seed=1), threads=True)
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("fork")) as executor:
        yield executor


@pytest.fixture(scope="module")
def dask_executor() -> Iterator[Executor | None]:
    """A Dask cluster's executor, or None without the dask extra (those checks are skipped)."""
    try:
        import distributed
    except ImportError:
        yield None
        return
    # Two workers as threads of this process (processes=False): a cluster of two worker
    # processes costs about 10 s more here, so it runs once, among the slow tests (below).
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        yield client.get_executor()


def executors(pool: Executor, dask_executor: Executor | None) -> list[Executor]:
    found = [SerialExecutor(), ThreadPoolExecutor(3), pool, dask_executor]
    return [e for e in found if e is not None]


def test_simulate_is_the_same_on_every_executor(
    pool: Executor, dask_executor: Executor | None
) -> None:
    game = SevenCardStud(players=3)
    agents = [RandomAgent(1), SimpleAgent(), CallingStation()]
    hands = 2 * SIMULATE_BLOCK + 17  # three blocks, the last one short
    results = [simulate(game, agents, hands, seed=9, executor=e)
               for e in executors(pool, dask_executor)]
    for other in results[1:]:
        np.testing.assert_array_equal(results[0], other)
    assert results[0].shape == (hands, 3)
    assert (results[0].sum(axis=1) == 0).all()
    # A different seed, a different run; blocks are not copies of one another.
    assert not (simulate(game, agents, hands, seed=10, executor=SerialExecutor())
                == results[0]).all()
    first, second = results[0][:SIMULATE_BLOCK], results[0][SIMULATE_BLOCK : 2 * SIMULATE_BLOCK]
    assert not (first == second).all()
    # The agents given are not changed by a split run.
    assert agents[0].rng.integers(1000) == RandomAgent(1).rng.integers(1000)


def test_simulate_without_executor_is_unchanged() -> None:
    game, agents = SevenCardStud(players=2), [CallingStation(), SimpleAgent()]
    assert simulate(game, agents, 0, seed=1, executor=SerialExecutor()).shape == (0, 2)
    one = simulate(game, agents, 30, seed=4)
    assert (one == simulate(game, agents, 30, seed=4)).all()


def test_equity_monte_carlo_is_the_same_on_every_executor(
    pool: Executor, fork_pool: Executor, dask_executor: Executor | None
) -> None:
    hands, board = ["Ah Kh", "QQ+, AKs", ""], "Qh 9h"
    serial = equity(hands, board=board, exact=False, trials=300_000, seed=21)
    by_hand = hand_equities(hands, board=board, player=1, exact=False, trials=300_000, seed=21)
    for executor in [*executors(pool, dask_executor), fork_pool]:
        assert equity(hands, board=board, exact=False, trials=300_000, seed=21,
                      executor=executor) == serial
        assert hand_equities(hands, board=board, player=1, exact=False, trials=300_000,
                             seed=21, executor=executor) == by_hand
    for threads in (1, 2, 3):
        assert equity(hands, board=board, exact=False, trials=300_000, seed=21,
                      threads=threads) == serial
    stud = seven_card_equity(["As Ad Kc", "7h 8h 9h", "Qc Qs 2d"], exact=False,
                             trials=100_000, seed=3, ranking="calatone")
    assert seven_card_equity(["As Ad Kc", "7h 8h 9h", "Qc Qs 2d"], exact=False,
                             trials=100_000, seed=3, ranking="calatone", executor=pool) == stud


@pytest.mark.parametrize("ranking", ["standard", "calatone"])
def test_category_sweep_on_executors_matches_the_library(
    ranking: str, pool: Executor, dask_executor: Executor | None
) -> None:
    expected = cartes.category_counts(7, ranking)
    assert category_counts(7, ranking, executor=pool) == expected
    if dask_executor is not None:
        assert category_counts(7, ranking, executor=dask_executor) == expected
    assert category_counts(5, ranking, executor=SerialExecutor()) == cartes.category_counts(
        5, ranking
    )
    assert category_counts(6, ranking) == cartes.category_counts(6, ranking)


def test_evaluate_dask_matches_evaluate_many(dask_executor: Executor | None) -> None:
    da = pytest.importorskip("dask.array")
    rows = cartes.random_hands(5000, k=6, seed=2)
    hands = da.from_array(rows, chunks=(700, 3))  # chunks split the columns too
    for ranking in ("standard", "calatone"):
        lazy = evaluate_dask(hands, ranking)
        assert lazy.shape == (5000,)
        assert lazy.dtype == np.uint16
        np.testing.assert_array_equal(lazy.compute(), cartes.evaluate_many(rows, ranking))
    bad = da.from_array(np.array([[1, 1, 2, 3, 4]]), chunks=(1, 5))
    with pytest.raises(cartes.errors.DuplicateCardError, match="repeated card"):
        evaluate_dask(bad).compute()
    with pytest.raises(HandSizeError, match="shape"):
        evaluate_dask(da.zeros((3, 4), dtype=np.uint8))
    with pytest.raises(OptionError, match="dask array"):
        evaluate_dask(rows)


def test_progress_bar_and_bad_executors(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("tqdm")
    counts = category_counts(7, executor=SerialExecutor(), progress="sweep")
    assert sum(counts.values()) == 133_784_560
    assert "sweep" in capsys.readouterr().err
    with pytest.raises(OptionError, match=r"concurrent\.futures\.Executor"):
        simulate_split(SevenCardStud(), [CallingStation()] * 2, 5, 1, "pool")  # type: ignore[arg-type]
    with pytest.raises(UnknownRankingError, match="built-in"):
        category_counts(7, cartes.Ranking("mine", list(cartes.STANDARD.categories)[1:]),
                        executor=SerialExecutor())
    with pytest.raises(HandSizeError, match="5, 6 or 7"):
        category_counts(4, executor=SerialExecutor())


def test_seeds_and_splits() -> None:
    assert seed_sequence(5).entropy == 5
    root = np.random.SeedSequence(3)
    assert seed_sequence(root) is root
    with pytest.raises(SeedError):
        seed_sequence(-2)
    parts = split_evenly(10, ThreadPoolExecutor(2))
    assert [i for part in parts for i in range(10)[part]] == list(range(10))
    assert split_evenly(1, SerialExecutor()) == [slice(0, 1)]


@pytest.mark.slow
def test_a_cluster_of_two_worker_processes_gives_the_serial_result() -> None:
    distributed = pytest.importorskip("distributed")
    hands, board = ["Ah Kh", "QQ+, AKs", ""], "Qh 9h"
    serial = equity(hands, board=board, exact=False, trials=300_000, seed=21)
    game, agents = SevenCardStud(players=3), [RandomAgent(1), SimpleAgent(), CallingStation()]
    expected = simulate(game, agents, 600, seed=2, executor=SerialExecutor())
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        executor = client.get_executor()
        assert equity(hands, board=board, exact=False, trials=300_000, seed=21,
                      executor=executor) == serial
        np.testing.assert_array_equal(
            simulate(game, agents, 600, seed=2, executor=executor), expected
        )
        assert category_counts(7, "calatone", executor=executor) == cartes.category_counts(
            7, "calatone"
        )


def test_evaluate_many_takes_a_dask_array_chunk_by_chunk() -> None:
    """Issue 12: evaluate_many itself accepts a Dask array and gives a lazy one."""
    da = pytest.importorskip("dask.array")
    rows = cartes.random_hands(2_000, 7, seed=4)
    lazy = cartes.evaluate_many(da.from_array(rows, chunks=(300, 3)), "calatone")
    assert type(lazy).__module__.startswith("dask")
    assert np.array_equal(lazy.compute(), cartes.evaluate_many(rows, "calatone"))
    bad = rows.copy()
    bad[1_000, 2] = 99
    with pytest.raises(InvalidCardError, match="outside 0-51"):
        cartes.evaluate_many(da.from_array(bad, chunks=(500, 7))).compute()
    with pytest.raises(HandSizeError):
        cartes.evaluate_many(da.from_array(rows[:, :4], chunks=(500, 4)))


def test_simulate_depends_on_the_seed_only_not_on_what_the_agents_did_before() -> None:
    """Each block gets fresh copies of the agents with generators of their own: choices a
    RandomAgent drew earlier (it draws them in batches) must not leak into the blocks."""
    game = SevenCardStud(players=2)

    def run(used: bool) -> np.ndarray:
        agents = [RandomAgent(1), RandomAgent(2)]
        if used:
            play_hand(game, agents, seed=0)
        return simulate(game, agents, 2 * SIMULATE_BLOCK, seed=7, executor=SerialExecutor())

    assert np.array_equal(run(False), run(True))


def test_a_random_agent_subclass_that_sets_only_its_generator_works() -> None:
    class Mine(RandomAgent):
        def __init__(self, seed: int) -> None:
            self.rng = np.random.default_rng(seed)  # no super().__init__()

    first = play_hand(SevenCardStud(players=2), [Mine(1), Mine(2)], seed=3).payoffs
    again = play_hand(SevenCardStud(players=2), [Mine(1), Mine(2)], seed=3).payoffs
    assert first == again
