"""Siete y medio (7½), the Spanish banking game, as in SPEC §3, revision 3 (decisions M-1 to M-43).

The package holds the game: :class:`SieteYMedio` (the configuration, here) and the draw for
the first bank, the hand (:mod:`~cartes.games.siete_y_medio.state`), its actions and events,
its pure rules (:mod:`~cartes.games.siete_y_medio.rules`: points and settlement), what a seat
may do (:mod:`~cartes.games.siete_y_medio.legal`) and its encoding
(:mod:`~cartes.games.siete_y_medio.encoding`). A banking game: it shares the chip actions
(:mod:`cartes.games.chips`) and nothing of the poker family.

Each punter plays against the bank, not into a pot. Points are exact: a figure is half a
point, so every total is kept in half-points (target 15); chips are whole numbers. Seats are
numbered clockwise; the deal and the turns go counter-clockwise from the bank's right (M-5).

>>> from cartes import Deck, SpanishCard
>>> from cartes.games import get, Bet, Stand, Draw
>>> game = get("siete-y-medio", players=3)          # the bank (seat 0) and two punters
>>> deck = Deck.stacked("5o 2c 6e  2b 3o", kind=SpanishCard)
>>> state = game.start(deck=deck)                   # seat 2 (the bank's right), seat 1, bank
>>> state.to_act, state.legal_actions()
(2, (Bet(1, up_to=3),))
>>> state.apply_all([Bet(2), Draw(), Stand(), Bet(1), Stand()])
>>> state.apply_all([Stand()])                      # the bank stands on its 6
>>> state.payoffs            # seat 2's 5 + 2 = 7 beats 6 (+2); seat 1's 2 loses to it (-1)
(-1, -1, 2)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from cartes.deck import Deck, SeedLike, make_rng
from cartes.errors import ConfigurationError
from cartes.games._check import flag, start_stacks, store, whole
from cartes.games.contract import RULES_REVISION
from cartes.games.hand import HandGame, Setup
from cartes.games.siete_y_medio.actions import (
    Annul,
    Decline,
    Draw,
    Exchange,
    Keep,
    Muerta,
    OpenCalle,
    Play,
    SitOut,
    Stand,
    Vote,
)
from cartes.games.siete_y_medio.rules import MODALITY_LIMITS, TARGET, total
from cartes.games.siete_y_medio.state import SieteState
from cartes.spanish import SpanishCard

__all__ = [
    "TARGET",
    "Annul",
    "Decline",
    "Draw",
    "Exchange",
    "FirstBank",
    "Keep",
    "Muerta",
    "OpenCalle",
    "Play",
    "SieteState",
    "SieteYMedio",
    "SitOut",
    "Stand",
    "Vote",
    "draw_first_bank",
    "total",
]

BankPassing = Literal["privileged", "every_hand"]


@dataclass(frozen=True)
class SieteYMedio(HandGame[SieteState]):
    """Siete y medio for 2-8 participants, the bank included (M-2).

    ``modality`` 1 is the classic 1-3 chips, 2 is 2-4, and 3 is the bank's proposal
    ``minimum``-``maximum``, put to the punters' vote at the start of each hand and adopted by
    three quarters of them, rounded up (M-6). ``bank_passes`` is ``"privileged"`` (the bank
    passes only to the privileged 7½, M-4) or ``"every_hand"`` (to the bank's right after
    every hand). ``reveal_seven_and_half`` turns a 7½'s hidden card up at once (M-10's
    option). ``bust_pays_double`` pays the privileged 7½ double, and gives it the bank, when
    the bank busts too (the common usage; by default a bank bust pays every bet once, seed
    d.3, M-15). Balances start at ``starting_stack`` and may go below zero (M-19).

    The bank announces the stakes per hand (M-31): :meth:`for_hand` gives the game with
    another modality or proposal, and a :class:`~cartes.games.Table` takes them for its next
    hand (``table.start_hand(modality=2)``).

    >>> SieteYMedio(players=9)
    Traceback (most recent call last):
    ...
    cartes.errors.ConfigurationError: players must be an integer in 2..8, got 9
    >>> SieteYMedio(modality=3)
    Traceback (most recent call last):
    ...
    cartes.errors.ConfigurationError: modality 3 needs the bank's proposal: minimum and ...
    >>> SieteYMedio(modality=2).limits
    (2, 4)
    """

    name: ClassVar[str] = "siete-y-medio"
    rules_revision: ClassVar[int | None] = RULES_REVISION
    balances: ClassVar[bool] = True
    #: The settings the bank announces per hand (M-31), which a Table takes for one hand.
    per_hand: ClassVar[tuple[str, ...]] = ("modality", "minimum", "maximum")
    players: int = 4
    modality: int = 1
    minimum: int | None = None
    maximum: int | None = None
    bank_passes: BankPassing = "privileged"
    reveal_seven_and_half: bool = False
    bust_pays_double: bool = False
    starting_stack: int = 0

    def __post_init__(self) -> None:
        store(self, "players", whole("players", self.players, 2, 8))
        store(self, "modality", whole("modality", self.modality, 1, 3))
        if self.modality == 3:
            if self.minimum is None or self.maximum is None:
                raise ConfigurationError(
                    "modality 3 needs the bank's proposal: minimum and maximum, whole chips "
                    "with 1 <= minimum <= maximum"
                )
            store(self, "minimum", whole("minimum", self.minimum, 1))
            store(self, "maximum", whole("maximum", self.maximum, self.minimum))
        elif self.minimum is not None or self.maximum is not None:
            raise ConfigurationError(
                f"minimum and maximum are the bank's modality-3 proposal; modality "
                f"{self.modality} plays {MODALITY_LIMITS[self.modality]}: leave them None"
            )
        if self.bank_passes not in ("privileged", "every_hand"):
            raise ConfigurationError(
                f"bank_passes must be 'privileged' or 'every_hand', got {self.bank_passes!r}"
            )
        store(self, "reveal_seven_and_half", flag("reveal_seven_and_half",
                                            self.reveal_seven_and_half))
        store(self, "bust_pays_double", flag("bust_pays_double", self.bust_pays_double))
        store(self, "starting_stack", whole("starting_stack", self.starting_stack, None))

    @property
    def limits(self) -> tuple[int, int]:
        """The announced (minimum, maximum) bet: modality 1 or 2's, or the proposal's."""
        if self.modality == 3:
            assert self.minimum is not None
            assert self.maximum is not None
            return self.minimum, self.maximum
        return MODALITY_LIMITS[self.modality]

    def for_hand(self, modality: int | None = None, minimum: int | None = None,
                 maximum: int | None = None) -> SieteYMedio:
        """This game with the stakes the bank announces for one hand (seed b, M-31): a new
        ``modality`` (its proposal ``minimum`` and ``maximum`` for modality 3), or, for a
        modality-3 game, a new ``minimum`` or ``maximum`` of the proposal. Every other option
        stays. Bad stakes raise :class:`~cartes.errors.ConfigurationError`.

        >>> SieteYMedio(players=3).for_hand(modality=3, minimum=2, maximum=6).limits
        (2, 6)
        >>> SieteYMedio(modality=3, minimum=2, maximum=6).for_hand(modality=1).limits
        (1, 3)
        >>> SieteYMedio(modality=3, minimum=2, maximum=6).for_hand(maximum=9).limits
        (2, 9)
        """
        if modality is None:
            low = self.minimum if minimum is None else minimum
            high = self.maximum if maximum is None else maximum
            return dataclasses.replace(self, minimum=low, maximum=high)
        return dataclasses.replace(self, modality=modality, minimum=minimum, maximum=maximum)

    def start(
        self,
        seed: SeedLike = None,
        *,
        deck: Deck[Any] | None = None,
        stacks: Sequence[int] | None = None,
        button: int = 0,
        reshuffle_seed: int | None = None,
        sitting_out: Iterable[int] = (),
    ) -> SieteState:
        """Start a hand with the bank at seat ``button``; deal it unless a modality-3 vote
        comes first.

        ``seed`` shuffles a fresh 40-card deck (M-16); a ``deck`` (``Deck.stacked(...,
        kind=SpanishCard)``) is dealt in its order instead, top first. The seed also drives
        every later shuffle (an annulled deal, an exhausted stock) unless ``reshuffle_seed``
        is given. ``stacks`` are the balances before the hand; ``sitting_out`` the punters who
        sit this hand out (M-6).

        >>> state = SieteYMedio(players=3).start(seed=4, button=1)
        >>> state.button, state.order
        (1, (0, 2))
        """
        return self._start(seed, deck, stacks, button, reshuffle_seed,
                           {"sitting_out": sitting_out})

    card: ClassVar[type[SpanishCard]] = SpanishCard
    burns: ClassVar[bool] = False

    @property
    def stack_minimum(self) -> int | None:
        """``None``: a balance may be below zero (M-19)."""
        return None

    def new_deck(self) -> Deck[SpanishCard]:
        """The 40-card Spanish deck (M-1), shuffled by :meth:`start`."""
        return Deck.spanish()

    def deck_minimum(self) -> tuple[int, str]:
        """One card per participant: a stacked deck must deal the first round (the stock is
        reshuffled from the discards after that, M-16).

        >>> SieteYMedio(players=3).deck_minimum()
        (3, 'one card per participant')
        """
        return self.players, "one card per participant"

    def checked_deck(self, deck: object) -> Deck[Any]:
        """A stacked deck, checked: Spanish cards without 8s and 9s, then as every game
        checks it; its burn pile is left behind (siete y medio burns nothing)."""
        if isinstance(deck, Deck) and (
            deck.kind is not SpanishCard or any(c.rank in (8, 9) for c in deck)
        ):
            raise ConfigurationError(
                "deck must hold Spanish cards without 8s and 9s (the 40-card deck, M-1)"
            )
        checked = super().checked_deck(deck)
        return Deck(list(checked.cards), kind=SpanishCard)

    def checked_stacks(self, stacks: object) -> list[int]:
        """The balances before the hand (``None``: ``starting_stack`` each), one per seat."""
        return start_stacks(stacks, self.players, self.starting_stack, None, noun="balance")

    def start_options(self, options: Mapping[str, Any], button: int) -> Mapping[str, Any]:
        """``sitting_out``: distinct punters (not the bank), kept sorted."""
        sitting_out = options.get("sitting_out", ())
        n = self.players
        if isinstance(sitting_out, str | bytes) or not isinstance(sitting_out, Iterable):
            raise ConfigurationError(f"sitting_out must be a list of seats, got {sitting_out!r}")
        out = [whole("sitting_out seat", s, 0, n - 1) for s in sitting_out]
        if button in out or len(set(out)) != len(out):
            raise ConfigurationError(
                f"sitting_out must list distinct punters (not the bank, seat {button}), got {out}"
            )
        return {"sitting_out": tuple(sorted(out))}

    def new_hand(self, setup: Setup, deck: Deck[Any]) -> SieteState:
        """The hand of ``setup``: the vote, or the deal (see :meth:`start`)."""
        return SieteState(setup, deck)

@dataclass(frozen=True)
class FirstBank:
    """The blind draw for the first bank (M-3): the ``bank`` seat, and every round of the
    draw as ``(seat, card)`` pairs (later rounds only among the tied).

    >>> draw = draw_first_bank(4, seed=3)
    >>> draw.bank in range(4), len(draw.rounds[0])
    (True, 4)
    """

    bank: int
    rounds: tuple[tuple[tuple[int, SpanishCard], ...], ...]


def draw_first_bank(players: int, seed: SeedLike = None, *, highest: bool = True) -> FirstBank:
    """Draw for the first bank (seed a, M-3): every seat draws a card blind from a shuffled
    40-card deck; the highest index (rey 12 highest) takes the bank, or the lowest with
    ``highest=False``; tied seats draw again.

    >>> draw_first_bank(3, seed=1, highest=False).rounds[0]  # doctest: +ELLIPSIS
    ((0, SpanishCard(...)), (1, SpanishCard(...)), (2, SpanishCard(...)))
    """
    n = whole("players", players, 2, 8)
    highest = flag("highest", highest)
    rng = make_rng(seed)
    deck = Deck.spanish()
    deck.shuffle(rng)
    contenders = list(range(n))
    rounds = []
    while True:
        if len(deck) < len(contenders):  # pragma: no cover - needs many ties in a row
            deck = Deck.spanish()
            deck.shuffle(rng)
        drawn = tuple((seat, deck.draw()) for seat in contenders)
        rounds.append(drawn)
        ranks = [card.rank for _, card in drawn]
        best = max(ranks) if highest else min(ranks)
        contenders = [seat for seat, card in drawn if card.rank == best]
        if len(contenders) == 1:
            return FirstBank(contenders[0], tuple(rounds))
