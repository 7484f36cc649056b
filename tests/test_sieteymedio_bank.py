"""The bank's best response to a punter's whole-hand policy (issue 23.6): against the core's
independent best response, a brute force written here, the threshold programme and the
driver."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from cartes.analysis.sieteymedio import (
    bank_draws_below,
    best_bank_response,
    expected_value,
    punter_draws_below,
)
from cartes.analysis.sieteymedio_bank import (
    BankResponse,
    ResponseAgent,
    SolverStrategy,
    Table,
    bank_best_response,
)
from cartes.analysis.sieteymedio_play import HandKey, Move, solver_for
from cartes.errors import OptionError
from cartes.games import get
from cartes.play import play_hand

# The 40 cards in half-points: 12 figures, four each of 1..7.
CARDS = (1,) * 12 + tuple(v for face in range(1, 8) for v in (2 * face,) * 4)


class Core:
    """The stand-or-draw core as a whole-hand policy: a bet of one, never a decline or an
    exchange, the first card kept hidden, drawing below ``below`` half-points."""

    def __init__(self, below: int) -> None:
        self.below = below

    def first(self, card: int, deck: tuple[int, ...]) -> Move:
        return Move("bet", amount=1)

    def play(self, key: HandKey, table: Table) -> Move:
        return Move("draw") if key[3][0][0] < self.below else Move("stand")


class FirstOnly:
    """Declines a 3, exchanges a 4, bets one and stands on the first card."""

    def first(self, card: int, deck: tuple[int, ...]) -> Move:
        return {6: Move("decline"), 8: Move("exchange")}.get(card, Move("bet", amount=1))

    def play(self, key: HandKey, table: Table) -> Move:
        return Move("stand")


@pytest.mark.parametrize(("below", "double"), [(9, False), (12, True)])
def test_the_core_policy_meets_the_cores_best_response(below: int, double: bool) -> None:
    """The core's best_bank_response is written on its own (and checked in
    tests/test_sieteymedio.py): for a policy of the core, both must find the same bank."""
    found = bank_best_response(Core(below), limits=(1, 1), bust_pays_double=double)
    core = best_bank_response(punter_draws_below(below), bust_pays_double=double)
    assert found.value == core.value
    assert found.against_policy == expected_value(punter_draws_below(below),
                                                  bank_draws_below(11), bust_pays_double=double)
    shown = {(cards, t[0][0][0]): d for (t, cards), d in found.decisions.items()}
    assert shown == core.decisions


def brute_response() -> tuple[Fraction, dict[tuple[tuple[int, ...], tuple[int, ...]], bool]]:
    """FirstOnly against the bank's best response, in fractions, dealt in the driver's order:
    the punter's card, the bank's card, then the punter's exchanges, then the bank's draws.
    The bank sees the exchanged 4s and its own cards; the settlement (SPEC §3.5, one card,
    a bet of one, no 7½ possible) is written here."""

    def remove(deck: tuple[int, ...], value: int) -> tuple[int, ...]:
        i = deck.index(value)
        return deck[:i] + deck[i + 1:]

    def deals(deck: tuple[int, ...]) -> list[tuple[Fraction, int, tuple[int, ...]]]:
        return [(Fraction(deck.count(v), len(deck)), v, remove(deck, v)) for v in set(deck)]

    def settle(points: int, bank: int) -> int:
        if bank == 15:
            return -1
        return 1 if bank > 15 or points > bank else -1

    # (dead 4s, the bank's cards) -> the punter's card -> (chance, cards left)
    roots: dict[tuple[tuple[int, ...], int], dict[int, tuple[Fraction, tuple[int, ...]]]] = {}

    def exchange(card: int, deck: tuple[int, ...], dead: tuple[int, ...], bank: int,
                 p: Fraction) -> None:
        if card == 6:
            return  # declined: nothing won or lost, the bank does not play
        if card == 8:
            for q, value, rest in deals(deck):
                exchange(value, rest, (*dead, 8), bank, p * q)
            return
        at = roots.setdefault((dead, bank), {})
        old = at.get(card, (Fraction(0), deck))[0]
        at[card] = (old + p, deck)

    for p, card, deck in deals(CARDS):
        for q, bank, rest in deals(deck):
            exchange(card, rest, (), bank, p * q)
    decisions: dict[tuple[tuple[int, ...], tuple[int, ...]], bool] = {}
    # the chances at a set of bank cards do not depend on the order they came in
    memo: dict[tuple[tuple[int, ...], tuple[int, ...]], Fraction] = {}

    def value(dead: tuple[int, ...], cards: tuple[int, ...],
              at: dict[int, tuple[Fraction, tuple[int, ...]]]) -> Fraction:
        if (dead, cards) in memo:
            return memo[dead, cards]
        total = sum(cards)
        stand = sum((p * settle(h, min(total, 16)) for h, (p, _) in at.items()), Fraction(0))
        result = stand
        if total < 15:
            drawn = Fraction(0)
            for v in set(CARDS):
                after = {h: (p * Fraction(d.count(v), len(d)), remove(d, v))
                         for h, (p, d) in at.items() if v in d}
                if after:
                    drawn += value(dead, tuple(sorted((*cards, v))), after)
            decisions[dead, cards] = drawn < stand
            result = min(drawn, stand)
        memo[dead, cards] = result
        return result

    # the bank decides first on its dealt card, having seen the exchanges
    total = Fraction(0)
    for (dead, bank), at in roots.items():
        total += value(dead, (bank,), at)
    return total, decisions


def test_a_brute_force_in_the_drivers_order_finds_the_same_bank() -> None:
    found = bank_best_response(FirstOnly(), limits=(1, 1))
    value, decisions = brute_response()
    assert found.value == value
    assert {(t[1], cards): d for (t, cards), d in found.decisions.items()} == decisions


@pytest.fixture(scope="module")
def modality_1() -> tuple[BankResponse, SolverStrategy]:
    strategy = SolverStrategy(solver_for((1, 3), 11, max_calles=1))
    return bank_best_response(strategy), strategy


def test_the_threshold_bank_played_out_again_is_the_programmes_value(
        modality_1: tuple[BankResponse, SolverStrategy]) -> None:
    response, strategy = modality_1
    assert response.against_policy == strategy.solver.value()
    assert response.value < response.against_policy  # a bank that looks does better


def test_the_response_played_in_the_driver_earns_its_value(
        modality_1: tuple[BankResponse, SolverStrategy]) -> None:
    response, strategy = modality_1
    agent = ResponseAgent(response, strategy)
    game = get("siete-y-medio", players=2)
    rng = np.random.default_rng(23)
    results = np.array([play_hand(game, [agent, agent], rng, button=0).payoffs[1]
                        for _ in range(12_000)])
    error = results.std() / np.sqrt(len(results))
    assert abs(results.mean() - float(response.value)) < 4 * error, (
        results.mean(), float(response.value), error)


class Cheat(FirstOnly):
    def first(self, card: int, deck: tuple[int, ...]) -> Move:
        return Move("bet", amount=5)


def test_bad_input_says_what_is_allowed() -> None:
    with pytest.raises(OptionError, match="threshold in half-points"):
        bank_best_response(limits=(1, 1), bank=11.0)  # type: ignore[arg-type]
    with pytest.raises(OptionError, match=r"first\(card, deck\) and play\(key, table\)"):
        bank_best_response(object(), limits=(1, 1))  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="not among"):
        bank_best_response(Cheat(), limits=(1, 1))
    with pytest.raises(OptionError, match="stakes"):
        bank_best_response(SolverStrategy(solver_for((1, 3), 11, max_calles=1)), limits=(2, 4))
    with pytest.raises(OptionError, match="HandSolver"):
        SolverStrategy("optimal")  # type: ignore[arg-type]
