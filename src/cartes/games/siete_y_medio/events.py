"""The events of a siete y medio hand, and who may see them (SPEC §3).

A hand starts, deals, shows and reshuffles with the events every game shares
(:class:`~cartes.games.chips.HandStarted`, :class:`~cartes.games.dealing.CardDealt`,
:class:`~cartes.games.dealing.Shown`, :class:`~cartes.games.dealing.Reshuffled`): a punter's
face-down card is seen by him alone until it is turned up or shown at the settlement; the card
of a *muerta* (M-14) is seen by nobody, its owner included, until the settlement. Every event
here is public. Their 7½ names of history format 1 (``BankHandStarted``, ``Dealt``,
``Revealed``, ``StockReshuffled``) are deprecated aliases of the shared classes.

>>> Staked(seat=2, calle=0, amount=1, total=3).to_dict()
{'kind': 'stake', 'seat': 2, 'calle': 0, 'amount': 1, 'total': 3}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from cartes.games._moved import renamed
from cartes.games.contract import Event, quick_init
from cartes.spanish import SpanishCard

__all__ = [
    "Annulled",
    "BankTaken",
    "Busted",
    "CalleOpened",
    "Declined",
    "Exchanged",
    "HandValid",
    "ModalityAnnounced",
    "MuertaPlayed",
    "NoVoterChose",
    "Settled",
    "Staked",
    "StakesAgreed",
    "Stood",
    "Turned",
    "Voted",
]


@quick_init
@dataclass(frozen=True, slots=True)
class ModalityAnnounced(Event):
    """The bank (``seat``) announces the hand's modality and its limits, and the seats the
    host sat out; it follows the :class:`~cartes.games.chips.HandStarted` that names the bank
    (the ``button``) and every seat's balance (its ``stacks``).

    >>> ModalityAnnounced(seat=0, modality=1, minimum=1, maximum=3, sitting_out=(2,)).describe()
    'Bank seat 0: modality 1 (1-3), sitting out [2]'
    """

    kind: ClassVar[str] = "modality"
    modality: int
    minimum: int
    maximum: int
    sitting_out: tuple[int, ...]

    def describe(self) -> str:
        out = f", sitting out {list(self.sitting_out)}" if self.sitting_out else ""
        limits = f"{self.minimum}-{self.maximum}"
        return f"Bank seat {self.seat}: modality {self.modality} ({limits}){out}"


@quick_init
@dataclass(frozen=True, slots=True)
class Voted(Event):
    """A punter accepts or rejects the bank's modality-3 proposal (M-6).

    >>> Voted(seat=1, accept=True).accept
    True
    """

    kind: ClassVar[str] = "vote"
    accept: bool

    def describe(self) -> str:
        return f"Seat {self.seat} {'accepts' if self.accept else 'rejects'} the proposal"


@quick_init
@dataclass(frozen=True, slots=True)
class StakesAgreed(Event):
    """The vote is over: the limits the hand is played at, whether the proposal was adopted,
    and the seats sitting out so far (those the host seated out; a punter who voted against
    an adopted proposal chooses next, :class:`NoVoterChose`).

    >>> StakesAgreed(seat=None, minimum=1, maximum=3, adopted=False, sitting_out=()).maximum
    3
    """

    kind: ClassVar[str] = "stakes"
    minimum: int
    maximum: int
    adopted: bool
    sitting_out: tuple[int, ...]

    def describe(self) -> str:
        verdict = "adopted" if self.adopted else "rejected: classic stakes"
        return f"Proposal {verdict}, bets {self.minimum}-{self.maximum}"


@quick_init
@dataclass(frozen=True, slots=True)
class NoVoterChose(Event):
    """A punter who voted against the adopted proposal ``plays`` the hand at its stakes, or
    sits it out (seed b.3, M-31).

    >>> NoVoterChose(seat=3, plays=False).describe()
    'Seat 3 sits the hand out'
    """

    kind: ClassVar[str] = "no_voter_choice"
    plays: bool

    def describe(self) -> str:
        return (f"Seat {self.seat} plays at the adopted stakes" if self.plays
                else f"Seat {self.seat} sits the hand out")


@quick_init
@dataclass(frozen=True, slots=True)
class Turned(Event):
    """A face-down card is turned face up: a punter's before a draw (M-8) or for a *muerta*,
    the bank's at the start of its turn.

    >>> Turned(seat=0, calle=0, card=SpanishCard("5e")).seen_by(1).card
    SpanishCard('5e')
    """

    kind: ClassVar[str] = "turn"
    calle: int
    card: SpanishCard

    def describe(self) -> str:
        return f"Seat {self.seat} turns up {self.card}"


@quick_init
@dataclass(frozen=True, slots=True)
class Exchanged(Event):
    """A first 4 is shown and discarded; a new first card follows (M-12).

    >>> Exchanged(seat=3, card=SpanishCard("4c")).card.rank
    4
    """

    kind: ClassVar[str] = "exchange"
    card: SpanishCard

    def describe(self) -> str:
        return f"Seat {self.seat} exchanges the 4 ({self.card})"


@quick_init
@dataclass(frozen=True, slots=True)
class Declined(Event):
    """A punter shows a first 3 and sits the hand out without betting (M-11).

    >>> Declined(seat=1, card=SpanishCard("3o")).card
    SpanishCard('3o')
    """

    kind: ClassVar[str] = "decline"
    card: SpanishCard

    def describe(self) -> str:
        return f"Seat {self.seat} declines on the 3 ({self.card})"


@quick_init
@dataclass(frozen=True, slots=True)
class Annulled(Event):
    """The bank shows a first 3 and annuls the deal: every card is collected, the full deck
    shuffled and dealt again (M-11, M-29).

    >>> Annulled(seat=0, card=SpanishCard("3e")).kind
    'annul'
    """

    kind: ClassVar[str] = "annul"
    card: SpanishCard

    def describe(self) -> str:
        return f"Seat {self.seat} (bank) annuls the hand on the 3 ({self.card}): deal again"


@quick_init
@dataclass(frozen=True, slots=True)
class HandValid(Event):
    """The bank declares the hand valid (*la mano es válida*): the punters' turns begin.

    >>> HandValid(seat=2).seat
    2
    """

    kind: ClassVar[str] = "valid"

    def describe(self) -> str:
        return f"Seat {self.seat} (bank): the hand is valid"


@quick_init
@dataclass(frozen=True, slots=True)
class Staked(Event):
    """``amount`` chips bet on a calle: the initial bet, a new calle's bet, or a raise with a
    card; ``total`` is the calle's bet now.

    >>> Staked(seat=1, calle=1, amount=2, total=2).total
    2
    """

    kind: ClassVar[str] = "stake"
    calle: int
    amount: int
    total: int

    def describe(self) -> str:
        calle = f" on calle {self.calle}" if self.calle else ""
        return f"Seat {self.seat} bets {self.amount}{calle} (bet {self.total})"


@quick_init
@dataclass(frozen=True, slots=True)
class CalleOpened(Event):
    """The figure just drawn for calle ``source`` with :class:`~cartes.games.OpenCalle` opens a
    new calle, number ``calle`` (numbered left to right in opening order, M-13). A figure
    drawn with :class:`~cartes.games.Draw` stays in its calle without any event of its own.

    >>> CalleOpened(seat=1, calle=1, source=0).calle
    1
    """

    kind: ClassVar[str] = "open_calle"
    calle: int
    source: int

    def describe(self) -> str:
        return f"Seat {self.seat} opens calle {self.calle}"


@quick_init
@dataclass(frozen=True, slots=True)
class Stood(Event):
    """A hand or calle stands (*se planta*), by choice or on reaching 7½ (M-10: the two look
    the same to the others).

    >>> Stood(seat=1, calle=0).kind
    'stand'
    """

    kind: ClassVar[str] = "stand"
    calle: int

    def describe(self) -> str:
        calle = f" on calle {self.calle}" if self.calle else ""
        return f"Seat {self.seat} stands{calle}"


@quick_init
@dataclass(frozen=True, slots=True)
class Busted(Event):
    """A hand or calle passes 7½: its cards are shown at once and the bank collects its bet
    ``amount`` (0 when the bank itself busts), M-9. ``total`` is in half-points.

    >>> Busted(seat=1, calle=0, cards=(SpanishCard("7o"), SpanishCard("2c")), total=18,
    ...        amount=1).seen_by(0).cards
    (SpanishCard('7o'), SpanishCard('2c'))
    """

    kind: ClassVar[str] = "bust"
    calle: int
    cards: tuple[SpanishCard, ...]
    total: int
    amount: int

    def describe(self) -> str:
        cards = " ".join(map(str, self.cards))
        paid = f": the bank collects {self.amount}" if self.amount else ""
        return f"Seat {self.seat} busts with {cards} ({_points(self.total)}){paid}"


@quick_init
@dataclass(frozen=True, slots=True)
class MuertaPlayed(Event):
    """A punter plays the *muerta* on his first 7: its unseen card finishes the hand (M-14).

    >>> MuertaPlayed(seat=1).kind
    'muerta'
    """

    kind: ClassVar[str] = "muerta"

    def describe(self) -> str:
        return f"Seat {self.seat} plays the muerta"


@quick_init
@dataclass(frozen=True, slots=True)
class Settled(Event):
    """A hand or calle is settled against the bank (§3.5): its ``total`` in half-points, the
    row that applied (``outcome``: ``"bust"``, ``"bank_seven_and_half"``, ``"muerta"``,
    ``"privileged"``, ``"win"`` or ``"lose"``) and the punter's net ``amount``.

    >>> Settled(seat=1, calle=0, total=15, outcome="privileged", amount=6).amount
    6
    """

    kind: ClassVar[str] = "settle"
    calle: int
    total: int
    outcome: str
    amount: int

    def describe(self) -> str:
        calle = f" calle {self.calle}" if self.calle else ""
        outcome = self.outcome.replace("_", " ")
        return f"Seat {self.seat}{calle}: {_points(self.total)}, {outcome}, {self.amount:+d}"


@quick_init
@dataclass(frozen=True, slots=True)
class BankTaken(Event):
    """The privileged 7½: ``seat`` holds the bank from the next hand (M-4, M-28).

    >>> BankTaken(seat=3).seat
    3
    """

    kind: ClassVar[str] = "bank_taken"

    def describe(self) -> str:
        return f"Seat {self.seat} takes the bank"


def _points(half_points: int) -> str:
    """Half-points as text: 15 is '7½', 1 is '½'."""
    whole, half = divmod(half_points, 2)
    return f"{whole}½" if half and whole else "½" if half else str(whole)


#: The 7½ events of history format 1 that became the shared ones, by their old names.
_RENAMED = {
    "BankHandStarted": ("cartes.games.chips", "HandStarted"),
    "Dealt": ("cartes.games.dealing", "CardDealt"),
    "Revealed": ("cartes.games.dealing", "Shown"),
    "StockReshuffled": ("cartes.games.dealing", "Reshuffled"),
}


def __getattr__(name: str) -> object:
    # the old names warn when used; the library itself never uses them
    if name in _RENAMED:
        return renamed(__name__, name, *_RENAMED[name])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
