"""Deprecated alias of :mod:`cartes.games.calatone.events`, :mod:`cartes.games.chips`,
:mod:`cartes.games.dealing`, :mod:`cartes.games.poker.events` and
:mod:`cartes.games.stud.events`: ``cartes.games.events`` moved when each game became a
package (issue 19). Importing it warns; it is removed in the
release after the next. Import from the new path instead."""

from __future__ import annotations

from cartes.games._moved import warn_moved
from cartes.games.calatone.events import (
    AllPassed,
    Conceded,
    Declared,
    ExposeChosen,
    ExposuresRevealed,
)
from cartes.games.chips import HandEnded, HandStarted
from cartes.games.dealing import CardDealt, Reshuffled, Shown
from cartes.games.poker.events import (
    Acted,
    AntePosted,
    PotAwarded,
    RoundStarted,
    UncalledReturned,
)
from cartes.games.stud.events import CardBurned, Mucked

__all__ = [
    "Acted",
    "AllPassed",
    "AntePosted",
    "CardBurned",
    "CardDealt",
    "Conceded",
    "Declared",
    "ExposeChosen",
    "ExposuresRevealed",
    "HandEnded",
    "HandStarted",
    "Mucked",
    "PotAwarded",
    "Reshuffled",
    "RoundStarted",
    "Shown",
    "UncalledReturned",
]

warn_moved(__name__)
