"""Random play of every registered game, every option drawn, checked against the invariants
all games share, once: chips (or balances) conserved at every step, no card dealt twice,
every offered action applies, junk, ill-typed and out-of-turn actions refused with the state
unchanged, no observation showing what its seat may not see, the JSON history replaying to an
equal state (mid-hand, and at the end), clone equality and independence, determinism, action
numbers round-tripping through the game's encoding, and every payout equal to the pot oracle's
recomputation from the history alone (``_pot_oracle``).

A game's own invariants (calatone's spread limits, 7½'s card places and bank passing) run in
the same hands, through the case's ``step`` and ``end`` hooks, from the game's helpers.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cartes.games as registry
from _calatone import (
    calatone_deck,
    calatone_games,
    check_offers_within_the_spread,
    check_rounds_within_the_limits,
)
from _pot_oracle import final_payoffs, five_value, poker_payouts, siete_payouts
from _siete import check_card_places, check_siete_state, siete_games
from _stud import games as stud_games_but_the_stack
from _stud import stud_deck
from cartes.errors import IllegalActionError
from cartes.games import (
    Action,
    Annul,
    Bet,
    BringIn,
    Call,
    Check,
    Complete,
    Concede,
    Declare,
    Decline,
    Draw,
    Exchange,
    Expose,
    Fold,
    Keep,
    Muck,
    Muerta,
    OpenCalle,
    Play,
    Raise,
    Show,
    SitOut,
    Stand,
    Vote,
    replay,
)
from cartes.games.calatone.events import Declared, ExposuresRevealed
from cartes.games.dealing import CardDealt, Reshuffled, Shown
from cartes.games.encoding import encoding
from cartes.games.poker.events import PotAwarded
from cartes.games.siete_y_medio.events import (
    Annulled,
    Busted,
    Declined,
    Exchanged,
    Settled,
    Turned,
)
from cartes.games.stud.events import CardBurned
from cartes.games.testing import junk_actions
from cartes.play import (
    CallingStation,
    RandomAgent,
    SeatView,
    SimpleAgent,
    ThresholdAgent,
    play_hand,
)


def stud_games():
    """Stud over every option: the round trips' strategy (PHH has no field for the starting
    stack) with a small ``starting_stack`` drawn too, for all-ins and side pots."""
    return st.tuples(stud_games_but_the_stack(), st.integers(1, 60)).map(
        lambda drawn: dataclasses.replace(drawn[0], starting_stack=drawn[1]))


# ---------------------------------------------------------------------------------------------
# What a seat may see, each game's rule written from the history and the table.


def stud_public(state):
    """Up cards, the hands shown at the showdown (never a mucked one), the community card."""
    public = {c for seat in range(state.n)
              for c, up in zip(state.cards[seat], state.face_up[seat], strict=True) if up}
    for event in state.history:
        if isinstance(event, Shown):
            public.update(state.cards[event.seat])
    if state.community is not None:
        public.add(state.community)
    return public


def calatone_public(state):
    """Up cards once every choice is revealed (C-5), and the shown or declared hands."""
    public = set()
    if any(isinstance(e, ExposuresRevealed) for e in state.history):
        for up in state.up_cards:
            public.update(up)
    for event in state.history:
        if isinstance(event, Shown | Declared):
            public.update(event.cards)
    return public


def poker_own(state, seat):
    """A poker seat may see all its own cards."""
    return set(state.cards[seat])


def siete_public(state):
    """Cards dealt or turned face up, the special cards shown as they go (M-33), busted and
    revealed hands."""
    seen = set()
    for event in state.history:
        if isinstance(event, Turned | Exchanged | Declined | Annulled) or (
                isinstance(event, CardDealt) and event.face_up):
            seen.add(event.card)
        elif isinstance(event, Busted | Shown):
            seen.update(event.cards)
    return seen


def siete_own(state, seat):
    """What a punter was dealt and could look at: never a muerta's card (M-14)."""
    return {e.card for e in state.history
            if isinstance(e, CardDealt) and e.seat == seat and not e.blind}


# ---------------------------------------------------------------------------------------------
# No card twice, each game's deal.


