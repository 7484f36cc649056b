"""The OpenSpiel adapter's speed, as ratios within one run (issue 20).

- Random playthroughs, 3-handed, per game: the plain cartes ``State`` path (``start`` and
  random legal actions) against the same hands through the adapter (every deal chance step
  included), and OpenSpiel's native ``universal_poker`` (3-handed limit hold'em) driven by the
  same Python loop.
- Outcome-sampling MCCFR iterations per second on heads-up stud: through the adapter now and
  through the adapter as it was before issue 20 (``_openspiel_before.py``, kept for this),
  with OpenSpiel's Python solver and with its C++ one (``pyspiel.OutcomeSamplingMCCFRSolver``,
  which runs on Python games), and ``universal_poker`` heads-up limit hold'em with both.
- The floor under any Python game: ``_null_spiel.NullGame``, a Python game that does no work
  but has the shape of the adapter's own hands (their chance nodes and decisions, in order),
  through the same loop and the same solvers. What the adapter costs above the ``State``
  path can be no less than what this game costs.

Run with ``pytest benchmarks/bench_openspiel.py`` (pytest-benchmark), or ``python
benchmarks/bench_openspiel.py`` for the table of docs/performance.rst: best of several
rounds, in process CPU time (the machine is shared and noisy: compare ratios, not rates).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("open_spiel")

import pyspiel
from open_spiel.python.algorithms import outcome_sampling_mccfr

from cartes.adapters.openspiel import OpenSpielGame
from cartes.games import Calatone, SevenCardStud, SieteYMedio
from cartes.games.contract import Game

sys.path.insert(0, str(Path(__file__).parent))
import _openspiel_before as before
from _null_spiel import NullGame

HANDS = 100
GAMES: dict[str, Game] = {
    "seven-card-stud": SevenCardStud(players=3),
    "calatone": Calatone(players=3),
    "siete-y-medio": SieteYMedio(players=3),
}
HOLDEM = pyspiel.load_game(
    "universal_poker(betting=limit,numPlayers=3,numRounds=4,blind=5 10 0,"
    "firstPlayer=3 1 1 1,numSuits=4,numRanks=13,numHoleCards=2,numBoardCards=0 3 1 1,"
    "raiseSize=10 10 20 20,maxRaises=3 4 4 4)"
)

HOLDEM_HEADS_UP = pyspiel.load_game(
    "universal_poker(betting=limit,numPlayers=2,numRounds=4,blind=10 5,firstPlayer=2 1 1 1,"
    "numSuits=4,numRanks=13,numHoleCards=2,numBoardCards=0 3 1 1,raiseSize=10 10 20 20,"
    "maxRaises=3 4 4 4)"
)


def state_hands(game: Game, hands: int, seed: int = 0) -> int:
    """Random hands on cartes' own states; returns the decisions made."""
    rng = np.random.default_rng(seed)
    decisions = 0
    for _ in range(hands):
        state = game.start(rng)
        while not state.is_terminal:
            legal = state.legal_actions()
            state.apply(legal[int(rng.integers(len(legal)))].choose(rng))
            decisions += 1
    return decisions


def spiel_hands(game: pyspiel.Game, hands: int, seed: int = 0) -> int:
    """Random hands through pyspiel, chance included; returns the decisions made."""
    rng = np.random.default_rng(seed)
    decisions = 0
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.integers(len(legal)))])
                decisions += 1
    return decisions


def shapes(game: pyspiel.Game, hands: int, seed: int = 0) -> list[str]:
    """The shapes of random hands through pyspiel (as ``spiel_hands`` plays them): ``c`` a
    chance node, ``d`` a decision, in order."""
    rng = np.random.default_rng(seed)
    found = []
    for _ in range(hands):
        state, shape = game.new_initial_state(), []
        while not state.is_terminal():
            legal = state.legal_actions()
            shape.append("c" if state.is_chance_node() else "d")
            state.apply_action(legal[int(rng.integers(len(legal)))])
        found.append("".join(shape))
    return found


