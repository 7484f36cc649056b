"""Calatone, the reference implementation: SPEC §1 and decisions C-1 to C-28 (revision 3).

Calatone is seven-card stud's Italian cousin as a Spanish book tells it: two cards down, each
player chooses which one to expose (all choices revealed together), five more cards face up,
six spread-limit betting rounds led by the best exposed hand, and a showdown where each player
**declares** five of his seven cards, bound by what he declares. If everyone still in passes in
any of rounds 1 to 5, the hand stops and the best hand on the cards dealt so far wins.

The package holds the game: :class:`Calatone` (the configuration, here), the hand
(:mod:`~cartes.games.calatone.state`), calatone's own actions (:class:`Expose`,
:class:`Declare`, :class:`Concede`) and events, the values of its hands
(:mod:`~cartes.games.calatone.rules`) and its encoding (:mod:`~cartes.games.calatone.encoding`).
The betting and the pots are the poker family's (:mod:`cartes.games.poker`).

>>> from cartes import Deck
>>> from cartes.games import get, Expose, Check
>>> game = get("calatone", players=3)
>>> state = game.start(seed=1)
>>> state.phase, state.to_act, state.legal_actions()  # dealer 0: the deal starts on his left
('expose', 1, (Expose('8s'), Expose('5s')))
>>> state.apply_all([Expose("5s"), Expose("Ts"), Expose("6c")])
>>> state.phase, state.up_cards
('betting', ((Card('6c'),), (Card('5s'),), (Card('Ts'),)))
>>> state.to_act  # the ten speaks first (C-6)
2
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar

from cartes.deck import Deck, SeedLike
from cartes.errors import ConfigurationError
from cartes.french import Card
from cartes.games._check import flag, store, whole
from cartes.games.calatone.actions import Concede, Declare, Expose
from cartes.games.calatone.rules import best_declaration
from cartes.games.calatone.state import CalatoneState
from cartes.games.contract import RULES_REVISION
from cartes.games.hand import HandGame, Setup
from cartes.games.poker.betting import MaxBetScope, RaiseCap, SpreadLimit
from cartes.games.poker.betting import max_bet_scope as checked_scope

__all__ = [
    "Calatone",
    "CalatoneState",
    "Concede",
    "Declare",
    "Expose",
    "best_declaration",
]


@dataclass(frozen=True)
class Calatone(HandGame[CalatoneState]):
    """Calatone for 2-7 players (C-1): an equal ``ante`` (C-3), spread-limit bets and raises
    between ``min_bet`` and ``max_bet`` (C-4), an optional cap of ``max_raises_per_round`` full
    bets and raises per round (the bet counts, C-23), table stakes.

    ``all_pass_ends_hand`` is the seed's rule that a round of passes in rounds 1-5 ends the
    hand (C-9); ``lowest_rank`` strips the deck below that rank (C-18: 2 to 14, 14 the ace),
    allowed only while ``4 * (15 - lowest_rank) >= 7 * players``. ``max_bet_scope`` is
    ``"raise"`` (C-4: ``max_bet`` limits each bet or raise increment) or ``"round"`` (C-28:
    it limits what a player bets in the round, so once the bet reaches it nobody raises).

    >>> Calatone(players=5, lowest_rank=7)
    Traceback (most recent call last):
    ...
    cartes.errors.ConfigurationError: lowest_rank 7 leaves 32 cards, fewer than the 35 that ...
    >>> Calatone(min_bet=5, max_bet=2)
    Traceback (most recent call last):
    ...
    cartes.errors.ConfigurationError: max_bet must be an integer >= 5, got 2
    >>> Calatone(max_bet_scope="round").structure
    SpreadLimit(min_bet=1, max_bet=10, max_bet_scope='round')
    """

    name: ClassVar[str] = "calatone"
    rules_revision: ClassVar[int | None] = RULES_REVISION
    players: int = 2
    ante: int = 1
    min_bet: int = 1
    max_bet: int = 10
    max_raises_per_round: int | None = None
    all_pass_ends_hand: bool = True
    lowest_rank: int = 2
    starting_stack: int = 200
    max_bet_scope: MaxBetScope = "raise"

    def __post_init__(self) -> None:
        store(self, "players", whole("players", self.players, 2, 7))
        store(self, "ante", whole("ante", self.ante, 0))
        store(self, "min_bet", whole("min_bet", self.min_bet, 1))
        store(self, "max_bet", whole("max_bet", self.max_bet, self.min_bet))
        if self.max_raises_per_round is not None:
            cap = whole("max_raises_per_round", self.max_raises_per_round, 1)
            store(self, "max_raises_per_round", cap)
        store(self, "all_pass_ends_hand", flag("all_pass_ends_hand", self.all_pass_ends_hand))
        store(self, "lowest_rank", whole("lowest_rank", self.lowest_rank, 2, 14))
        cards, needed = 4 * (15 - self.lowest_rank), 7 * self.players
        if cards < needed:
            raise ConfigurationError(
                f"lowest_rank {self.lowest_rank} leaves {cards} cards, fewer than the {needed} "
                f"that {self.players} players need (7 each): use lowest_rank <= "
                f"{15 - -(-needed // 4)}"
            )
        store(self, "starting_stack", whole("starting_stack", self.starting_stack, 1))
        store(self, "max_bet_scope", checked_scope(self.max_bet_scope))

    @cached_property  # made once: a round starts several times a hand
    def structure(self) -> SpreadLimit:
        """The spread-limit structure of every betting round."""
        return SpreadLimit(self.min_bet, self.max_bet, self.max_bet_scope)

    @cached_property
    def cap(self) -> RaiseCap:
        """The raise cap (none by default); heads-up play is not exempt."""
        return RaiseCap(self.max_raises_per_round, heads_up_unlimited=False)

    def deck(self) -> Deck[Card]:
        """A fresh, unshuffled deck for this game: 52 cards, or stripped below ``lowest_rank``.

        >>> len(Calatone(lowest_rank=7).deck())
        32
        """
        full = Deck.french()
        if self.lowest_rank == 2:
            return full
        first = 4 * (self.lowest_rank - 2)  # index = rank * 4 + suit: ranks below go first
        return Deck(full.cards[first:])

    def start(
        self,
        seed: SeedLike = None,
        *,
        deck: Deck[Any] | None = None,
        stacks: Sequence[int] | None = None,
        button: int = 0,
        reshuffle_seed: int | None = None,
    ) -> CalatoneState:
        """Post the antes, deal two cards down to each player and return the hand waiting for
        the expose choices. ``button`` is the dealer's seat; the deal starts on his left.

        ``seed`` shuffles a fresh deck; a ``deck`` (``Deck.stacked(...)``) is dealt in its
        order instead, top first, and must hold at least ``7 * players`` cards of this game's
        deck. ``reshuffle_seed`` is accepted for the common hand-history format and unused:
        calatone never runs out of cards (C-16).

        >>> state = Calatone(players=2).start(seed=5, stacks=[50, 80], button=1)
        >>> state.stacks, state.button, state.street
        ((49, 79), 1, 2)
        """
        return self._start(seed, deck, stacks, button, reshuffle_seed)

    # (calatone deals from one deck and never burns nor runs out of cards, C-16)
    shuffles_in_hand: ClassVar[bool] = False
    burns: ClassVar[bool] = False

    def new_deck(self) -> Deck[Card]:
        """The game's deck, shuffled by :meth:`start` (see :meth:`deck`)."""
        return self.deck()

    def deck_minimum(self) -> tuple[int, str]:
        """Seven cards per seat.

        >>> Calatone(players=3).deck_minimum()
        (21, '7 * players')
        """
        return 7 * self.players, "7 * players"

    def checked_deck(self, deck: object) -> Deck[Any]:
        """A stacked deck, checked: no card below ``lowest_rank`` (said before a short
        deck), then as every game checks it."""
        if isinstance(deck, Deck) and deck.kind is Card:
            low = [str(card) for card in deck if card.rank < self.lowest_rank - 2]
            if low:
                raise ConfigurationError(
                    f"deck holds {' '.join(low[:4])}: cards below lowest_rank "
                    f"{self.lowest_rank} are stripped from this game's deck"
                )
        return super().checked_deck(deck)

    def new_hand(self, setup: Setup, deck: Deck[Any]) -> CalatoneState:
        """Post the antes and deal two cards down to each player (see :meth:`start`)."""
        return CalatoneState(setup, deck)