def stud_cards_once(state):
    dealt = [e.card for e in state.history if isinstance(e, CardDealt)]
    burned = [e.card for e in state.history if isinstance(e, CardBurned)]
    assert len(set(dealt)) == len(dealt)
    assert set(dealt) <= set(state.initial_deck)
    # burns come back only through the reshuffle of §2.5
    assert not (set(burned) & set(dealt)) or any(isinstance(e, Reshuffled)
                                                 for e in state.history)


def calatone_cards_once(state):
    dealt = [e.card for e in state.history if isinstance(e, CardDealt)]
    assert len(set(dealt)) == len(dealt)
    assert set(dealt) <= set(state.initial_deck)


def siete_cards_once(state):
    dealt = [e.card for e in state.history if isinstance(e, CardDealt)]
    assert set(dealt) <= set(state.initial_deck)
    if not any(e.kind in ("reshuffle", "annul") for e in state.history):
        assert len(set(dealt)) == len(dealt)
    check_card_places(state)  # and at any time each card is in one place


# ---------------------------------------------------------------------------------------------
# Payouts against the oracle.


def poker_payouts_agree(state):
    expected = poker_payouts(state.history, state.game)
    awards = [e for e in state.history if isinstance(e, PotAwarded)]
    # every pot once, the last side pot first (§1.8, LA 149)
    assert [e.pot for e in awards] == sorted(expected.awards, reverse=True), awards
    for event in awards:
        amount, shares = expected.awards[event.pot]
        assert (event.amount, tuple(event.shares)) == (amount, shares), (event, expected)
    assert tuple(state.payoffs) == expected.payoffs == final_payoffs(state.history)
    assert list(state.stacks) == [s + p for s, p in zip(state.initial_stacks, state.payoffs,
                                                        strict=True)]
    assert all(stack >= 0 for stack in state.stacks)


def siete_payouts_agree(state):
    expected = siete_payouts(state.history, state.game)
    busts = {(e.seat, e.calle): (e.total, e.amount) for e in state.history
             if isinstance(e, Busted)}
    assert busts == expected.busts
    settled = [(e.seat, e.calle, e.total, e.outcome, e.amount) for e in state.history
               if isinstance(e, Settled)]
    assert settled == expected.settled
    taken = [e.seat for e in state.history if e.kind == "bank_taken"]
    assert taken == ([] if expected.takes is None else [expected.takes])
    assert state.next_button == expected.next_bank
    assert tuple(state.payoffs) == expected.payoffs == final_payoffs(state.history)


# ---------------------------------------------------------------------------------------------
# The cases.


class StubbornAgent:
    """Random, but never folds, mucks or concedes when anything else is legal: reaches the
    later streets, the showdowns, the reshuffles and the declarations far more often. Most
    of the time it declares its best five (so that equal hands tie, and pots split)."""

    def __init__(self, rng, lowest_rank=2):
        self.rng, self.lowest_rank = rng, lowest_rank

    def act(self, view):
        keep = [a for a in view.legal_actions if a not in (Fold(), Muck(), Concede())]
        keep = keep or list(view.legal_actions)
        fives = [a for a in keep if isinstance(a, Declare)]
        if fives and self.rng.random() < 0.7:
            return max(fives, key=lambda a: five_value(a.cards, calatone=True,
                                                       lowest_rank=self.lowest_rank))
        return keep[int(self.rng.integers(len(keep)))].choose(self.rng)


def tied_hands(game, rng):
    """Cards for every seat of the same seven ranks, suits turning so that nobody has a flush:
    every showdown is a tie, so pots split and odd chips go round (up to four seats)."""
    ranks = rng.choice(range(getattr(game, "lowest_rank", 2), 15), 7, replace=False)
    return {seat: " ".join(f"{'23456789TJQKA'[r - 2]}{'cdhs'[(i + seat) % 4]}"
                           for i, r in enumerate(ranks)) for seat in range(game.players)}


def poker_start(game, rng):
    options: dict[str, Any] = {"button": int(rng.integers(game.players))}
    if rng.random() < 0.8:  # else every seat starts with the game's starting_stack
        options["stacks"] = [int(rng.integers(1, 60)) for _ in range(game.players)]
    if game.players <= 4 and getattr(game, "lowest_rank", 2) <= 8 and rng.random() < 0.3:
        hands = tied_hands(game, rng)
        if game.name == "calatone":
            options["deck"] = calatone_deck(game.players, hands, dealer=options["button"],
                                            lowest_rank=game.lowest_rank)
        else:
            options["deck"] = stud_deck(game.players, hands, button=options["button"])
    return options


