"""One hand of seven-card stud in progress: :class:`StudState`, the flow of SPEC §2 (the deal,
the bring-in, five betting rounds, the §2.5 river and the showdown). The game that starts it,
:class:`~cartes.games.stud.SevenCardStud`, is the package's; the pure rules (the showing
order, the odd chip) are in :mod:`cartes.games.stud.rules`.

>>> from cartes import Deck
>>> from cartes.games import get
>>> game = get("seven-card-stud", players=3)
>>> state = game.start(deck=Deck.stacked(
...     "Ah Kh Qh  As Ks Qs  2c 7d 9s  " + "3c 3d 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 6s 7c 7h"))
>>> # deal from the button's left (seat 1); the 2c door card (seat 1) brings in (S-3)
>>> state.street, state.to_act, state.legal_actions()
(3, 1, (BringIn(), Complete()))
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from cartes.deck import Deck
from cartes.french import Card
from cartes.games.chips import HandEnded, HandStarted
from cartes.games.contract import Action, Event, Observation
from cartes.games.dealing import CardDealt, Reshuffled, Shown
from cartes.games.hand import Setup
from cartes.games.poker import betting
from cartes.games.poker._rank import HandRankLike, dealt_board_strength, hand_rank
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
from cartes.games.stud.actions import Muck, Show
from cartes.games.stud.events import CardBurned, Mucked
from cartes.games.stud.rules import StudRules, claim_key, odd_chip_order, show_order

__all__ = ["StudState"]


def _lists(rows: list[list[Any]]) -> list[list[Any]]:
    return [list(row) for row in rows]


def _round_key(rnd: betting.BettingRound | None) -> object:
    return None if rnd is None else rnd.snapshot()


def _ranks_key(ranks: dict[int, HandRankLike]) -> object:
    return sorted((seat, rank.strength) for seat, rank in ranks.items())


class StudState(PokerState):
    """One hand of seven-card stud. Made by :meth:`SevenCardStud.start
    <cartes.games.stud.SevenCardStud.start>`.

    Besides the :class:`~cartes.games.State` contract it shows the ``street`` (3 to 7), the
    ``stacks`` behind, the ``pots``, each seat's ``cards`` in deal order, the ``community``
    card (§2.5) and the ``history``.

    >>> from cartes.games import BringIn, Call, SevenCardStud
    >>> state = SevenCardStud(players=3).start(seed=2)
    >>> state.apply_all([BringIn(), Call(), Call()])
    >>> state.street, [len(cards) for cards in state.cards], state.pots[0].amount
    (4, [4, 4, 4], 9)
    """

    copied: ClassVar[Mapping[str, Callable[[Any], Any]]] = {
        "deck": Deck.copy,
        "chips": betting.Chips.copy,
        "cards": _lists,
        "face_up": _lists,
        "up": _lists,
        "show_order": list,
        "ranks": dict,
    }
    compared: ClassVar[Mapping[str, Callable[[Any], object] | None]] = {
        "deck": None,
        "chips": betting.Chips.snapshot,
        "cards": None,
        "face_up": None,
        "community": None,
        "street": None,
        "round": _round_key,
        "first_option": None,
        "show_order": None,
        "show_index": None,
        "ranks": _ranks_key,
        "_payoffs": None,
    }

    game: StudRules

    def __init__(self, setup: Setup, deck: Deck[Any]) -> None:
        self._init_hand(setup)
        n = self.n
        button = setup.button
        self.deck = deck
        self.chips = betting.Chips(list(setup.stacks))
        self.cards: list[list[Card]] = [[] for _ in range(n)]
        self.face_up: list[list[bool]] = [[] for _ in range(n)]
        self.up: list[list[Card]] = [[] for _ in range(n)]
        self.community: Card | None = None
        self.street = 3
        self.round: betting.BettingRound | None = None
        self.first_option: int | None = None
        self.show_order: list[int] = []
        self.show_index = 0
        self.ranks: dict[int, HandRankLike] = {}
        self.final_pots: tuple[Pot, ...] = ()
        self._payoffs: tuple[int, ...] | None = None
        self._order = [(button + 1 + i) % n for i in range(n)]  # deal order, from button's left
        self._position = {seat: i for i, seat in enumerate(self._order)}
        self._begin()

    def clone(self) -> StudState:
        # written out (the same as the base's from `copied`): a search clones at every node
        twin: StudState = self._twin()
        twin.deck = self.deck.copy()
        twin.chips = chips = self.chips.copy()
        twin.round = None if self.round is None else self.round.copy(chips)
        twin.cards = [list(c) for c in self.cards]
        twin.face_up = [list(f) for f in self.face_up]
        twin.up = [list(u) for u in self.up]
        twin.show_order = list(self.show_order)
        twin.ranks = dict(self.ranks)
        return twin

    # -- the flow of the hand ----------------------------------------------------------------

    def _begin(self) -> None:
        self._record(HandStarted(None, self.setup.button, self.setup.stacks))
        ante = self.game.ante
        if ante:
            put = self.chips.put
            self._record_all([AntePosted(seat, put(seat, ante)) for seat in self._order])
        # Third street: two down and one up to each seat, one card at a time, in deal order.
        order = self._order
        n = len(order)
        cards = self.deck.deal(3 * n)
        for i, seat in enumerate(order):
            door = cards[2 * n + i]
            self.cards[seat] = [cards[i], cards[n + i], door]
            self.face_up[seat] = [False, False, True]
            self.up[seat] = [door]
        self._record_all([
            CardDealt(seat, cards[k * n + i], k == 2, 3) for k in range(3)
            for i, seat in enumerate(order)
        ])
        doors = [up[0] for up in self.up]
        low = doors.index(min(doors))  # S-3: the lowest door card, by rank, then suit
        self._open_round(low, bring_in=self.game.bring_in)

    def _deal_round(self, seats: Sequence[int], face_up: bool) -> None:
        """One card to each of ``seats``, in that order, from the top of the deck."""
        cards = self.deck.deal(len(seats))
        street = self.street
        own, flags, up = self.cards, self.face_up, self.up
        for seat, card in zip(seats, cards, strict=True):
            own[seat].append(card)
            flags[seat].append(face_up)
            if face_up:
                up[seat].append(card)
        self._record_all([
            CardDealt(seat, card, face_up, street) for seat, card in zip(seats, cards, strict=True)
        ])

    def _burn(self) -> None:
        self._record(CardBurned(None, self.deck.burn()))

    def _open_round(self, first: int, bring_in: int | None = None) -> None:
        game = self.game
        unit = game.small_bet if self.street <= 4 else game.big_bet
        big_option = (
            self.street == 4
            and game.open_pair_big_bet
            and any(
                self.up[s][0].rank == self.up[s][1].rank for s in self.chips.live()
            )
        )
        rnd = betting.BettingRound(
            self.chips, game.structure, game.cap, first,
            unit=unit, big_option=big_option, bring_in=bring_in,
        )
        self.round = rnd
        opener = rnd.to_act
        self.first_option = opener if opener is not None else first
        self._record(RoundStarted(opener, self.street))
        if rnd.is_over:
            self._close_round()

    def _best_board(self) -> int:
        """S-7 / §2.4: the best exposed hand, ties to the first in deal order."""
        folded, up = self.chips.folded, self.up
        best, best_value = -1, -1
        for seat in self._order:  # the first in deal order keeps a tie
            if not folded[seat]:
                value = dealt_board_strength(up[seat][:4])
                if value > best_value:
                    best, best_value = seat, value
        return best

    def _close_round(self) -> None:
        assert self.round is not None
        returned = self.round.return_uncalled()
        if returned is not None:
            self._record(UncalledReturned(*returned))
        live = self.chips.live()
        if len(live) == 1:
            self.round = None
            self._award({live[0]: None})
            return
        if self.street == 7:
            self.round = None
            self._start_showdown()
            return
        self.street += 1
        if self.street == 7:
            self._deal_river(live)
        else:
            self._burn()
            folded = self.chips.folded
            self._deal_round([seat for seat in self._order if not folded[seat]], True)
        self._open_round(self._best_board())

    def _deal_river(self, live: list[int]) -> None:
        """§2.5 (S-9): burn and deal down if the stub allows, else reshuffle stub and burns,
        else one community card. Folded cards are never reused."""
        stub, burned = len(self.deck), len(self.deck.burned)
        if stub >= len(live) + 1:
            self._burn()
        else:
            pool = self._shuffled(list(self.deck.cards) + list(self.deck.burned))
            self.deck = pool
            self._record(Reshuffled(None, stub + burned))
            if stub + burned < len(live):
                self.community = card = pool.draw()
                self._record(CardDealt(None, card, True, 7))
                return
        folded = self.chips.folded
        self._deal_round([seat for seat in self._order if not folded[seat]], False)

    def _start_showdown(self) -> None:
        """S-10 / LA 145: the last bettor on 7th shows first (else the first to have had the
        option), then clockwise; players in side pots show before those all-in for less."""
        assert self.round is None
        live = self.chips.live()
        pot_list = layered_pots(self.chips.committed, self.chips.folded)
        start = self._last_aggressor if self._last_aggressor is not None else self.first_option
        if start is None:  # pragma: no cover - a round always records a first option
            start = self._order[0]
        self.show_order = show_order(live, pot_list, start, self.n)
        self.show_index = 0

    @property
    def _last_aggressor(self) -> int | None:
        for event in reversed(self.history):
            if isinstance(event, RoundStarted):
                return None
            if isinstance(event, Acted) and event.action.kind in ("bet", "raise", "complete"):
                return event.seat
        return None

    def _full_cards(self, seat: int) -> list[Card]:
        own = list(self.cards[seat])
        if self.community is not None:
            own.append(self.community)
        return own

    def _award(self, claims: Mapping[int, HandRankLike | None]) -> None:
        """Award every pot, last side pot first (LA 149), to the best claim eligible."""
        pot_list = layered_pots(self.chips.committed, self.chips.folded)
        self.final_pots = pot_list
        if len(pot_list) == 1 and len(claims) == 1:  # the usual end: everyone else folded
            (winner,) = claims
            amount = pot_list[0].amount
            self.chips.stacks[winner] += amount
            self._record(PotAwarded(None, 0, amount, ((winner, amount),)))
            pot_list = ()
        for index in range(len(pot_list) - 1, -1, -1):
            pot = pot_list[index]
            contenders = [s for s in pot.eligible if s in claims]
            if not contenders:  # pragma: no cover - the first to show is eligible for all
                raise AssertionError("a pot with no contender")
            best = max(claim_key(claims[s]) for s in contenders)
            winners = [s for s in contenders if claim_key(claims[s]) == best]
            winners = self._odd_chip_order(winners, claims)
            shares = split(pot.amount, winners)
            for seat, chips in shares:
                self.chips.stacks[seat] += chips
            self._record(PotAwarded(None, index, pot.amount, tuple(shares)))
        self.chips.committed = [0] * self.n
        self._payoffs = tuple(map(operator.sub, self.chips.stacks, self.initial_stacks))
        self._record(HandEnded(None, self._payoffs))

    def _odd_chip_order(
        self, winners: list[int], claims: Mapping[int, HandRankLike | None]
    ) -> list[int]:
        return odd_chip_order(winners, claims, self._position, self.game.odd_chip_rule)

    # -- the State contract ------------------------------------------------------------------

    def _next_to_act(self) -> int | None:
        """The seat to act (in a betting round, or the next to show or muck at the showdown)."""
        if self._payoffs is not None:
            return None
        if self.round is not None:
            return self.round.to_act
        return self.show_order[self.show_index]

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is, or ``None`` when the hand is over."""
        # HandState.to_act with _next_to_act written out: asked about three times an action
        turn = self._turn
        if turn == -1:
            if self._payoffs is not None:
                turn = None
            elif self.round is not None:
                turn = self.round.to_act
            else:
                turn = self.show_order[self.show_index]
            self._turn = turn
        return turn

    def legal_actions(self) -> tuple[Action, ...]:
        """The actions the seat to act may take now (empty when the hand is over)."""
        # HandState.legal_actions with the betting case of _offers written out
        legal = self._legal
        if legal is None:
            rnd = self.round
            seat = self.to_act
            legal = self._legal = (
                rnd.legal(seat) if rnd is not None and seat is not None else self._offers()
            )
        return legal

    def _offers(self) -> tuple[Action, ...]:
        seat = self.to_act
        if seat is None:
            return ()
        if self.round is not None:
            return self.round.legal(seat)
        return (Show(),) if self.show_index == 0 else (Show(), Muck())

    def cards_to_draw(self, action: Action) -> int | None:
        """How many cards ``action`` takes from the deck: none unless it ends the betting
        round (then the next streets' burns and cards, by the rules of the deal).

        >>> from cartes.games import SevenCardStud
        >>> state = SevenCardStud(players=2).start(seed=1)
        >>> state.cards_to_draw(state.legal_actions()[0])  # the bring-in: betting goes on
        0
        """
        return 0 if self.round is None else self._betting_draws(action)

    def _street_draws(self, chips: betting.Chips, ended: betting.BettingRound) -> int:
        # _close_round's deal: a burn and a card a player still in on 4th to 6th street; on
        # the river the same if the stub allows, else nothing from the stock (the stub and
        # burns reshuffled are chance's); the next round is played if two can act, else the
        # next street follows at once
        live = len(chips.live())
        able = len(chips.can_act()) >= 2
        street, stub, count = self.street, len(self.deck), 0
        while street < 7:
            street += 1
            if street == 7:
                return count + (live + 1 if stub >= live + 1 else 0)
            count += live + 1
            stub -= live + 1
            if able:
                break
        return count

    def _apply(self, action: Action) -> Event:
        # HandState._apply with _act's betting path written out, and _record in it: the hot
        # path of a hand (the hooks' indirection cost stud ~4% of a random hand)
        seat = self._turn  # apply() has just asked for the legal actions, so it is known
        if seat == -1:
            seat = self.to_act
        assert seat is not None
        self.actions.append((seat, action))
        self._turn = -1
        self._legal = None
        rnd = self.round
        if rnd is None:
            event = self._showdown_action(seat, action)
        else:
            moved = rnd.apply(seat, action)
            chips = self.chips
            event = Acted(seat, action, moved, not chips.stacks[seat] and not chips.folded[seat])
            self.history.append(event)
            views = self._views
            if views:
                for viewer, view in views.items():
                    view.pending.append(event.seen_by(viewer))
            if not rnd.pending:
                self._close_round()
        self._turn = -1
        self._legal = None
        return event

    def _act(self, seat: int, action: Action) -> Event:
        # (the hook as the base defines it; this driver's _apply carries it out itself)
        rnd = self.round
        if rnd is None:
            return self._showdown_action(seat, action)
        moved = rnd.apply(seat, action)
        chips = self.chips
        event = Acted(seat, action, moved, not chips.stacks[seat] and not chips.folded[seat])
        self._record(event)
        if not rnd.pending:
            self._close_round()
        return event

    def _showdown_action(self, seat: int, action: Action) -> Event:
        event: Event
        if isinstance(action, Show):
            rank = hand_rank(self._full_cards(seat))
            self.ranks[seat] = rank
            event = Shown(seat, tuple(self.cards[seat]), rank.describe())
        else:
            event = Mucked(seat, tuple(self.cards[seat]))
        self._record(event)
        self.show_index += 1
        if self.show_index == len(self.show_order):
            self._award(dict(self.ranks))
        return event

    def observation(self, seat: int | None) -> Observation:
        """What ``seat`` may know now; ``None`` is a spectator (public cards only)."""
        seat = self._viewer(seat)
        shown = self.ranks  # the seats that showed (each Shown event records a rank)
        visible: list[tuple[Card | None, ...]] = []
        for s in range(self.n):
            own = self.cards[s]
            if s == seat or s in shown:
                visible.append(tuple(own))
            else:
                up = self.face_up[s]
                visible.append(tuple([own[i] if up[i] else None for i in range(len(own))]))
        board = () if self.community is None else (self.community,)
        return self._observation(
            seat, tuple(visible), board, {"street": self.street, "button": self.button}
        )

    def __repr__(self) -> str:
        status = "over" if self.is_terminal else f"street {self.street}, seat {self.to_act} to act"
        return f"<StudState {self.n} players, {status}>"
