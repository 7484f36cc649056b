"""Seven-card stud scenarios, one rule or decision of SPEC §2 each, on stacked decks.

Hands are written in deal order: down, down, up (door), up, up, up, down.
"""

from __future__ import annotations

import pytest

from _stud import stud_deck
from cartes import Card, Deck
from cartes.errors import ConfigurationError, IllegalActionError, SeedError
from cartes.games import (
    Bet,
    BringIn,
    Call,
    Check,
    Complete,
    Fold,
    Muck,
    Pot,
    Raise,
    SevenCardStud,
    Show,
    default_action,
    replay,
)
from cartes.games.poker.events import CardDealt, PotAwarded, RoundStarted, Shown, UncalledReturned
from cartes.games.stud.events import CardBurned, Mucked, Reshuffled


def act(state, *actions):
    for action in actions:
        state.apply(action)
    return state


def check_round(state):
    street = state.street
    while not state.is_terminal and state.street == street and state.round is not None:
        state.apply(Check())
    return state


def events(state, kind):
    return [e for e in state.history if isinstance(e, kind)]


# -- S-1, S-2: configuration --------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"players": 1}, "players"),
        ({"players": 9}, "players"),
        ({"ante": -1}, "ante"),
        ({"bring_in": 0}, "bring_in"),
        ({"bring_in": 6}, "bring_in"),
        ({"big_bet": 4}, "big_bet"),
        ({"max_raises": -1}, "max_raises"),
        ({"odd_chip_rule": "suits"}, "odd_chip_rule"),
        ({"open_pair_big_bet": 1}, "open_pair_big_bet"),
        ({"starting_stack": 0}, "starting_stack"),
        ({"players": True}, "players"),
    ],
)
def test_s1_s2_bad_config_names_field_and_range(options, field):
    """S-1 (2-8 players), S-2 (0 < bring_in <= small_bet <= big_bet)."""
    with pytest.raises(ConfigurationError, match=field):
        SevenCardStud(**options)


def test_s1_bad_start_arguments():
    game = SevenCardStud(players=3)
    with pytest.raises(ConfigurationError, match="stacks"):
        game.start(seed=1, stacks=[10, 10])
    with pytest.raises(ConfigurationError, match=r"stacks\[1\]"):
        game.start(seed=1, stacks=[10, 0, 10])
    with pytest.raises(ConfigurationError, match="button"):
        game.start(seed=1, button=3)
    with pytest.raises(SeedError, match="seed"):
        game.start(seed="lucky")
    with pytest.raises(ConfigurationError, match="French"):
        game.start(deck=Deck.spanish())
    with pytest.raises(ConfigurationError, match="21 cards"):
        game.start(deck=Deck.stacked("As Ks Qs"))


def test_s2_default_structure():
    game = SevenCardStud()
    assert (game.ante, game.bring_in, game.small_bet, game.big_bet) == (1, 2, 5, 10)


# -- §2.2: antes and third street ---------------------------------------------------------


def test_antes_short_stacks_post_what_they_have():
    """§2.2.1: every player antes; a short stack posts what it has (and is all-in)."""
    state = SevenCardStud(players=3, ante=3).start(seed=1, stacks=[2, 50, 50])
    assert state.chips.committed == [2, 3, 3]
    assert state.chips.is_all_in(0)


def test_s8_third_street_two_down_one_up_no_burn():
    """§2.2.2, S-8: from the button's left, two down then the door card up; no burn."""
    deck = stud_deck(3, {1: "Ah Kh Qh", 2: "As Ks Qs", 0: "Ad Kd 2c"}, button=0)
    state = SevenCardStud(players=3).start(deck=deck)
    dealt = events(state, CardDealt)
    assert [(e.seat, e.face_up) for e in dealt] == [
        (1, False), (2, False), (0, False), (1, False), (2, False), (0, False),
        (1, True), (2, True), (0, True),
    ]
    assert not events(state, CardBurned)


@pytest.mark.parametrize(
    ("doors", "low"),
    [
        ({1: "2d", 2: "2c", 0: "5s"}, 2),  # same rank: clubs lowest
        ({1: "3c", 2: "2s", 0: "9h"}, 2),  # rank before suit
        ({1: "Ac", 2: "Kd", 0: "Kh"}, 2),  # ace high; then diamonds < hearts
        ({1: "7h", 2: "7s", 0: "7d"}, 0),  # diamonds < hearts < spades
    ],
)
def test_s3_bring_in_lowest_door_card_suit_order(doors, low):
    """S-3: lowest door card by rank (ace high), then suit clubs < diamonds < hearts < spades."""
    fillers = iter(["Qc Jc", "Qd Jd", "Qs Js"])
    hands = {seat: f"{next(fillers)} {door}" for seat, door in doors.items()}
    state = SevenCardStud(players=3).start(deck=stud_deck(3, hands))
    assert state.to_act == low


def test_s4_bring_in_is_forced():
    """S-4: the low card must bring in or complete; fold and check are refused."""
    state = SevenCardStud(players=3).start(deck=stud_deck(3, {1: "Ah Kh 2c"}))
    assert state.legal_actions() == (BringIn(), Complete())
    before = state.clone()
    for bad in (Fold(), Check(), Call(), Bet(5)):
        with pytest.raises(IllegalActionError):
            state.apply(bad)
        assert state == before


