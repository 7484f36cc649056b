"""Deprecated alias of :mod:`cartes.games.calatone.rules`: ``cartes.games.calatone_hands`` moved
when each game became a package (issue 19). Importing it warns; it is removed in the release
after the next. Import from the new path instead."""

from __future__ import annotations

from cartes.games._moved import warn_moved
from cartes.games.calatone.rules import (
    best_declaration,
    dealt_exposed_value,
    dealt_hand_value,
    describe,
    exposed_value,
    hand_value,
    partial_value,
)

__all__ = [
    "best_declaration",
    "dealt_exposed_value",
    "dealt_hand_value",
    "describe",
    "exposed_value",
    "hand_value",
    "partial_value",
]

warn_moved(__name__)
