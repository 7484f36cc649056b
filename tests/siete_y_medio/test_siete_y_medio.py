"""Siete y medio scenarios on stacked decks: every row of the settlement table (SPEC §3.5) and
every decision M-1 to M-43 (SPEC revision 3; the rules it changed are in test_siete_rev3.py),
each test named after what it checks.

With three seats and the bank at seat 0 the punters play in the order 2, 1 (counter-clockwise
from the bank's right); the deal gives seat 2, seat 1, then the bank one card each, and the
cards after that go out in the order they are asked for.
"""

from __future__ import annotations

import itertools

import pytest

from _siete import deck, events, play, start
from cartes import Deck, SpanishCard
from cartes.errors import ConfigurationError, IllegalActionError
from cartes.games import (
    Annul,
    Bet,
    Decline,
    Draw,
    Exchange,
    Keep,
    Muerta,
    OpenCalle,
    Raise,
    SieteYMedio,
    SitOut,
    Stand,
    Table,
    Vote,
    draw_first_bank,
    get,
    replay,
)
from cartes.games.dealing import CardDealt, Reshuffled, Shown
from cartes.games.siete_y_medio import TARGET, total
from cartes.games.siete_y_medio.events import (
    Annulled,
    BankTaken,
    Busted,
    CalleOpened,
    Declined,
    Exchanged,
    HandValid,
    Settled,
    StakesAgreed,
    Turned,
)
from cartes.spanish import spanish_deck_cards


def outcomes(state):
    return [(e.seat, e.calle, e.outcome, e.amount) for e in events(state, Settled)]


def refuse(state, action, match, seat=None):
    """``action`` raises an IllegalActionError matching ``match`` and changes nothing."""
    before = state.clone()
    with pytest.raises(IllegalActionError, match=match):
        state.apply(action, seat=seat)
    assert state == before


# -- §3.5 settlement, one row each --------------------------------------------------------


def test_row1_m9_a_bust_pays_the_bank_at_once_even_if_the_bank_busts():
    state = start("7o 5c 6e  5b  4o")
    play(state, Bet(2), Draw())  # 7 + 5: bust
    assert state.balances == (2, 0, -2)  # collected at once (M-9)
    bust = events(state, Busted)[0]
    assert (bust.seat, bust.cards, bust.amount) == (2, (SpanishCard("7o"), SpanishCard("5b")), 2)
    play(state, Bet(1), Stand(), Draw())  # the bank: 6 + 4, bust too
    assert outcomes(state) == [(1, 0, "win", 1)]
    assert state.payoffs == (1, 1, -2)


def test_row2_the_bank_7_and_half_beats_every_hand_a_7_and_half_and_a_muerta_included():
    state = start("7o 5c 7e  10c  2b 11o  12e")
    play(state, Bet(1), Muerta(raise_by=2))  # 7 + sota: a muerta 7½ at 3 chips
    play(state, Bet(1), Draw(), Draw())  # 5 + 2 + ½ = 7½
    assert state.to_act == 0
    play(state, Draw())  # the bank: 7 + rey
    assert outcomes(state) == [(2, 0, "bank_seven_and_half", -3),
                               (1, 0, "bank_seven_and_half", -1)]
    assert state.payoffs == (4, -1, -3)
    assert not events(state, BankTaken)
    assert state.next_button == 0


def test_row3_a_muerta_7_and_half_is_paid_triple():
    state = start("7o 5c 5e  10c")
    play(state, Bet(2), Muerta(raise_by=1), Bet(1), Stand(), Stand())
    assert outcomes(state) == [(2, 0, "muerta", 9), (1, 0, "lose", -1)]
    assert state.payoffs == (-8, -1, 9)


def test_row4_the_privileged_7_and_half_is_paid_double_and_takes_the_bank():
    state = start("7o 5c 6e  11o  2b 12c")
    play(state, Bet(3), Draw(), Bet(2), Draw(), Draw(), Stand())  # 7½ and 7½ against 6
    assert outcomes(state) == [(2, 0, "privileged", 6), (1, 0, "win", 2)]
    assert events(state, BankTaken) == [BankTaken(2)]
    assert state.next_button == 2
    assert state.payoffs == (-8, 2, 6)


def test_row5_a_higher_hand_or_a_bank_bust_is_paid_once():
    state = start("6o 2c 5e  1o  4b 1c  6b")
    play(state, Bet(3), Draw(), Stand(), Bet(1), Draw(), Draw(), Stand())  # 7 and 7
    play(state, Stand())  # against the bank's 5
    assert outcomes(state) == [(2, 0, "win", 3), (1, 0, "win", 1)]
    state = start("6o 2c 5e  1o  1c  6b")
    play(state, Bet(3), Draw(), Stand(), Bet(1), Draw(), Stand(), Draw())  # bank busts: 11
    assert outcomes(state) == [(2, 0, "win", 3), (1, 0, "win", 1)]
    assert state.payoffs == (-4, 1, 3)


def test_m20_row6_the_bank_wins_ties_and_lower_hands():
    state = start("6o 2c 5e  1o  4b  2b")
    play(state, Bet(3), Draw(), Stand(), Bet(1), Draw(), Stand())  # 7 and 6
    play(state, Draw(), Stand())  # the bank: 5 + 2 = 7
    assert outcomes(state) == [(2, 0, "lose", -3), (1, 0, "lose", -1)]
    assert state.payoffs == (4, -1, -3)


