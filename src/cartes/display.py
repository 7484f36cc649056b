"""Pictures and tables of cards and games: SVG cards, notebook HTML, readable text.

Every card is drawn as a small SVG (French suits in red and black, Spanish suits in their
colours; a patterned back for a card the viewer may not see), and every object a notebook
shows has a view: a :class:`~cartes.Hand`, a :class:`~cartes.HandRank`, a
:class:`~cartes.Deck`, a game :class:`~cartes.games.State` (the table as the public sees it:
hidden cards as backs), an :class:`~cartes.games.Observation` (only what its seat may see) and
a :class:`~cartes.games.Table`. The same views exist as plain text for terminals (the
``cartes play`` command and IPython's plain view use them).

The views are built from the game contract alone (stacks, cards, legal actions, and the
scalars a game puts in ``Observation.extra``), so every registered game gets them.

>>> from cartes import Card, cards
>>> svg = card_svg(Card("Qh"))
>>> svg.startswith("<svg") and 'data-card="Qh"' in svg and "queen of hearts" in svg
True
>>> 'data-card="back"' in card_svg(None)
True
>>> from cartes.games import get
>>> state = get("seven-card-stud", players=2).start(seed=1)
>>> print(text_view(state))  # doctest: +NORMALIZE_WHITESPACE
seven-card-stud: street 3, pot 2, seat 0 to act
     seat  cards     stack  in pot  this round
  >  0 D   ?? ?? 6♣    199       1           0
     1     ?? ?? T♠    199       1           0
legal: 1) bring-in  2) complete
"""

from __future__ import annotations

import dataclasses
import html as _html
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from cartes import _render
from cartes.deck import Deck
from cartes.evaluation import HandRank
from cartes.french import Card, Hand
from cartes.games.contract import Action, Observation, State
from cartes.games.table import Table
from cartes.spanish import SpanishCard

if TYPE_CHECKING:
    from cartes.deck import SeedLike
    from cartes.games.contract import Game
    from cartes.play import Agent
    from cartes.widget import PlayWidget

__all__ = [
    "action_label",
    "card_svg",
    "card_text",
    "cards_html",
    "html_view",
    "play",
    "text_view",
]

AnyCard = Card | SpanishCard

# Suit outlines in a 100 x 100 box, drawn as paths so that no font is needed.
_FRENCH_SUITS = {
    "c": '<circle cx="50" cy="27" r="19"/><circle cx="27" cy="58" r="19"/>'
    '<circle cx="73" cy="58" r="19"/><path d="M44 50 L36 96 L64 96 L56 50 Z"/>',
    "d": '<path d="M50 3 L88 50 L50 97 L12 50 Z"/>',
    "h": '<path d="M50 92 C22 68 3 50 7 28 C11 6 40 4 50 26 C60 4 89 6 93 28 '
    'C97 50 78 68 50 92 Z"/>',
    "s": '<path d="M50 4 C22 34 3 48 7 68 C11 86 38 88 46 74 L38 97 L62 97 L54 74 '
    'C62 88 89 86 93 68 C97 48 78 34 50 4 Z"/>',
}
_SPANISH_SUITS = {
    # oros: a coin; copas: a cup; espadas: a sword; bastos: a knotted club
    "o": '<circle cx="50" cy="50" r="40"/><circle cx="50" cy="50" r="24" fill="none" '
    'stroke="#fff" stroke-width="5"/>',
    "c": '<path d="M18 12 L82 12 C82 48 66 60 56 62 L56 80 L74 88 L74 96 L26 96 L26 88 '
    'L44 80 L44 62 C34 60 18 48 18 12 Z"/>',
    "e": '<path d="M46 4 L54 4 L56 66 L44 66 Z"/><rect x="26" y="64" width="48" height="8" '
    'rx="3"/><rect x="45" y="72" width="10" height="16"/><circle cx="50" cy="92" r="6"/>',
    "b": '<path d="M40 97 C34 62 28 32 40 8 C50 -4 70 4 64 24 C60 46 60 70 62 97 Z"/>'
    '<circle cx="36" cy="44" r="6"/><circle cx="66" cy="62" r="6"/>',
}
_FRENCH_COLOURS = {"c": "#1a1a1a", "s": "#1a1a1a", "d": "#c0392b", "h": "#c0392b"}
_SPANISH_COLOURS = {"o": "#b8860b", "c": "#c0392b", "e": "#1f4e9c", "b": "#2e7d32"}
_RANK_NAMES = {
    "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven", "8": "eight",
    "9": "nine", "T": "ten", "J": "jack", "Q": "queen", "K": "king", "A": "ace",
}
_SUIT_NAMES = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
_SVG_OPEN = (
    '<svg xmlns="http://www.w3.org/2000/svg" class="cartes-card" data-card="{key}" '
    'width="{w}" height="{h}" viewBox="0 0 60 84" role="img" '
    'style="vertical-align:middle;margin:1px">'
    "<title>{title}</title>"
)


