"""Deprecated alias of :mod:`cartes.games.siete_y_medio.encoding`: ``cartes.games.siete_encoding``
moved when each game became a package (issue 19). Importing it warns; it is removed in the
release after the next. Import from the new path instead."""

from __future__ import annotations

from cartes.games._moved import warn_moved
from cartes.games.siete_y_medio.encoding import (
    MAX_CALLES,
    SieteEncoding,
)

__all__ = ["MAX_CALLES", "SieteEncoding"]

warn_moved(__name__)
