"""Calatone scenarios on stacked decks, one or more per rule of SPEC §1 and decision C-1..C-27.

Seats are dealt from the dealer's left; with the dealer at seat 0 the deal order is 1, 2, ...,
0. A hand string lists a seat's cards in deal order: two down cards, then the third to seventh
cards, face up. Unless a test says otherwise, each seat exposes its first card.
"""

from __future__ import annotations

import pytest

from _calatone import act, calatone_deck, expose
from cartes import Card, Deck, cards
from cartes.errors import ConfigurationError, IllegalActionError
from cartes.games import (
    Bet,
    Calatone,
    Call,
    Check,
    Concede,
    Declare,
    Expose,
    Fold,
    Pot,
    Raise,
    Table,
    get,
    replay,
)
from cartes.games.calatone.events import AllPassed, Conceded, Declared, ExposeChosen
from cartes.games.calatone.rules import best_declaration, hand_value
from cartes.games.poker.events import CardDealt, PotAwarded, RoundStarted, Shown, UncalledReturned
from cartes.games.stud.events import CardBurned
from cartes.play import RandomAgent, play_hand


def events(state, kind):
    return [e for e in state.history if isinstance(e, kind)]


def start(hands, players=2, *, dealer=0, folds=None, stacks=None, **options):
    game = Calatone(players=players, **options)
    deck = calatone_deck(players, hands, dealer=dealer, folds=folds,
                         lowest_rank=game.lowest_rank)
    return game.start(deck=deck, stacks=stacks, button=dealer)


def bet_and_call_round(state):
    """The first speaker bets the minimum and everyone else calls."""
    street = state.street
    act(state, Bet(state.game.min_bet))
    while state.phase == "betting" and state.street == street:
        state.apply(Call())


def check_round(state):
    """Everyone checks this round (only this one)."""
    street = state.street
    while state.phase == "betting" and state.street == street:
        state.apply(Check())


def awarded(state):
    return {e.pot: dict(e.shares) for e in events(state, PotAwarded)}


# -- C-1, C-2, C-16: deck and players ---------------------------------------------------------


def test_c1_two_to_seven_players():
    for players in (2, 7):
        assert Calatone(players=players).players == players
    for players in (1, 8):
        with pytest.raises(ConfigurationError, match=r"players must be an integer in 2\.\.7"):
            Calatone(players=players)


def test_c2_one_french_deck_of_52_without_jokers():
    assert len(Calatone().deck()) == 52
    assert set(Calatone().deck().cards) == set(Deck.french().cards)
    with pytest.raises(ConfigurationError, match="French cards"):
        Calatone().start(deck=Deck.spanish())


def test_c16_seven_players_use_49_cards_and_nothing_is_burned():
    game = Calatone(players=7, all_pass_ends_hand=False)
    deck = Deck.french()
    deck.shuffle(11)
    state = game.start(deck=deck)
    expose(state, {})
    while state.phase == "betting":
        check_round(state)
    dealt = [e.card for e in events(state, CardDealt)]
    assert dealt == list(deck.cards[:49])  # the top 49 cards, in deal order
    assert not events(state, CardBurned)
    assert all(len(own) == 7 for own in state.cards)


# -- C-3, C-22: antes ----------------------------------------------------------------------------


def test_c3_equal_ante_default_one_may_be_zero():
    state = Calatone(players=3).start(seed=1)
    assert state.stacks == (199, 199, 199)
    assert state.pots[0].amount == 3
    state = Calatone(players=3, ante=0).start(seed=1)
    assert state.stacks == (200, 200, 200)
    assert state.pots == ()


def test_c22_a_stack_below_the_ante_posts_what_it_has_and_is_all_in():
    state = Calatone(players=3, ante=5).start(seed=1, stacks=[3, 50, 50])
    assert state.stacks == (0, 45, 45)
    assert state.chips.is_all_in(0)
    with pytest.raises(ConfigurationError, match="stacks"):
        Calatone(players=2).start(seed=1, stacks=[0, 50])


# -- C-5, C-25: the expose choice -------------------------------------------------------------


def test_c5_choices_are_committed_in_turn_and_revealed_together():
    state = start({1: "As 2c", 2: "Kd 3h", 0: "Qc 4s"}, players=3)
    assert state.phase == "expose"
    assert state.to_act == 1
    assert state.legal_actions() == (Expose("As"), Expose("2c"))
    act(state, Expose("2c"))
    # nobody but seat 1 knows its choice before every seat has chosen
    for seat in (0, 2, None):
        obs = state.observation(seat)
        assert Card("2c") not in obs.visible_cards()
        assert obs.extra["expose_choice"] is None
        assert [e.card for e in obs.history if isinstance(e, ExposeChosen)] == [None]
    assert state.observation(1).extra["expose_choice"] == Card("2c")
    assert state.up_cards == ((), (), ())
    act(state, Expose("Kd"))
    assert Card("2c") not in state.observation(2).visible_cards()
    act(state, Expose("4s"))
    assert state.phase == "betting"
    assert state.up_cards == ((Card("4s"),), (Card("2c"),), (Card("Kd"),))
    holes = {0: Card("Qc"), 1: Card("As"), 2: Card("3h")}
    for seat in (0, 1, 2, None):
        seen = state.observation(seat).visible_cards()
        assert {Card("2c"), Card("Kd"), Card("4s")} <= seen
        assert {hole for owner, hole in holes.items() if owner != seat}.isdisjoint(seen)


