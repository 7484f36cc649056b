"""What the poker games' hands share: chips, pots, the betting round, and the poker part of
an observation. Seven-card stud and calatone build on :class:`PokerState`; a banking game
(siete y medio) does not.

>>> from cartes.games import get
>>> state = get("calatone", players=2).start(seed=1)
>>> isinstance(state, PokerState), state.stacks, state.round_bets
(True, (199, 199), (0, 0))
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any, ClassVar

from cartes.errors import IllegalActionError
from cartes.french import Card
from cartes.games.contract import Action, Observation
from cartes.games.hand import HandState
from cartes.games.poker import betting
from cartes.games.poker.pots import Pot
from cartes.games.poker.pots import pots as layered_pots

__all__ = ["PokerState"]

# the betting actions that reopen nothing: by the round's last seat to act, they end it
_PASSIVE = frozenset({"check", "call", "fold"})


@functools.lru_cache(maxsize=1024)
def _pots(committed: tuple[int, ...], folded: tuple[bool, ...]) -> tuple[Pot, ...]:
    """:func:`~cartes.games.poker.pots.pots`, remembered: every observation asks for the pots,
    which change only when a betting round ends (the result is immutable, so it may be
    shared)."""
    return layered_pots(committed, folded)


class PokerState(HandState):
    """A hand played for chips into pots: the part of the :class:`~cartes.games.State`
    contract that every poker game fills the same way, on the hand-state base
    (:class:`~cartes.games.hand.HandState`).

    A subclass sets ``chips`` (:class:`~cartes.games.poker.betting.Chips`),
    ``round`` (the :class:`~cartes.games.poker.betting.BettingRound` under way, or ``None``),
    ``final_pots`` and ``_payoffs`` (``None`` until the hand is over).

    >>> from cartes.games import SevenCardStud
    >>> SevenCardStud(players=2).start(seed=1).pots
    (Pot(amount=2, eligible=frozenset({0, 1})),)
    """

    chips: betting.Chips
    round: betting.BettingRound | None
    final_pots: tuple[Pot, ...]
    _payoffs: tuple[int, ...] | None
    #: The type of an observation's ``extra``: a game whose keys were renamed gives a
    #: :class:`~cartes.games._moved.ExtraWithAliases` so that the old keys still read.
    _extra_type: ClassVar[type[dict[str, Any]]] = dict

    @property
    def is_terminal(self) -> bool:
        return self._payoffs is not None

    def _betting_draws(self, action: Action) -> int:
        """The cards a betting action takes from the deck: none unless it ends the round under
        way, then those of the streets dealt before the next betting (:meth:`_street_draws`).
        A round ends when its last seat to act checks, calls or folds, or when at most one
        seat is left able to act (a bet or raise reopens it to the others); a fold to the
        last player ends the hand. Whether it ends is found on copies of the round and the
        chips, the rest by the rules of the deal, never on a clone of the whole hand: an
        action that deals a street is a tenth of a hand's time."""
        rnd = self.round
        assert rnd is not None
        kind = action.kind
        if kind == "fold" and self.chips.folded.count(False) <= 2:
            return 0
        if rnd.able > 2 and (len(rnd.pending) > 1 or kind not in _PASSIVE):
            return 0
        seat = self.to_act
        assert seat is not None
        chips = self.chips.copy()
        after = rnd.copy(chips)
        after.apply(seat, action)
        if after.pending:
            return 0
        after.return_uncalled()
        if len(chips.live()) == 1:
            return 0
        return self._street_draws(chips, after)

    def _street_draws(self, chips: betting.Chips, ended: betting.BettingRound) -> int:
        """The cards dealt from the deck once the round under way has ended as ``ended`` with
        ``chips`` (two players or more still in): the next streets', up to the next betting
        round or the showdown (a driver that counts its draws fills it in)."""
        raise NotImplementedError

    @property
    def payoffs(self) -> tuple[int, ...]:
        """Net chips per seat (they sum to zero), once the hand is over.

        >>> from cartes.games import BringIn, Fold, SevenCardStud
        >>> state = SevenCardStud(players=2).start(seed=1)
        >>> _ = state.apply(BringIn()); _ = state.apply(Fold())
        >>> state.payoffs, sum(state.payoffs)
        ((1, -1), 0)
        """
        if self._payoffs is None:
            raise IllegalActionError("payoffs are known only when the hand is over")
        return self._payoffs

    @property
    def stacks(self) -> tuple[int, ...]:
        """Each seat's chips behind (not in the pot)."""
        return tuple(self.chips.stacks)

    @property
    def pots(self) -> tuple[Pot, ...]:
        """The pots: during a betting round, those settled by the earlier rounds (antes
        included), with this round's bets apart in :attr:`round_bets`; between rounds and at
        the showdown, every pot; once the hand is over, the pots as awarded.

        An unanswered bet is never a pot of its own: it joins the pots when the round ends
        (the part nobody called goes back to its bettor).

        >>> from cartes.games import BringIn, SevenCardStud
        >>> state = SevenCardStud(players=2).start(seed=1)
        >>> _ = state.apply(BringIn())
        >>> state.pots, state.round_bets
        ((Pot(amount=2, eligible=frozenset({0, 1})),), (2, 0))
        """
        if self._payoffs is not None:
            return self.final_pots
        committed = self.chips.committed
        if self.round is not None:
            committed = [c - bet for c, bet in zip(committed, self.round.contrib, strict=True)]
        return _pots(tuple(committed), tuple(self.chips.folded))

    @property
    def round_bets(self) -> tuple[int, ...]:
        """Each seat's chips bet in the current betting round, not yet in :attr:`pots`
        (zeros between rounds)."""
        return (0,) * self.n if self.round is None else tuple(self.round.contrib)

    def _cloned(self, twin: PokerState) -> None:
        # the round moves the chips: the clone's round must move the clone's
        twin.round = None if self.round is None else self.round.copy(twin.chips)

    def _observation(
        self,
        seat: int | None,
        cards: tuple[tuple[Card | None, ...], ...],
        board: tuple[Card, ...],
        extra: Mapping[str, Any],
    ) -> Observation:
        """An observation with the poker fields filled in: ``cards`` and ``board`` as
        ``seat`` sees them, and the game's own ``extra`` beside the pots, this round's chips
        per seat and what the seat must add to call."""
        to_act = self.to_act
        rnd = self.round
        merged = {
            **extra,
            "pots": self.pots,
            "round_committed": () if rnd is None else tuple(rnd.contrib),
            "to_call": 0 if rnd is None or seat is None else min(
                rnd.owed(seat), self.chips.stacks[seat]
            ),
        }
        return Observation(
            seat=seat,
            to_act=to_act,
            stacks=tuple(self.chips.stacks),
            committed=tuple(self.chips.committed),
            folded=tuple(self.chips.folded),
            cards=cards,
            board=board,
            history=self._seen(seat),  # kept up to date as events are recorded
            legal_actions=self.legal_actions() if to_act == seat and seat is not None else (),
            is_terminal=self.is_terminal,
            extra=merged if self._extra_type is dict else self._extra_type(merged),
        )
