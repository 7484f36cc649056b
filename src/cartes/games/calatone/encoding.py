"""The encoding of calatone for programs: 37 action numbers and a tensor layout.

Action numbers, all derived from the seat's own observation (its cards in deal order):

- ``0`` ``fold``, ``1`` ``check``, ``2`` ``call``, ``3`` ``concede``;
- ``4`` to ``8``, ``bet[0]`` to ``bet[4]``: a bet, in five spread buckets (see
  :class:`~cartes.games.poker.encoding.PokerEncoding`);
- ``9`` to ``13``, ``raise[0]`` to ``raise[4]``: a raise total, in five spread buckets;
- ``14`` ``expose[0]`` and ``15`` ``expose[1]``: expose the seat's first, or second, card
  dealt;
- ``16`` to ``36``, ``declare[i,j]``: declare every card but those in deal slots ``i < j``
  (0 to 6); with six cards, ``declare[i,6]`` leaves out slot ``i``.

The 21 declarations run ``declare[0,1], declare[0,2], ..., declare[5,6]``. An amount between
two spread buckets is encoded as the nearest bucket, so it decodes to that bucket's amount;
every other legal action has its own number.

The observation tensor (float32, every entry in 0..1) holds these pieces, in order; ``n`` is
the number of players and seats are counted from the observer's (``r = 0`` is the observer,
``r = 1`` the seat on its left...; a spectator counts from seat 0):

=================== ============== ============================================================
piece               shape          meaning
=================== ============== ============================================================
``seat``            ``(n,)``       the observer's seat, one-hot (all 0 for a spectator)
``to_act``          ``(n,)``       the seat to act, one-hot by ``r`` (all 0 when over)
``dealer``          ``(n,)``       the dealer, one-hot by ``r``
``folded``          ``(n,)``       1 for the seats that folded, by ``r``
``cards``           ``(n, 7, 52)`` seat ``r``'s card in deal slot ``k`` (0-6), one-hot by
                                   card index, where the observer sees it
``dealt``           ``(n, 7)``     1 where seat ``r`` holds a card in slot ``k``, seen or not
``exposed``         ``(2,)``       which of its two first cards the observer chose to expose
``declared``        ``(n, 7)``     1 for the slots of seat ``r``'s declared five
``conceded``        ``(n,)``       1 for the seats that conceded at the declaration
``phase``           ``(4,)``       expose, betting, declare, over: one-hot
``street``          ``(6,)``       the cards each player holds, 2 to 7, one-hot
``stacks``          ``(n,)``       chips behind, by ``r``, as a share of all chips at the table
``committed``       ``(n,)``       chips put in this hand, by ``r``, same unit
``round_committed`` ``(n,)``       chips put in this betting round, by ``r``, same unit
``to_call``         ``(1,)``       what the observer must add to call, same unit
``pot``             ``(1,)``       the pots settled so far, same unit
``terminal``        ``(1,)``       1 once the hand is over
``legal``           ``(37,)``      the legal action numbers (all 0 when it is not its turn)
=================== ============== ============================================================

>>> from cartes.games import Calatone
>>> enc = CalatoneEncoding(Calatone(players=2))
>>> enc.num_actions, enc.action_names[14:17], enc.tensor_shape
(37, ('expose[0]', 'expose[1]', 'declare[0,1]'), (824,))
"""

from __future__ import annotations

import itertools
from typing import Any, ClassVar

import numpy as np
from numpy.typing import NDArray

from cartes.deck import Deck
from cartes.errors import ConfigurationError
from cartes.games.calatone import Calatone, Declare, Expose
from cartes.games.calatone.events import Conceded, Declared
from cartes.games.contract import Action, Observation
from cartes.games.poker.encoding import PokerEncoding

__all__ = ["CalatoneEncoding"]

_SLOTS = 7
_STREETS = 6  # two to seven cards
_ROUNDS = 6
_PHASES = ("expose", "betting", "declare", "over")
#: The pairs of deal slots a declaration leaves out, in number order.
_LEFT_OUT: tuple[tuple[int, int], ...] = tuple(itertools.combinations(range(_SLOTS), 2))


