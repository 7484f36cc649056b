"""Deprecated alias of :mod:`cartes.games.stud.phh`: ``cartes.games.phh`` moved when each game
became a package (issue 19). Importing it warns; it is removed in the release after the next.
Import from the new path instead."""

from __future__ import annotations

from cartes.games._moved import warn_moved
from cartes.games.stud.phh import from_phh, to_phh

__all__ = ["from_phh", "to_phh"]

warn_moved(__name__)