def test_s4_low_card_all_in_from_ante_next_player_opens():
    """S-4 / LA 217: low card all-in on the ante: the seat on its left may fold, bring in
    or complete."""
    deck = stud_deck(3, {1: "Ah Kh 2c", 2: "As Ks 9d", 0: "Ac Kc Td"})
    state = SevenCardStud(players=3).start(deck=deck, stacks=[50, 1, 50])
    assert state.chips.is_all_in(1)
    assert state.to_act == 2
    assert state.legal_actions() == (Fold(), BringIn(), Complete())


def test_s4_short_bring_in_stands():
    """S-4: the low card posts what it has; the others still owe the full bring-in."""
    deck = stud_deck(3, {1: "Ah Kh 2c", 2: "As Ks 9d", 0: "Ac Kc Td"})
    state = SevenCardStud(players=3).start(deck=deck, stacks=[50, 2, 50])
    act(state, BringIn())
    assert state.chips.committed[1] == 2
    assert state.chips.is_all_in(1)
    act(state, Call())
    assert state.chips.committed[2] == 3  # ante 1 + full bring-in 2


def test_s5_completion_is_not_a_raise_and_cap():
    """S-5: completion counts as the bet; then three raises cap it with 3 players."""
    state = SevenCardStud(players=3).start(deck=stud_deck(3, {1: "Ah Kh 2c"}))
    act(state, BringIn(), Complete(), Raise(10), Raise(15), Raise(20))
    assert state.legal_actions() == (Fold(), Call())


def test_s5_cap_configurable_to_four_raises():
    """S-5: max_raises=4 (WSOP LA 126)."""
    state = SevenCardStud(players=3, max_raises=4).start(deck=stud_deck(3, {1: "Ah Kh 2c"}))
    act(state, BringIn(), Complete(), Raise(10), Raise(15), Raise(20))
    assert Raise(25) in state.legal_actions()


def test_s5_all_in_capping_raise_still_caps():
    """S-5 (Robert's 4): the fourth bet caps the round with 3 players even when it puts its
    maker all-in, leaving two who can act: they may only call or fold."""
    state = SevenCardStud(players=3).start(
        deck=stud_deck(3, {1: "Ah Kh 2c"}), stacks=[200, 200, 21]
    )
    act(state, BringIn(), Complete(), Raise(10), Raise(15), Raise(20))
    assert state.stacks[2] == 0
    assert state.to_act == 0
    assert state.legal_actions() == (Fold(), Call())
    act(state, Call())
    assert state.legal_actions() == (Fold(), Call())


def test_s5_bring_in_equal_to_small_bet_with_no_raises_is_capped():
    """S-5: bring_in == small_bet makes the bring-in the bet; with max_raises=0 no one may
    raise it, not even after a fold leaves two players."""
    game = SevenCardStud(players=3, bring_in=5, small_bet=5, max_raises=0)
    state = game.start(deck=stud_deck(3, {1: "Ah Kh 2c"}))
    act(state, BringIn())
    assert state.legal_actions() == (Fold(), Call())
    act(state, Fold())
    assert state.legal_actions() == (Fold(), Call())


def test_s15_bring_in_gets_no_option():
    """S-15: bring-in, call, call moves straight to fourth street."""
    state = SevenCardStud(players=3).start(deck=stud_deck(3, {1: "Ah Kh 2c"}))
    act(state, BringIn(), Call(), Call())
    assert state.street == 4


# -- §2.2.4-6, §2.4: later streets --------------------------------------------------------


def test_s8_burn_before_each_later_street():
    """S-8: one burn before fourth, fifth, sixth and seventh street."""
    state = SevenCardStud(players=2).start(deck=stud_deck(2, {1: "Ah Kh 2c", 0: "Ad Kd 9c"}))
    act(state, BringIn(), Call())
    for street in (4, 5, 6):
        assert state.street == street
        assert len(events(state, CardBurned)) == street - 3
        check_round(state)
    assert state.street == 7
    assert len(events(state, CardBurned)) == 4


def test_s7_best_board_acts_first_pairs_count():
    """§2.4, S-7: the best board acts first on fourth street; a pair beats ace-king."""
    hands = {1: "2h 3h Ac Kc", 2: "2s 3s 5c 5d", 0: "4h 4s 2c 9d"}
    state = SevenCardStud(players=3).start(deck=stud_deck(3, hands))
    act(state, BringIn(), Call(), Call())
    assert state.street == 4
    assert state.to_act == 2


def test_s7_best_board_tie_goes_by_position():
    """S-7: equal boards: the first clockwise from the button's left acts (never suits)."""
    hands = {1: "2h 3h Ac Kc", 2: "2s 3s As Ks", 0: "4h 4s 2c 9d"}
    for button, first in ((0, 1), (1, 2)):
        deck = stud_deck(3, hands, button=button)
        state = SevenCardStud(players=3).start(deck=deck, button=button)
        while state.street == 3:
            state.apply(default_action(state) if state.legal_actions()[0] == BringIn()
                        else Call())
        assert state.to_act == first


