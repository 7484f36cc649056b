"""The poker family: what seven-card stud and calatone share, and a plugin poker game builds on.

- :mod:`~cartes.games.poker.actions`: fold, check, call, raise, bring-in, completion (the bet is
  :class:`~cartes.games.chips.Bet`, shared with the banking games);
- :mod:`~cartes.games.poker.betting`: limits, raise caps, the chips of a hand, betting rounds;
- :mod:`~cartes.games.poker.pots`: main and side pots, even splits with odd chips;
- :mod:`~cartes.games.poker.events`: the deal, the betting, the showdown, the awards;
- :mod:`~cartes.games.poker.state`: :class:`PokerState`, the part of a hand's state every
  poker game fills the same way;
- :mod:`~cartes.games.poker.encoding`: the action numbering of the poker encodings.

Nothing here imports a game: the games import the family.

>>> from cartes.games.poker import Chips, FixedLimit, RaiseCap, BettingRound
>>> rnd = BettingRound(Chips([100, 100]), FixedLimit(5, 10), RaiseCap(4), first=0)
>>> rnd.legal(0)
(Fold(), Check(), Bet(5))
"""

from __future__ import annotations

from cartes.games.chips import Bet
from cartes.games.poker.actions import BringIn, Call, Check, Complete, Fold, Raise
from cartes.games.poker.betting import BettingRound, Chips, FixedLimit, RaiseCap, SpreadLimit
from cartes.games.poker.pots import Pot, pots, split
from cartes.games.poker.state import PokerState

__all__ = [
    "Bet",
    "BettingRound",
    "BringIn",
    "Call",
    "Check",
    "Chips",
    "Complete",
    "FixedLimit",
    "Fold",
    "PokerState",
    "Pot",
    "Raise",
    "RaiseCap",
    "SpreadLimit",
    "pots",
    "split",
]