def test_c25_the_expose_phase_takes_only_expose():
    state = start({1: "As 2c", 0: "Kd 3h"})
    before = state.clone()
    for action in (Fold(), Check(), Bet(1), Concede(), Declare("As 2c Kd 3h 4c")):
        with pytest.raises(IllegalActionError):
            state.apply(action)
    assert state == before


def test_expose_a_card_not_among_the_two_is_refused_with_what_is_allowed():
    state = start({1: "As 2c", 0: "Kd 3h"})
    before = state.clone()
    with pytest.raises(IllegalActionError, match="only one of its two cards, As or 2c: not Kd"):
        state.apply(Expose("Kd"))
    assert state == before


# -- C-6: who speaks first --------------------------------------------------------------------


def test_c6_the_highest_exposed_card_speaks_first_ties_by_deal_order_not_suit():
    state = start({1: "Kh 2c", 2: "Ks 3d", 0: "5c 4d"}, players=3)
    expose(state, {})
    assert state.to_act == 1  # Kh and Ks tie: seat 1 was dealt first, whatever the suits
    state = start({2: "Kh 2c", 0: "Ks 3d", 1: "5c 4d"}, players=3, dealer=1)
    expose(state, {})
    assert state.to_act == 2  # dealer 1: the deal starts with seat 2


def test_c6_pairs_count_on_two_to_four_up_cards_straights_and_flushes_do_not():
    hands = {1: "2s 3s 9h Th Jh Qh", 0: "4s 5s 2c 2d 7c 8d"}
    state = start(hands, all_pass_ends_hand=False)
    expose(state, {})  # up: 2s / 4s
    assert state.to_act == 0
    check_round(state)  # street 3: 2s 9h vs 4s 2c: nine high speaks
    assert state.to_act == 1
    check_round(state)  # street 4: 2s 9h Th vs 4s 2c 2d: the pair speaks
    assert state.to_act == 0
    check_round(state)  # street 5: 2s 9h Th Jh vs 4s 2c 2d 7c
    assert state.to_act == 0
    check_round(state)  # street 6: 2s 9h Th Jh Qh (no straight, no flush: not five of a kind)
    assert state.street == 6
    assert state.to_act == 0


def test_c6_five_up_cards_count_cinco_figuras():
    hands = {1: "Jh 3d Jc Qd Kh Ah 4c", 0: "Tc 6d Td 9h 9s 2c 4d"}
    state = start(hands, all_pass_ends_hand=False)
    expose(state, {})
    for _ in range(4):
        check_round(state)
    assert state.street == 6  # five up cards: cinco figuras (seat 1) over two pair (seat 0)
    assert state.to_act == 1
    assert state.first_speakers[5] == 0  # on four, two pair beat a pair of jacks


def test_c6_an_all_in_best_exposed_hand_is_skipped():
    state = start({1: "As 2c", 2: "Kd 3h", 0: "Qc 4s"}, players=3, stacks=[50, 1, 50])
    expose(state, {})
    assert state.chips.is_all_in(1)
    assert state.to_act == 2  # the ace is all-in: the next seat clockwise who can act


# -- C-4, C-7, C-8, C-20, C-21, C-23, C-27: betting ------------------------------------------------


def test_c4_spread_limit_bets_and_raises():
    state = start({1: "As 2c", 2: "Kd 3h", 0: "Qc 4s"}, players=3, min_bet=2, max_bet=10)
    expose(state, {})
    assert state.legal_actions() == (Fold(), Check(), Bet(2, up_to=10))
    act(state, Bet(4))
    assert state.legal_actions() == (Fold(), Call(), Raise(8, up_to=14))
    act(state, Raise(13))  # a raise of 9
    assert state.legal_actions() == (Fold(), Call(), Raise(22, up_to=23))  # at least 9 more
    before = state.clone()
    for bad in (Raise(21), Raise(24), Bet(5)):
        with pytest.raises(IllegalActionError):
            state.apply(bad)
    assert state == before


def test_c4_no_raise_cap_by_default_even_heads_up():
    state = start({1: "As 2c", 0: "Kd 3h"})
    expose(state, {})
    act(state, Bet(1))
    for to in range(2, 20):
        act(state, Raise(to))
    assert any(isinstance(a, Raise) for a in state.legal_actions())


