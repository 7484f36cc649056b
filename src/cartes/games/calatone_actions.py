"""Deprecated alias of :mod:`cartes.games.calatone.actions`: ``cartes.games.calatone_actions``
moved when each game became a package (issue 19). Importing it warns; it is removed in the
release after the next. Import from the new path instead."""

from __future__ import annotations

from cartes.games._moved import warn_moved
from cartes.games.calatone.actions import (
    Concede,
    Declare,
    Expose,
    expose_offer,
)

__all__ = ["Concede", "Declare", "Expose", "expose_offer"]

warn_moved(__name__)
