"""Deprecated alias of :mod:`cartes.games.siete_y_medio.events`:
``cartes.games.siete_y_medio_events`` moved when each game became a package (issue 19), and
its ``BankHandStarted``, ``Dealt``, ``Revealed`` and ``StockReshuffled`` became the events
every game shares (:mod:`cartes.games.chips`, :mod:`cartes.games.dealing`).
Importing it warns; it is removed in the release after the next. Import from the new path
instead."""

from __future__ import annotations

from cartes.games._moved import warn_moved
from cartes.games.chips import HandStarted as BankHandStarted
from cartes.games.dealing import CardDealt as Dealt
from cartes.games.dealing import Reshuffled as StockReshuffled
from cartes.games.dealing import Shown as Revealed
from cartes.games.siete_y_medio.events import (
    Annulled,
    BankTaken,
    Busted,
    CalleOpened,
    Declined,
    Exchanged,
    HandValid,
    MuertaPlayed,
    NoVoterChose,
    Settled,
    Staked,
    StakesAgreed,
    Stood,
    Turned,
    Voted,
)

__all__ = [
    "Annulled",
    "BankHandStarted",
    "BankTaken",
    "Busted",
    "CalleOpened",
    "Dealt",
    "Declined",
    "Exchanged",
    "HandValid",
    "MuertaPlayed",
    "NoVoterChose",
    "Revealed",
    "Settled",
    "Staked",
    "StakesAgreed",
    "StockReshuffled",
    "Stood",
    "Turned",
    "Voted",
]

warn_moved(__name__)
