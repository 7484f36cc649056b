"""One hand of calatone in progress: :class:`CalatoneState`, the flow of SPEC §1 (the expose
choice, six spread-limit rounds, the declarations). The game that starts it,
:class:`~cartes.games.calatone.Calatone`, is the package's; the values of hands are in
:mod:`cartes.games.calatone.rules`.

>>> from cartes.games import get, Expose
>>> state = get("calatone", players=3).start(seed=1)
>>> state.phase, state.to_act, state.legal_actions()  # dealer 0: the deal starts on his left
('expose', 1, (Expose('8s'), Expose('5s')))
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from cartes.deck import Deck
from cartes.french import Card, Hand
from cartes.games._moved import ExtraWithAliases, warn_renamed_attribute
from cartes.games.calatone.actions import Concede, Declare, Expose, expose_offer
from cartes.games.calatone.events import (
    AllPassed,
    Conceded,
    Declared,
    ExposeChosen,
    ExposuresRevealed,
)
from cartes.games.calatone.rules import (
    CalatoneRules,
    Phase,
    best_declaration,
    dealt_exposed_value,
    dealt_hand_value,
    describe,
    partial_value,
)
from cartes.games.chips import Bet, HandEnded, HandStarted
from cartes.games.contract import Action, Event, Observation
from cartes.games.dealing import CardDealt, Shown
from cartes.games.hand import Setup
from cartes.games.poker import betting
from cartes.games.poker.actions import Raise
from cartes.games.poker.events import (
    Acted,
    AntePosted,
    PotAwarded,
    RoundStarted,
    UncalledReturned,
)
from cartes.games.poker.pots import Pot, split
from cartes.games.poker.pots import pots as layered_pots
from cartes.games.poker.state import PokerState

__all__ = ["CalatoneState"]


def _lists(rows: list[list[Any]]) -> list[list[Any]]:
    return [list(row) for row in rows]


def _sorted_items(mapping: dict[int, Any]) -> object:
    return sorted(mapping.items())


def _round_key(rnd: betting.BettingRound | None) -> object:
    return None if rnd is None else rnd.snapshot()


def _copy_showdown(show: _Showdown | None) -> _Showdown | None:
    return None if show is None else show.copy()


def _showdown_key(show: _Showdown | None) -> object:
    return None if show is None else show.snapshot()


@dataclass
class _Showdown:
    """The declarations in progress: the order, who has spoken, and each pot's claimants."""

    order: list[int]
    index: int = 0
    claimants: list[set[int]] = field(default_factory=list)
    values: dict[int, int] = field(default_factory=dict)

    def copy(self) -> _Showdown:
        return _Showdown(
            list(self.order), self.index, [set(c) for c in self.claimants], dict(self.values)
        )

    def snapshot(self) -> tuple[object, ...]:
        return (
            tuple(self.order), self.index, tuple(tuple(sorted(c)) for c in self.claimants),
            tuple(sorted(self.values.items())),
        )


class _Extra(ExtraWithAliases):
    """A calatone observation's ``extra``: its ``"dealer"`` is now ``"button"``."""

    __slots__ = ()
    aliases: ClassVar[dict[str, str]] = {"dealer": "button"}