def _suit_shape(shape: str, colour: str, x: float, y: float, size: float) -> str:
    scale = size / 100
    return f'<g fill="{colour}" transform="translate({x} {y}) scale({scale})">{shape}</g>'


def card_svg(card: AnyCard | None, *, width: int = 50, dim: bool = False) -> str:
    """One card as an inline SVG image; ``None`` draws the back of a card.

    The image carries ``data-card`` (the card's text, or ``"back"``) and a ``<title>`` with
    its name. ``dim=True`` draws it faded (a card that is not part of the best five).

    >>> from cartes import SpanishCard
    >>> svg = card_svg(SpanishCard("12e"), width=60)
    >>> 'width="60"' in svg and "rey de espadas" in svg and 'data-card="12e"' in svg
    True
    """
    height = round(width * 84 / 60)
    faded = ' opacity="0.35"' if dim else ""
    if card is None:
        return (
            _SVG_OPEN.format(key="back", w=width, h=height, title="hidden card")
            + '<rect x="1" y="1" width="58" height="82" rx="5" fill="#fff" stroke="#777"/>'
            '<rect x="5" y="5" width="50" height="74" rx="3" fill="#2c4f8c"/>'
            '<path d="M5 5 L55 79 M55 5 L5 79 M30 5 L55 42 L30 79 L5 42 Z" '
            'stroke="#9fb6e0" stroke-width="2" fill="none"/></svg>'
        )
    key = str(card)
    if isinstance(card, SpanishCard):
        suit = key[-1]
        label, title, colour = key[:-1], card.name, _SPANISH_COLOURS[suit]
        shape = _SPANISH_SUITS[suit]
    elif isinstance(card, Card):
        rank, suit = key[0], key[1]
        label = "10" if rank == "T" else rank
        title, colour = f"{_RANK_NAMES[rank]} of {_SUIT_NAMES[suit]}", _FRENCH_COLOURS[suit]
        shape = _FRENCH_SUITS[suit]
    else:
        raise TypeError(f"card_svg draws a Card, a SpanishCard or None (a back), got {card!r}")
    return (
        _SVG_OPEN.format(key=key, w=width, h=height, title=title)
        + f"<g{faded}>"
        + '<rect x="1" y="1" width="58" height="82" rx="5" fill="#fff" stroke="#777"/>'
        + f'<text x="5" y="17" font-family="Helvetica,Arial,sans-serif" font-size="15" '
        f'font-weight="bold" fill="{colour}">{label}</text>'
        + _suit_shape(shape, colour, 5, 20, 11)
        + _suit_shape(shape, colour, 17, 34, 30)
        + f'<text x="55" y="79" font-family="Helvetica,Arial,sans-serif" font-size="15" '
        f'font-weight="bold" fill="{colour}" text-anchor="end">{label}</text>'
        + "</g></svg>"
    )


def cards_html(cards: Iterable[AnyCard | None], *, width: int = 50) -> str:
    """A row of cards as SVG images (``None``: a card drawn face down).

    >>> row = cards_html([Card("As"), None])
    >>> row.count("<svg"), 'data-card="back"' in row
    (2, True)
    """
    return (
        '<span class="cartes-cards" style="white-space:nowrap">'
        + "".join(card_svg(card, width=width) for card in cards)
        + "</span>"
    )