def test_s7_straights_and_flushes_on_board_do_not_count():
    """§2.4 / LA 225: on sixth street a four-flush straight board is just 8-high."""
    hands = {1: "2d 3d 5h 6h 7h 8h", 2: "2s 3s 4c Ac Kd Qs", 0: "4h 4s 2c 9d Tc Jd"}
    state = SevenCardStud(players=3).start(deck=stud_deck(3, hands))
    act(state, BringIn(), Call(), Call())
    check_round(state)
    check_round(state)
    assert state.street == 6
    assert state.to_act == 2


def test_s7_all_in_best_board_is_skipped():
    """S-7 / TR: an all-in best board cannot act; the next seat clockwise starts."""
    hands = {1: "2h 3h Ac Kc", 2: "2s 3s 5c 5d", 0: "4h 4s 2c 9d"}
    state = SevenCardStud(players=3).start(deck=stud_deck(3, hands), stacks=[50, 50, 3])
    act(state, BringIn(), Call(), Call())  # seat 2 calls all-in
    assert state.street == 4
    assert events(state, RoundStarted)[-1].seat == 0
    assert state.to_act == 0


def test_s6_open_pair_allows_big_bet_on_fourth():
    """S-6: an open pair on fourth street lets anyone bet small or big."""
    hands = {1: "2h 3h Ac Kc", 2: "2s 3s 5c 5d", 0: "4h 4s 2c 9d"}
    state = SevenCardStud(players=3).start(deck=stud_deck(3, hands))
    act(state, BringIn(), Call(), Call())
    assert state.legal_actions() == (Fold(), Check(), Bet(5), Bet(10))
    act(state, Bet(10))
    assert state.legal_actions() == (Fold(), Call(), Raise(20))


def test_s6_open_pair_small_bet_then_big_raise():
    hands = {1: "2h 3h Ac Kc", 2: "2s 3s 5c 5d", 0: "4h 4s 2c 9d"}
    state = SevenCardStud(players=3).start(deck=stud_deck(3, hands))
    act(state, BringIn(), Call(), Call(), Bet(5))
    assert state.legal_actions() == (Fold(), Call(), Raise(10), Raise(15))


def test_s6_no_open_pair_small_bet_only_and_option_off():
    hands = {1: "2h 3h Ac Kc", 2: "2s 3s 5c 5d", 0: "4h 4s 2c 9d"}
    state = SevenCardStud(players=3, open_pair_big_bet=False).start(deck=stud_deck(3, hands))
    act(state, BringIn(), Call(), Call())
    assert state.legal_actions() == (Fold(), Check(), Bet(5))
    hands[2] = "2s 3s 5c 6d"
    state = SevenCardStud(players=3).start(deck=stud_deck(3, hands))
    act(state, BringIn(), Call(), Call())
    assert Bet(10) not in state.legal_actions()


def test_fifth_street_bets_are_big():
    """§2.2.5: fifth street and later bet in big_bet units."""
    state = SevenCardStud(players=2).start(deck=stud_deck(2, {1: "Ah Kh 2c", 0: "Ad Kd 9c"}))
    act(state, BringIn(), Call())
    check_round(state)
    assert state.street == 5
    assert state.legal_actions()[-1] == Bet(10)


def test_uncalled_bet_returned():
    """§2.3: the uncalled part of a bet goes back."""
    state = SevenCardStud(players=3).start(deck=stud_deck(3, {1: "Ah Kh 2c"}))
    act(state, BringIn(), Complete(), Fold(), Fold())
    assert events(state, UncalledReturned) == [UncalledReturned(2, 3)]
    assert state.payoffs == (-1, -3, 4)


def test_s13_short_all_in_in_a_hand():
    """S-13: an all-in raise of less than half a bet does not reopen for the completer."""
    deck = stud_deck(3, {1: "Ah Kh 2c", 2: "As Ks 9d", 0: "Ac Kc Td"})
    state = SevenCardStud(players=3).start(deck=deck, stacks=[8, 50, 50])
    act(state, BringIn(), Complete())  # seat 1 brings in, seat 2 completes to 5
    assert state.legal_actions() == (Fold(), Call(), Raise(7))  # seat 0: 7 is all it has
    act(state, Raise(7))
    assert state.legal_actions() == (Fold(), Call(), Raise(10))  # seat 1 had not acted
    act(state, Call())
    assert state.to_act == 2
    assert state.legal_actions() == (Fold(), Call())  # seat 2 had: no reopening


def test_s13_example_fifth_street_short_all_ins_add_up_per_player():
    """S-13's third worked example (fixed limit 5/10 on fifth street): A bets 10, B is all-in
    to 14, C calls 14, D is all-in to 18. C faces 4 < 5 and may only call or fold; A faces
    8 >= 5, which acts as a raise for him: he may raise to the current wager plus a unit, 28
    (revision 2 offered 20, a unit over the last full bet)."""
    game = SevenCardStud(players=4, small_bet=5, big_bet=10)
    state = game.start(seed=3, stacks=[200, 21, 200, 17])
    act(state, BringIn())
    while state.street == 3:
        act(state, Call())
    while state.street == 4:
        act(state, Check())
    assert state.street == 5
    assert state.to_act == 2
    act(state, Bet(10), Raise(14), Call(), Raise(18))  # seats 3 and 1 all-in, short
    assert state.stacks[3] == state.stacks[1] == 0
    assert state.to_act == 2  # A: bet 10, faces 8 more
    assert state.legal_actions() == (Fold(), Call(), Raise(28))
    act(state, Call())
    assert state.to_act == 0  # C: called 14, faces 4 more
    assert state.legal_actions() == (Fold(), Call())