def test_c7_fold_is_legal_when_a_check_is_free():
    state = start({1: "As 2c", 0: "Kd 3h"})
    expose(state, {})
    assert Fold() in state.legal_actions()
    act(state, Fold())
    assert state.is_terminal
    assert state.payoffs == (1, -1)


def test_c8_check_raise_is_allowed():
    state = start({1: "As 2c", 2: "Kd 3h", 0: "Qc 4s"}, players=3)
    expose(state, {})
    act(state, Check(), Bet(2), Call())
    assert Raise(4, up_to=12) in state.legal_actions()  # seat 1 checked first


def test_c20_short_all_ins_reopen_only_by_what_each_player_faces():
    hands = {1: "As 2c", 2: "Kd 3h", 3: "Qc 4s", 0: "Jc 5s"}
    state = start(hands, players=4, stacks=[11, 100, 8, 100], min_bet=2)
    expose(state, {})
    assert state.to_act == 1
    act(state, Bet(4), Raise(7))  # seat 2 all-in: a raise of 3, short of 4
    act(state, Call())  # seat 3 calls 7
    act(state, Raise(10))  # seat 0 all-in: 3 more, short again
    assert state.to_act == 1
    # seat 1 acted on 4 and now faces 6 more: a full raise's worth (4), so he may raise
    assert state.legal_actions()[-1] == Raise(14, up_to=20)
    act(state, Call())
    # seat 3 acted on 7 and faces 3 more: short of a full raise, so call or fold only
    assert state.to_act == 3
    assert state.legal_actions() == (Fold(), Call())


def test_c20_a_raise_over_a_short_all_in_bet_is_min_to_max_on_top():
    state = start({1: "As 2c", 0: "Kd 3h"}, stacks=[100, 2], min_bet=2, max_bet=6)
    expose(state, {})
    act(state, Bet(1))  # seat 1 all-in for 1, short of min_bet
    assert state.legal_actions() == (Fold(), Call())  # nobody could answer a raise
    state = start({1: "As 2c", 2: "Kd 3h", 0: "Qc 4s"}, players=3, stacks=[100, 2, 100],
                  min_bet=2, max_bet=6)
    expose(state, {})
    act(state, Bet(1))
    assert state.legal_actions() == (Fold(), Call(), Raise(3, up_to=7))


def test_c21_uncalled_chips_go_back_when_the_round_ends():
    state = start({1: "As 2c", 2: "Kd 3h", 0: "Qc 4s"}, players=3, stacks=[50, 50, 4])
    expose(state, {})
    act(state, Bet(5), Call(), Fold())  # seat 2 calls all-in for 3
    assert events(state, UncalledReturned) == [UncalledReturned(1, 2)]
    assert state.stacks == (49, 46, 0)


def test_c27_chips_of_a_player_who_folded_count_as_matched():
    state = start({1: "As 2c", 2: "Kd 3h", 0: "Qc 4s"}, players=3, stacks=[7, 50, 50])
    expose(state, {})
    act(state, Bet(10), Raise(20), Call(), Fold())  # seat 0 calls all-in 6; seat 1 folds
    # seat 2's 20 was matched to 10 by seat 1, who folded: 10 goes back, not 14
    assert events(state, UncalledReturned) == [UncalledReturned(2, 10)]


def test_c23_the_cap_counts_full_bets_and_raises_only():
    hands = {1: "As 2c", 2: "Kd 3h", 0: "Qc 4s"}
    state = start(hands, players=3, stacks=[100, 100, 6], max_raises_per_round=2, min_bet=2)
    expose(state, {})
    act(state, Bet(2), Raise(5))  # seat 2 all-in for a raise of 3: a full raise
    assert state.legal_actions() == (Fold(), Call())  # a bet and a raise: capped at 2
    state = start(hands, players=3, stacks=[100, 100, 4], max_raises_per_round=2, min_bet=3)
    expose(state, {})
    act(state, Bet(3))
    # seat 2 has 3 chips: calling all-in for less is offered even in a capped round
    act(state, Call())
    act(state, Raise(6))  # a full raise: the cap of 2 is reached
    assert state.to_act == 1
    assert state.legal_actions() == (Fold(), Call())


def test_c23_a_short_all_in_does_not_count_toward_the_cap():
    hands = {1: "As 2c", 2: "Kd 3h", 0: "Qc 4s"}
    state = start(hands, players=3, stacks=[100, 100, 5], max_raises_per_round=2, min_bet=3)
    expose(state, {})
    act(state, Bet(3), Raise(4))  # seat 2 all-in, short: not counted
    act(state, Raise(7))  # seat 0's full raise is the second
    assert state.legal_actions() == (Fold(), Call())


# -- C-9, C-11: everyone passes --------------------------------------------------------------