def card_text(card: AnyCard | None, *, unicode: bool = True) -> str:
    """A card as short text: ``'A♠'`` (``'As'`` with ``unicode=False``), ``'??'`` when hidden.

    >>> card_text(Card("Td")), card_text(Card("Td"), unicode=False), card_text(None)
    ('T♦', 'Td', '??')
    """
    if card is None:
        return "??"
    if unicode and isinstance(card, Card):
        return card.unicode()
    return str(card)


def _value_text(value: object, unicode: bool, hidden: frozenset[object] = frozenset()) -> str:
    if isinstance(value, Card | SpanishCard):
        return card_text(None if value in hidden else value, unicode=unicode)
    if isinstance(value, tuple | list | frozenset):
        return " ".join(_value_text(item, unicode, hidden) for item in value)
    if isinstance(value, Fraction):
        return str(value)
    return str(value)


def action_label(
    action: Action, *, unicode: bool = True, hidden: frozenset[object] = frozenset()
) -> str:
    """A short readable name of an action or an offer: ``'raise to 10'``, ``'bet 1-10'``;
    an action's own :meth:`~cartes.games.Action.label` when it has one (7½'s do). Cards in
    ``hidden`` are written ``??`` (an action that names a card the viewer may not see, such
    as another seat's offer to expose a hole card).

    >>> from cartes.games import Bet, BringIn, Draw, Raise
    >>> action_label(Raise(10)), action_label(Bet(1, up_to=10)), action_label(BringIn())
    ('raise to 10', 'bet 1-10', 'bring-in')
    >>> action_label(Draw(down=True, up_to=1))
    'draw face down, raise 0-1'
    """
    own = action.label()
    if own is not None:  # the game's own words (7½: "draw face down, raise 0-1")
        return own
    words = [action.kind.replace("_", "-")]
    fields = [f.name for f in dataclasses.fields(action) if f.name != "up_to"]
    for name in fields:
        value = getattr(action, name)
        if value is None:
            continue
        if name == "to":
            words.append("to")
        words.append(_value_text(value, unicode, hidden))
    top = getattr(action, "up_to", None)
    if top is not None:
        words[-1] += f"-{top}"
    return " ".join(words)


# ---------------------------------------------------------------------------------------------
# What a table view shows, read from an observation through the contract


@dataclasses.dataclass
class _Seat:
    number: int
    cards: tuple[AnyCard | None, ...]
    columns: dict[str, str]
    marks: list[str]
    #: A seat's hands drawn apart, each with a caption (7½'s calles: "bet 2, stood").
    groups: list[tuple[tuple[AnyCard | None, ...], str]] | None = None
    #: Positions in ``cards`` of the viewer's own hole cards (face down), in a game whose
    #: observation says which cards are up (calatone's up_cards).
    down: frozenset[int] = frozenset()


@dataclasses.dataclass
class _TableView:
    title: str
    facts: list[str]
    seats: list[_Seat]
    board: tuple[AnyCard, ...]
    legal: tuple[Action, ...]
    result: str | None
    hidden: frozenset[object] = frozenset()  # cards the viewer may not see, named in `legal`


def _pot_amounts(value: object) -> list[int]:
    if isinstance(value, tuple) and all(hasattr(pot, "amount") for pot in value):
        return [int(pot.amount) for pot in value]
    return []


def _calle_groups(
    obs: Observation, seat: int, calles: object
) -> list[tuple[tuple[AnyCard | None, ...], str]] | None:
    """A seat's calles (7½'s ``extra["calles"]``: per calle its cards, which are face up, its
    bet and its state) as rows of cards with a caption. A busted calle's cards were turned up
    and collected: they are taken from the bust's event in the history, so the table still
    shows what busted."""
    if not isinstance(calles, tuple):
        return None
    groups = []
    for number, calle in enumerate(calles):
        if not (isinstance(calle, tuple) and len(calle) == 4):
            return None
        cards, _up, bet, status = calle
        cards = tuple(cards)
        if status == "bust" and not cards:
            for event in reversed(obs.history):
                if (event.kind, event.seat, getattr(event, "calle", None)) == (
                    "bust", seat, number
                ):
                    cards = tuple(getattr(event, "cards", ()))
                    break
        words = [status] if not bet else [f"bet {bet}", str(status)]
        if len(calles) > 1:
            words.insert(0, f"calle {number}" if number else "hand")
        groups.append((cards, ", ".join(words)))
    return groups


