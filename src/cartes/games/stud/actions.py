"""Stud's own actions: at the showdown a seat shows its cards or mucks them (S-10). The
betting actions are the poker family's (:mod:`cartes.games.poker.actions`).

>>> Show().to_dict(), Muck().kind
({'kind': 'show'}, 'muck')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from cartes.games.contract import Action

__all__ = ["Muck", "Show"]


@dataclass(frozen=True, slots=True)
class Show(Action):
    """Show one's cards at the showdown.

    >>> Show()
    Show()
    """

    kind: ClassVar[str] = "show"

    @classmethod
    def pick_among(cls, offers: Sequence[Action]) -> Action | None:
        """A host always shows at the showdown (mucking gives up the pot).

        >>> Show.pick_among((Show(), Muck()))
        Show()
        """
        return next((offer for offer in offers if type(offer) is cls), None)


@dataclass(frozen=True, slots=True)
class Muck(Action):
    """Give up one's claim at the showdown without showing.

    >>> Muck()
    Muck()
    """

    kind: ClassVar[str] = "muck"
