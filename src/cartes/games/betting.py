"""Deprecated alias of :mod:`cartes.games.poker.betting`, :mod:`cartes.games.poker.pots`:
``cartes.games.betting`` moved when each game became a package (issue 19). Importing it warns;
it is removed in the release after the next. Import from the new path instead."""

from __future__ import annotations

from cartes.games._moved import warn_moved
from cartes.games.poker.betting import (
    BettingRound,
    Chips,
    FixedLimit,
    MaxBetScope,
    RaiseCap,
    SpreadLimit,
    Structure,
    max_bet_scope,
)
from cartes.games.poker.pots import Pot, pots, split

__all__ = [
    "BettingRound",
    "Chips",
    "FixedLimit",
    "MaxBetScope",
    "Pot",
    "RaiseCap",
    "SpreadLimit",
    "Structure",
    "max_bet_scope",
    "pots",
    "split",
]

warn_moved(__name__)
