"""Stud writes its clone out for speed: it must copy exactly what the hand-state base's
clone (from the declared ``copied`` fields) copies, and stay independent of its original."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from _clones import play_comparing_clones
from cartes.games import SevenCardStud


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 8), seed=st.integers(0, 2**32 - 1),
       stack=st.integers(5, 200))
def test_the_written_out_clone_is_the_base_clone_from_the_declared_fields(players, seed, stack):
    state = SevenCardStud(players=players, starting_stack=stack).start(seed=seed)
    play_comparing_clones(state, np.random.default_rng(seed))