def test_m20_ties_go_to_the_bank_even_7_and_half_against_7_and_half():
    state = start("5o 3c 7e  5b  2b  10o")
    play(state, Bet(1), Draw())  # 5 + 5: bust
    play(state, Bet(1), Draw())  # 3 + 2 = 5
    play(state, Stand())  # seat 1 stands on 5
    play(state, Stand())  # the bank stands on 7: 5 < 7 loses
    assert outcomes(state) == [(1, 0, "lose", -1)]
    state = start("5o 7c 7e  2b  10b  10o")
    play(state, Bet(1), Draw(), Draw())  # 5 + 2 + ½ = 7½, seat 2
    play(state, Bet(1), Stand(), Draw())  # seat 1 on 7; the bank 7 + ½ = 7½
    assert outcomes(state) == [(2, 0, "bank_seven_and_half", -1), (1, 0, "bank_seven_and_half",
                                                                  -1)]
    state = start("5o 7c 5e  2b  12b")
    play(state, Bet(1), Draw(), Stand(), Bet(1), Stand(), Draw(), Stand())  # 7, 7 vs bank 5½
    assert outcomes(state) == [(2, 0, "win", 1), (1, 0, "win", 1)]
    state = start("5o 7c 7e  2b")
    play(state, Bet(1), Draw(), Stand(), Bet(1), Stand(), Stand())  # 7 and 7 against 7
    assert outcomes(state) == [(2, 0, "lose", -1), (1, 0, "lose", -1)]


# -- several 7½ at once -------------------------------------------------------------------


def test_m15_m28_several_7_and_half_only_the_first_in_turn_order_is_privileged():
    state = start("7o 7c 7e 7b 5o  10o 10c 10e", players=5)  # order 4, 3, 2, 1
    for _ in range(3):
        play(state, Bet(2), Draw())  # seats 4, 3, 2: 7 + sota = 7½
    play(state, Bet(1), Stand(), Stand())  # seat 1 on 7; the bank stands on 5
    assert outcomes(state) == [(4, 0, "privileged", 4), (3, 0, "win", 2), (2, 0, "win", 2),
                               (1, 0, "win", 1)]
    assert state.next_button == 4


def test_m14_m28_a_muerta_7_and_half_is_not_privileged_and_does_not_take_the_bank():
    state = start("7o 5c 5e  10c  2b 11o")
    play(state, Bet(1), Muerta())  # seat 2: muerta 7½
    play(state, Bet(1), Draw(), Draw())  # seat 1: 7½, the privileged one
    play(state, Stand())
    assert outcomes(state) == [(2, 0, "muerta", 3), (1, 0, "privileged", 2)]
    assert state.next_button == 1


def test_m15_m28_a_bank_bust_pays_the_first_7_and_half_once_and_keeps_the_bank():
    state = start("7o 5c 6e  10c  5b")
    play(state, Bet(1), Draw(), Bet(1), Stand(), Draw())  # the bank 6 + 5: bust
    assert outcomes(state) == [(2, 0, "win", 1), (1, 0, "win", 1)]
    assert state.next_button == 0
    state = start("7o 5c 6e  10c  5b", bust_pays_double=True)  # the common usage
    play(state, Bet(1), Draw(), Bet(1), Stand(), Draw())
    assert outcomes(state) == [(2, 0, "privileged", 2), (1, 0, "win", 1)]
    assert state.next_button == 2


def test_m15_a_7_and_half_may_have_any_number_of_cards():
    state = start("1o 5c 6e  1c 1e 1b 10o 11o 12o 10c 11c 12c 10e")
    play(state, Bet(1), *[Draw()] * 10)  # four aces and seven figures: 4 + 3½
    assert len(state.calles(2)[0]) == 11
    assert total(state.calles(2)[0]) == TARGET
    assert state.to_act == 1  # 7½ ended the turn
    play(state, Bet(1), Stand(), Stand())
    assert outcomes(state)[0] == (2, 0, "privileged", 2)


def test_m14_muerta_against_a_bank_7_and_half_and_a_bank_bust():
    state = start("7o 5c 7e  10c  12e")
    play(state, Bet(1), Muerta(), Bet(1), Stand(), Draw())  # bank 7½
    assert outcomes(state)[0] == (2, 0, "bank_seven_and_half", -1)
    state = start("7o 5c 6e  10c  6o")
    play(state, Bet(1), Muerta(), Bet(1), Stand(), Draw())  # bank busts on 12
    assert outcomes(state) == [(2, 0, "muerta", 3), (1, 0, "win", 1)]
    state = start("7o 5c 6e  1c  6o")
    play(state, Bet(1), Muerta(), Bet(1), Stand(), Draw())  # the muerta is 8: a bust
    assert outcomes(state) == [(2, 0, "bust", -1), (1, 0, "win", 1)]


def test_m14_muerta_card_is_seen_by_nobody_until_the_settlement():
    state = start("7o 5c 6e  10c")
    play(state, Bet(1), Muerta())
    assert events(state, Turned)[0] == Turned(2, 0, SpanishCard("7o"))  # the 7 is shown
    assert events(state, CardDealt)[-1].blind
    for seat in (None, 0, 1, 2):
        assert SpanishCard("10c") not in state.observation(seat).visible_cards()
    with pytest.raises(IllegalActionError):
        state.apply(Draw(), seat=2)  # the hand is finished
    play(state, Bet(1), Stand(), Stand())
    assert events(state, Shown)[0] == Shown(2, (SpanishCard("7o"), SpanishCard("10c")), "", 0)
    assert SpanishCard("10c") in state.observation(1).visible_cards()


def test_m14_muerta_only_on_a_first_7_still_alone():
    state = start("7o 5c 6e  1o")
    play(state, Bet(1))
    assert Muerta(up_to=2) in state.legal_actions()
    play(state, Draw())  # 7 + 1: bust
    assert not any(isinstance(a, Muerta) for a in state.legal_actions())
    state = start("6o 5c 7e  1o")
    play(state, Bet(1))
    assert not any(isinstance(a, Muerta) for a in state.legal_actions())
    refuse(state, Muerta(), "first 7")


