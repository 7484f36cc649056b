"""A hand's history as each viewer sees it, redacted once per event and viewer.

An observation holds the whole history redacted for its seat
(:meth:`~cartes.games.Event.seen_by`). Rebuilding that on every call cost most of an
observation; :func:`seen_history` keeps, per state, each viewer's redacted history so far and
redacts only the events appended since that viewer last asked.

It relies on what every game here does: a hand's ``history`` list only grows (events are
appended, never replaced or removed), and ``seen_by`` depends on nothing but the event (a
frozen value) and the viewer. A history that shrank is redacted again from the start.

The cache sits in the state's ``__dict__``, so a ``clone()`` that copies the ``__dict__``
starts out holding its original's cache. The cache remembers which list it redacts: a clone has
a list of its own, so on its first observation it takes a cache of its own, keeping only the
redactions of the events the two lists still share. Nothing else ever sees the cache: it is
left out of ``==`` (the games compare snapshots) and ``to_dict``, and it pickles and deep-copies
as an empty cache, rebuilt on demand.

>>> from cartes.games import SevenCardStud
>>> state = SevenCardStud(players=2).start(seed=1)
>>> seen = seen_history(state, 1)
>>> seen == tuple(event.seen_by(1) for event in state.history)
True
>>> seen_history(state, 1) is seen  # nothing new: the same tuple
True
"""

from __future__ import annotations

from typing import Any

from cartes.games.contract import Event, State

__all__ = ["SeenHistory", "seen_history"]

_ATTRIBUTE = "_seen_history"


class SeenHistory:
    """The redacted histories of one ``history`` list, one tuple per viewer that asked.

    >>> from cartes.games.stud.events import CardBurned
    >>> from cartes import Card
    >>> cache = SeenHistory([CardBurned(None, Card("As"))])
    >>> cache.view(0)
    (CardBurned(seat=None, card=None),)
    """

    __slots__ = ("history", "views")

    def __init__(self, history: list[Event] | None = None) -> None:
        #: The list this cache redacts (``None``: none yet).
        self.history = history
        #: Each viewer's redacted history, as long as ``history`` was when it last asked.
        self.views: dict[int | None, tuple[Event, ...]] = {}

    def __reduce__(self) -> tuple[Any, ...]:
        # A pickle or a deep copy gets an empty cache: the copy redacts its own history again.
        return (SeenHistory, ())

    def view(self, viewer: int | None) -> tuple[Event, ...]:
        """The history as ``viewer`` sees it, redacting only the events new since last time."""
        history = self.history
        if history is None:
            return ()
        done = self.views.get(viewer, ())
        count = len(done)
        if count == len(history):
            return done
        if count > len(history):  # not append-only after all: start again
            count, done = 0, ()
        fresh = tuple([event.seen_by(viewer) for event in history[count:]])
        view = done + fresh if done else fresh
        self.views[viewer] = view
        return view

    def adopt(self, history: list[Event]) -> SeenHistory:
        """A cache for ``history`` that keeps this cache's redactions of the events both
        lists share from the start (a clone's list and its original's)."""
        twin = SeenHistory(history)
        mine = self.history
        if mine is None or not self.views:
            return twin
        shared = _common_prefix(mine, history, max(map(len, self.views.values())))
        if shared:
            twin.views = {viewer: view[:shared] for viewer, view in self.views.items()}
        return twin


def _common_prefix(first: list[Event], second: list[Event], limit: int) -> int:
    """How many events, up to ``limit``, the two lists hold equal from the start."""
    limit = min(limit, len(first), len(second))
    if first[:limit] == second[:limit]:  # list equality: identical items compare at C speed
        return limit
    index = 0
    while first[index] == second[index]:
        index += 1
    return index


def seen_history(state: State, viewer: int | None) -> tuple[Event, ...]:
    """``state.history`` as ``viewer`` (a seat, or ``None`` for a spectator) sees it: the
    same as ``tuple(event.seen_by(viewer) for event in state.history)``, with only the events
    appended since ``viewer`` last asked redacted now."""
    history = state.history
    cache: SeenHistory | None = state.__dict__.get(_ATTRIBUTE)
    if cache is None:
        cache = SeenHistory(history)
        state.__dict__[_ATTRIBUTE] = cache
    elif cache.history is not history:  # a clone's, or a history replaced by a new list
        cache = cache.adopt(history)
        state.__dict__[_ATTRIBUTE] = cache
    return cache.view(viewer)
