"""The 7½ programme under every punter decision (issue 23.6) against an enumeration written
here, and advice played in the game driver against the programme's values."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import numpy as np
import pytest

from cartes.analysis.sieteymedio_advice import AdviceAgent, advice
from cartes.analysis.sieteymedio_play import HandSolver, Move, solver_for
from cartes.errors import IllegalActionError, OptionError
from cartes.games import get
from cartes.games.chips import Bet
from cartes.games.siete_y_medio.actions import Draw, Muerta, OpenCalle, Stand
from cartes.play import SeatView, play_hand

# The 40 cards in half-points: 12 figures, four each of 1..7.
CARDS = (1,) * 12 + tuple(v for face in range(1, 8) for v in (2 * face,) * 4)


def brute_first(card: int, limits: tuple[int, int], bank_below: int) -> dict[str, Fraction]:
    """Every first-card decision's exact value for a punter who never opens a calle, by plain
    enumeration of the unseen cards as a sorted tuple, every bet and raise amount tried, and
    the settlement written from SPEC §3.5 (revision 3), not taken from cartes."""
    lo, hi = limits

    def remove(deck: tuple[int, ...], value: int) -> tuple[int, ...]:
        i = deck.index(value)
        return deck[:i] + deck[i + 1:]

    @cache
    def bank(deck: tuple[int, ...], total: int) -> tuple[tuple[int, Fraction], ...]:
        if total >= 15 or (total and total >= bank_below):
            return ((min(total, 16), Fraction(1)),)
        result: dict[int, Fraction] = {}
        for value in set(deck):
            p = Fraction(deck.count(value), len(deck))
            for end, q in bank(remove(deck, value), total + value):
                result[end] = result.get(end, Fraction(0)) + p * q
        return tuple(result.items())

    def settle(points: int, bet: int, end: int, muerta: bool) -> int:
        if muerta and points != 15:
            return -bet  # row 1, found at the settlement
        if end == 15:
            return -bet  # row 2
        if muerta:
            return 3 * bet  # row 3
        if points == 15 and end < 15:
            return 2 * bet  # row 4: the only punter's 7½ is the privileged one
        if end > 15 or points > end:
            return bet  # row 5
        return -bet  # row 6

    def stood(deck: tuple[int, ...], points: int, bet: int, muerta: bool = False) -> Fraction:
        return sum((q * settle(points, bet, end, muerta) for end, q in bank(deck, 0)),
                   Fraction(0))

    def draws(deck: tuple[int, ...]) -> list[tuple[Fraction, int, tuple[int, ...]]]:
        return [(Fraction(deck.count(v), len(deck)), v, remove(deck, v)) for v in set(deck)]

    @cache
    def play(deck: tuple[int, ...], points: int, bet: int, cards: int, seven: bool) -> Fraction:
        choices = []
        if cards >= 2 or bet == lo:
            choices.append(stood(deck, points, bet))
        for r in range(hi - bet + 1):
            b = bet + r
            value = Fraction(0)
            for p, v, rest in draws(deck):
                if points + v > 15:
                    value -= p * b
                elif points + v == 15:
                    value += p * stood(rest, 15, b)
                else:
                    value += p * play(rest, points + v, b, cards + 1, False)
            choices.append(value)
            if seven:  # the muerta on a lone first 7
                choices.append(sum((p * (stood(rest, 15, b, True) if v == 1 else -b)
                                    for p, v, rest in draws(deck)), Fraction(0)))
        return max(choices)

    @cache
    def first(deck: tuple[int, ...], card: int) -> dict[str, Fraction]:
        found = {f"bet {b}": play(deck, card, b, 1, card == 14) for b in range(lo, hi + 1)}
        if card == 6:
            found["decline"] = Fraction(0)
        if card == 8:
            found["exchange"] = sum((p * max(first(rest, v).values())
                                     for p, v, rest in draws(deck)), Fraction(0))
        return found

    return first(remove(CARDS, card), card)


def named(move: Move) -> str:
    return f"bet {move.amount}" if move.kind == "bet" else move.kind


@pytest.mark.parametrize("card", [14, 6, 10, 1])
def test_first_card_values_match_an_enumeration(card: int) -> None:
    solver = HandSolver((1, 2), 11, max_calles=1)
    found = {named(move): ev for move, ev in solver.first_options(card)}
    assert found == brute_first(card, (1, 2), 11)


@pytest.mark.slow
def test_the_exchange_of_a_4_matches_an_enumeration() -> None:
    solver = HandSolver((1, 2), 12, max_calles=1)
    found = {named(move): ev for move, ev in solver.first_options(8)}
    assert found == brute_first(8, (1, 2), 12)


def test_two_bets_are_all_an_optimum_needs() -> None:
    """Convexity: at every first card and every state reached, the best of every amount is
    the best of the two ends."""
    solver = HandSolver((1, 4), 11, max_calles=1)
    for card in (2, 6, 8, 10, 14):
        every = max(ev for _, ev in solver.first_options(card, every=True))
        ends = max(ev for _, ev in solver.first_options(card, every=False))
        assert every == ends
    checked = 0
    keys = list(solver._memo)
    for key in keys[:: max(1, len(keys) // 500)]:
        if not key[1] and not all(c[3] for c in key[3]):  # new calles: another test
            every = max(ev for _, ev in solver.options(key, every=True))
            assert every == solver.hand_value(key)
            checked += 1
    assert checked > 100


def test_stakes_scale_the_value() -> None:
    one = HandSolver((1, 1), 11, max_calles=1)
    assert HandSolver((3, 3), 11, max_calles=1).value() == 3 * one.value()


@pytest.mark.soak
def test_a_second_calle_is_worth_opening() -> None:
    one = HandSolver((1, 2), 11, max_calles=1)
    # a hand opened on a figure is worth at least as much with a second calle allowed
    two = HandSolver((1, 2), 11, max_calles=2)
    assert max(ev for _, ev in two.first_options(1)) > max(ev for _, ev in one.first_options(1))


def test_bad_options_say_what_is_allowed() -> None:
    with pytest.raises(OptionError, match="minimum, maximum"):
        HandSolver((3, 1), 11)
    with pytest.raises(OptionError, match="max_calles"):
        HandSolver((1, 3), 11, max_calles=0)
    with pytest.raises(OptionError, match="threshold in half-points"):
        HandSolver((1, 3), "11")  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="True or False"):
        HandSolver((1, 3), 11, bust_pays_double="no")  # type: ignore[arg-type]


def test_advice_lists_every_legal_action_and_reads_only_the_observation() -> None:
    game = get("siete-y-medio", players=2)
    checked = 0
    for seed in range(40):
        state = game.start(seed, button=0)
        while not state.is_terminal:
            seat = state.to_act
            assert seat is not None
            if seat == 1 and state.calles(1)[0][0].is_figure:
                break  # every calle bet and raise valued (a first 4 exchanged too): below
            if seat == 0:
                state.apply(AdviceAgent(11, max_calles=1).act(SeatView(state, 0)))
                continue
            tip = advice(state, max_calles=1)
            assert tip.exact
            assert tip.seat == 1
            assert tip.value == max(ev for _, ev in tip.actions)
            assert all(any(o.allows(a) for o in state.legal_actions()) for a, _ in tip.actions)
            # the same observation with the hidden cards dealt otherwise gives the same advice
            twin = state.clone()
            assert twin.bank_hand is not None
            assert len(twin.deck)
            hidden, top = twin.bank_hand.cards[0], twin.deck.cards[0]
            if hidden.rank not in (3, 4) and top.rank not in (3, 4):
                twin.bank_hand.cards[0] = top
                twin.deck = type(twin.deck)([hidden, *twin.deck.cards[1:]], kind=type(hidden))
                assert advice(twin, max_calles=1) == tip
            state.apply(tip.best)
            checked += 1
    assert checked > 25


@pytest.mark.slow
def test_advice_values_every_calle_bet_on_a_first_figure() -> None:
    state = get("siete-y-medio", players=2).start(seed=4, button=0)
    assert state.calles(1)[0][0].is_figure
    state.apply(Bet(1))
    tip = advice(state, max_calles=1)
    opens = [(a, ev) for a, ev in tip.actions if isinstance(a, OpenCalle)]
    assert len(opens) == 2 * 3 * 3  # face, bet of the new calle, raise
    assert tip.value == max(ev for _, ev in tip.actions)


def test_advice_is_for_the_punter_to_act() -> None:
    state = get("siete-y-medio", players=2).start(seed=31, button=0)
    with pytest.raises(IllegalActionError, match="seat to act"):
        advice(state, seat=0)
    state.apply_all([Bet(1), Stand()])
    with pytest.raises(OptionError, match="punter"):
        advice(state)


def test_a_first_7_weighs_stand_draw_and_muerta() -> None:
    state = get("siete-y-medio", players=2).start(seed=31, button=0)
    state.apply(Bet(1))
    tip = advice(state, max_calles=1)
    kinds = {type(a) for a, _ in tip.actions}
    assert kinds == {Stand, Draw, Muerta}
    # face up or down, the bank policy does not look: the same value
    values = dict(tip.actions)
    assert values[Draw(0, 1, False)] == values[Draw(0, 1, True)]


def driver_mean(agent: AdviceAgent, hands: int, seed: int,
                modality: int = 1) -> tuple[float, float]:
    game = get("siete-y-medio", players=2, modality=modality)
    rng = np.random.default_rng(seed)
    results = np.array([play_hand(game, [agent, agent], rng, button=0).payoffs[1]
                        for _ in range(hands)])
    return float(results.mean()), float(results.std() / np.sqrt(hands))


def test_advice_played_in_the_driver_earns_the_programmes_value() -> None:
    exact = solver_for((1, 3), 11, max_calles=1).value()
    mean, error = driver_mean(AdviceAgent(11, max_calles=1), 12_000, 7)
    assert abs(mean - float(exact)) < 4 * error, (mean, float(exact), error)


@pytest.mark.soak
@pytest.mark.parametrize(("modality", "bank", "calles"), [(1, 11, 1), (2, 12, 1), (1, 9, 1)])
def test_advice_in_the_driver_over_60k_hands(modality: int, bank: int, calles: int) -> None:
    limits = get("siete-y-medio", players=2, modality=modality).limits
    exact = solver_for(limits, bank, max_calles=calles).value()
    mean, error = driver_mean(AdviceAgent(bank, max_calles=calles), 60_000, bank, modality)
    assert abs(mean - float(exact)) < 4 * error, (mean, float(exact), error)


@pytest.mark.slow
def test_the_docs_tables_are_the_generators_output() -> None:
    """docs/siete_values.inc is what docs/siete_figures.py writes today: no number in the
    docs' 7½ tables is copied by hand or left behind by a change of the code."""
    import importlib.util
    from pathlib import Path

    docs = Path(__file__).resolve().parent.parent / "docs"
    spec = importlib.util.spec_from_file_location("siete_figures", docs / "siete_figures.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert (docs / "siete_values.inc").read_text() == module.values_text()


def test_a_bounded_memo_keeps_the_values_exact() -> None:
    """Past ``max_states`` the memo starts again (a long run of advice filled gigabytes):
    the sizes stay bounded and every value is the unbounded solver's."""
    small = HandSolver((1, 1), 11, max_calles=1, max_states=3000)
    assert small.first_options(14) == solver_for((1, 1), 11, max_calles=1).first_options(14)
    assert len(small._memo) <= 3000
    assert len(small._bank_memo) <= 3000
    with pytest.raises(OptionError, match="max_states"):
        HandSolver((1, 1), 11, max_states=0)
