"""Issue 23, items 3 and 4: exact ranges in one compiled call, the choice between exact and
Monte Carlo, the per-hand breakdown, the standard errors of win and tie, foreign cards.

Every exact figure is checked against an independent enumeration: a plain ``itertools`` loop
over the choices of hands and the boards, each hand valued by the library's batch evaluator
(``cartes.evaluate_many``, itself checked against a naive evaluator elsewhere), and against
eval7's exact function where it computes the same thing (the river). Monte Carlo figures are
checked within their own standard errors.
"""

from __future__ import annotations

import importlib.util
import itertools
import math
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

import cartes
from cartes import Card, Hand
from cartes.analysis import HandRange, equity, hand_equities
from cartes.errors import CardTypeError, InvalidCardError, OptionError, RangeError

HAVE_EVAL7 = importlib.util.find_spec("eval7") is not None
HAVE_POKERKIT = importlib.util.find_spec("pokerkit") is not None

RIVER = "2c 7d 9h Js Kc"
#: The issue's river spot: a 150-combo range against an 80-combo one (counted on the board).
WIDE = "33+, A2s+, KTs+, QJs, ATo+, KQo"
NARROW = "99+, ATs+, AJo+, KJs+, 50%(QJs), 0.25(T9s)"


def idx(text: str) -> list[int]:
    return [Card(t).index for t in text.split()]


def combos(holding: str | HandRange) -> list[tuple[tuple[int, ...], float]]:
    """A holding as a list of (cards, weight): a range's combos, or one hand of weight one."""
    if not isinstance(holding, HandRange):
        try:
            return [(tuple(idx(holding)), 1.0)]
        except ValueError:
            pass
    return [(tuple(c.index for c in hand), w) for hand, w in HandRange(holding).combos]


def independent(
    holdings: list[str | HandRange], board: str = "", dead: str = "", ranking: str = "standard"
) -> tuple[np.ndarray, np.ndarray, np.ndarray, dict[tuple[int, ...], np.ndarray]]:
    """Equity, win, tie and player 0's equity by hand, by enumerating every choice of hands
    and every completion of the board in Python; each row valued by ``evaluate_many``."""
    known = idx(board) + idx(dead)
    shown = idx(board)
    players = len(holdings)
    holes, boards, weights, firsts = [], [], [], []
    for pick in itertools.product(*(combos(h) for h in holdings)):
        cards = [c for hand, _ in pick for c in hand]
        taken = set(cards) | set(known)
        if len(taken) < len(cards) + len(known):
            continue
        rest = [c for c in range(52) if c not in taken]
        weight = math.prod(w for _, w in pick)
        for extra in itertools.combinations(rest, 5 - len(shown)):
            holes.append(cards)
            boards.append(shown + list(extra))
            weights.append(weight)
            firsts.append(pick[0][0])
    hole = np.array(holes, dtype=np.uint8).reshape(-1, players, 2)
    full = np.array(boards, dtype=np.uint8)
    strengths = np.stack(
        [cartes.evaluate_many(np.hstack([hole[:, p], full]), ranking) for p in range(players)],
        axis=1,
    ).astype(np.int64)
    best = strengths.max(axis=1, keepdims=True)
    won = strengths == best
    count = won.sum(axis=1, keepdims=True)
    w = np.array(weights)[:, None]
    share = (won / count * w).sum(axis=0) / w.sum()
    win = ((won & (count == 1)) * w).sum(axis=0) / w.sum()
    tie = ((won & (count > 1)) * w).sum(axis=0) / w.sum()
    # player 0's share and weight summed per first hand (one pass over the rows)
    names = {hand: n for n, (hand, _) in enumerate(combos(holdings[0]))}
    first = np.array([names[f] for f in firsts], dtype=np.int64)
    shares = np.bincount(first, won[:, 0] / count[:, 0] * w[:, 0], minlength=len(names))
    totals = np.bincount(first, w[:, 0], minlength=len(names))
    by_hand = {tuple(sorted(hand)): shares[n] / totals[n]
               for hand, n in names.items() if totals[n] > 0}
    return share, win, tie, by_hand


def close(result: object, expected: tuple[np.ndarray, ...]) -> None:
    np.testing.assert_allclose(result.equity, expected[0], rtol=0, atol=1e-12)  # type: ignore[attr-defined]
    np.testing.assert_allclose(result.win, expected[1], rtol=0, atol=1e-12)  # type: ignore[attr-defined]
    np.testing.assert_allclose(result.tie, expected[2], rtol=0, atol=1e-12)  # type: ignore[attr-defined]