def _gather(
    obs: Observation,
    title: str,
    *,
    legal: tuple[Action, ...] | None = None,
    payoffs: Sequence[int] | None = None,
) -> _TableView:
    seats = len(obs.cards)  # one row of cards per seat; a game may leave stacks empty
    extra: Mapping[str, Any] = obs.extra
    facts: list[str] = []
    per_seat: dict[str, tuple[Any, ...]] = {}
    pots: list[int] = []
    # a banking game (7½): balances, bets against the bank, no pot
    bank = extra.get("bank")
    banking = isinstance(bank, int) and not isinstance(bank, bool)
    calles: tuple[Any, ...] | None = None
    up_cards: tuple[Any, ...] | None = None
    for key, value in extra.items():
        if key == "pots":
            pots = _pot_amounts(value)
        elif key in ("button", "to_call", "bank"):
            continue
        elif key == "calles" and isinstance(value, tuple) and len(value) == seats:
            calles = value
        elif key == "up_cards" and isinstance(value, tuple) and len(value) == seats:
            up_cards = value  # shown on the cards themselves, not as a column
        elif isinstance(value, bool | int | str | Fraction):
            facts.append(f"{key.replace('_', ' ')} {value}")
        elif isinstance(value, tuple) and len(value) == seats and value:
            per_seat[key] = value
    # everything put in so far; the split into a main pot and side pots once there is one
    split = f" (main {pots[0]}, side {', '.join(map(str, pots[1:]))})" if len(pots) > 1 else ""
    if banking:
        facts.insert(0, f"bank seat {bank}")
        if obs.committed and not obs.is_terminal:
            facts.append(f"bets {sum(obs.committed)}")
    elif (obs.committed or pots) and not obs.is_terminal:  # awarded once the hand is over
        facts.append(f"pot {max(sum(obs.committed), sum(pots))}{split}")
    if obs.is_terminal:
        facts.append("hand over")
    elif obs.to_act is not None:
        facts.append(f"seat {obs.to_act} to act")
    button = extra.get("button")
    rows = []
    for s in range(seats):
        columns = {}
        if len(obs.stacks) == seats:
            columns["balance" if banking else "stack"] = str(obs.stacks[s])
        if len(obs.committed) == seats and not obs.is_terminal:  # settled once it is over
            columns["bet" if banking else "in pot"] = str(obs.committed[s])
        for key, values in per_seat.items():
            name = {"round_committed": "this round"}.get(key, key.replace("_", " "))
            columns[name] = _value_text(values[s], True)
        if payoffs is not None:
            columns["result"] = f"{payoffs[s]:+d}"
        marks = []
        if s == obs.to_act:
            marks.append("to act")
        if s < len(obs.out) and obs.out[s]:
            marks.append("out" if banking else "folded")
        if s == obs.seat:
            marks.append("you")
        if s == button:
            marks.append("button")
        if banking and s == bank:
            marks.append("bank")
        groups = None if calles is None else _calle_groups(obs, s, calles[s])
        down: frozenset[int] = frozenset()
        if up_cards is not None and s == obs.seat and isinstance(up_cards[s], tuple):
            up = set(up_cards[s])
            down = frozenset(i for i, card in enumerate(obs.cards[s])
                             if card is not None and card not in up)
        rows.append(_Seat(s, tuple(obs.cards[s]), columns, marks, groups, down))
    if legal is None:
        legal = obs.legal_actions
    result = None
    if payoffs is not None:
        result = "result: " + ", ".join(f"seat {s} {p:+d}" for s, p in enumerate(payoffs))
    return _TableView(title, facts, rows, tuple(obs.board), legal, result)


