"""A readable text log of a hand: an exporter that reads a state through the contract.

Each event says itself (:meth:`~cartes.games.Event.describe`), so the log knows no game and
no game knows the log; :meth:`State.text_log <cartes.games.State.text_log>` is the same text.

>>> from cartes.games import get
>>> state = get("seven-card-stud", players=2).start(seed=4)
>>> print(text_log(state).splitlines()[0])
Hand starts: button seat 0, stacks 200 200
>>> text_log(state) == state.text_log()
True
"""

from __future__ import annotations

from collections.abc import Sequence

from cartes.games.contract import Event, State

__all__ = ["format_event", "format_events", "text_log"]


def format_event(event: Event) -> str:
    """One event as one line of text.

    >>> from cartes.games.poker.events import AntePosted
    >>> format_event(AntePosted(seat=2, amount=1))
    'Seat 2 posts the ante: 1'
    """
    return event.describe()


def format_events(events: Sequence[Event]) -> str:
    """Every event on its own line.

    >>> from cartes.games.poker.events import AntePosted, UncalledReturned
    >>> print(format_events([AntePosted(seat=0, amount=1), UncalledReturned(seat=0, amount=5)]))
    Seat 0 posts the ante: 1
    Uncalled 5 returned to seat 0
    """
    return "\n".join(format_event(event) for event in events)


def text_log(state: State) -> str:
    """The hand's whole history as text, one line per event (the house's full log, S-18).

    >>> from cartes.games import SevenCardStud
    >>> text_log(SevenCardStud(players=2).start(seed=4)).count("is dealt")
    6
    """
    return format_events(state.history)