# -- calles (M-13, M-21 to M-25) -----------------------------------------------------------


def test_m13_calles_with_7_and_half_in_two_only_the_leftmost_is_double():
    state = start("10o 5c 6e  11o  7c  7b")
    play(state, Bet(1))  # a sota: any card asked for may open a calle if it is a figure
    assert state.legal_actions() == (
        Stand(), Draw(up_to=2), OpenCalle(1, up_to=3, raise_up_to=2),
        Draw(down=True, up_to=2), OpenCalle(1, down=True, up_to=3, raise_up_to=2),
    )
    play(state, OpenCalle(2))  # decided before the card is seen: the caballo opens calle 1
    assert events(state, CalleOpened) == [CalleOpened(2, 1, 0)]
    play(state, Draw(calle=0))  # sota + 7 = 7½ on calle 0: no more calles can open
    # calle 1's caballo came face up: its next card comes face down (M-23)
    assert state.legal_actions() == (Draw(calle=1, down=True, up_to=1),)
    play(state, Draw(calle=1, down=True))  # caballo + 7 = 7½
    play(state, Bet(1), Stand(), Stand())
    assert outcomes(state) == [(2, 0, "privileged", 2), (2, 1, "win", 2), (1, 0, "lose", -1)]


def test_m13_a_calle_needs_a_figure_and_each_its_own_bet_within_the_limits():
    state = start("10o 5c 6e  11o")
    play(state, Bet(1))
    refuse(state, OpenCalle(4), "a new calle's bet must be 1 to 3")
    play(state, OpenCalle(3))
    assert state.observation(2).extra["calles"][2][1][2] == 3  # calle 1's own bet
    state = start("5o 5c 6e  11o")
    play(state, Bet(1))  # not a figure first: no calle can open
    assert not any(isinstance(a, OpenCalle) for a in state.legal_actions())
    refuse(state, OpenCalle(1), "figure")
    state = start("10o 5c 6e  5b 11o")
    play(state, Bet(1), OpenCalle(2))  # not a figure: it joins calle 0, nothing opens
    assert state.calles(2) == ((SpanishCard("10o"), SpanishCard("5b")),)
    assert not events(state, CalleOpened)
    refuse(state, OpenCalle(1), "figure")


def test_m13_no_calles_once_a_non_figure_arrived():
    state = start("10o 5c 6e  2o 11o")
    play(state, Bet(1), Draw(), Draw())  # 2, then a caballo: no choice, it joins the calle
    assert state.phase == "play"
    assert len(state.calles(2)) == 1


def test_m13_the_bank_opens_no_calles():
    state = start("5o 5c 10e  11o")
    play(state, Bet(1), Stand(), Bet(1), Stand(), Draw())  # the bank draws a figure to a sota
    assert state.phase == "bank"
    assert state.legal_actions() == (Stand(), Draw())
    assert state.calles(0) == ((SpanishCard("10e"), SpanishCard("11o")),)


def test_m22_order_of_play_with_calles():
    state = start("10o 5c 6e  11o 12o 2b  3b")
    play(state, Bet(1), OpenCalle(1))  # calles 0 and 1, its caballo face up
    play(state, OpenCalle(1, calle=1, down=True))  # a rey from calle 1's draw opens calle 2
    assert len(state.calles(2)) == 3
    # while calles can open, any of them may be named; the raise stays on the named one
    offered = {(a.calle, type(a).__name__) for a in state.legal_actions()}
    assert {c for c, _ in offered} == {0, 1, 2}
    play(state, Draw(calle=1, raise_by=1, down=True))  # a 2: no more calles; calle 1 first
    assert state.calles(2)[1][-1] == SpanishCard("2b")
    assert {a.calle for a in state.legal_actions()} == {1}
    play(state, Stand(calle=1))
    assert {a.calle for a in state.legal_actions()} == {0}  # then the leftmost unfinished
    play(state, Stand(calle=0))
    assert {a.calle for a in state.legal_actions()} == {2}
    refuse(state, Stand(calle=0), "cannot be played now")
    refuse(state, Stand(calle=5), "no calle 5")


def test_m23_a_calle_opened_by_a_face_up_figure_has_no_hidden_card():
    state = start("10o 5c 6e  11o 4b")
    play(state, Bet(1), OpenCalle(1, down=False))
    calles = state.observation(0).extra["calles"][2]
    assert calles[1][1] == (True,)  # calle 1: its caballo face up
    assert calles[0][0] == (None,)  # calle 0 keeps its hidden sota
    play(state, Draw(calle=1, down=True))  # no hidden card to turn up: the 4 comes down
    assert not events(state, Turned)
    assert state.observation(2).extra["calles"][2][1][1] == (True, False)


def test_m8_one_hidden_card_the_player_choosing_which():
    state = start("2o 5c 6e  1b 1c")
    play(state, Bet(1), Draw(down=False))  # the 2 stays hidden, the ace face up
    assert state.observation(1).cards[2] == (None, SpanishCard("1b"))
    play(state, Draw(down=True))  # the 2 turned up first, the new ace comes down
    assert state.observation(1).cards[2] == (SpanishCard("2o"), SpanishCard("1b"), None)
    assert events(state, Turned) == [Turned(2, 0, SpanishCard("2o"))]


def test_m7_m24_raise_only_with_a_draw_within_the_maximum():
    state = start("2o 5c 6e  1b 1c")
    play(state, Bet(2))
    refuse(state, Raise(3), "only with a card")
    refuse(state, Draw(raise_by=2), "raise_by 0 to 1")
    play(state, Draw(raise_by=1))
    assert state.observation(0).committed[2] == 3
    refuse(state, Draw(raise_by=1), "raise_by 0 to 0")
    play(state, Stand())  # standing raises nothing


