"""The Monte Carlo's heads-up loop (``_kernels._heads_up``: both hands and the generator in
registers) against the general loop on the same seeds: every count equal, on boards from
preflop to the river, known hands and ranges either side (or a hand dealt at random),
weighted ranges, dead cards, stud's own cards, both rankings, chunks of any size."""

from __future__ import annotations

import sys

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from cartes.analysis import _kernels

equity_module = sys.modules["cartes.analysis.equity"]

KNOWN = ["As Ah", "Kd Kc", "8c 6c", "4s 4d"]
RANGES = ["QQ+, AKs, JTs", "22+", "50%(AKo), KQs", "T9s, 0.3(65s)", ""]  # "": dealt at random
DEAD = [None, "Kh 5c", "Ac"]
BOARDS = ["", "Qs Jd 2c", "Qs Jd 2c 7h", "Qs Jd 2c 7h 3s", "9h Th Jh"]
STUD = [["As Ad Kc", "7h 8h 9h"], ["Qc Qs 2d 5h", "Jd Tc"], ["", "3h 3c Kh Ks 4d"], ["", ""]]


def counts(keyed, trials: int, seed: int, general: bool):
    sizes = equity_module._chunk_trials(trials)
    states = equity_module._seeds(seed, len(sizes))
    return _kernels.monte_carlo(
        keyed.base_keys, keyed.base_bits, np.uint64(keyed.taken), keyed.free, keyed.owners,
        keyed.range_players, keyed.offsets, keyed.combo_keys, keyed.combo_bits,
        keyed.combo_masks, keyed.alias_prob, keyed.alias_index, keyed.ranking, keyed.shares,
        sizes, states, -1, general=general,
    )  # fmt: skip


def same_either_way(problem, trials: int, seed: int) -> None:
    keyed = equity_module._keyed(problem)
    fast, _, fast_rejected = counts(keyed, trials, seed, False)
    general, _, general_rejected = counts(keyed, trials, seed, True)
    assert fast.tolist() == general.tolist()
    assert fast_rejected == general_rejected
    assert fast[:, 0].sum() + fast[0, 1] == trials  # each deal won by one or tied by both


@settings(max_examples=40, deadline=None)
@given(
    known=st.sampled_from(KNOWN),
    other=st.sampled_from(KNOWN + RANGES),
    known_first=st.booleans(),
    board=st.sampled_from(BOARDS),
    dead=st.sampled_from(DEAD),
    ranking=st.sampled_from(["standard", "calatone"]),
    trials=st.integers(1, 3000),
    seed=st.integers(0, 2**32),
)
def test_heads_up_counts_equal_the_general_loop(
    known, other, known_first, board, dead, ranking, trials, seed
) -> None:
    if other == known:
        other = RANGES[0]
    if dead is not None and any(card in f"{known} {other} {board}" for card in dead.split()):
        dead = None
    hands = [known, other] if known_first else [other, known]
    same_either_way(equity_module._board_problem(hands, board, dead, ranking), trials, seed)


@settings(max_examples=12, deadline=None)
@given(
    players=st.sampled_from(STUD),
    ranking=st.sampled_from(["standard", "calatone"]),
    trials=st.integers(1, 3000),
    seed=st.integers(0, 2**32),
)
def test_heads_up_stud_counts_equal_the_general_loop(players, ranking, trials, seed) -> None:
    same_either_way(equity_module._seven_problem(players, None, ranking), trials, seed)


def test_the_heads_up_loop_spans_chunks() -> None:
    """Two chunks and a part: each chunk starts from its own seed and fresh decks."""
    problem = equity_module._board_problem(["As Ah", "QQ+, AKs, JTs"], "Qs Jd 2c", None, "standard")
    same_either_way(problem, 2 * equity_module.CHUNK + 17, 5)
