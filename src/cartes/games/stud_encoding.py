"""Deprecated alias of :mod:`cartes.games.stud.encoding`: ``cartes.games.stud_encoding`` moved when
each game became a package (issue 19). Importing it warns; it is removed in the release after
the next. Import from the new path instead."""

from __future__ import annotations

from cartes.games._moved import warn_moved
from cartes.games.stud.encoding import StudEncoding

__all__ = ["StudEncoding"]

warn_moved(__name__)
