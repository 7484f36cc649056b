"""The history format, ``cartes-hand/2``: a hand as its setup (the header: the game and its
options, the deck in order, the stacks, the button, the reshuffle seed, a game's own start
options) and what happened (every action, which replays the hand, and every event, checked on
replay), and the rebuilding of a hand from it (:func:`cartes.games.replay`, which looks the
game up in the registry).

A history of cartes' own games names the rules revision it was written under (``rules``);
one without it is of revision 2. A history of format ``cartes-hand/1`` (before every game
recorded one event per concept) is read into format 2 first (:func:`upgrade`): its events
then compare with the replayed ones.

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

__all__ = ["HISTORY_FORMAT", "READABLE_FORMATS", "check_history", "rebuild", "upgrade"]

#: The format name a history carries in ``format``.
HISTORY_FORMAT = "cartes-hand/2"

#: The formats :func:`rebuild` reads: the current one and those :func:`upgrade` translates.
READABLE_FORMATS = ("cartes-hand/1", HISTORY_FORMAT)

_POKER_GAMES = frozenset({"seven-card-stud", "calatone"})
_SIETE = "siete-y-medio"


def upgrade(data: Mapping[str, Any]) -> dict[str, Any]:
    """A history in today's format: a format-1 history with its events renamed as format 2
    records them (a copy; a format-2 history comes back as a copy unchanged). Format 2 gave
    each concept one event in every game: 7½'s ``bank_start`` became the shared ``start``
    (the bank as the ``button``, the balances as the ``stacks``) followed by its own
    ``modality``; its ``card``, ``reveal`` and ``restock`` became the shared ``deal``,
    ``show`` and ``reshuffle``, whose fields every game now fills (a poker card's ``calle``
    is 0, a 7½ card's ``street`` is ``None``). A plugin game's events are its own: only the
    format changes.

    >>> old = {"format": "cartes-hand/1", "game": "siete-y-medio", "events": [
    ...     {"kind": "restock", "seat": None, "cards": 7},
    ...     {"kind": "card", "seat": 1, "card": "7o", "face_up": False, "calle": 0,
    ...      "blind": False}]}
    >>> new = upgrade(old)
    >>> new["format"], new["events"][0]
    ('cartes-hand/2', {'kind': 'reshuffle', 'seat': None, 'cards': 7})
    >>> new["events"][1]["kind"], new["events"][1]["street"]
    ('deal', None)
    """
    out = dict(data)
    if data.get("format") != "cartes-hand/1":
        return out
    out["format"] = HISTORY_FORMAT
    events = data.get("events")
    if isinstance(events, list):
        game = data.get("game")
        if game in _POKER_GAMES:
            out["events"] = [_poker_event(event) for event in events]
        elif game == _SIETE:
            out["events"] = [new for event in events for new in _siete_events(event)]
    return out


def _poker_event(event: Any) -> Any:
    if not isinstance(event, Mapping):
        return event  # left for the comparison to refuse
    kind = event.get("kind")
    if kind == "deal":
        return {**event, "calle": 0, "blind": False}
    if kind == "show":
        return {**event, "calle": 0}
    return event


def _siete_events(event: Any) -> list[Any]:
    if not isinstance(event, Mapping):
        return [event]
    kind, fields = event.get("kind"), dict(event)
    try:
        if kind == "bank_start":
            return [
                {"kind": "start", "seat": None, "button": fields["seat"],
                 "stacks": fields["balances"]},
                {"kind": "modality", "seat": fields["seat"], "modality": fields["modality"],
                 "minimum": fields["minimum"], "maximum": fields["maximum"],
                 "sitting_out": fields["sitting_out"]},
            ]
        if kind == "card":
            return [{"kind": "deal", "seat": fields["seat"], "card": fields["card"],
                     "face_up": fields["face_up"], "street": None, "calle": fields["calle"],
                     "blind": fields.get("blind", False)}]
        if kind == "reveal":
            return [{"kind": "show", "seat": fields["seat"], "cards": fields["cards"],
                     "description": "", "calle": fields["calle"]}]
        if kind == "restock":
            return [{"kind": "reshuffle", "seat": None, "cards": fields["cards"]}]
    except KeyError as missing:
        raise HistoryError(
            f"a format-1 {kind!r} event needs the field {missing}: {dict(event)}"
        ) from None
    return [event]


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
    data = upgrade(data)
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
    if data["format"] not in READABLE_FORMATS:
        raise HistoryError(
            f"format must be {HISTORY_FORMAT!r} (a history written by to_json) or an older "
            f"format this cartes reads, {list(READABLE_FORMATS[:-1])}; got {data['format']!r}"
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
