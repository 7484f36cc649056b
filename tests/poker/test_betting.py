"""The betting engine on its own: rounds, caps, short all-ins, uncalled bets, pots and splits."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cartes.errors import ConfigurationError
from cartes.games import Bet, BringIn, Call, Check, Complete, Fold, Raise
from cartes.games.poker.betting import BettingRound, Chips, FixedLimit, RaiseCap, SpreadLimit
from cartes.games.poker.pots import Pot, pots, split

LIMIT = FixedLimit(5, 10)
CAP = RaiseCap(4)


def make_round(stacks, first=0, structure=LIMIT, cap=CAP, **kw):
    chips = Chips(stacks)
    return chips, BettingRound(chips, structure, cap, first, **kw)


def play(rnd, *actions):
    for action in actions:
        seat = rnd.to_act
        assert seat is not None, f"round over before {action!r}"
        assert any(offer.allows(action) for offer in rnd.legal(seat)), (
            f"{action!r} not offered to seat {seat}: {rnd.legal(seat)}"
        )
        rnd.apply(seat, action)


def test_check_around_ends_round():
    _, rnd = make_round([50, 50, 50], first=1)
    assert rnd.to_act == 1
    play(rnd, Check(), Check(), Check())
    assert rnd.is_over


def test_fold_always_offered_and_check_raise_allowed():
    """Fold is legal even when check is free; a player who checked may raise (C-8, §2.3)."""
    _, rnd = make_round([50, 50, 50])
    assert Fold() in rnd.legal(0)
    play(rnd, Check(), Bet(5), Call())
    assert Raise(10) in rnd.legal(0)
    play(rnd, Raise(10), Call(), Call())
    assert rnd.is_over


def test_cap_bet_plus_three_raises_with_three_players():
    """S-5: a bet and three raises cap the round with 3+ players."""
    _, rnd = make_round([500, 500, 500])
    play(rnd, Bet(5), Raise(10), Raise(15), Raise(20))
    assert rnd.to_act == 1
    assert rnd.legal(1) == (Fold(), Call())


def test_heads_up_unlimited_raises():
    """S-5: heads-up the cap does not apply."""
    _, rnd = make_round([500, 500])
    play(rnd, Bet(5), Raise(10), Raise(15), Raise(20), Raise(25))
    assert Raise(30) in rnd.legal(1)


def test_once_capped_stays_capped_when_heads_up():
    """S-5 (Robert's 3-4): a capped round is not uncapped when players fold to heads-up."""
    _, rnd = make_round([500, 500, 500])
    play(rnd, Bet(5), Raise(10), Raise(15), Raise(20), Fold())
    assert rnd.to_act == 2
    assert rnd.legal(2) == (Fold(), Call())


def test_all_in_capping_raise_keeps_the_round_capped():
    """S-5 (Robert's 4): the raise that caps the round caps it even if it puts the raiser
    all-in and leaves only two players who can act."""
    _, rnd = make_round([20, 500, 500])
    play(rnd, Bet(5), Raise(10), Raise(15), Raise(20))  # seat 0 all-in capping
    assert rnd.capped
    assert rnd.to_act == 1
    assert rnd.legal(1) == (Fold(), Call())
    play(rnd, Call())
    assert rnd.legal(2) == (Fold(), Call())


def test_bring_in_equal_to_small_bet_caps_with_no_raises_allowed():
    """S-5: with bring_in == small_bet the bring-in is the bet, so max_raises=0 caps the
    round with it; a fold to heads-up does not uncap it."""
    _, rnd = make_round([500] * 3, first=0, bring_in=5, cap=RaiseCap(1))
    play(rnd, BringIn())
    assert rnd.capped
    assert rnd.legal(1) == (Fold(), Call())
    play(rnd, Fold())
    assert rnd.legal(2) == (Fold(), Call())


def test_heads_up_before_cap_becomes_unlimited():
    _, rnd = make_round([500, 500, 500])
    play(rnd, Bet(5), Fold(), Raise(10), Raise(15), Raise(20))
    assert rnd.to_act == 0
    assert Raise(25) in rnd.legal(0)


def test_configurable_cap_and_no_cap():
    _, rnd = make_round([500] * 3, cap=RaiseCap(5))
    play(rnd, Bet(5), Raise(10), Raise(15), Raise(20))
    assert Raise(25) in rnd.legal(1)
    _, rnd = make_round([500] * 3, cap=RaiseCap(None))
    play(rnd, *[Bet(5)] + [Raise(5 * k) for k in range(2, 12)])
    assert Raise(60) in rnd.legal(rnd.to_act)


def test_bring_in_forced_then_completion_is_not_a_raise():
    """S-4, S-5: bring-in seat may not fold or check; the completion counts as the bet."""
    _, rnd = make_round([500] * 3, first=2, bring_in=2)
    assert rnd.legal(2) == (BringIn(), Complete())
    play(rnd, BringIn())
    assert rnd.legal(0) == (Fold(), Call(), Complete())
    play(rnd, Complete(), Raise(10), Raise(15), Raise(20))
    # completion + 3 raises = capped
    assert rnd.legal(rnd.to_act) == (Fold(), Call())


def test_bring_in_gets_no_option_when_called():
    """S-15: everyone calls the bring-in: the round ends without an option for its poster."""
    _, rnd = make_round([500] * 3, first=2, bring_in=2)
    play(rnd, BringIn(), Call(), Call())
    assert rnd.is_over


def test_bring_in_equal_to_small_bet_is_the_bet():
    """S-2: bring_in == small_bet means no completion step."""
    _, rnd = make_round([500] * 3, first=0, bring_in=5)
    assert rnd.legal(0) == (BringIn(),)
    play(rnd, BringIn())
    assert rnd.legal(1) == (Fold(), Call(), Raise(10))


def test_short_bring_in_stands_others_owe_full():
    """S-4: a bring-in posted short stands; others still come in for the full bring-in."""
    chips, rnd = make_round([1, 100, 100], first=0, bring_in=2)
    play(rnd, BringIn())
    assert chips.committed[0] == 1
    play(rnd, Call())
    assert chips.committed[1] == 2


def test_low_card_all_in_next_seat_may_fold_bring_in_or_complete():
    """S-4 / LA 217: the low card is all-in, so the seat on its left opens with any option."""
    _, rnd = make_round([0, 100, 100], first=0, bring_in=2)
    assert rnd.to_act == 1
    assert rnd.legal(1) == (Fold(), BringIn(), Complete())


def test_open_pair_small_or_big_then_big_sticks():
    """S-6: with an open pair either size; once a big bet is made, later raises are big."""
    _, rnd = make_round([500] * 3, big_option=True)
    assert rnd.legal(0)[2:] == (Bet(5), Bet(10))
    play(rnd, Bet(5))
    assert rnd.legal(1)[2:] == (Raise(10), Raise(15))
    play(rnd, Raise(15))
    assert rnd.legal(2)[2:] == (Raise(25),)


def test_short_all_in_under_half_does_not_reopen():
    """S-13: an all-in raise of less than half a bet does not reopen the betting."""
    _chips, rnd = make_round([100, 7, 100])
    play(rnd, Bet(5), Raise(7))  # 2 more: under half of 5
    assert rnd.legal(2) == (Fold(), Call(), Raise(10))  # yet to act: may complete
    play(rnd, Call())
    assert rnd.to_act == 0
    assert rnd.legal(0) == (Fold(), Call())  # already acted: call or fold only


def test_short_all_in_of_half_or_more_reopens():
    """S-13: half a bet or more counts as a full raise."""
    _, rnd = make_round([100, 8, 100])
    play(rnd, Bet(5), Raise(8), Call())
    assert rnd.legal(0) == (Fold(), Call(), Raise(13))


def test_half_bet_rule_off_requires_full_unit():
    _, rnd = make_round([100, 8, 100], structure=FixedLimit(5, 10, half_bet_rule=False))
    play(rnd, Bet(5), Raise(8), Call())
    assert rnd.legal(0) == (Fold(), Call())


def test_short_all_in_bet_can_be_completed():
    """S-13: a short all-in opening bet may be called or completed to a full bet."""
    _, rnd = make_round([2, 100, 100])
    play(rnd, Bet(2))
    assert rnd.legal(1) == (Fold(), Call(), Raise(5))


def test_no_raise_offered_when_no_one_could_answer_it():
    """A bet or raise needs someone to answer it: facing an all-in bet with every other seat
    all-in, a player may only call or fold."""
    _, rnd = make_round([500, 4], first=1)
    play(rnd, Bet(4))  # all-in, counts as a bet (half-bet rule)
    assert rnd.legal(0) == (Fold(), Call())
    _, rnd = make_round([500, 4, 3], first=1)
    play(rnd, Bet(4), Call())  # seats 1 and 2 all-in
    assert rnd.legal(0) == (Fold(), Call())
    _, rnd = make_round([500, 4, 500], first=1)
    play(rnd, Bet(4))  # seat 2 could still answer a raise
    assert rnd.legal(2) == (Fold(), Call(), Raise(9))


def test_uncalled_bet_returned():
    chips, rnd = make_round([50, 50, 50])
    play(rnd, Bet(5), Raise(10), Fold(), Fold())
    assert rnd.return_uncalled() == (1, 5)
    assert chips.stacks == [45, 45, 50]
    assert chips.committed == [5, 5, 0]


def test_all_in_caller_closes_action():
    chips, rnd = make_round([3, 50])
    play(rnd, Bet(3), Call())
    assert rnd.is_over
    chips, rnd = make_round([50, 3])
    play(rnd, Bet(5), Call())
    assert rnd.is_over
    assert chips.committed == [5, 3]
    assert rnd.return_uncalled() == (0, 2)


def test_spread_limit_bounds_and_short_all_in():
    """C-4: bet min..max; raise by max(min, last increment)..max; short all-in no reopen."""
    _, rnd = make_round([100, 100, 100], structure=SpreadLimit(1, 10), cap=RaiseCap(None))
    assert rnd.legal(0)[2:] == (Bet(1, up_to=10),)
    play(rnd, Bet(4))
    assert rnd.legal(1)[2:] == (Raise(8, up_to=14),)
    play(rnd, Raise(12))  # an 8 increment
    assert rnd.legal(2)[2:] == (Raise(20, up_to=22),)


def test_spread_limit_short_all_in_does_not_reopen():
    _, rnd = make_round([100, 15, 100], structure=SpreadLimit(1, 10), cap=RaiseCap(None))
    play(rnd, Bet(10), Raise(15), Call())
    assert rnd.legal(0) == (Fold(), Call())


def test_c28_round_scope_in_the_betting_round():
    """C-28: under "round" a raise runs from a full raise to max_bet; where a full raise would
    pass it, the raise to max_bet is short (not counted, not the last full aggressor)."""
    _, rnd = make_round([100, 100, 100], structure=SpreadLimit(1, 10, "round"),
                        cap=RaiseCap(None))
    play(rnd, Bet(4))
    assert rnd.legal(1)[2:] == (Raise(8, up_to=10),)
    play(rnd, Raise(8))
    assert rnd.legal(2)[2:] == (Raise(10),)
    play(rnd, Raise(10))
    assert (rnd.count, rnd.last_full_aggressor, rnd.last_aggressor) == (2, 1, 2)
    assert rnd.legal(0) == (Fold(), Call())


def test_spread_limit_cap_counts_bets_and_raises():
    _, rnd = make_round([100, 100], structure=SpreadLimit(1, 10),
                        cap=RaiseCap(2, heads_up_unlimited=False))
    play(rnd, Bet(1), Raise(2))
    assert rnd.legal(0) == (Fold(), Call())


def test_bad_structures():
    with pytest.raises(ConfigurationError, match="min_bet"):
        SpreadLimit(0, 3)
    with pytest.raises(ConfigurationError, match="max_bet"):
        SpreadLimit(5, 3)
    with pytest.raises(ConfigurationError, match="max_bets"):
        RaiseCap(0)
    with pytest.raises(ConfigurationError, match="max_bet_scope"):
        SpreadLimit(1, 10, "hand")


def test_pots_layers():
    result = pots([10, 25, 25, 5], [False, False, False, True])
    assert result == (
        Pot(35, frozenset({0, 1, 2})),
        Pot(30, frozenset({1, 2})),
    )


def test_pots_folded_money_above_live_levels():
    assert pots([3, 10, 0], [False, True, False]) == (Pot(13, frozenset({0})),)


def test_split_odd_chips_in_given_order():
    assert split(10, [1, 0, 2]) == [(1, 4), (0, 3), (2, 3)]
    assert split(7, [3]) == [(3, 7)]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 60), st.booleans()), min_size=2, max_size=8))
