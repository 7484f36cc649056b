"""Equity: exact results against brute force (naive evaluator), Monte Carlo against exact,
symmetry, conservation, ranges, errors, determinism."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cartes import Card
from cartes.analysis import Equity, HandRange, equity, seven_card_equity
from cartes.errors import (
    DeckError,
    DuplicateCardError,
    HandSizeError,
    OptionError,
    RangeError,
    SeedError,
    UnknownRankingError,
)
from naive_poker import naive_best


def idx(text: str) -> list[int]:
    return [Card(t).index for t in text.split()]


def brute(sevens_known: list[list[int]], missing: list[int], shared: int, dead: list[int],
          calatone: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Equity, win and tie by dealing every completion in Python and valuing each hand with
    the naive evaluator. ``missing[p]`` own cards are dealt to player p, then ``shared`` board
    cards common to all (each group as a combination)."""
    players = len(sevens_known)
    used = {c for hand in sevens_known for c in hand} | set(dead)
    free = [c for c in range(52) if c not in used]
    share = np.zeros(players)
    win = np.zeros(players)
    tie = np.zeros(players)
    deals = 0

    def deal(p: int, pool: list[int], chosen: list[tuple[int, ...]]) -> None:
        nonlocal deals
        if p == players:
            for board in itertools.combinations(pool, shared):
                values = [
                    naive_best(np.array(sevens_known[q] + list(chosen[q]) + list(board)), calatone)
                    for q in range(players)
                ]
                best = max(values)
                winners = [q for q in range(players) if values[q] == best]
                for q in winners:
                    share[q] += 1 / len(winners)
                    (win if len(winners) == 1 else tie)[q] += 1
                deals += 1
            return
        for own in itertools.combinations(pool, missing[p]):
            rest = [c for c in pool if c not in own]
            deal(p + 1, rest, [*chosen, own])

    deal(0, free, [])
    return share / deals, win / deals, tie / deals


def check(result: Equity, expected: tuple[np.ndarray, np.ndarray, np.ndarray]) -> None:
    assert result.exact
    np.testing.assert_allclose(result.equity, expected[0], atol=1e-12)
    np.testing.assert_allclose(result.win, expected[1], atol=1e-12)
    np.testing.assert_allclose(result.tie, expected[2], atol=1e-12)


@pytest.mark.parametrize("ranking", ["standard", "calatone"])
@pytest.mark.parametrize(
    ("hands", "board"),
    [
        (["As Ah", "Kd Kc"], "Qs Jd 2c 3h"),
        (["Ah Kh", "Qc Qd", "Jh Ts"], "Qh 9h 2c"),
        (["As Kd", "Ac Kh"], "Qs Js 4s"),  # many split pots
        (["Ks Kd", "Qh"], "Jc Qd Ah As"),  # one card of a hand unknown
    ],
)
def test_board_equity_matches_brute_force(hands: list[str], board: str, ranking: str) -> None:
    calatone = ranking == "calatone"
    known = [idx(h) for h in hands]
    b = idx(board)
    # Board cards are known cards common to every player; the unknown ones are dealt last.
    expected = brute([k + b for k in known], [2 - len(k) for k in known], 5 - len(b), [],
                     calatone)
    check(equity(hands, board=board, ranking=ranking), expected)


@pytest.mark.parametrize("ranking", ["standard", "calatone"])
def test_seven_card_equity_matches_brute_force(ranking: str) -> None:
    players = ["As Ad Kc Kd Qh 2c", "7h 8h 9h Th 2d 5s", "Jc Js 5d 5h 3c 3s 4h"]
    dead = "4c 4d 6h"
    known = [idx(p) for p in players]
    expected = brute(known, [7 - len(k) for k in known], 0, idx(dead), ranking == "calatone")
    check(seven_card_equity(players, dead=dead, ranking=ranking), expected)


def test_calatone_and_standard_differ_where_five_figures_plays() -> None:
    # Two pair of figures against a pair of aces on a known river: in calatone the hand made
    # of five figures with the ace pair is cinco figuras; in standard two pair wins.
    hands = ["Kc Kd Qc Qd Jh 2s 3s", "Ac Ad Kh Qh Jc 4s 5s"]
    standard = seven_card_equity(hands, ranking="standard")
    calatone = seven_card_equity(hands, ranking="calatone")
    assert standard.equity == (1.0, 0.0)
    assert calatone.equity == (0.0, 1.0)


def test_monte_carlo_is_within_its_error_of_exact() -> None:
    for ranking in ("standard", "calatone"):
        exact = equity(["Ah Kh", "Qc Qd", ""], board="Qh 9h", ranking=ranking, exact=True)
        mc = equity(["Ah Kh", "Qc Qd", ""], board="Qh 9h", ranking=ranking, exact=False,
                    trials=300_000, seed=11)
        assert not mc.exact
        assert mc.deals == 300_000
        for e, m, s in zip(exact.equity, mc.equity, mc.stderr, strict=True):
            assert 0 < s < 0.01
            assert abs(e - m) < 4.5 * s


