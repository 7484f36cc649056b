"""A readable text log of a hand's events (stud and calatone).

>>> from cartes.games import get
>>> state = get("seven-card-stud", players=2).start(seed=4)
>>> print(state.text_log().splitlines()[0])
Hand starts: button seat 0, stacks 200 200
"""

from __future__ import annotations

from collections.abc import Sequence

from cartes.games.core import Event, Raise
from cartes.games.events import (
    Acted,
    AllPassed,
    AntePosted,
    CardBurned,
    CardDealt,
    Conceded,
    Declared,
    ExposeChosen,
    ExposuresRevealed,
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

_STREETS = {2: "Second street", 3: "Third street", 4: "Fourth street", 5: "Fifth street",
            6: "Sixth street", 7: "Seventh street"}


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
        case ExposeChosen():
            card = "a card" if event.card is None else str(event.card)
            return f"Seat {event.seat} chooses {card} to expose"
        case ExposuresRevealed():
            shown = ", ".join(f"seat {s} {c}" for s, c in enumerate(event.cards))
            return f"Exposed cards: {shown}"
        case AllPassed():
            return "Everyone passed: the hand stops on the cards dealt"
        case Declared():
            five = " ".join(map(str, event.five))
            return f"Seat {event.seat} declares {five}: {event.description}"
        case Conceded():
            return f"Seat {event.seat} concedes"
        case HandEnded():
            net = " ".join(f"{p:+d}" for p in event.payoffs)
            return f"Hand over: {net}"
    return repr(event)


def format_events(events: Sequence[Event]) -> str:
    """Every event on its own line.

    >>> from cartes.games.events import AntePosted, UncalledReturned
    >>> print(format_events([AntePosted(seat=0, amount=1), UncalledReturned(seat=0, amount=5)]))
    Seat 0 posts the ante: 1
    Uncalled 5 returned to seat 0
    """
    return "\n".join(format_event(event) for event in events)
