"""One hand of siete y medio in progress: :class:`SieteState`, the state machine of SPEC §3.3.

A hand moves through phases: the modality-3 ``"vote"``, the ``"choice"`` of a punter who voted
against an adopted proposal (play or sit out, M-31), the bank's ``"validity"`` declaration,
each punter's ``"first"`` card (decline, exchange, bet) and ``"play"``, the ``"bank"``'s turn,
and ``"over"`` after the settlement.
:class:`~cartes.games.siete_y_medio.SieteYMedio` starts it.

>>> from cartes.games import SieteYMedio
>>> state = SieteYMedio(players=3).start(seed=3)
>>> state.phase, state.to_act in state.order
('first', True)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import numpy as np

from cartes.deck import Deck
from cartes.errors import ConfigurationError, IllegalActionError
from cartes.games._moved import warn_renamed_attribute
from cartes.games.chips import Bet, HandEnded, HandStarted
from cartes.games.contract import Action, Event, Observation
from cartes.games.dealing import CardDealt, Reshuffled, Shown
from cartes.games.hand import HandState, Setup
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
from cartes.games.siete_y_medio.events import (
    Annulled,
    BankTaken,
    Busted,
    CalleOpened,
    Declined,
    Exchanged,
    HandValid,
    ModalityAnnounced,
    MuertaPlayed,
    NoVoterChose,
    Settled,
    Staked,
    StakesAgreed,
    Stood,
    Turned,
    Voted,
)
from cartes.games.siete_y_medio.legal import offers, why_not
from cartes.games.siete_y_medio.observation import SieteObservation
from cartes.games.siete_y_medio.rules import (
    MODALITY_LIMITS,
    TARGET,
    SieteRules,
    _Calle,
    _Punter,
    settle_hand,
)
from cartes.spanish import SpanishCard

__all__ = ["SieteState"]


def _copy_punters(punters: dict[int, _Punter]) -> dict[int, _Punter]:
    return {seat: punter.copy() for seat, punter in punters.items()}


def _copy_calle(calle: _Calle | None) -> _Calle | None:
    return None if calle is None else calle.copy()


def _punters_key(punters: dict[int, _Punter]) -> object:
    return {seat: punter.key() for seat, punter in punters.items()}


def _calle_key(calle: _Calle | None) -> object:
    return None if calle is None else calle.key()

_RULE_CITE = re.compile(r"\((M-\d+(?:, M-\d+)*)\)")
# the actions that take one card from the stock, and those that may deal the first cards
_ONE_CARD = frozenset({"draw", "open_calle", "muerta", "exchange"})
_MAY_DEAL = frozenset({"vote", "play", "sit_out"})


class SieteState(HandState):
    """One hand of siete y medio. Made by :meth:`SieteYMedio.start
    <cartes.games.siete_y_medio.SieteYMedio.start>`.

    Besides the :class:`~cartes.games.State` contract it shows the ``bank``, the turn
    ``order`` of the punters, the ``phase`` (``"vote"``, ``"choice"`` (a no-voter plays or
    sits out, M-31), ``"validity"``, ``"first"`` (a punter's first card, before his bet),
    ``"play"``, ``"bank"``, ``"over"``), the ``limits`` in force and each seat's ``calles``.

    >>> from cartes.games import SieteYMedio
    >>> state = SieteYMedio(players=2).start(seed=1)
    >>> state.phase, state.limits, len(state.calles(1))
    ('first', (1, 3), 1)
    """

    copied: ClassVar[Mapping[str, Callable[[Any], Any]]] = {
        "deck": Deck.copy,
        "discards": list,
        "aside": list,
        "punters": _copy_punters,
        "bank_hand": _copy_calle,
        "votes": dict,
        "net": list,
    }
    compared: ClassVar[Mapping[str, Callable[[Any], object] | None]] = {
        "deck": None,
        "discards": None,
        "aside": None,
        "reshuffles": None,
        "limits": None,
        "punters": _punters_key,
        "bank_hand": _calle_key,
        "phase": None,
        "current": None,
        "votes": None,
        "choosers": None,
        "net": None,
        "next_bank": None,
    }

    game: SieteRules

    def __init__(self, setup: Setup, deck: Deck[Any]) -> None:
        self._init_hand(setup)
        n = self.n
        bank = setup.button
        sitting_out: tuple[int, ...] = (setup.options or {}).get("sitting_out", ())
        self.deck = deck
        self.discards: list[SpanishCard] = []
        # The 4s exchanged for the first card being decided: out of any reshuffle until that
        # first card is settled, so an exchange always brings a new card (M-12).
        self.aside: list[SpanishCard] = []
        self.reshuffles = 0
        self.order: tuple[int, ...] = tuple((bank - 1 - i) % n for i in range(n - 1))
        self.limits = self.game.limits
        self.punters = {p: _Punter("out" if p in sitting_out else "waiting") for p in self.order}
        self.bank_hand: _Calle | None = None
        self.phase = "vote"
        self.current: int | None = None  # the punter whose turn it is
        self.votes: dict[int, bool] = {}
        # The punters who voted against an adopted proposal and have still to choose (M-31).
        self.choosers: tuple[int, ...] = ()
        self.net = [0] * n
        self.next_bank = bank
        self._begin()

    @property
    def bank(self) -> int:
        """Deprecated: the bank's seat is the :attr:`button`, as every game names it."""
        warn_renamed_attribute("SieteState", "bank", "button")
        return self.setup.button

    @property
    def sitting_out(self) -> tuple[int, ...]:
        """The punters who sit this hand out from the start (M-6)."""
        out: tuple[int, ...] = (self.setup.options or {}).get("sitting_out", ())
        return out

    @property
    def initial_balances(self) -> tuple[int, ...]:
        """Deprecated: each seat's balance before the hand is its :attr:`initial_stacks`, as
        every game names it."""
        warn_renamed_attribute("SieteState", "initial_balances", "initial_stacks")
        return self.setup.stacks

    # -- the flow of the hand ----------------------------------------------------------------

    def _playing(self) -> list[int]:
        return [p for p in self.order if self.punters[p].status != "out"]

    def _begin(self) -> None:
        lo, hi = self.limits
        self._record(HandStarted(None, self.setup.button, self.setup.stacks))
        self._record(ModalityAnnounced(self.setup.button, self.game.modality, lo, hi,
                                       self.sitting_out))
        if self.game.modality == 3 and self._playing():
            self.current = self._playing()[0]
            return
        self._deal()

    def _count_votes(self) -> None:
        voters = self._playing()
        needed = (3 * len(voters) + 3) // 4  # three quarters, rounded up (M-6, M-31)
        adopted = sum(self.votes.values()) >= needed
        if not adopted:
            self.limits = MODALITY_LIMITS[1]
        out = tuple(sorted(p for p in self.order if self.punters[p].status == "out"))
        self._record(StakesAgreed(None, *self.limits, adopted, out))
        # M-31: a no-voter is not sent out; each, in turn order, plays or sits out (seed b.3)
        self.choosers = tuple(p for p in voters if not self.votes[p]) if adopted else ()
        self._next_chooser()

    def _next_chooser(self) -> None:
        if self.choosers:
            self.phase, self.current = "choice", self.choosers[0]
            return
        self._deal()

    def _shuffle_rng(self) -> np.random.Generator:
        # each shuffle of the hand its own generator: the count is of every shuffle, whoever
        # ordered it (the base asks for it either way)
        self.reshuffles += 1
        seed = self.setup.reshuffle_seed
        assert seed is not None  # siete y medio always draws one (it shuffles in mid-hand)
        return np.random.default_rng([seed, self.reshuffles])

    def _card(self) -> SpanishCard:
        if not len(self.deck):  # M-16, M-26: the discards become the stock
            count = len(self.discards)
            self.deck = self._shuffled(self.discards)
            self.discards = []
            self._record(Reshuffled(None, count))
        card: SpanishCard = self.deck.draw()
        return card

    def can_draw(self) -> bool:
        """Whether a card can be dealt: from the stock, or from the discards reshuffled."""
        return bool(len(self.deck) or self.discards)

    def can_annul(self) -> bool:
        """Whether a new deal could leave the bank with neither a 3 nor a 4 (else a bank that
        exchanges every 4 and annuls every 3 would deal for ever)."""
        return any(card.rank not in (3, 4) for card in self.initial_deck)

    def _set_aside_done(self) -> None:
        """The first card is settled: the 4s exchanged for it join the discards (M-26)."""
        self.discards.extend(self.aside)
        self.aside = []

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
            self._record(CardDealt(p, card, False))
        card = self._card()
        self.bank_hand = _Calle(card, False)
        self._record(CardDealt(self.button, card, False))
        self._validity()

    def _validity(self) -> None:
        assert self.bank_hand is not None
        if self.bank_hand.cards[0].rank in (3, 4):
            self.phase = "validity"
            self.current = None
            return
        self._set_aside_done()
        self._record(HandValid(self.button))
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
        self._record(Turned(self.button, 0, self.bank_hand.cards[0]))
        self.phase = "bank"

    def _after_card(self, seat: int, index: int) -> None:
        """A card has reached calle ``index`` of ``seat``: bust, 7½, or play on."""
        calle = self._calle(seat, index)
        points = calle.total
        if points > TARGET:
            calle.status = "bust"
            amount = 0 if seat == self.button else calle.bet
            self.net[seat] -= amount
            self.net[self.button] += amount
            # The cards are shown in the Busted event and go to the discards, which may deal
            # them again: they leave the calle, so no card is ever in two places.
            self._record(Busted(seat, index, tuple(calle.cards), points, amount))
            self.discards.extend(calle.cards)
            calle.bust(points)
        elif points == TARGET:
            calle.status = "stood"
            if self.game.reveal_seven_and_half and calle.hidden is not None:
                position = calle.hidden
                calle.up[position] = True
                self._record(Turned(seat, index, calle.cards[position]))
            self._record(Stood(seat, index))
        else:
            return
        self._calle_finished(seat)

    def _calle_finished(self, seat: int) -> None:
        if seat == self.button:
            self._settle()
            return
        punter = self.punters[seat]
        if all(c.status != "open" for c in punter.calles):
            punter.status = "done"
            self._next_punter()
        else:
            self.phase = "play"

    def _calle(self, seat: int, index: int) -> _Calle:
        if seat == self.button:
            assert self.bank_hand is not None
            return self.bank_hand
        return self.punters[seat].calles[index]

    def _settle(self) -> None:
        """§3.5, one hand or calle at a time, punters in turn order (M-15, M-18, M-20, M-28):
        each shows its hidden cards, then is paid or pays."""
        self.phase, self.current = "over", None
        bank = 0 if self.bank_hand is None else self.bank_hand.total
        double = self.game.bust_pays_double
        privileged: int | None = None
        for p in self.order:
            punter = self.punters[p]
            if punter.status != "done":
                continue
            for index, calle in enumerate(punter.calles):
                if calle.status == "bust":
                    continue
                if not all(calle.up):
                    calle.up = [True] * len(calle.cards)
                    self._record(Shown(p, tuple(calle.cards), "", index))
                points = calle.total
                outcome, amount = settle_hand(points, calle.bet, bank,
                                              muerta=calle.status == "muerta",
                                              first_seven=privileged is None,
                                              bust_pays_double=double)
                if outcome == "privileged":
                    privileged = p
                self.net[p] += amount
                self.net[self.button] -= amount
                self._record(Settled(p, index, points, outcome, amount))
        if self.game.bank_passes == "every_hand":
            self.next_bank = (self.button - 1) % self.n  # to the bank's right
        elif privileged is not None:
            self.next_bank = privileged
            self._record(BankTaken(privileged))
        self._record(HandEnded(None, tuple(self.net)))

    # -- the State contract ------------------------------------------------------------------

    def _next_to_act(self) -> int | None:
        if self.phase in ("validity", "bank"):
            return self.button
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
        return tuple(b + d for b, d in zip(self.setup.stacks, self.net, strict=True))

    @property
    def stacks(self) -> tuple[int, ...]:
        """Every seat's chips now, as in every game: in siete y medio, its :attr:`balances`
        (an account that may go below zero, M-19).

        >>> from cartes.games import SieteYMedio
        >>> state = SieteYMedio(players=2).start(seed=1, stacks=[5, -2])
        >>> state.stacks == state.balances == (5, -2)
        True
        """
        return self.balances

    def calles(self, seat: int) -> tuple[tuple[SpanishCard, ...], ...]:
        """The cards of each of ``seat``'s calles (one for a hand without calles and for the
        bank), all of them: this is the house's view, see :meth:`observation` for a seat's."""
        if seat == self.button:
            return () if self.bank_hand is None else (tuple(self.bank_hand.cards),)
        return tuple(tuple(c.cards) for c in self.punters[seat].calles)

    def revealed_cards(self) -> tuple[tuple[SpanishCard, ...], ...]:
        """Every seat's cards, calle after calle, a muerta's hidden card included (the
        house's view; see :meth:`State.revealed_cards <cartes.games.State.revealed_cards>`).

        >>> from cartes.games import SieteYMedio
        >>> state = SieteYMedio(players=2).start(seed=1)
        >>> state.revealed_cards()[1] == state.calles(1)[0]
        True
        """
        return tuple(
            tuple(card for calle in self.calles(seat) for card in calle) for seat in range(self.n)
        )

    def _offers(self) -> tuple[Action, ...]:
        return offers(self)

    def why_not(self, action: Action) -> str | None:
        """Why an action is refused, citing the rule (:func:`~cartes.games.siete_y_medio.legal
        .why_not`), with the legal actions.

        >>> from cartes.games import SieteYMedio
        >>> state = SieteYMedio(players=2).start(seed=1)
        >>> state.apply(Bet(5))
        Traceback (most recent call last):
        ...
        cartes.errors.IllegalActionError: a bet must be 1 to 3 chips (modality 1): ...
        """
        reason = why_not(self, action)
        if reason is None:
            return None
        # the rule's number is the rules page's (docs/rules/siete-y-medio), say so
        reason = _RULE_CITE.sub(r"(see the rules, \1)", reason)
        return f"{reason}: legal actions are {list(self.legal_actions())}"

    def cards_to_draw(self, action: Action) -> int | None:
        """How many cards ``action`` takes from the stock: one for a card asked for (a draw,
        a calle opened, a muerta) or a 4 exchanged, unless the stock is empty (the card then
        comes from the discards reshuffled); the first deal for the last vote or
        choice before it (counted on a clone); none otherwise (an annulment's new deal comes
        from the deck shuffled again).

        >>> from cartes.games import SieteYMedio
        >>> state = SieteYMedio(players=2).start(seed=1)
        >>> [state.cards_to_draw(action) for action in state.legal_actions()][:2]
        [0, 0]
        """
        kind = action.kind
        if kind in _ONE_CARD:
            return 1 if len(self.deck) else 0  # (an empty stock: the discards, reshuffled)
        if kind in _MAY_DEAL:
            return self._trial_draws(action)
        return 0

    def _act(self, seat: int, action: Action) -> Event:
        start = len(self.history)
        handler = getattr(self, f"_do_{action.kind}")
        handler(seat, action)
        return self.history[start]

    # -- one method per action ---------------------------------------------------------------

    def _do_vote(self, seat: int, action: Vote) -> None:
        self.votes[seat] = action.accept
        self._record(Voted(seat, action.accept))
        voters = self._playing()
        rest = voters[voters.index(seat) + 1:]
        if rest:
            self.current = rest[0]
        else:
            self._count_votes()

    def _do_play(self, seat: int, action: Play) -> None:
        self._chose(seat, True)

    def _do_sit_out(self, seat: int, action: SitOut) -> None:
        self._chose(seat, False)

    def _chose(self, seat: int, plays: bool) -> None:
        self.choosers = self.choosers[1:]
        if not plays:
            self.punters[seat].status = "out"
        self._record(NoVoterChose(seat, plays))
        self._next_chooser()

    def _do_exchange(self, seat: int, action: Exchange) -> None:
        calle = self._calle(seat, 0)
        four = calle.cards[0]
        self._record(Exchanged(seat, four))
        card = self._card()  # before the 4 is set aside: M-12's "new card"
        self.aside.append(four)
        calle.cards[0] = card
        self._record(CardDealt(seat, card, False))
        if seat == self.button:
            self._validity()

    def _do_annul(self, seat: int, action: Annul) -> None:
        assert self.bank_hand is not None
        self._record(Annulled(seat, self.bank_hand.cards[0]))
        self.deck = self._shuffled(list(self.initial_deck))  # every card collected
        self.discards = []
        self.aside = []
        self._deal()

    def _do_keep(self, seat: int, action: Keep) -> None:
        self._set_aside_done()
        self._record(HandValid(seat))
        self._next_punter()

    def _do_decline(self, seat: int, action: Decline) -> None:
        punter = self.punters[seat]
        card = punter.calles[0].cards[0]
        punter.calles = []
        punter.status = "declined"
        self._set_aside_done()
        self.discards.append(card)
        self._record(Declined(seat, card))
        self._next_punter()

    def _do_bet(self, seat: int, action: Bet) -> None:
        punter = self.punters[seat]
        self._set_aside_done()
        punter.status = "playing"
        punter.calles[0].bet = action.amount
        punter.opening = punter.calles[0].cards[0].is_figure
        punter.target = 0
        self.phase = "play"
        self._record(Staked(seat, 0, action.amount, action.amount))

    def _raise(self, seat: int, index: int, amount: int) -> None:
        if amount:
            calle = self._calle(seat, index)
            calle.bet += amount
            self._record(Staked(seat, index, amount, calle.bet))

    def _do_stand(self, seat: int, action: Stand) -> None:
        calle = self._calle(seat, action.calle)
        calle.status = "stood"
        self._record(Stood(seat, action.calle))
        self._calle_finished(seat)

    def _do_draw(self, seat: int, action: Draw) -> None:
        self._draw(seat, action.calle, action.raise_by, action.down, None)

    def _do_open_calle(self, seat: int, action: OpenCalle) -> None:
        self._draw(seat, action.calle, action.raise_by, action.down, action.amount)

    def _draw(self, seat: int, index: int, raise_by: int, down: bool,
              open_bet: int | None) -> None:
        """A card for calle ``index``; with ``open_bet``, a figure opens a new calle at that bet
        (M-13). Whether a calle may open depends on the hidden first card, so a figure kept
        must look exactly like any other card: the choice was made before the card was seen,
        and keeping it writes no event."""
        self._raise(seat, index, raise_by)
        calle = self._calle(seat, index)
        hidden = calle.hidden
        if down and hidden is not None:  # M-8: never two hidden cards
            calle.up[hidden] = True
            self._record(Turned(seat, index, calle.cards[hidden]))
        card = self._card()
        calle.cards.append(card)
        calle.up.append(not down)
        self._record(CardDealt(seat, card, not down, None, index))
        if seat != self.button:
            punter = self.punters[seat]
            punter.target = index
            if punter.opening and card.is_figure:
                if open_bet is not None:
                    calle.cards.pop()
                    calle.up.pop()
                    punter.calles.append(_Calle(card, not down, open_bet))
                    new = len(punter.calles) - 1
                    self._record(CalleOpened(seat, new, index))
                    self._record(Staked(seat, new, open_bet, open_bet))
                    return
            else:
                punter.opening = False
        self._after_card(seat, index)

    def _do_muerta(self, seat: int, action: Muerta) -> None:
        punter = self.punters[seat]
        calle = punter.calles[0]
        self._raise(seat, 0, action.raise_by)
        calle.up[0] = True
        self._record(Turned(seat, 0, calle.cards[0]))
        card = self._card()
        calle.cards.append(card)
        calle.up.append(False)
        calle.status = "muerta"
        self._record(CardDealt(seat, card, False, None, 0, True))
        self._record(MuertaPlayed(seat))
        punter.status = "done"
        self._next_punter()

    # -- what a seat may see -----------------------------------------------------------------

    def _visible(self, calle: _Calle, own: bool, muerta: bool) -> tuple[SpanishCard | None, ...]:
        if own and not muerta:  # a seat sees all its own cards but a muerta's (M-14)
            return tuple(calle.cards)
        return tuple([
            card if up or (own and i != 1) else None
            for i, (card, up) in enumerate(zip(calle.cards, calle.up, strict=True))
        ])

    def observation(self, seat: int | None) -> Observation:
        """What ``seat`` may know now; ``None`` is a spectator (face-up cards only). The
        bank never sees a punter's face-down card before the settlement (M-18); nobody sees
        a muerta's card (M-14). ``extra["calles"]`` holds each seat's calles as
        ``(cards, face_up, bet, status)``.

        >>> from cartes.games import SieteYMedio
        >>> state = SieteYMedio(players=2).start(seed=1)
        >>> state.observation(0).cards[1], state.observation(1).cards[1] == state.calles(1)[0]
        ((None,), True)
        """
        seat = self._viewer(seat)
        # (explicit loops: nested comprehensions cost a function call each in Python 3.11)
        calles: list[tuple[tuple[tuple[SpanishCard | None, ...], tuple[bool, ...], int, str],
                           ...]] = []
        cards: list[tuple[SpanishCard | None, ...]] = []
        at_risk: list[int] = []
        sitting_out: list[bool] = []
        bank, bank_hand, visible = self.button, self.bank_hand, self._visible
        for s in range(self.n):
            hands: list[_Calle]
            risk = 0
            if s == bank:
                hands = [] if bank_hand is None else [bank_hand]
                sitting_out.append(False)
            else:
                punter = self.punters[s]
                hands = punter.calles
                sitting_out.append(punter.status in ("out", "declined"))
            own = s == seat
            views = []
            seen: tuple[SpanishCard | None, ...] = ()
            for c in hands:
                if s != bank and c.status != "bust":
                    risk += c.bet
                shown = visible(c, own, c.status == "muerta")
                seen += shown
                views.append((shown, tuple(c.up), c.bet, c.status))
            at_risk.append(risk)
            calles.append(tuple(views))
            cards.append(seen)
        to_act = self.to_act
        return SieteObservation(
            seat=seat,
            to_act=to_act,
            stacks=self.balances,
            committed=tuple(at_risk),
            cards=tuple(cards),
            board=(),
            history=self._seen(seat),  # kept up to date as events are recorded
            legal_actions=self.legal_actions() if to_act == seat and seat is not None else (),
            is_terminal=self.is_terminal,
            extra={
                "bank": self.button,
                "phase": self.phase,
                "limits": self.limits,
                "modality": self.game.modality,
                "order": self.order,
                "calles": tuple(calles),
                "stock": len(self.deck),
                "discards": len(self.discards) + len(self.aside),
            },
            sitting_out=tuple(sitting_out),
        )

    def __repr__(self) -> str:
        status = "over" if self.is_terminal else f"{self.phase}, seat {self.to_act} to act"
        return f"<SieteState {self.n} seats, bank {self.button}, {status}>"
