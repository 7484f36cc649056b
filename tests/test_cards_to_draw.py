"""``State.cards_to_draw``: for every legal action of random play in every game, what applying
it takes from the stock (what the OpenSpiel adapter deals as chance nodes before it)."""

from __future__ import annotations

import numpy as np
import pytest

from test_openspiel_lazy_deal import CONFIGS


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