def test_s13_repro_a_raise_over_short_all_ins_goes_to_the_wager_plus_a_unit():
    """Issue 18's first repro, which is also S-13's first worked example (unit 5, L = 5 after
    a completion): an all-in to 7, a call of 7, an all-in to 9. The completer faces 4 >= 2.5
    and may raise to 9 + 5 = 14 (revision 2 offered 10); a player yet to act facing the 7
    alone may complete to 10; the player who called 7 faces 2 and may only call or fold."""
    game = SevenCardStud(players=5, ante=2, bring_in=2, small_bet=5, big_bet=10, max_raises=3,
                         open_pair_big_bet=False)
    state = game.start(seed=20261912, stacks=[317, 30, 11, 251, 9], button=1)
    assert state.to_act == 3
    act(state, Complete(), Raise(7))  # seat 3 completes to 5; seat 4 is all-in to 7
    assert state.to_act == 0  # yet to act, facing the 7 alone: 2 < 2.5
    assert state.legal_actions() == (Fold(), Call(), Raise(10))
    act(state, Fold(), Call(), Raise(9))  # seat 1 calls 7; seat 2 is all-in to 9
    assert state.stacks[2] == state.stacks[4] == 0
    assert state.to_act == 3
    assert state.legal_actions() == (Fold(), Call(), Raise(14))
    called = state.clone()
    act(state, Raise(14))  # a full raise: it counts and reopens the betting for seat 1
    assert state.round.count == 2
    assert state.to_act == 1
    assert state.legal_actions() == (Fold(), Call(), Raise(19))
    act(called, Call())
    assert called.to_act == 1  # called 7, faces 2 more
    assert called.legal_actions() == (Fold(), Call())


def test_s13_repro_an_all_in_completion_of_half_a_unit_is_full():
    """Issue 18's second repro, S-13's second worked example: bring-in 6, small bet 10. An
    all-in completion to 9 counts as full (9 >= 5: the bring-in is no bet), so it counts
    toward the cap and the bring-in may raise, to 19 (revision 2 offered only fold and call,
    measuring the completion's 3 over the bring-in)."""
    game = SevenCardStud(players=7, ante=2, bring_in=6, small_bet=10, big_bet=20, max_raises=3,
                         open_pair_big_bet=False)
    state = game.start(seed=20262776, stacks=[34, 262, 47, 40, 367, 49, 11], button=5)
    assert state.to_act == 0
    act(state, BringIn(), Fold(), Call(), Fold(), Call(), Fold(), Complete())
    assert state.stacks[6] == 0
    assert state.round.contrib[6] == 9
    assert state.round.count == 1
    assert state.to_act == 0
    assert state.legal_actions() == (Fold(), Call(), Raise(19))
    act(state, Raise(19))
    assert state.to_act == 2  # who called the bring-in faces a full completion and a raise
    assert state.legal_actions() == (Fold(), Call(), Raise(29))


def test_s13_example_an_all_in_bet_of_half_a_unit_is_raised_by_a_unit():
    """S-13 (1): on a $20 round a $15 all-in bet counts as full, and a raise over it goes to
    $35."""
    game = SevenCardStud(players=3, small_bet=10, big_bet=20)
    state = game.start(seed=1, stacks=[200, 200, 18])
    act(state, BringIn())
    while state.street == 3:
        act(state, Call())
    while state.street == 4:
        act(state, Check())
    assert (state.street, state.to_act, state.stacks[2]) == (5, 2, 15)
    act(state, Bet(15))
    assert state.legal_actions() == (Fold(), Call(), Raise(35))


def test_s13_before_any_full_action_the_last_full_level_is_zero():
    """S-13: before any full action in a round L is 0. On fourth street (unit 5) an all-in
    bet of 2 and an all-in raise to 4 are each action only (each adds less than 2.5 to the
    wager it faces), but a player yet to act faces 4 - 0 >= 2.5: for him they act as a raise,
    and he may raise to 4 + 5 = 9 (revision 2 offered 5)."""
    game = SevenCardStud(players=4, open_pair_big_bet=False)
    state = game.start(seed=0, stacks=[200, 5, 7, 200])
    act(state, BringIn())
    while state.street == 3:
        act(state, Call())
    assert (state.street, state.to_act, state.stacks[1:3]) == (4, 1, (2, 4))
    act(state, Bet(2))  # all-in
    assert state.legal_actions() == (Fold(), Call(), Raise(4))  # all seat 2 has
    act(state, Raise(4))  # all-in
    assert state.round.count == 0
    assert state.to_act == 3
    assert state.legal_actions() == (Fold(), Call(), Raise(9))