@pytest.mark.parametrize(
    ("round_number", "winner_hand", "loser_hand"),
    [
        (1, "9c 9d", "As Kd"),  # two cards: a pair beats ace high
        (2, "2c 2d 3h", "As Kd Qh"),
        (3, "2c 2d 3s 4c", "9h Th Jh Qh"),  # four cards: a pair beats four to a straight flush
        (4, "5c 6d 7h 8s 9c", "Ac Ad Ah Kd Qs"),  # five cards: a straight beats trips
    ],
)
def test_c9_c11_an_all_pass_round_ends_the_hand_on_the_cards_dealt(
    round_number, winner_hand, loser_hand
):
    state = start({1: loser_hand, 0: winner_hand})
    expose(state, {})
    for _ in range(round_number - 1):
        bet_and_call_round(state)
    assert state.round_number == round_number
    check_round(state)
    assert state.is_terminal
    assert events(state, AllPassed) == [AllPassed(None, round_number + 1)]
    shown = {e.seat: e.cards for e in events(state, Shown)}
    assert shown == {1: tuple(state.cards[1]), 0: tuple(state.cards[0])}  # hole cards too
    assert all(len(c) == round_number + 1 for c in state.cards)  # no more cards dealt
    assert state.payoffs[0] > 0


def test_c9_c11_in_round_five_the_six_cards_are_declared():
    # seat 0 would win on its best five (a flush) but both must declare five of six
    state = start({1: "Ac Ad Ah Kd Qs 2h", 0: "2c 5c 7c 9c Jc 3d"})
    expose(state, {})
    for _ in range(4):
        bet_and_call_round(state)
    assert state.round_number == 5
    first = state.to_act
    check_round(state)
    assert events(state, AllPassed) == [AllPassed(None, 6)]
    assert state.phase == "declare"
    assert state.to_act == first  # C-24: the first speaker of round 5 declares first
    assert len(state.legal_actions()) == 6 + 1  # the six fives of six cards, and Concede
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])  # offered best first
    assert state.payoffs[0] > 0


def test_c9_folds_during_the_round_do_not_stop_the_rule():
    state = start({1: "As Kd", 2: "9c 9d", 0: "2c 3d"}, players=3)
    expose(state, {})
    act(state, Check(), Check(), Fold())  # seat 0 folds, seats 1 and 2 passed
    assert state.is_terminal
    assert events(state, AllPassed)
    assert state.payoffs == (-1, -1, 2)


def test_c9_can_be_turned_off():
    state = start({1: "As Kd", 0: "9c 9d"}, all_pass_ends_hand=False)
    expose(state, {})
    check_round(state)
    assert not state.is_terminal
    assert state.street == 3
    assert not events(state, AllPassed)


def test_c9_round_six_without_a_bet_is_the_normal_showdown():
    state = start({1: "As Kd", 0: "9c 9d"})
    expose(state, {})
    for _ in range(5):
        bet_and_call_round(state)
    check_round(state)
    assert state.phase == "declare"
    assert not events(state, AllPassed)


# -- C-10, C-12, C-13, C-24, C-26: the showdown --------------------------------------------


def showdown(hands, players=2, **options):
    state = start(hands, players=players, **options)
    expose(state, {})
    for _ in range(6):
        bet_and_call_round(state)
    assert state.phase == "declare"
    return state


def declare_best(state):
    while state.phase == "declare":
        state.apply(state.legal_actions()[0])  # offered best first


def test_c10_a_declaration_below_ones_best_is_binding_and_can_lose():
    state = showdown({1: "5c 6d 7h 8s 9c Kd Kh", 0: "4c 4d 4h 2s 3c Jd Qh"})
    assert state.to_act == 1  # the bettor of round 6 declares first
    honest = state.clone()
    act(state, Declare("Kd Kh 9c 8s 7h"))  # a pair of kings, though he holds a straight
    declare_best(state)
    assert [e.description for e in events(state, Declared)] == [
        "Pair of kings", "Three of a kind, fours",
    ]
    assert state.payoffs[0] > 0
    declare_best(honest)  # the straight would have won
    assert honest.payoffs[1] > 0


def test_c10_best_declaration_helper_and_declarations_offered_best_first():
    state = showdown({1: "As Ad Kc Qh Jd 5c 5d", 0: "2c 3c 4d 6h 8s Tc 9d"})
    assert state.legal_actions()[0] == Declare(best_declaration(state.cards[1]))
    assert best_declaration(cards("As Ad Kc Qh Jd 5c 5d")) == cards("As Ad Kc Qh Jd")
    assert len(state.legal_actions()) == 21 + 1


def test_c12_cinco_figuras_beats_two_pair_at_the_showdown():
    state = showdown({1: "As Ad Kc Qh Jd 2c 3d", 0: "Ks Kd Qs Qc 9h 5h 7s"})
    declare_best(state)
    descriptions = {e.seat: e.description for e in events(state, Declared)}
    assert descriptions[1].startswith("Five figures")
    assert descriptions[0].startswith("Two pair")
    assert state.payoffs[1] > 0


