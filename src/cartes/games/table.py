"""A table: what lasts across hands (each seat's chips and the button).

The table deals in every seat that has chips, starts each hand with its stacks and button, and
after the hand settles the stacks and moves the button one seat clockwise, skipping empty
seats.

>>> from cartes.games import get, Table, Fold, BringIn
>>> table = Table(get("seven-card-stud", players=3), stacks=[100, 100, 100])
>>> state = table.start_hand(seed=1)
>>> state.apply_all([BringIn(), Fold(), Fold()])
>>> table.finish_hand(state)
(-1, -1, 2)
>>> table.stacks, table.button
((99, 99, 102), 1)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from cartes import _render
from cartes.deck import SeedLike
from cartes.errors import ConfigurationError, IllegalActionError
from cartes.games._check import whole, whole_list
from cartes.games.contract import Game, State

__all__ = ["Table"]


class Table:
    """Seats, their stacks and the button for a run of hands of one game.

    ``stacks`` defaults to the game's ``starting_stack`` for every seat. Seats with no chips
    sit out; a hand needs two seats with chips. In a banking game (``game.balances``, 7½)
    the stacks are balances that may go below zero and every seat plays; the button is the
    bank.

    >>> from cartes.games import SevenCardStud
    >>> Table(SevenCardStud(players=4, starting_stack=50)).stacks
    (50, 50, 50, 50)
    """

    def __init__(self, game: Game, stacks: Sequence[int] | None = None, button: int = 0) -> None:
        if not isinstance(game, Game):
            raise ConfigurationError(f"game must be a cartes.games Game, got {game!r}")
        seats = game.players
        if stacks is None:
            stacks = [int(getattr(game, "starting_stack", 100))] * seats
        # a banking game's balances are accounts settled in cash: they may go below zero
        chips = whole_list("stacks", stacks, None if game.balances else 0)
        if len(chips) != seats:
            raise ConfigurationError(f"stacks must give one stack per seat ({seats}), got {chips}")
        self.game = game
        self._stacks = chips
        self.button = whole("button", button, 0, seats - 1)
        self.hands_played = 0
        self._seats: tuple[int, ...] = ()
        self._state: State | None = None

    # notebook and IPython views, drawn by cartes.display (see cartes._render)
    _repr_html_ = _render.repr_html
    _repr_pretty_ = _render.repr_pretty

    @property
    def stacks(self) -> tuple[int, ...]:
        """Every seat's chips between hands."""
        return tuple(self._stacks)

    @property
    def seats_in_hand(self) -> tuple[int, ...]:
        """The table seats dealt into the current hand, in hand-seat order."""
        return self._seats

    def start_hand(self, seed: SeedLike = None, **options: Any) -> State:
        """Deal the next hand to every seat with chips, with the table's button.

        ``options`` go to the game's ``start`` (``deck=``, for example); the table sets
        ``stacks`` and ``button`` itself. Options the game announces per hand (its
        ``per_hand`` settings: 7½'s ``modality``, ``minimum`` and ``maximum``, M-31) set the
        rules of this hand only, through the game's ``for_hand``; the table's game is
        unchanged, and the hand's own game (``state.game``, in its history) says what was
        played.

        >>> from cartes.games import SieteYMedio
        >>> table = Table(SieteYMedio(players=3))
        >>> table.start_hand(seed=1, modality=3, minimum=2, maximum=6).limits
        (2, 6)
        >>> table.game.modality
        1
        """
        clash = sorted({"stacks", "button"} & set(options))
        if clash:
            raise ConfigurationError(
                f"start_hand cannot take {clash}: the table sets stacks and button itself"
            )
        if self._state is not None:
            raise IllegalActionError("finish the current hand before starting another")
        seats = [s for s, chips in enumerate(self._stacks) if chips > 0 or self.game.balances]
        if len(seats) < 2:
            raise IllegalActionError(f"a hand needs two seats with chips; stacks {self.stacks}")
        game = self.game
        announced = {name: options.pop(name) for name in getattr(game, "per_hand", ())
                     if name in options}
        if announced:  # the bank's stakes for this hand (M-31), checked by the game
            game = game.for_hand(**announced)  # type: ignore[attr-defined]
        if len(seats) != game.players:
            if not dataclasses.is_dataclass(game):
                raise ConfigurationError(f"{type(game).__name__} cannot be dealt short-handed")
            game = dataclasses.replace(game, players=len(seats))
        # the hand's button: the table button, or the nearest seat in play before it
        before = [i for i, s in enumerate(seats) if s <= self.button]
        hand_button = before[-1] if before else len(seats) - 1
        state = game.start(seed, stacks=[self._stacks[s] for s in seats], button=hand_button,
                           **options)
        self._seats = tuple(seats)
        self._state = state
        return state

    def finish_hand(self, state: State | None = None) -> tuple[int, ...]:
        """Settle the finished hand; move the button clockwise (or where the game's rules put
        it: :attr:`State.next_button <cartes.games.State.next_button>`, the 7½ bank). Returns
        each table seat's payoff (0 for seats that sat out)."""
        state = self._state if state is None else state
        if state is None or state is not self._state:
            raise IllegalActionError("this hand was not started by this table")
        if not state.is_terminal:
            raise IllegalActionError("the hand is not over yet")
        payoffs = [0] * len(self._stacks)
        for hand_seat, seat in enumerate(self._seats):
            payoffs[seat] = state.payoffs[hand_seat]
            self._stacks[seat] += state.payoffs[hand_seat]
        n = len(self._stacks)
        ruled = state.next_button  # the game's own rule (7½: the bank), else clockwise
        if ruled is not None:
            self.button = self._seats[ruled]
        else:
            for step in range(1, n + 1):
                seat = (self.button + step) % n
                if self._stacks[seat] > 0:
                    self.button = seat
                    break
        self._state = None
        self._seats = ()
        self.hands_played += 1
        return tuple(payoffs)