def test_s5_a_raise_over_short_all_ins_counts_toward_the_cap():
    """S-5 with S-13: the raise that completes short all-ins is a full raise and counts, so a
    bet and three raises still cap the round (review repro: it was not counted)."""
    state = SevenCardStud(players=5).start(seed=0, stacks=[100, 100, 16, 19, 100])
    act(state, BringIn())
    while state.street == 3:
        act(state, Call())
    while state.street == 4:
        act(state, Check())
    assert state.stacks == (97, 97, 13, 16, 97)
    act(state, Bet(10), Call(), Raise(13), Raise(16))  # two short all-ins
    # they add 6 >= 5 over the bet for seat 4: a raise goes to 16 + 10 (S-13)
    act(state, Raise(26), Raise(36), Raise(46))  # three full raises: capped
    assert state.to_act == 4
    assert state.legal_actions() == (Fold(), Call())


def test_s13_no_raise_that_nobody_can_answer():
    """A bet or raise is offered only when another seat still in could put in more than the
    current bet: here seat 1 is all-in and seat 0 cannot even cover the completion."""
    top = Deck.stacked("As Ks Qs Ah Kh Qh 2c 9d 9s").cards
    deck = Deck([*top, *(c for c in Deck.french().cards if c not in top)])
    game = SevenCardStud(players=3, ante=0, bring_in=1, small_bet=5, big_bet=10,
                         open_pair_big_bet=False)
    state = game.start(deck=deck, stacks=[3, 5, 100], button=2)
    act(state, BringIn(), Complete())  # seat 0 brings in, seat 1 completes all-in
    assert state.to_act == 2
    assert state.legal_actions() == (Fold(), Call())


# -- §2.5: running out of cards (S-9) -----------------------------------------------------


def play_to_river(state):
    act(state, BringIn(), *[Call()] * (state.n - 1))
    for _ in (4, 5, 6):
        check_round(state)
    assert state.street == 7


def test_s9_enough_cards_burn_and_deal_down():
    """§2.5 case 1: with stub >= N + 1 the dealer burns and deals the river face down."""
    state = SevenCardStud(players=6).start(seed=3)
    play_to_river(state)
    assert not events(state, Reshuffled)
    assert len(events(state, CardBurned)) == 4
    river = [e for e in events(state, CardDealt) if e.street == 7]
    assert len(river) == 6
    assert not any(e.face_up for e in river)


def test_s9_seven_players_reshuffle_stub_and_burns():
    """§2.5 case 2 (S-9): 7 players reach the river with a 7-card stub: reshuffle the stub
    and the 3 burns, deal each a down card, no burn."""
    state = SevenCardStud(players=7).start(seed=11)
    play_to_river(state)
    stub_and_burns = set(state.deck.cards)  # what is left of the reshuffled pool
    assert events(state, Reshuffled) == [Reshuffled(None, 10)]
    assert len(events(state, CardBurned)) == 3
    river = [e for e in events(state, CardDealt) if e.street == 7]
    assert [e.seat for e in river] == [1, 2, 3, 4, 5, 6, 0]  # S-16: clockwise from the left
    dealt = [e.card for e in events(state, CardDealt)]
    assert len(set(dealt)) == len(dealt) == 49
    assert not stub_and_burns & set(dealt)


def test_s9_eight_players_community_card():
    """§2.5 case 3: 8 players reach the river with one card left (the seed's 8x6+3 = 51):
    stub + burns (4) < 8, so one community card is turned up for everyone."""
    state = SevenCardStud(players=8).start(seed=5)
    play_to_river(state)
    assert state.community is not None
    community = [e for e in events(state, CardDealt) if e.seat is None]
    assert len(community) == 1
    assert community[0].face_up
    cards = [e.card for e in events(state, CardDealt)]
    assert len(set(cards)) == len(cards) == 49
    obs = state.observation(3)
    assert obs.board == (state.community,)


def test_s9_folded_cards_never_reused():
    """§2.5: a folded hand's cards are never part of the reshuffle."""
    state = SevenCardStud(players=8).start(seed=9)
    act(state, BringIn())
    folder = state.to_act
    act(state, Fold(), *[Call()] * 6)
    for _ in (4, 5, 6):
        check_round(state)
    folded_cards = set(state.cards[folder])
    river = [e.card for e in events(state, CardDealt) if e.street == 7]
    assert events(state, Reshuffled) == [Reshuffled(None, 7)]  # stub 4 + 3 burns, N = 7
    assert len(river) == 7
    assert not folded_cards & set(river)


# Eight boards for the community-card river (button 0, so seats are dealt 1..7, then 0).
# Only seat 5's board is king-high; every other board is queen-high or lower. The stub and
# the three burns are 3s 4s 5s 6s, each of which would pair seat 2's board (3d 4d 5h 6c):
# if the community card counted for the best board, seat 2 (a pair) would act first.
RIVER_BOARDS = {
    5: "Ks Qs Jd 8c",
    2: "3d 4d 5h 6c",
    0: "Qc Jc Tc 9c",
    1: "Qd Jh Td 9d",
    3: "Qh Js Th 9h",
    4: "8s 7c 2c Ts",
    6: "8h 7d 2d 9s",
    7: "8d 7h 2h 3c",
}
RIVER_BURNS = ["3s", "4s", "5s"]
RIVER_STUB = "6s"