class CalatoneState(PokerState):
    """One hand of calatone. Made by :meth:`Calatone.start
    <cartes.games.calatone.Calatone.start>`.

    Besides the :class:`~cartes.games.State` contract: the ``phase`` (``"expose"``,
    ``"betting"``, ``"declare"`` or ``"over"``), the ``street`` (cards each player holds, 2 to
    7), the betting ``round_number`` (1 to 6), the ``dealer``, ``stacks``, ``pots`` and
    ``round_bets``, each seat's ``cards`` in deal order and its public ``up_cards``.

    >>> from cartes.games import Calatone, Check, Expose
    >>> state = Calatone(players=2).start(seed=3)
    >>> state.apply_all([Expose(state.cards[1][0]), Expose(state.cards[0][0])])
    >>> state.round_number, state.legal_actions()
    (1, (Fold(), Check(), Bet(1, up_to=10)))
    """

    _extra_type = _Extra
    copied: ClassVar[Mapping[str, Callable[[Any], Any]]] = {
        "deck": Deck.copy,
        "chips": betting.Chips.copy,
        "cards": _lists,
        "up": _lists,
        "chosen": dict,
        "first_speakers": dict,
        "showdown": _copy_showdown,
        "revealed": set,
    }
    compared: ClassVar[Mapping[str, Callable[[Any], object] | None]] = {
        "deck": None,
        "chips": betting.Chips.snapshot,
        "cards": None,
        "up": None,
        "chosen": _sorted_items,
        "phase": None,
        "street": None,
        "round": _round_key,
        "first_speakers": _sorted_items,
        "showdown": _showdown_key,
        "revealed": sorted,
        "_payoffs": None,
    }

    game: CalatoneRules

    def __init__(self, setup: Setup, deck: Deck[Any]) -> None:
        self._init_hand(setup)
        n = self.n
        dealer = setup.button
        self.deck = deck
        self.chips = betting.Chips(list(setup.stacks))
        self.cards: list[list[Card]] = [[] for _ in range(n)]
        self.up: list[list[Card]] = [[] for _ in range(n)]
        self.chosen: dict[int, Card] = {}
        self.phase: Phase = "expose"
        self.street = 2
        self.round: betting.BettingRound | None = None
        self.first_speakers: dict[int, int] = {}
        self.showdown: _Showdown | None = None
        self.revealed: set[int] = set()  # seats whose every card is public (shown, declared)
        self.final_pots: tuple[Pot, ...] = ()
        self._payoffs: tuple[int, ...] | None = None
        self._order = [(dealer + 1 + i) % n for i in range(n)]  # deal order, dealer's left
        self._position = {seat: i for i, seat in enumerate(self._order)}
        self._begin()

    def clone(self) -> CalatoneState:
        # written out (the same as the base's from `copied`): a search clones at every node,
        # and the loop over the declared fields cost a third more
        twin: CalatoneState = self._twin()
        twin.deck = self.deck.copy()
        twin.chips = chips = self.chips.copy()
        twin.round = None if self.round is None else self.round.copy(chips)
        twin.cards = [list(c) for c in self.cards]
        twin.up = [list(u) for u in self.up]
        twin.chosen = dict(self.chosen)
        twin.first_speakers = dict(self.first_speakers)
        twin.showdown = None if self.showdown is None else self.showdown.copy()
        twin.revealed = set(self.revealed)
        return twin

    @property
    def dealer(self) -> int:
        """Deprecated: the dealer's seat is the :attr:`button`, as every game names it."""
        warn_renamed_attribute("CalatoneState", "dealer", "button")
        return self.setup.button

    # -- the flow of the hand ----------------------------------------------------------------

    def _begin(self) -> None:
        self._record(HandStarted(None, self.setup.button, self.setup.stacks))
        if self.game.ante:
            put, ante = self.chips.put, self.game.ante  # C-22: a short stack posts what it has
            self._record_all([AntePosted(seat, put(seat, ante)) for seat in self._order])
        for _ in range(2):
            for seat in self._order:
                self._deal_to(seat, face_up=False)

    def _deal_to(self, seat: int, face_up: bool) -> None:
        card: Card = self.deck.draw()
        self.cards[seat].append(card)
        if face_up:
            self.up[seat].append(card)
        # self._record written out: a card is the most frequent event of a hand
        event = CardDealt(seat, card, face_up, self.street)
        self.history.append(event)
        views = self._views
        if views:
            for viewer, view in views.items():
                view.pending.append(event.seen_by(viewer))

    def _reveal(self) -> None:
        """C-5: every choice is turned up at once, in deal order."""
        for seat in self._order:
            self.up[seat].append(self.chosen[seat])
        self._record(ExposuresRevealed(None, tuple(self.chosen[s] for s in range(self.n))))
        self.phase = "betting"
        self._open_round()

    def _best_exposed(self) -> int:
        """C-6: the best exposed hand still in; ties go to the first in deal order."""
        low, folded, up = self.game.lowest_rank, self.chips.folded, self.up
        best, best_value = -1, -1
        for seat in self._order:  # the first in deal order keeps a tie
            if not folded[seat]:
                value = dealt_exposed_value(up[seat], low)
                if value > best_value:
                    best, best_value = seat, value
        return best

    def _open_round(self) -> None:
        best = self._best_exposed()
        rnd = betting.BettingRound(self.chips, self.game.structure, self.game.cap, best)
        self.round = rnd
        # The first speaker named at the start (C-24): the best exposed hand that can act, or
        # the best exposed hand itself when nobody can bet (the round is not played, C-19).
        self.first_speakers[self.street] = rnd.to_act if rnd.to_act is not None else best
        self._record(RoundStarted(rnd.to_act, self.street))
        if rnd.is_over:
            self._close_round()

    def _close_round(self) -> None:
        rnd = self.round
        assert rnd is not None
        returned = rnd.return_uncalled()  # C-21
        if returned is not None:
            self._record(UncalledReturned(*returned))
        self.round = None
        live = self.chips.live()
        if len(live) == 1:  # the last player standing wins without showing (§1.7)
            self._award({live[0]: 0})
            return
        all_passed = rnd.level == 0 and len(self.chips.can_act()) >= 2  # C-9, C-19
        if self.street == 7 or (all_passed and self.game.all_pass_ends_hand):
            if all_passed and self.street < 7:
                self._record(AllPassed(None, self.street))
            if self.street >= 6:  # declare 5 of 6 or of 7 (C-10, C-11)
                self._start_declarations(rnd)
            else:
                self._show_partial(live)
            return
        self.street += 1
        for seat in self._order:
            if not self.chips.folded[seat]:
                self._deal_to(seat, face_up=True)
        self._open_round()

    def _show_partial(self, live: list[int]) -> None:
        """C-11: on 2 to 5 cards everyone still in shows everything; the cards are valued as
        they are."""
        low = self.game.lowest_rank
        claims: dict[int, int] = {}
        for seat in self._order:
            if seat in live:
                cards = tuple(self.cards[seat])
                claims[seat] = partial_value(cards, low)
                self.revealed.add(seat)
                self._record(Shown(seat, cards, describe(cards, low)))
        self._award(claims)

    def _start_declarations(self, rnd: betting.BettingRound) -> None:
        """C-24: the last full bettor or raiser of the round just ended declares first, else
        its first speaker; whoever is named and has folded gives way to the next player still
        in clockwise. Then clockwise."""
        start = rnd.last_full_aggressor
        if start is None:
            start = self.first_speakers[self.street]
        n = self.n
        while self.chips.folded[start]:
            start = (start + 1) % n
        order = [(start + i) % n for i in range(n) if not self.chips.folded[(start + i) % n]]
        pot_list = self._pot_list()
        self.showdown = _Showdown(order, 0, [set(pot.eligible) for pot in pot_list])
        self.phase = "declare"
        self._next_declarer()

    def _contests(self, seat: int) -> bool:
        """Whether ``seat`` still contests a pot with someone (C-26: else he is not asked)."""
        assert self.showdown is not None
        return any(seat in c and len(c) > 1 for c in self.showdown.claimants)

    def _next_declarer(self) -> None:
        """Move to the next player in declaring order who must declare or concede; when none
        is left, award the pots."""
        show = self.showdown
        assert show is not None
        while show.index < len(show.order) and not self._contests(show.order[show.index]):
            show.index += 1
        if show.index == len(show.order):
            self._award_declared()

    def _award_declared(self) -> None:
        show = self.showdown
        assert show is not None
        self._award(show.values, [frozenset(c) for c in show.claimants], self._pot_list())

    def _pot_list(self) -> tuple[Pot, ...]:
        """The pots to award: the layered pots, or, when nobody has a chip in, one empty pot
        for the players still in. An empty pot is still contested (C-26, revision 3): the
        showdown is played and the history names its winner."""
        pot_list = layered_pots(self.chips.committed, self.chips.folded)
        return pot_list or (Pot(0, frozenset(self.chips.live())),)

    def _award(
        self,
        values: dict[int, int],
        claimants: list[frozenset[int]] | None = None,
        pot_list: tuple[Pot, ...] | None = None,
    ) -> None:
        """Award every pot, the last side pot first, to its best claimant; ties split with odd
        chips in seat order from the dealer's left (C-14, §1.8)."""
        if pot_list is None:
            pot_list = self._pot_list()
        self.final_pots = pot_list
        for index in range(len(pot_list) - 1, -1, -1):
            pot = pot_list[index]
            if claimants is not None:
                contenders = sorted(claimants[index], key=self._position.__getitem__)
            else:
                contenders = sorted(
                    (s for s in pot.eligible if s in values), key=self._position.__getitem__
                )
            if len(contenders) > 1:
                best = max(values[s] for s in contenders)
                contenders = [s for s in contenders if values[s] == best]
            shares = split(pot.amount, contenders)
            for seat, chips in shares:
                self.chips.stacks[seat] += chips
            self._record(PotAwarded(None, index, pot.amount, tuple(shares)))
        self.chips.committed = [0] * self.n
        self._payoffs = tuple(map(operator.sub, self.chips.stacks, self.setup.stacks))
        self.phase = "over"
        self._record(HandEnded(None, self._payoffs))

    # -- the State contract ------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is, or ``None`` when the hand is over."""
        # HandState.to_act with the betting case of _next_to_act written out: asked about
        # three times an action
        turn = self._turn
        if turn == -1:
            rnd = self.round
            turn = rnd.to_act if self.phase == "betting" and rnd is not None else (
                self._next_to_act()
            )
            self._turn = turn
        return turn

    def _next_to_act(self) -> int | None:
        """The seat to act: choosing its up card, betting, or declaring."""
        if self.phase == "expose":
            return next(s for s in self._order if s not in self.chosen)
        if self.phase == "betting":
            assert self.round is not None
            return self.round.to_act
        if self.phase == "declare":
            assert self.showdown is not None
            return self.showdown.order[self.showdown.index]
        return None

    @property
    def round_number(self) -> int:
        """The betting round, 1 to 6: round 1 is played on two cards, round 6 on seven."""
        return self.street - 1

    @property
    def up_cards(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's face-up cards, public to every seat (none before the reveal)."""
        return tuple(tuple(up) for up in self.up)

    def best_declaration(self, seat: int) -> Hand:
        """The best five of ``seat``'s cards to declare, once it holds five or more (a helper
        for bots and UIs; :func:`~cartes.games.calatone.rules.best_declaration` on any cards).

        >>> from cartes.games import Calatone, Check, Declare, Expose
        >>> state = Calatone(players=2).start(seed=3)
        >>> state.apply_all([Expose(state.cards[1][0]), Expose(state.cards[0][0])])
        >>> while state.phase == "betting":
        ...     _ = state.apply(Check())
        >>> state.phase, state.street  # everyone passed: the hand stopped on two cards (C-9)
        ('over', 2)
        >>> state = Calatone(players=2, all_pass_ends_hand=False).start(seed=3)
        >>> state.apply_all([Expose(state.cards[1][0]), Expose(state.cards[0][0])])
        >>> while state.phase == "betting":
        ...     _ = state.apply(Check())
        >>> state.phase, Declare(state.best_declaration(state.to_act)) == state.legal_actions()[0]
        ('declare', True)
        """
        return best_declaration(self.cards[seat], self.game.lowest_rank)

    def legal_actions(self) -> tuple[Action, ...]:
        """The actions the seat to act may take now (empty when the hand is over)."""
        # HandState.legal_actions with the betting case of _offers written out
        legal = self._legal
        if legal is None:
            rnd = self.round
            seat = self.to_act
            if self.phase == "betting" and rnd is not None and seat is not None:
                legal = rnd.legal(seat)
            else:
                legal = self._offers()
            self._legal = legal
        return legal

    def _offers(self) -> tuple[Action, ...]:
        seat = self.to_act
        if seat is None:
            return ()
        if self.phase == "expose":  # C-25: nothing but the choice
            return tuple(expose_offer(card) for card in self.cards[seat][:2])
        if self.phase == "betting":
            assert self.round is not None
            return self.round.legal(seat)
        return (*self._declarations(seat), Concede())

    def _declarations(self, seat: int) -> tuple[Declare, ...]:
        """Every five of the seat's cards, best first (equal ones in deal order)."""
        low = self.game.lowest_rank
        fives = list(itertools.combinations(self.cards[seat], 5))
        fives.sort(key=lambda five: -dealt_hand_value(five, low))
        return tuple(Declare.of_dealt(five) for five in fives)

    def why_not(self, action: Action) -> str | None:
        """Why an action is refused, in calatone's words: an expose of a card that is not one
        of the seat's two, a declaration that is not five of its cards, a bet out of the range
        (and the limit that set it).

        >>> from cartes.games import Calatone, Expose
        >>> state = Calatone(players=2).start(seed=3)
        >>> state.why_not(Expose("As"))
        'seat 1 may expose only one of its two cards, Jd or 2h: not As'
        """
        seat = self.to_act
        if seat is None:
            return None
        own = self.cards[seat]
        offered = self.legal_actions()
        if isinstance(action, Expose) and self.phase == "expose":
            first = " or ".join(map(str, own[:2]))
            return f"seat {seat} may expose only one of its two cards, {first}: not {action.card}"
        if isinstance(action, Declare) and self.phase == "declare":
            cards = action.cards
            if len(set(cards)) != len(cards):
                return f"{action!r} names a card twice: declare five different cards"
            strangers = [str(c) for c in cards if c not in own]
            if strangers:
                return (
                    f"{action!r}: {' '.join(strangers)} not among seat {seat}'s cards "
                    f"{' '.join(map(str, own))}: declare five of them"
                )
            return f"{action!r} has {len(cards)} cards: declare exactly five of {len(own)}"
        if isinstance(action, Bet | Raise) and self.phase == "betting":
            return self._bet_message(seat, action, offered)
        return None

    def _bet_message(self, seat: int, action: Bet | Raise, offered: Sequence[Action]) -> str:
        """A bet or raise out of range: the range offered and the limit that set it (C-4, or
        C-28's ceiling on the round)."""
        game = self.game
        legal = f"legal actions are {list(offered)}"
        word = "bet" if isinstance(action, Bet) else "raise to"
        offer = next((o for o in offered if type(o) is type(action)), None)
        if game.max_bet_scope == "round":
            limit = (
                f"max_bet_scope='round': a player's bets in a round total at most {game.max_bet}"
            )
        else:
            limit = f"each bet or raise adds at most max_bet {game.max_bet}"
        if offer is None:
            rnd = self.round
            if game.max_bet_scope == "round" and rnd is not None and rnd.level >= game.max_bet:
                return f"{action!r}: the bet is at the ceiling ({limit}), so {legal}"
            return f"{action!r} is not legal for seat {seat} now: {legal}"
        assert isinstance(offer, Bet | Raise)
        low = offer.amount if isinstance(offer, Bet) else offer.to
        high = low if offer.up_to is None else offer.up_to
        span = str(low) if high == low else f"{low} to {high}"
        return f"{action!r}: seat {seat} may {word} {span} now ({limit}); {legal}"

    def _apply(self, action: Action) -> Event:
        # HandState._apply with _act's betting path written out, and _record in it: the hot
        # path of a hand
        rnd = self.round
        if self.phase != "betting" or rnd is None:
            return super()._apply(action)
        seat = self._turn  # apply() has just asked for the legal actions, so it is known
        if seat == -1:
            seat = self.to_act
        assert seat is not None
        self.actions.append((seat, action))
        self._turn = -1
        self._legal = None
        moved = rnd.apply(seat, action)
        event = Acted(seat, action, moved, self.chips.is_all_in(seat))
        self.history.append(event)
        views = self._views
        if views:
            for viewer, view in views.items():
                view.pending.append(event.seen_by(viewer))
        if rnd.is_over:
            self._close_round()
        self._turn = -1
        self._legal = None
        return event

    def cards_to_draw(self, action: Action) -> int | None:
        """How many cards ``action`` takes from the deck: none unless it ends a betting
        round, then the streets it deals (by the rules of the deal; counted on a clone when
        the last choice of a card to expose opens a round that cannot be played).

        >>> from cartes.games import Calatone
        >>> state = Calatone(players=2).start(seed=3)
        >>> state.cards_to_draw(state.legal_actions()[0])  # the first choice: another follows
        0
        """
        if self.phase == "betting" and self.round is not None:
            return self._betting_draws(action)
        if (self.phase == "expose" and len(self.chosen) == self.n - 1
                and len(self.chips.can_act()) < 2):  # the first round cannot be played
            return self._trial_draws(action)
        return 0

    def _street_draws(self, chips: betting.Chips, ended: betting.BettingRound) -> int:
        # _close_round's deal: a card face up to each player still in, unless the hand stops
        # (seventh street, or everyone passed and all_pass_ends_hand); then the next round is
        # played if two can act, else the next street follows at once
        live = len(chips.live())
        able = len(chips.can_act()) >= 2
        all_passed = ended.level == 0 and able  # C-9, C-19
        if self.street == 7 or (all_passed and self.game.all_pass_ends_hand):
            return 0
        street, count = self.street, 0
        while street < 7:
            street += 1
            count += live
            if able:
                break
        return count

    def _act(self, seat: int, action: Action) -> Event:
        event: Event
        if self.phase == "expose":
            assert isinstance(action, Expose)
            self.chosen[seat] = action.card
            event = ExposeChosen(seat, action.card)
            self._record(event)
            if len(self.chosen) == self.n:
                self._reveal()
            return event
        if self.phase == "betting":
            rnd = self.round
            assert rnd is not None
            moved = rnd.apply(seat, action)
            event = Acted(seat, action, moved, self.chips.is_all_in(seat))
            self._record(event)
            if rnd.is_over:
                self._close_round()
            return event
        show = self.showdown
        assert show is not None
        if isinstance(action, Declare):
            low = self.game.lowest_rank
            show.values[seat] = dealt_hand_value(action.cards, low)  # an offer: the seat's own
            self.revealed.add(seat)
            event = Declared(
                seat, tuple(self.cards[seat]), action.cards, describe(action.cards, low)
            )
        else:  # C-26: he gives up every pot he contests with someone
            for claim in show.claimants:
                if seat in claim and len(claim) > 1:
                    claim.discard(seat)
            event = Conceded(seat)
        self._record(event)
        show.index += 1
        self._next_declarer()
        return event

    def observation(self, seat: int | None) -> Observation:
        """What ``seat`` may know now; ``None`` is a spectator (public cards only). Before the
        reveal a seat knows its own expose choice and nobody else's (C-5)."""
        seat = self._viewer(seat)
        cards, revealed = self.cards, self.revealed
        visible: list[tuple[Card | None, ...]] = []
        for s in range(self.n):
            if s == seat or s in revealed:
                visible.append(tuple(cards[s]))
            else:
                up = {id(card) for card in self.up[s]}  # a card is one interned object
                visible.append(tuple([c if id(c) in up else None for c in cards[s]]))
        extra = {
            "phase": self.phase,
            "street": self.street,
            "round": self.round_number,
            "button": self.setup.button,
            "up_cards": self.up_cards,
            "expose_choice": self.chosen.get(seat) if seat is not None else None,
        }
        return self._observation(seat, tuple(visible), (), extra)

    def __repr__(self) -> str:
        if self.is_terminal:
            status = "over"
        else:
            status = f"{self.phase}, street {self.street}, seat {self.to_act} to act"
        return f"<CalatoneState {self.n} players, {status}>"
