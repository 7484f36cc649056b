"""The pot oracle checked on its own: hand-worked examples from SPEC revision 3 (every row of
7½'s settlement, side pots, odd chips, the rankings' corner cases), its evaluator against the
library's, and the SPEC's five-card counts. The random-play harness then trusts it."""

from __future__ import annotations

import collections
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from _pot_oracle import (
    best_of,
    five_value,
    layered_pots,
    multiplicity_value,
    siete_payouts,
    split_in_order,
)
from _siete import play, start
from cartes import Card, Deck
from cartes.evaluation import evaluate
from cartes.games import Bet, Draw, Muerta, Stand
from cartes.games.siete_y_medio.events import Settled


def cards(text):
    return [Card(c) for c in text.split()]


# -- side pots and splits (§1.8, §2.7) ---------------------------------------------------------


def test_layers_close_at_each_live_level_and_folded_chips_stay_in():
    assert layered_pots([10, 25, 25, 5], {0, 1, 2}) == [(35, {0, 1, 2}), (30, {1, 2})]
    # seat 2 folded after putting in 30: its chips above every live level join the last pot
    assert layered_pots([10, 5, 30], {0, 1}) == [(15, {0, 1}), (30, {0})]


def test_an_empty_pot_is_one_pot_contested_by_every_live_seat():
    assert layered_pots([0, 0, 0], {0, 2}) == [(0, {0, 2})]  # C-26


def test_odd_chips_go_one_each_from_the_first_in_order():
    assert split_in_order(11, [2, 0]) == ((2, 6), (0, 5))
    assert split_in_order(10, [1, 2, 0]) == ((1, 4), (2, 3), (0, 3))
    assert split_in_order(9, [3]) == ((3, 9),)


# -- the rankings --------------------------------------------------------------------------------


def test_cinco_figuras_sits_between_two_pair_and_trips_and_ties_like_a_flush():
    def calatone(text):
        return five_value(cards(text), calatone=True)

    assert calatone("Ah Ad Kc Qs Jh") > calatone("As Kh Kd Qc Qh")  # C-12: A A K Q J wins
    assert calatone("As Ah Kd Qc Js") > calatone("As Ah 5d 5c Kh")  # above two pair
    assert calatone("Ks Kh Kd Qc Js") > calatone("As Ah Kd Qc Js")  # trips above
    assert calatone("As Kh Kd Qc Qh") == calatone("Ad Kc Ks Qd Qs")  # may tie (suits: never)
    # the standard ranking has no such category: a pair of aces under two pair
    assert five_value(cards("Ah Ad Kc Qs Jh"), calatone=False) < five_value(
        cards("As Kh Kd Qc Qh"), calatone=False)


def test_the_ace_low_straight_of_a_stripped_deck_is_the_ace_and_the_four_lowest():
    wheel = five_value(cards("As 6h 7d 8c 9s"), calatone=True, lowest_rank=6)
    assert wheel[0] == 5
    assert wheel[1] == 9
    assert five_value(cards("As 6h 7d 8c 9s"), calatone=True)[0] == 0  # full deck: no straight
    assert five_value(cards("As 2h 3d 4c 5s"), calatone=False) < five_value(
        cards("2s 3h 4d 5c 6s"), calatone=False)


def test_partial_hands_count_groups_only():
    assert multiplicity_value(cards("9s 9h 2c")) > multiplicity_value(cards("As Kh Qc"))
    assert multiplicity_value(cards("9s 9h 2c 2d")) > multiplicity_value(cards("As Ah Kc Qd"))
    assert multiplicity_value(cards("9s 9h 9c 2d")) > multiplicity_value(cards("As Ah Kc Kd"))
    assert multiplicity_value(cards("Ks Qh Jc Ts")) == multiplicity_value(cards("Kh Qd Jd Td"))


@settings(max_examples=300, deadline=None)
@given(st.permutations(range(52)), st.sampled_from(["standard", "calatone"]))
def test_the_oracles_order_is_the_evaluators(order, ranking):
    deck = Deck.french().cards
    a, b = [deck[i] for i in order[:5]], [deck[i] for i in order[5:10]]
    calatone = ranking == "calatone"

    def sign(x):
        return (x > 0) - (x < 0)

    mine = five_value(a, calatone=calatone), five_value(b, calatone=calatone)
    theirs = evaluate(a, ranking).strength, evaluate(b, ranking).strength
    assert sign((mine[0] > mine[1]) - (mine[0] < mine[1])) == sign(theirs[0] - theirs[1])
    seven = [deck[i] for i in order[10:17]]
    assert best_of(seven, calatone=calatone)[0] == max(
        five_value(five, calatone=calatone) for five in itertools.combinations(seven, 5))