def test_c12_a_straight_beats_cinco_figuras():
    state = showdown({1: "As Ad Kc Qh Jd 2c 3d", 0: "8c 9d Th Js Qc 2h 3h"})
    declare_best(state)
    assert state.payoffs[0] > 0


def test_c12_aakqj_beats_akkqq_within_cinco_figuras():
    state = showdown({1: "As Ad Kc Qh Jd 2c 3d", 0: "Ah Ks Kd Qs Qc 4h 5h"})
    declare_best(state)
    assert all(e.description.startswith("Five figures") for e in events(state, Declared))
    assert state.payoffs[1] > 0


def test_c13_ace_to_five_is_the_lowest_straight():
    state = showdown({1: "Ah 2c 3d 4s 5h 9c Kd", 0: "Qc Qd Qh 7s 8s Jd 6c"})
    declare_best(state)
    assert {e.seat: e.description for e in events(state, Declared)}[1] == "Straight, five high"
    assert state.payoffs[1] > 0


def test_c13_c18_in_a_stripped_deck_the_ace_and_the_four_lowest_ranks_are_a_straight():
    low = cards("As 6c 7d 8h 9s")
    assert hand_value(low, 6) > hand_value(cards("Kc Kd Kh Tc 7c"), 6)  # beats trips
    assert hand_value(low, 6) < hand_value(cards("6d 7c 8d 9c Tc"), 6)  # the lowest straight
    assert hand_value(cards("As 6s 7s 8s 9s"), 6) > hand_value(cards("Ac Ad Ah As Kd"), 6)
    state = showdown({1: "As 6c 7d 8h 9s Jc Qd", 0: "Kc Kd Kh Tc 6d Ac Qh"}, lowest_rank=6)
    declare_best(state)
    assert {e.seat: e.description for e in events(state, Declared)}[1] == "Straight, nine high"
    assert state.payoffs[1] > 0


def test_c24_the_last_full_raiser_of_round_six_declares_first():
    state = start({1: "As Ad Kc Qh Jd 2c 3d", 0: "Ks Kd Qs Qc 9h 5h 7s"})
    expose(state, {})
    for _ in range(5):
        bet_and_call_round(state)
    first = state.to_act
    act(state, Bet(2), Raise(6), Call())
    assert state.phase == "declare"
    assert state.to_act == 1 - first  # the raiser, not the first speaker


def test_c24_without_a_bet_the_first_speaker_of_round_six_declares_first():
    state = start({1: "2c 3d 4h 5s 7c 9d Jh", 2: "As Ad Kc Qh Jd 2h 3h",
                   0: "6c 6d 8h 8s Tc Td 4c"}, players=3)
    expose(state, {})
    for _ in range(5):
        bet_and_call_round(state)
    first = state.to_act
    check_round(state)
    assert state.to_act == first
    # and when that speaker has folded, the next player still in clockwise
    state = start({1: "2c 3d 4h 5s 7c 9d Jh", 2: "As Ad Kc Qh Jd 2h 3h",
                   0: "6c 6d 8h 8s Tc Td 4c"}, players=3)
    expose(state, {})
    for _ in range(5):
        bet_and_call_round(state)
    first = state.to_act
    act(state, Fold())
    check_round(state)
    assert state.phase == "declare"
    nxt = (first + 1) % 3
    assert state.to_act == nxt


def test_c24_c19_when_round_six_is_not_played_the_best_exposed_hand_declares_first():
    state = start({1: "2c 3d 4h 5s 7c 9d Jh", 0: "As Ad Kc Qh Jd 2h 3h"}, stacks=[1, 50])
    expose(state, {})
    assert state.phase == "declare"  # seat 0 is all-in from the ante: no round is played
    assert all(e.seat is None for e in events(state, RoundStarted))
    assert not events(state, AllPassed)
    assert state.to_act == 0  # figures showing beat seat 1's up cards


def test_c26_conceding_shows_nothing_and_leaves_the_pot():
    state = showdown({1: "5c 6d 7h 8s 9c Kd Kh", 0: "4c 4d 4h 2s 3c Jd Qh"})
    hole = state.cards[1][1]
    act(state, Concede())
    assert state.is_terminal  # seat 0 is the only claimant left: he is not asked
    assert events(state, Conceded) == [Conceded(1)]
    assert not events(state, Declared)
    assert state.payoffs[0] > 0
    for seat in (0, None):
        assert hole not in state.observation(seat).visible_cards()


