"""A user's script, written as the docs show, that ``mypy --strict`` must accept as it is.

``tests/test_typing.py`` runs mypy on this file: every documented attribute used here must be
known to the type checker, and ``assert_type`` pins the types the registry promises. It also
runs, so the script is true at run time too.
"""

from __future__ import annotations

from typing import assert_type

import cartes
from cartes import games
from cartes.games import (
    Bet,
    BringIn,
    Calatone,
    CalatoneState,
    Call,
    Expose,
    Game,
    Pot,
    SevenCardStud,
    State,
    StudState,
)


def play_one_hand(seed: int) -> tuple[int, ...]:
    game = games.get("seven-card-stud", players=3, ante=1)
    assert_type(game, SevenCardStud)
    state = game.start(seed, stacks=[100, 100, 100], button=2)
    assert_type(state, StudState)
    street: int = state.street
    pots: tuple[Pot, ...] = state.pots
    assert street == 3
    assert pots
    state.apply(BringIn())
    while not state.is_terminal:
        legal = state.legal_actions()
        state.apply(Call() if Call() in legal else legal[0])
    text: str = games.to_phh(state, seat=None)
    log: str = state.text_log()
    back = games.replay(state.to_json())
    again = games.from_phh(games.to_phh(state))
    assert_type(again, StudState)
    assert again.payoffs == state.payoffs
    assert text
    assert log
    assert back == state
    return state.payoffs


def play_calatone(seed: int) -> tuple[int, ...]:
    game = games.get("calatone", players=3, min_bet=1, max_bet=10)
    assert_type(game, Calatone)
    state = game.start(seed)
    assert_type(state, CalatoneState)
    phase: str = state.phase
    assert phase == "expose"
    while state.phase == "expose":
        seat = state.to_act
        assert seat is not None
        state.apply(Expose(state.cards[seat][0]))
    up: tuple[tuple[cartes.Card, ...], ...] = state.up_cards
    assert all(len(cards) == 1 for cards in up)
    while not state.is_terminal:
        state.apply(state.legal_actions()[-1 if state.phase == "declare" else 0])
    return state.payoffs


def any_game(name: str) -> State:
    game = games.get(name)
    assert_type(game, Game)
    return game.start(seed=1, button=0)


def typed_errors() -> None:
    bet = Bet(5)
    assert bet.amount == 5
    hand = cartes.cards("KhAd2c")
    assert len(hand) == 3


if __name__ == "__main__":
    print(play_one_hand(7), play_calatone(3), any_game("seven-card-stud").to_act)
    typed_errors()