# --- item 3: exact ranges in one call --------------------------------------------------------


def test_the_issue_river_spot_has_the_sizes_it_names() -> None:
    blocked = set(idx(RIVER))
    live = [
        len([h for h, _ in HandRange(r).combos if not blocked & {c.index for c in h}])
        for r in (WIDE, NARROW)
    ]
    assert live[0] >= 150
    assert live[1] >= 80


@pytest.mark.parametrize(
    ("holdings", "board"),
    [
        ([WIDE, NARROW], RIVER),  # the issue's river spot, weighted
        (["QQ+, AKs", "JJ-99, AQs"], "Qs 8d 3c"),  # the issue's flop spot
        (["AKs, 0.5(KQs)", "TT+", "As Ah"], "Ts 9s 2h 3d"),  # three players, two ranges
        (["JJ+", "Ah Kh"], "Qh Jh 2c 5s"),  # hand against range, turn
        (["98s, 65s", "22-44", "KK"], "Ac 7h 4d 2s 3h"),  # three ranges on a river
    ],
)
@pytest.mark.parametrize("ranking", ["standard", "calatone"])
def test_ranges_are_exact_against_an_independent_enumeration(
    holdings: list[str], board: str, ranking: str
) -> None:
    result = equity(holdings, board=board, ranking=ranking, exact=True)
    assert result.exact
    close(result, independent(holdings, board, ranking=ranking))


@pytest.mark.skipif(not HAVE_EVAL7, reason="eval7 not installed")
@pytest.mark.parametrize("hero", ["As Ah", "Qh Qd", "8h Th"])
def test_hand_against_a_range_on_the_river_matches_eval7_exact(hero: str) -> None:
    import eval7

    villain = "TT+, AQs+, AJo+, KQs, QJs"  # eval7's exact function ignores weights
    mine = equity([hero, villain], board=RIVER, exact=True)
    theirs = eval7.py_hand_vs_range_exact(
        [eval7.Card(c) for c in hero.split()],
        eval7.HandRange(villain.replace(" ", "")),
        [eval7.Card(c) for c in RIVER.split()],
    )
    assert mine.equity[0] == pytest.approx(theirs, abs=1e-6)  # eval7 answers in float32


def test_all_pairs_of_combos_go_through_one_compiled_call(monkeypatch: pytest.MonkeyPatch) -> None:
    from cartes.analysis import _kernels

    calls: list[str] = []
    entry = _kernels.entry

    def counting(name: str):  # type: ignore[no-untyped-def]
        kernel = entry(name)

        def call(*args):  # type: ignore[no-untyped-def]
            calls.append(name)
            return kernel(*args)

        return call

    monkeypatch.setattr(_kernels, "entry", counting)
    result = equity([WIDE, NARROW], board=RIVER, exact=True, threads=1)
    assert calls == ["enumerate_exact"]
    calls.clear()
    assert equity([WIDE, NARROW], board=RIVER, exact=True, threads=2) == result
    assert calls == ["enumerate_exact"] * 2  # one share per thread, never one per pair


def test_weighted_ranges_give_the_same_answer_on_any_number_of_threads() -> None:
    holdings = ["AKs, 0.5(KQs), 0.3(QJs)", "TT+, 0.7(99)", ""]
    one = equity(holdings, board="Ts 9s 2h 3d", threads=1, exact=True)
    assert equity(holdings, board="Ts 9s 2h 3d", threads=2, exact=True) == one
    assert equity(holdings, board="Ts 9s 2h 3d", threads=3, exact=True) == one


def test_left_unset_exact_is_chosen_from_the_cost_and_said() -> None:
    river = equity([WIDE, NARROW], board=RIVER)
    assert river.exact
    assert river.method.startswith("exact enumeration (chosen")
    wide = equity(["As Ah", "Kd Kc", ""], trials=20_000, seed=1)  # 3-way preflop: billions
    assert not wide.exact
    assert wide.method.startswith("Monte Carlo, 20,000 deals (chosen")
    assert "exact=True" in equity(["As Ah", "Kd Kc"], board="2c 7d 9h Js 3h", exact=True).method
    assert "exact=False" in equity(["As Ah", "Kd Kc"], exact=False, trials=1000).method
    # Asking for many trials makes a bigger enumeration worth it: it is no more work.
    small = equity(["As Ah", "Kd Kc", ""], board="2c 7d 9h", max_exact=1000, trials=5_000)
    assert not small.exact
    big = equity(["As Ah", "Kd Kc", ""], board="2c 7d 9h", max_exact=1000, trials=1_000_000)
    assert big.exact
    assert "exact enumeration (chosen" in big.method
    assert big.method in str(big)