def test_pots_conserve_chips_and_eligibility(seats):
    committed = [c for c, _ in seats]
    folded = [f for _, f in seats]
    if all(folded):
        folded[0] = False
    result = pots(committed, folded)
    assert sum(p.amount for p in result) == sum(committed)
    live = {s for s, f in enumerate(folded) if not f}
    for i, pot in enumerate(result):
        assert pot.eligible <= live
        assert pot.eligible
        if i:  # side pots only narrow the field
            assert pot.eligible < result[i - 1].eligible
        # a seat is eligible iff it is live and reached this pot's level
        level = min(committed[s] for s in pot.eligible)
        assert pot.eligible == {s for s in live if committed[s] >= level}
    # each live seat's winnings if it won every pot it is eligible for never exceed what
    # it could claim from each opponent: sum over players of min(their chips, its chips)
    for s in live:
        claim = sum(p.amount for p in result if s in p.eligible)
        cap = sum(min(c, committed[s]) for c in committed)
        if result and s in result[-1].eligible:
            cap = sum(committed)
        assert claim <= cap


@settings(max_examples=400, deadline=None)
@given(
    data=st.data(),
    stacks=st.lists(st.integers(1, 60), min_size=2, max_size=8),
    structure=st.sampled_from([FixedLimit(5, 10), FixedLimit(5, 10, half_bet_rule=False),
                               FixedLimit(2, 4), SpreadLimit(1, 10), SpreadLimit(2, 6),
                               SpreadLimit(1, 10, "round"), SpreadLimit(2, 6, "round")]),
    cap=st.sampled_from([RaiseCap(4), RaiseCap(5), RaiseCap(None),
                         RaiseCap(3, heads_up_unlimited=False)]),
    bring_in=st.sampled_from([None, 1, 2]),
    big_option=st.booleans(),
)
def test_random_rounds_settle_consistently(data, stacks, structure, cap, bring_in, big_option):
    """Any sequence of offered actions ends the round with every live seat that still has
    chips matched, chips conserved, and only the uncalled excess returned."""
    n = len(stacks)
    first = data.draw(st.integers(0, n - 1))
    chips = Chips(stacks)
    rnd = BettingRound(chips, structure, cap, first, bring_in=bring_in, big_option=big_option)
    total = sum(stacks)
    for _ in range(400):
        seat = rnd.to_act
        if seat is None:
            break
        legal = rnd.legal(seat)
        assert legal
        offer = data.draw(st.sampled_from(legal))
        if isinstance(offer, Bet) and offer.up_to is not None:
            offer = Bet(data.draw(st.integers(offer.amount, offer.up_to)))
        if isinstance(offer, Raise) and offer.up_to is not None:
            offer = Raise(data.draw(st.integers(offer.to, offer.up_to)))
        before = chips.stacks[seat]
        moved = rnd.apply(seat, offer)
        assert 0 <= moved <= before
        assert sum(chips.stacks) + sum(chips.committed) == total
        if isinstance(structure, SpreadLimit) and structure.max_bet_scope == "round":
            assert max(rnd.contrib) <= structure.max_bet  # the ceiling of the round (C-28)
    assert rnd.is_over, "a round must end"
    rnd.return_uncalled()
    assert sum(chips.stacks) + sum(chips.committed) == total
    live = chips.live()
    top = sorted(rnd.contrib, reverse=True)
    assert top[0] == top[1] or len(live) == 1 or top[0] == 0
    assert top[0] == top[1]  # nothing uncalled is left in
    able = [s for s in live if chips.stacks[s] > 0]
    if len(live) > 1 and able:
        matched = max(rnd.contrib[s] for s in live)
        # everyone with chips behind has matched the most anyone live put in
        assert all(rnd.contrib[s] == matched for s in able)


