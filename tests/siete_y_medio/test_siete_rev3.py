"""Siete y medio under SPEC revision 3 (issue 18): one scenario per changed rule, on stacked
decks, each named after the rule it checks.

* M-15, M-28: a bank bust pays every live hand its bet once, a 7½ included, and nobody takes the
  bank; the option ``bust_pays_double`` keeps the earlier reading.
* M-6, M-31: a punter who voted against an adopted proposal chooses to play or to sit out.
* M-31: a table takes the next hand's modality (and proposal).
* M-23: a calle with no hidden card gets its next card face down.

With four seats and the bank at seat 0 the punters play in the order 3, 2, 1 (counter-clockwise
from the bank's right, M-5).
"""

from __future__ import annotations

import pytest

from _siete import deck, events, play, start
from cartes.errors import ConfigurationError, IllegalActionError
from cartes.games import (
    Annul,
    Bet,
    Draw,
    Muerta,
    OpenCalle,
    Play,
    SieteYMedio,
    SitOut,
    Stand,
    Table,
    Vote,
    action_from_dict,
    replay,
)
from cartes.games.dealing import CardDealt
from cartes.games.siete_y_medio.events import (
    BankTaken,
    NoVoterChose,
    Settled,
    StakesAgreed,
    Turned,
)


def outcomes(state):
    return [(e.seat, e.calle, e.outcome, e.amount) for e in events(state, Settled)]


def refuse(state, action, match, seat=None):
    """``action`` raises an IllegalActionError matching ``match`` and changes nothing."""
    before = state.clone()
    with pytest.raises(IllegalActionError, match=match):
        state.apply(action, seat=seat)
    assert state == before


# -- M-15, M-28: the bank's bust ------------------------------------------------------------

# The repro. Seat 3: 2, then 5 and sota, 7½ on three cards (bet 1); seat 2: 7 and
# caballo, 7½ (bet 2); seat 1 stands on his 6 (bet 1); the bank: 5 + 3 = 8, a bust.
BUST_DECK = "2o 7c 6e 5b  5o 10o  11c  3b"
BUST_PLAY = (Bet(1), Draw(), Draw(), Bet(2), Draw(), Bet(1), Stand(), Draw())


def test_m15_bank_bust_pays_every_bet_once():
    state = play(start(BUST_DECK, players=4), *BUST_PLAY)
    assert outcomes(state) == [(3, 0, "win", 1), (2, 0, "win", 2), (1, 0, "win", 1)]
    assert state.payoffs == (-4, 1, 2, 1)
    assert not events(state, BankTaken)
    assert state.next_button == 0  # the bank stays
    assert replay(state.to_json()) == state


def test_m15_bust_pays_double_keeps_the_privileged_7_and_half_on_a_bank_bust():
    state = play(start(BUST_DECK, players=4, bust_pays_double=True), *BUST_PLAY)
    assert outcomes(state) == [(3, 0, "privileged", 2), (2, 0, "win", 2), (1, 0, "win", 1)]
    assert state.payoffs == (-5, 1, 2, 2)
    assert events(state, BankTaken) == [BankTaken(3)]
    assert state.next_button == 3
    assert replay(state.to_json()) == state


def test_m15_the_privileged_7_and_half_still_doubles_against_a_bank_below_7_and_half():
    for double in (False, True):  # the option changes only the bank's bust
        state = play(start("2o 7c 6e 5b  5o 10o  11c  2b", players=4, bust_pays_double=double),
                     *BUST_PLAY[:-1], Draw(), Stand())  # the bank: 5 + 2 = 7
        assert outcomes(state) == [(3, 0, "privileged", 2), (2, 0, "win", 2), (1, 0, "lose", -1)]
        assert state.next_button == 3


def test_m15_a_muerta_7_and_half_is_paid_triple_on_a_bank_bust_and_does_not_take_the_bank():
    for double in (False, True):
        state = play(start("7o 5c 6e  10c  2b 6b", bust_pays_double=double),
                     Bet(2), Muerta(), Bet(1), Draw(), Stand(), Draw())  # bank 6 + 6: bust
        assert outcomes(state) == [(2, 0, "muerta", 6), (1, 0, "win", 1)]
        assert state.next_button == 0


def test_m15_the_option_is_checked_and_recorded():
    with pytest.raises(ConfigurationError, match="bust_pays_double must be True or False"):
        SieteYMedio(bust_pays_double="yes")
    assert SieteYMedio(bust_pays_double=True).config()["bust_pays_double"] is True