def test_m25_the_one_card_stand_only_at_the_minimum_bet():
    state = start("2o 5c 6e")
    play(state, Bet(2))
    refuse(state, Stand(), "minimum bet 1")
    state = start("2o 5c 6e")
    play(state, Bet(1), Stand())
    state = start("2o 5c 6e", modality=2)  # at 2 in modality 2
    play(state, Bet(2), Stand())
    state = start("10o 5c 6e  11o")
    play(state, Bet(2), OpenCalle(1))  # calle 0 at 2, calle 1 at 1: one card each
    offered = state.legal_actions()
    assert Stand(0) not in offered
    assert Stand(1) in offered


# -- the first card: 3s and 4s (M-11, M-12, M-21, M-29) --------------------------------------


def test_m11_a_punter_declines_on_a_first_3():
    state = start("3o 5c 6e")
    assert state.legal_actions() == (Decline(), Bet(1, up_to=3))
    play(state, Decline())
    assert events(state, Declined) == [Declined(2, SpanishCard("3o"))]
    assert state.to_act == 1
    assert state.observation(0).sitting_out[2]
    play(state, Bet(1), Stand(), Stand())
    assert state.payoffs[2] == 0


def test_m11_m12_only_a_first_3_declines_and_only_a_first_4_is_exchanged():
    state = start("5o 5c 6e")
    refuse(state, Decline(), "first 3")
    refuse(state, Exchange(), "first 4")
    state = start("4o 5c 6e  2b 4c")
    play(state, Bet(1), Draw())
    refuse(state, Exchange(), "first 4")


def test_m12_m21_a_4_exchanged_into_another_4_and_into_a_3():
    state = start("4o 5c 6e  4b 3c")
    assert state.legal_actions() == (Exchange(), Bet(1, up_to=3))
    play(state, Exchange())
    assert state.legal_actions() == (Exchange(), Bet(1, up_to=3))  # a new 4
    play(state, Exchange())
    assert state.legal_actions() == (Decline(), Bet(1, up_to=3))  # a 3: decline allowed
    assert events(state, Exchanged) == [Exchanged(2, SpanishCard("4o")),
                                        Exchanged(2, SpanishCard("4b"))]
    play(state, Decline())
    assert state.calles(2) == ()


def test_m21_a_4_exchanged_into_a_figure_may_open_calles():
    state = start("4o 5c 6e  10b 12b")
    play(state, Exchange(), Bet(1))
    assert OpenCalle(1, up_to=3, raise_up_to=2) in state.legal_actions()
    play(state, OpenCalle(1))
    assert events(state, CalleOpened) == [CalleOpened(2, 1, 0)]


def test_m12_m29_the_bank_exchanges_a_4_then_may_annul_on_a_3():
    state = start("5o 5c 4e  4b 3c", players=3)
    assert state.to_act == 0
    assert state.legal_actions() == (Exchange(), Keep())
    play(state, Exchange())
    assert state.legal_actions() == (Exchange(), Keep())
    play(state, Exchange())
    assert state.legal_actions() == (Annul(), Keep())
    play(state, Keep())  # the bank keeps its 3: the hand is valid
    assert events(state, HandValid) == [HandValid(0)]
    assert state.to_act == 2


def test_m29_the_bank_keeps_a_4():
    state = start("5o 5c 4e")
    play(state, Keep())
    assert state.calles(0) == ((SpanishCard("4e"),),)
    assert state.to_act == 2


def test_m11_m29_the_bank_annuls_on_a_3_and_the_full_deck_is_dealt_again():
    state = start("5o 5c 3e")
    play(state, Annul())
    annul = events(state, Annulled)
    assert annul == [Annulled(0, SpanishCard("3e"))]
    deals = events(state, CardDealt)
    assert len(deals) == 6
    assert state.button == 0
    assert state.reshuffles == 1
    redealt = [e.card for e in deals[3:]]
    assert len(set(redealt)) == 3  # a fresh shuffle of all 40 cards
    assert replay(state.to_json()) == state


def test_m29_only_the_bank_annuls_and_only_on_a_3():
    state = start("3o 5c 6e")
    refuse(state, Annul(), "only the bank")


# -- turns, bank, stock (M-5, M-9, M-10, M-16 to M-18, M-26, M-27) -----------------------------


def test_m5_deal_and_turn_order_counter_clockwise_from_the_banks_right():
    state = start("1o 2o 3o 5o 6o", players=5, bank=2)
    assert state.order == (1, 0, 4, 3)
    assert [e.seat for e in events(state, CardDealt)] == [1, 0, 4, 3, 2]
    seen = []
    while state.phase != "bank":
        seen.append(state.to_act)
        legal = state.legal_actions()
        play(state, Decline() if Decline() in legal else Bet(1))
        if not state.is_terminal and state.phase == "play":
            play(state, Stand())
    assert seen == [1, 0, 4, 3]


def test_m7_bets_in_turn_never_out_of_turn():
    state = start("5o 5c 6e")
    refuse(state, Bet(1), "cannot act now", seat=1)
    play(state, Bet(1))
    refuse(state, Bet(1), "legal actions")  # no second bet


def test_m10_7_and_half_ends_the_turn_and_its_hidden_card_stays_hidden():
    state = start("10o 5c 6e  7b")
    play(state, Bet(1), Draw())
    assert state.to_act == 1
    assert state.observation(1).cards[2] == (None, SpanishCard("7b"))
    state = start("10o 5c 6e  7b", reveal_seven_and_half=True)
    play(state, Bet(1), Draw())
    assert state.observation(1).cards[2] == (SpanishCard("10o"), SpanishCard("7b"))


