"""Deprecated alias of :mod:`cartes.games.siete_y_medio.actions`:
``cartes.games.siete_y_medio_actions`` moved when each game became a package (issue 19).
Importing it warns; it is removed in the release after the next. Import from the new path
instead."""

from __future__ import annotations

from cartes.games._moved import warn_moved
from cartes.games.siete_y_medio.actions import (
    Annul,
    Decline,
    Draw,
    Exchange,
    Keep,
    Muerta,
    OpenCalle,
    Play,
    SitOut,
    Stand,
    Vote,
)

__all__ = [
    "Annul",
    "Decline",
    "Draw",
    "Exchange",
    "Keep",
    "Muerta",
    "OpenCalle",
    "Play",
    "SitOut",
    "Stand",
    "Vote",
]

warn_moved(__name__)