def test_wide_ranges_on_the_river_are_exact_in_one_call() -> None:
    # 1,081 x 1,035 choices of hands: one kernel call, not a million.
    wide = HandRange("XX")  # as text, "XX" is a random hand, dealt rather than drawn
    result = equity([wide, wide], board=RIVER)
    assert result.exact
    assert result.equity[0] == pytest.approx(0.5, abs=1e-12)
    assert result.win[0] == result.win[1]


@pytest.mark.slow
def test_the_widest_ranges_are_exact_against_an_independent_enumeration() -> None:
    wide = HandRange("XX")
    close(equity([wide, wide], board=RIVER), independent(["XX", "XX"], RIVER))


# --- item 4: a breakdown by hand, standard errors, foreign cards, clear card errors ---------


@pytest.mark.parametrize(
    ("holdings", "board"),
    [
        (["QQ+, AKs", "JJ-99, AQs"], "Qs 8d 3c"),
        (["AKs, 0.5(KQs), 22", "TT+"], "Ts 9s 2h 3d"),
        (["JJ+, 0.5(AQo)", "Ah Kh"], RIVER),
    ],
)
def test_hand_equities_break_a_range_down_exactly(holdings: list[str], board: str) -> None:
    by_hand = hand_equities(holdings, board=board)
    expected = independent(holdings, board)[3]
    assert {tuple(sorted(c.index for c in hand)) for hand in by_hand} == set(expected)
    for hand, result in by_hand.items():
        assert result.exact
        assert result.equity[0] == pytest.approx(
            expected[tuple(sorted(c.index for c in hand))], abs=1e-12
        )
        # The same as asking for that hand alone.
        alone = equity([hand, *holdings[1:]], board=board)
        assert result.equity == pytest.approx(alone.equity, abs=1e-12)


def test_hand_equities_by_monte_carlo_are_within_their_errors() -> None:
    holdings, board = ["QQ+, AKs, 0.5(KQs)", "JJ-99, AQs"], "Qs 8d 3c"
    exact = hand_equities(holdings, board=board, exact=True)
    mc = hand_equities(holdings, board=board, exact=False, trials=400_000, seed=3)
    assert set(mc) == set(exact)
    for hand, result in mc.items():
        assert not result.exact
        assert 0 < result.stderr[0] < 0.02
        for e, m, s in zip(exact[hand].equity, result.equity, result.stderr, strict=True):
            assert abs(e - m) < 4.5 * s
    assert hand_equities(holdings, board=board, exact=False, trials=100_000, seed=3) == (
        hand_equities(holdings, board=board, exact=False, trials=100_000, seed=3, threads=1)
    )


@pytest.mark.skipif(not HAVE_EVAL7, reason="eval7 not installed")
def test_hand_equities_agree_with_eval7_all_hands_vs_range() -> None:
    import eval7

    hero, villain, board = "AA, KK, AKs", "QQ+, AQs+", "Qs 8d 3c"
    mine = hand_equities([hero, villain], board=board)
    trials = 20_000  # eval7's is a Monte Carlo of this many deals per hand
    theirs = eval7.py_all_hands_vs_range(
        eval7.HandRange(hero.replace(" ", "")),
        eval7.HandRange(villain.replace(" ", "")),
        [eval7.Card(c) for c in board.split()],
        trials,
    )
    assert len(mine) == len(theirs)
    for (a, b), value in theirs.items():
        exact = mine[Hand(f"{a} {b}")].equity[0]
        assert abs(exact - value) < 4.5 * max(math.sqrt(exact * (1 - exact) / trials), 1e-4)


