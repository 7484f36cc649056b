"""A hand-made poker encoding for the encoding tests: five buckets, no tensor, tried on
observations that hold nothing but their offers."""

from __future__ import annotations

from typing import ClassVar

from cartes import Deck
from cartes.games import Observation
from cartes.games.poker.encoding import PokerEncoding


class SpreadEncoding(PokerEncoding):
    """A poker encoding with five buckets, tried on hand-made observations."""

    simple_kinds: ClassVar[tuple[str, ...]] = ("fold", "call")
    buckets: ClassVar[int] = 5

    def tensor_pieces(self):
        return []

    def fill_tensor(self, obs, pieces):
        pass

    def new_deck(self):
        return Deck.french()

    def max_actions(self):
        return 1

    def payoff_bounds(self):
        return (0, 0)


def offered(*actions):
    """An observation whose only content is the offers ``actions``."""
    return Observation(0, 0, (), (), (), (), (), (), tuple(actions), False)
