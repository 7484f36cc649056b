"""A readable text log of a hand's events.

>>> from cartes.games import get
>>> state = get("seven-card-stud", players=2).start(seed=4)
>>> print(state.text_log().splitlines()[0])
Hand starts: button seat 0, stacks 200 200
"""

from __future__ import annotations

from collections.abc import Sequence

from cartes.games import siete_y_medio_events as siete
from cartes.games.core import Event, Raise
from cartes.games.events import (
    Acted,
    AntePosted,
    CardBurned,
    CardDealt,
    HandEnded,
    HandStarted,
    Mucked,
    PotAwarded,
    Reshuffled,
    RoundStarted,
    Shown,
    UncalledReturned,
)

__all__ = ["format_event", "format_events"]

_VERBS = {"bring_in": "brings in", "complete": "completes with", "fold": "folds",
          "check": "checks", "call": "calls", "bet": "bets", "raise": "raises",
          "show": "shows", "muck": "mucks"}

_STREETS = {3: "Third street", 4: "Fourth street", 5: "Fifth street", 6: "Sixth street",
            7: "Seventh street"}


def format_event(event: Event) -> str:
    """One event as one line of text.

    >>> from cartes.games.events import AntePosted
    >>> format_event(AntePosted(seat=2, amount=1))
    'Seat 2 posts the ante: 1'
    """
    match event:
        case HandStarted():
            stacks = " ".join(map(str, event.stacks))
            return f"Hand starts: button seat {event.button}, stacks {stacks}"
        case AntePosted():
            return f"Seat {event.seat} posts the ante: {event.amount}"
        case CardDealt(seat=None):
            return f"Community card: {event.card}"
        case CardDealt():
            face = "up" if event.face_up else "down"
            card = "??" if event.card is None else str(event.card)
            return f"Seat {event.seat} is dealt {card} face {face}"
        case CardBurned():
            return "Burn a card" + ("" if event.card is None else f" ({event.card})")
        case Reshuffled():
            return f"Not enough cards: reshuffle {event.cards} cards (stub and burns)"
        case RoundStarted():
            first = "nobody can bet" if event.seat is None else f"seat {event.seat} first"
            return f"*** {_STREETS.get(event.street, event.street)}: {first}"
        case Acted():
            verb = _VERBS.get(event.action.kind, event.action.kind)
            amount = f" {event.amount}" if event.amount else ""
            if isinstance(event.action, Raise):
                amount = f" to {event.action.to}"
            return f"Seat {event.seat} {verb}{amount}" + (" (all-in)" if event.all_in else "")
        case UncalledReturned():
            return f"Uncalled {event.amount} returned to seat {event.seat}"
        case Shown():
            cards = " ".join(map(str, event.cards))
            return f"Seat {event.seat} shows {cards}: {event.description}"
        case Mucked():
            return f"Seat {event.seat} mucks"
        case PotAwarded():
            name = "Main pot" if event.pot == 0 else f"Side pot {event.pot}"
            won = ", ".join(f"seat {seat} wins {chips}" for seat, chips in event.shares)
            return f"{name} ({event.amount}): {won}"
        case HandEnded():
            net = " ".join(f"{p:+d}" for p in event.payoffs)
            return f"Hand over: {net}"
    line = _siete_line(event)
    return repr(event) if line is None else line


def _points(half_points: int) -> str:
    whole, half = divmod(half_points, 2)
    return f"{whole}½" if half and whole else "½" if half else str(whole)


def _siete_line(event: Event) -> str | None:
    """One siete y medio event as text (None: not one of them)."""
    who = f"Seat {event.seat}"
    match event:
        case siete.BankHandStarted():
            balances = " ".join(map(str, event.balances))
            out = f", sitting out {list(event.sitting_out)}" if event.sitting_out else ""
            return (f"Hand starts: bank seat {event.seat}, modality {event.modality} "
                    f"({event.minimum}-{event.maximum}), balances {balances}{out}")
        case siete.Voted():
            return f"{who} {'accepts' if event.accept else 'rejects'} the proposal"
        case siete.StakesAgreed():
            verdict = "adopted" if event.adopted else "rejected: classic stakes"
            return f"Proposal {verdict}, bets {event.minimum}-{event.maximum}"
        case siete.Dealt():
            card = "??" if event.card is None else str(event.card)
            face = "unseen" if event.blind else "face up" if event.face_up else "face down"
            calle = f" (calle {event.calle})" if event.calle else ""
            return f"{who} is dealt {card} {face}{calle}"
        case siete.Turned():
            return f"{who} turns up {event.card}"
        case siete.Exchanged():
            return f"{who} exchanges the 4 ({event.card})"
        case siete.Declined():
            return f"{who} declines on the 3 ({event.card})"
        case siete.Annulled():
            return f"{who} (bank) annuls the hand on the 3 ({event.card}): deal again"
        case siete.HandValid():
            return f"{who} (bank): the hand is valid"
        case siete.Staked():
            calle = f" on calle {event.calle}" if event.calle else ""
            return f"{who} bets {event.amount}{calle} (bet {event.total})"
        case siete.Kept():
            return f"{who} keeps the figure in calle {event.calle}"
        case siete.CalleOpened():
            return f"{who} opens calle {event.calle}"
        case siete.Stood():
            calle = f" on calle {event.calle}" if event.calle else ""
            return f"{who} stands{calle}"
        case siete.Busted():
            cards = " ".join(map(str, event.cards))
            paid = f": the bank collects {event.amount}" if event.amount else ""
            return f"{who} busts with {cards} ({_points(event.total)}){paid}"
        case siete.MuertaPlayed():
            return f"{who} plays the muerta"
        case siete.StockReshuffled():
            return f"Stock empty: {event.cards} discards shuffled into a new stock"
        case siete.Revealed():
            return f"{who} shows {' '.join(map(str, event.cards))}"
        case siete.Settled():
            calle = f" calle {event.calle}" if event.calle else ""
            return (f"{who}{calle}: {_points(event.total)}, {event.outcome.replace('_', ' ')}, "
                    f"{event.amount:+d}")
        case siete.BankTaken():
            return f"{who} takes the bank"
    return None


def format_events(events: Sequence[Event]) -> str:
    """Every event on its own line.

    >>> from cartes.games.events import AntePosted, UncalledReturned
    >>> print(format_events([AntePosted(seat=0, amount=1), UncalledReturned(seat=0, amount=5)]))
    Seat 0 posts the ante: 1
    Uncalled 5 returned to seat 0
    """
    return "\n".join(format_event(event) for event in events)
