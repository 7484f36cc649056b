"""Encodings for learning: a fixed action numbering, information-state strings and keys, and
observation tensors, per game, all derived from an :class:`~cartes.games.Observation` alone
(so they cannot show a program what its seat may not know).

:func:`encoding` gives a game's :class:`Encoding`; a game plugs in with a small subclass
registered under the game's name: declared by its package in the entry-point group
``cartes.encodings`` (name: the game's registry name; value: ``"module:Class"``, imported only
when a program first asks for the encoding), or by :func:`register_encoding`.

>>> from cartes.games import SevenCardStud
>>> game = SevenCardStud(players=2)
>>> enc = encoding(game)
>>> state = game.start(seed=1)
>>> obs = state.observation(state.to_act)
>>> enc.num_actions, [enc.action_names[i] for i in enc.legal_action_ids(obs)]
(11, ['bring_in', 'complete'])
>>> enc.decode(enc.encode(state.legal_actions()[1], obs), obs)
Complete()
>>> enc.observation_tensor(obs).shape == enc.tensor_shape
True
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib
import json
import warnings
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from importlib.metadata import entry_points
from typing import Any, ClassVar

import numpy as np
from numpy.typing import NDArray

from cartes._indexed import IndexedCard
from cartes.deck import Deck
from cartes.errors import ConfigurationError, IllegalActionError, UnknownGameError
from cartes.french import Card
from cartes.games._check import is_whole
from cartes.games.contract import Action, Event, Game, Observation, State
from cartes.games.hand import SeenEvents
from cartes.spanish import SpanishCard

__all__ = [
    "AmountEncoding",
    "Encoding",
    "canonical",
    "encoding",
    "encodings",
    "register_encoding",
]


# ---------------------------------------------------------------------------------------------
# Canonical text: equal values give equal text, different values different text.


def canonical(value: object) -> str:
    """A canonical text of a value built from what observations hold: cards, actions,
    events, dataclasses (such as pots), tuples, sets, mappings, numbers, text and ``None``.
    Two values give the same text exactly when they are equal (and of the same kinds).

    >>> from cartes import Card
    >>> from cartes.games import Bet
    >>> canonical((Card("As"), None, Bet(5), frozenset({2, 1}), {"b": 1, "a": True}))
    '(As,-,Bet(amount=5,up_to=-),{1,2},{"a":T,"b":1})'
    """
    kind = type(value)
    fast = _FAST.get(kind)
    if fast is not None:
        return fast(value)
    names = _FIELD_NAMES.get(kind)
    if names is not None:
        if kind in _EVENT_KINDS:
            return _event_text(value, names)
        return _dataclass_text(value, names)
    if value is None:
        return "-"
    if isinstance(value, bool | np.bool_):
        return "T" if value else "F"
    if is_whole(value):
        return str(int(value))  # type: ignore[call-overload]
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, IndexedCard):
        return str(value)
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, tuple | list):
        return _sequence_text(value)
    if isinstance(value, frozenset | set):
        return "{" + ",".join(sorted(canonical(item) for item in value)) + "}"
    if isinstance(value, Mapping):
        items = sorted((canonical(k), canonical(v)) for k, v in value.items())
        return "{" + ",".join(f"{k}:{v}" for k, v in items) + "}"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        # the field names are read once per class: histories hold thousands of events; a
        # field left out of equality (a deprecated alias) is left out of the text too
        names = _FIELD_NAMES[kind] = tuple(
            f.name for f in dataclasses.fields(value) if f.compare)
        if isinstance(value, Event):
            _EVENT_KINDS.add(kind)
        return _dataclass_text(value, names)
    raise ConfigurationError(
        f"no canonical text for {type(value).__name__} {value!r}: observations must hold "
        "cards, actions, events, dataclasses, tuples, sets, mappings, numbers or text"
    )


def _sequence_text(value: tuple[object, ...] | list[object]) -> str:
    return "(" + ",".join([canonical(item) for item in value]) + ")"


def _dataclass_text(value: object, names: tuple[str, ...]) -> str:
    fields = ",".join([f"{name}={canonical(getattr(value, name))}" for name in names])
    return f"{type(value).__name__}({fields})"


def _event_text(value: object, names: tuple[str, ...]) -> str:
    """:func:`_dataclass_text` of an event."""
    return _dataclass_text(value, names)


def _history_text(value: SeenEvents) -> str:
    """The text of a viewer's history from a :class:`~cartes.games.hand.HandState`: each
    event's text is kept with the view itself (an information state holds the whole history,
    and a seat's events are the same objects from one observation to the next: they were most
    of its cost), so only the events new since the view's last text are written."""
    return "(" + ",".join(value.texts(canonical)) + ")"


