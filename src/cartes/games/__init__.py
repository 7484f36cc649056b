"""The game drivers and their registry.

Games are found by name: :func:`available` lists them, :func:`get` makes one with its options,
and :func:`register` adds a game (or a third-party package declares one in the entry-point
group ``cartes.games``, whose value is a factory: a ``Game`` subclass or a function returning
a ``Game``).

>>> from cartes import games
>>> "seven-card-stud" in games.available()
True
>>> game = games.get("seven-card-stud", players=4, ante=2)
>>> game.players, game.ante
(4, 2)
>>> games.get("texas")
Traceback (most recent call last):
...
cartes.errors.UnknownGameError: unknown game 'texas': known games are [...'seven-card-stud'...]
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Callable, Mapping
from importlib.metadata import entry_points
from typing import Any, Literal, overload

from cartes.deck import Deck
from cartes.errors import CartesError, ConfigurationError, HistoryError, UnknownGameError
from cartes.games._source import Source, read_text
from cartes.games.betting import FixedLimit, Pot, RaiseCap, SpreadLimit
from cartes.games.calatone import Calatone, CalatoneState, Concede, Declare, Expose
from cartes.games.core import (
    DECK_KINDS,
    Action,
    Bet,
    BringIn,
    Call,
    Check,
    Complete,
    Event,
    Fold,
    Game,
    Muck,
    Observation,
    Raise,
    Show,
    State,
    action_from_dict,
    default_action,
)
from cartes.games.log import text_log
from cartes.games.phh import from_phh, to_phh
from cartes.games.siete_y_medio import SieteState, SieteYMedio, draw_first_bank
from cartes.games.siete_y_medio_actions import (
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
from cartes.games.stud import SevenCardStud, StudState
from cartes.games.table import Table

__all__ = [
    "Action",
    "Bet",
    "BringIn",
    "Calatone",
    "CalatoneState",
    "Call",
    "Check",
    "Complete",
    "Concede",
    "Declare",
    "Event",
    "Expose",
    "FixedLimit",
    "Fold",
    "Game",
    "Muck",
    "Observation",
    "Pot",
    "Raise",
    "RaiseCap",
    "SevenCardStud",
    "Show",
    "SpreadLimit",
    "State",
    "StudState",
    "Table",
    "available",
    "default_action",
    "from_phh",
    "get",
    "register",
    "replay",
    "text_log",
    "to_phh",
]
__all__ += [  # siete y medio
    "Annul", "Decline", "Draw", "Exchange", "Keep", "Muerta", "OpenCalle", "Play", "SieteState",
    "SieteYMedio", "SitOut", "Stand", "Vote", "draw_first_bank",
]

GameFactory = Callable[..., Game]

_REGISTRY: dict[str, GameFactory] = {
    SevenCardStud.name: SevenCardStud,
    Calatone.name: Calatone,
    SieteYMedio.name: SieteYMedio,
}
_ENTRY_POINT_GROUP = "cartes.games"
_discovered = False


def _discover() -> None:
    """Add games declared by installed packages (entry-point group ``cartes.games``) once."""
    global _discovered
    if _discovered:
        return
    _discovered = True
    for point in entry_points(group=_ENTRY_POINT_GROUP):
        if point.name in _REGISTRY:
            continue
        try:
            _REGISTRY[point.name] = point.load()
        except Exception as error:  # a broken plugin must not break every other game
            warnings.warn(
                f"cartes.games: cannot load game {point.name!r} from {point.value!r}: {error}",
                RuntimeWarning,
                stacklevel=3,
            )


def register(name: str, factory: GameFactory, *, replace: bool = False) -> None:
    """Add a game under ``name``; ``factory(**options)`` must return a :class:`Game`.

    >>> register("short-stud", lambda **kw: SevenCardStud(**{"small_bet": 2, **kw}))
    >>> get("short-stud", players=3).small_bet
    2
    >>> register("short-stud", SevenCardStud)
    Traceback (most recent call last):
    ...
    cartes.errors.ConfigurationError: a game named 'short-stud' is already registered; ...
    """
    if not isinstance(name, str) or not name:
        raise ConfigurationError(f"a game name must be a non-empty string, got {name!r}")
    if not callable(factory):
        raise ConfigurationError(f"factory for {name!r} must be callable, got {factory!r}")
    _discover()
    if name in _REGISTRY and not replace:
        raise ConfigurationError(
            f"a game named {name!r} is already registered; pass replace=True to replace it"
        )
    _REGISTRY[name] = factory


def available() -> list[str]:
    """The names of every registered game, sorted.

    >>> "seven-card-stud" in available(), available() == sorted(available())
    (True, True)
    """
    _discover()
    return sorted(_REGISTRY)


# A built-in game's name gives its own class to type checkers (and so its own state from
# ``start``). A new built-in game adds its overload above the catch-all ``str`` one.
@overload
def get(name: Literal["seven-card-stud"], **options: Any) -> SevenCardStud: ...
@overload
def get(name: Literal["calatone"], **options: Any) -> Calatone: ...
@overload
def get(name: Literal["siete-y-medio"], **options: Any) -> SieteYMedio: ...
@overload
def get(name: str, **options: Any) -> Game: ...


def get(name: str, **options: Any) -> Game:
    """Make the game ``name`` with these options (each game validates its own).

    For type checkers a built-in name gives the game's own class: under ``mypy --strict``,
    ``get("seven-card-stud").start()`` is a :class:`StudState`, with its ``street``, ``pots``
    and the rest. Any other name (a plugin's) gives a :class:`Game`.

    >>> get("seven-card-stud", players=3).start(seed=1).street
    3

    >>> get("seven-card-stud", colour="red")
    Traceback (most recent call last):
    ...
    cartes.errors.ConfigurationError: bad options for game 'seven-card-stud': ...colour...
    """
    _discover()
    factory = _REGISTRY.get(name)
    if factory is None:
        raise UnknownGameError(f"unknown game {name!r}: known games are {sorted(_REGISTRY)}")
    try:
        game = factory(**options)
    except TypeError as error:  # an option the game does not have
        raise ConfigurationError(f"bad options for game {name!r}: {error}") from None
    if not isinstance(game, Game):
        raise ConfigurationError(f"the factory for {name!r} returned {game!r}, not a Game")
    return game


_HISTORY_FORMAT = "cartes-hand/1"


def _check_history(data: Mapping[str, Any]) -> None:
    """Check the shape of a hand history before replaying it: each field of the right type."""
    needed = ["button", "config", "deck", "format", "game", "reshuffle_seed", "stacks"]
    missing = [key for key in needed if key not in data]
    if missing:
        raise HistoryError(f"a hand history needs the fields {needed}; missing {missing}")
    if data["format"] != _HISTORY_FORMAT:
        raise HistoryError(
            f"format must be {_HISTORY_FORMAT!r} (a history written by to_json), "
            f"got {data['format']!r}"
        )
    if not isinstance(data["game"], str):
        raise HistoryError(f"game must be a game name (text), got {data['game']!r}")
    if not isinstance(data["config"], Mapping):
        raise HistoryError(f"config must be an object of game options, got {data['config']!r}")
    for key in ("deck", "stacks", "burned"):
        if key in data and not isinstance(data[key], list):
            raise HistoryError(f"{key} must be a list, got {data[key]!r}")
    for key in ("actions", "events"):
        if key in data and not isinstance(data[key], list):
            raise HistoryError(f"{key} must be a list, got {data[key]!r}")
    if not isinstance(data.get("options", {}), Mapping):
        raise HistoryError(f"options must be an object of start options, got {data['options']!r}")
    kind = data.get("deck_kind", "french")
    if not isinstance(kind, str) or kind not in DECK_KINDS:
        raise HistoryError(f"deck_kind must be one of {list(DECK_KINDS)}, got {kind!r}")
    for number, step in enumerate(data.get("actions", [])):
        if not isinstance(step, Mapping):
            raise HistoryError(
                f"action {number} must be an object like {{'seat': 0, 'kind': 'fold'}}, "
                f"got {step!r}"
            )
        if "seat" not in step:
            raise HistoryError(f"action {number} needs a seat: {dict(step)}")


def replay(data: Source | Mapping[str, Any]) -> State:
    """Rebuild a hand from :meth:`State.to_json`: the JSON text, a :class:`pathlib.Path` to
    it or an open file (text or binary), or the parsed dict. A ``str`` is always the JSON
    itself, never a file name.

    The actions are applied again from the same deck; if the history carries events, the
    replayed events must match them exactly. A malformed history (a missing field, a field
    of the wrong type, a ``format`` other than ``"cartes-hand/1"``, an action that is not
    legal) raises :class:`~cartes.errors.HistoryError` saying what is wrong.

    >>> replay('{"game": "seven-card-stud"}')
    Traceback (most recent call last):
    ...
    cartes.errors.HistoryError: a hand history needs the fields ['button', 'config', ...
    """
    if not isinstance(data, Mapping):
        try:
            data = json.loads(read_text(data, "a hand history"))
        except json.JSONDecodeError as error:
            raise HistoryError(f"a hand history must be JSON: {error}") from None
    if not isinstance(data, Mapping):
        raise HistoryError("a hand history must be a JSON object")
    _check_history(data)
    kind = DECK_KINDS[data.get("deck_kind", "french")]
    try:
        game = get(data["game"], **data["config"])
        state = game.start(
            deck=Deck.stacked(data["deck"], kind, burned=data.get("burned", [])),
            stacks=data["stacks"],
            button=data["button"],
            reshuffle_seed=data["reshuffle_seed"],
            **data.get("options", {}),  # a game's own start options (7½: sitting_out)
        )
    except (CartesError, TypeError, ValueError) as error:
        raise HistoryError(f"the history's setup is invalid: {error}") from error
    for number, step in enumerate(data.get("actions", [])):
        try:
            fields = dict(step)
            seat = fields.pop("seat")
            action = action_from_dict(fields)
            state.apply(action, seat=seat)
        except HistoryError:
            raise
        except (CartesError, TypeError, ValueError) as error:
            raise HistoryError(f"action {number} does not replay: {error}") from error
    if "events" in data:
        replayed = json.loads(json.dumps([event.to_dict() for event in state.history]))
        if replayed != data["events"]:
            pairs = zip(replayed, data["events"], strict=False)
            first = next(
                (i for i, (a, b) in enumerate(pairs) if a != b),
                min(len(replayed), len(data["events"])),
            )
            raise HistoryError(f"the replayed events differ from the history at event {first}")
    return state
