"""Random seven-card stud hands per second: cartes against pokerkit, in the same run; and
random calatone hands per second beside cartes' stud (no other library plays calatone).

Run with ``pytest benchmarks/bench_games.py`` (pytest-benchmark), or ``python
benchmarks/bench_games.py`` for a plain hands-per-second table with the ratio. pokerkit is
optional: its benchmark skips when it is not installed (it is not a dependency of cartes).

Both sides play the same game (ante 1, bring-in 2, 5/10 fixed limit, stacks of 200) with a
uniform random agent over the legal actions, and all dealing, burning, showing and pot
pushing done by the engine.
"""

from __future__ import annotations

import random
import time

import numpy as np
import pytest

import cartes
from cartes.evaluation.evaluator import WARM_UP_CALLS
from cartes.games import Calatone, SevenCardStud
from cartes.play import RandomAgent, play_hand

PLAYERS = 6
HANDS = 200


def cartes_hands(count: int, seed: int = 0) -> int:
    game = SevenCardStud(players=PLAYERS, starting_stack=200)
    rng = np.random.default_rng(seed)
    agents = [RandomAgent(rng)] * PLAYERS
    for number in range(count):
        play_hand(game, agents, rng, button=number % PLAYERS)
    return count


def cartes_calatone_hands(count: int, seed: int = 0) -> int:
    """Random 6-player calatone hands (ante 1, spread limit 1-10, stacks of 200)."""
    game = Calatone(players=PLAYERS, starting_stack=200)
    rng = np.random.default_rng(seed)
    agents = [RandomAgent(rng)] * PLAYERS
    for number in range(count):
        play_hand(game, agents, rng, button=number % PLAYERS)
    return count


def decisions(game: SevenCardStud | Calatone, count: int, seed: int = 0) -> int:
    """The actions taken in ``count`` random hands (to compare games per decision)."""
    rng = np.random.default_rng(seed)
    agents = [RandomAgent(rng)] * PLAYERS
    return sum(
        len(play_hand(game, agents, rng, button=n % PLAYERS).actions) for n in range(count)
    )


def pokerkit_hands(count: int, seed: int = 0) -> int:
    from pokerkit import Automation, FixedLimitSevenCardStud

    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.BOARD_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    random.seed(seed)  # pokerkit shuffles with the random module
    rng = random.Random(seed)
    for _ in range(count):
        state = FixedLimitSevenCardStud.create_state(
            automations, True, 1, 2, 5, 10, 200, PLAYERS
        )
        while state.status:
            options = []
            if state.can_post_bring_in():
                options.append(state.post_bring_in)
            if state.can_fold():
                options.append(state.fold)
            if state.can_check_or_call():
                options.append(state.check_or_call)
            if state.can_complete_bet_or_raise_to():
                options.append(state.complete_bet_or_raise_to)
            rng.choice(options)()
    return count


def test_cartes_random_stud_hands(benchmark):
    cartes_hands(20)  # warm up (conftest has loaded the evaluator's compiled entry points)
    benchmark.extra_info["hands_per_round"] = HANDS
    assert benchmark.pedantic(cartes_hands, args=(HANDS,), rounds=5, iterations=1) == HANDS


def test_cartes_random_calatone_hands(benchmark):
    cartes_calatone_hands(20)
    benchmark.extra_info["hands_per_round"] = HANDS
    benchmark.extra_info["decisions_per_hand"] = (
        decisions(Calatone(players=PLAYERS), 200) / 200
    )
    assert benchmark.pedantic(cartes_calatone_hands, args=(HANDS,), rounds=5,
                              iterations=1) == HANDS


def test_pokerkit_random_stud_hands(benchmark):
    pytest.importorskip("pokerkit")
    benchmark.extra_info["hands_per_round"] = HANDS
    assert benchmark.pedantic(pokerkit_hands, args=(HANDS,), rounds=5, iterations=1) == HANDS


def warm_up() -> None:
    """Load the evaluator's compiled entry points (they load on call 65 of a process, about
    half a second) so that no timing includes it."""
    for _ in range(WARM_UP_CALLS + 1):
        cartes.evaluate((0, 5, 10, 15, 20, 25, 30))


def rate(run, count: int, repeats: int = 3) -> float:
    """Hands per second, the best of ``repeats`` runs (wall clock; the machine is shared)."""
    warm_up()
    run(200)
    best = 0.0
    for _ in range(repeats):
        start = time.perf_counter()
        run(count)
        best = max(best, count / (time.perf_counter() - start))
    return best


if __name__ == "__main__":
    ours = rate(cartes_hands, 2000)
    print(f"cartes   : {ours:8.0f} random {PLAYERS}-player stud hands/s")
    calatone = rate(cartes_calatone_hands, 2000)
    print(f"cartes   : {calatone:8.0f} random {PLAYERS}-player calatone hands/s")
    per_stud = decisions(SevenCardStud(players=PLAYERS), 500) / 500
    per_calatone = decisions(Calatone(players=PLAYERS), 500) / 500
    print(f"decisions: {per_stud:8.1f} per stud hand, {per_calatone:.1f} per calatone hand")
    print(f"per decision, calatone/stud speed: {calatone * per_calatone / (ours * per_stud):.2f}x")
    try:
        theirs = rate(pokerkit_hands, 1000)
    except ImportError:
        print("pokerkit : not installed")
    else:
        print(f"pokerkit : {theirs:8.0f} random {PLAYERS}-player stud hands/s")
        print(f"ratio    : {ours / theirs:8.2f}x")