def siete_start(game, rng):
    n = game.players
    bank = int(rng.integers(n))
    options: dict[str, Any] = {
        "button": bank,
        "sitting_out": [s for s in range(n) if s != bank and rng.random() < 0.15],
        "reshuffle_seed": int(rng.integers(2**31)) if rng.random() < 0.5 else None}
    if rng.random() < 0.8:
        options["stacks"] = [int(x) for x in rng.integers(-50, 50, n)]
    return options


def poker_agents(game, rng):
    low = getattr(game, "lowest_rank", 2)
    return [RandomAgent(rng) if rng.random() < 0.4 else StubbornAgent(rng, low)
            for _ in range(game.players)]


def siete_agents(game, rng):
    return [RandomAgent(rng) if rng.random() < 0.7 else ThresholdAgent()
            for _ in range(game.players)]


def calatone_step(state):
    check_offers_within_the_spread(state, state.legal_actions())


def calatone_end(state):
    check_rounds_within_the_limits(state)
    dealt = [e.card for e in state.history if isinstance(e, CardDealt)]
    assert dealt == list(state.initial_deck[: len(dealt)])  # no burns (C-16), top first
    assert all(card.rank + 2 >= state.game.lowest_rank for card in dealt)  # C-18 (2 is 0)


def nothing(state):
    return None


@dataclass(frozen=True)
class Case:
    """One registered game, as the harness drives and checks it."""

    name: str
    games: Callable[[], st.SearchStrategy]
    start: Callable[[Any, np.random.Generator], dict[str, Any]]
    agents: Callable[[Any, np.random.Generator], list]
    pool: tuple[Any, ...]  # the game's own well-formed actions, refused unless offered
    ill_typed: tuple[Any, ...]  # its own actions with amounts that are not chips, or worse
    public: Callable[[Any], set]
    own: Callable[[Any, int], set]
    cards_once: Callable[[Any], None]
    payouts: Callable[[Any], None]
    step: Callable[[Any], None] = nothing
    end: Callable[[Any], None] = nothing
    foreign: Callable[[Any], list] = field(default=lambda state: [])


STUD = Case(
    "seven-card-stud", stud_games, poker_start, poker_agents,
    pool=(Fold(), Check(), Call(), BringIn(), Complete(), Show(), Muck(),
          *(Bet(k) for k in (1, 2, 5, 7, 10, 20)), *(Raise(k) for k in (3, 10, 12, 15, 20, 40))),
    ill_typed=(Bet(1.0), Bet(np.float32(5)), Raise(True)),
    public=stud_public, own=poker_own, cards_once=stud_cards_once, payouts=poker_payouts_agree,
)
CALATONE = Case(
    "calatone", calatone_games, poker_start, poker_agents,
    pool=(Fold(), Check(), Call(), BringIn(), Show(), Concede(), Expose("As"), Expose("2c"),
          Declare("As Ks Qs Js Ts"), *(Bet(k) for k in (1, 2, 5, 10, 11, 30)),
          *(Raise(k) for k in (2, 3, 10, 12, 25, 60))),
    ill_typed=(Bet(np.int64(2) + 0.5), Raise(np.float64(3))),
    public=calatone_public, own=poker_own, cards_once=calatone_cards_once,
    payouts=poker_payouts_agree, step=calatone_step, end=calatone_end,
    # cards the seat does not hold, from the bottom of the deck: never exposed nor declared
    foreign=lambda state: [Expose(c) for c in state.initial_deck[-3:]],
)
SIETE = Case(
    "siete-y-medio", siete_games, siete_start, siete_agents,
    pool=(Vote(True), Vote(False), Play(), SitOut(), Keep(), Exchange(), Annul(), Decline(),
          Bet(0), Bet(1), Bet(3), Bet(5), Stand(), Stand(1), Stand(7), Draw(), Draw(raise_by=1),
          Draw(raise_by=9), Draw(calle=3), Draw(down=True), Muerta(), Muerta(raise_by=5),
          OpenCalle(1), OpenCalle(9), Raise(3), Fold(), Check()),
    ill_typed=(Bet(1.0), Draw(raise_by=1.0), Draw(down=1), Draw(down="yes"), Stand(calle=True),
               Vote(1), OpenCalle("2"), Muerta(raise_by=None), Draw(calle=np.float64(0))),
    public=siete_public, own=siete_own, cards_once=siete_cards_once,
    payouts=siete_payouts_agree, step=check_siete_state,
)
CASES = {case.name: case for case in (STUD, CALATONE, SIETE)}


