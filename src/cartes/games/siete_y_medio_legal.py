"""Deprecated alias of :mod:`cartes.games.siete_y_medio.legal`:
``cartes.games.siete_y_medio_legal`` moved when each game became a package (issue 19). Importing
it warns; it is removed in the release after the next. Import from the new path instead."""

from __future__ import annotations

from cartes.games._moved import warn_moved
from cartes.games.siete_y_medio.legal import (
    HandView,
    offers,
    playable,
    why_not,
)

__all__ = ["HandView", "offers", "playable", "why_not"]

warn_moved(__name__)