def test_c26_a_concession_gives_up_only_the_pots_contested_with_someone():
    # seat 0 is all-in from the ante (main pot 3); seats 1 and 2 build a side pot
    hands = {1: "As Ah Ad Ac 2c 3c 4c", 2: "Kh Ks Kd 9c 9d 5c 6d", 0: "Qc Qd Jh 7s 8h 2d 3d"}
    state = start(hands, players=3, stacks=[1, 100, 100])
    expose(state, {})
    for _ in range(6):
        bet_and_call_round(state)
    assert [pot.eligible for pot in state.pots] == [frozenset({0, 1, 2}), frozenset({1, 2})]
    assert state.to_act == 1
    act(state, Concede())  # seat 1 gives up both pots
    assert state.to_act == 2  # seat 2 still contests the main pot with seat 0
    act(state, Concede())  # gives up the main pot, keeps the side pot nobody else claims
    assert state.is_terminal
    assert awarded(state) == {1: {2: 12}, 0: {0: 3}}
    assert {e.seat for e in events(state, Declared)} == set()


def empty_pot_hand(**options):
    """Issue 18's repro: ante 0, two players, stacks 20/20, the dealer at seat 0, each exposes
    his first card."""
    deck = Deck.stacked("As Kd 2c 3h 9s 9d Ts 8h Jh 4c 5d 6s 7c 2h")
    game = Calatone(players=2, ante=0, **options)
    state = game.start(deck=deck, stacks=[20, 20], button=0)
    expose(state, {})
    return state


def test_c26_empty_pot_is_contested():
    """C-26 (revision 3): with ante 0, no all-pass ending and every round checked, the players
    still in declare after round 6 as at any showdown, and the winner takes a pot of 0; the
    history names him (revision 2 ended the hand with no declaration and no winner)."""
    state = empty_pot_hand(all_pass_ends_hand=False)
    while state.phase == "betting":
        act(state, Check())
    assert state.street == 7
    assert state.phase == "declare"
    assert state.to_act == 1  # C-24: no bet in round 6, its first speaker (the ace) declares
    act(state, Declare(state.best_declaration(1)))
    assert state.to_act == 0
    act(state, Declare(state.best_declaration(0)))
    assert state.is_terminal
    assert [e.seat for e in events(state, Declared)] == [1, 0]
    assert events(state, PotAwarded) == [PotAwarded(None, 0, 0, ((1, 0),))]  # ace high wins
    assert state.payoffs == (0, 0)
    assert state.pots == (Pot(0, frozenset({0, 1})),)
    assert replay(state.to_json()) == state


def test_c26_an_empty_pot_can_be_conceded():
    state = empty_pot_hand(all_pass_ends_hand=False)
    while state.phase == "betting":
        act(state, Check())
    act(state, Concede())  # seat 1 gives it up: seat 0, the only claimant left, takes it
    assert state.is_terminal
    assert events(state, PotAwarded) == [PotAwarded(None, 0, 0, ((0, 0),))]


def test_c26_c9_an_empty_pot_at_a_partial_showdown_names_its_winner():
    """The same checks with C-9 on: the hand stops on two cards, both show, and the best hand
    on the cards dealt takes the empty pot (a decision: every ending names its winner)."""
    state = empty_pot_hand()
    act(state, Check(), Check())
    assert state.is_terminal
    assert [e.seat for e in events(state, Shown)] == [1, 0]
    assert events(state, PotAwarded) == [PotAwarded(None, 0, 0, ((1, 0),))]


def test_c26_a_hand_won_by_folds_names_its_winner_of_an_empty_pot():
    state = empty_pot_hand()
    act(state, Bet(3), Fold())  # the uncalled 3 goes back: the pot is empty, and seat 1's
    assert state.is_terminal
    assert events(state, UncalledReturned) == [UncalledReturned(1, 3)]
    assert events(state, PotAwarded) == [PotAwarded(None, 0, 0, ((1, 0),))]


def test_side_pot_with_an_all_in_player_and_declared_hands():
    hands = {1: "Kh Ks Kd 9c 9d 5c 6d", 2: "Qc Qd Jh 7s 8h 2d 3d", 0: "As Ah Ad Ac 2c 3c 4c"}
    state = start(hands, players=3, stacks=[1, 100, 100])
    expose(state, {})
    for _ in range(6):
        bet_and_call_round(state)
    declare_best(state)
    assert awarded(state) == {1: {1: 12}, 0: {0: 3}}  # quads win the main pot only


def test_c14_split_pot_odd_chip_to_the_first_from_the_dealers_left():
    state = start({1: "Kh 7c", 2: "Ks 7d", 0: "2c 3d"}, players=3)
    expose(state, {})
    act(state, Check(), Check(), Fold())  # everyone still in passed: two cards each
    assert awarded(state) == {0: {1: 2, 2: 1}}  # same ranks tie: suits never count
    state = start({2: "Kh 7c", 0: "Ks 7d", 1: "2c 3d"}, players=3, dealer=1)
    expose(state, {})
    act(state, Check(), Check(), Fold())
    assert awarded(state) == {0: {2: 2, 0: 1}}