def test_every_registered_game_has_a_case():
    assert sorted(CASES) == sorted(registry.available())


# ---------------------------------------------------------------------------------------------
# The checks.


def tries(offer, rng):
    """Actions to try from an offer: itself, or both ends of each of its ranges and a random
    choice (7½'s offers may range over two amounts: ``up_to`` and ``raise_up_to``)."""
    top: dict[str, Any] = {}
    if getattr(offer, "up_to", None) is not None:
        top[offer.range_field] = offer.up_to
        top["up_to"] = None
    if getattr(offer, "raise_up_to", None) is not None:
        top.update(raise_by=offer.raise_up_to, raise_up_to=None)
    if not top:
        return [offer.choose()]
    return [offer.choose(), dataclasses.replace(offer, **top), offer.choose(rng)]


def holdings(state):
    """What each seat owns now: its balance in a banking game, else stack plus chips in."""
    obs = state.observation(None)
    if state.game.balances:
        return list(obs.stacks)
    assert all(c >= 0 for c in obs.committed)
    assert all(s >= 0 for s in obs.stacks)
    return [s + c for s, c in zip(obs.stacks, obs.committed, strict=True)]


def fingerprint(state):
    """Everything one can read of a state, as values: a clone sharing a list with its original
    would change with it, this does not."""
    seats = [None, *range(state.n)]
    return (state.to_json(), state.to_act, state.is_terminal, state.legal_actions(),
            tuple(state.observation(seat) for seat in seats))


def check_observations(case, state):
    public = case.public(state)
    legal = state.legal_actions()
    spectator = state.observation(None)
    assert spectator.visible_cards() <= public
    assert spectator.legal_actions == ()
    for seat in range(state.n):
        obs = state.observation(seat)
        leaked = obs.visible_cards() - case.own(state, seat) - public
        assert not leaked, f"seat {seat} sees {leaked}"
        assert obs.legal_actions == (legal if seat == state.to_act else ())
        assert (obs.to_act, obs.is_terminal) == (state.to_act, state.is_terminal)


def check_encoding(state):
    """Every legal action number decodes to an offered action that encodes back to it."""
    enc = encoding(state.game)
    obs = state.observation(state.to_act)
    legal = state.legal_actions()
    ids = enc.legal_action_ids(obs)
    assert ids
    for number in ids:
        action = enc.decode(number, obs)
        assert any(offer.allows(action) for offer in legal), action
        assert enc.encode(action, obs) == number


def offered(action, legal):
    """Whether an offer allows ``action`` (an ill-typed amount is allowed by none)."""
    try:
        return isinstance(action, Action) and any(offer.allows(action) for offer in legal)
    except TypeError:
        return False


def probe(case, state, rng):
    """Offers apply (on clones, which are equal and independent); everything else is refused
    and changes nothing; the history so far replays."""
    legal = state.legal_actions()
    before = state.clone()
    assert before == state
    snapshot = fingerprint(state)
    for offer in legal:
        for action in tries(offer, rng):
            twin = state.clone()
            twin.apply(action)
            assert twin != state
    assert fingerprint(state) == snapshot  # applying to clones left the state alone
    for action in (*case.pool, *case.foreign(state)):
        if not any(offer.allows(action) for offer in legal):
            with pytest.raises(IllegalActionError):
                state.apply(action)
    for action in (*case.ill_typed, *junk_actions()):
        if offered(action, legal):
            continue  # the kit's well-formed junk may be offered here
        with pytest.raises(IllegalActionError):
            state.apply(action)
    for other in range(state.n):
        if other != state.to_act:
            with pytest.raises(IllegalActionError):
                state.apply(legal[0].choose(), seat=other)
    assert state == before
    assert fingerprint(state) == snapshot
    again = replay(state.to_json())
    assert again == state
    check_encoding(state)
    return before, snapshot, again