class HalfBetReference:
    """S-13 (revision 3) written out again from the text, apart from the engine: what a seat
    may do in a fixed-limit round (no open-pair option, no cap). *L* is the last full level;
    a seat faces what the wager has grown since the later of its own last action and *L*."""

    def __init__(self, stacks, structure, bring_in):
        n = len(stacks)
        self.stacks = list(stacks)
        self.contrib = [0] * n
        self.folded = [False] * n
        self.unit = structure.small_bet
        self.half = structure.half_bet_rule
        self.bring_in = bring_in
        self.level = self.full = self.count = 0
        self.acted = [None] * n  # the wager when the seat last acted
        self.since_full = [False] * n  # acted since L was set
        self.offered = {}

    def reaches(self, faced):
        return 2 * faced >= self.unit if self.half else faced >= self.unit

    def legal(self, seat):
        owe = max(0, self.level - self.contrib[seat])
        passive = (Fold(), Check()) if owe == 0 else (Fold(), Call())
        stack = self.stacks[seat]
        answerable = any(
            other != seat and not self.folded[other]
            and self.contrib[other] + self.stacks[other] > self.level
            for other in range(len(self.stacks))
        )
        if stack <= owe or not answerable:
            return passive
        acted_since = self.since_full[seat]
        faced = self.level - (self.acted[seat] if acted_since else self.full)
        completing = self.bring_in is not None and self.count == 0  # the bring-in is no bet
        if completing or not self.reaches(faced):
            if acted_since:
                return passive
            target = self.full + self.unit
        else:
            target = self.level + self.unit
        all_in = self.contrib[seat] + stack
        self.offered[seat] = target
        if completing:
            return (*passive, Complete())
        target = min(target, all_in)
        return (*passive, Bet(target) if self.level == 0 else Raise(target))

    def _put(self, seat, amount):
        moved = min(amount, self.stacks[seat])
        self.stacks[seat] -= moved
        self.contrib[seat] += moved

    def apply(self, seat, action):
        if isinstance(action, Fold):
            self.folded[seat] = True
        elif isinstance(action, Call):
            self._put(seat, self.level - self.contrib[seat])
        elif isinstance(action, BringIn):
            self._put(seat, self.bring_in)
            self.level = self.bring_in
            if self.bring_in >= self.unit:  # no completion step: the bring-in is the bet
                self.full, self.count = self.level, 1
                self.since_full = [False] * len(self.stacks)
        elif isinstance(action, Bet | Raise | Complete):
            if isinstance(action, Complete):
                target = min(self.full + self.unit, self.contrib[seat] + self.stacks[seat])
            else:
                target = action.amount if isinstance(action, Bet) else action.to
            completing = self.bring_in is not None and self.count == 0
            added = target if completing else target - self.level
            self._put(seat, target - self.contrib[seat])
            wanted = self.full + self.unit if isinstance(action, Complete) else self.offered[seat]
            full = target >= wanted or (
                self.half and 2 * added >= self.unit
            )
            self.level = max(self.level, target)
            if full:
                self.full = target
                self.count += 1
                self.since_full = [False] * len(self.stacks)
        self.acted[seat] = self.level
        self.since_full[seat] = True