def _payoffs_seen(obs: Observation) -> tuple[int, ...] | None:
    """The payoffs announced in the history (the hand-ended event), if the hand is over."""
    if not obs.is_terminal:
        return None
    for event in reversed(obs.history):
        payoffs = getattr(event, "payoffs", None)
        if isinstance(payoffs, tuple) and len(payoffs) == len(obs.cards):
            return payoffs
    return None


def _state_title(state: State) -> str:
    game = getattr(state, "game", None)
    return str(getattr(game, "name", type(state).__name__))


def _state_view(state: State, reveal: bool = False) -> _TableView:
    obs = state.observation(None)
    every = state.revealed_cards()  # the whole table, as the house sees it
    public = {card for hand in obs.cards for card in hand if card is not None} | set(obs.board)
    hidden = frozenset(card for hand in every for card in hand if card not in public)
    if reveal:
        obs = dataclasses.replace(obs, cards=every)
        hidden = frozenset()
    payoffs = state.payoffs if state.is_terminal else None
    view = _gather(obs, _state_title(state), legal=state.legal_actions(), payoffs=payoffs)
    if reveal:  # a seat's hands drawn apart are read from the public extra: turn them up
        for seat in view.seats:
            if seat.groups is not None:
                seat.groups = _turned_up(seat.groups, every[seat.number], public)
    return dataclasses.replace(view, hidden=hidden)


def _turned_up(
    groups: list[tuple[tuple[AnyCard | None, ...], str]],
    cards: Sequence[AnyCard],
    public: set[Any],
) -> list[tuple[tuple[AnyCard | None, ...], str]]:
    """``groups`` with each face-down card filled in, in order, from the seat's hidden
    ``cards`` (those not in ``public``): a seat's hands hold their hidden cards in the order
    the seat's cards list them."""
    hidden = iter([card for card in cards if card not in public])
    return [
        (tuple(next(hidden, None) if card is None else card for card in group), caption)
        for group, caption in groups
    ]


def _observation_view(obs: Observation) -> _TableView:
    who = "spectator" if obs.seat is None else f"seat {obs.seat}"
    return _gather(obs, f"observation of {who}", payoffs=_payoffs_seen(obs))


# ---------------------------------------------------------------------------------------------
# Text


def _text(view: _TableView, unicode: bool) -> str:
    lines = [f"{view.title}: {', '.join(view.facts)}"]
    names = list(view.seats[0].columns) if view.seats else []
    def cards(seat: _Seat) -> str:
        if seat.groups is None:  # the viewer's own hole cards: [A♠]
            return " ".join(
                f"[{card_text(card, unicode=unicode)}]" if i in seat.down
                else card_text(card, unicode=unicode)
                for i, card in enumerate(seat.cards)
            )
        return " | ".join(
            " ".join(card_text(card, unicode=unicode) for card in group) + f" ({caption})"
            for group, caption in seat.groups
        )

    def seat_mark(seat: _Seat) -> str:
        if "bank" in seat.marks:
            return "B"
        return "D" if "button" in seat.marks else ""

    cells = [
        [
            ">" if "to act" in seat.marks else "",
            f"{seat.number} {seat_mark(seat)}".rstrip(),
            cards(seat)
            + (" (folded)" if "folded" in seat.marks else "")
            + (" (you)" if "you" in seat.marks else ""),
            *seat.columns.values(),
        ]
        for seat in view.seats
    ]
    header = ["", "seat", "cards", *names]
    widths = [max(len(row[i]) for row in [header, *cells]) for i in range(len(header))]

    def line(row: list[str]) -> str:
        parts = [row[i].ljust(widths[i]) if i < 3 else row[i].rjust(widths[i])
                 for i in range(len(row))]
        return ("  " + "  ".join(parts)).rstrip()

    lines += [line(header), *(line(row) for row in cells)]
    if view.board:
        lines.append("board: " + " ".join(card_text(c, unicode=unicode) for c in view.board))
    if view.legal:
        offers = [
            f"{i}) {action_label(a, unicode=unicode, hidden=view.hidden)}"
            for i, a in enumerate(view.legal, 1)
        ]
        lines.append("legal: " + "  ".join(offers))
    if view.result:
        lines.append(view.result)
    return "\n".join(lines)


