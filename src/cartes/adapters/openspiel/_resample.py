"""Resampling from an information state (what IS-MCTS determinises with): a state that one
player cannot tell from the given one.

The player's seen cards keep their places in the deal; every other dealt card is drawn again
from the cards it has not seen; the players' actions are replayed; a shuffle in mid-hand
places the cards the player saw where they were and the others at random. A draw is kept when
every action is still legal and the player's information state is the same (rejection: the
kept draws are the consistent deals, each as likely as chance makes it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

# states are OpenSpielState (not imported: the package imports this module)
OpenSpielState = Any

__all__ = ["resample"]

_TRIES = 200
_CHANCE = int(pyspiel.PlayerId.CHANCE)


def resample(state: OpenSpielState, player: int,
             sampler: Callable[[], float]) -> OpenSpielState:
    """See :meth:`cartes.adapters.openspiel.OpenSpielState.resample_from_infostate`."""
    h = state._h
    setup = h.setup
    target = state.information_state_string(player)
    seen: set[Any] = set()
    if h.hand is not None:
        seen = set(h.hand.observation(player).visible_cards())
    rng = np.random.default_rng(int(sampler() * 2**53))
    steps = [(s.player, s.action) for s in state.full_history()]
    game = state.get_game()
    for _ in range(_TRIES):
        other = _draw(game, steps, seen, setup.cards, rng)
        if other is not None and other.information_state_string(player) == target:
            return other
    twin: OpenSpielState = state.clone()
    return twin


def _draw(game: Any, steps: list[tuple[int, int]], seen: set[Any], cards: dict[int, Any],
          rng: np.random.Generator) -> OpenSpielState | None:
    other: OpenSpielState = game.new_initial_state()
    first = 0
    while first < len(steps) and steps[first][0] == _CHANCE:
        first += 1  # the deal: the chance steps before the first decision
    deal = [action for _, action in steps[:first]]
    fresh = [outcome for outcome, card in cards.items() if card not in seen]
    drawn = iter(rng.permutation(fresh).tolist())
    for outcome in deal:
        other.apply_action(outcome if cards[outcome] in seen else next(drawn))
    for player, action in steps[first:]:
        if other.is_terminal():
            return None
        if player == _CHANCE:
            possible = [a for a, _ in other.chance_outcomes()]
            if action in possible and cards[action] in seen:
                other.apply_action(action)
            else:
                unseen = [a for a in possible if cards[a] not in seen] or possible
                other.apply_action(int(rng.choice(unseen)))
        else:
            if other.current_player() != player or action not in other.legal_actions():
                return None
            other.apply_action(action)
    return other