_EVENT_KINDS: set[type] = set()
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
# Exact types met most often, dispatched without isinstance chains.
_FAST: dict[type, Callable[[Any], str]] = {
    int: str,
    bool: lambda value: "T" if value else "F",
    type(None): lambda value: "-",
    tuple: _sequence_text,
    list: _sequence_text,
    str: json.dumps,
    Card: str,
    SpanishCard: str,
    SeenEvents: _history_text,
}


# ---------------------------------------------------------------------------------------------
# The encoding of one game


class Encoding(ABC):
    """How programs see one game: a fixed numbering of actions, an information-state string
    and key, an observation string and an observation tensor, for one configuration.

    Everything is computed from an :class:`~cartes.games.Observation` (the seat's own view),
    never from the state. A game gets one by subclassing (usually :class:`PokerEncoding`)
    and :func:`register_encoding`; the adapters in :mod:`cartes.adapters` need nothing more.

    Subclasses name their actions with :meth:`make_action_names` (:attr:`action_names` and
    :attr:`num_actions` follow), implement :meth:`legal_ids` (which numbers are legal, and the
    action each stands for; :meth:`decode` and :meth:`encode` are built on it), and describe
    their tensor with :meth:`tensor_pieces` and :meth:`fill_tensor`, and what the adapters
    need to deal with :meth:`new_deck`, :meth:`max_actions` and :meth:`payoff_bounds`.

    >>> from cartes.games import SevenCardStud
    >>> enc = encoding(SevenCardStud())
    >>> isinstance(enc, Encoding), enc.game == SevenCardStud()
    (True, True)
    """

    #: The name of the game this encoding is for (its registry name).
    game_name: ClassVar[str] = ""
    #: The kinds of action whose number a spectator cannot tell from what it sees (a choice
    #: made on a hidden card): the OpenSpiel adapter shows such a number to its seat alone.
    private_kinds: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, game: Game) -> None:
        if not isinstance(game, Game):
            raise ConfigurationError(f"an encoding needs a cartes.games Game, got {game!r}")
        self.game = game
        self.action_names: tuple[str, ...] = self.make_action_names()
        pieces = self.tensor_pieces()
        self.layout: dict[str, tuple[slice, tuple[int, ...]]] = {}
        start = 0
        for name, shape in pieces:
            size = int(np.prod(shape))
            self.layout[name] = (slice(start, start + size), shape)
            start += size
        self.tensor_shape: tuple[int, ...] = (start,)

    # -- actions ---------------------------------------------------------------------------

    @abstractmethod
    def make_action_names(self) -> tuple[str, ...]:
        """One short name per action number (their count is :attr:`num_actions`)."""

    @property
    def num_actions(self) -> int:
        """How many action numbers there are: every action is one of ``0..num_actions-1``."""
        return len(self.action_names)

    @abstractmethod
    def legal_ids(self, obs: Observation) -> dict[int, Action]:
        """The legal action numbers of the seat whose observation this is, each with the
        action it stands for (empty when it is not the seat's turn)."""

    def legal_action_ids(self, obs: Observation) -> list[int]:
        """The legal action numbers, ascending.

        >>> from cartes.games import SevenCardStud
        >>> state = SevenCardStud().start(seed=1)
        >>> encoding(state.game).legal_action_ids(state.observation(0))
        [3, 4]
        """
        return sorted(self.legal_ids(obs))

    def legal_action_mask(self, obs: Observation) -> NDArray[np.bool_]:
        """A boolean mask over the action numbers: ``True`` where legal.

        >>> from cartes.games import SevenCardStud
        >>> state = SevenCardStud().start(seed=1)
        >>> encoding(state.game).legal_action_mask(state.observation(0)).nonzero()[0]
        array([3, 4])
        """
        mask = np.zeros(self.num_actions, dtype=np.bool_)
        for index in self.legal_ids(obs):
            mask[index] = True
        return mask

    def decode(self, index: int, obs: Observation) -> Action:
        """The action that number ``index`` stands for now, ready for
        :meth:`~cartes.games.State.apply`. A number that is not legal now raises
        :class:`~cartes.errors.IllegalActionError`.

        >>> from cartes.games import SevenCardStud
        >>> state = SevenCardStud().start(seed=1)
        >>> encoding(state.game).decode(0, state.observation(0))
        Traceback (most recent call last):
        ...
        cartes.errors.IllegalActionError: action number 0 (fold) is not legal now: ...
        """
        if not is_whole(index) or not 0 <= index < self.num_actions:
            raise IllegalActionError(
                f"an action number is an int in 0..{self.num_actions - 1}, got {index!r}"
            )
        legal = self.legal_ids(obs)
        if int(index) not in legal:
            raise IllegalActionError(
                f"action number {index} ({self.action_names[index]}) is not legal now: "
                f"legal numbers are {sorted(legal)}"
            )
        return legal[int(index)]

    def encode(self, action: Action, obs: Observation) -> int:
        """The number of a legal action (an amount within a spread range gets the number of
        the nearest bucket, see :class:`PokerEncoding`). An action that is not legal now
        raises :class:`~cartes.errors.IllegalActionError`.

        >>> from cartes.games import SevenCardStud, BringIn
        >>> state = SevenCardStud().start(seed=1)
        >>> encoding(state.game).encode(BringIn(), state.observation(0))
        3
        """
        legal = self.legal_ids(obs)
        for index, candidate in legal.items():
            if candidate == action and type(candidate) is type(action):
                return index
        near = self.nearest(action, legal, obs)
        if near is not None:
            return near
        raise IllegalActionError(
            f"{action!r} is not legal now: legal actions are {list(obs.legal_actions)}"
        )

    def nearest(
        self, action: Action, legal: Mapping[int, Action], obs: Observation
    ) -> int | None:
        """The number to give a legal action that no number stands for exactly (``None``:
        there is none). The base has none; :class:`PokerEncoding` picks a spread bucket."""
        return None

    # -- strings -----------------------------------------------------------------------------

    def information_state_string(self, obs: Observation) -> str:
        """All the seat knows, as text: equal for two observations exactly when they are
        equal (the seat, every card it sees, the history as it saw it, the chips...).

        >>> from cartes.games import SevenCardStud
        >>> state = SevenCardStud().start(seed=1)
        >>> enc = encoding(state.game)
        >>> enc.information_state_string(state.observation(0))[:40]
        'seat=0;Observation(seat=0,to_act=0,stack'
        """
        who = "-" if obs.seat is None else str(obs.seat)
        return f"seat={who};{canonical(obs)}"

    def information_state_key(self, obs: Observation) -> str:
        """A short key (32 hex digits, a 128-bit BLAKE2b digest of
        :meth:`information_state_string`): equal exactly when the strings are (up to a
        digest collision, which one will not meet).

        >>> from cartes.games import SevenCardStud
        >>> state = SevenCardStud().start(seed=1)
        >>> len(encoding(state.game).information_state_key(state.observation(0)))
        32
        """
        text = self.information_state_string(obs)
        return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()

    def observation_string(self, obs: Observation) -> str:
        """What the seat sees now, without the history: its cards and everyone's visible
        ones, the chips, whose turn it is and the game's own details.

        >>> from cartes.games import SevenCardStud
        >>> state = SevenCardStud().start(seed=1)
        >>> encoding(state.game).observation_string(state.observation(1))[:36]
        'seat=1;to_act=0;cards=((-,-,6c),(8s,'
        """
        who = "-" if obs.seat is None else str(obs.seat)
        parts = [
            f"seat={who}",
            f"to_act={canonical(obs.to_act)}",
            f"cards={canonical(obs.cards)}",
            f"board={canonical(obs.board)}",
            f"stacks={canonical(obs.stacks)}",
            f"committed={canonical(obs.committed)}",
            f"folded={canonical(obs.out)}",
            f"extra={canonical(obs.extra)}",
            f"over={canonical(obs.is_terminal)}",
        ]
        return ";".join(parts)

    # -- tensors -----------------------------------------------------------------------------

    @abstractmethod
    def tensor_pieces(self) -> list[tuple[str, tuple[int, ...]]]:
        """The named pieces of the observation tensor, in order, with their shapes."""

    @abstractmethod
    def fill_tensor(self, obs: Observation, pieces: dict[str, NDArray[np.float32]]) -> None:
        """Write the observation into the named pieces (views of one zeroed tensor)."""

    def observation_tensor(self, obs: Observation) -> NDArray[np.float32]:
        """The observation as a flat float32 vector of shape :attr:`tensor_shape`, every
        entry between 0 and 1; :meth:`tensor_views` names its pieces.

        >>> from cartes.games import SevenCardStud
        >>> state = SevenCardStud().start(seed=1)
        >>> tensor = encoding(state.game).observation_tensor(state.observation(0))
        >>> tensor.dtype, bool(((tensor >= 0) & (tensor <= 1)).all())
        (dtype('float32'), True)
        """
        tensor = np.zeros(self.tensor_shape, dtype=np.float32)
        self.fill_tensor(obs, self.tensor_views(tensor))
        return tensor

    def tensor_views(self, tensor: NDArray[np.float32]) -> dict[str, NDArray[np.float32]]:
        """The named pieces of a tensor, as reshaped views (writing to them writes it).

        >>> from cartes.games import SevenCardStud
        >>> enc = encoding(SevenCardStud(players=3))
        >>> enc.tensor_views(np.zeros(enc.tensor_shape, np.float32))["cards"].shape
        (3, 7, 52)
        """
        return {name: tensor[part].reshape(shape) for name, (part, shape) in self.layout.items()}

    # -- what the adapters need to deal ------------------------------------------------------

    @abstractmethod
    def new_deck(self) -> Deck[Any]:
        """A fresh, ordered deck of the game's kind, whose order chance then sets."""

    def cards_used(self) -> int:
        """How many cards from the top of the deck a hand can use at most (the adapters let
        chance choose that many; the rest never reach the table)."""
        return len(self.new_deck())

    def start(self, deck: Deck[Any], *, button: int = 0) -> State:
        """Start a hand dealt from ``deck`` in its order."""
        return self.game.start(0, deck=deck, button=button)

    @abstractmethod
    def max_actions(self) -> int:
        """A bound on the actions of one hand (for frameworks that want one)."""

    @abstractmethod
    def payoff_bounds(self) -> tuple[int, int]:
        """The least and the most one seat can win in a hand."""


