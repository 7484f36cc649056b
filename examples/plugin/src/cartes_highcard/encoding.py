"""The encoding of high card for programs: two action numbers and a tensor layout.

Action numbers: ``0`` ``drop``, ``1`` ``stay``.

The observation tensor (float32, every entry in 0..1) holds these pieces, in order; ``n`` is
the number of players, and seats are counted from seat 0:

=============== =========== ================================================================
piece           shape       meaning
=============== =========== ================================================================
``seat``        ``(n,)``    the observer's seat, one-hot (all 0 for a spectator)
``to_act``      ``(n,)``    the seat to act, one-hot (all 0 when the hand is over)
``button``      ``(n,)``    the button, one-hot
``cards``       ``(n, 52)`` the card of each seat the observer sees, one-hot by card index
``dropped``     ``(n,)``    1 for the seats that dropped
``committed``   ``(n,)``    each seat's chips in the pot, over ante + bet
``terminal``    ``(1,)``    1 once the hand is over
``legal``       ``(2,)``    the legal action numbers (all 0 when it is not the seat's turn)
=============== =========== ================================================================

>>> from cartes.games.encoding import encoding
>>> from cartes_highcard import HighCard
>>> enc = encoding(HighCard(players=3))
>>> state = HighCard(players=3).start(seed=1)
>>> obs = state.observation(state.to_act)
>>> enc.num_actions, enc.action_names, enc.legal_action_ids(obs), enc.tensor_shape
(2, ('drop', 'stay'), [0, 1], (174,))
>>> enc.decode(1, obs)
Stay()
>>> tensor = enc.observation_tensor(obs)
>>> pieces = enc.tensor_views(tensor)
>>> int(pieces["cards"].sum()), pieces["committed"].tolist(), pieces["legal"].tolist()
(1, [0.3333333432674408, 0.3333333432674408, 0.3333333432674408], [1.0, 1.0])
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from numpy.typing import NDArray

from cartes import Card, Deck
from cartes.games import Action, Observation
from cartes.games.encoding import Encoding
from cartes_highcard import HighCard
from cartes_highcard.actions import Drop, Stay

__all__ = ["HighCardEncoding"]

_ACTIONS: tuple[tuple[str, Action], ...] = (("drop", Drop()), ("stay", Stay()))


class HighCardEncoding(Encoding):
    """High card's :class:`~cartes.games.encoding.Encoding` (see the module for the action
    numbers and the tensor layout)."""

    game_name: ClassVar[str] = HighCard.name
    game: HighCard

    def make_action_names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in _ACTIONS)

    def legal_ids(self, obs: Observation) -> dict[int, Action]:
        return {
            index: action
            for index, (_, action) in enumerate(_ACTIONS)
            if action in obs.legal_actions
        }

    def tensor_pieces(self) -> list[tuple[str, tuple[int, ...]]]:
        n = self.game.players
        return [
            ("seat", (n,)), ("to_act", (n,)), ("button", (n,)), ("cards", (n, 52)),
            ("dropped", (n,)), ("committed", (n,)), ("terminal", (1,)),
            ("legal", (self.num_actions,)),
        ]

    def fill_tensor(self, obs: Observation, pieces: dict[str, NDArray[np.float32]]) -> None:
        if obs.seat is not None:
            pieces["seat"][obs.seat] = 1
        if obs.to_act is not None:
            pieces["to_act"][obs.to_act] = 1
        pieces["button"][obs.extra["button"]] = 1
        for seat, hand in enumerate(obs.cards):
            for card in hand:
                if isinstance(card, Card):
                    pieces["cards"][seat, card.index] = 1
        pieces["dropped"][:] = obs.folded
        pieces["committed"][:] = np.asarray(obs.committed) / (self.game.ante + self.game.bet)
        pieces["terminal"][0] = obs.is_terminal
        for index in self.legal_ids(obs):
            pieces["legal"][index] = 1

    def new_deck(self) -> Deck[Any]:
        return Deck.french()

    def cards_used(self) -> int:
        return self.game.players  # one card each: the rest of the deck never shows

    def max_actions(self) -> int:
        return self.game.players

    def payoff_bounds(self) -> tuple[int, int]:
        most = self.game.ante + self.game.bet  # the most a seat puts in, or wins per seat
        return -most, most * (self.game.players - 1)
