"""Seven-card stud hands in the PHH format (poker hand history, variant ``F7S``), both ways.

PHH is a TOML file: the stakes, the starting stacks, and an ``actions`` list in which the
dealer (``d``) deals cards (``d dh p1 ...`` to a player, ``d db ...`` to the board) and players
act (``p1 pb`` bring-in, ``p1 cbr 5`` complete/bet/raise to, ``p1 cc`` check/call, ``p1 f``,
``p1 sm cards`` show or ``p1 sm`` muck). Players are numbered from 1, starting at the dealer's
left, as PHH asks for non-button games; ``seats`` gives each player's cartes seat plus one.
Burns have no PHH notation; they are left out, and a §2.5 reshuffle is written as a
commentary.

This module is an exporter: it reads a hand through the :class:`~cartes.games.State` contract
(:meth:`~cartes.games.State.to_dict` and :attr:`~cartes.games.State.history`), and no game
driver imports it. :func:`from_phh` reads a history back into a stud hand that replays.

>>> from cartes.games import get, BringIn, Fold
>>> state = get("seven-card-stud", players=2).start(seed=1)
>>> state.apply_all([BringIn(), Fold()])
>>> print(to_phh(state, seat=1))  # seat 1 is p1: first dealt, on the button's left
variant = "F7S"
antes = [1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [200, 200]
seats = [2, 1]
actions = [
  "d dh p1 8s9sTs",
  "d dh p2 ????6c",
  "p2 pb",
  "p1 f",
]
finishing_stacks = [199, 201]
>>> from_phh(to_phh(state)).payoffs == state.payoffs
True
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from typing import Any

from cartes.deck import Deck
from cartes.errors import CartesError, ConfigurationError, HistoryError
from cartes.french import Card, cards, full_deck
from cartes.games._check import is_whole
from cartes.games._source import Source, read_text
from cartes.games.chips import Bet
from cartes.games.contract import Action, State
from cartes.games.dealing import CardDealt, Reshuffled, Shown
from cartes.games.poker.actions import BringIn, Call, Check, Complete, Fold, Raise
from cartes.games.poker.events import Acted, RoundStarted
from cartes.games.stud import SevenCardStud, StudState
from cartes.games.stud.actions import Muck, Show
from cartes.games.stud.events import Mucked

__all__ = ["from_phh", "to_phh"]

_GAME = SevenCardStud.name


def _cards(dealt: Sequence[object]) -> str:  # a stud hand's cards, None where unseen
    return "".join("??" if card is None else str(card) for card in dealt)


def _array(values: Sequence[int]) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"


def to_phh(state: State, *, seat: int | None = -1) -> str:
    """The hand as PHH text (a seven-card stud hand; other games raise
    :class:`~cartes.errors.ConfigurationError`).

    ``seat=-1`` (the default) writes every card, as the house log does; ``seat=None`` writes
    what a spectator saw (down cards as ``??`` unless shown); a seat number writes what that
    seat saw.

    >>> from cartes.games import SevenCardStud
    >>> to_phh(SevenCardStud(players=2).start(seed=1), seat=None).splitlines()[8:10]
    ['  "d dh p1 ????Ts",', '  "d dh p2 ????6c",']
    """
    if not isinstance(state, State):
        raise ConfigurationError(f"to_phh needs a game state, got {type(state).__name__}")
    data = state.to_dict()
    if data.get("game") != _GAME:
        raise ConfigurationError(
            f"PHH export writes seven-card stud hands ({_GAME!r}), not {data.get('game')!r}"
        )
    config: Mapping[str, Any] = data["config"]
    initial: list[int] = data["stacks"]
    n, button = len(initial), data["button"]
    if seat is not None and (not is_whole(seat) or not -1 <= seat < n):
        raise ConfigurationError(
            f"seat must be -1 (every card), None (a spectator) or a seat 0..{n - 1}, "
            f"got {seat!r}"
        )
    order = [(button + 1 + i) % n for i in range(n)]
    player = {s: f"p{i + 1}" for i, s in enumerate(order)}
    lines: list[str] = []
    third: dict[int, list[object]] = {}
    contrib = [0] * n  # this round's chips, to write completions as "complete to"
    shown = {e.seat for e in state.history if isinstance(e, Shown)}

    def visible(event: CardDealt) -> object:
        if seat == -1 or event.face_up or event.seat == seat or event.seat in shown:
            return event.card
        return None

    for event in state.history:
        if isinstance(event, CardDealt):
            if event.seat is None:
                lines.append(f"d db {event.card}")
            elif event.street == 3:
                third.setdefault(event.seat, []).append(visible(event))
                if len(third) == n and all(len(dealt) == 3 for dealt in third.values()):
                    lines.extend(f"d dh {player[s]} {_cards(third[s])}" for s in order)
            else:
                lines.append(f"d dh {player[event.seat]} {_cards([visible(event)])}")
        elif isinstance(event, RoundStarted):
            contrib = [0] * n
        elif isinstance(event, Reshuffled):
            lines.append(f"# not enough cards: {event.cards} cards reshuffled (stub and burns)")
        elif isinstance(event, Acted):
            assert event.seat is not None
            who = player[event.seat]
            contrib[event.seat] += event.amount
            action = event.action
            if isinstance(action, BringIn):
                lines.append(f"{who} pb")
            elif isinstance(action, Check | Call):
                lines.append(f"{who} cc")
            elif isinstance(action, Fold):
                lines.append(f"{who} f")
            elif isinstance(action, Complete | Bet | Raise):
                lines.append(f"{who} cbr {contrib[event.seat]}")
        elif isinstance(event, Shown):
            assert event.seat is not None
            lines.append(f"{player[event.seat]} sm {_cards(event.cards)}")
        elif isinstance(event, Mucked):
            assert event.seat is not None
            lines.append(f"{player[event.seat]} sm")

    out = [
        'variant = "F7S"',
        f"antes = {_array([config['ante']] * n)}",
        f"bring_in = {config['bring_in']}",
        f"small_bet = {config['small_bet']}",
        f"big_bet = {config['big_bet']}",
        f"starting_stacks = {_array([initial[s] for s in order])}",
        f"seats = {_array([s + 1 for s in order])}",
        "actions = [",
        *(f'  "{line}",' for line in lines),
        "]",
    ]
    if state.is_terminal:
        final = [initial[s] + state.payoffs[s] for s in order]
        out.append(f"finishing_stacks = {_array(final)}")
    return "\n".join(out)


# ---------------------------------------------------------------------------------------------
# Reading PHH back


def _field(data: Mapping[str, Any], name: str, kind: type, what: str) -> Any:
    if name not in data:
        raise HistoryError(f"a PHH stud hand needs the field {name!r} ({what})")
    value = data[name]
    right = is_whole(value) if kind is int else isinstance(value, kind)
    if not right:
        raise HistoryError(f"PHH field {name!r} must be {what}, got {value!r}")
    return value


def _int_list(data: Mapping[str, Any], name: str, n: int | None) -> list[int]:
    values = _field(data, name, list, "a list of whole numbers")
    if not all(is_whole(v) and not isinstance(v, bool) for v in values) or (
        n is not None and len(values) != n
    ):
        players = "" if n is None else f" ({n}, one per player)"
        raise HistoryError(f"PHH field {name!r} must be a list of whole numbers{players}, "
                           f"got {values!r}")
    return [int(v) for v in values]


def _read_cards(text: str, number: int) -> list[Card]:
    if "?" in text:
        raise HistoryError(
            f"action {number} hides cards ({text!r}): from_phh needs every card dealt, as "
            f"to_phh writes them with seat=-1"
        )
    try:
        return list(cards(text))
    except CartesError as error:
        raise HistoryError(f"action {number}: {error}") from None


def _parse(text: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise HistoryError(f"a PHH hand history must be TOML: {error}") from None


def from_phh(source: Source, **options: Any) -> StudState:
    """Read a PHH seven-card stud hand (variant ``F7S``) back into a hand that replays.

    ``source`` is PHH text, a :class:`pathlib.Path` or an open file. The hand is dealt again
    from a deck stacked in the order the history deals (burned cards, which PHH does not
    record, are taken from the unused cards) and every action is applied again, so the result
    is a full :class:`~cartes.games.StudState`: ``to_phh`` writes the same history back,
    ``to_json`` saves it, and :func:`~cartes.games.replay` rebuilds it. The seats come from
    ``seats`` when present (else ``p1`` is seat 0). ``options`` are the
    :class:`~cartes.games.SevenCardStud` options PHH has no field for (``max_raises``,
    ``open_pair_big_bet``, ``half_bet_rule``, ``odd_chip_rule``).

    PHH can hold hands that cartes cannot replay: hidden cards (``??``), a §2.5 reshuffle (its
    cards come from a shuffle), different antes per player. These, and any history that does
    not replay by the rules, raise :class:`~cartes.errors.HistoryError` saying why.

    >>> from cartes.games import SevenCardStud
    >>> state = SevenCardStud(players=3).start(seed=5)
    >>> back = from_phh(to_phh(state))
    >>> back.to_act == state.to_act, back.cards == state.cards, to_phh(back) == to_phh(state)
    (True, True, True)
    >>> from_phh(to_phh(state, seat=None))
    Traceback (most recent call last):
    ...
    cartes.errors.HistoryError: action 0 hides cards ('????...'): from_phh needs every card ...
    """
    data = _parse(read_text(source, "a PHH hand history"))
    variant = data.get("variant")
    if variant != "F7S":
        raise HistoryError(f"from_phh reads seven-card stud (variant 'F7S'), got {variant!r}")
    stacks_in_order = _int_list(data, "starting_stacks", None)
    n = len(stacks_in_order)
    if not 2 <= n <= 8:
        raise HistoryError(f"seven-card stud is for 2 to 8 players, the history has {n}")
    antes = _int_list(data, "antes", n)
    if len(set(antes)) > 1:
        raise HistoryError(f"every player must post the same ante, got antes {antes}")
    seats = _int_list(data, "seats", n) if "seats" in data else [i + 1 for i in range(n)]
    button = (seats[0] - 2) % n
    if seats != [(button + 1 + i) % n + 1 for i in range(n)]:
        raise HistoryError(
            f"seats must number the players 1..{n} clockwise from the button's left, "
            f"got {seats}"
        )
    order = [s - 1 for s in seats]
    actions = _field(data, "actions", list, "a list of action strings")
    try:
        game = SevenCardStud(
            players=n,
            ante=antes[0] if antes else 0,
            bring_in=_field(data, "bring_in", int, "a whole number of chips"),
            small_bet=_field(data, "small_bet", int, "a whole number of chips"),
            big_bet=_field(data, "big_bet", int, "a whole number of chips"),
            **options,
        )
    except (ConfigurationError, TypeError) as error:
        raise HistoryError(f"the PHH stakes are not a stud game cartes plays: {error}") from None
    steps = [_step(line, number, n) for number, line in enumerate(actions)]
    deck = _deck(steps, n)
    stacks = [0] * n
    for i, seat in enumerate(order):
        stacks[seat] = stacks_in_order[i]
    try:
        state = game.start(deck=deck, stacks=stacks, button=button, reshuffle_seed=0)
    except CartesError as error:
        raise HistoryError(f"the PHH hand cannot be dealt: {error}") from None
    for number, (who, verb, rest) in enumerate(steps):
        if isinstance(who, str):  # the dealer: the stacked deck deals it
            continue
        seat = order[who]
        try:
            state.apply(_action(state, verb, rest, number), seat=seat)
        except HistoryError:
            raise
        except CartesError as error:
            raise HistoryError(f"action {number} ({actions[number]!r}) does not replay: "
                               f"{error}") from None
    _check_same(state, actions, data)
    return state


def _step(line: Any, number: int, n: int) -> tuple[int | str, str, str]:
    """One PHH action line as (player index from 0, or ``"d"``; verb; the rest)."""
    if not isinstance(line, str):
        raise HistoryError(f"action {number} must be text like 'p1 cc', got {line!r}")
    if line.startswith("#"):
        raise HistoryError(
            f"action {number} is a commentary ({line!r}): a hand with a §2.5 reshuffle "
            f"cannot be read back (its cards come from a shuffle PHH does not record)"
        )
    words = line.split("#", 1)[0].split()
    if len(words) < 2:
        raise HistoryError(f"action {number} ({line!r}) is not a PHH action")
    actor, verb, rest = words[0], words[1], " ".join(words[2:])
    if actor == "d":
        if verb != "dh" or len(words) != 4:
            raise HistoryError(
                f"action {number} ({line!r}): from_phh reads dealing to players "
                f"('d dh p1 AsKd2c'); board cards ('d db') only follow a reshuffle"
            )
        return "d", words[2], words[3]
    if not (actor.startswith("p") and actor[1:].isdigit() and 1 <= int(actor[1:]) <= n):
        raise HistoryError(f"action {number} ({line!r}): the actor must be d or p1..p{n}")
    if verb not in ("pb", "cc", "f", "cbr", "sm"):
        raise HistoryError(
            f"action {number} ({line!r}): stud actions are pb, cc, f, cbr and sm, got {verb!r}"
        )
    return int(actor[1:]) - 1, verb, rest


def _deck(steps: Sequence[tuple[int | str, str, str]], n: int) -> Deck[Card]:
    """The deck in the order the history deals it, a burn before each later street (burns
    are not in PHH: any card nobody was dealt stands for them)."""
    dealt: list[list[Card]] = []  # one group per street, in deal order
    third: dict[int, list[Card]] = {}
    live = set(range(n))
    street: list[Card] = []
    for number, (who, target, rest) in enumerate(steps):
        if isinstance(who, int):
            if target == "f":
                live.discard(who)
            continue
        index = int(target[1:]) - 1 if target[:1] == "p" and target[1:].isdigit() else -1
        if not 0 <= index < n:
            raise HistoryError(f"action {number}: cards dealt to {target!r}, not p1..p{n}")
        got = _read_cards(rest, number)
        if len(third) < n:  # third street: three cards to each player, dealt round by round
            if len(got) != 3 or index in third:
                raise HistoryError(
                    f"action {number}: third street deals three cards to each player once, "
                    f"got {len(got)} for p{index + 1}"
                )
            third[index] = got
            if len(third) == n:
                dealt.append([third[p][k] for k in range(3) for p in range(n)])
            continue
        if len(got) != 1:
            raise HistoryError(f"action {number}: a later street deals one card, got {rest!r}")
        street.append(got[0])
        if len(street) == len(live):  # each live player has this street's card
            dealt.append(street)
            street = []
    if street:
        dealt.append(street)
    known = [card for group in dealt for card in group]
    seen = set(known)
    if len(seen) != len(known):
        raise HistoryError("the history deals a card twice")
    spare = [card for card in full_deck() if card not in seen]
    order: list[Card] = list(dealt[0]) if dealt else []
    for group in dealt[1:]:
        order.append(spare.pop())  # the burn before the street
        order.extend(group)
    return Deck.stacked([*order, *spare])


def _action(state: StudState, verb: str, rest: str, number: int) -> Action:
    offered = state.legal_actions()
    if verb == "pb":
        return BringIn()
    if verb == "f":
        return Fold()
    if verb == "cc":
        return Check() if Check() in offered else Call()
    if verb == "sm":
        return Show() if rest else Muck()
    if not rest.isdigit():
        raise HistoryError(f"action {number}: 'cbr' needs the amount bet or raised to, got "
                           f"{rest!r}")
    to, seat = int(rest), state.to_act
    # what the seat has put in this round, counted as to_phh counts it
    already = 0
    for event in reversed(state.history):
        if isinstance(event, RoundStarted):
            break
        if isinstance(event, Acted) and event.seat == seat:
            already += event.amount
    for offer in offered:
        if isinstance(offer, Complete):
            event = state.clone().apply(offer)
            if isinstance(event, Acted) and already + event.amount == to:
                return offer
        elif isinstance(offer, Bet) and offer.allows(Bet(to - already)):
            return Bet(to - already)
        elif isinstance(offer, Raise) and offer.allows(Raise(to)):
            return Raise(to)
    raise HistoryError(
        f"action {number}: nothing offered brings seat {seat} to {to} (offered {list(offered)})"
    )


def _check_same(state: StudState, actions: Sequence[str], data: Mapping[str, Any]) -> None:
    """The replayed hand must write back the very history it was read from."""
    again = _parse(to_phh(state))
    written = [line.split("#", 1)[0].strip() for line in actions]
    for number, (ours, theirs) in enumerate(zip(again["actions"], written, strict=False)):
        if ours != theirs:
            raise HistoryError(
                f"action {number} ({theirs!r}) does not replay by the rules: the hand gives "
                f"{ours!r} there"
            )
    if len(again["actions"]) != len(written):
        raise HistoryError(
            f"the history has {len(written)} actions but the hand replays to "
            f"{len(again['actions'])} (is it cut short, or are cards missing?)"
        )
    if "finishing_stacks" in data and again.get("finishing_stacks") != data["finishing_stacks"]:
        raise HistoryError(
            f"finishing_stacks {data['finishing_stacks']} differ from the replay's "
            f"{again.get('finishing_stacks')}"
        )
