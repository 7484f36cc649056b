"""Observations built the old way, from scratch on every call: the reference that the games'
incremental observations must equal (tests/test_observation_cache.py), and the baseline that
benchmarks/bench_observation.py times them against.

This is the code the three games ran before the history was redacted incrementally: every
event redacted again on every call with ``dataclasses.replace``, the stud showdown found by
scanning the history, the pots layered anew.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from cartes.games import CalatoneState, SieteState, State, StudState
from cartes.games.calatone.events import ExposeChosen
from cartes.games.contract import Event, Observation
from cartes.games.dealing import CardDealt, Shown
from cartes.games.poker.pots import pots as layered_pots
from cartes.games.poker.state import PokerState
from cartes.games.siete_y_medio.observation import SieteObservation
from cartes.games.stud.events import CardBurned, Mucked


def old_seen_by(event: Event, seat: int | None) -> Event:
    """``event`` as ``seat`` may see it, by the rules each event class had."""
    if isinstance(event, CardBurned):
        return dataclasses.replace(event, card=None)
    if isinstance(event, Mucked):
        return event if seat == event.seat else dataclasses.replace(event, cards=())
    if isinstance(event, ExposeChosen):
        return event if seat == event.seat else dataclasses.replace(event, card=None)
    if isinstance(event, CardDealt):
        if event.face_up or (seat == event.seat and not event.blind):
            return event
        return dataclasses.replace(event, card=None)
    # Every other event is public: a new kind that hides something needs a rule here.
    assert type(event).seen_by is Event.seen_by, f"no reference rule for {type(event)}"
    return event


def _old_poker(state: PokerState, seat: int | None, cards: tuple[Any, ...],
               board: tuple[Any, ...], extra: dict[str, Any]) -> Observation:
    to_act = state.to_act
    rnd = state.round
    if state._payoffs is not None:
        pots = state.final_pots
    else:
        committed = list(state.chips.committed)
        if rnd is not None:
            committed = [c - bet for c, bet in zip(committed, rnd.contrib, strict=True)]
        pots = layered_pots(committed, state.chips.folded)
    return Observation(
        seat=seat,
        to_act=to_act,
        stacks=tuple(state.chips.stacks),
        committed=tuple(state.chips.committed),
        folded=tuple(state.chips.folded),
        cards=cards,
        board=board,
        history=tuple(old_seen_by(e, seat) for e in state.history),
        legal_actions=state.legal_actions() if to_act == seat and seat is not None else (),
        is_terminal=state.is_terminal,
        extra={
            **extra,
            "pots": pots,
            "round_committed": () if rnd is None else tuple(rnd.contrib),
            "to_call": 0 if rnd is None or seat is None else min(
                rnd.owed(seat), state.chips.stacks[seat]
            ),
        },
    )


def old_stud(state: StudState, seat: int | None) -> Observation:
    shown = {e.seat for e in state.history if isinstance(e, Shown)}
    visible = []
    for s in range(state.n):
        if s == seat or s in shown:
            visible.append(tuple(state.cards[s]))
        else:
            pairs = zip(state.cards[s], state.face_up[s], strict=True)
            visible.append(tuple(c if up else None for c, up in pairs))
    board = () if state.community is None else (state.community,)
    return _old_poker(state, seat, tuple(visible), board,
                      {"street": state.street, "button": state.button})


def old_calatone(state: CalatoneState, seat: int | None) -> Observation:
    visible = []
    for s in range(state.n):
        if s == seat or s in state.revealed:
            visible.append(tuple(state.cards[s]))
        else:
            up = set(state.up[s])
            visible.append(tuple(c if c in up else None for c in state.cards[s]))
    extra = {
        "phase": state.phase,
        "street": state.street,
        "round": state.street - 1,
        "dealer": state.button,
        "button": state.button,
        "up_cards": tuple(tuple(up) for up in state.up),
        "expose_choice": state.chosen.get(seat) if seat is not None else None,
    }
    return _old_poker(state, seat, tuple(visible), (), extra)


def old_siete(state: SieteState, seat: int | None) -> Observation:
    def shown(calle: Any, own: bool, muerta: bool) -> tuple[Any, ...]:
        return tuple(
            card if up or (own and not (muerta and i == 1)) else None
            for i, (card, up) in enumerate(zip(calle.cards, calle.up, strict=True))
        )

    calles = []
    for s in range(state.n):
        if s == state.button:
            hands = [] if state.bank_hand is None else [state.bank_hand]
        else:
            hands = state.punters[s].calles
        calles.append(tuple(
            (shown(c, s == seat, c.status == "muerta"), tuple(c.up), c.bet, c.status)
            for c in hands
        ))
    to_act = state.to_act
    at_risk = [sum(c.bet for c in state.punters[s].calles if c.status != "bust")
               if s != state.button else 0 for s in range(state.n)]
    return SieteObservation(
        seat=seat,
        to_act=to_act,
        stacks=tuple(b + d for b, d in zip(state.initial_stacks, state.net, strict=True)),
        committed=tuple(at_risk),
        cards=tuple(tuple(card for hand in per_seat for card in hand[0])
                    for per_seat in calles),
        board=(),
        history=tuple(old_seen_by(e, seat) for e in state.history),
        legal_actions=state.legal_actions() if to_act == seat and seat is not None else (),
        is_terminal=state.is_terminal,
        extra={
            "bank": state.button,
            "phase": state.phase,
            "limits": state.limits,
            "modality": state.game.modality,  # the hand's own (M-31: a table's per hand)
            "order": state.order,
            "calles": tuple(calles),
            "stock": len(state.deck),
            "discards": len(state.discards) + len(state.aside),
        },
        sitting_out=tuple(s != state.button and state.punters[s].status in ("out", "declined")
                          for s in range(state.n)),
    )


def old_observation(state: State, seat: int | None) -> Observation:
    """The observation of ``seat`` built from scratch, the old way, for any of the three games."""
    if isinstance(state, StudState):
        return old_stud(state, seat)
    if isinstance(state, CalatoneState):
        return old_calatone(state, seat)
    if isinstance(state, SieteState):
        return old_siete(state, seat)
    raise TypeError(f"no reference observation for {type(state).__name__}")
