"""The encoding of the poker family for programs: :class:`PokerEncoding`, the action
numbering stud's and calatone's encodings share (each game adds its tensor,
:mod:`cartes.games.stud.encoding`, :mod:`cartes.games.calatone.encoding`).

>>> from cartes.games import SevenCardStud
>>> from cartes.games.stud.encoding import StudEncoding
>>> isinstance(StudEncoding(SevenCardStud()), PokerEncoding)
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from cartes.errors import ConfigurationError
from cartes.games.chips import Bet
from cartes.games.contract import Action, Observation
from cartes.games.encoding import AmountEncoding
from cartes.games.poker.actions import Raise

__all__ = ["PokerEncoding"]


class PokerEncoding(AmountEncoding):
    """The action numbering of the poker games: one number per kind without an amount
    (``fold``, ``check``, ``call``...), and :attr:`buckets` numbers for each kind with one
    (``bet`` amounts, ``raise`` totals), by
    :class:`~cartes.games.encoding.AmountEncoding`'s rule.
    """

    #: The kinds without an amount, in number order.
    simple_kinds: ClassVar[tuple[str, ...]] = ()
    amount_kinds: ClassVar[tuple[str, ...]] = ("bet", "raise")

    def make_action_names(self) -> tuple[str, ...]:
        names = list(self.simple_kinds)
        for kind in self.amount_kinds:
            names.extend(f"{kind}[{j}]" for j in range(self.buckets))
        return tuple(names)

    def _first(self, kind: str) -> int:
        return len(self.simple_kinds) + self.amount_kinds.index(kind) * self.buckets

    def legal_ids(self, obs: Observation) -> dict[int, Action]:
        # the numbering reads only the offers (the OpenSpiel adapter relies on it): remembered
        return self._offer_ids(obs.legal_actions)

    def _number_offers(self, offers: tuple[Action, ...]) -> dict[int, Action]:
        legal: dict[int, Action] = {}
        ranges: dict[str, list[tuple[int, int]]] = {kind: [] for kind in self.amount_kinds}
        for offer in offers:
            if isinstance(offer, Bet):
                top = offer.amount if offer.up_to is None else offer.up_to
                ranges["bet"].append((offer.amount, top))
            elif isinstance(offer, Raise):
                top = offer.to if offer.up_to is None else offer.up_to
                ranges["raise"].append((offer.to, top))
            elif offer.kind in self.simple_kinds:
                legal[self.simple_kinds.index(offer.kind)] = offer
            else:
                raise ConfigurationError(
                    f"{type(self).__name__} has no number for {offer!r}: its kinds are "
                    f"{list(self.simple_kinds)} and {list(self.amount_kinds)}"
                )
        for kind, spans in ranges.items():
            first = self._first(kind)
            for j, amount in enumerate(self._bucket_amounts(spans)):
                if amount is not None:
                    legal[first + j] = Bet(amount) if kind == "bet" else Raise(amount)
        return legal

    def nearest(
        self, action: Action, legal: Mapping[int, Action], obs: Observation
    ) -> int | None:
        if not isinstance(action, Bet | Raise):
            return None
        if not any(offer.allows(action) for offer in obs.legal_actions):
            return None
        wanted = _amount(action)
        same = [(i, a) for i, a in legal.items() if type(a) is type(action)]
        best = min(same, key=lambda item: (abs(_amount(item[1]) - wanted), _amount(item[1])))
        return best[0]


def _amount(action: Action) -> int:
    if isinstance(action, Bet):
        return action.amount
    assert isinstance(action, Raise)
    return action.to