def test_m15_settle_hand_pays_a_7_and_half_once_on_a_bank_bust():
    from cartes.games.siete_y_medio.rules import settle_hand

    assert settle_hand(15, 2, 16) == ("win", 2)
    assert settle_hand(15, 2, 16, bust_pays_double=True) == ("privileged", 4)
    assert settle_hand(15, 2, 16, first_seven=False, bust_pays_double=True) == ("win", 2)
    assert settle_hand(15, 2, 12) == settle_hand(15, 2, 12, bust_pays_double=True)


# -- M-6, M-31: the no-voter's choice ---------------------------------------------------------


def voted(text="5o 5c 6e 7b 6o  2o", **options):
    """Five seats, the bank at 0, a 2-5 proposal: seats 4, 2 and 1 accept, seat 3 rejects;
    four of four punters need three: adopted."""
    state = start(text, players=5, modality=3, minimum=2, maximum=5, **options)
    return play(state, Vote(True), Vote(False), Vote(True), Vote(True))


def test_m31_no_voter_chooses_play_or_sit_out():
    state = voted()
    agreed = events(state, StakesAgreed)[0]
    assert agreed.adopted
    assert agreed.sitting_out == ()
    assert not events(state, CardDealt)  # the deal waits for his choice
    assert (state.phase, state.to_act) == ("choice", 3)
    assert set(state.legal_actions()) == {Play(), SitOut()}
    # he plays, at the adopted stakes
    playing = play(state.clone(), Play())
    assert events(playing, NoVoterChose) == [NoVoterChose(3, plays=True)]
    assert [e.seat for e in events(playing, CardDealt)] == [4, 3, 2, 1, 0]
    play(playing, Bet(2), Stand())  # seat 4 stands on his 5
    assert (playing.to_act, playing.legal_actions()) == (3, (Bet(2, up_to=5),))
    play(playing, Bet(5), Draw(), Stand())  # seat 3: 5 + 2, at the proposal's maximum
    play(playing, Bet(2), Stand(), Bet(2), Stand(), Stand())  # 6 and 7; the bank's 6
    assert playing.payoffs == (-3, 2, -2, 5, -2)
    assert replay(playing.to_json()) == playing
    # or he sits the hand out
    out = play(state, SitOut())
    assert events(out, NoVoterChose) == [NoVoterChose(3, plays=False)]
    assert [e.seat for e in events(out, CardDealt)] == [4, 2, 1, 0]
    assert out.observation(None).sitting_out[3]
    play(out, Bet(2), Stand(), Bet(2), Stand(), Bet(2), Stand(), Stand())
    assert out.payoffs[3] == 0
    assert replay(out.to_json()) == out


def test_m31_the_choice_is_his_alone_and_nothing_else_is_offered():
    state = voted()
    refuse(state, Bet(2), r"voted against .* Play\(\) or SitOut\(\)")
    refuse(state, Vote(True), r"Play\(\) or SitOut\(\)")
    refuse(state, Play(), "cannot act now", seat=4)
    assert state.observation(4).legal_actions == ()
    assert state.observation(3).legal_actions == state.legal_actions()
    playing = play(state.clone(), Play())
    refuse(playing, SitOut(), "only a punter who voted against an adopted proposal")
    refuse(playing, Play(), "only a punter who voted against an adopted proposal")


def test_m31_no_choice_without_an_adopted_proposal_or_a_no_voter():
    state = start("5o 5c 6e 7b 1o", players=5, modality=3, minimum=2, maximum=5)
    play(state, Vote(True), Vote(True), Vote(True), Vote(True))
    assert state.phase == "first"
    assert not events(state, NoVoterChose)
    state = start("5o 5c 6e 7b 1o", players=5, modality=3, minimum=2, maximum=5)
    play(state, Vote(False), Vote(False), Vote(True), Vote(True))  # rejected: classic stakes
    assert (state.phase, state.limits) == ("first", (1, 3))
    assert not events(state, NoVoterChose)


def test_m31_m37_an_annulled_deal_keeps_the_no_voters_choice():
    state = voted("5o 6e 7b 3b")  # seat 3 sits out: the bank's first card is a 3
    play(state, SitOut())
    assert state.phase == "validity"
    play(state, Annul())
    dealt = [e.seat for e in events(state, CardDealt)]
    assert dealt[:4] == [4, 2, 1, 0]
    assert dealt[4:8] == [4, 2, 1, 0]  # dealt again, to the same four
    assert state.limits == (2, 5)
    assert events(state, NoVoterChose) == [NoVoterChose(3, plays=False)]


