"""Playing and replaying a hand in a text terminal: the table view, the legal actions, what
the player types, and the agents at the other seats (``cartes play`` and ``cartes replay``).

Everything is written through an :class:`Output`, which knows whether the terminal can print
suit symbols, and read through a ``read()`` function (a line, ``""`` at the end of input), so
a script can play a whole hand through standard input.

>>> import io
>>> from cartes import games
>>> from cartes.play import CallingStation
>>> game = games.get("seven-card-stud", players=2)
>>> lines = iter(["fold"])
>>> out = Output(io.StringIO())
>>> state = play_in_terminal(out, game, 0, 3, {1: CallingStation()}, lambda: next(lines, ""))
>>> state.is_terminal, out.stream.getvalue().splitlines()[-1]
(True, 'You lost 1.')
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
from collections.abc import Callable, Mapping, Sequence
from importlib.util import find_spec
from pathlib import Path
from typing import IO, Any

from cartes import games, play
from cartes.display import action_label, card_text, text_view
from cartes.errors import CartesError, ConfigurationError, MissingExtraError
from cartes.french import Card
from cartes.games.contract import action_from_dict, action_kinds
from cartes.spanish import SpanishCard

__all__ = [
    "Output",
    "event_text",
    "narrate",
    "parse_action",
    "play_in_terminal",
    "replay_in_terminal",
]


class _StopPlayError(Exception):
    """The player left (``q``) or the input ended: stop the command."""


class Output:
    """Where the command writes, and how: whether that stream can print suit symbols (when it
    cannot, cards are written ``As Kd`` and any other symbol becomes ``?``), and whether to
    colour (red hearts and diamonds, the seat to act in bold, through ``rich``).

    ``colour=None`` colours a terminal when ``rich`` is installed and ``NO_COLOR`` is not set;
    ``True`` needs ``rich`` (:class:`~cartes.errors.MissingExtraError` without it).

    >>> import io
    >>> Output(io.TextIOWrapper(io.BytesIO(), encoding="cp1252")).unicode
    False
    """

    def __init__(self, stream: IO[str], *, colour: bool | None = None) -> None:
        self.stream = stream
        # no encoding: an in-memory text stream (StringIO, doctest), which holds any text
        encoding = getattr(stream, "encoding", None) or "utf-8"
        try:
            "♠♥♦♣½".encode(encoding)
            self.unicode = True
        except (UnicodeEncodeError, LookupError):
            self.unicode = False
            reconfigure = getattr(stream, "reconfigure", None)
            if reconfigure is not None:  # any other symbol becomes '?', never a traceback
                reconfigure(errors="replace")
        if colour is None:
            tty = getattr(stream, "isatty", lambda: False)()
            colour = tty and "NO_COLOR" not in os.environ and find_spec("rich") is not None
        self._console: Any = None
        if colour:
            try:
                from rich.console import Console
            except ImportError:
                raise MissingExtraError(
                    "colour needs rich, which is not installed: pip install rich"
                ) from None
            self._console = Console(file=stream, force_terminal=True, highlight=False,
                                    markup=False, emoji=False, soft_wrap=True)

    def __call__(self, text: str = "") -> None:
        """Write a line."""
        if self._console is None:
            print(text, file=self.stream, flush=True)
            return
        from rich.text import Text

        styled = Text(text)
        styled.highlight_regex(r"\b[2-9TJQKA][\u2665\u2666hd](?![\w])", "bold red")
        styled.highlight_regex(r"\?\?", "dim")
        styled.highlight_regex(r"^  >.*$", "bold")
        styled.highlight_regex(r"^legal:", "bold yellow")
        self._console.print(styled)
        self.stream.flush()

    def cards(self, cards: Sequence[Any]) -> str:
        """Cards as text this stream can print."""
        return " ".join(card_text(card, unicode=self.unicode) for card in cards)


def parse_action(text: str, legal: Sequence[games.Action]) -> games.Action | str:
    """The action a player typed (a number from the list, or the first words of an action's
    name such as ``call``, ``raise 12`` or, in 7½, ``draw down 1``), or a message saying
    what is allowed.

    >>> from cartes.games import Bet, Call, Draw, Fold
    >>> parse_action("2", [Fold(), Call()]), parse_action("bet 7", [Fold(), Bet(2, up_to=10)])
    (Call(), Bet(7))
    >>> parse_action("draw down 1", [Draw(up_to=1), Draw(down=True, up_to=1)])
    Draw(raise_by=1, down=True)
    >>> print(parse_action("draw", [Draw(up_to=1), Draw(down=True, up_to=1)]))
    'draw' could be 1) draw face up, raise 0-1 or 2) draw face down, raise 0-1: type its ...
    >>> print(parse_action("raise", [Fold(), Call()]))
    'raise' is not a legal action now: type a number 1-2 or one of: fold; call (q quits)
    """
    words = text.strip().lower().replace("_", "-").split()
    labels = [action_label(offer, unicode=False).lower() for offer in legal]
    # "; " between them: a label may hold a comma ("draw face up, raise 0-1")
    listed = f"type a number 1-{len(legal)} or one of: {'; '.join(labels)} (q quits)"
    if not words:
        return listed
    allowed = f"{text.strip()!r} is not a legal action now: {listed}"
    if _is_number(words[0]):
        number = int(words[0])
        if not 1 <= number <= len(legal):
            return allowed
        return _concrete(legal[number - 1], words[1:], allowed)
    joined = " ".join(words)
    for offer, label in zip(legal, labels, strict=True):
        if _squeeze(joined) in (_squeeze(label), _squeeze(label.replace(" to ", " "))):
            return _concrete(offer, [], allowed)
    names = [w for w in words if not _is_number(w) and w != "to"]
    numbers = [w for w in words if _is_number(w)]
    found = [
        (offer, label)
        for offer, label in zip(legal, labels, strict=True)
        if names and _names(label, offer, names)
    ]
    if len(found) > 1:  # the numbers may name the calle ("stand calle 1") rather than amounts
        narrowed = [(o, lb) for o, lb in found if all(n in _tokens(lb) for n in numbers[:1])]
        if len(narrowed) == 1 and getattr(narrowed[0][0], "up_to", None) is None:
            found = narrowed
            numbers = []
        elif narrowed and len(narrowed) < len(found):
            found, numbers = narrowed, numbers[1:]
    if not found:
        return allowed
    if len(found) > 1:
        choices = " or ".join(f"{legal.index(o) + 1}) {lb}" for o, lb in found)
        return f"{text.strip()!r} could be {choices}: type its number or more of its words"
    offer = found[0][0]
    if getattr(offer, "up_to", None) is None and numbers and all(
        n in _tokens(found[0][1]) for n in numbers
    ):
        numbers = []  # numbers that name the offer (a calle), not an amount
    return _concrete(offer, numbers, allowed)


def _tokens(label: str) -> list[str]:
    """The words of a label, split at spaces and punctuation (``"bring-in"``: two words)."""
    found: list[str] = []
    for word in re.findall(r"[\w½-]+", label):
        found.extend(word.split("-") if word.replace("-", "").isalpha() else [word])
    return found


def _names(label: str, offer: games.Action, names: list[str]) -> bool:
    """Whether the typed ``names`` name ``offer``: the first is the label's first word (or
    the action's kind, typed with or without a space), and each is one of its words."""
    tokens = _tokens(label)
    if _squeeze(offer.kind) in (_squeeze(names[0]), _squeeze("".join(names[:2]))):
        return all(n in tokens or _squeeze(n) in _squeeze(offer.kind) for n in names)
    return bool(tokens) and tokens[0] == names[0] and all(n in tokens for n in names)


