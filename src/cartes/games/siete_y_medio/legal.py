"""What a seat may do now in a hand of siete y medio, and why an action is refused.

:func:`offers` lists the legal actions of the seat to act (SPEC §3.3 and §3.4); :func:`why_not`
names the rule an action breaks, for the error message of
:meth:`SieteState.apply <cartes.games.siete_y_medio.state.SieteState.apply>`.

>>> from cartes import Deck, SpanishCard
>>> from cartes.games import SieteYMedio, Stand
>>> state = SieteYMedio(players=2).start(deck=Deck.stacked("3o 5e 1b", kind=SpanishCard))
>>> offers(state)
(Decline(), Bet(1, up_to=3))
>>> why_not(state, Stand())  # doctest: +ELLIPSIS
'the bet comes first, on the first card: Bet(1) to Bet(3); then stand, draw or play ...'
>>> why_not(state, "stand") is None  # not an action: nothing more to say than "not legal"
True
"""

from __future__ import annotations

from typing import Protocol

from cartes.games.chips import Bet
from cartes.games.contract import Action
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
from cartes.games.siete_y_medio.rules import SieteRules, _Calle, _Punter


class HandView(Protocol):
    """What the legal actions read of a hand in progress (:class:`SieteState
    <cartes.games.siete_y_medio.state.SieteState>` provides it)."""

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
    def can_annul(self) -> bool: ...

__all__ = ["offers", "playable", "why_not"]