def text_view(obj: object, *, unicode: bool = True, reveal: bool = False) -> str:
    """A readable text view of a game state, an observation or a table (the view
    ``cartes play`` prints, and IPython's plain display). ``unicode=False`` writes cards as
    ``As`` rather than ``A♠``, for terminals that cannot print suit symbols.

    A state is shown as the public sees it (hidden cards as ``??``) unless ``reveal=True``
    (every card: the house's view); an observation shows what its seat may see.

    >>> from cartes.games import get
    >>> obs = get("seven-card-stud", players=2).start(seed=1).observation(1)
    >>> print(text_view(obs, unicode=False).splitlines()[3])
         1     8s 9s Ts (you)    199       1           0
    """
    if isinstance(obj, State):
        return _text(_state_view(obj, reveal), unicode)
    if isinstance(obj, Observation):
        return _text(_observation_view(obj), unicode)
    if isinstance(obj, Table):
        return _table_text(obj)
    raise TypeError(f"text_view shows a State, an Observation or a Table, got {obj!r}")


def _table_text(table: Table) -> str:
    stacks = "  ".join(
        f"seat {s}{' D' if s == table.button else ''}: {chips}"
        for s, chips in enumerate(table.stacks)
    )
    return f"table of {table.game.name}, {table.hands_played} hands played\n  {stacks}"


# ---------------------------------------------------------------------------------------------
# HTML

_STYLE = (
    "border-collapse:collapse;font-family:Helvetica,Arial,sans-serif;font-size:13px;"
)


def _esc(text: object) -> str:
    return _html.escape(str(text))


def _html_view(view: _TableView, width: int = 40) -> str:
    names = list(view.seats[0].columns) if view.seats else []
    head = "".join(f'<th style="padding:2px 8px">{_esc(n)}</th>' for n in ["seat", "cards", *names])
    rows = []
    for seat in view.seats:
        style = "background:#fff6d5;" if "to act" in seat.marks else ""
        if "folded" in seat.marks:
            style += "opacity:0.55;"
        marks = ", ".join(m for m in seat.marks)
        if seat.groups is None:
            drawn = _cards_marking(seat.cards, seat.down, width)
        else:  # one row of cards per calle, its bet and state beside it
            drawn = "".join(
                f'<div class="cartes-calle">{cards_html(group, width=width)} '
                f"<small>{_esc(caption)}</small></div>"
                for group, caption in seat.groups
            )
        cells = [
            f"<b>{seat.number}</b>" + (f' <small>({_esc(marks)})</small>' if marks else ""),
            drawn,
            *(_esc(v) for v in seat.columns.values()),
        ]
        rows.append(
            f'<tr class="cartes-seat" data-seat="{seat.number}" style="{style}">'
            + "".join(f'<td style="padding:2px 8px;text-align:center">{c}</td>' for c in cells)
            + "</tr>"
        )
    parts = [
        f'<div class="cartes-view" style="{_STYLE}">',
        f"<div><b>{_esc(view.title)}</b>: {_esc(', '.join(view.facts))}</div>",
        f'<table style="{_STYLE}"><tr>{head}</tr>{"".join(rows)}</table>',
    ]
    if view.board:
        parts.append(f"<div>board: {cards_html(view.board, width=width)}</div>")
    if view.legal:
        items = "".join(
            f"<li>{_esc(action_label(a, hidden=view.hidden))}</li>" for a in view.legal
        )
        parts.append(f'<div>legal actions: <ol class="cartes-actions">{items}</ol></div>')
    if view.result:
        parts.append(f"<div><b>{_esc(view.result)}</b></div>")
    parts.append("</div>")
    return "".join(parts)


def _cards_marking(cards: tuple[AnyCard | None, ...], down: frozenset[int], width: int) -> str:
    """A row of cards, the viewer's own hole cards (face down) on a grey ground."""
    if not down:
        return cards_html(cards, width=width)
    return (
        '<span class="cartes-cards" style="white-space:nowrap">'
        + "".join(
            f'<span class="cartes-down" title="your hole card (face down)" '
            f'style="display:inline-block;background:#ccc;border-radius:4px;padding:1px">'
            f"{card_svg(card, width=width)}</span>" if i in down else card_svg(card, width=width)
            for i, card in enumerate(cards)
        )
        + "</span>"
    )


