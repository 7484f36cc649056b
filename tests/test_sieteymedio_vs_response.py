"""7½ advice against the bank's best response (issue 23 item 6): the table-aware programme."""

from __future__ import annotations

from fractions import Fraction

import pytest

from cartes.analysis.sieteymedio_advice import advice
from cartes.analysis.sieteymedio_bank import _FACTORIAL, _AgainstBank, _state_of
from cartes.analysis.sieteymedio_play import solver_for
from cartes.errors import OptionError
from cartes.games import get
from cartes.games.chips import Bet


@pytest.mark.parametrize("seed", range(8))
def test_a_bank_blind_to_the_table_gives_the_threshold_programme(seed: int) -> None:
    # the table-aware programme, its bank ignoring the table, must be the HandSolver exactly
    state = get("siete-y-medio", players=2).start(seed=seed, button=0)
    if state.observation(1).extra["phase"] != "first":
        pytest.skip("no first bet on this deal")
    state.apply(Bet(1))
    obs = state.observation(1)
    if obs.extra["phase"] != "play":
        pytest.skip("no play phase on this deal")
    solver = solver_for((1, 3), 11, max_calles=1)
    key, start = _state_of(obs, solver)
    blind = _AgainstBank(solver, lambda table, cards: sum(cards) < 11, 100_000)
    scale = _FACTORIAL[sum(key[0])]
    for move, ev in solver.options(key, every=False):
        assert Fraction(blind.after(start, move), scale) == ev


def test_best_response_advice_is_exact_fractions_and_names_the_bank() -> None:
    state = get("siete-y-medio", players=2).start(seed=31, button=0)
    state.apply(Bet(1))
    tip = advice(state, max_calles=1, bank="best_response")
    assert all(isinstance(ev, Fraction) for _, ev in tip.actions)
    assert tip.value == max(ev for _, ev in tip.actions)
    assert "best-responds" in tip.note


def test_best_response_advice_refuses_the_first_card() -> None:
    state = get("siete-y-medio", players=2).start(seed=31, button=0)
    with pytest.raises(OptionError, match="play phase"):
        advice(state, max_calles=1, bank="best_response")