def _is_number(word: str) -> bool:
    """Whether ``word`` is a whole number written in ASCII digits (not '¹' or '٣')."""
    return word.isascii() and word.isdigit()


def _squeeze(text: str) -> str:
    """Text to compare names by: lower case, no spaces, hyphens or underscores."""
    return "".join(char for char in text.lower() if char not in " -_")


def _concrete(offer: games.Action, amount_words: list[str], allowed: str) -> games.Action | str:
    """The offer itself, or one amount within its range."""
    field = type(offer).range_field or ""
    ranged = getattr(offer, "up_to", None) is not None
    if not amount_words:
        if ranged:
            top = getattr(offer, "up_to", None)
            low = getattr(offer, field)
            return f"{action_label(offer, unicode=False)}: give an amount from {low} to {top}"
        return offer
    second = hasattr(offer, "raise_up_to")  # 7½'s new calle: its bet, then the raise
    if (
        not 1 <= len(amount_words) <= (2 if second else 1)
        or not all(_is_number(word) for word in amount_words)
        or not hasattr(offer, field)
    ):
        return allowed
    changes: dict[str, Any] = {field: int(amount_words[0])}
    if hasattr(offer, "up_to"):
        changes["up_to"] = None
    if len(amount_words) == 2:
        changes.update(raise_by=int(amount_words[1]), raise_up_to=None)
    # the typed amounts; any other range the offer has takes its least
    choice = dataclasses.replace(offer, **changes).choose()
    if not offer.allows(choice):
        typed = " ".join(amount_words)
        return f"{action_label(offer, unicode=False)}: {typed} is not allowed"
    return choice


