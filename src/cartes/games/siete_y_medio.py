"""Siete y medio (7½), the Spanish banking game, as in SPEC §3 (decisions M-1 to M-29).

Each punter plays against the bank, not into a pot. Points are exact: a figure is half a
point, so every total is kept in half-points (target 15); chips are whole numbers. Seats are
numbered clockwise; the deal and the turns go counter-clockwise from the bank's right (M-5).

>>> from cartes import Deck, SpanishCard
>>> from cartes.games import get, Bet, Stand, Draw
>>> game = get("siete-y-medio", players=3)          # the bank (seat 0) and two punters
>>> deck = Deck.stacked("5o 2c 6e  2b 3o", kind=SpanishCard)
>>> state = game.start(deck=deck)                   # seat 2 (the bank's right), seat 1, bank
>>> state.to_act, state.legal_actions()
(2, (Bet(amount=1, up_to=3),))
>>> state.apply_all([Bet(2), Draw(), Stand(), Bet(1), Stand()])
>>> state.apply_all([Stand()])                      # the bank stands on its 6
>>> state.payoffs            # seat 2's 5 + 2 = 7 beats 6 (+2); seat 1's 2 loses to it (-1)
(-1, -1, 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

import numpy as np

from cartes.deck import Deck, SeedLike, make_rng
from cartes.errors import ConfigurationError, IllegalActionError
from cartes.games._check import flag, is_whole, whole, whole_list
from cartes.games.core import Action, Bet, Event, Game, Observation, State, checked_amounts
from cartes.games.events import HandEnded
from cartes.games.siete_y_medio_actions import (
    Annul,
    Decline,
    Draw,
    Exchange,
    Keep,
    Muerta,
    OpenCalle,
    Stand,
    Vote,
)
from cartes.games.siete_y_medio_events import (
    Annulled,
    BankHandStarted,
    BankTaken,
    Busted,
    CalleOpened,
    Dealt,
    Declined,
    Exchanged,
    HandValid,
    Kept,
    MuertaPlayed,
    Revealed,
    Settled,
    Staked,
    StakesAgreed,
    StockReshuffled,
    Stood,
    Turned,
    Voted,
)
from cartes.spanish import SpanishCard

__all__ = ["FirstBank", "SieteState", "SieteYMedio", "draw_first_bank", "total"]

#: 7½ in half-points.
TARGET = 15
#: The stakes of modalities 1 (classic) and 2: (minimum, maximum), in chips (*duros*).
MODALITY_LIMITS = {1: (1, 3), 2: (2, 4)}

BankPassing = Literal["privileged", "every_hand"]


def total(cards: Iterable[SpanishCard | None]) -> int:
    """The value of cards in half-points (a figure 1, an ace 2, a 7 14; 7½ is 15); unknown
    cards (``None``) count nothing.

    >>> total([SpanishCard("7o"), SpanishCard("12e")])
    15
    """
    return sum(card.half_points for card in cards if card is not None)


@dataclass(frozen=True)
class SieteYMedio(Game):
    """Siete y medio for 2-8 participants, the bank included (M-2).

    ``modality`` 1 is the classic 1-3 chips, 2 is 2-4, and 3 is the bank's proposal
    ``minimum``-``maximum``, put to the punters' vote at the start of each hand and adopted by
    three quarters of them, rounded up (M-6). ``bank_passes`` is ``"privileged"`` (the bank
    passes only to the privileged 7½, M-4) or ``"every_hand"`` (to the bank's right after
    every hand). ``reveal_seven_and_half`` turns a 7½'s hidden card up at once (M-10's
    option). Balances start at ``starting_stack`` and may go below zero (M-19).

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
    balances: ClassVar[bool] = True
    players: int = 4
    modality: int = 1
    minimum: int | None = None
    maximum: int | None = None
    bank_passes: BankPassing = "privileged"
    reveal_seven_and_half: bool = False
    starting_stack: int = 0

    def __post_init__(self) -> None:
        def store(name: str, value: object) -> None:
            object.__setattr__(self, name, value)

        store("players", whole("players", self.players, 2, 8))
        store("modality", whole("modality", self.modality, 1, 3))
        if self.modality == 3:
            if self.minimum is None or self.maximum is None:
                raise ConfigurationError(
                    "modality 3 needs the bank's proposal: minimum and maximum, whole chips "
                    "with 1 <= minimum <= maximum"
                )
            store("minimum", whole("minimum", self.minimum, 1))
            store("maximum", whole("maximum", self.maximum, self.minimum))
        elif self.minimum is not None or self.maximum is not None:
            raise ConfigurationError(
                f"minimum and maximum are the bank's modality-3 proposal; modality "
                f"{self.modality} plays {MODALITY_LIMITS[self.modality]}: leave them None"
            )
        if self.bank_passes not in ("privileged", "every_hand"):
            raise ConfigurationError(
                f"bank_passes must be 'privileged' or 'every_hand', got {self.bank_passes!r}"
            )
        store("reveal_seven_and_half", flag("reveal_seven_and_half",
                                            self.reveal_seven_and_half))
        store("starting_stack", whole("starting_stack", self.starting_stack, None))

    @property
    def limits(self) -> tuple[int, int]:
        """The announced (minimum, maximum) bet: modality 1 or 2's, or the proposal's."""
        if self.modality == 3:
            assert self.minimum is not None
            assert self.maximum is not None
            return self.minimum, self.maximum
        return MODALITY_LIMITS[self.modality]

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
        >>> state.bank, state.order
        (1, (0, 2))
        """
        n = self.players
        rng = make_rng(seed)
        if deck is None:
            deck = Deck.spanish()
            deck.shuffle(rng)
        else:
            if not isinstance(deck, Deck):
                raise ConfigurationError(f"deck must be a cartes Deck, got {type(deck).__name__}")
            deck = Deck(list(deck.cards), kind=SpanishCard) if deck.kind is SpanishCard else deck
            if deck.kind is not SpanishCard or any(c.rank in (8, 9) for c in deck):
                raise ConfigurationError(
                    "deck must hold Spanish cards without 8s and 9s (the 40-card deck, M-1)"
                )
            if len(deck) < n:
                raise ConfigurationError(
                    f"deck must hold at least one card per participant ({n}), got {len(deck)}"
                )
        balances = ([self.starting_stack] * n if stacks is None
                    else whole_list("stacks", stacks, None))
        if len(balances) != n:
            raise ConfigurationError(
                f"stacks must give one balance per seat ({n}), got {len(balances)}"
            )
        bank = whole("button", button, 0, n - 1)
        if isinstance(sitting_out, str | bytes) or not isinstance(sitting_out, Iterable):
            raise ConfigurationError(f"sitting_out must be a list of seats, got {sitting_out!r}")
        out = [whole("sitting_out seat", s, 0, n - 1) for s in sitting_out]
        if bank in out or len(set(out)) != len(out):
            raise ConfigurationError(
                f"sitting_out must list distinct punters (not the bank, seat {bank}), got {out}"
            )
        if reshuffle_seed is None:
            reshuffle_seed = int(rng.integers(2**62))
        seed_value = whole("reshuffle_seed", reshuffle_seed, 0)
        return SieteState(self, deck, balances, bank, seed_value, tuple(sorted(out)))


class _Calle:
    """One hand or calle of a punter (or the bank's hand): cards, which are face up, the bet
    and its state (``open``, ``stood``, ``bust``, ``muerta``)."""

    __slots__ = ("bet", "cards", "status", "up")

    def __init__(self, card: SpanishCard, up: bool, bet: int = 0) -> None:
        self.cards = [card]
        self.up = [up]
        self.bet = bet
        self.status = "open"

    def copy(self) -> _Calle:
        twin = _Calle.__new__(_Calle)
        twin.cards, twin.up, twin.bet, twin.status = list(self.cards), list(self.up), \
            self.bet, self.status
        return twin

    def key(self) -> tuple[object, ...]:
        return tuple(self.cards), tuple(self.up), self.bet, self.status

    @property
    def total(self) -> int:
        return total(self.cards)

    @property
    def hidden(self) -> int | None:
        """The position of the face-down card, if any."""
        return next((i for i, up in enumerate(self.up) if not up), None)


class _Punter:
    """A punter's part of the hand: ``status`` is ``waiting`` (not his turn yet), ``out``
    (sitting out), ``declined``, ``playing`` or ``done``; ``opening`` while every card received
    is a figure; ``target`` the calle named last."""

    __slots__ = ("calles", "opening", "status", "target")

    def __init__(self, status: str) -> None:
        self.status = status
        self.calles: list[_Calle] = []
        self.opening = False
        self.target = 0

    def copy(self) -> _Punter:
        twin = _Punter(self.status)
        twin.calles = [c.copy() for c in self.calles]
        twin.opening, twin.target = self.opening, self.target
        return twin

    def key(self) -> tuple[object, ...]:
        return self.status, tuple(c.key() for c in self.calles), self.opening, self.target


class SieteState(State):
    """One hand of siete y medio. Made by :meth:`SieteYMedio.start`.

    Besides the :class:`~cartes.games.State` contract it shows the ``bank``, the turn
    ``order`` of the punters, the ``phase`` (``"vote"``, ``"validity"``, ``"first"`` (a
    punter's first card, before his bet), ``"play"``, ``"figure"`` (open a calle or keep the
    figure), ``"bank"``, ``"over"``), the ``limits`` in force and each seat's ``calles``.

    >>> state = SieteYMedio(players=2).start(seed=1)
    >>> state.phase, state.limits, len(state.calles(1))
    ('first', (1, 3), 1)
    """

    def __init__(self, game: SieteYMedio, deck: Deck[Any], balances: list[int], bank: int,
                 seed: int, sitting_out: tuple[int, ...]) -> None:
        self.game = game
        self.n = n = game.players
        self.bank = bank
        self.initial_balances = tuple(balances)
        self.initial_deck: tuple[SpanishCard, ...] = deck.cards
        self.reshuffle_seed = seed
        self.sitting_out = sitting_out
        self.deck = deck
        self.discards: list[SpanishCard] = []
        self.reshuffles = 0
        self.order: tuple[int, ...] = tuple((bank - 1 - i) % n for i in range(n - 1))
        self.limits = game.limits
        self.punters = {p: _Punter("out" if p in sitting_out else "waiting") for p in self.order}
        self.bank_hand: _Calle | None = None
        self.phase = "vote"
        self.current: int | None = None  # the punter whose turn it is
        self.votes: dict[int, bool] = {}
        self.net = [0] * n
        self.next_bank = bank
        self.history: list[Event] = []
        self.actions: list[tuple[int, Action]] = []
        self._legal: tuple[Action, ...] | None = None
        self._begin()

    # -- the flow of the hand ----------------------------------------------------------------

    def _playing(self) -> list[int]:
        return [p for p in self.order if self.punters[p].status != "out"]

    def _begin(self) -> None:
        lo, hi = self.limits
        self.history.append(BankHandStarted(self.bank, self.initial_balances, self.game.modality,
                                            lo, hi, self.sitting_out))
        if self.game.modality == 3 and self._playing():
            self.current = self._playing()[0]
            return
        self._deal()

    def _count_votes(self) -> None:
        voters = self._playing()
        needed = (3 * len(voters) + 3) // 4  # three quarters, rounded up (M-6)
        adopted = sum(self.votes.values()) >= needed
        if adopted:
            for p, accept in self.votes.items():
                if not accept:
                    self.punters[p].status = "out"
        else:
            self.limits = MODALITY_LIMITS[1]
        out = tuple(sorted(p for p in self.order if self.punters[p].status == "out"))
        self.history.append(StakesAgreed(None, *self.limits, adopted, out))
        self._deal()

    def _rng(self) -> np.random.Generator:
        self.reshuffles += 1
        return np.random.default_rng([self.reshuffle_seed, self.reshuffles])

    def _card(self) -> SpanishCard:
        if not len(self.deck):  # M-16, M-26: the discards become the stock
            count = len(self.discards)
            self.deck = Deck(self.discards, kind=SpanishCard)
            self.deck.shuffle(self._rng())
            self.discards = []
            self.history.append(StockReshuffled(None, count))
        card: SpanishCard = self.deck.draw()
        return card

    def _can_draw(self) -> bool:
        return bool(len(self.deck) or self.discards)

    def _deal(self) -> None:
        playing = self._playing()
        if not playing:
            self._settle()
            return
        if len(self.deck) < len(playing) + 1:
            raise ConfigurationError(
                f"the deck holds {len(self.deck)} cards: too few to deal one to each of "
                f"{len(playing)} punters and the bank"
            )
        for p in playing:
            card = self._card()
            self.punters[p].calles = [_Calle(card, False)]
            self.history.append(Dealt(p, card, False, 0))
        card = self._card()
        self.bank_hand = _Calle(card, False)
        self.history.append(Dealt(self.bank, card, False, 0))
        self._validity()

    def _validity(self) -> None:
        assert self.bank_hand is not None
        if self.bank_hand.cards[0].rank in (3, 4):
            self.phase = "validity"
            self.current = None
            return
        self.history.append(HandValid(self.bank))
        self._next_punter()

    def _next_punter(self) -> None:
        for p in self.order:
            if self.punters[p].status == "waiting":
                self.phase, self.current = "first", p
                return
        self._bank_turn()

    def _bank_turn(self) -> None:
        live = any(c.status in ("stood", "muerta") for p in self.order
                   for c in self.punters[p].calles if self.punters[p].status == "done")
        self.current = None
        if not live:  # M-17, M-27: the bank plays only against a live hand
            self._settle()
            return
        assert self.bank_hand is not None
        self.bank_hand.up[0] = True
        self.history.append(Turned(self.bank, 0, self.bank_hand.cards[0]))
        self.phase = "bank"

    def _after_card(self, seat: int, index: int) -> None:
        """A card has reached calle ``index`` of ``seat``: bust, 7½, or play on."""
        calle = self._calle(seat, index)
        points = calle.total
        if points > TARGET:
            calle.status = "bust"
            calle.up = [True] * len(calle.cards)
            amount = 0 if seat == self.bank else calle.bet
            self.net[seat] -= amount
            self.net[self.bank] += amount
            self.discards.extend(calle.cards)
            self.history.append(Busted(seat, index, tuple(calle.cards), points, amount))
        elif points == TARGET:
            calle.status = "stood"
            if self.game.reveal_seven_and_half and calle.hidden is not None:
                position = calle.hidden
                calle.up[position] = True
                self.history.append(Turned(seat, index, calle.cards[position]))
            self.history.append(Stood(seat, index))
        else:
            return
        self._calle_finished(seat)

    def _calle_finished(self, seat: int) -> None:
        if seat == self.bank:
            self._settle()
            return
        punter = self.punters[seat]
        if all(c.status != "open" for c in punter.calles):
            punter.status = "done"
            self._next_punter()
        else:
            self.phase = "play"

    def _calle(self, seat: int, index: int) -> _Calle:
        if seat == self.bank:
            assert self.bank_hand is not None
            return self.bank_hand
        return self.punters[seat].calles[index]

    def _settle(self) -> None:
        """§3.5, one hand or calle at a time, punters in turn order (M-15, M-18, M-20, M-28)."""
        self.phase, self.current = "over", None
        bank_total = None if self.bank_hand is None else self.bank_hand.total
        bank_played = any(isinstance(e, Turned) and e.seat == self.bank for e in self.history)
        bank_seven = bank_played and bank_total == TARGET
        privileged: tuple[int, int] | None = None
        for p in self.order:
            punter = self.punters[p]
            if punter.status != "done":
                continue
            for index, calle in enumerate(punter.calles):
                if calle.status == "bust":
                    continue
                if not all(calle.up):
                    calle.up = [True] * len(calle.cards)
                    self.history.append(Revealed(p, index, tuple(calle.cards)))
                points, bet = calle.total, calle.bet
                if calle.status == "muerta" and points != TARGET:
                    outcome, amount = "bust", -bet
                elif bank_seven:
                    outcome, amount = "bank_seven_and_half", -bet
                elif calle.status == "muerta":
                    outcome, amount = "muerta", 3 * bet
                elif points == TARGET and privileged is None:
                    privileged = (p, index)
                    outcome, amount = "privileged", 2 * bet
                elif bank_total is not None and (bank_total > TARGET or points > bank_total):
                    outcome, amount = "win", bet
                else:
                    outcome, amount = "lose", -bet
                self.net[p] += amount
                self.net[self.bank] -= amount
                self.history.append(Settled(p, index, points, outcome, amount))
        if self.game.bank_passes == "every_hand":
            self.next_bank = (self.bank - 1) % self.n  # to the bank's right
        elif privileged is not None:
            self.next_bank = privileged[0]
            self.history.append(BankTaken(privileged[0]))
        self.history.append(HandEnded(None, tuple(self.net)))

    # -- the State contract ------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        if self.phase in ("validity", "bank"):
            return self.bank
        return self.current

    @property
    def is_terminal(self) -> bool:
        return self.phase == "over"

    @property
    def payoffs(self) -> tuple[int, ...]:
        """Net chips per seat (they sum to zero), once the hand is over."""
        if self.phase != "over":
            raise IllegalActionError("payoffs are known only when the hand is over")
        return tuple(self.net)

    @property
    def next_button(self) -> int | None:
        """The bank of the next hand, once this one is over: the privileged 7½'s seat, or
        the same bank (M-4); with ``bank_passes="every_hand"``, the seat on the bank's right.
        """
        return self.next_bank if self.phase == "over" else None

    @property
    def balances(self) -> tuple[int, ...]:
        """Every seat's balance now: before the hand, plus what it has won or lost so far."""
        return tuple(b + d for b, d in zip(self.initial_balances, self.net, strict=True))

    def calles(self, seat: int) -> tuple[tuple[SpanishCard, ...], ...]:
        """The cards of each of ``seat``'s calles (one for a hand without calles and for the
        bank), all of them: this is the house's view, see :meth:`observation` for a seat's."""
        if seat == self.bank:
            return () if self.bank_hand is None else (tuple(self.bank_hand.cards),)
        return tuple(tuple(c.cards) for c in self.punters[seat].calles)

    def legal_actions(self) -> tuple[Action, ...]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def _compute_legal(self) -> tuple[Action, ...]:
        lo, hi = self.limits
        phase = self.phase
        if phase == "vote":
            return (Vote(True), Vote(False))
        if phase == "validity":
            assert self.bank_hand is not None
            first = self.bank_hand.cards[0].rank
            return (Exchange(), Keep()) if first == 4 else (Annul(), Keep())
        if phase == "bank":
            return (Stand(), Draw()) if self._can_draw() else (Stand(),)
        if phase == "over":
            return ()
        assert self.current is not None
        punter = self.punters[self.current]
        bet = Bet(lo, up_to=hi if hi > lo else None)
        if phase == "first":
            rank = punter.calles[0].cards[0].rank
            special: tuple[Action, ...] = (
                (Decline(),) if rank == 3 else (Exchange(),) if rank == 4 else ()
            )
            return (*special, bet)
        if phase == "figure":
            return (Keep(), OpenCalle(lo, up_to=hi if hi > lo else None))
        legal: list[Action] = []
        can_draw = self._can_draw()
        for index in self._playable(punter):
            calle = punter.calles[index]
            room = hi - calle.bet
            if len(calle.cards) >= 2 or calle.bet == lo or not can_draw:  # M-25, M-26
                legal.append(Stand(index))
            if can_draw:
                for down in (False, True):
                    legal.append(Draw(index, 0, down, room if room > 0 else None))
        only = punter.calles[0]
        if (can_draw and len(punter.calles) == 1 and len(only.cards) == 1
                and only.cards[0].rank == 7):  # M-14
            room = hi - only.bet
            legal.append(Muerta(0, room if room > 0 else None))
        return tuple(legal)

    @staticmethod
    def _playable(punter: _Punter) -> list[int]:
        """The calles a punter may act on (M-22): any unfinished one while calles can open;
        after that the named calle until it is finished, then the leftmost unfinished."""
        unfinished = [i for i, c in enumerate(punter.calles) if c.status == "open"]
        if punter.opening or punter.target in unfinished:
            return unfinished if punter.opening else [punter.target]
        return unfinished[:1]

    def apply(self, action: Action, *, seat: int | None = None) -> Event:
        """Take ``action`` for the seat to act; an illegal one raises
        :class:`~cartes.errors.IllegalActionError` saying what is allowed, and changes
        nothing.

        >>> state = SieteYMedio(players=2).start(seed=1)
        >>> state.apply(Bet(5))
        Traceback (most recent call last):
        ...
        cartes.errors.IllegalActionError: a bet must be 1 to 3 chips (modality 1): ...
        """
        try:
            return super().apply(action, seat=seat)
        except IllegalActionError as error:
            if seat not in (None, self.to_act) or not isinstance(action, Action):
                raise
            try:
                reason = self._why(checked_amounts(action))
            except IllegalActionError:  # an amount that is not a whole number: said already
                reason = None
            if reason is None:
                raise
            raise IllegalActionError(
                f"{reason}: legal actions are {list(self.legal_actions())}"
            ) from error

    def _why(self, action: object) -> str | None:
        """What rule an action not offered breaks, for the error message (None: say no more)."""
        if self.phase in ("over", "vote") or not isinstance(action, Action):
            return None
        lo, hi = self.limits
        punter = None if self.current is None else self.punters[self.current]
        if isinstance(action, Bet | OpenCalle):
            amount = action.amount
            if self.phase in ("first", "figure") and not lo <= amount <= hi:
                return f"a bet must be {lo} to {hi} chips (modality {self.game.modality})"
            if type(action) is OpenCalle:
                return ("a calle opens only with a figure drawn while every card received is "
                        "a figure, and only by a punter (M-13)")
            return "the bet comes once, on the first card; raise with Draw(raise_by=...) (M-7)"
        if action.kind == "raise":
            return ("a raise comes only with a card: Draw(raise_by=...) or Muerta(raise_by=...) "
                    "(M-7)")
        if type(action) is Exchange:
            return "only a first 4 may be exchanged, before betting (bank: at the validity) (M-12)"
        if type(action) is Decline:
            return "only a punter with a first 3 may decline, before betting (M-11)"
        if type(action) is Annul:
            return "only the bank may annul, on a first 3 at the validity declaration (M-29)"
        if type(action) is Muerta:
            return "the muerta needs a first 7 that is still the only card (M-14)"
        if type(action) in (Stand, Draw) and punter is not None and self.phase == "play":
            index = action.calle  # type: ignore[attr-defined]
            if not is_whole(index) or not 0 <= index < len(punter.calles):
                return f"no calle {index!r}: this hand's calles are 0..{len(punter.calles) - 1}"
            if index not in self._playable(punter):
                return f"calle {index} cannot be played now (calles to play: " \
                       f"{self._playable(punter)}, M-22)"
            calle = punter.calles[index]
            if type(action) is Stand:
                return (f"standing on one card needs the minimum bet {lo}; this calle's bet is "
                        f"{calle.bet} (M-25)")
            return (f"a raise must keep the calle's bet within {hi}: raise_by 0 to "
                    f"{hi - calle.bet} (M-24)")
        return None

    def _apply(self, action: Action) -> Event:
        seat = self.to_act
        assert seat is not None
        self._legal = None
        self.actions.append((seat, action))
        start = len(self.history)
        handler = getattr(self, f"_do_{action.kind}")
        handler(seat, action)
        return self.history[start]

    # -- one method per action ---------------------------------------------------------------

    def _do_vote(self, seat: int, action: Vote) -> None:
        self.votes[seat] = action.accept
        self.history.append(Voted(seat, action.accept))
        voters = self._playing()
        rest = voters[voters.index(seat) + 1:]
        if rest:
            self.current = rest[0]
        else:
            self._count_votes()

    def _do_exchange(self, seat: int, action: Exchange) -> None:
        calle = self._calle(seat, 0)
        four = calle.cards[0]
        self.discards.append(four)
        self.history.append(Exchanged(seat, four))
        card = self._card()
        calle.cards[0] = card
        self.history.append(Dealt(seat, card, False, 0))
        if seat == self.bank:
            self._validity()

    def _do_annul(self, seat: int, action: Annul) -> None:
        assert self.bank_hand is not None
        self.history.append(Annulled(seat, self.bank_hand.cards[0]))
        self.deck = Deck(list(self.initial_deck), kind=SpanishCard)  # every card collected
        self.deck.shuffle(self._rng())
        self.discards = []
        self._deal()

    def _do_keep(self, seat: int, action: Keep) -> None:
        if seat == self.bank:
            self.history.append(HandValid(seat))
            self._next_punter()
            return
        punter = self.punters[seat]
        self.history.append(Kept(seat, punter.target))
        self.phase = "play"
        self._after_card(seat, punter.target)

    def _do_decline(self, seat: int, action: Decline) -> None:
        punter = self.punters[seat]
        card = punter.calles[0].cards[0]
        punter.calles = []
        punter.status = "declined"
        self.discards.append(card)
        self.history.append(Declined(seat, card))
        self._next_punter()

    def _do_bet(self, seat: int, action: Bet) -> None:
        punter = self.punters[seat]
        punter.status = "playing"
        punter.calles[0].bet = action.amount
        punter.opening = punter.calles[0].cards[0].is_figure
        punter.target = 0
        self.phase = "play"
        self.history.append(Staked(seat, 0, action.amount, action.amount))

    def _raise(self, seat: int, index: int, amount: int) -> None:
        if amount:
            calle = self._calle(seat, index)
            calle.bet += amount
            self.history.append(Staked(seat, index, amount, calle.bet))

    def _do_stand(self, seat: int, action: Stand) -> None:
        calle = self._calle(seat, action.calle)
        calle.status = "stood"
        self.history.append(Stood(seat, action.calle))
        self._calle_finished(seat)

    def _do_draw(self, seat: int, action: Draw) -> None:
        index = action.calle
        self._raise(seat, index, action.raise_by)
        calle = self._calle(seat, index)
        hidden = calle.hidden
        if action.down and hidden is not None:  # M-8: never two hidden cards
            calle.up[hidden] = True
            self.history.append(Turned(seat, index, calle.cards[hidden]))
        card = self._card()
        calle.cards.append(card)
        calle.up.append(not action.down)
        self.history.append(Dealt(seat, card, not action.down, index))
        if seat != self.bank:
            punter = self.punters[seat]
            punter.target = index
            if punter.opening and card.is_figure:  # M-13: keep it, or open a calle
                self.phase = "figure"
                return
            punter.opening = False
        self._after_card(seat, index)

    def _do_open_calle(self, seat: int, action: OpenCalle) -> None:
        punter = self.punters[seat]
        source = punter.calles[punter.target]
        card, up = source.cards.pop(), source.up.pop()
        punter.calles.append(_Calle(card, up, action.amount))
        new = len(punter.calles) - 1
        self.history.append(CalleOpened(seat, new, punter.target))
        self.history.append(Staked(seat, new, action.amount, action.amount))
        self.phase = "play"

    def _do_muerta(self, seat: int, action: Muerta) -> None:
        punter = self.punters[seat]
        calle = punter.calles[0]
        self._raise(seat, 0, action.raise_by)
        calle.up[0] = True
        self.history.append(Turned(seat, 0, calle.cards[0]))
        card = self._card()
        calle.cards.append(card)
        calle.up.append(False)
        calle.status = "muerta"
        self.history.append(Dealt(seat, card, False, 0, blind=True))
        self.history.append(MuertaPlayed(seat))
        punter.status = "done"
        self._next_punter()

    # -- what a seat may see -----------------------------------------------------------------

    def _visible(self, calle: _Calle, own: bool, muerta: bool) -> tuple[SpanishCard | None, ...]:
        return tuple(
            card if up or (own and not (muerta and i == 1)) else None
            for i, (card, up) in enumerate(zip(calle.cards, calle.up, strict=True))
        )

    def observation(self, seat: int | None) -> Observation:
        """What ``seat`` may know now; ``None`` is a spectator (face-up cards only). The
        bank never sees a punter's face-down card before the settlement (M-18); nobody sees
        a muerta's card (M-14). ``extra["calles"]`` holds each seat's calles as
        ``(cards, face_up, bet, status)``.

        >>> state = SieteYMedio(players=2).start(seed=1)
        >>> state.observation(0).cards[1], state.observation(1).cards[1] == state.calles(1)[0]
        ((None,), True)
        """
        if seat is not None:
            if not is_whole(seat) or not 0 <= seat < self.n:
                raise IllegalActionError(
                    f"no seat {seat!r}: seats are 0..{self.n - 1}, or None for a spectator"
                )
            seat = int(seat)
        calles: list[tuple[tuple[tuple[SpanishCard | None, ...], tuple[bool, ...], int, str],
                           ...]] = []
        for s in range(self.n):
            if s == self.bank:
                hands = [] if self.bank_hand is None else [self.bank_hand]
            else:
                hands = self.punters[s].calles
            calles.append(tuple(
                (self._visible(c, s == seat, c.status == "muerta"), tuple(c.up), c.bet,
                 c.status)
                for c in hands
            ))
        to_act = self.to_act
        at_risk = [sum(c.bet for c in self.punters[s].calles if c.status != "bust")
                   if s != self.bank else 0 for s in range(self.n)]
        return Observation(
            seat=seat,
            to_act=to_act,
            stacks=self.balances,
            committed=tuple(at_risk),
            folded=tuple(s != self.bank and self.punters[s].status in ("out", "declined")
                         for s in range(self.n)),
            cards=tuple(tuple(card for hand in per_seat for card in hand[0])
                        for per_seat in calles),
            board=(),
            history=tuple(e.seen_by(seat) for e in self.history),
            legal_actions=self.legal_actions() if to_act == seat and seat is not None else (),
            is_terminal=self.is_terminal,
            extra={
                "bank": self.bank,
                "phase": self.phase,
                "limits": self.limits,
                "order": self.order,
                "calles": tuple(calles),
                "stock": len(self.deck),
                "discards": len(self.discards),
            },
        )

    def clone(self) -> SieteState:
        twin = SieteState.__new__(SieteState)
        twin.__dict__.update(self.__dict__)
        twin.deck = self.deck.copy()
        twin.discards = list(self.discards)
        twin.punters = {p: h.copy() for p, h in self.punters.items()}
        twin.bank_hand = None if self.bank_hand is None else self.bank_hand.copy()
        twin.votes = dict(self.votes)
        twin.net = list(self.net)
        twin.history = list(self.history)
        twin.actions = list(self.actions)
        return twin

    def _snapshot(self) -> tuple[object, ...]:
        return (
            self.game, self.bank, self.initial_balances, self.initial_deck, self.reshuffle_seed,
            self.sitting_out, self.deck, self.discards, self.reshuffles, self.limits,
            {p: h.key() for p, h in self.punters.items()},
            None if self.bank_hand is None else self.bank_hand.key(), self.phase,
            self.current, self.votes, self.net, self.next_bank, self.history, self.actions,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SieteState):
            return NotImplemented
        return self._snapshot() == other._snapshot()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        status = "over" if self.is_terminal else f"{self.phase}, seat {self.to_act} to act"
        return f"<SieteState {self.n} seats, bank {self.bank}, {status}>"

    def to_dict(self) -> dict[str, Any]:
        """The hand as JSON-ready data (the fields of :meth:`State.to_dict
        <cartes.games.State.to_dict>`, the bank as ``button``, and ``options`` with the seats
        sitting out), which :func:`cartes.games.replay` plays again.

        >>> from cartes.games import replay
        >>> state = SieteYMedio(players=3).start(seed=2)
        >>> replay(state.to_json()) == state
        True
        """
        return {
            "format": "cartes-hand/1",
            "game": self.game.name,
            "config": self.game.config(),
            "deck": [str(card) for card in self.initial_deck],
            "deck_kind": "spanish",
            "burned": [],
            "stacks": list(self.initial_balances),
            "button": self.bank,
            "reshuffle_seed": self.reshuffle_seed,
            "options": {"sitting_out": list(self.sitting_out)},
            "actions": [{"seat": seat, **action.to_dict()} for seat, action in self.actions],
            "events": [event.to_dict() for event in self.history],
        }


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