def test_m18_the_bank_sees_only_exposed_cards_until_the_settlement():
    state = start("5o 5c 6e  1b")
    play(state, Bet(1), Draw(), Stand(), Bet(1), Stand())
    bank_view = state.observation(0)
    assert bank_view.cards[2] == (None, SpanishCard("1b"))
    assert bank_view.cards[1] == (None,)
    play(state, Stand())
    assert state.observation(0).cards[2] == (SpanishCard("5o"), SpanishCard("1b"))


def others_see_the_same(owner, first, second, players=3):
    """Play two hands whose decks differ only in cards ``owner`` keeps hidden, each ``(deck,
    actions)``: every other seat, and a spectator, must see the same thing after every step
    (cards, history, extra, legal actions, seat to act) until the last action settles."""
    (deck_a, actions_a), (deck_b, actions_b) = first, second
    state_a, state_b = start(deck_a, players), start(deck_b, players)
    assert state_a.initial_deck != state_b.initial_deck
    watchers = [s for s in range(players) if s != owner] + [None]
    for step, (a, b) in enumerate(zip(actions_a, actions_b, strict=True)):
        for seat in watchers:
            assert state_a.observation(seat) == state_b.observation(seat), (step, seat)
        play(state_a, a)
        play(state_b, b)
    assert state_a.is_terminal
    assert state_b.is_terminal


def test_m13_m18_a_figure_kept_looks_like_any_card_hidden_first_card_figure_or_not():
    bank_stands = [Bet(1), Stand(), Stand()]  # seat 1, then the bank
    # the review's case: a caballo comes face up on a hidden sota or on a hidden 5
    others_see_the_same(2, ("10o 5e 6c  11c", [Bet(1), Draw(), Stand(), *bank_stands]),
                        ("5o 5e 6c  11c", [Bet(1), Draw(), Stand(), *bank_stands]))
    # a player ready to open a calle, drawing a card that is not a figure, against a player
    # who could not open one
    others_see_the_same(2, ("10o 5e 6c  2b", [Bet(1), OpenCalle(2), Stand(), *bank_stands]),
                        ("5o 5e 6c  2b", [Bet(1), Draw(), Stand(), *bank_stands]))
    # the sota turned up, a figure or not taken face down, then a face-up card
    others_see_the_same(1, ("5o 10o 6c  11c 1b", [Bet(1), Stand(), Bet(1), Draw(down=True),
                                                  Draw(), Stand(), Stand()]),
                        ("5o 10o 6c  5c 1b", [Bet(1), Stand(), Bet(1), Draw(down=True),
                                              Draw(), Stand(), Stand()]))
    # with a calle open, a hidden figure kept in calle 1 or a hidden 3 there
    draws = [Bet(1), OpenCalle(1), Draw(calle=1, down=True)]
    others_see_the_same(2, ("10o 5e 6c  11c 12b 2o", [*draws, Draw(calle=1), Stand(calle=1),
                                                       Stand(calle=0), *bank_stands]),
                        ("10o 5e 6c  11c 3b 2o", [*draws, Draw(calle=1), Stand(calle=1),
                                                   Stand(calle=0), *bank_stands]))


def test_m13_a_figure_asked_for_as_a_calle_opens_it_publicly():
    state = start("10o 5e 6c  11c")
    play(state, Bet(1), OpenCalle(2, down=True))  # the sota turns up, the caballo comes down
    assert events(state, CalleOpened) == [CalleOpened(2, 1, 0)]
    assert state.observation(0).extra["calles"][2] == (
        ((SpanishCard("10o"),), (True,), 1, "open"), ((None,), (False,), 2, "open"))
    assert state.observation(2).extra["phase"] == "play"


def test_m9_busted_cards_leave_the_calle_so_no_card_shows_twice():
    state = start("5o 2c 1e  7b", fill=False)
    play(state, Bet(1), Draw())  # 5 + 7: the bust is shown, and the cards go to the discards
    assert state.calles(2) == ((),)
    assert events(state, Busted)[0].cards == (SpanishCard("5o"), SpanishCard("7b"))
    play(state, Bet(1), Draw())  # the discards are reshuffled: 5o or 7b comes again
    for seat in (None, 0, 1, 2):
        shown = [card for cards in state.observation(seat).cards for card in cards if card]
        assert len(shown) == len(set(shown)), seat
    house = [card for seat in range(3) for calle in state.calles(seat) for card in calle]
    assert len(house) == len(set(house))


def test_m17_m27_the_bank_draws_by_free_choice_and_plays_only_against_a_live_hand():
    state = start("5o 5c 7e  6b 6c")
    play(state, Bet(1), Stand(), Bet(1), Stand())
    assert state.legal_actions() == (Stand(), Draw())  # on 7, drawing is allowed
    state = start("5o 5c 7e  6b 6c")
    play(state, Bet(1), Draw(), Bet(1), Draw())  # both bust: the bank does not play
    assert state.is_terminal
    assert not [e for e in events(state, Turned) if e.seat == 0]
    assert state.observation(1).cards[0] == (None,)


def test_m27_a_muerta_keeps_the_bank_playing_and_the_bank_may_stand_on_one_card():
    state = start("7o 3c 6e  1o")
    play(state, Bet(1), Muerta(), Decline())
    assert state.phase == "bank"
    assert Stand() in state.legal_actions()
    play(state, Stand())
    assert outcomes(state) == [(2, 0, "bust", -1)]


def test_m16_every_hand_starts_from_a_fresh_full_deck():
    game = SieteYMedio(players=4)
    decks = {game.start(seed=s).initial_deck for s in range(5)}
    assert len(decks) == 5
    assert all(sorted(d) == sorted(spanish_deck_cards(40)) for d in decks)


