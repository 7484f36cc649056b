"""The history format, ``cartes-hand/1``: a hand as its setup (the header: the game and its
options, the deck in order, the stacks, the button, the reshuffle seed, a game's own start
options) and what happened (every action, which replays the hand, and every event, checked on
replay), and the rebuilding of a hand from it (:func:`cartes.games.replay`, which looks the
game up in the registry).

A history of cartes' own games names the rules revision it was written under (``rules``);
one without it is of revision 2.

>>> check_history({"game": "seven-card-stud"})
Traceback (most recent call last):
...
cartes.errors.HistoryError: a hand history needs the fields ['button', 'config', ...
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from cartes.deck import Deck
from cartes.errors import CartesError, HistoryError
from cartes.games._source import Source, read_text
from cartes.games.contract import DECK_KINDS, Game, State, action_from_dict

__all__ = ["HISTORY_FORMAT", "check_history", "rebuild"]

#: The format name a history carries in ``format``.
HISTORY_FORMAT = "cartes-hand/1"


def rebuild(data: Source | Mapping[str, Any], make_game: Callable[..., Game]) -> State:
    """The hand of a history (see :func:`cartes.games.replay`, which passes the registry's
    ``get`` as ``make_game``: ``make_game(name, **config)`` gives the game)."""

    if not isinstance(data, Mapping):
        try:
            data = json.loads(read_text(data, "a hand history"))
        except json.JSONDecodeError as error:
            raise HistoryError(f"a hand history must be JSON: {error}") from None
    if not isinstance(data, Mapping):
        raise HistoryError("a hand history must be a JSON object")
    check_history(data)
    kind = DECK_KINDS[data.get("deck_kind", "french")]
    try:
        game = make_game(data["game"], **data["config"])
    except (CartesError, TypeError, ValueError) as error:
        raise HistoryError(f"the history's setup is invalid: {error}") from error
    written = _written_revision(data, game)
    try:
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
            raise HistoryError(
                f"action {number} does not replay: {error}{_changed_rules(written, game)}"
            ) from error
    if "events" in data:
        replayed = json.loads(json.dumps([event.to_dict() for event in state.history]))
        if replayed != data["events"]:
            pairs = zip(replayed, data["events"], strict=False)
            first = next(
                (i for i, (a, b) in enumerate(pairs) if a != b),
                min(len(replayed), len(data["events"])),
            )
            raise HistoryError(
                f"the replayed events differ from the history at event {first}"
                f"{_changed_rules(written, game)}"
            )
    return state




def check_history(data: Mapping[str, Any]) -> None:
    """Check the shape of a hand history before replaying it: each field of the right type,
    or a :class:`~cartes.errors.HistoryError` saying which is wrong."""
    needed = ["button", "config", "deck", "format", "game", "reshuffle_seed", "stacks"]
    missing = [key for key in needed if key not in data]
    if missing:
        raise HistoryError(f"a hand history needs the fields {needed}; missing {missing}")
    if data["format"] != HISTORY_FORMAT:
        raise HistoryError(
            f"format must be {HISTORY_FORMAT!r} (a history written by to_json), "
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


def _written_revision(data: Mapping[str, Any], game: Game) -> int | None:
    """The rules revision a history was written under (``rules``): ``None`` for a game
    without revisions; a history of such a game from before the field existed is of
    revision 2. A history of a later revision than this cartes plays is refused."""
    current = game.rules_revision
    if current is None:
        return None
    written = data.get("rules", 2)
    if isinstance(written, bool) or not isinstance(written, int) or written < 1:
        raise HistoryError(f"rules must be a rules revision (a positive integer), got {written!r}")
    if written > current:
        raise HistoryError(
            f"this history was written under rules revision {written} of {game.name}; this "
            f"version of cartes plays revision {current}: replay it with a newer cartes"
        )
    return written


def _changed_rules(written: int | None, game: Game) -> str:
    """What to add to a replay's error when the history's rules revision is older: the
    hand may have been played by a rule that changed since."""
    current = game.rules_revision
    if written is None or current is None or written >= current:
        return ""
    return (
        f": the history was written under rules revision {written} and this version of "
        f"cartes plays revision {current}, which changed rules that decide this hand (see "
        "the changelog); it cannot be replayed under the new rules"
    )