def offers(state: HandView) -> tuple[Action, ...]:
    """The actions the seat to act may take now (the state caches them)."""
    lo, hi = state.limits
    phase = state.phase
    if phase == "vote":
        return (Vote(True), Vote(False))
    if phase == "choice":  # M-31; sitting out first: a host's default commits no chips
        return (SitOut(), Play())
    if phase == "validity":
        assert state.bank_hand is not None
        first = state.bank_hand.cards[0].rank
        if first == 4:  # no card to exchange for: keep (M-12, M-26)
            return (Exchange(), Keep()) if state.can_draw() else (Keep(),)
        return (Annul(), Keep()) if state.can_annul() else (Keep(),)
    if phase == "bank":
        return (Stand(), Draw()) if state.can_draw() else (Stand(),)
    if phase == "over":
        return ()
    assert state.current is not None
    punter = state.punters[state.current]
    if phase == "first":
        rank = punter.calles[0].cards[0].rank
        special: tuple[Action, ...] = (
            (Decline(),) if rank == 3 else (Exchange(),) if rank == 4 and state.can_draw()
            else ()
        )
        return (*special, Bet(lo, up_to=hi if hi > lo else None))
    legal: list[Action] = []
    new_bet = hi if hi > lo else None
    can_draw = state.can_draw()
    for index in playable(punter):
        calle = punter.calles[index]
        room = hi - calle.bet
        if len(calle.cards) >= 2 or calle.bet == lo or not can_draw:  # M-25, M-26
            legal.append(Stand(index))
        if can_draw:
            # M-23: a calle with no face-down card gets its next card face down
            for down in (False, True) if False in calle.up else (True,):
                legal.append(Draw(index, 0, down, room if room > 0 else None))
                if punter.opening:  # M-13: decided before the card is seen
                    legal.append(OpenCalle(lo, index, 0, down, new_bet,
                                           room if room > 0 else None))
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
    if state.phase == "over" or not isinstance(action, Action):
        return None
    lo, hi = state.limits
    if state.phase == "choice":
        return (f"seat {state.current} voted against the adopted proposal ({lo} to {hi} "
                "chips): he chooses to play or sit the hand out, Play() or SitOut(), before "
                "the deal (M-31)")
    if type(action) in (Play, SitOut):
        return ("only a punter who voted against an adopted proposal chooses Play() or "
                "SitOut(), after the vote and before the deal (M-31)")
    if state.phase == "vote":
        return None
    if state.phase in ("validity", "bank"):
        return _bank_why_not(state, action)
    assert state.current is not None
    punter = state.punters[state.current]
    if action.kind == "raise":
        return ("a raise comes only with a card: Draw(raise_by=...) or Muerta(raise_by=...) "
                "(M-7)")
    if type(action) is Exchange:
        if state.phase == "first" and punter.calles[0].cards[0].rank == 4:
            return "no card is left in the stock or the discards to exchange the 4 for (M-26)"
        return "only a first 4 may be exchanged, before betting (bank: at the validity) (M-12)"
    if type(action) is Decline:
        return "only a punter with a first 3 may decline, before betting (M-11)"
    if type(action) is Annul:
        return "only the bank may annul, on a first 3 at the validity declaration (M-29)"
    if type(action) is Keep:
        return ("Keep is the bank's, at the validity declaration; a punter's figure stays in "
                "the calle named unless it was asked for with OpenCalle (M-13, M-29)")
    if state.phase == "first":
        if isinstance(action, Bet) and not lo <= action.amount <= hi:
            return f"a bet must be {lo} to {hi} chips (modality {state.game.modality})"
        return (f"the bet comes first, on the first card: Bet({lo}) to Bet({hi}); then stand, "
                "draw or play the muerta (M-7)")
    if isinstance(action, Bet):
        return "the bet comes once, on the first card; raise with Draw(raise_by=...) (M-7)"
    if type(action) is Muerta:
        only = punter.calles[0]
        if len(punter.calles) == 1 and len(only.cards) == 1 and only.cards[0].rank == 7:
            if not state.can_draw():
                return "no card is left in the stock or the discards: stand (M-26)"
            return (f"a raise must keep the bet within {hi}: raise_by 0 to "
                    f"{hi - only.bet} (M-24)")
        return "the muerta needs a first 7 that is still the only card (M-14)"
    if type(action) in (Stand, Draw, OpenCalle):
        index = action.calle  # type: ignore[attr-defined]
        if not 0 <= index < len(punter.calles):
            return f"no calle {index!r}: this hand's calles are 0..{len(punter.calles) - 1}"
        if index not in playable(punter):
            return (f"calle {index} cannot be played now (calles to play: "
                    f"{playable(punter)}, M-22)")
        calle = punter.calles[index]
        if type(action) is Stand:
            return (f"standing on one card needs the minimum bet {lo}; this calle's bet is "
                    f"{calle.bet} (M-25)")
        if type(action.down) is not bool:  # type: ignore[attr-defined]
            return f"down must be True or False, got {action.down!r}"  # type: ignore[attr-defined]
        if not state.can_draw():
            return "no card is left in the stock or the discards: stand (M-26)"
        if type(action) is OpenCalle:
            if not punter.opening:
                return ("a calle opens only with a figure drawn while every card received is "
                        "a figure, and only by a punter (M-13)")
            if not lo <= action.amount <= hi:
                return f"a new calle's bet must be {lo} to {hi} chips (M-13)"
        if not action.down and False not in calle.up:  # type: ignore[attr-defined]
            down = Draw(index, 0, True)
            return (f"calle {index} holds no face-down card: its next card comes face down, "
                    f"{down!r} (M-23)")
        return (f"a raise must keep the calle's bet within {hi}: raise_by 0 to "
                f"{hi - calle.bet} (M-24)")
    return None


def _bank_why_not(state: HandView, action: Action) -> str:
    """Why the bank may not take ``action`` at the validity declaration or at its turn."""
    assert state.bank_hand is not None
    if state.phase == "bank":
        if type(action) is Draw and not state.can_draw():
            return "no card is left in the stock or the discards: stand (M-26)"
        return ("at its turn the bank stands (Stand()) or draws face up (Draw()), with no "
                "bet, raise, hidden card or calle (M-17)")
    first = state.bank_hand.cards[0].rank
    if type(action) is Exchange and first == 4:
        return "no card is left in the stock or the discards to exchange the 4 for (M-26)"
    if type(action) is Annul and first == 3:
        return ("every card of the deck is a 3 or a 4: a new deal could never leave the bank "
                "without one, so the hand is played")
    choice = "Exchange() the 4" if first == 4 else "Annul() on the 3"
    return (f"at the validity declaration the bank may only Keep() its first card or "
            f"{choice} (M-29); it does not bet")
