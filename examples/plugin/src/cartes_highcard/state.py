"""A hand of high card in progress, on cartes' hand-state base (:mod:`cartes.games.hand`).

The base does what every game does the same way: the history and each seat's redacted view
of it (every event goes through ``_record``), the seat to act and the legal actions
(remembered until the next event), the seat checks, clone and ``==`` from the attributes
declared in ``copied`` and ``compared``, and the JSON history. This module holds only what
is high card's own: how the hand is dealt, whose turn it is, what an action does, and what
each seat may see.

>>> from cartes import Deck
>>> from cartes_highcard import HighCard, Stay
>>> state = HighCard(players=2).start(deck=Deck.stacked("Kd As"))  # seat 1 is dealt first
>>> state.to_act, state.legal_actions(), state.observation(0).cards
(1, (Drop(), Stay()), ((Card('As'),), (None,)))
>>> state.apply_all([Stay(), Stay()])
>>> state.is_terminal, state.payoffs, state.observation(None).cards
(True, (3, -3), ((Card('As'),), (Card('Kd'),)))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from cartes import Card, Deck
from cartes.games import Action, Event, Observation
from cartes.games.hand import HandState, Setup
from cartes_highcard.actions import Drop, Stay
from cartes_highcard.events import Anted, Dealt, Dropped, Revealed, Stayed, Won
from cartes_highcard.rules import settle, strength

if TYPE_CHECKING:  # the game imports this module: only type checkers read it back
    from cartes_highcard import HighCard

__all__ = ["HighCardState"]

_OFFERS: tuple[Action, ...] = (Drop(), Stay())


class HighCardState(HandState):
    """One hand: every seat antes and is dealt one card face down; from the button's left
    each seat stays (puts in the bet) or drops; the best card still in takes the pot. A seat
    short of chips puts in all it has, and wins from each other seat only as much as it put
    in itself; a seat all in from the ante has no decision left and is passed over (when no
    seat has chips left after the antes, the hand is settled in the deal itself).

    >>> from cartes_highcard import HighCard
    >>> state = HighCard(players=3).start(seed=7, button=2)
    >>> state.to_act, [type(event).__name__ for event in state.history][:4]
    (0, ['Anted', 'Anted', 'Anted', 'Dealt'])
    >>> short = HighCard(players=2, ante=2).start(seed=7, stacks=[2, 1])  # both all in
    >>> short.is_terminal, short.actions, sum(short.payoffs)
    (True, [], 0)
    """

    # What changes during a hand: a clone copies these (the others it shares), and == compares
    # them (with the setup, the history and the actions, which the base compares itself).
    copied: ClassVar = {"stacks": list, "committed": list, "dropped": list, "shown": list}
    compared: ClassVar = {
        "stacks": None, "committed": None, "dropped": None, "shown": None, "waiting": None,
        "over": None,
    }

    game: HighCard

    def __init__(self, setup: Setup, deck: Deck[Card]) -> None:
        self._init_hand(setup)  # first: the base's own attributes
        n, button = self.n, setup.button
        #: The seats in the order they are dealt: from the button's left.
        self.order = tuple((button + 1 + i) % n for i in range(n))
        dealt = deck.deal(n)
        cards: list[Card] = [dealt[0]] * n
        for seat, card in zip(self.order, dealt, strict=True):
            cards[seat] = card
        #: Each seat's card (the house's view: an observation shows what a seat may see).
        self.cards = tuple(cards)
        self.stacks = list(setup.stacks)
        self.committed = [0] * n
        self.dropped = [False] * n
        self.shown = [False] * n
        self.over = False
        for seat in self.order:
            self._record(Anted(seat, self._pay(seat, self.game.ante)))
        self._record_all([Dealt(seat, cards[seat]) for seat in self.order])
        #: The seats still to act, in turn: those with chips left after the ante.
        self.waiting = tuple(seat for seat in self.order if self.stacks[seat])
        self._advance()

    # -- the rules of the turn ----------------------------------------------------------------

    def _pay(self, seat: int, amount: int) -> int:
        paid = min(amount, self.stacks[seat])  # short of chips: all it has
        self.stacks[seat] -= paid
        self.committed[seat] += paid
        return paid

    def _advance(self) -> None:
        """End the hand once every seat has acted, or everybody else has dropped."""
        if not self.waiting or self.dropped.count(False) == 1:
            self._showdown()

    def _showdown(self) -> None:
        live = [seat for seat in self.order if not self.dropped[seat]]
        if len(live) > 1:
            for seat in live:
                self.shown[seat] = True
                self._record(Revealed(seat, self.cards[seat]))
        ranking = sorted(live, key=lambda seat: strength(self.cards[seat]), reverse=True)
        for seat, amount in enumerate(settle(self.committed, ranking)):
            if amount:
                self.stacks[seat] += amount
                self._record(Won(seat, amount))
        self.committed = [0] * self.n
        self.over = True

    def _next_to_act(self) -> int | None:
        return None if self.over else self.waiting[0]

    def _offers(self) -> tuple[Action, ...]:
        return () if self.over else _OFFERS

    def why_not(self, action: Action) -> str | None:
        return f"{action!r} is not a move of high card: seat {self.to_act} may Drop() or Stay()"

    def gives_up(self, action: Action) -> bool:
        """Dropping gives up the hand (the conformance kit's players that never give up
        always stay)."""
        return isinstance(action, Drop)

    def _act(self, seat: int, action: Action) -> Event:
        event: Event
        if isinstance(action, Stay):
            event = Stayed(seat, self._pay(seat, self.game.bet))
        else:
            self.dropped[seat] = True
            event = Dropped(seat)
        self._record(event)
        self.waiting = self.waiting[1:]
        self._advance()
        return event

    # -- the contract -----------------------------------------------------------------------

    @property
    def is_terminal(self) -> bool:
        return self.over

    @property
    def payoffs(self) -> tuple[int, ...]:
        """Net chips won or lost by each seat (all 0 until the hand is over)."""
        if not self.over:
            return (0,) * self.n
        return tuple(now - before for now, before in zip(self.stacks, self.setup.stacks,
                                                          strict=True))

    def observation(self, seat: int | None) -> Observation:
        """What ``seat`` may know now (``None``: a spectator): its own card, the cards shown
        at the showdown, the chips, and the history as it saw it."""
        viewer = self._viewer(seat)  # a bad seat is refused here, by the base
        to_act = self.to_act
        return Observation(
            seat=viewer,
            to_act=to_act,
            stacks=tuple(self.stacks),
            committed=tuple(self.committed),
            folded=tuple(self.dropped),
            cards=tuple(
                (card if s == viewer or self.shown[s] else None,)
                for s, card in enumerate(self.cards)
            ),
            board=(),
            history=self._seen(viewer),  # kept up to date by _record, never rebuilt
            legal_actions=self.legal_actions() if viewer is not None and viewer == to_act
            else (),
            is_terminal=self.over,
            extra={"button": self.button},
        )