def play_checked(case, game, seed, probing):
    """One random hand of ``game``, every invariant checked at every step; probing at a share
    ``probing`` of the steps. Returns the finished state."""
    rng = np.random.default_rng(seed)
    options = case.start(game, rng)
    agents = case.agents(game, rng)
    state = game.start(seed, **options)
    first = holdings(state)
    mid = None  # a replay of the hand in progress, played on to the end beside it
    while True:
        assert sum(holdings(state)) == sum(first)
        case.cards_once(state)
        check_observations(case, state)
        case.step(state)
        if state.is_terminal:
            break
        assert state.to_act in range(state.n)
        assert state.legal_actions()
        probed = None
        if rng.random() < probing:
            probed = probe(case, state, rng)
            if mid is None:
                mid = probed[2]
        seat = state.to_act
        action = agents[seat].act(SeatView(state, seat))
        state.apply(action)
        if mid is not None:
            mid.apply(action, seat=seat)
        if probed is not None:  # the clone does not change with its original either
            assert fingerprint(probed[0]) == probed[1]
    assert state.to_act is None
    assert state.legal_actions() == ()
    assert sum(state.payoffs) == 0
    assert [b - a for a, b in zip(first, holdings(state), strict=True)] == list(state.payoffs)
    case.payouts(state)
    case.end(state)
    end = fingerprint(state)
    for action in (*case.pool[:4], Fold(), Check()):
        with pytest.raises(IllegalActionError):
            state.apply(action)
    assert fingerprint(state) == end
    text = state.to_json()
    assert replay(json.loads(text)) == state
    if mid is not None:
        assert mid == state
    again = game.start(seed, **options)  # determinism: the same seed and actions
    again.apply_all([action for _, action in state.actions])
    assert again == state
    return state


# ---------------------------------------------------------------------------------------------
# The tests.

def random_hands_test(examples):
    @settings(max_examples=examples, deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(data=st.data(), seed=st.integers(0, 2**32 - 1), probing=st.sampled_from([0, 0.3, 1]))
    def run(name, data, seed, probing):
        case = CASES[name]
        play_checked(case, data.draw(case.games(), label="game"), seed, probing)

    return run


# examples per game in the default run, a few seconds each (calatone's hands are the longest:
# six rounds and 21 declarations to try at the end); twenty times as many under -m soak
EXAMPLES = {"seven-card-stud": 60, "calatone": 30, "siete-y-medio": 40}
_quick = {name: random_hands_test(n) for name, n in EXAMPLES.items()}
_many = {name: random_hands_test(20 * n) for name, n in EXAMPLES.items()}


@pytest.mark.parametrize("name", sorted(CASES))
def test_random_hands_keep_every_invariant(name):
    _quick[name](name)


@pytest.mark.soak
@pytest.mark.parametrize("name", sorted(CASES))
def test_random_hands_keep_every_invariant_many(name):
    _many[name](name)


def built_in_agents(game, rng):
    if game.name == "siete-y-medio":
        kinds = [RandomAgent(rng), ThresholdAgent()]
    else:
        kinds = [RandomAgent(rng), SimpleAgent(), CallingStation(),
                 StubbornAgent(rng, getattr(game, "lowest_rank", 2))]
    return [kinds[int(rng.integers(len(kinds)))] for _ in range(game.players)]


def many_hands(name, per_size, seed):
    """``per_size`` hands at each table size, by the built-in agents through ``play_hand``;
    the cheap invariants and the oracle on every hand, a replay on every tenth."""
    case = CASES[name]
    rng = np.random.default_rng(seed)
    game_class = type(registry.get(name))
    sizes = {"seven-card-stud": range(2, 9), "calatone": range(2, 8),
             "siete-y-medio": range(2, 9)}[name]
    for players in sizes:
        game = game_class(players=players)
        for number in range(per_size):
            options = case.start(game, rng)
            options.pop("sitting_out", None)
            options.pop("reshuffle_seed", None)
            state = play_hand(game, built_in_agents(game, rng), rng, **options)
            assert sum(state.payoffs) == 0
            case.cards_once(state)
            case.payouts(state)
            if number % 10 == 0:
                assert replay(state.to_dict()) == state


@pytest.mark.parametrize("name", sorted(CASES))
def test_hundreds_of_hands_by_the_built_in_agents(name):
    many_hands(name, 40, 2026)


@pytest.mark.soak
@pytest.mark.parametrize("name", sorted(CASES))
def test_thousands_of_hands_by_the_built_in_agents(name):
    many_hands(name, 450, 2027)
