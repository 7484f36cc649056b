"""Deprecated alias of :mod:`cartes.games.chips`, :mod:`cartes.games.contract`,
:mod:`cartes.games.poker.actions`, :mod:`cartes.games.stud.actions`: ``cartes.games.core`` moved
when each game became a package (issue 19). Importing it warns; it is removed in the release
after the next. Import from the new path instead."""

from __future__ import annotations

from cartes.games._moved import warn_moved
from cartes.games.chips import Bet
from cartes.games.contract import (
    DECK_KINDS,
    RULES_REVISION,
    Action,
    Event,
    Game,
    Observation,
    State,
    action_from_dict,
    checked_amounts,
    deck_kind,
    default_action,
    quick_init,
)
from cartes.games.poker.actions import (
    BringIn,
    Call,
    Check,
    Complete,
    Fold,
    Raise,
)
from cartes.games.stud.actions import Muck, Show

__all__ = [
    "DECK_KINDS",
    "RULES_REVISION",
    "Action",
    "Bet",
    "BringIn",
    "Call",
    "Check",
    "Complete",
    "Event",
    "Fold",
    "Game",
    "Muck",
    "Observation",
    "Raise",
    "Show",
    "State",
    "action_from_dict",
    "checked_amounts",
    "deck_kind",
    "default_action",
    "quick_init",
]

warn_moved(__name__)