def null_game(game: OpenSpielGame, hands: int) -> NullGame:
    """A game that does nothing, with the shapes of ``hands`` random hands of ``game``."""
    return NullGame(shapes(game, hands), game.cartes_game.players, len(game.chance_cards))


def mccfr(game: pyspiel.Game, iterations: int, seed: int = 0) -> int:
    np.random.seed(seed)  # OutcomeSamplingSolver samples with numpy's global generator
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(iterations):
        solver.iteration()
    return iterations


def mccfr_cpp(game: pyspiel.Game, iterations: int, seed: int = 0) -> int:
    """OpenSpiel's C++ outcome-sampling MCCFR (it calls a Python game's methods itself)."""
    solver = pyspiel.OutcomeSamplingMCCFRSolver(game, seed=seed)
    for _ in range(iterations):
        solver.run_iteration()
    return iterations


def clones(game: pyspiel.Game, count: int, seed: int = 0) -> int:
    """``count`` clones of a state at a decision after the deal (as search methods make)."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
    for _ in range(count):
        state.clone()
    return count


# -- pytest-benchmark -------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(GAMES))
def test_random_hands_on_cartes_states(benchmark, name):
    assert benchmark.pedantic(state_hands, args=(GAMES[name], HANDS), rounds=3) > 0


@pytest.mark.parametrize("name", list(GAMES))
def test_random_hands_through_the_adapter(benchmark, name):
    game = OpenSpielGame(GAMES[name])
    assert benchmark.pedantic(spiel_hands, args=(game, HANDS), rounds=3) > 0


def test_random_hands_of_universal_poker_baseline(benchmark):
    assert benchmark.pedantic(spiel_hands, args=(HOLDEM, HANDS), rounds=3) > 0


@pytest.mark.parametrize("name", list(GAMES))
def test_random_hands_of_a_game_doing_nothing_floor(benchmark, name):
    game = null_game(OpenSpielGame(GAMES[name]), HANDS)
    assert benchmark.pedantic(spiel_hands, args=(game, HANDS), rounds=3) > 0


def test_mccfr_heads_up_stud(benchmark):
    game = OpenSpielGame(SevenCardStud(players=2))
    assert benchmark.pedantic(mccfr, args=(game, 100), rounds=3) == 100


def test_mccfr_heads_up_stud_before_issue_20_baseline(benchmark):
    game = before.OpenSpielGame(SevenCardStud(players=2))
    assert benchmark.pedantic(mccfr, args=(game, 5), rounds=3) == 5


def test_mccfr_cpp_heads_up_stud(benchmark):
    game = OpenSpielGame(SevenCardStud(players=2))
    assert benchmark.pedantic(mccfr_cpp, args=(game, 200), rounds=3) == 200


def test_mccfr_cpp_heads_up_stud_before_issue_20_baseline(benchmark):
    game = before.OpenSpielGame(SevenCardStud(players=2))
    assert benchmark.pedantic(mccfr_cpp, args=(game, 20), rounds=3) == 20


def test_mccfr_cpp_of_a_game_doing_nothing_floor(benchmark):
    game = null_game(OpenSpielGame(SevenCardStud(players=2)), 400)
    assert benchmark.pedantic(mccfr_cpp, args=(game, 400), rounds=3) == 400


def test_clones(benchmark):
    game = OpenSpielGame(SevenCardStud(players=3))
    assert benchmark.pedantic(clones, args=(game, 200), rounds=3) == 200


def test_clones_before_issue_20_baseline(benchmark):
    game = before.OpenSpielGame(SevenCardStud(players=3))
    assert benchmark.pedantic(clones, args=(game, 20), rounds=3) == 20


# -- the table ----------------------------------------------------------------------------------


def best(run: Callable[[], int], rounds: int = 5) -> tuple[float, int]:
    """The least process CPU time of ``rounds`` runs, and what one run counted."""
    times, count = [], 0
    for _ in range(rounds):
        start = time.process_time()
        count = run()
        times.append(time.process_time() - start)
    return min(times), count


def table(hands: int = HANDS, rounds: int = 5) -> list[str]:
    lines = []
    holdem, holdem_count = best(lambda: spiel_hands(HOLDEM, hands), rounds)
    holdem_rate = holdem_count / holdem
    lines.append(f"universal_poker, 3-handed limit hold'em: {holdem_rate:,.0f} decisions/s")
    for name, game in GAMES.items():
        plain, count = best(lambda g=game: state_hands(g, hands), rounds)
        spiel = OpenSpielGame(game)
        adapted, adapted_count = best(lambda g=spiel: spiel_hands(g, hands), rounds)
        nothing = null_game(spiel, hands)
        idle, idle_count = best(lambda g=nothing: spiel_hands(g, hands), rounds)
        plain_rate, adapted_rate = count / plain, adapted_count / adapted
        idle_rate = idle_count / idle
        floor = (1 / plain_rate + 1 / idle_rate) * plain_rate
        lines.append(
            f"{name}: State {plain_rate:,.0f} decisions/s, adapter {adapted_rate:,.0f} "
            f"(x{plain_rate / adapted_rate:.2f} the State path per decision), "
            f"universal_poker x{holdem_rate / adapted_rate:.2f} the adapter; a game doing "
            f"nothing of its shape {idle_rate:,.0f}, so the floor is x{floor:.2f} the State path"
        )
    for name, game in GAMES.items():
        new_game, old_game = OpenSpielGame(game), before.OpenSpielGame(game)
        fast, _ = best(lambda g=new_game: clones(g, 300), 3)
        slow, _ = best(lambda g=old_game: clones(g, 30), 3)
        lines.append(f"{name}: a clone {fast / 300 * 1e6:,.0f} us, before issue 20 "
                     f"{slow / 30 * 1e6:,.0f} us (x{(slow / 30) / (fast / 300):.0f})")
    stud, stud_before = OpenSpielGame(SevenCardStud(players=2)), before.OpenSpielGame(
        SevenCardStud(players=2))
    rates = {}
    for label, run, game, count in (
        ("python", mccfr, stud, 200), ("python before", mccfr, stud_before, 20),
        ("python holdem", mccfr, HOLDEM_HEADS_UP, 200),
        ("c++", mccfr_cpp, stud, 400), ("c++ before", mccfr_cpp, stud_before, 40),
        ("c++ holdem", mccfr_cpp, HOLDEM_HEADS_UP, 4000),
        ("python nothing", mccfr, null_game(stud, 400), 400),
        ("c++ nothing", mccfr_cpp, null_game(stud, 1000), 1000),
    ):
        spent, _ = best(lambda r=run, g=game, n=count: r(g, n), 3)
        rates[label] = count / spent
    lines.append(
        "MCCFR (outcome sampling), heads-up stud, iterations/s: Python solver "
        f"{rates['python']:,.0f}, before issue 20 {rates['python before']:,.0f} "
        f"(x{rates['python'] / rates['python before']:.1f}); C++ solver {rates['c++']:,.0f}, "
        f"before issue 20 {rates['c++ before']:,.0f} (x{rates['c++'] / rates['c++ before']:.1f}); "
        f"C++ solver now x{rates['c++'] / rates['python before']:.1f} the Python solver before"
    )
    lines.append(
        f"universal_poker heads-up limit hold'em: Python solver {rates['python holdem']:,.0f}, "
        f"C++ solver {rates['c++ holdem']:,.0f} iterations/s"
    )
    lines.append(
        "a Python game doing nothing, heads-up stud's shape: Python solver "
        f"{rates['python nothing']:,.0f}, C++ solver {rates['c++ nothing']:,.0f} iterations/s "
        f"(x{rates['c++ nothing'] / rates['python before']:.1f} the Python solver before, "
        f"x{rates['c++ nothing'] / rates['c++']:.1f} the adapter's C++ figure)"
    )
    return lines


if __name__ == "__main__":
    for line in table():
        print(line)