def test_seven_card_monte_carlo_within_error() -> None:
    players = ["As Ad Kc", "7h 8h 9h"]
    mc = seven_card_equity(players, dead="Qs 2c", trials=400_000, seed=5, exact=False)
    # Exact by symmetry is out of reach here; compare with a smaller exact case instead.
    assert abs(sum(mc.equity) - 1) < 1e-12
    exact = seven_card_equity(["As Ad Kc Qd 5h", "7h 8h 9h 2s 3s"], dead="Qs 2c")
    approx = seven_card_equity(["As Ad Kc Qd 5h", "7h 8h 9h 2s 3s"], dead="Qs 2c",
                               exact=False, trials=300_000, seed=9)
    assert abs(exact.equity[0] - approx.equity[0]) < 4.5 * approx.stderr[0]


def test_suit_symmetric_hands_have_equal_equity() -> None:
    result = equity(["As Ks", "Ah Kh"])  # every preflop board, 1,712,304 deals
    assert result.exact
    assert result.deals == 1_712_304
    assert result.equity[0] == result.equity[1] == 0.5
    assert result.win[0] == result.win[1]


def test_dead_cards_averaged_over_give_the_same_equity() -> None:
    # Removing one unseen card at random is the same as not removing it: the mean over every
    # possible dead card of the equity with it dead is the equity without.
    hands, board = ["Ah Kh", "Qc Qd"], "Qh 9h 2c 3s"
    base = equity(hands, board=board)
    seen = set(idx("Ah Kh Qc Qd Qh 9h 2c 3s"))
    per_dead = [
        equity(hands, board=board, dead=[c]).equity[0] for c in range(52) if c not in seen
    ]
    assert np.mean(per_dead) == pytest.approx(base.equity[0], abs=1e-12)


def test_range_equity_is_the_weighted_mean_of_its_hands() -> None:
    hero, board = "Ah Kh", "Qh 9h 2c"
    villain = HandRange("QQ+, 0.5(AKs), 25%(T9s)")
    result = equity([hero, villain], board=board)
    assert result.exact
    total = weight_sum = 0.0
    blocked = set(idx(hero + " " + board))
    for hand, weight in villain.combos:
        if blocked & {c.index for c in hand}:
            continue
        total += weight * equity([hero, hand], board=board).equity[0]
        weight_sum += weight
    assert result.equity[0] == pytest.approx(total / weight_sum, abs=1e-12)
    mc = equity([hero, villain], board=board, exact=False, trials=200_000, seed=2)
    assert abs(mc.equity[0] - result.equity[0]) < 4.5 * mc.stderr[0]


def test_two_ranges_exact_and_monte_carlo_agree() -> None:
    exact = equity(["KK+", "AKs, QQ"], board="Js 8d 3c 2h", exact=True)
    mc = equity(["KK+", "AKs, QQ"], board="Js 8d 3c 2h", exact=False, trials=200_000, seed=4)
    assert abs(mc.equity[0] - exact.equity[0]) < 4.5 * mc.stderr[0]


@settings(max_examples=25)
@given(st.data())
def test_equities_sum_to_one_and_river_ignores_dead_cards(data: st.DataObject) -> None:
    players = data.draw(st.integers(2, 4))
    cards = data.draw(st.permutations(range(52)))
    holes = [cards[2 * p : 2 * p + 2] for p in range(players)]
    board = cards[2 * players : 2 * players + 5]
    dead = cards[2 * players + 5 : 2 * players + 5 + data.draw(st.integers(0, 3))]
    ranking = data.draw(st.sampled_from(["standard", "calatone"]))
    river = equity(holes, board=board, ranking=ranking)
    assert sum(river.equity) == pytest.approx(1)
    assert all(w + t <= 1 for w, t in zip(river.win, river.tie, strict=True))
    assert equity(holes, board=board, dead=dead, ranking=ranking) == river
    turn = equity(holes, board=board[:4], dead=dead, ranking=ranking)
    assert sum(turn.equity) == pytest.approx(1)
    assert all(0 <= t <= 1 for t in turn.tie)


def test_same_seed_same_result_on_any_number_of_threads() -> None:
    args = (["Ah Kh", "Qc Qd", ""],)
    one = equity(*args, exact=False, trials=150_000, seed=3, threads=1)
    two = equity(*args, exact=False, trials=150_000, seed=3, threads=2)
    assert one == two
    assert equity(*args, exact=False, trials=150_000, seed=4, threads=1) != one
    rng = np.random.default_rng(8)
    assert equity(*args, exact=False, trials=1000, seed=rng) == equity(
        *args, exact=False, trials=1000, seed=np.random.default_rng(8)
    )


