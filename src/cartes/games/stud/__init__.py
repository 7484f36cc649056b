"""Seven-card stud, fixed limit, as in SPEC §2 (decisions S-1 to S-18).

The package holds the game: :class:`SevenCardStud` (the configuration, here), the hand
(:mod:`~cartes.games.stud.state`), stud's own actions (:mod:`~cartes.games.stud.actions`,
:class:`Show` and :class:`Muck`), its pure rules (:mod:`~cartes.games.stud.rules`), its
encoding for programs (:mod:`~cartes.games.stud.encoding`) and the PHH exporter
(:mod:`~cartes.games.stud.phh`). The betting, the pots and the events are the poker family's
(:mod:`cartes.games.poker`).

>>> from cartes import Deck
>>> from cartes.games import get
>>> game = get("seven-card-stud", players=3)
>>> state = game.start(deck=Deck.stacked(
...     "Ah Kh Qh  As Ks Qs  2c 7d 9s  " + "3c 3d 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 6s 7c 7h"))
>>> # deal from the button's left (seat 1); the 2c door card (seat 1) brings in (S-3)
>>> state.street, state.to_act, state.legal_actions()
(3, 1, (BringIn(), Complete()))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar

from cartes.deck import Deck, SeedLike
from cartes.errors import ConfigurationError
from cartes.games._check import flag, store, whole
from cartes.games.contract import RULES_REVISION
from cartes.games.hand import HandGame, Setup
from cartes.games.poker.betting import FixedLimit, RaiseCap
from cartes.games.stud.actions import Muck, Show
from cartes.games.stud.rules import OddChipRule
from cartes.games.stud.state import StudState

__all__ = ["Muck", "SevenCardStud", "Show", "StudState"]


@dataclass(frozen=True)
class SevenCardStud(HandGame[StudState]):
    """Fixed-limit seven-card stud for 2-8 players (S-1, S-2).

    ``max_raises`` raises follow the bet or completion in a round (S-5; ``None`` for no cap),
    unlimited heads-up. ``open_pair_big_bet`` is the fourth-street option (S-6).
    ``odd_chip_rule`` is ``"position"`` (S-11) or ``"high_card_by_suit"``.

    >>> SevenCardStud(players=9)
    Traceback (most recent call last):
    ...
    cartes.errors.ConfigurationError: players must be an integer in 2..8, got 9
    >>> SevenCardStud(bring_in=6)
    Traceback (most recent call last):
    ...
    cartes.errors.ConfigurationError: bring_in must be an integer in 1..5, got 6
    """

    name: ClassVar[str] = "seven-card-stud"
    rules_revision: ClassVar[int | None] = RULES_REVISION
    players: int = 2
    ante: int = 1
    bring_in: int = 2
    small_bet: int = 5
    big_bet: int = 10
    max_raises: int | None = 3
    open_pair_big_bet: bool = True
    half_bet_rule: bool = True
    odd_chip_rule: OddChipRule = "position"
    starting_stack: int = 200

    def __post_init__(self) -> None:
        store(self, "players", whole("players", self.players, 2, 8))
        store(self, "ante", whole("ante", self.ante, 0))
        store(self, "small_bet", whole("small_bet", self.small_bet, 1))
        store(self, "bring_in", whole("bring_in", self.bring_in, 1, self.small_bet))
        store(self, "big_bet", whole("big_bet", self.big_bet, self.small_bet))
        if self.max_raises is not None:
            store(self, "max_raises", whole("max_raises", self.max_raises, 0))
        for name in ("open_pair_big_bet", "half_bet_rule"):
            store(self, name, flag(name, getattr(self, name)))
        if self.odd_chip_rule not in ("position", "high_card_by_suit"):
            raise ConfigurationError(
                f"odd_chip_rule must be 'position' or 'high_card_by_suit', "
                f"got {self.odd_chip_rule!r}"
            )
        store(self, "starting_stack", whole("starting_stack", self.starting_stack, 1))

    @cached_property  # made once: a round starts several times a hand
    def structure(self) -> FixedLimit:
        """The fixed-limit structure of the betting rounds."""
        return FixedLimit(self.small_bet, self.big_bet, self.half_bet_rule)

    @cached_property
    def cap(self) -> RaiseCap:
        """The raise cap, the bet plus ``max_raises`` raises (unlimited heads-up unless capped)."""
        return RaiseCap(None if self.max_raises is None else self.max_raises + 1)

    def start(
        self,
        seed: SeedLike = None,
        *,
        deck: Deck[Any] | None = None,
        stacks: Sequence[int] | None = None,
        button: int = 0,
        reshuffle_seed: int | None = None,
    ) -> StudState:
        """Post the antes, deal third street and return the hand waiting for the bring-in.

        ``seed`` shuffles a fresh deck; a ``deck`` (e.g. ``Deck.stacked(...)``) is dealt in
        its order instead, top first, and must hold at least ``6 * players + 3`` cards. The
        seed also drives the §2.5 reshuffle unless ``reshuffle_seed`` is given.

        >>> state = SevenCardStud(players=2).start(seed=5, stacks=[50, 80], button=1)
        >>> state.stacks, state.street
        ((49, 79), 3)
        """
        return self._start(seed, deck, stacks, button, reshuffle_seed)

    def deck_minimum(self) -> tuple[int, str]:
        """Every seat's seven cards and the three burns (S-9 deals a community card instead
        when the deck runs out).

        >>> SevenCardStud(players=3).deck_minimum()
        (21, '6 * players + 3')
        """
        return 6 * self.players + 3, "6 * players + 3"

    def new_hand(self, setup: Setup, deck: Deck[Any]) -> StudState:
        """Post the antes and deal third street (see :meth:`start`)."""
        return StudState(setup, deck)