# ---------------------------------------------------------------------------------------------
# Poker: named kinds, and bet or raise amounts in buckets


class AmountEncoding(Encoding):
    """An encoding that numbers the amounts of a range offer by buckets: :attr:`buckets`
    numbers for each amount the game lets a seat choose (a poker bet or raise, a 7½ stake).

    The numbers of an amount stand for the amounts allowed now, smallest first:

    - when no more than ``buckets`` amounts are allowed (fixed limit: one or two), number
      *j* is the *j*-th smallest, so every legal action has its own number;
    - when more are (a spread-limit range from *low* to *high*), number *j* stands for
      ``low + round((high - low) * j / (buckets - 1))``, moved to the nearest allowed
      amount: the least, the most, and evenly spaced amounts between. An amount between
      two buckets is encoded as the nearest (the lower on a tie), so it decodes to that
      bucket's amount.

    Numbers whose amount repeats a smaller number's are not legal, so each legal number
    decodes to a different action. The poker games' numbering is
    :class:`~cartes.games.poker.encoding.PokerEncoding`.

    A numbering that reads nothing of the observation but its offers (the poker games', 7½'s)
    is remembered per tuple of offers, which repeat from one decision to the next: a subclass
    computes it in ``_number_offers`` and returns ``self._offer_ids(obs.legal_actions)`` from
    :meth:`~Encoding.legal_ids`; the memo holds a few thousand tuples at most and is left out
    of pickles.
    """

    #: How many numbers each amount has.
    buckets: ClassVar[int] = 5
    # How many offer tuples' numberings :meth:`_offer_ids` keeps; past it the memo starts
    # again empty (random play meets a few hundred distinct tuples per game configuration).
    _memo_size: ClassVar[int] = 4096

    def __init__(self, game: Game) -> None:
        self._memo: dict[tuple[Action, ...], dict[int, Action]] = {}
        super().__init__(game)

    def __getstate__(self) -> dict[str, Any]:
        # the memo is a cache: a pickle (the adapters pickle games) leaves it behind
        state = dict(self.__dict__)
        state.pop("_memo", None)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._memo = {}

    def _offer_ids(self, offers: Sequence[Action]) -> dict[int, Action]:
        """:meth:`_number_offers` of ``offers``, remembered per tuple of offers (they repeat
        from one decision to the next): a new dict each call, so a caller may change it.
        Only for a numbering that reads nothing but the offers and the encoding's class.
        An offer that cannot be hashed (a plugin's) is numbered every time."""
        key = offers if type(offers) is tuple else tuple(offers)
        memo = self._memo
        try:
            found = memo.get(key)
        except TypeError:
            return self._number_offers(key)
        if found is None:
            found = self._number_offers(key)
            if len(memo) >= self._memo_size:
                memo.clear()
            memo[key] = found
        return dict(found)

    def _number_offers(self, offers: tuple[Action, ...]) -> dict[int, Action]:
        """The legal numbers of ``offers``, each with its action, computed afresh (no memo):
        what :meth:`_offer_ids` remembers. The subclasses that use it implement it."""
        raise NotImplementedError(f"{type(self).__name__} numbers no offers by themselves")

    def _bucket_amounts(self, spans: Sequence[tuple[int, int]]) -> list[int | None]:
        """The amount of each bucket (``None``: not legal now) for the allowed ranges.

        >>> from cartes.games import Calatone
        >>> calatone = encoding(Calatone())  # five buckets
        >>> calatone._bucket_amounts([(1, 10)]), calatone._bucket_amounts([(2, 4)])
        ([1, 3, 5, 8, 10], [2, 3, 4, None, None])
        """
        if not spans:
            return []
        count = sum(high - low + 1 for low, high in spans)
        if count <= self.buckets:
            amounts = sorted({a for low, high in spans for a in range(low, high + 1)})
            return [*amounts, *[None] * (self.buckets - len(amounts))]
        low, high = min(s[0] for s in spans), max(s[1] for s in spans)
        out: list[int | None] = []
        taken: set[int] = set()
        for j in range(self.buckets):
            target = low + round(Fraction((high - low) * j, self.buckets - 1))
            amount = min(
                (max(a, min(target, b)) for a, b in spans), key=lambda x: (abs(x - target), x)
            )
            out.append(None if amount in taken else amount)
            taken.add(amount)
        return out



