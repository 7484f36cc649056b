"""Export a seven-card stud hand in the PHH format (poker hand history, variant ``F7S``).

PHH is a TOML file: the stakes, the starting stacks, and an ``actions`` list in which the
dealer (``d``) deals cards (``d dh p1 ...`` to a player, ``d db ...`` to the board) and players
act (``p1 pb`` bring-in, ``p1 cbr 5`` complete/bet/raise to, ``p1 cc`` check/call, ``p1 f``,
``p1 sm cards`` show or ``p1 sm`` muck). Players are numbered from 1, starting at the dealer's
left, as PHH asks for non-button games. Burns have no PHH notation; they are left out, and a
§2.5 reshuffle is written as a commentary.

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
actions = [
  "d dh p1 8s9sTs",
  "d dh p2 ????6c",
  "p2 pb",
  "p1 f",
]
finishing_stacks = [199, 201]
"""

from __future__ import annotations

from collections.abc import Sequence

from cartes.errors import ConfigurationError
from cartes.french import Card
from cartes.games._check import is_whole
from cartes.games.core import Bet, BringIn, Call, Check, Complete, Fold, Raise
from cartes.games.events import Acted, CardDealt, Mucked, Reshuffled, RoundStarted, Shown
from cartes.games.stud import StudState

__all__ = ["to_phh"]


def _cards(cards: Sequence[Card | None]) -> str:
    return "".join("??" if card is None else str(card) for card in cards)


def to_phh(state: StudState, *, seat: int | None = -1) -> str:
    """The hand as PHH text.

    ``seat=-1`` (the default) writes every card, as the house log does; ``seat=None`` writes
    what a spectator saw (down cards as ``??`` unless shown); a seat number writes what that
    seat saw.

    >>> from cartes.games import SevenCardStud
    >>> to_phh(SevenCardStud(players=2).start(seed=1), seat=None).splitlines()[7:9]
    ['  "d dh p1 ????Ts",', '  "d dh p2 ????6c",']
    """
    n = state.n
    if seat is not None and (not is_whole(seat) or not -1 <= seat < n):
        raise ConfigurationError(
            f"seat must be -1 (every card), None (a spectator) or a seat 0..{n - 1}, "
            f"got {seat!r}"
        )
    order = [(state.button + 1 + i) % n for i in range(n)]
    player = {s: f"p{i + 1}" for i, s in enumerate(order)}
    game = state.game
    lines: list[str] = []
    third: dict[int, list[Card | None]] = {}
    contrib = [0] * n  # this round's chips, to write completions as "complete to"
    shown = {e.seat for e in state.history if isinstance(e, Shown)}

    def visible(event: CardDealt) -> Card | None:
        if seat == -1 or event.face_up or event.seat == seat or event.seat in shown:
            return event.card
        return None

    for event in state.history:
        if isinstance(event, CardDealt):
            if event.seat is None:
                lines.append(f"d db {event.card}")
            elif event.street == 3:
                third.setdefault(event.seat, []).append(visible(event))
                if len(third) == n and all(len(cards) == 3 for cards in third.values()):
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

    def array(values: Sequence[int]) -> str:
        return "[" + ", ".join(str(v) for v in values) + "]"

    out = [
        'variant = "F7S"',
        f"antes = {array([game.ante] * n)}",
        f"bring_in = {game.bring_in}",
        f"small_bet = {game.small_bet}",
        f"big_bet = {game.big_bet}",
        f"starting_stacks = {array([state.initial_stacks[s] for s in order])}",
        "actions = [",
        *(f'  "{line}",' for line in lines),
        "]",
    ]
    if state.is_terminal:
        out.append(f"finishing_stacks = {array([state.stacks[s] for s in order])}")
    return "\n".join(out)
