"""Calatone's own hiding rule in play: the expose choices (C-5). The invariants every game
shares, calatone's spread limits and its payouts are checked in random play by the harness,
``tests/test_random_play.py``, with the pot oracle ``tests/_pot_oracle.py``."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from _calatone import calatone_games
from _clones import play_comparing_clones
from cartes import Card
from cartes.games import Calatone


def test_expose_choices_stay_hidden_until_everyone_has_chosen():
    state = Calatone(players=5).start(seed=9)
    while state.phase == "expose":
        for seat in range(5):
            others = set(state.cards[seat])
            seen = state.observation(seat).visible_cards()
            assert seen <= others, f"seat {seat} sees {seen - others} before the reveal"
        state.apply(state.legal_actions()[1])
    assert all(len(up) == 1 for up in state.up_cards)
    assert all(isinstance(c, Card) for c in state.observation(None).visible_cards())


@settings(max_examples=40, deadline=None)
@given(game=calatone_games(), seed=st.integers(0, 2**32 - 1))
def test_the_written_out_clone_is_the_base_clone_from_the_declared_fields(game, seed):
    """CalatoneState writes its clone out for speed: it must copy exactly what its declared
    ``copied`` fields (the hand-state base's clone) copy, and stay independent."""
    play_comparing_clones(game.start(seed=seed), np.random.default_rng(seed))