# ---------------------------------------------------------------------------------------------
# The registry of encodings


_ENCODINGS: dict[str, type[Encoding] | str] = {
    "seven-card-stud": "cartes.games.stud.encoding:StudEncoding",
    "calatone": "cartes.games.calatone.encoding:CalatoneEncoding",
    "siete-y-medio": "cartes.games.siete_y_medio.encoding:SieteEncoding",
}


_ENTRY_POINT_GROUP = "cartes.encodings"
_discovered = False


def _discover() -> None:
    """Add the encodings declared by installed packages (entry-point group
    ``cartes.encodings``) once, as their ``"module:Class"`` text: nothing is imported until a
    program asks for one. An encoding registered in the program wins over an entry point."""
    global _discovered
    if _discovered:
        return
    _discovered = True
    for point in entry_points(group=_ENTRY_POINT_GROUP):
        _ENCODINGS.setdefault(point.name, point.value)


def _path(cls: type[Encoding] | str) -> str:
    """``"module:Class"``, the one name of an encoding given as a class or as text."""
    return cls if isinstance(cls, str) else f"{cls.__module__}:{cls.__qualname__}"


def register_encoding(name: str, cls: type[Encoding] | str, *, replace: bool = False) -> None:
    """Give the game registered as ``name`` an encoding: an :class:`Encoding` subclass, or
    ``"module:Class"`` text, imported when first used.

    Registering the encoding a game already has again (the same class, or the text that
    names it: a module imported twice, reloaded, or also declared by an entry point) does
    nothing; another encoding for the same game is refused unless ``replace=True``.

    >>> from cartes.games.stud.encoding import StudEncoding
    >>> register_encoding("seven-card-stud", StudEncoding)  # the one it has: nothing changes
    >>> register_encoding("seven-card-stud", AmountEncoding)
    Traceback (most recent call last):
    ...
    cartes.errors.ConfigurationError: the game 'seven-card-stud' already has an encoding ...
    """
    if not isinstance(name, str) or not name:
        raise ConfigurationError(f"a game name must be a non-empty string, got {name!r}")
    text = isinstance(cls, str) and ":" in cls
    ok = text or (isinstance(cls, type) and issubclass(cls, Encoding))
    if not ok:
        raise ConfigurationError(
            f"an encoding is an Encoding subclass or 'module:Class' text, got {cls!r}"
        )
    _discover()
    known = _ENCODINGS.get(name)
    if known is not None and not replace:
        if _path(known) == _path(cls):
            if not isinstance(cls, str):  # (a reloaded module's class: the newer one)
                _ENCODINGS[name] = cls
            return
        raise ConfigurationError(
            f"the game {name!r} already has an encoding ({_path(known)}), not {_path(cls)}: "
            "pass replace=True to replace it"
        )
    _ENCODINGS[name] = cls