def test_m16_m26_the_stock_running_out_reshuffles_the_discards_only():
    state = start("7o 1c 2e  6o", fill=False)  # four cards in all
    play(state, Bet(1), Draw())  # seat 2 busts: 7o and 6o to the discards
    play(state, Bet(1), Draw())  # the stock is empty
    reshuffle = events(state, Reshuffled)
    assert reshuffle == [Reshuffled(None, 2)]
    drawn = events(state, CardDealt)[-1].card
    assert drawn in (SpanishCard("7o"), SpanishCard("6o"))
    assert replay(state.to_json()) == state  # the seeded reshuffle replays


def test_m26_no_card_left_anywhere_no_draw_and_stand_is_allowed():
    state = start("2o 5c 1e  1o", players=3, fill=False)
    play(state, Bet(3), Draw())
    assert state.legal_actions() == (Stand(),)  # 2 cards: standing is allowed anyway
    state = start("2o 5c 1e", players=3, fill=False)
    play(state, Bet(3))
    assert state.legal_actions() == (Stand(),)  # one card above the minimum, yet no draw
    play(state, Stand(), Bet(1), Stand())
    assert state.legal_actions() == (Stand(),)  # the bank cannot draw either


# -- configuration, modalities, bank (M-1 to M-6, M-19) -----------------------------------------


def test_m1_the_40_card_deck_and_half_points():
    assert sum(c.half_points for c in spanish_deck_cards(40)) == 4 * 2 * 28 + 12
    assert TARGET == 15
    assert total([SpanishCard("7o"), SpanishCard("10c")]) == 15
    with pytest.raises(ConfigurationError, match="without 8s and 9s"):
        SieteYMedio(players=2).start(deck=Deck.stacked("8o 1c 1e", kind=SpanishCard))
    with pytest.raises(ConfigurationError, match="Spanish"):
        SieteYMedio(players=2).start(deck=Deck.french())


@pytest.mark.parametrize("players", [1, 9, 2.0, "4"])
def test_m2_2_to_8_participants(players):
    with pytest.raises(ConfigurationError, match="players"):
        SieteYMedio(players=players)


@pytest.mark.parametrize("players", range(2, 9))
def test_m2_every_table_size_plays(players):
    state = SieteYMedio(players=players).start(seed=players)
    assert len(state.order) == players - 1


def test_m3_first_bank_by_a_blind_draw_highest_or_lowest_ties_redraw():
    for seed in range(200):
        for highest in (True, False):
            draw = draw_first_bank(5, seed, highest=highest)
            pick = max if highest else min
            for before, after in zip(draw.rounds, draw.rounds[1:], strict=False):
                best = pick(card.rank for _, card in before)
                assert [s for s, _ in after] == [s for s, c in before if c.rank == best]
            last = draw.rounds[-1]
            best = pick(card.rank for _, card in last)
            assert [s for s, c in last if c.rank == best] == [draw.bank]
    assert any(len(draw_first_bank(8, s).rounds) > 1 for s in range(50))  # ties happen
    assert draw_first_bank(4, 9) == draw_first_bank(4, 9)


def test_m6_modalities_1_and_2():
    assert start("5o 5c 6e").legal_actions() == (Bet(1, up_to=3),)
    assert start("5o 5c 6e", modality=2).legal_actions() == (Bet(2, up_to=4),)
    with pytest.raises(ConfigurationError, match="modality-3 proposal"):
        SieteYMedio(modality=1, minimum=2, maximum=5)


@pytest.mark.parametrize(("punters", "accepts", "adopted"), [
    (1, 1, True), (1, 0, False), (2, 1, False), (2, 2, True), (3, 2, False), (3, 3, True),
    (4, 3, True), (4, 2, False), (5, 4, True), (5, 3, False), (7, 6, True), (7, 5, False),
])
def test_m6_modality_3_needs_three_quarters_of_the_punters_rounded_up(punters, accepts, adopted):
    state = SieteYMedio(players=punters + 1, modality=3, minimum=5, maximum=10).start(seed=1)
    assert state.phase == "vote"
    assert not events(state, CardDealt)
    for number in range(punters):
        play(state, Vote(number < accepts))
    agreed = events(state, StakesAgreed)[0]
    assert agreed.adopted is adopted
    assert state.limits == ((5, 10) if adopted else (1, 3))
    assert agreed.sitting_out == ()
    rejecters = [state.order[i] for i in range(accepts, punters)]
    if adopted:  # M-31: each rejecter chooses; here they sit out
        for seat in rejecters:
            assert state.to_act == seat
            play(state, SitOut())
    dealt = {e.seat for e in events(state, CardDealt)}
    assert dealt == {0} | (set(state.order) - (set(rejecters) if adopted else set()))


def test_m6_a_punter_may_sit_a_hand_out():
    state = start("5o 6e", sitting_out=[2])
    assert [e.seat for e in events(state, CardDealt)] == [1, 0]
    assert state.to_act == 1
    play(state, Bet(1), Stand(), Stand())
    assert state.payoffs[2] == 0
    assert state.observation(None).sitting_out[2]
    assert replay(state.to_json()) == state
    with pytest.raises(ConfigurationError, match="not the bank"):
        start("5o 6e", sitting_out=[0])


def test_m4_m19_the_bank_passes_only_to_the_privileged_7_and_half_on_a_table():
    table = Table(SieteYMedio(players=3))
    assert table.stacks == (0, 0, 0)
    assert table.button == 0
    state = table.start_hand(deck=deck("5o 5c 6e  1o"))  # no 7½: the bank stays
    play(state, Bet(3), Draw(), Stand(), Bet(1), Stand(), Stand())
    assert table.finish_hand(state) == (4, -1, -3)
    assert table.button == 0
    state = table.start_hand(deck=deck("7o 5c 6e  10o"))
    play(state, Bet(3), Draw(), Bet(1), Stand(), Stand())  # seat 2: the privileged 7½
    assert table.finish_hand(state) == (-5, -1, 6)
    assert table.button == 2
    assert table.stacks == (-1, -2, 3)
    state = table.start_hand(deck=deck("5o 5c 6e"))
    assert state.button == 2
    assert state.order == (1, 0)


