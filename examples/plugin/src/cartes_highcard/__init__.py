"""High card: a small, complete betting game for cartes, and a template of a game plugin.

Every seat antes and is dealt one card face down from a French deck. In turn from the
button's left, each seat stays (puts in the bet) or drops. The best card among the seats
still in (by rank, the ace high, then by suit) takes the pot; if all but one drop, that one
takes it without a showdown.

The package has the files and roles of cartes' own games: the game (its configuration,
here), :mod:`~cartes_highcard.state` (a hand in progress), :mod:`~cartes_highcard.actions`,
:mod:`~cartes_highcard.events`, :mod:`~cartes_highcard.rules` (pure valuation and settlement)
and :mod:`~cartes_highcard.encoding` (action numbers and an observation tensor for
programs). Installed, the game is found through the ``cartes.games`` entry point in its
``pyproject.toml``, and its encoding through the ``cartes.encodings`` one.

>>> game = HighCard(players=3, ante=1, bet=2)
>>> state = game.start(seed=1)
>>> state.to_act, state.legal_actions()
(1, (Drop(), Stay()))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from cartes import Card, Deck
from cartes.deck import SeedLike
from cartes.games.hand import HandGame, Setup
from cartes.games.options import store, whole
from cartes_highcard.actions import Drop, Stay
from cartes_highcard.state import HighCardState

__all__ = ["Drop", "HighCard", "HighCardState", "Stay"]


@dataclass(frozen=True)
class HighCard(HandGame[HighCardState]):
    """The configuration of high card: 2 to 10 ``players``, the ``ante`` every seat puts
    in, the ``bet`` a seat puts in to stay, and the ``starting_stack`` of each seat when
    ``start`` is given no ``stacks``.

    >>> HighCard(players=11)
    Traceback (most recent call last):
    ...
    cartes.errors.ConfigurationError: players must be an integer in 2..10, got 11
    >>> HighCard(bet=1.5)
    Traceback (most recent call last):
    ...
    cartes.errors.ConfigurationError: bet must be an integer >= 1, got float 1.5
    """

    name: ClassVar[str] = "highcard"
    players: int = 3
    ante: int = 1
    bet: int = 2
    starting_stack: int = 20

    # What the base's template start needs to know (see cartes.games.hand.HandGame).
    card: ClassVar[type[Card]] = Card
    shuffles_in_hand: ClassVar[bool] = False  # no reshuffle seed in the history
    burns: ClassVar[bool] = False

    def __post_init__(self) -> None:
        # The option checkers of cartes' own games: a bad value is a ConfigurationError that
        # says what was given and what is allowed; a numpy integer is stored as an int.
        store(self, "players", whole("players", self.players, 2, 10))
        store(self, "ante", whole("ante", self.ante, 1))
        store(self, "bet", whole("bet", self.bet, 1))
        store(self, "starting_stack", whole("starting_stack", self.starting_stack, 1))

    def start(
        self,
        seed: SeedLike = None,
        *,
        deck: Deck[Any] | None = None,
        stacks: Sequence[int] | None = None,
        button: int = 0,
        reshuffle_seed: int | None = None,
    ) -> HighCardState:
        """Deal one hand: ``seed`` shuffles a fresh deck, or ``deck`` (stacked) is dealt in
        its order, top first, from the button's left. The base checks every argument once
        and refuses a bad one with :class:`~cartes.errors.ConfigurationError`.

        >>> HighCard(players=2).start(deck=Deck.stacked("As"))
        Traceback (most recent call last):
        ...
        cartes.errors.ConfigurationError: deck must hold at least one card per player = 2 ...
        """
        return self._start(seed, deck, stacks, button, reshuffle_seed)

    def new_deck(self) -> Deck[Card]:
        """The 52-card French deck, in order: the template start shuffles it."""
        return Deck.french()

    def deck_minimum(self) -> tuple[int, str]:
        """The fewest cards a stacked deck may hold, and why (for the message).

        >>> HighCard(players=4).deck_minimum()
        (4, 'one card per player')
        """
        return self.players, "one card per player"

    def new_hand(self, setup: Setup, deck: Deck[Any]) -> HighCardState:
        """The hand of ``setup`` (checked by the template start), dealt from ``deck``."""
        return HighCardState(setup, deck)