def test_c15_the_deal_passes_to_the_left_on_a_table():
    table = Table(get("calatone", players=3), stacks=[20, 20, 20])
    for dealer in (0, 1, 2, 0):
        state = table.start_hand(seed=dealer)
        assert state.button == dealer
        expose(state, {})
        while not state.is_terminal:
            legal = state.legal_actions()
            state.apply(Check() if Check() in legal else legal[0])
        table.finish_hand(state)
    assert sum(table.stacks) == 60


def test_c18_stripped_deck_with_five_players():
    game = Calatone(players=5, lowest_rank=6)
    assert len(game.deck()) == 36
    state = game.start(seed=4)
    assert all(card.rank >= 4 for card in state.deck)  # sixes and up only
    with pytest.raises(ConfigurationError, match="lowest_rank 7 leaves 32 cards"):
        Calatone(players=5, lowest_rank=7)
    with pytest.raises(ConfigurationError, match="cards below lowest_rank"):
        game.start(deck=Deck.french())
    with pytest.raises(ConfigurationError, match="2c 3d: cards below lowest_rank"):
        game.start(deck=Deck.stacked("2c 3d As"))  # short too: the stripped cards said first
    for seed in range(30):  # played out: only sixes and up are ever dealt
        hand = play_hand(game, [RandomAgent(seed)] * 5, seed=seed)
        dealt = [e.card for e in events(hand, CardDealt)]
        assert min(card.rank for card in dealt) >= 4
        assert sum(hand.payoffs) == 0


def test_c19_a_round_ended_by_folds_is_not_an_all_pass():
    state = start({1: "As Kd", 2: "Qc Jd", 0: "2c 3d"}, players=3, stacks=[1, 50, 50])
    expose(state, {})
    act(state, Check(), Fold())  # seat 1 alone has chips: the round ends at once
    assert not events(state, AllPassed)
    assert state.phase == "declare"  # the other rounds are not played
    assert all(len(state.cards[s]) == 7 for s in (0, 1))


# -- C-28: the maximum bet as a ceiling on the round -------------------------------------------

# Seat 1 speaks first in every round (its up cards are the best), then seats 2 and 0.
CEILING_HANDS = {1: "As 2c Ah Ad Kc Ks 3d", 2: "Qs 4c 9h 8d 7c 5s 2d", 0: "Js 4d Th 6d 5c 3s 2h"}


def ceiling_hand(round_number=1, **options):
    """Three players, min 1 and max 10 (the defaults), seat 1 first to speak; every round
    before ``round_number`` checked."""
    state = start(CEILING_HANDS, players=3, all_pass_ends_hand=False, **options)
    expose(state, {})
    while state.round_number < round_number:
        check_round(state)
    assert state.to_act == 1
    return state


def test_c28_round_scope_a_raise_that_would_pass_the_ceiling_goes_to_it_and_is_short():
    """C-28's first example (min 1, max 10): A bets 6; B may call, fold or raise to 10 only;
    then C and A may only call or fold, and A stays the last aggressor: in round 6 he declares
    first (C-24)."""
    state = ceiling_hand(6, max_bet_scope="round")
    act(state, Bet(6))
    assert state.legal_actions() == (Fold(), Call(), Raise(10))
    act(state, Raise(10))
    assert state.round.count == 1  # the short raise does not count toward the cap (C-23)
    assert state.to_act == 0
    assert state.legal_actions() == (Fold(), Call())
    act(state, Call())
    assert state.legal_actions() == (Fold(), Call())
    act(state, Call())
    assert state.phase == "declare"
    assert state.to_act == 1  # A, the last full aggressor, not B


def test_c28_round_scope_the_raise_range_runs_from_a_full_raise_to_the_ceiling():
    """C-28's second example: had A bet 4, B may raise to 8-10; after B's 8, C's only raise is
    to 10, a short raise: B stays the last full aggressor and declares first."""
    state = ceiling_hand(6, max_bet_scope="round")
    act(state, Bet(4))
    assert state.legal_actions() == (Fold(), Call(), Raise(8, up_to=10))
    act(state, Raise(8))
    assert state.round.count == 2
    assert state.legal_actions() == (Fold(), Call(), Raise(10))
    act(state, Raise(10))
    assert state.round.count == 2
    for seat in (1, 2):  # at the ceiling: nobody raises
        assert state.to_act == seat
        assert state.legal_actions() == (Fold(), Call())
        act(state, Call())
    assert state.phase == "declare"
    assert state.to_act == 2


def test_c28_round_scope_once_the_bet_is_max_bet_nobody_raises():
    state = ceiling_hand(max_bet_scope="round")
    assert state.legal_actions() == (Fold(), Check(), Bet(1, up_to=10))
    act(state, Bet(10))
    assert state.legal_actions() == (Fold(), Call())


def test_c28_round_scope_limits_each_round_not_the_hand():
    state = ceiling_hand(max_bet_scope="round")
    act(state, Bet(10), Call(), Call())
    assert state.round_number == 2
    assert state.legal_actions() == (Fold(), Check(), Bet(1, up_to=10))
    act(state, Bet(3))
    assert state.legal_actions() == (Fold(), Call(), Raise(6, up_to=10))