@pytest.mark.parametrize("threads", [2, 3])
def test_blocks_of_chunks_taken_by_threads_add_up_to_the_one_thread_result(threads) -> None:
    """A threaded Monte Carlo hands out blocks of chunks to whichever thread is free
    (equity.run_chunks): the counts must not depend on which thread played which block."""
    from cartes.analysis import hand_equities
    from cartes.analysis.equity import CHUNK

    trials = 11 * CHUNK + 5  # twelve chunks, in blocks of unequal size
    for hands in (["As Ah", "QQ+, AKs, JTs"], ["As Ah", "Kd Kc", "7c 8c"]):
        one = equity(hands, board="Qs Jd 2c", exact=False, trials=trials, seed=9, threads=1)
        assert equity(hands, board="Qs Jd 2c", exact=False, trials=trials, seed=9,
                      threads=threads) == one
    by_hand = [["AA, KK", "QQ+, AKs"], "Qs Jd 2c"]
    assert hand_equities(*by_hand, exact=False, trials=trials, seed=2, threads=threads) == (
        hand_equities(*by_hand, exact=False, trials=trials, seed=2, threads=1)
    )


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: equity(["As Ks", "As Qd"]), DuplicateCardError, "card As is given twice"),
        (lambda: equity(["As Ks", "Qd Qc"], board="As"), DuplicateCardError, "the board"),
        (lambda: equity(["As Ks Qs", "Qd Qc"]), HandSizeError, "2 hole cards"),
        (lambda: equity(["As Ks", "Qd"], board="2c 3c 4c 5c 6c 7c"), HandSizeError, "at most 5"),
        (lambda: equity(["As Ks", "Qd"], ranking="lowball"), UnknownRankingError, "lowball"),
        (lambda: equity(["As Ks"]), OptionError, "2 to 10"),
        (lambda: equity("As Ks"), OptionError, "a list of hands"),
        (lambda: equity(["As Ks", "AKz"]), RangeError, "neither cards"),
        (lambda: equity(["As Ks", "AdKd"], dead="Kd"), DuplicateCardError, "dead cards"),
        (lambda: equity(["Ac Ad", "AA"], dead="Ah As"), RangeError, "no hand left"),
        (lambda: equity(["AsAh", "0.5(AcAd)", "AcAd"]), RangeError, "no hand left"),
        (lambda: equity(["AsKs", "AdAc, AhAd", "AcAh, AdAc"], exact=False), RangeError,
         "no deal"),
        (lambda: equity(["As Ks", ""], trials=0), OptionError, "trials"),
        (lambda: equity(["As Ks", ""], threads=0), OptionError, "threads"),
        (lambda: equity(["As Ks", ""], exact="yes"), OptionError, "exact"),  # type: ignore
        (lambda: equity(["As Ks", ""], exact=False, seed=-1), SeedError, "seed"),
        (lambda: seven_card_equity(["As Ks Qs Js Ts 9s 8s 7s", "2c"]), HandSizeError, "at most"),
        (lambda: seven_card_equity(["2c"] * 9), OptionError, "2 to 8"),
        (lambda: seven_card_equity(["", "", "", "", "", "", "", ""]), DeckError, "do not fit"),
    ],
)
def test_bad_input_gets_a_clear_error(call, error, message) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(error, match=message):
        call()


def test_results_print_as_a_table() -> None:
    text = str(equity(["As Ks", ""], exact=False, trials=1000, seed=1))
    assert "Monte Carlo, 1,000 deals" in text
    assert "player 1: equity" in text
    assert "±" in text


def test_observation_equity_uses_what_the_seat_sees() -> None:
    from cartes.analysis import observation_equity
    from cartes.games import get
    from cartes.play import RandomAgent, SeatView

    state = get("seven-card-stud", players=4).start(seed=11)
    agent = RandomAgent(5)
    # Play until someone has folded and the hand is still on.
    while not state.is_terminal and not any(state.observation(None).folded):
        state.apply(agent.act(SeatView(state, state.to_act)))
    assert not state.is_terminal
    obs = state.observation(0)
    live = [s for s, f in enumerate(obs.folded) if not f]
    known = [[c for c in obs.cards[s] if c is not None] for s in live]
    folded_up = [c for s, f in enumerate(obs.folded) if f for c in obs.cards[s] if c is not None]
    assert folded_up  # a folded seat's up cards are seen, so dead
    result = observation_equity(obs, trials=50_000, seed=2, exact=False)
    direct = seven_card_equity(known, dead=sorted(obs.visible_cards() - {c for k in known
                                                                         for c in k}),
                               trials=50_000, seed=2, exact=False)
    assert result.seats == tuple(live)
    assert result.equity == direct.equity
    assert set(folded_up) <= obs.visible_cards() - {c for k in known for c in k}
    spectator = observation_equity(state.observation(None), trials=20_000, seed=2, exact=False)
    assert spectator.seats == tuple(live)
    assert sum(spectator.equity) == pytest.approx(1)