def _ask_human(out: Output, state: games.State, seat: int, read: Callable[[], str]) -> games.Action:
    legal = state.legal_actions()
    out(text_view(state.observation(seat), unicode=out.unicode))
    while True:
        out.stream.write("your action (number or name, q quits): ")
        out.stream.flush()
        line = read()
        if not line:
            raise _StopPlayError("the input ended before the hand was over")
        if line.strip().lower() in ("q", "quit", "exit"):
            raise _StopPlayError("you left the table")
        choice = parse_action(line, legal)
        if isinstance(choice, str):
            out(_why_refused(state, line) or choice)
            continue
        return choice


def _why_refused(state: games.State, typed: str) -> str | None:
    """The state's own reason for refusing what the player typed, when the words name a kind
    of action that is not offered now (7½'s ``stand`` on one card above the minimum bet,
    M-25): the game's rule, not a list of what is legal. ``None`` when the words name no
    action, or one that is offered."""
    words = typed.strip().lower().split()
    if not words or _is_number(words[0]):
        return None
    kinds = {_squeeze(offer.kind) for offer in state.legal_actions()}
    for kind in (_squeeze(words[0]), _squeeze("".join(words[:2]))):
        if kind in kinds:
            return None
        named = next((k for k in action_kinds() if _squeeze(k) == kind), None)
        if named is None:
            continue
        try:
            action = action_from_dict({"kind": named})
        except CartesError:  # the action needs fields (an amount, a card): no one guess
            return None
        try:
            state.clone().apply(action)
        except CartesError as error:
            reason = str(error).split(": legal actions are ")[0]  # the list follows, readable
            labels = "; ".join(action_label(o, unicode=False) for o in state.legal_actions())
            return f"{typed.strip()!r} is not allowed now: {reason}; you may: {labels}"
        return None
    return None


def narrate(out: Output, events: Sequence[games.Event], seat: int | None) -> None:
    """Write what happened, one line per event as ``seat`` may see it (dealing is left to
    the table view)."""
    from cartes.games.log import format_event

    for event in events:
        if event.kind in ("deal", "burn"):  # the table view shows the cards
            continue
        seen = event.seen_by(seat)
        line = format_event(seen)
        if line == repr(seen):  # an event the log does not know (another game's): its fields
            line = event_text(seen, unicode=out.unicode)
        if not out.unicode:
            line = line.encode("ascii", "replace").decode()
        elif _FRENCH_CARD.search(line) and _deals_french(events):
            line = _FRENCH_CARD.sub(lambda m: Card(m.group(0)).unicode(), line)
        out(f"  {line}")


# A French card as an event writes it ("4h"): the table view prints "4♥", so the log does too.
_FRENCH_CARD = re.compile(r"(?<![\w#])[2-9TJQKA][cdhs](?!\w)")


def _deals_french(events: Sequence[games.Event]) -> bool:
    """Whether these events name French cards (and so no Spanish "2c", the two of copas)."""
    for event in events:
        fields = dataclasses.fields(event) if dataclasses.is_dataclass(event) else ()
        for field in fields:
            value = getattr(event, field.name)
            items = value if isinstance(value, tuple) else (value,)
            for item in items:
                if isinstance(item, SpanishCard):
                    return False
                if isinstance(item, Card):
                    return True
    return False


def event_text(event: games.Event, *, unicode: bool = True) -> str:
    """Any event as a short line from its fields, for events the text log does not know.

    >>> from cartes.games.poker.events import AntePosted
    >>> event_text(AntePosted(seat=2, amount=1))
    'Seat 2: ante, amount 1'
    """
    words = [f"{f.name.replace('_', ' ')} {_field_text(getattr(event, f.name), unicode)}"
             for f in dataclasses.fields(event) if f.name != "seat"]
    who = "Table" if event.seat is None else f"Seat {event.seat}"
    return f"{who}: {event.kind.replace('_', ' ')}" + "".join(f", {w}" for w in words)