def test_c28_round_scope_short_all_ins_as_c19_c20():
    """Short all-ins work as under C-4: an all-in below a full raise does not reopen the
    betting for a player who has acted, and a player with less than a full raise behind is
    offered his all-in."""
    state = ceiling_hand(max_bet_scope="round", stacks=[50, 50, 4])  # seat 2: 3 behind
    act(state, Bet(2))
    assert state.legal_actions() == (Fold(), Call(), Raise(3))  # all it has, short
    act(state, Raise(3), Call())
    assert state.to_act == 1
    assert state.legal_actions() == (Fold(), Call())  # faces 1, less than a full raise of 2
    state = ceiling_hand(max_bet_scope="round", stacks=[50, 50, 8])  # seat 2: 7 behind
    act(state, Bet(4))
    assert state.legal_actions() == (Fold(), Call(), Raise(7))  # under 8, under the ceiling


def test_c28_raise_scope_is_the_default_and_unchanged():
    assert Calatone().max_bet_scope == "raise"
    state = ceiling_hand()
    act(state, Bet(6))
    assert state.legal_actions() == (Fold(), Call(), Raise(12, up_to=16))
    act(state, Raise(16))
    assert state.legal_actions() == (Fold(), Call(), Raise(26))  # a 10 on top, no ceiling


def test_c28_a_bad_scope_is_a_configuration_error():
    for bad in ("hand", "Round", None, 1):
        with pytest.raises(ConfigurationError, match="max_bet_scope must be 'raise' or 'round'"):
            Calatone(max_bet_scope=bad)


def test_c28_a_raise_outside_the_range_says_the_range_and_changes_nothing():
    state = ceiling_hand(max_bet_scope="round")
    act(state, Bet(4))
    before = state.clone()
    with pytest.raises(IllegalActionError, match=r"may raise to 8 to 10 now \(max_bet_scope="):
        state.apply(Raise(11))
    with pytest.raises(IllegalActionError, match="may raise to 8 to 10"):
        state.apply(Raise(7))
    assert state == before
    act(state, Raise(10))
    before = state.clone()
    with pytest.raises(IllegalActionError, match=r"the bet is at the ceiling"):
        state.apply(Raise(12))
    assert state == before
    state = ceiling_hand()
    with pytest.raises(IllegalActionError, match=r"may bet 1 to 10 now \(each bet or raise adds"):
        state.apply(Bet(11))


# -- bad input -------------------------------------------------------------------------------


def test_bad_declarations_are_refused_with_what_is_allowed():
    state = showdown({1: "5c 6d 7h 8s 9c Kd Kh", 0: "4c 4d 4h 2s 3c Jd Qh"})
    before = state.clone()
    cases = [
        (Declare("Kd Kh 9c 8s 4c"), "4c not among seat 1's cards"),
        (Declare("Kd Kh 9c 8s"), "has 4 cards: declare exactly five of 7"),
        (Declare("Kd Kh 9c 8s 8s"), "names a card twice"),
        (Declare("Kd Kh 9c 8s 7h 6d"), "has 6 cards"),
    ]
    for action, message in cases:
        with pytest.raises(IllegalActionError, match=message):
            state.apply(action)
    with pytest.raises(IllegalActionError, match="it is seat 1's turn"):
        state.apply(Concede(), seat=0)
    assert state == before


def test_malformed_actions_are_cartes_errors():
    from cartes.errors import CardTypeError, InvalidCardError

    with pytest.raises(CardTypeError):
        Declare(5)
    with pytest.raises(CardTypeError):
        Expose(None)
    with pytest.raises(InvalidCardError):
        Declare("As Kd Qh Jc Zz")
    with pytest.raises(InvalidCardError):
        Expose("1s")


def test_bets_outside_the_spread_out_of_turn_and_after_the_end_change_nothing():
    state = start({1: "As 2c", 0: "Kd 3h"}, min_bet=2, max_bet=6)
    expose(state, {})
    before = state.clone()
    for action in (Bet(1), Bet(7), Bet(0), Raise(4), Call(), Bet(2.0)):
        with pytest.raises(IllegalActionError):
            state.apply(action)
    with pytest.raises(IllegalActionError, match="turn"):
        state.apply(Bet(2), seat=0)
    assert state == before
    act(state, Fold())
    with pytest.raises(IllegalActionError, match="the hand is over"):
        state.apply(Check())


def test_replay_mid_hand_and_at_the_end():
    state = showdown({1: "5c 6d 7h 8s 9c Kd Kh", 0: "4c 4d 4h 2s 3c Jd Qh"})
    assert replay(state.to_json()) == state
    declare_best(state)
    assert replay(state.to_json()) == state
    assert "declares" in state.text_log()
