"""The hand-state base every driver builds on: :class:`HandState` (what a hand in progress
does the same in every game) and :class:`HandGame` (the template ``start`` that checks the
arguments every game takes, once).

A driver records what happens with :meth:`HandState._record`, which appends the event to the
history *and* pushes it, redacted, to each viewer that has asked for an observation: a seat's
view of the history is kept up to date as the hand goes, never rebuilt. The seat to act and the
legal actions are computed by the driver's two hooks (:meth:`HandState._next_to_act`,
:meth:`HandState._offers`) and remembered until the next event. The setup of the hand (the
deck in order, the stacks, the button, the reshuffle seed, a game's own start options) is one
value, :class:`Setup`, whose :meth:`~Setup.to_dict` is the header of the hand's history. A
clone copies, and ``==`` compares, the attributes a driver declares as changing
(:attr:`HandState.copied`, :attr:`HandState.compared`).

This module names no game.

>>> from cartes.games import SevenCardStud
>>> state = SevenCardStud(players=2).start(seed=1)
>>> isinstance(state, HandState), state.setup.button, list(state.setup.to_dict())[:3]
(True, 0, ['format', 'rules', 'game'])
>>> state.observation(1).history == tuple(event.seen_by(1) for event in state.history)
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

import numpy as np

from cartes.deck import Deck, SeedLike, make_rng
from cartes.errors import IllegalActionError
from cartes.french import Card
from cartes.games._check import is_whole, start_deck, start_stacks, whole
from cartes.games.contract import Action, Event, Game, State, deck_kind, quick_init
from cartes.games.history import HISTORY_FORMAT
from cartes.spanish import SpanishCard

__all__ = ["HandGame", "HandState", "SeenEvents", "Setup"]


# ---------------------------------------------------------------------------------------------
# The setup: what a hand starts from, the header of its history


@quick_init  # built for every hand
@dataclass(frozen=True, slots=True)
class Setup:
    """What one hand was started from: the game, the deck in dealing order (and the burn pile a
    stacked deck came with), the stacks, the button, the seed of any shuffle in mid-hand and a
    game's own start options. Its :meth:`to_dict` is the header of the hand's history, which
    :func:`cartes.games.replay` hands back to ``Game.start``.

    >>> from cartes.games import SevenCardStud
    >>> setup = SevenCardStud(players=2).start(seed=1, button=1).setup
    >>> setup.button, setup.stacks, len(setup.deck)
    (1, (200, 200), 52)
    """

    game: Game
    deck: tuple[Card | SpanishCard, ...]
    deck_kind: str
    stacks: tuple[int, ...]
    button: int
    reshuffle_seed: int | None = None
    burned: tuple[Card | SpanishCard, ...] = ()
    #: A game's own start options, written as the history's ``options`` (``None``: none).
    options: Mapping[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        """The history's header, JSON-ready, in the order histories are written.

        >>> from cartes.games import get
        >>> get("calatone").start(seed=1).setup.to_dict()["reshuffle_seed"] is None
        True
        """
        game = self.game
        out: dict[str, Any] = {
            "format": HISTORY_FORMAT,
            "rules": game.rules_revision,
            "game": game.name,
            "config": game.config(),
            "deck": [str(card) for card in self.deck],
            "deck_kind": self.deck_kind,
            "burned": [str(card) for card in self.burned],
            "stacks": list(self.stacks),
            "button": self.button,
            "reshuffle_seed": self.reshuffle_seed,
        }
        if self.options is not None:
            out["options"] = {
                key: list(value) if isinstance(value, tuple) else value
                for key, value in self.options.items()
            }
        return out


# ---------------------------------------------------------------------------------------------
# A viewer's history, kept up to date by the state that records it


class SeenEvents(tuple[Event, ...]):
    """A history as one viewer sees it (each event redacted by
    :meth:`~cartes.games.Event.seen_by`): a plain tuple to everyone, that also keeps the
    canonical text of its events once an encoding has asked for it (an information state
    holds the whole history, and a hand's events are the same objects from one observation
    of a seat to the next). A pickle or a copy is a plain tuple.

    >>> from cartes.games import SevenCardStud
    >>> import pickle
    >>> seen = SevenCardStud(players=2).start(seed=1).observation(0).history
    >>> isinstance(seen, tuple), type(pickle.loads(pickle.dumps(seen))) is tuple
    (True, True)
    """

    # (a tuple's subclass may not have slots of its own: the texts go in its __dict__)
    _texts: tuple[str, ...] = ()

    def __reduce__(self) -> tuple[Any, ...]:
        return (tuple, (tuple(self),))

    def texts(self, render: Callable[[Event], str]) -> tuple[str, ...]:
        """Each event's text by ``render``, computed once per event of this viewer's view
        (a longer view of the same viewer starts from a shorter one's texts)."""
        done = self._texts
        if len(done) < len(self):
            done += tuple([render(event) for event in self[len(done):]])
            self._texts = done
        return done


class _View:
    """One viewer's redacted history: what is already a :class:`SeenEvents`, and the events
    pushed since (joined on the next observation, so that a hand that nobody observes between
    two events pays one append per event and viewer)."""

    __slots__ = ("pending", "seen")

    def __init__(self, seen: SeenEvents) -> None:
        self.seen = seen
        self.pending: list[Event] = []

    @staticmethod
    def of(events: Iterable[Event], viewer: int | None) -> _View:
        return _View(SeenEvents([event.seen_by(viewer) for event in events]))

    def events(self) -> SeenEvents:
        pending = self.pending
        if pending:
            old = self.seen
            seen = SeenEvents(old + tuple(pending))
            if old._texts:  # the texts of the events the two share
                seen._texts = old._texts
            self.seen = seen
            pending.clear()
        return self.seen

    def prefix(self, length: int) -> SeenEvents:
        """The first ``length`` events of this view (all of them when it holds no more), for
        a clone whose history shares them: shared, not copied, when they are all."""
        seen = self.events()
        if len(seen) <= length:
            return seen
        head = SeenEvents(seen[:length])
        if seen._texts:
            head._texts = seen._texts[:length]
        return head


# ---------------------------------------------------------------------------------------------
# The hand-state base


class HandState(State):
    """The part of a hand in progress that every game does the same way.

    A driver calls :meth:`_init_hand` first in its ``__init__``, records every event with
    :meth:`_record` (never ``history.append``), and fills in:

    - :meth:`_next_to_act` and :meth:`_offers`, the seat to act and its legal actions now
      (:attr:`to_act` and :meth:`legal_actions` remember them until the next event);
    - :meth:`_act`, carrying out an action already checked legal for the seat to act (the
      base has recorded it in :attr:`actions`);
    - :attr:`copied` and :attr:`compared`, the attributes that change during a hand (a clone
      copies them; ``==`` compares them), or its own ``clone`` where clone speed matters;
    - :meth:`why_not`, to say more precisely why an action is refused.

    The base gives the seat checks of :meth:`observation`'s argument (:meth:`_viewer`), each
    viewer's redacted history (:meth:`_seen`), :meth:`to_dict` (the setup's header, every
    action, every event), pickling without the views (rebuilt on demand) and the rest of the
    :class:`~cartes.games.State` contract that does not depend on the game.

    >>> from cartes.games import SevenCardStud
    >>> state = SevenCardStud(players=2).start(seed=1)
    >>> twin = state.clone()
    >>> _ = twin.apply(twin.legal_actions()[0])
    >>> twin == state, len(twin.history) > len(state.history)
    (False, True)
    """

    #: The attributes a clone copies (beyond the history and the actions), each with the
    #: function that copies it; the others are shared (they never change during a hand).
    copied: ClassVar[Mapping[str, Callable[[Any], Any]]] = {}
    #: The attributes ``==`` compares (beyond the setup, the history and the actions), each
    #: with the function that gives the value compared (``None``: the attribute itself).
    compared: ClassVar[Mapping[str, Callable[[Any], object] | None]] = {}

    #: The game's configuration (a driver narrows the type to the rules it reads).
    game: Any
    setup: Setup
    n: int
    actions: list[tuple[int, Action]]
    _turn: int | None
    _legal: tuple[Action, ...] | None
    _views: dict[int | None, _View]
    #: For a clone: its original's views, and how many events the two histories share.
    _inherited: tuple[dict[int | None, _View], int] | None

    def _init_hand(self, setup: Setup) -> None:
        """Set up what the base keeps: call it first in the driver's ``__init__``."""
        self.game = setup.game
        self.setup = setup
        self.n = len(setup.stacks)
        self.history: list[Event] = []
        self.actions = []
        self._turn = -1  # -1: not known yet
        self._legal = None
        self._views = {}
        self._inherited = None

    # -- the setup, by the names drivers and users read -------------------------------------

    @property
    def button(self) -> int:
        """The seat that holds the button (the dealer; in siete y medio the bank)."""
        return self.setup.button

    @property
    def initial_stacks(self) -> tuple[int, ...]:
        """Each seat's chips (a banking game: its balance) before the hand."""
        return self.setup.stacks

    @property
    def initial_deck(self) -> tuple[Any, ...]:
        """The deck the hand was dealt from, top first."""
        return self.setup.deck

    @property
    def initial_burned(self) -> tuple[Any, ...]:
        """The burn pile the stacked deck came with (empty for a shuffled deck)."""
        return self.setup.burned

    @property
    def reshuffle_seed(self) -> int | None:
        """The seed of any shuffle in mid-hand (``None``: the game never shuffles again)."""
        return self.setup.reshuffle_seed

    # -- shuffles in mid-hand ----------------------------------------------------------------

    #: Who orders a shuffle in mid-hand (a game whose ``shuffles_in_hand`` is true):
    #: ``None``, the hand's generator (:meth:`_shuffle_rng`, from ``reshuffle_seed``);
    #: otherwise a callable given the cards, returning them in their new order. The OpenSpiel
    #: adapter sets it to make every shuffle a chance node; a driver shuffles only through
    #: :meth:`_shuffled`, so the hook reaches every shuffle of every game.
    shuffler: Callable[[tuple[Any, ...]], Sequence[Any]] | None = None

    def _shuffle_rng(self) -> np.random.Generator:
        """The generator of the next shuffle in mid-hand (a driver that shuffles more than
        once overrides it to give each shuffle its own). It is asked for whoever shuffles, so
        a count it keeps stays the same with and without :attr:`shuffler`."""
        return np.random.default_rng(self.setup.reshuffle_seed)

    def _shuffled(self, cards: list[Any]) -> Deck[Any]:
        """``cards`` in a new order, as a deck of the game's kind: the shuffler's order if one
        is set, else shuffled by :meth:`_shuffle_rng`.

        >>> from cartes.games import get
        >>> state = get("siete-y-medio", players=2).start(seed=1)
        >>> cards = list(state.initial_deck[:5])
        >>> state.shuffler = lambda cards: cards[::-1]
        >>> state._shuffled(cards).cards == tuple(cards[::-1])
        True
        """
        kind = getattr(self.game, "card", Card)
        rng = self._shuffle_rng()
        if self.shuffler is None:
            deck = Deck(cards, kind=kind)
            deck.shuffle(rng)
            return deck
        return Deck(list(self.shuffler(tuple(cards))), kind=kind)

    def _trial_draws(self, action: Action) -> int:
        """The cards ``action`` takes from ``self.deck``, counted by applying it to a clone:
        what a driver's :meth:`cards_to_draw` may answer when the count does not depend on the
        cards drawn (the clone draws whatever lies on its deck)."""
        twin = self.clone()
        stock: Deck[Any] = twin.__dict__["deck"]
        before = len(stock)
        twin.apply(action)
        return before - len(stock)  # (a shuffle in the action replaces twin.deck, not stock)

    # -- recording ---------------------------------------------------------------------------

    def _record(self, event: Event) -> None:
        """Append ``event`` to the history and push it, redacted, to each viewer's view.

        Every event is recorded while the hand is dealt or an action is carried out, and the
        seat to act and the legal actions are forgotten when an action starts and when it
        ends (:meth:`_apply`): so they are worked out again after every event that changes
        them, without paying for it at each of an action's events (a hand records about
        twice as many events as it takes actions)."""
        self.history.append(event)
        views = self._views
        if views:
            for viewer, view in views.items():
                view.pending.append(event.seen_by(viewer))

    def _record_all(self, events: list[Event]) -> None:
        """:meth:`_record` for several events in order."""
        self.history.extend(events)
        views = self._views
        if views:
            for viewer, view in views.items():
                view.pending.extend([event.seen_by(viewer) for event in events])

    def _seen(self, viewer: int | None) -> SeenEvents:
        """The history as ``viewer`` sees it: the same as ``tuple(event.seen_by(viewer) for
        event in self.history)``, kept up to date by :meth:`_record` once asked for."""
        view = self._views.get(viewer)
        if view is None:
            view = self._views[viewer] = self._new_view(viewer)
        return view.events()

    def _new_view(self, viewer: int | None) -> _View:
        """A view for ``viewer``'s first observation: a clone starts from the redactions its
        original had made of the events they share (looked up only now, so that a clone
        nobody observes costs nothing for its views), then redacts its own."""
        history = self.history
        inherited = self._inherited
        parent = None if inherited is None else inherited[0].get(viewer)
        if parent is None or inherited is None:
            return _View.of(history, viewer)
        view = _View(parent.prefix(inherited[1]))
        view.pending = [event.seen_by(viewer) for event in history[len(view.seen):]]
        return view

    # -- whose turn, what is legal -----------------------------------------------------------

    def _next_to_act(self) -> int | None:
        """The seat to act now, or ``None`` when the hand is over (the driver's rule)."""
        raise NotImplementedError

    def _offers(self) -> tuple[Action, ...]:
        """The legal actions of the seat to act now (the driver's rule)."""
        raise NotImplementedError

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is, or ``None`` when the hand is over."""
        turn = self._turn
        if turn == -1:  # remembered until the next event
            turn = self._turn = self._next_to_act()
        return turn

    def legal_actions(self) -> tuple[Action, ...]:
        """The actions the seat to act may take now (empty when the hand is over)."""
        legal = self._legal
        if legal is None:  # remembered until the next event: agents and apply() both ask
            legal = self._legal = self._offers()
        return legal

    def _viewer(self, seat: object) -> int | None:
        """``seat`` as a seat number, or ``None`` for a spectator; anything else is refused
        with :class:`~cartes.errors.IllegalActionError`."""
        if seat is None:
            return None
        if type(seat) is int and 0 <= seat < self.n:
            return seat
        number: int = int(seat) if is_whole(seat) else -1  # type: ignore[call-overload]
        if not 0 <= number < self.n:
            raise IllegalActionError(
                f"no seat {seat!r}: seats are 0..{self.n - 1}, or None for a spectator"
            )
        return number

    # -- acting ------------------------------------------------------------------------------

    def _act(self, seat: int, action: Action) -> Event:
        """Carry out ``action`` (checked legal) for ``seat``; return its event."""
        raise NotImplementedError

    def _apply(self, action: Action) -> Event:
        seat = self._turn  # apply() has just asked for the legal actions, so it is known
        if seat == -1:
            seat = self.to_act
        assert seat is not None
        self.actions.append((seat, action))
        self._turn = -1  # (the driver's rules read the state, not these, while it acts)
        self._legal = None
        event = self._act(seat, action)
        self._turn = -1
        self._legal = None
        return event

    # -- copies and comparison ---------------------------------------------------------------

    def clone(self) -> HandState:
        """An independent copy: the attributes in :attr:`copied` copied, the history and the
        actions as new lists; the views of this state are where the copy's start from."""
        twin: HandState = self._twin()
        mine = twin.__dict__
        for name, copy in self.copied.items():
            mine[name] = copy(mine[name])
        self._cloned(twin)
        return twin

    def _twin(self) -> Any:
        """A copy sharing every attribute but the history, the actions and the views (its
        own, started from this state's): where a driver's own ``clone`` starts."""
        cls = type(self)
        twin = cls.__new__(cls)
        twin.__dict__.update(self.__dict__)
        twin.history = list(self.history)
        twin.actions = list(self.actions)
        twin._views = {}
        if self._views:  # (else the twin looks where its original would have)
            twin._inherited = (self._views, len(self.history))
        return twin

    def _cloned(self, twin: Any) -> None:
        """Finish a clone: for what depends on another copied attribute (a betting round on
        the clone's chips)."""

    def _key(self) -> tuple[object, ...]:
        values: list[object] = [self.setup, self.history, self.actions]
        mine = self.__dict__
        for name, key in self.compared.items():
            value = mine[name]
            values.append(value if key is None else key(value))
        return tuple(values)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, HandState)
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def __getstate__(self) -> dict[str, Any]:
        # The views are a cache: a pickle or a deep copy redacts its history again on demand.
        state = dict(self.__dict__)
        state["_views"] = {}
        state["_inherited"] = None
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)

    # -- the history -------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The hand as JSON-ready data: the setup's header (:meth:`Setup.to_dict`), every
        action (which replay the hand) and every event (checked on replay)."""
        out = self.setup.to_dict()
        out["actions"] = [{"seat": seat, **action.to_dict()} for seat, action in self.actions]
        out["events"] = [event.to_dict() for event in self.history]
        return out


# ---------------------------------------------------------------------------------------------
# The template start


S = TypeVar("S", bound=HandState)


class HandGame(Game, Generic[S]):
    """A game whose hands are :class:`HandState` s: the template of ``start``, which checks
    the arguments every game takes (the seed, a stacked deck, the stacks, the button, the
    reshuffle seed) once, the same way, and hands the driver one :class:`Setup`.

    A game sets :attr:`card`, :attr:`shuffles_in_hand` and :attr:`burns`, and fills in
    :meth:`new_deck`, :meth:`deck_minimum` and :meth:`new_hand`; it may say the least stack
    a seat may start with (:attr:`stack_minimum`, which may depend on its options) and check
    its own start options in :meth:`start_options`.
    """

    #: The kind of card the game is dealt.
    card: ClassVar[type[Card] | type[SpanishCard]] = Card
    #: Whether a hand may shuffle again in mid-hand (then it draws a reshuffle seed).
    shuffles_in_hand: ClassVar[bool] = True
    #: Whether the game burns cards (then a stacked deck's burn pile is part of the setup).
    burns: ClassVar[bool] = True
    starting_stack: int

    @property
    def stack_minimum(self) -> int | None:
        """The least stack a seat may start with (``None``: any balance, a banking game's):
        1 chip unless a game says otherwise, which it may from its options (a game whose
        seats must cover the ante, say).

        >>> from cartes.games import SevenCardStud
        >>> SevenCardStud().stack_minimum
        1
        """
        return 1

    def new_deck(self) -> Deck[Any]:
        """A fresh, ordered deck of this game, shuffled by ``start``."""
        return Deck.french()

    def deck_minimum(self) -> tuple[int, str]:
        """The fewest cards a stacked deck may hold, and how that follows from the number of
        players (for the message)."""
        return 0, "0"

    def checked_deck(self, deck: object) -> Deck[Any]:
        """A copy of the stacked ``deck`` given to ``start``, checked (see
        :func:`cartes.games._check.start_deck`)."""
        minimum, why = self.deck_minimum()
        return start_deck(deck, self.card, minimum, why, self.players)

    def checked_stacks(self, stacks: object) -> list[int]:
        """The stacks given to ``start``, checked: one per seat."""
        return start_stacks(stacks, self.players, self.starting_stack, self.stack_minimum)

    def start_options(self, options: Mapping[str, Any], button: int) -> Mapping[str, Any] | None:
        """The game's own start options, checked (``None``: the game has none)."""
        return None

    def new_hand(self, setup: Setup, deck: Deck[Any]) -> S:
        """The hand of ``setup``, dealt from ``deck`` (a copy the hand may use up)."""
        raise NotImplementedError

    def _start(
        self,
        seed: SeedLike = None,
        deck: Deck[Any] | None = None,
        stacks: Sequence[int] | None = None,
        button: int = 0,
        reshuffle_seed: int | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> S:
        n = self.players
        rng = make_rng(seed)  # a bad seed is a cartes.errors.SeedError
        if deck is None:
            deck = self.new_deck()
            deck.shuffle(rng)
        else:
            deck = self.checked_deck(deck)
        chips = self.checked_stacks(stacks)
        seat = whole("button", button, 0, n - 1)
        own = self.start_options(options or {}, seat)
        if reshuffle_seed is None:
            reshuffle_seed = int(rng.integers(2**62)) if self.shuffles_in_hand else None
        else:
            reshuffle_seed = whole("reshuffle_seed", reshuffle_seed, 0)
            if not self.shuffles_in_hand:  # accepted for the common format, and unused
                reshuffle_seed = None
        setup = Setup(
            self, deck.cards, deck_kind(deck), tuple(chips), seat,
            reshuffle_seed, deck.burned if self.burns else (), own,
        )
        return self.new_hand(setup, deck)
