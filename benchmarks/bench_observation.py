"""What an observation costs, now (each viewer's redacted history pushed to it as events are
recorded, :mod:`cartes.games.hand`) against the history redacted from scratch on every call
(the state's own observation from a copy that has no views yet: ``scratch_observation``), in
the same run.

* one call on a mid-hand 6-player stud, calatone and 7½ state, cycling through the seats and
  the spectator (every call after the first per viewer finds its history redacted already);
* the first call on a fresh clone of that state (what a search that clones and observes pays:
  the clone takes over its original's redactions);
* whole hands played by an agent that asks for its observation every turn (``SimpleAgent`` in
  stud and calatone, ``ThresholdAgent`` in 7½).

Run with ``pytest benchmarks/bench_observation.py`` (pytest-benchmark), or ``python
benchmarks/bench_observation.py`` for a plain table with the ratios.
"""

from __future__ import annotations

import copy
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from cartes.games import Bet, Calatone, Game, SevenCardStud, SieteYMedio, State
from cartes.games.contract import Observation
from cartes.play import CallingStation, SeatView, SimpleAgent, ThresholdAgent

PLAYERS = 6
HANDS = 100

Observe = Callable[[State, "int | None"], Observation]


def new_observation(state: State, seat: int | None) -> Observation:
    return state.observation(seat)


def scratch_observation(state: State, seat: int | None) -> Observation:
    """The observation with every event redacted again: the state's own, from a copy that
    has no views (a copy, like a pickle, leaves them out)."""
    return copy.copy(state).observation(seat)


WAYS: dict[str, Observe] = {"new": new_observation, "scratch": scratch_observation}


def games() -> dict[str, Game]:
    return {
        "stud": SevenCardStud(players=PLAYERS),
        "calatone": Calatone(players=PLAYERS),
        "siete": SieteYMedio(players=PLAYERS),
    }


def mid_hand(name: str) -> State:
    """A 6-player hand half played: stud and calatone on fifth street with everyone still
    in, 7½ with half the punters done."""
    game = games()[name]
    state = game.start(seed=11)
    if name == "siete":
        agent = ThresholdAgent()
        while state.to_act in state.order[: PLAYERS // 2]:  # type: ignore[attr-defined]
            state.apply(agent.act(SeatView(state, state.to_act)))
    else:
        station = CallingStation()
        while state.street < 5:  # type: ignore[attr-defined]
            legal = state.legal_actions()
            bets = [a for a in legal if isinstance(a, Bet)]  # (calatone stops if all pass)
            state.apply(bets[0].choose() if bets else station.act(SeatView(state, state.to_act)))
    assert not state.is_terminal
    return state


def per_call(state: State, observe: Observe, calls: int) -> int:
    viewers = [None, *range(PLAYERS)]
    for number in range(calls):
        observe(state, viewers[number % len(viewers)])
    return calls


def clone_and_observe(state: State, observe: Observe, calls: int) -> int:
    for number in range(calls):
        observe(state.clone(), number % PLAYERS)
    return calls


def agent_hands(name: str, observe: Observe, count: int, seed: int = 0) -> int:
    """Hands played to the end, the agent handed the seat's observation every turn."""
    game = games()[name]
    agent: Any = ThresholdAgent() if name == "siete" else SimpleAgent()
    rng = np.random.default_rng(seed)
    for number in range(count):
        state = game.start(rng, button=number % PLAYERS)
        while not state.is_terminal:
            seat = state.to_act
            assert seat is not None
            state.apply(agent.act(SeatView.of(observe(state, seat))))
    return count


@pytest.mark.parametrize("way", list(WAYS))
@pytest.mark.parametrize("name", ["stud", "calatone", "siete"])
def test_observation_per_call(benchmark: Any, name: str, way: str) -> None:
    state = mid_hand(name)
    benchmark.extra_info["calls_per_round"] = 700
    assert benchmark(per_call, state, WAYS[way], 700) == 700


@pytest.mark.parametrize("way", list(WAYS))
@pytest.mark.parametrize("name", ["stud", "calatone", "siete"])
def test_observation_of_a_fresh_clone(benchmark: Any, name: str, way: str) -> None:
    state = mid_hand(name)
    per_call(state, new_observation, 7)  # the original has observed every viewer
    benchmark.extra_info["calls_per_round"] = 200
    assert benchmark(clone_and_observe, state, WAYS[way], 200) == 200


@pytest.mark.parametrize("way", list(WAYS))
@pytest.mark.parametrize("name", ["stud", "calatone", "siete"])
def test_agent_hands_observing_every_turn(benchmark: Any, name: str, way: str) -> None:
    agent_hands(name, WAYS[way], 10)  # warm up (the evaluator's compiled kernels load once)
    benchmark.extra_info["hands_per_round"] = HANDS
    assert benchmark.pedantic(agent_hands, args=(name, WAYS[way], HANDS), rounds=3,
                              iterations=1) == HANDS


def compare(run: Callable[[Observe], int], repeat: int = 7) -> tuple[float, float]:
    """Seconds per unit of work, new and from scratch, each the best of ``repeat`` runs taken in
    turns (so that a busy spell on a shared machine hits both alike)."""
    new, old = [], []
    for _ in range(repeat):
        for way, times in ((new_observation, new), (scratch_observation, old)):
            start = time.perf_counter()
            units = run(way)
            times.append((time.perf_counter() - start) / units)
    return min(new), min(old)


if __name__ == "__main__":
    for name in ("stud", "calatone", "siete"):
        agent_hands(name, new_observation, 20)
        state = mid_hand(name)
        per_call(state, new_observation, 7)
        rows = [
            ("observation per call (us)", 1e6, lambda o, s=state: per_call(s, o, 3500)),
            ("first call on a clone (us)", 1e6,
             lambda o, s=state: clone_and_observe(s, o, 1000)),
            ("agent hand, observing each turn (ms)", 1e3,
             lambda o, n=name: agent_hands(n, o, 200)),
        ]
        print(f"{name}: {len(state.history)} events mid-hand")
        for label, scale, run in rows:
            new, old = compare(run)
            print(f"  {label:38} new {new * scale:8.2f}  scratch {old * scale:8.2f}"
                  f"  scratch/new {old / new:5.2f}x")
