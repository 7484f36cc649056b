"""What a seat may do now in a hand of siete y medio, and why an action is refused.

:func:`offers` lists the legal actions of the seat to act (SPEC §3.3 and §3.4); :func:`why_not`
names the rule an action breaks, for the error message of
:meth:`SieteState.apply <cartes.games.siete_y_medio_state.SieteState.apply>`.

>>> from cartes import Deck, SpanishCard
>>> from cartes.games import SieteYMedio, Stand
>>> state = SieteYMedio(players=2).start(deck=Deck.stacked("3o 5e 1b", kind=SpanishCard))
>>> offers(state)
(Decline(), Bet(amount=1, up_to=3))
>>> why_not(state, Stand(calle=1)) is None  # nothing more to say than "not legal now"
True
"""

from __future__ import annotations

from typing import Protocol

from cartes.games._check import is_whole
from cartes.games.core import Action, Bet
from cartes.games.siete_y_medio_actions import (
    Annul,
    Decline,
    Draw,
    Exchange,
    Keep,
    Muerta,
    OpenCalle,
    Stand,
    Vote,
)
from cartes.games.siete_y_medio_rules import SieteRules, _Calle, _Punter


class HandView(Protocol):
    """What the legal actions read of a hand in progress (:class:`SieteState
    <cartes.games.siete_y_medio_state.SieteState>` provides it)."""

    @property
    def game(self) -> SieteRules: ...
    @property
    def limits(self) -> tuple[int, int]: ...
    @property
    def phase(self) -> str: ...
    @property
    def bank_hand(self) -> _Calle | None: ...
    @property
    def current(self) -> int | None: ...
    @property
    def punters(self) -> dict[int, _Punter]: ...
    def can_draw(self) -> bool: ...

__all__ = ["offers", "playable", "why_not"]


def offers(state: HandView) -> tuple[Action, ...]:
    """The actions the seat to act may take now (the state caches them)."""
    lo, hi = state.limits
    phase = state.phase
    if phase == "vote":
        return (Vote(True), Vote(False))
    if phase == "validity":
        assert state.bank_hand is not None
        first = state.bank_hand.cards[0].rank
        return (Exchange(), Keep()) if first == 4 else (Annul(), Keep())
    if phase == "bank":
        return (Stand(), Draw()) if state.can_draw() else (Stand(),)
    if phase == "over":
        return ()
    assert state.current is not None
    punter = state.punters[state.current]
    bet = Bet(lo, up_to=hi if hi > lo else None)
    if phase == "first":
        rank = punter.calles[0].cards[0].rank
        special: tuple[Action, ...] = (
            (Decline(),) if rank == 3 else (Exchange(),) if rank == 4 else ()
        )
        return (*special, bet)
    if phase == "figure":
        return (Keep(), OpenCalle(lo, up_to=hi if hi > lo else None))
    legal: list[Action] = []
    can_draw = state.can_draw()
    for index in playable(punter):
        calle = punter.calles[index]
        room = hi - calle.bet
        if len(calle.cards) >= 2 or calle.bet == lo or not can_draw:  # M-25, M-26
            legal.append(Stand(index))
        if can_draw:
            for down in (False, True):
                legal.append(Draw(index, 0, down, room if room > 0 else None))
    only = punter.calles[0]
    if (can_draw and len(punter.calles) == 1 and len(only.cards) == 1
            and only.cards[0].rank == 7):  # M-14
        room = hi - only.bet
        legal.append(Muerta(0, room if room > 0 else None))
    return tuple(legal)


def playable(punter: _Punter) -> list[int]:
    """The calles a punter may act on (M-22): any unfinished one while calles can open;
    after that the named calle until it is finished, then the leftmost unfinished."""
    unfinished = [i for i, c in enumerate(punter.calles) if c.status == "open"]
    if punter.opening or punter.target in unfinished:
        return unfinished if punter.opening else [punter.target]
    return unfinished[:1]


def why_not(state: HandView, action: object) -> str | None:
    """What rule an action not offered breaks, for the error message (None: say no more)."""
    if state.phase in ("over", "vote") or not isinstance(action, Action):
        return None
    lo, hi = state.limits
    punter = None if state.current is None else state.punters[state.current]
    if isinstance(action, Bet | OpenCalle):
        amount = action.amount
        if state.phase in ("first", "figure") and not lo <= amount <= hi:
            return f"a bet must be {lo} to {hi} chips (modality {state.game.modality})"
        if type(action) is OpenCalle:
            return ("a calle opens only with a figure drawn while every card received is "
                    "a figure, and only by a punter (M-13)")
        return "the bet comes once, on the first card; raise with Draw(raise_by=...) (M-7)"
    if action.kind == "raise":
        return ("a raise comes only with a card: Draw(raise_by=...) or Muerta(raise_by=...) "
                "(M-7)")
    if type(action) is Exchange:
        return "only a first 4 may be exchanged, before betting (bank: at the validity) (M-12)"
    if type(action) is Decline:
        return "only a punter with a first 3 may decline, before betting (M-11)"
    if type(action) is Annul:
        return "only the bank may annul, on a first 3 at the validity declaration (M-29)"
    if type(action) is Muerta:
        return "the muerta needs a first 7 that is still the only card (M-14)"
    if type(action) in (Stand, Draw) and punter is not None and state.phase == "play":
        index = action.calle  # type: ignore[attr-defined]
        if not is_whole(index) or not 0 <= index < len(punter.calles):
            return f"no calle {index!r}: this hand's calles are 0..{len(punter.calles) - 1}"
        if index not in playable(punter):
            return (f"calle {index} cannot be played now (calles to play: "
                    f"{playable(punter)}, M-22)")
        calle = punter.calles[index]
        if isinstance(action, Draw):
            if type(action.down) is not bool:
                return f"down must be True or False, got {action.down!r}"
            if not state.can_draw():
                return "no card is left in the stock or the discards: stand (M-26)"
        if type(action) is Stand:
            return (f"standing on one card needs the minimum bet {lo}; this calle's bet is "
                    f"{calle.bet} (M-25)")
        return (f"a raise must keep the calle's bet within {hi}: raise_by 0 to "
                f"{hi - calle.bet} (M-24)")
    return None