def test_m4_bank_rotation_every_hand_is_an_option():
    table = Table(SieteYMedio(players=3, bank_passes="every_hand"), button=1)
    state = table.start_hand(deck=deck("5o 5c 6e"))
    play(state, Bet(1), Stand(), Bet(1), Stand(), Stand())
    table.finish_hand(state)
    assert table.button == 0  # the seat on the bank's right


def test_the_registry_makes_the_game_and_rejects_bad_options():
    game = get("siete-y-medio", players=6, modality=3, minimum=2, maximum=8)
    assert game.limits == (2, 8)
    assert SieteYMedio(**game.config()) == game
    with pytest.raises(ConfigurationError):
        get("siete-y-medio", bank_passes="never")
    with pytest.raises(ConfigurationError):
        SieteYMedio(modality=3, minimum=4, maximum=2)


def test_error_messages_name_what_is_allowed():
    state = start("5o 5c 6e")
    with pytest.raises(IllegalActionError, match=r"a bet must be 1 to 3 chips.*Bet\(1, up_to=3"):
        state.apply(Bet(4))
    with pytest.raises(IllegalActionError, match="whole number"):
        state.apply(Bet(1.5))
    with pytest.raises(IllegalActionError, match="legal actions"):
        state.apply(Draw(down=1))


# -- agents and the text log -------------------------------------------------------------------


def test_threshold_agent_uses_the_first_card_rights_and_its_thresholds():
    from fractions import Fraction

    from cartes.play import SeatView, ThresholdAgent

    agent = ThresholdAgent()

    def choice(state):
        return agent.act(SeatView(state, state.to_act))

    assert choice(start("3o 5c 6e")) == Decline()
    assert choice(start("4o 5c 6e")) == Exchange()
    assert choice(start("5o 5c 4e")) == Exchange()  # the bank's 4
    assert choice(start("5o 5c 3e")) == Annul()
    assert choice(play(start("7o 5c 6e"), Bet(1))) == Muerta(raise_by=2)
    state = play(start("5o 5c 6e  12o"), Bet(1))
    assert choice(state) == Draw()  # 5 < 5½: draw, the 5 stays the hidden card
    play(state, Draw())
    assert choice(state) == Stand()  # 5½
    state = play(start("10o 5c 6e  11o"), Bet(1))
    assert choice(state) == Draw()  # never opens calles
    state = play(start("5o 5c 2e  2o"), Bet(1), Stand(), Bet(1), Stand())
    assert choice(state) == Draw()  # the bank on 2
    assert ThresholdAgent(bank_stand_at=2).act(SeatView(state, 0)) == Stand()
    with pytest.raises(ConfigurationError, match="half number of points"):
        ThresholdAgent(stand_at=Fraction(1, 3))
    with pytest.raises(ConfigurationError, match="half number of points"):
        ThresholdAgent(bank_stand_at=8)


def test_threshold_punters_lose_less_than_random_ones():
    import numpy as np

    from cartes.play import RandomAgent, ThresholdAgent, play_hand

    game = SieteYMedio(players=3)
    rng = np.random.default_rng(1)
    totals = [0, 0, 0]
    for _ in range(800):
        agents = [ThresholdAgent(), ThresholdAgent(), RandomAgent(rng)]
        state = play_hand(game, agents, rng, button=0)
        totals = [t + p for t, p in zip(totals, state.payoffs, strict=True)]
    assert totals[1] > totals[2] + 200  # about -0.1 against -0.8 a hand


def test_the_text_log_has_a_line_for_every_event():
    import re

    import numpy as np

    from cartes.play import RandomAgent, play_hand

    rng = np.random.default_rng(3)
    game = SieteYMedio(players=6, modality=3, minimum=1, maximum=4)
    kinds = set()
    for _ in range(300):
        state = play_hand(game, [RandomAgent(rng)] * 6, rng)
        kinds.update(e.kind for e in state.history)
        lines = state.text_log().splitlines()
        assert len(lines) == len(state.history)
        assert not [line for line in lines if re.match(r"[A-Z]\w+\(", line)]
    assert kinds >= {"start", "modality", "vote", "stakes", "no_voter_choice", "deal", "turn",
                     "exchange", "decline",
                     "valid", "stake", "open_calle", "stand", "bust", "muerta",
                     "show", "settle", "bank_taken", "end"}


def test_refusals_in_play_name_the_rule():
    state = play(start("2o 5c 6e  1b"), Bet(1))
    refuse(state, Draw(down=1), "down must be True or False")
    state = play(start("2o 5c 6e", fill=False), Bet(1))
    refuse(state, Draw(), "no card is left")
    refuse(state, Bet(1), "the bet comes once")


def test_refusals_name_the_rule_actually_broken():
    state = play(start("7o 5c 6e"), Bet(1))
    refuse(state, Muerta(raise_by=3), "raise_by 0 to 2")  # a muerta, but too big a raise
    refuse(state, Draw(calle=None), r"Draw.calle must be a calle number .* got NoneType")
    refuse(state, Stand(calle="0"), r"Stand.calle must be a calle number .* got str '0'")
    refuse(state, OpenCalle(1, calle=1.0), "OpenCalle.calle must be a calle number")
    state = start("5o 5c 3e")  # the bank's validity declaration
    refuse(state, Bet(1), "the bank may only Keep")
    refuse(state, Exchange(), r"Annul\(\) on the 3")
    state = play(start("5o 5c 6e"), Bet(1), Stand(), Bet(1), Stand())  # the bank's turn
    refuse(state, Bet(1), "the bank stands")
    refuse(state, Draw(down=True), "face up")
    state = start("5o 5c 6e")
    refuse(state, Stand(), "the bet comes first")
    refuse(state, Keep(), "Keep is the bank's")