def community_river_deck():
    """A full deck for 8 players that runs out on the river (§2.5 case 3)."""
    order = [1, 2, 3, 4, 5, 6, 7, 0]
    ups = {seat: [Card(c) for c in text.split()] for seat, text in RIVER_BOARDS.items()}
    named = {c for cards in ups.values() for c in cards}
    named |= {Card(c) for c in [*RIVER_BURNS, RIVER_STUB]}
    downs = iter([c for c in Deck.french().cards if c not in named])
    pile = [next(downs) for _ in range(16)]  # two down cards each, in deal order
    pile.extend(ups[seat][0] for seat in order)  # door cards
    for street, burn in enumerate(RIVER_BURNS, start=1):
        pile.append(Card(burn))
        pile.extend(ups[seat][street] for seat in order)
    pile.append(Card(RIVER_STUB))
    assert len(set(pile)) == len(pile) == 52
    return Deck(pile)


def test_s7_community_card_does_not_count_for_best_board():
    """§2.4, §2.5: with a community card the river's first actor is the best board of the
    four up-cards (seat 5, king-high), whatever the community card; the community card comes
    from the stub and the burns reshuffled, so it may be a burn card."""
    communities = set()
    for seed in range(6):
        state = SevenCardStud(players=8).start(deck=community_river_deck(), reshuffle_seed=seed)
        play_to_river(state)
        assert events(state, Reshuffled) == [Reshuffled(None, 4)]  # stub 1 + 3 burns < 8
        assert state.community in {Card(c) for c in [*RIVER_BURNS, RIVER_STUB]}
        assert state.community.rank in {card.rank for card in Deck.stacked("3d 4d 5h 6c")}
        assert state.to_act == 5
        communities.add(state.community)
    assert communities & {Card(c) for c in RIVER_BURNS}  # a burn card turned up for everyone


@pytest.mark.parametrize(("size", "reshuffled"), [(18, False), (17, True)])
def test_s9_boundary_stub_of_n_plus_one(size, reshuffled):
    """§2.5 at its boundary, heads-up (N = 2): a 6n+3 = 15-card deal leaves a stub of
    size - 15. S = 3 = N + 1 is enough: burn and deal down. S = 2 = N is not: reshuffle the
    stub and the 3 burns (5 cards) and deal down, no burn."""
    state = SevenCardStud(players=2).start(deck=Deck(Deck.french().cards[:size]))
    play_to_river(state)
    river = [e for e in events(state, CardDealt) if e.street == 7]
    assert [e.seat for e in river] == [1, 0]
    assert not any(e.face_up for e in river)
    assert state.community is None
    if reshuffled:
        assert events(state, Reshuffled) == [Reshuffled(None, 5)]
        assert len(events(state, CardBurned)) == 3
        assert len(state.deck) == 3
    else:
        assert not events(state, Reshuffled)
        assert len(events(state, CardBurned)) == 4
        assert len(state.deck) == 0


# -- §2.6-2.7: showdown, pots ---------------------------------------------------------------


TIE = {1: "6c 7c 2d 8c 9d Th 3s", 2: "6d 7d 2h 8h 9h Ts 4c", 0: "Kc Qd Ks"}


def test_s10_last_bettor_shows_first_others_may_muck():
    """S-10: the last to bet on 7th shows first; he may not muck; others may."""
    state = SevenCardStud(players=3).start(deck=stud_deck(3, TIE, folds={0: 3}))
    act(state, BringIn(), Call(), Fold())
    for _ in (4, 5, 6):
        check_round(state)
    first = state.to_act
    act(state, Check(), Bet(10), Call())
    bettor = next(s for s in (1, 2) if s != first)
    assert state.to_act == bettor
    assert state.legal_actions() == (Show(),)
    act(state, Show())
    assert state.legal_actions() == (Show(), Muck())


def test_s10_all_in_bettor_on_seventh_shows_first():
    """A bet all-in on 7th leaves the other player only call or fold (no one could answer a
    raise), so the all-in bettor stays the last aggressor and shows first (S-10)."""
    hands = {1: "Ac Ad 2d Ah As Kc Kd", 0: "4c 5d 7c 8h Jh Qd 6s"}
    state = SevenCardStud(players=2).start(deck=stud_deck(2, hands), stacks=[100, 7])
    while state.street < 7:
        legal = state.legal_actions()
        act(state, Call() if Call() in legal else Check() if Check() in legal else legal[0])
    assert state.to_act == 1
    act(state, Bet(4))  # all of seat 1's chips
    assert state.stacks[1] == 0
    assert state.legal_actions() == (Fold(), Call())
    act(state, Call())
    assert state.show_order == [1, 0]
    assert state.to_act == 1
    assert state.legal_actions() == (Show(),)


def test_s10_checked_through_first_option_shows_first():
    state = SevenCardStud(players=3).start(deck=stud_deck(3, TIE, folds={0: 3}))
    act(state, BringIn(), Call(), Fold())
    for _ in (4, 5, 6):
        check_round(state)
    first = state.to_act
    check_round(state)
    assert state.round is None
    assert state.to_act == first


