"""What the encodings cost per decision, against building the observation they read.

Run with ``pytest benchmarks/bench_encoding.py`` (pytest-benchmark), or ``python
benchmarks/bench_encoding.py`` for a plain table of microseconds per call with each cost as a
ratio to ``state.observation(seat)`` measured in the same run (the machine is shared: read the
ratios, not the times).

The states are the decisions met in random six-handed stud hands (every street, long
histories included), so the numbers are averages over a hand's decisions.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np
import pytest

from cartes.games import SevenCardStud
from cartes.games.encoding import encoding

PLAYERS = 6


def decisions(hands: int = 30, seed: int = 0) -> list:
    """(state, seat) at every decision of random hands (states cloned as they were)."""
    game = SevenCardStud(players=PLAYERS)
    rng = np.random.default_rng(seed)
    found = []
    for _ in range(hands):
        state = game.start(int(rng.integers(2**31)))
        while not state.is_terminal:
            found.append((state.clone(), state.to_act))
            legal = state.legal_actions()
            state.apply(legal[int(rng.integers(len(legal)))])
    return found


ENC = encoding(SevenCardStud(players=PLAYERS))
POINTS = decisions()
OBSERVATIONS = [state.observation(seat) for state, seat in POINTS]

CASES: dict[str, Callable[[], object]] = {
    "observation (baseline)": lambda: [s.observation(seat) for s, seat in POINTS],
    "legal_action_mask": lambda: [ENC.legal_action_mask(o) for o in OBSERVATIONS],
    "observation_tensor": lambda: [ENC.observation_tensor(o) for o in OBSERVATIONS],
    "information_state_key": lambda: [ENC.information_state_key(o) for o in OBSERVATIONS],
    "observation_string": lambda: [ENC.observation_string(o) for o in OBSERVATIONS],
}


@pytest.mark.parametrize("case", list(CASES))
def test_encoding_costs(benchmark, case):
    benchmark(CASES[case])


def main() -> None:
    timings = {}
    for name, run in CASES.items():
        best = min(_timed(run) for _ in range(5))
        timings[name] = best / len(POINTS) * 1e6
    base = timings["observation (baseline)"]
    print(f"{len(POINTS)} decisions of random {PLAYERS}-handed stud hands")
    print(f"{'call':<26}{'us per call':>12}{'x observation':>15}")
    for name, micro in timings.items():
        print(f"{name:<26}{micro:>12.1f}{micro / base:>15.2f}")


def _timed(run: Callable[[], object]) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


if __name__ == "__main__":
    main()
