"""Resampling from an information state (what IS-MCTS determinises with): a state that one
player cannot tell from the given one.

The player's seen cards keep their places in the deal; every other dealt card is drawn again
from the cards it has not seen; the players' actions are replayed; a shuffle in mid-hand
places the cards the player saw where they were and the others at random. A draw is kept when
every action is still legal and the player's information state is the same (rejection: the
kept draws are the consistent deals, each as likely as chance makes it).

A draw is given up at the first action it cannot replay, so a rejected draw costs only the
steps up to it. In stud and calatone no action depends on an opponent's hidden cards, so the
first draw is always kept; in 7½ some actions tell something of a hidden card (a decision on a
first 3 or 4, a bust, a muerta) and some draws are rejected. After :data:`_BUDGET` rejected
draws the resampling fails with :class:`~cartes.errors.HistoryError`: it never falls back on
the true state, whose hidden cards the player must not learn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from cartes.errors import HistoryError

# states are OpenSpielState (not imported: the package imports this module)
OpenSpielState = Any

__all__ = ["resample"]

# Generous: the worst 7½ states seen keep about one draw in forty, and a rejected draw is cheap.
_BUDGET = 20_000
_CHANCE = int(pyspiel.PlayerId.CHANCE)


def resample(state: OpenSpielState, player: int, sampler: Callable[[], float],
             budget: int | None = None) -> OpenSpielState:
    """See :meth:`cartes.adapters.openspiel.OpenSpielState.resample_from_infostate`
    (``budget``: the draws tried before giving up, :data:`_BUDGET` unless given)."""
    h = state._h
    setup = h.setup
    target = state.information_state_string(player)
    seen: set[Any] = set()
    if h.hand is not None:
        seen = set(h.hand.observation(player).visible_cards())
    rng = np.random.default_rng(int(sampler() * 2**53))
    steps = [(s.player, s.action) for s in state.full_history()]
    game = state.get_game()
    tries = _BUDGET if budget is None else budget
    for _ in range(tries):
        other = _draw(game, steps, seen, setup.cards, rng)
        if other is not None and other.information_state_string(player) == target:
            return other
    raise HistoryError(
        f"no state player {player} cannot tell from this one was found in {tries} random "
        f"draws of the cards it has not seen (a state of {len(steps)} steps, "
        f"{len(seen)} cards seen): its information state {target!r} is too unlikely to "
        f"reach by rejection; the true state is never returned in its place"
    )


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
