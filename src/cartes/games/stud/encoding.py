"""The encoding of seven-card stud for programs: 11 action numbers and a tensor layout.

Action numbers: ``0`` fold, ``1`` check, ``2`` call, ``3`` bring-in, ``4`` complete, ``5``
show, ``6`` muck, ``7``/``8`` the smaller and the larger bet offered (the larger only with the
open-pair option on fourth street), ``9``/``10`` the smaller and the larger raise. Every legal
stud action has its own number.

The observation tensor (float32, every entry in 0..1) holds these pieces, in order; ``n`` is
the number of players and seats are counted from the observer's (``r = 0`` is the observer,
``r = 1`` the seat on its left...; a spectator counts from seat 0):

=================== ============== ============================================================
piece               shape          meaning
=================== ============== ============================================================
``seat``            ``(n,)``       the observer's seat, one-hot (all 0 for a spectator)
``to_act``          ``(n,)``       the seat to act, one-hot by ``r`` (all 0 when over)
``button``          ``(n,)``       the button, one-hot by ``r``
``folded``          ``(n,)``       1 for the seats that folded, by ``r``
``cards``           ``(n, 7, 52)`` seat ``r``'s card in deal slot ``k`` (0-6), one-hot by
                                   card index, where the observer sees it
``dealt``           ``(n, 7)``     1 where seat ``r`` holds a card in slot ``k``, seen or not
``board``           ``(52,)``      the community card (§2.5), when there is one
``street``          ``(5,)``       the street, 3rd to 7th, one-hot
``stacks``          ``(n,)``       chips behind, by ``r``, as a share of all chips at the table
``committed``       ``(n,)``       chips put in this hand, by ``r``, same unit
``round_committed`` ``(n,)``       chips put in this betting round, by ``r``, same unit
``to_call``         ``(1,)``       what the observer must add to call, same unit
``pot``             ``(1,)``       the pots settled so far, same unit
``showdown``        ``(1,)``       1 at the showdown (show or muck)
``terminal``        ``(1,)``       1 once the hand is over
``legal``           ``(11,)``      the legal action numbers (all 0 when it is not its turn)
=================== ============== ============================================================

>>> from cartes.games import SevenCardStud
>>> enc = StudEncoding(SevenCardStud(players=2))
>>> enc.tensor_shape, enc.layout["cards"]
((828,), (slice(8, 736, None), (2, 7, 52)))
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from numpy.typing import NDArray

from cartes.deck import Deck
from cartes.games.contract import Observation
from cartes.games.poker.encoding import PokerEncoding
from cartes.games.stud import SevenCardStud

__all__ = ["StudEncoding"]

_STREETS = 5  # third to seventh
_SLOTS = 7


class StudEncoding(PokerEncoding):
    """Seven-card stud's :class:`~cartes.games.encoding.Encoding` (see the module for the
    action numbers and the tensor layout).

    >>> from cartes.games import SevenCardStud
    >>> StudEncoding(SevenCardStud()).action_names[5:]
    ('show', 'muck', 'bet[0]', 'bet[1]', 'raise[0]', 'raise[1]')
    """

    game_name: ClassVar[str] = SevenCardStud.name
    simple_kinds: ClassVar[tuple[str, ...]] = (
        "fold", "check", "call", "bring_in", "complete", "show", "muck",
    )
    buckets: ClassVar[int] = 2
    game: SevenCardStud

    def tensor_pieces(self) -> list[tuple[str, tuple[int, ...]]]:
        n = self.game.players
        return [
            ("seat", (n,)), ("to_act", (n,)), ("button", (n,)), ("folded", (n,)),
            ("cards", (n, _SLOTS, 52)), ("dealt", (n, _SLOTS)), ("board", (52,)),
            ("street", (_STREETS,)), ("stacks", (n,)), ("committed", (n,)),
            ("round_committed", (n,)), ("to_call", (1,)), ("pot", (1,)),
            ("showdown", (1,)), ("terminal", (1,)), ("legal", (self.num_actions,)),
        ]

    def fill_tensor(self, obs: Observation, pieces: dict[str, NDArray[np.float32]]) -> None:
        n = self.game.players
        ref = 0 if obs.seat is None else obs.seat
        order = [(ref + r) % n for r in range(n)]  # r -> seat
        where = {seat: r for r, seat in enumerate(order)}
        if obs.seat is not None:
            pieces["seat"][obs.seat] = 1
        if obs.to_act is not None:
            pieces["to_act"][where[obs.to_act]] = 1
        pieces["button"][where[int(obs.extra["button"])]] = 1
        total = sum(obs.stacks) + sum(obs.committed)
        round_committed = obs.extra["round_committed"] or (0,) * n
        for r, seat in enumerate(order):
            pieces["folded"][r] = obs.folded[seat]
            for slot, card in enumerate(obs.cards[seat]):
                pieces["dealt"][r, slot] = 1
                if card is not None:
                    pieces["cards"][r, slot, card.index] = 1
            pieces["stacks"][r] = obs.stacks[seat] / total
            pieces["committed"][r] = obs.committed[seat] / total
            pieces["round_committed"][r] = round_committed[seat] / total
        for card in obs.board:
            pieces["board"][card.index] = 1
        pieces["street"][int(obs.extra["street"]) - 3] = 1
        pieces["to_call"][0] = obs.extra["to_call"] / total
        pieces["pot"][0] = sum(pot.amount for pot in obs.extra["pots"]) / total
        pieces["showdown"][0] = not obs.is_terminal and not obs.extra["round_committed"]
        pieces["terminal"][0] = obs.is_terminal
        pieces["legal"][:] = self.legal_action_mask(obs)

    def new_deck(self) -> Deck[Any]:
        return Deck.french()

    def cards_used(self) -> int:
        """Seven cards a seat and four burns, or the whole deck."""
        return min(52, 7 * self.game.players + 4)

    def max_actions(self) -> int:
        """Per street, every seat acts once more after each bet or raise; the bets and
        raises of a hand are at most the cap per street or, uncapped, one per chip."""
        game, n = self.game, self.game.players
        chips = n * game.starting_stack
        per_street = None if game.max_raises is None or n == 2 else game.max_raises + 1
        aggressive = chips if per_street is None else min(chips, _STREETS * per_street)
        return (aggressive + 2 * _STREETS) * n + n

    def payoff_bounds(self) -> tuple[int, int]:
        stack, n = self.game.starting_stack, self.game.players
        return -stack, (n - 1) * stack
