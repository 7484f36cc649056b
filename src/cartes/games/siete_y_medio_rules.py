"""Deprecated alias of :mod:`cartes.games.siete_y_medio.rules`:
``cartes.games.siete_y_medio_rules`` moved when each game became a package (issue 19). Importing
it warns; it is removed in the release after the next. Import from the new path instead."""

from __future__ import annotations

from cartes.games._moved import warn_moved
from cartes.games.siete_y_medio.rules import (
    MODALITY_LIMITS,
    TARGET,
    Outcome,
    SieteRules,
    settle_hand,
    total,
)

__all__ = ["MODALITY_LIMITS", "TARGET", "Outcome", "SieteRules", "settle_hand", "total"]

warn_moved(__name__)