def encodings() -> list[str]:
    """The names of the games that have an encoding, sorted (with those declared by
    installed packages in the entry-point group ``cartes.encodings``).

    >>> "seven-card-stud" in encodings()
    True
    """
    _discover()
    return sorted(_ENCODINGS)


def encoding(game: Game) -> Encoding:
    """The encoding of ``game`` (found by the game's registry ``name``).

    >>> from cartes.games import SevenCardStud
    >>> encoding(SevenCardStud(players=4)).num_actions
    11
    >>> encoding("stud")
    Traceback (most recent call last):
    ...
    cartes.errors.ConfigurationError: encoding() needs a cartes.games Game, got 'stud'
    """
    if not isinstance(game, Game):
        raise ConfigurationError(f"encoding() needs a cartes.games Game, got {game!r}")
    _discover()
    found = _ENCODINGS.get(game.name)
    if found is None:
        raise UnknownGameError(
            f"no encoding for the game {game.name!r}: games with one are {encodings()} "
            "(a package declares one in the entry-point group 'cartes.encodings'; a program "
            "adds one with cartes.games.encoding.register_encoding)"
        )
    if isinstance(found, str):
        module, _, attr = found.partition(":")
        try:
            loaded = getattr(importlib.import_module(module), attr)
        except (ImportError, AttributeError) as error:
            raise ConfigurationError(
                f"cannot load the encoding of {game.name!r} from {found!r}: {error}"
            ) from error
        if not (isinstance(loaded, type) and issubclass(loaded, Encoding)):
            raise ConfigurationError(f"the encoding of {game.name!r} is not an Encoding: "
                                     f"{loaded!r}")
        found = _ENCODINGS[game.name] = loaded
    return found(game)


def __getattr__(name: str) -> Any:
    """``PokerEncoding``, deprecated here: it moved to :mod:`cartes.games.poker.encoding`
    (issue 19). Loaded by name, so that this module, which the poker family's encoding builds
    on, does not import it back."""
    if name == "PokerEncoding":
        warnings.warn(
            "cartes.games.encoding.PokerEncoding is deprecated: import it from "
            "cartes.games.poker.encoding instead (the alias goes in the release after the next)",
            DeprecationWarning,
            stacklevel=2,
        )
        return importlib.import_module("cartes.games.poker.encoding").PokerEncoding
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

