"""``State.cards_to_draw``: for every legal action of random play in every game, what applying
it takes from the stock (what the OpenSpiel adapter deals as chance nodes before it)."""

from __future__ import annotations

import numpy as np
import pytest

from cartes.games import Calatone, SevenCardStud, SieteYMedio

CONFIGS = [
    SevenCardStud(players=2),
    SevenCardStud(players=3),
    SevenCardStud(players=4, starting_stack=15, max_raises=None),  # all-ins: run-outs
    SevenCardStud(players=8, starting_stack=40, ante=0),  # the river's reshuffle
    Calatone(players=2),
    Calatone(players=3, all_pass_ends_hand=False),
    Calatone(players=4, starting_stack=12),
    Calatone(players=6),
    SieteYMedio(players=2),
    SieteYMedio(players=5, modality=3, minimum=1, maximum=4),  # votes before the deal
    SieteYMedio(players=8),
    SevenCardStud(players=8, starting_stack=6),  # all in on third street: run-out, reshuffle
    SevenCardStud(players=5, ante=0, starting_stack=2),
    Calatone(players=3, lowest_rank=7, starting_stack=5),
    SieteYMedio(players=4, bank_passes="every_hand", reveal_seven_and_half=True,
                bust_pays_double=True),
]


def taken(state, action):
    """The cards ``action`` takes from the stock, counted on a clone."""
    twin = state.clone()
    stock = twin.deck
    before = len(stock)
    twin.apply(action)
    return before - len(stock)


@pytest.mark.parametrize("game", CONFIGS, ids=repr)
def test_cards_to_draw_is_what_every_legal_action_takes(game):
    rng = np.random.default_rng(7)
    drawing = 0
    for _ in range(40):
        state = game.start(rng)
        while not state.is_terminal:
            legal = [offer.choose(rng) for offer in state.legal_actions()]
            for action in legal:
                count = state.cards_to_draw(action)
                assert count == taken(state, action), (state, action)
                drawing += count > 0
            state.apply(legal[int(rng.integers(len(legal)))])
    assert drawing  # the check met actions that draw
