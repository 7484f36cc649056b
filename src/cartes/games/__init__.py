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

import difflib
import inspect
import warnings
from collections.abc import Callable, Mapping
from importlib.metadata import entry_points
from typing import Any, Literal, overload

from cartes.deck import Deck as Deck
from cartes.errors import CartesError as CartesError
from cartes.errors import ConfigurationError, UnknownGameError
from cartes.errors import HistoryError as HistoryError
from cartes.games._source import Source
from cartes.games._source import read_text as read_text
from cartes.games.calatone import Calatone, CalatoneState, Concede, Declare, Expose
from cartes.games.chips import Bet
from cartes.games.contract import DECK_KINDS as DECK_KINDS
from cartes.games.contract import (
    RULES_REVISION,
    Action,
    Event,
    Game,
    Observation,
    State,
    default_action,
)
from cartes.games.contract import action_from_dict as action_from_dict
from cartes.games.history import rebuild
from cartes.games.log import text_log
from cartes.games.poker.actions import BringIn, Call, Check, Complete, Fold, Raise
from cartes.games.poker.betting import FixedLimit, RaiseCap, SpreadLimit
from cartes.games.poker.pots import Pot
from cartes.games.siete_y_medio import SieteState, SieteYMedio, draw_first_bank
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
from cartes.games.stud import SevenCardStud, StudState
from cartes.games.stud.actions import Muck, Show
from cartes.games.stud.phh import from_phh, to_phh
from cartes.games.table import Table

# (``X as X`` above: names importable from here before the games became packages, though
# never in __all__, kept so that code which took them from cartes.games still runs; issue 19.)
__all__ = [
    "RULES_REVISION",
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
    "options_of",
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

    An option the game does not have is refused with the game's options and their defaults,
    and the nearest names:

    >>> get("calatone", antes=2)
    Traceback (most recent call last):
    ...
    cartes.errors.ConfigurationError: unknown option 'antes' (did you mean 'ante'?) for game ...
    """
    _discover()
    factory = _REGISTRY.get(name)
    if factory is None:
        raise UnknownGameError(f"unknown game {name!r}: known games are {sorted(_REGISTRY)}")
    unknown = _unknown_options(name, factory, options)
    if unknown:
        raise ConfigurationError(unknown)
    try:
        game = factory(**options)
    except TypeError as error:  # an option the signature could not tell (a plugin's)
        raise ConfigurationError(f"bad options for game {name!r}: {error}") from None
    if not isinstance(game, Game):
        raise ConfigurationError(f"the factory for {name!r} returned {game!r}, not a Game")
    return game


def options_of(name: str) -> dict[str, Any]:
    """The options of the game registered as ``name``, with their defaults (an option
    without a default maps to ``inspect.Parameter.empty``), as its factory declares them.

    >>> options_of("seven-card-stud")["players"], options_of("calatone")["ante"]
    (2, 1)
    """
    _discover()
    factory = _REGISTRY.get(name)
    if factory is None:
        raise UnknownGameError(f"unknown game {name!r}: known games are {sorted(_REGISTRY)}")
    return _declared_options(factory) or {}


def _declared_options(factory: Callable[..., Game]) -> dict[str, Any] | None:
    """The keyword options a factory declares, or ``None`` if it takes ``**kwargs`` (or
    its signature cannot be read), when only calling it can tell."""
    try:
        parameters = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):  # pragma: no cover - a builtin without a signature
        return None
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters):
        return None
    return {
        p.name: p.default
        for p in parameters
        if p.kind in (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    }


def _unknown_options(name: str, factory: Callable[..., Game], options: Mapping[str, Any]) -> str:
    """The message for options the game does not declare, or ``""``."""
    declared = _declared_options(factory)
    if declared is None:
        return ""
    unknown = [option for option in options if option not in declared]
    if not unknown:
        return ""
    listed = ", ".join(
        key if default is inspect.Parameter.empty else f"{key}={default!r}"
        for key, default in declared.items()
    )
    near = {
        option: difflib.get_close_matches(option, list(declared), n=1, cutoff=0.6)
        for option in unknown
    }
    named = " and ".join(
        f"{option!r}" + (f" (did you mean {near[option][0]!r}?)" if near[option] else "")
        for option in unknown
    )
    word = "option" if len(unknown) == 1 else "options"
    return f"unknown {word} {named} for game {name!r}: its options are {listed}"


def replay(data: Source | Mapping[str, Any]) -> State:
    """Rebuild a hand from :meth:`State.to_json`: the JSON text, a :class:`pathlib.Path` to
    it or an open file (text or binary), or the parsed dict. A ``str`` is always the JSON
    itself, never a file name.

    The actions are applied again from the same deck; if the history carries events, the
    replayed events must match them exactly. A malformed history (a missing field, a field
    of the wrong type, a ``format`` other than ``"cartes-hand/2"`` or the older
    ``"cartes-hand/1"``, an action that is not legal) raises
    :class:`~cartes.errors.HistoryError` saying what is wrong. A format-1 history's events
    are read as format 2 records them (:func:`cartes.games.history.upgrade`): a hand
    written before every game recorded one event per concept replays to the same state.

    A history of cartes' own games names the rules revision it was written under
    (``rules``; one without it is of revision 2). A hand that does not replay because a
    later revision changed a rule it met is refused with an error that names both
    revisions; a history of a revision later than this cartes plays is refused before
    replaying.

    >>> replay('{"game": "seven-card-stud"}')
    Traceback (most recent call last):
    ...
    cartes.errors.HistoryError: a hand history needs the fields ['button', 'config', ...
    """
    return rebuild(data, get)