def test_m12_an_exchange_always_brings_a_new_card_and_never_loops():
    from cartes.play import SeatView, ThresholdAgent

    state = start("4o 5e", players=2, fill=False)  # no card to exchange the 4 for
    assert state.legal_actions() == (Bet(1, up_to=3),)
    refuse(state, Exchange(), "no card is left")
    state = start("4o 5e", players=2, fill=False)
    agent = ThresholdAgent()  # it exchanges every 4 it may
    for _ in range(10):
        if state.is_terminal:
            break
        play(state, agent.act(SeatView(state, state.to_act)))
    assert state.is_terminal
    # the 4 exchanged stays out of the reshuffle that gives the next card
    state = start("4o 4c 5e  4b", fill=False)
    play(state, Exchange())  # seat 2: the 4b, and nothing left but its own 4o
    assert state.calles(2) == ((SpanishCard("4b"),),)
    assert state.legal_actions() == (Bet(1, up_to=3),)
    play(state, Bet(1), Stand())  # the 4o joins the discards once the first card is settled
    play(state, Exchange())  # seat 1's 4c for the 4o, reshuffled
    assert state.calles(1) == ((SpanishCard("4o"),),)
    assert state.legal_actions() == (Bet(1, up_to=3),)
    # the bank keeps a 3 when every card of the deck is a 3: annulling would deal it again
    state = start("4c 3o 3c", players=2, fill=False)
    assert state.legal_actions() == (Keep(),)
    refuse(state, Annul(), "every card of the deck is a 3 or a 4")


def test_settlement_table_exhaustively_for_every_total():
    """Every hand total, bank total, bet and position against §3.5 read row by row."""
    from cartes.games.siete_y_medio.rules import settle_hand

    for bank in range(1, 29):
        for points in range(1, 29):
            for muerta in (False, True):
                if muerta and points < 15:
                    continue  # a 7 and one more card: at least 7½
                if not muerta and points > 15:
                    continue  # a bust in play never reaches the settlement
                for first, double in itertools.product((False, True), (False, True)):
                    for bet in (1, 2, 4):
                        outcome, amount = settle_hand(points, bet, bank, muerta=muerta,
                                                      first_seven=first,
                                                      bust_pays_double=double)
                        if muerta:
                            expected = (("bust", -bet) if points > 15 else
                                        ("bank_seven_and_half", -bet) if bank == 15 else
                                        ("muerta", 3 * bet))
                        elif bank == 15:
                            expected = ("bank_seven_and_half", -bet)
                        elif points == 15 and first and (bank < 15 or double):
                            expected = ("privileged", 2 * bet)  # d.2; d.3 on a bust (M-15)
                        elif bank > 15 or points > bank:
                            expected = ("win", bet)
                        else:
                            expected = ("lose", -bet)
                        assert (outcome, amount) == expected, (points, bank, muerta, first,
                                                               double)
                        if points == bank and not muerta:
                            assert amount == -bet  # ties to the bank (M-20)


@pytest.mark.parametrize(("options", "match"), [
    ({"deck": "1o 2o"}, "deck must be a cartes Deck"),
    ({"deck": Deck.stacked("1o 2o", kind=SpanishCard)}, "at least one card per participant"),
    ({"stacks": [0, 0]}, "one balance per seat"),
    ({"stacks": [0, 1.5, 0]}, "stacks"),
    ({"button": 3}, "button"),
    ({"sitting_out": "12"}, "list of seats"),
    ({"sitting_out": [1, 1]}, "distinct"),
    ({"sitting_out": [5]}, "sitting_out seat"),
    ({"reshuffle_seed": -1}, "reshuffle_seed"),
])
def test_bad_start_arguments_name_what_is_allowed(options, match):
    with pytest.raises(ConfigurationError, match=match):
        SieteYMedio(players=3).start(**options)


def test_the_state_contract_errors_and_clones():
    state = start("5o 5c 6e  2b")
    with pytest.raises(IllegalActionError, match="only when the hand is over"):
        _ = state.payoffs
    with pytest.raises(IllegalActionError, match="no seat 3"):
        state.observation(3)
    twin = state.clone()
    play(twin, Bet(1), Draw())
    assert state != twin
    assert state.to_act == 2
    assert len(state.calles(2)[0]) == 1
    assert state.next_button is None
    with pytest.raises(ConfigurationError, match="players"):
        draw_first_bank(9)
    with pytest.raises(ConfigurationError, match="highest"):
        draw_first_bank(3, highest="yes")
    play(state, Bet(1), Stand(), Bet(1), Stand(), Stand())
    with pytest.raises(IllegalActionError, match="the hand is over"):
        state.apply(Stand())
    assert "bank 0, over" in repr(state)


def test_replay_reads_the_start_options_of_a_history():
    from cartes.errors import HistoryError

    state = play(start("5o 5c 6e", sitting_out=[1]), Bet(1), Stand(), Stand())
    data = state.to_dict()
    assert data["options"] == {"sitting_out": [1]}
    assert replay(data) == state
    with pytest.raises(HistoryError, match="options must be an object"):
        replay({**data, "options": [1]})
    with pytest.raises(HistoryError, match="setup is invalid"):
        replay({**data, "options": {"colour": "red"}})
    with pytest.raises(HistoryError):
        replay({**data, "options": {}})  # seat 1 dealt in: the actions no longer replay