def test_s10_muck_gives_up_the_pot():
    """S-10: a mucked hand loses its claim even if it was better."""
    hands = {1: "Ac Ad 2d Ah As Kc Kd", 2: "3c 4d 2h 7h 9h Ts Jc", 0: "Kh Qd Ks"}
    state = SevenCardStud(players=3).start(deck=stud_deck(3, hands, folds={0: 3}))
    act(state, BringIn(), Call(), Fold())
    for _ in (4, 5, 6, 7):
        check_round(state)
    shower = state.to_act
    act(state, Show())
    act(state, Muck())
    assert events(state, Mucked)[0].seat != shower
    assert state.payoffs[shower] > 0


def test_s17_s11_tie_split_odd_chip_by_position():
    """S-17: suits never break a tie; S-11: the odd chip goes to the first from the button's
    left. Pot 7 = 3 antes + two bring-ins."""
    state = SevenCardStud(players=3).start(deck=stud_deck(3, TIE, folds={0: 3}))
    act(state, BringIn(), Call(), Fold())
    for _ in (4, 5, 6, 7):
        check_round(state)
    act(state, Show(), Show())
    award = events(state, PotAwarded)
    assert award == [PotAwarded(None, 0, 7, ((1, 4), (2, 3)))]
    assert state.payoffs == (-1, 1, 0)


def test_s11_odd_chip_high_card_by_suit_option():
    """S-11 option: the odd chip to the winner with the highest card by suit (Th < Ts)."""
    game = SevenCardStud(players=3, odd_chip_rule="high_card_by_suit")
    state = game.start(deck=stud_deck(3, TIE, folds={0: 3}))
    act(state, BringIn(), Call(), Fold())
    for _ in (4, 5, 6, 7):
        check_round(state)
    act(state, Show(), Show())
    assert events(state, PotAwarded)[0].shares == ((2, 4), (1, 3))


def test_s12_side_pots_each_settled_on_its_own():
    """S-12 / LA 149: a short all-in wins only the main pot; the side pot goes to the best
    of the others."""
    hands = {
        1: "Ac Ad 2d Ah As Kc Kd",   # quads: best, but all-in for 10
        2: "3c 3d 2h 3h Ks 9c 9d",   # full house, second best
        0: "4c 5d 7c 8h Jh Qd 6s",   # nothing
    }
    state = SevenCardStud(players=3).start(deck=stud_deck(3, hands), stacks=[100, 10, 100])
    act(state, BringIn(), Complete(), Call(), Call())  # seat 1 brings in, 2 completes
    while state.round is not None:
        legal = state.legal_actions()
        state.apply(Bet(10) if Bet(10) in legal else Call() if Call() in legal else Check())
    while not state.is_terminal:
        state.apply(Show())
    awards = events(state, PotAwarded)
    main = next(a for a in awards if a.pot == 0)
    side = next(a for a in awards if a.pot == 1)
    assert main.shares == ((1, main.amount),)
    assert main.amount == 30
    assert side.shares[0][0] == 2
    assert awards[0].pot == 1  # last side pot first
    assert sum(state.payoffs) == 0


def test_la145_side_pot_players_show_before_main_pot_all_in():
    """S-10 / LA 145: players in a side pot show before one all-in for the main pot."""
    hands = {1: "Ac Ad 2d Ah As Kc Kd", 2: "3c 3d 2h 3h Ks 9c 9d", 0: "4c 5d 7c 8h Jh Qd 6s"}
    state = SevenCardStud(players=3).start(deck=stud_deck(3, hands), stacks=[100, 10, 100])
    act(state, BringIn(), Complete(), Call(), Call())
    while state.round is not None:
        legal = state.legal_actions()
        state.apply(Bet(10) if Bet(10) in legal else Call() if Call() in legal else Check())
    assert state.chips.is_all_in(1)
    assert state.show_order[-1] == 1
    assert state.to_act != 1


def test_uncontested_winner_does_not_show():
    """S-10: a winner by default is never asked to show."""
    state = SevenCardStud(players=2).start(seed=2)
    act(state, BringIn(), Fold())
    assert state.is_terminal
    assert not events(state, Shown)


# -- S-14: default action -----------------------------------------------------------------


def test_s14_default_action_policies():
    state = SevenCardStud(players=3).start(deck=stud_deck(3, {1: "Ah Kh 2c"}))
    assert default_action(state) == BringIn()
    act(state, Complete())
    assert default_action(state) == Fold()
    assert default_action(state, "all_in") == Raise(10)
    act(state, Call(), Call())
    assert default_action(state) == Check()


# -- illegal actions ----------------------------------------------------------------------


def test_illegal_actions_leave_state_unchanged():
    state = SevenCardStud(players=3).start(deck=stud_deck(3, {1: "Ah Kh 2c"}))
    act(state, BringIn(), Complete())
    before = state.clone()
    for bad, seat in [
        (Call(), 1),          # wrong seat
        (Raise(11), None),  # wrong amount
        (Raise(10, up_to=15), None),  # an offer, not an action
        (Check(), None),      # check facing a bet
        (Bet(5), None),       # bet facing a bet
        ("fold", None),       # not an action
    ]:
        with pytest.raises(IllegalActionError):
            state.apply(bad, seat=seat)  # type: ignore[arg-type]
        assert state == before
    act(state, Fold(), Fold())
    assert state.is_terminal
    with pytest.raises(IllegalActionError, match="over"):
        state.apply(Check())