def _field_text(value: object, unicode: bool) -> str:
    if isinstance(value, games.Action):
        return action_label(value, unicode=unicode)
    if isinstance(value, tuple | list):
        return " ".join(_field_text(item, unicode) for item in value) or "-"
    if value is None:
        return "??"
    if isinstance(value, Card | SpanishCard):
        return card_text(value, unicode=unicode)
    return str(value)


def play_in_terminal(
    out: Output,
    game: games.Game,
    seat: int,
    seed: int,
    agents: Mapping[int, play.Agent],
    read: Callable[[], str],
    save: Path | None = None,
) -> games.State:
    """Play one hand of ``game`` with the player at ``seat`` (asked through ``read``) and
    ``agents`` at the other seats; return the finished hand, or the hand so far if the
    player leaves (``q``). The end of input raises :class:`~cartes.errors.CartesError`."""
    if not 0 <= seat < game.players:
        raise ConfigurationError(f"--seat {seat} is not a seat: give 0..{game.players - 1}")
    state = game.start(seed)
    out(f"{game.name}, {game.players} players, seed {seed}; you are seat {seat}.")
    shown = 0
    try:
        while not state.is_terminal:
            acting = state.to_act
            assert acting is not None
            narrate(out, state.history[shown:], seat)
            shown = len(state.history)
            if acting == seat:
                state.apply(_ask_human(out, state, seat, read))
                continue
            view = play.SeatView(state, acting)
            try:
                action = agents[acting].act(view)
            finally:
                view.expire()
            state.apply(action)
    except _StopPlayError as stop:
        if "ended" in str(stop):
            raise CartesError(f"{stop}; {len(state.history)} events so far") from None
        out(f"Stopped: {stop}.")
        return state
    narrate(out, state.history[shown:], seat)
    out(text_view(state.observation(seat), unicode=out.unicode))
    won = state.payoffs[seat]
    out(f"You {'won' if won > 0 else 'lost' if won < 0 else 'broke even'}"
        f"{f' {abs(won)}' if won else ''}.")
    if save is not None:
        try:
            text = state.to_json(indent=1)
        except NotImplementedError as error:  # a game that cannot save its hands
            raise CartesError(f"cannot save the hand: {error}") from None
        save.write_text(text, encoding="utf-8")
        out(f"Saved the hand to {save} (cartes replay {save}).")
    return state



def _load(path: Path) -> tuple[dict[str, Any], games.State]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise CartesError(f"cannot read {path}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise CartesError(f"cannot read {path}: not a UTF-8 text file") from None
    state = games.replay(text)
    return json.loads(text), state


def replay_in_terminal(
    out: Output, path: Path, seat: int | None, step: bool, read: Callable[[], str]
) -> None:
    """Show the hand saved at ``path``: every event and the final table, as the house saw it
    (every card) or as ``seat`` did; with ``step``, one action at a time, waiting for a line
    from ``read`` between actions (``q`` stops; at the end of input the rest runs on)."""
    data, final = _load(path)
    if seat is not None and not 0 <= seat < len(final.observation(None).stacks):
        raise ConfigurationError(f"--seat {seat} is not a seat of this hand")
    actions = list(data.get("actions", []))
    out(f"{data['game']}: {len(actions)} actions, seen by "
        f"{'the house (every card)' if seat is None else f'seat {seat}'}.")

    def view(state: games.State) -> str:
        if seat is None:
            return text_view(state, unicode=out.unicode, reveal=True)
        return text_view(state.observation(seat), unicode=out.unicode)

    if not step:
        narrate(out, final.history, seat)
        out(view(final))
        return
    shown = 0
    waiting = True
    for count in range(len(actions) + 1):
        partial = {key: value for key, value in data.items() if key != "events"}
        state = games.replay({**partial, "actions": actions[:count]})
        narrate(out, state.history[shown:], seat)
        shown = len(state.history)
        out(view(state))
        if waiting and count < len(actions):
            out.stream.write("Enter: next action, q: quit ")
            out.stream.flush()
            line = read()
            if line.strip().lower() in ("q", "quit"):
                return
            waiting = bool(line)  # the input ended: show the rest without waiting
            out()