@pytest.mark.soak
def test_the_five_card_calatone_counts_are_the_specs():
    """SPEC §1.10, by full enumeration of the C(52, 5) hands."""
    names = ["high card", "pair", "two pair", "five figures", "trips", "straight", "flush",
             "full", "quads", "straight flush"]
    counts = collections.Counter(
        names[five_value(five, calatone=True)[0]]
        for five in itertools.combinations(Deck.french().cards, 5))
    assert counts == {"straight flush": 40, "quads": 624, "full": 3744, "flush": 5108,
                      "straight": 10200, "trips": 54912, "five figures": 3264,
                      "two pair": 121824, "pair": 1096704, "high card": 1302540}


# -- siete y medio, §3.5 row by row ---------------------------------------------------------------
# Three seats, the bank at 0: seat 2 is dealt first, then seat 1, then the bank; the rest of the
# deck follows in the order written. Totals are in half-points (7½ is 15).

SEVEN_AND_HALF_HANDS = [
    # row 4: the privileged 7½ (seat 2, first in turn) against a bank standing on 6: 2×, the
    # bank; seat 1's 7 beats the bank's 6: 1×
    ("privileged", "12o 5c 6e 7c 2b", {}, [Bet(2), Draw(), Bet(3), Draw(), Stand(), Stand()],
     [(2, 0, 15, "privileged", 4), (1, 0, 14, "win", 3)], (-7, 3, 4), 2),
    # row 5, revision 3 (M-15): the bank busts, every live hand is paid once, nobody takes it
    ("bank bust", "12o 5c 6e 7c 2b 7o", {},
     [Bet(2), Draw(), Bet(3), Draw(), Stand(), Draw()],
     [(2, 0, 15, "win", 2), (1, 0, 14, "win", 3)], (-5, 3, 2), None),
    # the option bust_pays_double: the common usage, 2× and the bank on a bank bust too
    ("bust pays double", "12o 5c 6e 7c 2b 7o", {"bust_pays_double": True},
     [Bet(2), Draw(), Bet(3), Draw(), Stand(), Draw()],
     [(2, 0, 15, "privileged", 4), (1, 0, 14, "win", 3)], (-7, 3, 4), 2),
    # row 2: the bank's 7½ wins every hand, a 7½ included (ties go to the bank)
    ("bank 7½", "12o 5c 7e 7c 2b 10o", {},
     [Bet(2), Draw(), Bet(3), Draw(), Stand(), Draw()],
     [(2, 0, 15, "bank_seven_and_half", -2), (1, 0, 14, "bank_seven_and_half", -3)],
     (5, -3, -2), None),
    # row 3: a muerta's 7½ is paid 3× and does not take the bank (M-14); row 6: 6 against
    # the bank's 6 loses (M-20)
    ("muerta", "7o 5c 6e 12c 1b", {}, [Bet(1), Muerta(), Bet(3), Draw(), Stand(), Stand()],
     [(2, 0, 15, "muerta", 3), (1, 0, 12, "lose", -3)], (0, -3, 3), None),
    # row 1 at the settlement: the muerta's unseen card busts it
    ("muerta bust", "7o 5c 6e 1c 2b", {}, [Bet(2), Muerta(), Bet(1), Draw(), Stand(), Stand()],
     [(2, 0, 16, "bust", -2), (1, 0, 14, "win", 1)], (1, 1, -2), None),
]


@pytest.mark.parametrize(("case", "text", "options", "actions", "settled", "payoffs", "takes"),
                         SEVEN_AND_HALF_HANDS, ids=[c[0] for c in SEVEN_AND_HALF_HANDS])
def test_each_settlement_row(case, text, options, actions, settled, payoffs, takes):
    state = play(start(text, players=3, bank=0, **options), *actions)
    assert state.is_terminal
    expected = siete_payouts(state.history, state.game)
    assert expected.settled == settled
    assert expected.payoffs == payoffs
    assert expected.takes == takes
    assert expected.next_bank == (0 if takes is None else takes)
    # and the driver agrees
    assert [(e.seat, e.calle, e.total, e.outcome, e.amount) for e in state.history
            if isinstance(e, Settled)] == settled
    assert state.payoffs == payoffs


def test_a_punter_bust_is_collected_at_once_and_the_bank_need_not_play():
    state = play(start("7o 7c 6e 5b 6c", players=3, bank=0), Bet(2), Draw(), Bet(3), Draw())
    assert state.is_terminal
    expected = siete_payouts(state.history, state.game)
    assert expected.busts == {(2, 0): (24, 2), (1, 0): (26, 3)}
    assert expected.settled == []  # M-40: no live hand, no bank turn, nothing to settle
    assert expected.payoffs == (5, -3, -2)


def test_with_the_bank_rotating_the_privileged_is_still_paid_double():
    state = play(start("12o 5c 6e 7c 2b", players=3, bank=0, bank_passes="every_hand"),
                 Bet(2), Draw(), Bet(3), Draw(), Stand(), Stand())
    expected = siete_payouts(state.history, state.game)
    assert expected.settled[0] == (2, 0, 15, "privileged", 4)  # M-38
    assert expected.takes is None
    assert expected.next_bank == 2  # the bank's right