def test_payoffs_only_at_the_end():
    state = SevenCardStud(players=2).start(seed=1)
    with pytest.raises(IllegalActionError):
        _ = state.payoffs


def test_observation_hides_other_down_cards():
    state = SevenCardStud(players=3).start(deck=stud_deck(3, {1: "Ah Kh 2c", 2: "As Ks 9d"}))
    obs = state.observation(2)
    assert obs.cards[2] == (Card("As"), Card("Ks"), Card("9d"))
    assert obs.cards[1] == (None, None, Card("2c"))
    assert Card("Ah") not in obs.visible_cards()
    assert obs.legal_actions == ()
    assert state.observation(1).legal_actions == (BringIn(), Complete())


def test_observation_of_a_missing_seat_is_refused():
    state = SevenCardStud(players=3).start(seed=1)
    with pytest.raises(IllegalActionError, match="no seat 3"):
        state.observation(3)
    spectator = state.observation(None)
    assert all(card is None for card in spectator.cards[0][:2])


def test_observation_tells_what_to_call():
    state = SevenCardStud(players=3).start(deck=stud_deck(3, {1: "Ah Kh 2c"}))
    act(state, BringIn(), Complete())
    obs = state.observation(state.to_act)
    assert obs.extra["to_call"] == 5
    assert obs.extra["round_committed"] == (0, 2, 5)
    assert state.observation(None).extra["to_call"] == 0


def test_s14_default_action_all_in_takes_the_top_of_a_spread():
    from cartes.games.contract import default_action as policy

    class Spread:
        def legal_actions(self):
            return (Fold(), Call(), Raise(4, up_to=9))

    assert policy(Spread(), "all_in") == Raise(9)
    assert policy(Spread()) == Fold()


def test_states_with_different_reshuffle_seeds_are_not_equal():
    """The reshuffle seed decides the river when cards run short (§2.5): it is part of the
    state, so two hands that differ only in it are not equal."""
    deck = Deck.french()
    a = SevenCardStud(players=8).start(deck=deck, reshuffle_seed=1)
    b = SevenCardStud(players=8).start(deck=deck, reshuffle_seed=2)
    assert a != b
    assert a == SevenCardStud(players=8).start(deck=deck, reshuffle_seed=1)


def test_pre_burned_stacked_deck_replays_its_own_history():
    """A stacked deck may come with a burn pile (cards already out of play): the history
    records it, so the hand replays, reshuffle and community card included (§2.5)."""
    full = [str(card) for card in Deck.french().cards]
    deck = Deck.stacked(" ".join(full[1:]), burned=full[0])
    state = SevenCardStud(players=8).start(deck=deck)
    play_to_river(state)
    assert events(state, Reshuffled) == [Reshuffled(None, 4)]  # no stub, 3 burns + 1 pre-burned
    while not state.is_terminal:
        state.apply(Check() if Check() in state.legal_actions() else Show())
    data = state.to_dict()
    assert data["burned"] == [full[0]]
    assert replay(state.to_json()) == state


def test_pots_during_a_round_are_the_settled_pots_and_bets_are_apart():
    """During a betting round ``pots`` holds what earlier rounds settled (antes included);
    this round's bets stay in front of the players (``round_bets``) until the round ends, so
    an unanswered bet never shows as a pot only its bettor can win."""
    state = SevenCardStud(players=3).start(deck=stud_deck(3, {1: "Ah Kh 2c"}))
    assert state.pots == (Pot(3, frozenset({0, 1, 2})),)
    act(state, BringIn())
    assert state.round_bets == (0, 2, 0)
    act(state, Complete())
    assert state.round_bets == (0, 2, 5)
    assert state.pots == (Pot(3, frozenset({0, 1, 2})),)
    act(state, Fold())
    assert state.pots == (Pot(3, frozenset({1, 2})),)
    assert state.observation(1).extra["pots"] == state.pots
    act(state, Call())
    assert state.street == 4
    assert state.pots == (Pot(13, frozenset({1, 2})),)
    assert state.round_bets == (0, 0, 0)
    act(state, Bet(5))
    assert state.pots == (Pot(13, frozenset({1, 2})),)
    assert sum(p.amount for p in state.pots) + sum(state.round_bets) == 18


def test_observation_mid_hand_hides_down_cards():
    """A calling hand to the end: at every step a seat sees its own cards, the up cards and
    the shown hands, nothing else (random play checks the same in every game, see
    tests/test_random_play.py)."""
    state = SevenCardStud(players=4).start(seed=8)

    def check():
        public = {c for seat in range(state.n)
                  for c, up in zip(state.cards[seat], state.face_up[seat], strict=True) if up}
        for event in state.history:
            if isinstance(event, Shown):
                public.update(state.cards[event.seat])
        for seat in [*range(state.n), None]:
            own = set(state.cards[seat]) if seat is not None else set()
            leaked = state.observation(seat).visible_cards() - own - public
            assert not leaked, f"seat {seat} sees {leaked}"

    while not state.is_terminal:
        check()
        legal = state.legal_actions()
        state.apply(Call() if Call() in legal else Check() if Check() in legal else legal[0])
    check()
    assert all(isinstance(c, Card) for c in state.observation(0).cards[0])