def test_m31_play_and_sit_out_are_actions_like_the_others():
    assert action_from_dict(Play().to_dict()) == Play()
    assert action_from_dict(SitOut().to_dict()) == SitOut()
    assert SitOut().to_dict() == {"kind": "sit_out"}
    from cartes.display import action_label

    assert (action_label(Play()), action_label(SitOut())) == (
        "play at the adopted stakes", "sit out this hand")
    from cartes.terminal import parse_action

    assert parse_action("sit out", [Play(), SitOut()]) == SitOut()


# -- M-31: the modality per hand ----------------------------------------------------------------


def test_m31_table_takes_next_hands_modality():
    table = Table(SieteYMedio(players=3))
    state = table.start_hand(deck=deck("5o 5c 6e  1o"), modality=2)
    assert state.limits == (2, 4)
    assert state.legal_actions() == (Bet(2, up_to=4),)
    play(state, Bet(4), Draw(), Stand(), Bet(2), Stand(), Stand())  # 6 and 5 against 6
    assert state.payoffs == (6, -2, -4)
    assert replay(state.to_json()) == state
    table.finish_hand(state)
    state = table.start_hand(deck=deck("5o 5c 6e"), modality=3, minimum=3, maximum=8)
    assert (state.phase, state.limits) == ("vote", (3, 8))
    play(state, Vote(True), Vote(True))
    assert state.legal_actions() == (Bet(3, up_to=8),)
    play(state, Bet(3), Stand(), Bet(3), Stand(), Stand())
    assert replay(state.to_json()) == state
    table.finish_hand(state)
    state = table.start_hand(deck=deck("5o 5c 6e"))  # announced per hand: the game's again
    assert state.limits == (1, 3)
    assert table.game == SieteYMedio(players=3)


def test_m31_a_tables_modality_is_checked_before_the_hand():
    table = Table(SieteYMedio(players=3))
    with pytest.raises(ConfigurationError, match="modality 3 needs the bank's proposal"):
        table.start_hand(seed=1, modality=3)
    with pytest.raises(ConfigurationError, match=r"modality must be an integer in 1\.\.3"):
        table.start_hand(seed=1, modality=4)
    with pytest.raises(ConfigurationError, match="modality-3 proposal"):
        table.start_hand(seed=1, minimum=2, maximum=5)  # the table's game plays modality 1
    assert table.start_hand(seed=1).limits == (1, 3)  # nothing was started by the refusals
    proposal = Table(SieteYMedio(players=3, modality=3, minimum=2, maximum=6))
    state = proposal.start_hand(deck=deck("5o 5c 6e"), modality=1)  # the classic stakes
    assert (state.phase, state.limits) == ("first", (1, 3))
    proposal.finish_hand(play(state, Bet(1), Stand(), Bet(1), Stand(), Stand()))
    state = proposal.start_hand(deck=deck("5o 5c 6e"), maximum=9)  # a new proposal's maximum
    assert (state.phase, state.limits) == ("vote", (2, 9))


# -- M-23: a calle with no hidden card ---------------------------------------------------------


def test_m23_calle_without_hidden_card_draws_face_down():
    state = start("10o 5c 6e  11o 4b")
    play(state, Bet(1), OpenCalle(1, down=False))  # the caballo opens calle 1 face up
    calle_one = [a for a in state.legal_actions() if getattr(a, "calle", None) == 1]
    assert calle_one
    assert all(a.down for a in calle_one if isinstance(a, Draw | OpenCalle))
    calle_zero = [a for a in state.legal_actions() if isinstance(a, Draw) and a.calle == 0]
    assert {a.down for a in calle_zero} == {False, True}  # calle 0 still holds its sota
    refuse(state, Draw(calle=1), r"calle 1 holds no face-down card.*down=True.*M-23")
    refuse(state, OpenCalle(1, calle=1), "M-23")
    play(state, Draw(calle=1, down=True))
    assert not events(state, Turned)
    assert state.observation(2).extra["calles"][2][1][1] == (True, False)


def test_m23_a_calle_left_without_its_hidden_card_by_a_new_calle_draws_face_down():
    state = start("10o 5c 6e  11o 2b")
    play(state, Bet(1), OpenCalle(1, down=True))  # the sota turned up; the caballo down, away
    calles = state.observation(2).extra["calles"][2]
    assert calles[0][1] == (True,)
    assert calles[1][1] == (False,)
    assert {a.down for a in state.legal_actions()
            if isinstance(a, Draw | OpenCalle) and a.calle == 0} == {True}
    refuse(state, Draw(calle=0), "M-23")
    play(state, Draw(calle=0, down=True))  # the 2 comes face down: calle 0 has its hidden card
    assert state.observation(2).extra["calles"][2][0][1] == (True, False)
