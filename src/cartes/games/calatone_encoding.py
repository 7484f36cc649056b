"""Deprecated alias of :mod:`cartes.games.calatone.encoding`: ``cartes.games.calatone_encoding``
moved when each game became a package (issue 19). Importing it warns; it is removed in the
release after the next. Import from the new path instead."""

from __future__ import annotations

from cartes.games._moved import warn_moved
from cartes.games.calatone.encoding import CalatoneEncoding

__all__ = ["CalatoneEncoding"]

warn_moved(__name__)
