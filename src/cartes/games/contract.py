"""The contract every game keeps: actions, events, observations, and the Game / State pair.

This module names no game: the actions and events of a family of games live with it
(:mod:`cartes.games.poker`, :mod:`cartes.games.siete_y_medio`...), the chip actions several
families share in :mod:`cartes.games.chips`. What is here is what the registry, the history
format, the runners and :func:`~cartes.games.testing.check_game` may rely on for any game.

A :class:`~cartes.games.Game` is an immutable, validated configuration;
:meth:`~cartes.games.Game.start` deals one hand and returns its :class:`~cartes.games.State`.
A state tells who acts (:attr:`~cartes.games.State.to_act`), what they may do
(:meth:`~cartes.games.State.legal_actions`), and takes one action at a time
(:meth:`~cartes.games.State.apply`). Everything that happens is an
:class:`~cartes.games.Event` in :attr:`~cartes.games.State.history`.

Actions are small frozen dataclasses, registered by their ``kind`` (the name a history
writes). Those that put chips in carry their amount: ``Bet(5)`` puts 5 in, ``Raise(10)``
brings the seat's contribution this round to 10. A legal action that allows a range of amounts
(spread limit) is offered with ``up_to`` set (its :attr:`~Action.range_field` names the amount
it ranges over); apply it with one amount in that range, or let :meth:`Action.choose` pick one.

>>> from cartes.games import Bet, Fold, Raise
>>> Bet(5), Raise(10), Fold()
(Bet(5), Raise(10), Fold())
>>> Bet(1, up_to=10).allows(Bet(7)), Bet(1, up_to=10).allows(Bet(11))
(True, False)
>>> action_from_dict(Raise(10).to_dict())
Raise(10)
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal, TypeVar

import numpy as np

from cartes import _render
from cartes._indexed import IndexedCard
from cartes.deck import Deck, SeedLike
from cartes.errors import ConfigurationError, HistoryError, IllegalActionError
from cartes.french import Card
from cartes.games._check import is_whole
from cartes.spanish import SpanishCard

__all__ = [
    "DECK_KINDS",
    "RULES_REVISION",
    "Action",
    "Event",
    "Game",
    "Observation",
    "State",
    "action_from_dict",
    "action_repr",
    "checked_amounts",
    "deck_kind",
    "default_action",
    "forced_pick",
    "quick_init",
]


# ---------------------------------------------------------------------------------------------
# Actions

E = TypeVar("E")


def quick_init(cls: type[E]) -> type[E]:
    """Give a frozen, slotted dataclass an ``__init__`` that stores each field through its
    slot directly. The generated one goes through ``object.__setattr__`` per field (the price
    of ``frozen``), which made building events and offers a tenth of a random hand's time;
    this one takes the same arguments, in the same order and with the same defaults, at
    about 60% of the cost, and the class stays frozen. Classes with a ``__post_init__``,
    ``default_factory`` or keyword-only fields are refused.

    >>> @quick_init
    ... @dataclass(frozen=True, slots=True)
    ... class Point:
    ...     x: int
    ...     y: int = 0
    >>> Point(1, y=2), Point(1) == Point(1, 0)
    (Point(x=1, y=2), True)
    """
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    if not fields:  # nothing to store: the generated __init__ is as quick
        return cls
    if (
        "__slots__" not in cls.__dict__
        or hasattr(cls, "__post_init__")
        or any(
            not f.init or f.kw_only or f.default_factory is not dataclasses.MISSING
            for f in fields
        )
    ):
        raise TypeError(
            f"quick_init needs a frozen, slotted dataclass with plain fields: {cls.__name__}"
        )
    names = [f.name for f in fields]
    space: dict[str, Any] = {f"_set_{name}": getattr(cls, name).__set__ for name in names}
    params = []
    for f in fields:
        if f.default is dataclasses.MISSING:
            params.append(f.name)
        else:
            space[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
    body = "\n".join(f"    _set_{name}(self, {name})" for name in names) or "    pass"
    source = f"def __init__(self, {', '.join(params)}):\n{body}\n"
    namespace: dict[str, Any] = {}
    exec(source, space, namespace)  # the way dataclasses itself writes __init__
    init = namespace["__init__"]
    generated = cls.__init__  # keep what introspection and the docs read from it
    init.__annotations__ = dict(generated.__annotations__)
    init.__module__ = cls.__module__
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = generated.__doc__
    cls.__init__ = init  # type: ignore[method-assign]
    return cls


_ACTIONS: dict[str, type[Action]] = {}


def action_repr(action: Action) -> str:
    """An action as the call that builds it, the one style of every game's actions: the
    fields without a default by position, the others by keyword and only when they differ
    from their default; a range offer shows its range as its field's low end and
    ``up_to=`` (or ``<prefix>_up_to=`` for ``<prefix>_by``) its high end, right after it.
    Cards are written as text (the constructors take text), several cards as one text.

    >>> from cartes.games import Bet, Draw, Expose, OpenCalle, Raise, Vote
    >>> Raise(10), Raise(10, up_to=20), Vote(True), Expose("As")
    (Raise(10), Raise(10, up_to=20), Vote(True), Expose('As'))
    >>> Draw(up_to=2), OpenCalle(1, up_to=3, raise_up_to=2, down=True)
    (Draw(raise_by=0, up_to=2), OpenCalle(1, up_to=3, raise_by=0, raise_up_to=2, down=True))
    """
    fields = dataclasses.fields(action)
    names = {f.name for f in fields}
    ends: dict[str, str] = {}  # a range's low field -> the field of its high end
    for f in fields:
        if f.name == "up_to" and action.range_field is not None:
            ends[action.range_field] = f.name
        elif f.name.endswith("_up_to") and f"{f.name[:-6]}_by" in names:
            ends[f"{f.name[:-6]}_by"] = f.name
    shown = []
    for f in fields:
        if f.name in ends.values():
            continue
        value = getattr(action, f.name)
        end = ends.get(f.name)
        ranged = end is not None and getattr(action, end) is not None
        text = _repr_value(value)
        if f.default is dataclasses.MISSING:
            shown.append(text)
        elif ranged or value != f.default or type(value) is not type(f.default):
            shown.append(f"{f.name}={text}")
        if ranged:
            assert end is not None
            shown.append(f"{end}={getattr(action, end)!r}")
    return f"{type(action).__name__}({', '.join(shown)})"


def _repr_value(value: object) -> str:
    if isinstance(value, IndexedCard):
        return repr(str(value))
    if isinstance(value, tuple) and value and all(isinstance(v, IndexedCard) for v in value):
        return repr(" ".join(map(str, value)))
    return repr(value)


def _class_name(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action a player can take. Subclasses register a short ``kind`` name,
    which must be new: a subclass that reuses another action's kind (``"show"``, say) raises
    :class:`~cartes.errors.ConfigurationError` when it is defined.

    Every action is written the one way (:func:`action_repr`) unless its class writes its own
    ``__repr__``: the call that builds it, required fields by position, the others by keyword
    when not at their default, a range offer's range as ``field=low, up_to=high``.

    >>> from cartes.games import Bet, Check, Draw
    >>> Check().kind, Check().to_dict()
    ('check', {'kind': 'check'})
    >>> Bet(5), Bet(1, up_to=10), Draw(calle=1, raise_by=2, down=True)
    (Bet(5), Bet(1, up_to=10), Draw(calle=1, raise_by=2, down=True))
    """

    kind: ClassVar[str] = "action"
    #: What an ``int`` field other than an amount of chips holds, for the message when it is
    #: not a whole number (``{"calle": "a calle number (an int, ...)"}``); the others are
    #: amounts of chips.
    field_words: ClassVar[Mapping[str, str]] = {}
    #: The field that an offer's ``up_to`` ranges over (``"amount"`` for :class:`Bet`,
    #: ``"to"`` for :class:`Raise`), or ``None`` for an action that takes no amount.
    range_field: ClassVar[str | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # No super() call: slots=True rebuilds the class, which breaks zero-argument super.
        if "__repr__" not in cls.__dict__:  # set before @dataclass, which then keeps it
            cls.__repr__ = action_repr  # type: ignore[method-assign,assignment]
        if "kind" in cls.__dict__:
            taken = _ACTIONS.get(cls.kind)
            # The same class defined again (slots=True rebuilds it, a module reloads) may
            # take its kind back; another class may not: histories would read it instead.
            # (Compared by module and name: the rebuilt class gets its qualname only later.)
            same = taken is not None and (taken.__module__, taken.__name__) == (
                cls.__module__, cls.__name__
            )
            if taken is not None and not same:
                raise ConfigurationError(
                    f"action kind {cls.kind!r} is already used by {_class_name(taken)}: "
                    f"give {cls.__name__} a kind of its own"
                )
            _ACTIONS[cls.kind] = cls

    def allows(self, action: Action) -> bool:
        """Whether applying ``action`` is what this offer permits (equal, or within its range).

        >>> from cartes.games import Call, Check
        >>> Call().allows(Call()), Call().allows(Check())
        (True, False)
        """
        return action is self or self == action

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: ``kind`` plus the action's fields (``None`` fields left out).

        >>> from cartes.games import Bet
        >>> Bet(3).to_dict()
        {'kind': 'bet', 'amount': 3}
        """
        out: dict[str, Any] = {"kind": self.kind}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if value is not None:
                out[f.name] = str(value) if isinstance(value, IndexedCard) else value
        return out

    def label(self) -> str | None:
        """What a player would call this action or offer, in words (``"draw face down,
        raise 0-1"``), for a game whose actions need more than their fields to be understood;
        ``None`` (the default): :func:`cartes.display.action_label` writes the kind and the
        fields (``"raise to 10"``, ``"bet 1-10"``). A label starts with the action's verb, so
        that a player can type its first words.

        >>> from cartes.games import Draw, Fold
        >>> Fold().label() is None, Draw(down=True).label()
        (True, 'draw face down')
        """
        return None

    @classmethod
    def pick_among(cls, offers: Sequence[Action]) -> Action | None:
        """The offer a host takes when ``offers`` (holding one of this class) are a
        formality, or ``None`` (the default): a real decision. Stud's ``Show`` picks
        itself, calatone's ``Expose`` the lower card; see :meth:`State.forced_choice`.

        >>> from cartes.games import Check, Fold
        >>> Fold.pick_among([Fold(), Check()]) is None
        True
        """
        return None

    def choose(self, rng: np.random.Generator | None = None) -> Action:
        """An applicable action from this offer: an offer with a range (``up_to`` set)
        becomes one amount in it (uniform with ``rng``, else the least); others are
        themselves.

        >>> from cartes.games import Bet, Fold
        >>> Bet(1, up_to=10).choose(), Fold().choose()
        (Bet(1), Fold())
        """
        return self


def forced_pick(offers: Sequence[Action]) -> Action | None:
    """The first pick of an offer's class among ``offers`` (:meth:`Action.pick_among`), or
    ``None``: the host policy behind :meth:`State.forced_choice`.

    >>> from cartes.games import Expose
    >>> forced_pick([Expose("As"), Expose("7d")])
    Expose('7d')
    """
    for offer in offers:
        pick = offer.pick_among(offers)
        if pick is not None:
            return pick
    return None


def action_kinds() -> tuple[str, ...]:
    """The ``kind`` of every action class defined so far (the names histories use).

    >>> {"fold", "bet", "raise"} <= set(action_kinds())
    True
    """
    return tuple(_ACTIONS)


def action_from_dict(data: Mapping[str, Any]) -> Action:
    """Rebuild an action from :meth:`~cartes.games.Action.to_dict` output.

    >>> action_from_dict({"kind": "bet", "amount": 5})
    Bet(5)
    >>> action_from_dict({"kind": "jump"})
    Traceback (most recent call last):
    ...
    cartes.errors.HistoryError: unknown action kind 'jump': known kinds are ...
    """
    kind = data.get("kind")
    cls = _ACTIONS.get(str(kind))
    if cls is None:
        raise HistoryError(f"unknown action kind {kind!r}: known kinds are {sorted(_ACTIONS)}")
    fields = {k: v for k, v in data.items() if k != "kind"}
    try:
        return cls(**fields)
    except TypeError as error:
        raise HistoryError(f"bad fields for action {kind!r}: {fields} ({error})") from None


_INT_FIELDS: dict[type[Action], tuple[tuple[str, bool], ...]] = {}


def _int_fields(kind: type[Action]) -> tuple[tuple[str, bool], ...]:
    """The fields declared ``int`` (or ``int | None``) of an action class: ``(name, optional)``.

    The annotations are resolved with :func:`typing.get_type_hints`, so a class declared
    with or without ``from __future__ import annotations`` (text or real types) is read the
    same. Cached per class: reading a dataclass's fields on every action cost 5% of a random
    hand.
    """
    cached = _INT_FIELDS.get(kind)
    if cached is not None:
        return cached
    try:
        hints = typing.get_type_hints(kind)
    except Exception as error:  # an annotation naming something its module cannot see
        raise TypeError(
            f"the fields of {kind.__name__} must be annotated with types that resolve in its "
            f"module: {error}"
        ) from None
    found = []
    for f in dataclasses.fields(kind):
        hint = hints.get(f.name)
        if hint is int:
            found.append((f.name, False))
        elif typing.get_origin(hint) in (typing.Union, types.UnionType):
            arms = set(typing.get_args(hint))
            if int in arms and arms <= {int, type(None)}:
                found.append((f.name, type(None) in arms))
    _INT_FIELDS[kind] = tuple(found)
    return _INT_FIELDS[kind]


def checked_amounts(action: Action) -> Action:
    """``action`` with its chip amounts checked: each field declared ``int`` must hold a
    whole number (numpy integers become ints; bools, floats, text and ``None`` are refused
    with :class:`~cartes.errors.IllegalActionError`).

    >>> import numpy as np
    >>> from cartes.games import Bet, Raise
    >>> checked_amounts(Raise(np.int64(10)))
    Raise(10)
    >>> checked_amounts(Bet(5.0))
    Traceback (most recent call last):
    ...
    cartes.errors.IllegalActionError: Bet.amount must be a whole number of chips (an int), ...
    """
    changes: dict[str, int] = {}
    for name, optional in _int_fields(type(action)):
        value = getattr(action, name)
        if value is None and optional:
            continue
        if not is_whole(value):
            words = action.field_words.get(name, "a whole number of chips (an int)")
            raise IllegalActionError(
                f"{type(action).__name__}.{name} must be {words}, "
                f"got {type(value).__name__} {value!r}"
            )
        if type(value) is not int:
            changes[name] = int(value)
    return dataclasses.replace(action, **changes) if changes else action


# ---------------------------------------------------------------------------------------------
# Events


def _jsonable(value: Any) -> Any:
    if isinstance(value, IndexedCard):
        return str(value)
    if isinstance(value, Action):
        return value.to_dict()
    if isinstance(value, tuple | list):
        return [_jsonable(item) for item in value]
    if isinstance(value, frozenset):
        return sorted(value)
    return value


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened in a hand. Games define the concrete kinds.

    ``seat`` is the seat concerned (``None`` for table events). :meth:`seen_by` gives the
    event as a given seat may see it: hidden cards of other seats become ``None``.

    >>> from cartes.games.poker.events import CardDealt
    >>> event = CardDealt(seat=1, card=Card("As"), face_up=False, street=3)
    >>> event.seen_by(1).card, event.seen_by(0).card
    (Card('As'), None)
    """

    kind: ClassVar[str] = "event"
    seat: int | None

    def seen_by(self, seat: int | None) -> Event:
        """This event as ``seat`` may see it (``None``: a spectator)."""
        return self

    def describe(self) -> str:
        """One line of text for people, as :meth:`State.text_log` writes it. Each kind of
        event says itself (a game's new events bring their own sentence); the base gives the
        ``repr``.

        >>> from cartes.games.poker.events import AntePosted
        >>> AntePosted(seat=2, amount=1).describe()
        'Seat 2 posts the ante: 1'
        """
        return repr(self)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of the event: ``kind`` and every field."""
        out: dict[str, Any] = {"kind": self.kind}
        for f in dataclasses.fields(self):
            out[f.name] = _jsonable(getattr(self, f.name))
        return out


# ---------------------------------------------------------------------------------------------
# Observation


@dataclass(frozen=True)
class Observation:
    """What one seat may know about a hand: never another seat's hidden cards.

    ``seat`` is ``None`` for a spectator. ``cards`` maps each seat to its cards as this seat
    sees them (``None`` for a card it may not see); ``history`` holds the events redacted the
    same way; ``legal_actions`` is filled only when it is this seat's turn.

    >>> from cartes.games import SevenCardStud
    >>> obs = SevenCardStud(players=2).start(seed=1).observation(1)
    >>> obs.cards[0][:2], obs.to_act, obs.legal_actions
    ((None, None), 0, ())
    """

    seat: int | None
    to_act: int | None
    stacks: tuple[int, ...]
    committed: tuple[int, ...]
    folded: tuple[bool, ...]
    cards: tuple[tuple[Card | SpanishCard | None, ...], ...]
    board: tuple[Card | SpanishCard, ...]
    history: tuple[Event, ...]
    legal_actions: tuple[Action, ...]
    is_terminal: bool
    extra: Mapping[str, Any] = field(default_factory=dict)

    # notebook and IPython views, drawn by cartes.display (see cartes._render)
    _repr_html_ = _render.repr_html
    _repr_pretty_ = _render.repr_pretty

    @property
    def out(self) -> tuple[bool, ...]:
        """Which seats are out of the hand, in any game: those that folded in a poker game
        (:attr:`folded`), those that sit it out in siete y medio
        (:attr:`SieteObservation.sitting_out
        <cartes.games.siete_y_medio.observation.SieteObservation.sitting_out>`).

        >>> from cartes.games import SevenCardStud
        >>> SevenCardStud(players=2).start(seed=1).observation(0).out
        (False, False)
        """
        return self.folded

    def visible_cards(self) -> frozenset[Card | SpanishCard]:
        """Every card this observation reveals, anywhere in it.

        >>> from cartes.games import get
        >>> obs = get("seven-card-stud", players=2).start(seed=1).observation(0)
        >>> len(obs.visible_cards())  # own three cards and the other seat's door card
        4
        """
        seen = {card for hand in self.cards for card in hand if card is not None}
        seen.update(self.board)
        for event in self.history:
            for f in dataclasses.fields(event):
                value = getattr(event, f.name)
                if isinstance(value, Card | SpanishCard):
                    seen.add(value)
                elif isinstance(value, tuple):
                    seen.update(item for item in value if isinstance(item, Card | SpanishCard))
        return frozenset(seen)


# ---------------------------------------------------------------------------------------------
# Game and State


class Game(ABC):
    """An immutable, validated game configuration that starts hands.

    Concrete games are frozen dataclasses that validate their fields in ``__post_init__``
    (raising :class:`~cartes.errors.ConfigurationError`) and implement :meth:`start`.
    ``name`` is the registry name (see :mod:`cartes.games`).

    >>> from cartes.games import SevenCardStud
    >>> game = SevenCardStud(players=3)
    >>> isinstance(game, Game), game.name, SevenCardStud(**game.config()) == game
    (True, 'seven-card-stud', True)
    """

    name: ClassVar[str] = "game"
    #: ``True`` for a banking game settled in cash (siete y medio, M-19): a seat's chips are
    #: an account that may go below zero, and a :class:`~cartes.games.Table` deals every seat.
    balances: ClassVar[bool] = False
    #: The revision of the rules the game plays, for a game whose rules are written down in
    #: revisions (cartes' own three follow the revisions of their specification,
    #: :data:`RULES_REVISION`); its histories carry it as ``rules``, so that a hand written
    #: under rules that since changed its outcome is refused naming the revision instead of
    #: replaying to something else. ``None`` (the default, for a plugin): no revision.
    rules_revision: ClassVar[int | None] = None

    @property
    @abstractmethod
    def players(self) -> int:
        """How many seats are dealt in."""

    @abstractmethod
    def start(
        self,
        seed: SeedLike = None,
        *,
        deck: Deck[Any] | None = None,
        stacks: Sequence[int] | None = None,
        button: int = 0,
        reshuffle_seed: int | None = None,
    ) -> State:
        """Deal one hand and return its state.

        Every game takes these arguments, so that the runners can start any of them:
        ``seed`` (an int, a numpy ``Generator`` or ``None``) shuffles a fresh deck; ``deck``
        (a stacked :class:`~cartes.Deck`) is dealt in its order instead; ``stacks`` and
        ``button`` come from :class:`~cartes.games.Table` (and ``button`` from
        :func:`cartes.play.simulate`); ``reshuffle_seed`` is what :func:`cartes.games.replay`
        passes to redo any shuffle in mid-hand. A game with no use for one accepts and ignores
        it. A concrete game narrows the return type to its own state (``SevenCardStud.start``
        returns a :class:`~cartes.games.StudState`) and may add keyword-only options with
        defaults.

        >>> from cartes.games import SevenCardStud
        >>> type(SevenCardStud(players=2).start(1, button=1)).__name__
        'StudState'
        """

    def config(self) -> dict[str, Any]:
        """The configuration as JSON-ready keyword arguments: ``type(game)(**game.config())``
        rebuilds an equal game."""
        if dataclasses.is_dataclass(self):
            return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        raise NotImplementedError(f"{type(self).__name__} must define config()")


class State(ABC):
    """One hand in progress. Subclasses implement the game; this base holds the contract.

    :meth:`apply` checks the seat and that the action is among :meth:`legal_actions`
    *before* anything changes, so an illegal action leaves the state exactly as it was.

    >>> from cartes.games import Fold, SevenCardStud
    >>> state = SevenCardStud(players=2).start(seed=1)
    >>> before = state.clone()
    >>> state.apply(Fold())
    Traceback (most recent call last):
    ...
    cartes.errors.IllegalActionError: Fold() is not legal for seat 0 now: legal actions are ...
    >>> state == before
    True
    """

    #: Every event of the hand so far, in order.
    history: list[Event]

    # notebook and IPython views, drawn by cartes.display (see cartes._render)
    _repr_html_ = _render.repr_html
    _repr_pretty_ = _render.repr_pretty

    @property
    @abstractmethod
    def to_act(self) -> int | None:
        """The seat whose turn it is, or ``None`` when the hand is over."""

    @property
    @abstractmethod
    def is_terminal(self) -> bool:
        """Whether the hand is over (pots awarded)."""

    @property
    @abstractmethod
    def payoffs(self) -> tuple[int, ...]:
        """Net chips won or lost by each seat in this hand; they sum to zero."""

    @abstractmethod
    def legal_actions(self) -> tuple[Action, ...]:
        """The actions the seat to act may take now (empty when the hand is over)."""

    @abstractmethod
    def observation(self, seat: int | None) -> Observation:
        """What ``seat`` may know now (``None``: a spectator who sees only public cards)."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy: applying actions to it does not change this state."""

    @abstractmethod
    def _apply(self, action: Action) -> Event:
        """Carry out an action already checked legal; return its event."""

    def apply(self, action: Action, *, seat: int | None = None) -> Event:
        """Take ``action`` for the seat to act (or check that it is ``seat``'s turn first).

        Raises :class:`~cartes.errors.IllegalActionError`, changing nothing, when the hand
        is over, it is another seat's turn, an amount is not a whole number of chips (numpy
        integers are taken as ints; floats, bools and text are refused), or the action is not
        one of :meth:`legal_actions`.
        """
        if self.is_terminal:
            raise IllegalActionError(f"cannot apply {action!r}: the hand is over")
        if seat is None:
            # The common case first: an agent hands back one of the offers itself, made by the
            # game and so already checked (a range offer, ``up_to`` set, allows only amounts).
            for offer in self.legal_actions():
                if offer is action:
                    if offer.allows(action):
                        return self._apply(action)
                    break
        if not isinstance(action, Action):
            raise IllegalActionError(
                f"cannot apply {action!r}: an action is a cartes.games Action such as Fold()"
            )
        action = checked_amounts(action)
        if seat is not None:
            if not is_whole(seat):
                raise IllegalActionError(
                    f"seat must be an int (the seat that acts) or None, "
                    f"got {type(seat).__name__} {seat!r}"
                )
            if seat != self.to_act:
                raise IllegalActionError(
                    f"seat {seat} cannot act now: it is seat {self.to_act}'s turn"
                )
        offered = self.legal_actions()
        if not any(offer.allows(action) for offer in offered):
            message = _range_offer_message(action, offered) or self.why_not(action)
            raise IllegalActionError(
                message
                or f"{action!r} is not legal for seat {self.to_act} now: legal actions are "
                f"{list(offered)}"
            )
        return self._apply(action)

    def why_not(self, action: Action) -> str | None:
        """The one hook for why ``action`` (its amounts already whole numbers, not among the
        legal actions) is refused: a game may say more precisely what was wrong (a card that
        is not the seat's, say) and what is allowed. ``None`` (the default): the message
        names the legal actions.

        >>> from cartes.games import Fold, SevenCardStud
        >>> SevenCardStud(players=2).start(seed=1).why_not(Fold()) is None
        True
        """
        return None

    def cards_to_draw(self, action: Action) -> int | None:
        """How many cards applying ``action`` (legal now) takes from the top of the hand's
        stock (dealt or burned, before any shuffle), when the hand can tell before it sees
        them; ``None`` (the default) when it cannot. A game that answers deals a fixed number
        of cards at its start and keeps its stock in ``self.deck``; the OpenSpiel adapter
        then deals each card as a chance node just before the hand draws it, not the whole
        hand's cards up front (see :mod:`cartes.adapters.openspiel`).

        >>> from cartes.games import Fold, SevenCardStud
        >>> SevenCardStud(players=2).start(seed=1).cards_to_draw(Fold())
        0
        """
        return None

    def forced_choice(self) -> Action | None:
        """The host policy for a choice that is a formality rather than a decision (show at
        a stud showdown, expose the lower card in calatone, declare the best five), or
        ``None`` when the seat to act has a real decision. By default each offer's class
        says (:meth:`Action.pick_among`), so the runners need to know no game's actions.

        >>> from cartes.games import SevenCardStud
        >>> SevenCardStud(players=2).start(seed=1).forced_choice() is None
        True
        """
        return forced_pick(self.legal_actions())

    def gives_up(self, action: Action) -> bool:
        """Whether taking ``action`` (one of the offers) gives up the hand: the players of
        :func:`~cartes.games.testing.check_game` that never give up leave such offers alone.
        By default the offer's ``kind`` says, by the names cartes' games use (``"fold"``, and
        ``"muck"`` at a stud showdown); a game whose seats give up otherwise says so.

        >>> from cartes.games import Call, Fold, SevenCardStud
        >>> state = SevenCardStud(players=2).start(seed=1)
        >>> state.gives_up(Fold()), state.gives_up(Call())
        (True, False)
        """
        return action.kind in _GIVING_UP

    def default_action(self, policy: HostPolicy = "check_fold") -> Action:
        """The hook behind :func:`~cartes.games.default_action`: what a host applies for the
        seat to act when its clock runs out, under ``policy`` (already checked).

        The base reads nothing but the offers' ``kind`` and range (no game's classes), by the
        convention cartes' games keep: ``"check_fold"`` shows at a showdown (a ``"show"``
        offer), checks if free, else folds, else takes the first offer at its least amount
        (a forced bring-in; a 7½ punter's first choice); ``"all_in"`` shows, else takes the
        most the last ``"bet"``, ``"raise"`` or ``"complete"`` offer allows, else calls or
        checks. A game with other timeout rules overrides it.

        >>> from cartes.games import SevenCardStud
        >>> SevenCardStud(players=2).start(seed=1).default_action("all_in")
        Complete()
        """
        legal = self.legal_actions()
        if not legal:
            raise IllegalActionError("no action is due: the hand is over")
        offered = {offer.kind: offer for offer in reversed(legal)}  # the first of each kind
        if "show" in offered:
            return offered["show"]
        if policy == "all_in":
            aggressive = [a for a in legal if a.kind in ("bet", "raise", "complete")]
            if aggressive:
                return _most_of(aggressive[-1])
            for kind in ("call", "check"):
                if kind in offered:
                    return offered[kind]
        for kind in ("check", "fold"):
            if kind in offered:
                return offered[kind]
        return legal[0].choose()  # the forced bring-in (a range: its least amount)

    @property
    def next_button(self) -> int | None:
        """The seat that holds the button (or the bank) next hand when the game's own rules
        decide it, once the hand is over; ``None`` (the default): a
        :class:`~cartes.games.Table` moves it one seat clockwise.

        >>> from cartes.games import SevenCardStud
        >>> SevenCardStud(players=2).start(seed=1).next_button is None
        True
        """
        return None

    def revealed_cards(self) -> tuple[tuple[Card | SpanishCard, ...], ...]:
        """Every seat's cards, all of them, in the order of :attr:`Observation.cards`: the
        house's view (for a display's ``reveal=True`` or a log), never a player's. By default
        each seat's own observation of its own cards; a game in which a seat may not see one
        of its own cards (a 7½ *muerta*, M-14) gives them all.

        >>> from cartes.games import SevenCardStud
        >>> state = SevenCardStud(players=2).start(seed=1)
        >>> state.revealed_cards()[1] == state.observation(1).cards[1]
        True
        """
        cards: list[tuple[Card | SpanishCard, ...]] = []
        for seat in range(len(self.observation(None).cards)):
            own = self.observation(seat).cards[seat]
            cards.append(tuple(card for card in own if card is not None))
        return tuple(cards)

    def to_dict(self) -> dict[str, Any]:
        """The hand as JSON-ready data that :func:`cartes.games.replay` reads back.

        Games that save hands override it; the fields are those of
        :meth:`HandState.to_dict <cartes.games.hand.HandState.to_dict>` (``format``, ``game``
        (the registered name), ``config``, ``deck``, ``deck_kind``, ``burned``, ``stacks``,
        ``button``, ``reshuffle_seed``, ``actions``, ``events``). The base raises
        ``NotImplementedError``.
        """
        raise NotImplementedError(
            f"{type(self).__name__} does not define to_dict(): this game cannot save hands"
        )

    def to_json(self, **kwargs: Any) -> str:
        """The hand as JSON text (:meth:`to_dict`, with ``json.dumps`` options);
        :func:`cartes.games.replay` rebuilds an equal state.

        >>> from cartes.games import SevenCardStud, replay
        >>> state = SevenCardStud(players=2).start(seed=2)
        >>> replay(state.to_json()) == state
        True
        """
        return json.dumps(self.to_dict(), **kwargs)

    def text_log(self) -> str:
        """A readable account of the hand, one line per event of :attr:`history` (all of
        it, hidden cards included: the house's full log, S-18); each line is the event's
        :meth:`~cartes.games.Event.describe`.

        >>> from cartes.games import SevenCardStud
        >>> print(SevenCardStud(players=2).start(seed=4).text_log().splitlines()[0])
        Hand starts: button seat 0, stacks 200 200
        """
        return "\n".join(event.describe() for event in self.history)

    def apply_all(self, actions: Sequence[Action]) -> None:
        """Apply several actions in turn.

        >>> from cartes.games import BringIn, Call, get
        >>> state = get("seven-card-stud", players=2).start(seed=3)
        >>> state.apply_all([BringIn(), Call()])
        >>> state.street
        4
        """
        for action in actions:
            self.apply(action)


def _range_offer_message(action: Action, offered: Sequence[Action]) -> str:
    """When ``action`` is one of the offers with a range (``up_to`` set), applied as it was
    offered instead of as one amount: say how to make the action from it; else ``""``."""
    field = action.range_field
    top = getattr(action, "up_to", None)
    if field is None or top is None or action not in offered:
        return ""
    low = getattr(action, field)
    return (
        f"{action!r} is an offer of a range, not an action: apply one amount from it, "
        f"offer.choose(rng) or {type(action).__name__}({field}=n) with n in {low}..{top}"
    )


#: The revision of the rules specification that cartes' own games play (see the rules pages
#: and the changelog). A history written before histories carried it is of revision 2.
RULES_REVISION = 3

#: The kinds of deck a hand history may name in ``deck_kind``, and their cards.
DECK_KINDS: dict[str, type[Card] | type[SpanishCard]] = {"french": Card, "spanish": SpanishCard}


def deck_kind(deck: Deck[Any]) -> str:
    """The name of a deck's kind of card, as written in a hand history's ``deck_kind``.

    >>> deck_kind(Deck.french()), deck_kind(Deck.spanish())
    ('french', 'spanish')
    """
    for name, kind in DECK_KINDS.items():
        if deck.kind is kind:
            return name
    raise HistoryError(  # pragma: no cover - a Deck holds French or Spanish cards
        f"no history name for a deck of {deck.kind.__name__}: known kinds are {list(DECK_KINDS)}"
    )


#: The kinds of offer that give up a hand, by the convention of cartes' games.
_GIVING_UP = frozenset({"fold", "muck"})

#: What a host does for a seat whose clock runs out (S-14): see :func:`default_action`.
HostPolicy = Literal["check_fold", "all_in"]


def _most_of(offer: Action) -> Action:
    """The most an offer allows: an offer with a range (``up_to`` set) as its top amount."""
    top = getattr(offer, "up_to", None)
    field_name = offer.range_field
    if top is None or field_name is None:
        return offer
    return dataclasses.replace(offer, **{field_name: top, "up_to": None})


def default_action(state: State, policy: HostPolicy = "check_fold") -> Action:
    """What a host applies when a seat's clock runs out (S-14): the state's own
    :meth:`State.default_action` hook, under ``policy``.

    ``"check_fold"``: show at a showdown, check if free, post a forced bring-in, else fold.
    ``"all_in"`` (the seed's room rule): the largest bet, raise or completion offered, else
    call (or check). In a game with none of these (7½), the first legal action, at its least
    amount (a 7½ punter stands when he may).

    >>> from cartes.games import SevenCardStud
    >>> state = SevenCardStud(players=2).start(seed=1)
    >>> default_action(state)
    BringIn()
    >>> default_action(state, "fold")
    Traceback (most recent call last):
    ...
    cartes.errors.ConfigurationError: policy must be 'check_fold' or 'all_in', got 'fold'
    """
    if policy not in ("check_fold", "all_in"):
        raise ConfigurationError(f"policy must be 'check_fold' or 'all_in', got {policy!r}")
    if not state.legal_actions():
        raise IllegalActionError("no action is due: the hand is over")
    hook = getattr(state, "default_action", None)
    if not callable(hook):  # a host's own stand-in for a state, with legal_actions() only
        return State.default_action(state, policy)
    action: Action = hook(policy)
    return action
