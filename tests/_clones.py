"""A driver that writes its clone out for speed must copy exactly what the hand-state base's
clone (from the declared ``copied`` fields) copies, and stay independent of its original."""

from __future__ import annotations

import numpy as np

from cartes.games.hand import HandState


def play_comparing_clones(state: HandState, rng: np.random.Generator) -> None:
    """Play ``state`` to the end at random, comparing its own clone with the base's at each step."""
    while not state.is_terminal:
        own, generic = state.clone(), HandState.clone(state)
        assert own == generic == state
        assert sorted(own.__dict__) == sorted(generic.__dict__)
        legal = state.legal_actions()
        action = legal[int(rng.integers(len(legal)))].choose(rng)
        own.apply(action)
        generic.apply(action)
        assert own == generic != state  # the original is untouched by either
        state.apply(action)
        assert state == own