@settings(max_examples=600, deadline=None)
@given(
    data=st.data(),
    stacks=st.lists(st.integers(1, 24), min_size=2, max_size=8),  # short: all-ins of all sizes
    structure=st.sampled_from([FixedLimit(5, 10), FixedLimit(5, 10, half_bet_rule=False),
                               FixedLimit(4, 8), FixedLimit(10, 20)]),
    bring_in=st.sampled_from([None, 1, 2, 3, 4]),
)
def test_s13_fixed_limit_offers_follow_the_half_bet_rule_as_written(
    data, stacks, structure, bring_in
):
    """Every offer of a fixed-limit round (short stacks, so all-ins of every size) equals the
    half-bet rule of S-13 written out independently: who may raise, and to how much."""
    if bring_in is not None and bring_in > structure.small_bet:
        bring_in = structure.small_bet
    n = len(stacks)
    first = data.draw(st.integers(0, n - 1))
    chips = Chips(stacks)
    rnd = BettingRound(chips, structure, RaiseCap(None), first, bring_in=bring_in)
    ref = HalfBetReference(stacks, structure, bring_in)
    while (seat := rnd.to_act) is not None:
        legal = rnd.legal(seat)
        if not rnd.bring_in_due:
            assert legal == ref.legal(seat), (seat, rnd.contrib, chips.stacks)
        action = data.draw(st.sampled_from(legal))
        rnd.apply(seat, action)
        ref.apply(seat, action)
        assert rnd.contrib == ref.contrib