def test_win_and_tie_have_honest_standard_errors() -> None:
    hands, board = ["As Kd", "Ac Kh", "7c 7d"], "Qs Js 4s"  # many split pots
    exact = equity(hands, board=board, exact=True)
    mc = equity(hands, board=board, exact=False, trials=300_000, seed=8)
    assert len(mc.win_stderr) == len(mc.tie_stderr) == 3
    for values, errors, truth in (
        (mc.win, mc.win_stderr, exact.win),
        (mc.tie, mc.tie_stderr, exact.tie),
    ):
        for value, error, true in zip(values, errors, truth, strict=True):
            if true == 0:  # 7c 7d never ties: none seen, and no error claimed
                assert value == error == 0
                continue
            assert 0 < error < 0.01
            assert abs(value - true) < 4.5 * error
    assert exact.win_stderr == exact.tie_stderr == (0.0, 0.0, 0.0)
    # The errors say how far runs spread: 40 seeds, the spread within a factor of 1.5 of them.
    runs = [equity(hands, board=board, exact=False, trials=5_000, seed=s) for s in range(40)]
    for field, errors in (("win", "win_stderr"), ("tie", "tie_stderr"), ("equity", "stderr")):
        spread = np.std([getattr(r, field)[0] for r in runs], ddof=1)
        mean_error = np.mean([getattr(r, errors)[0] for r in runs])
        assert 1 / 1.5 < spread / mean_error < 1.5


@pytest.mark.skipif(not HAVE_EVAL7, reason="eval7 not installed")
def test_eval7_cards_and_ranges_are_accepted() -> None:
    import eval7

    hero = [eval7.Card("As"), eval7.Card("Ah")]
    board = [eval7.Card(c) for c in ("Qs", "Jd", "2c")]
    mine = equity(["As Ah", "KK, AKs"], board="Qs Jd 2c")
    assert equity([hero, eval7.HandRange("KK,AKs")], board=board) == mine
    assert equity([hero, "KK, AKs"], board=board, dead=[eval7.Card("3h")]) == equity(
        ["As Ah", "KK, AKs"], board="Qs Jd 2c", dead="3h"
    )
    weighted = eval7.HandRange("0.5(KK),AKs")
    assert equity([hero, weighted], board=board) == equity([hero, "0.5(KK), AKs"], board=board)


@pytest.mark.skipif(not HAVE_POKERKIT, reason="pokerkit not installed")
def test_pokerkit_cards_are_accepted() -> None:
    import pokerkit

    hero = list(pokerkit.Card.parse("AsAh"))
    board = pokerkit.Card.parse("QsJd2c")  # an iterator, as pokerkit gives it
    assert equity([hero, "KK"], board=board) == equity(["As Ah", "KK"], board="Qs Jd 2c")
    unknown = list(pokerkit.Card.parse("??"))
    with pytest.raises(CardTypeError, match="pokerkit"):
        equity([hero, unknown + unknown], board="Qs Jd 2c")


def test_foreign_objects_are_refused_naming_their_type() -> None:
    class Token:
        pass

    with pytest.raises(CardTypeError, match=r"Token.*is not a card"):
        equity([[Token(), Token()], "KK"])
    with pytest.raises(CardTypeError, match="Token"):
        equity(["As Ah", "KK"], board=[Token()])


def test_foreign_libraries_are_not_imported_unless_their_cards_are_passed() -> None:
    src = Path(__file__).resolve().parents[1] / "src"
    code = textwrap.dedent(
        f"""
        import sys
        sys.path.insert(0, {str(src)!r})
        from cartes.analysis import equity
        equity(["As Ah", "KK"], board="Qs Jd 2c")
        equity([["As", "Ah"], "KK"], board=["Qs", "Jd", "2c"], exact=False, trials=1000)
        print(sorted(m for m in ("eval7", "pokerkit") if m in sys.modules))
        """
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize(
    ("hand", "bad"),
    [("As Ax", "Ax"), ("AsAx", "Ax"), ("Zs Kd", "Zs"), ("As 1d", "1d"), ("As Kd Qx", "Qx")],
)
def test_a_mistyped_card_is_named(hand: str, bad: str) -> None:
    with pytest.raises(InvalidCardError, match=f"{bad} is not a card"):
        equity([hand, "KK"])


def test_ranges_and_mistyped_ranges_keep_their_messages() -> None:
    assert equity(["AKs", "KK"], board=RIVER).exact  # a range token is still a range
    with pytest.raises(RangeError, match="invalid range token 'AKz'"):
        equity(["AKz", "KK"])
    with pytest.raises(RangeError, match="invalid range token"):
        equity(["QQ+, AKx", "KK"])


def test_hand_equities_bad_input() -> None:
    with pytest.raises(OptionError, match="player must be one of 0, 1"):
        hand_equities(["AA", "KK"], player=2)
    with pytest.raises(OptionError, match="one card"):
        hand_equities(["As", "KK"])
    random_hand = hand_equities(["", "AA"], board="2c 7d 9h Js Kc")
    assert len(random_hand) == math.comb(52 - 5, 2)  # a random hand: every hand the board leaves