def html_view(obj: object, *, reveal: bool = False, width: int = 40) -> str:
    """The notebook (HTML) view of a card, hand, hand rank, deck, game state, observation or
    table. A state is drawn as the public sees it (hidden cards as backs) unless
    ``reveal=True``, which shows every card (the house's view, for debugging); an
    observation shows only what its seat may see.

    >>> from cartes.games import get
    >>> state = get("seven-card-stud", players=2).start(seed=1)
    >>> back = 'data-card="back"'
    >>> html_view(state).count(back), html_view(state, reveal=True).count(back)
    (4, 0)
    """
    if isinstance(obj, State):
        return _html_view(_state_view(obj, reveal), width)
    if isinstance(obj, Observation):
        return _html_view(_observation_view(obj), width)
    if isinstance(obj, Card | SpanishCard):
        return card_svg(obj, width=width)
    if isinstance(obj, HandRank):
        best = set(obj.best_five)
        pictures = "".join(card_svg(c, width=width, dim=c not in best) for c in obj.cards)
        return (
            f'<div class="cartes-rank" style="{_STYLE}">{pictures} '
            f"<b>{_esc(obj.describe())}</b> <small>({_esc(obj.ranking.name)} ranking)</small>"
            "</div>"
        )
    if isinstance(obj, Hand):
        return cards_html(obj, width=width)
    if isinstance(obj, Deck):
        return (
            f'<div class="cartes-deck" style="{_STYLE}">{len(obj)} cards: '
            + "".join(card_svg(c, width=width * 3 // 4) for c in obj.cards)
            + "</div>"
        )
    if isinstance(obj, Table):
        cells = "".join(
            f'<td style="padding:2px 8px">seat {s}{" (button)" if s == obj.button else ""}'
            f"<br/><b>{chips}</b></td>"
            for s, chips in enumerate(obj.stacks)
        )
        return (
            f'<div class="cartes-table" style="{_STYLE}"><b>{_esc(obj.game.name)}</b> table, '
            f"{obj.hands_played} hands played<table style=\"{_STYLE}\"><tr>{cells}</tr></table>"
            "</div>"
        )
    raise TypeError(f"html_view has no view of {type(obj).__name__}")


def play(game: Game, agents: Sequence[Agent | None], seed: SeedLike = None) -> PlayWidget:
    """Play ``game`` in a notebook: a widget with the table as :func:`html_view` draws it, a
    button for each legal action (a slider for each amount a range leaves open), the
    ``agents`` answering for the other seats, and the hand's log below; when the hand is
    over the table shows the payoffs and a button deals the next hand. ``agents`` has one
    entry per seat, ``None`` for a seat you play. Needs the ``notebook`` extra (anywidget):
    ``pip install -e '.[notebook]'``. See :class:`cartes.widget.PlayWidget`.

    >>> from cartes import games
    >>> from cartes.play import ThresholdAgent
    >>> game = games.get("siete-y-medio", players=3)  # seat 0 holds the bank first
    >>> widget = play(game, [ThresholdAgent(), None, ThresholdAgent()], seed=2)
    >>> widget.view["offers"][0]["label"], widget.view["offers"][0]["ranges"]
    ('bet 1-3', [{'field': 'amount', 'name': 'amount', 'low': 1, 'high': 3}])
    """
    try:
        from cartes.widget import PlayWidget
    except ImportError as error:
        if error.name is None or error.name.split(".")[0] not in ("anywidget", "ipywidgets"):
            raise
        from cartes.errors import MissingExtraError

        raise MissingExtraError(
            "playing in a notebook needs anywidget, which is not installed: "
            "pip install anywidget (or the notebook extra, pip install -e '.[notebook]')"
        ) from None
    return PlayWidget(game, agents, table=html_view, label=action_label, seed=seed)


def _register() -> None:
    for kind in (State, Observation, Card, SpanishCard, HandRank, Hand, Deck, Table):
        _render.html.register(kind, html_view)
    for kind in (State, Observation, Table):
        _render.text.register(kind, text_view)


_register()