class CalatoneEncoding(PokerEncoding):
    """Calatone's :class:`~cartes.games.encoding.Encoding` (see the module for the action
    numbers and the tensor layout).

    >>> from cartes.games import Calatone, Expose
    >>> game = Calatone(players=2)
    >>> state = game.start(seed=3)
    >>> enc = CalatoneEncoding(game)
    >>> obs = state.observation(state.to_act)
    >>> [enc.action_names[i] for i in enc.legal_action_ids(obs)]
    ['expose[0]', 'expose[1]']
    >>> enc.decode(15, obs) == Expose(state.cards[state.to_act][1])
    True
    """

    game_name: ClassVar[str] = Calatone.name
    simple_kinds: ClassVar[tuple[str, ...]] = ("fold", "check", "call", "concede")
    buckets: ClassVar[int] = 5
    game: Calatone
    # which of its two cards a seat exposes is its own until the reveal
    private_kinds: ClassVar[frozenset[str]] = frozenset({"expose"})

    def make_action_names(self) -> tuple[str, ...]:
        own = ("expose[0]", "expose[1]", *(f"declare[{i},{j}]" for i, j in _LEFT_OUT))
        return (*super().make_action_names(), *own)

    @property
    def first_expose(self) -> int:
        """The number of ``expose[0]`` (``expose[1]`` follows, then the declarations)."""
        return len(self.simple_kinds) + len(self.amount_kinds) * self.buckets

    def legal_ids(self, obs: Observation) -> dict[int, Action]:
        own: dict[int, Action] = {}
        rest: list[Action] = []
        for offer in obs.legal_actions:
            if isinstance(offer, Expose | Declare):
                own[self._own_number(offer, obs)] = offer
            else:
                rest.append(offer)
        # the poker numbers read only the offers (remembered); exposes and declarations are
        # numbered by the seat's cards, so afresh each time
        legal = self._offer_ids(tuple(rest))
        legal.update(own)
        return legal

    def _own_number(self, action: Expose | Declare, obs: Observation) -> int:
        """The number of an expose or a declaration, from the seat's cards in deal order."""
        assert obs.seat is not None  # only the seat to act is offered actions
        cards = obs.cards[obs.seat]
        if isinstance(action, Expose):
            return self.first_expose + cards.index(action.card)
        out = [slot for slot, card in enumerate(cards) if card not in action.cards]
        if len(cards) == _SLOTS - 1:
            out.append(_SLOTS - 1)  # the empty seventh slot counts as left out
        if len(out) != 2:
            raise ConfigurationError(
                f"no number for {action!r} with cards {cards}: a declaration leaves out two "
                "of seven cards or one of six"
            )
        return self.first_expose + 2 + _LEFT_OUT.index((out[0], out[1]))

    def tensor_pieces(self) -> list[tuple[str, tuple[int, ...]]]:
        n = self.game.players
        return [
            ("seat", (n,)), ("to_act", (n,)), ("dealer", (n,)), ("folded", (n,)),
            ("cards", (n, _SLOTS, 52)), ("dealt", (n, _SLOTS)), ("exposed", (2,)),
            ("declared", (n, _SLOTS)), ("conceded", (n,)), ("phase", (len(_PHASES),)),
            ("street", (_STREETS,)), ("stacks", (n,)), ("committed", (n,)),
            ("round_committed", (n,)), ("to_call", (1,)), ("pot", (1,)),
            ("terminal", (1,)), ("legal", (self.num_actions,)),
        ]

    def fill_tensor(self, obs: Observation, pieces: dict[str, NDArray[np.float32]]) -> None:
        n = self.game.players
        extra = obs.extra
        ref = 0 if obs.seat is None else obs.seat
        order = [(ref + r) % n for r in range(n)]  # r -> seat
        where = {seat: r for r, seat in enumerate(order)}
        if obs.seat is not None:
            pieces["seat"][obs.seat] = 1
            choice = extra["expose_choice"]
            if choice is not None:
                pieces["exposed"][obs.cards[obs.seat].index(choice)] = 1
        if obs.to_act is not None:
            pieces["to_act"][where[obs.to_act]] = 1
        pieces["dealer"][where[int(extra["button"])]] = 1
        total = sum(obs.stacks) + sum(obs.committed)
        round_committed = extra["round_committed"] or (0,) * n
        for r, seat in enumerate(order):
            pieces["folded"][r] = obs.folded[seat]
            for slot, card in enumerate(obs.cards[seat]):
                pieces["dealt"][r, slot] = 1
                if card is not None:
                    pieces["cards"][r, slot, card.index] = 1
            pieces["stacks"][r] = obs.stacks[seat] / total
            pieces["committed"][r] = obs.committed[seat] / total
            pieces["round_committed"][r] = round_committed[seat] / total
        for event in obs.history:
            if event.seat is None:
                continue
            if isinstance(event, Declared):
                r = where[event.seat]
                for slot, card in enumerate(event.cards):
                    pieces["declared"][r, slot] = card in event.five
            elif isinstance(event, Conceded):
                pieces["conceded"][where[event.seat]] = 1
        pieces["phase"][_PHASES.index(extra["phase"])] = 1
        pieces["street"][int(extra["street"]) - 2] = 1
        pieces["to_call"][0] = extra["to_call"] / total
        pieces["pot"][0] = sum(pot.amount for pot in extra["pots"]) / total
        pieces["terminal"][0] = obs.is_terminal
        pieces["legal"][:] = self.legal_action_mask(obs)

    def new_deck(self) -> Deck[Any]:
        return self.game.deck()

    def cards_used(self) -> int:
        """Seven cards a seat: calatone never burns and never runs out (C-16)."""
        return _SLOTS * self.game.players

    def max_actions(self) -> int:
        """Each seat exposes and declares once; per round every seat acts once more after
        each bet or raise, and the bets and raises of a hand are at most the cap per round
        or, uncapped, one per chip."""
        game, n = self.game, self.game.players
        chips = n * game.starting_stack
        cap = game.max_raises_per_round
        aggressive = chips if cap is None else min(chips, _ROUNDS * (cap + 1))
        return (aggressive + 2 * _ROUNDS) * n + 2 * n

    def payoff_bounds(self) -> tuple[int, int]:
        stack, n = self.game.starting_stack, self.game.players
        return -stack, (n - 1) * stack
