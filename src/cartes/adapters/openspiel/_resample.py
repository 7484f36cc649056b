"""Resampling from an information state (what IS-MCTS determinises with): a state that one
player cannot tell from the given one.

The cards the player saw keep their places in the deal; every other dealt card is drawn again
from the cards it has not seen; the players' actions are replayed; a shuffle in mid-hand
places the cards the player saw where they were and the others at random. What "saw" means
depends on the order: a card keeps its place in the deal or in one shuffle's order only if the
player saw it while that order was dealt from (from that shuffle to the next one that takes
the card back). A card seen only before 7½'s re-deal or before its stock is reshuffled is
somewhere in the new order the player cannot know, so it is placed at random there. A draw is
kept when every action is still legal and the player's information state is the same
(rejection: the kept draws are the consistent deals, each as likely as chance makes it).

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
from cartes.french import Card
from cartes.spanish import SpanishCard

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
    target = state.information_state_string(player)
    pins = _pins(state, player)
    rng = np.random.default_rng(int(sampler() * 2**53))
    steps = [(s.player, s.action) for s in state.full_history()]
    game = state.get_game()
    tries = _BUDGET if budget is None else budget
    for _ in range(tries):
        other = _draw(game, steps, pins, rng)
        if other is not None and other.information_state_string(player) == target:
            return other
    raise HistoryError(
        f"no state player {player} cannot tell from this one was found in {tries} random "
        f"draws of the cards it has not seen (a state of {len(steps)} steps, "
        f"{len(frozenset().union(*pins))} cards kept in place): its information state "
        f"{target!r} is too unlikely to reach by rejection; the true state is never returned "
        f"in its place"
    )


def _revealed(event: Any) -> set[Any]:
    """The cards an event (as one seat saw it) shows."""
    out = set()
    for name in event.__dataclass_fields__:
        value = getattr(event, name)
        for item in value if isinstance(value, tuple) else (value,):
            if isinstance(item, Card | SpanishCard):
                out.add(item)
    return out


def _pins(state: OpenSpielState, player: int) -> list[frozenset[int]]:
    """The chance outcomes kept in place in each order (0: the deal, then each shuffle in
    mid-hand): those ``player`` saw while that order was dealt from, from its start to the
    next shuffle of the card (or the end). Any later sight of a card tells where it went in a
    later order, not where it was in this one."""
    h = state._h
    hand = h.hand
    if hand is None:
        return [frozenset()]
    index = h.setup.index
    starts = [0] + [cut for cut, _ in h.cuts]
    orders = [frozenset(h.setup.cards), *(cards for _, cards in h.cuts)]
    when: dict[int, list[int]] = {}  # each card: where in the history the player saw it
    for position, event in enumerate(hand.history):
        for card in _revealed(event.seen_by(player)):
            when.setdefault(index[card], []).append(position)
    observation = hand.observation(player)
    end = len(hand.history)
    for card in {c for cards in observation.cards for c in cards if c is not None} | set(
            observation.board):
        when.setdefault(index[card], []).append(end)  # in sight now
    pins = []
    for k, (start, cards) in enumerate(zip(starts, orders, strict=True)):
        kept = set()
        for outcome in cards & when.keys():
            stop = next((starts[j] for j in range(k + 1, len(starts)) if outcome in orders[j]),
                        end + 1)
            if any(start <= seen < stop for seen in when[outcome]):
                kept.add(outcome)
        pins.append(frozenset(kept))
    return pins


def _draw(game: Any, steps: list[tuple[int, int]], pins: list[frozenset[int]],
          rng: np.random.Generator) -> OpenSpielState | None:
    other: OpenSpielState = game.new_initial_state()
    kept = pins[0]  # the deal's: a card dealt where it was, or one the player has not seen
    fresh = [outcome for outcome in other._h.setup.cards if outcome not in kept]
    drawn = iter(rng.permutation(fresh).tolist())
    none: frozenset[int] = frozenset()
    for player, action in steps:
        if other.is_terminal():
            return None
        if player == _CHANCE:
            h = other._h
            if not h.chance:
                return None
            if h.dealing:  # the start's cards or an action's, in the deal's order
                outcome = action if action in kept else next(drawn, None)
                if outcome is None or outcome not in h.left:
                    return None
                other.apply_action(outcome)
                continue
            k = 1 + len(h.cuts) + len(h.orders)  # which order chance is placing
            order_kept = pins[k] if k < len(pins) else none
            possible = h.left
            if action in possible and action in order_kept:
                other.apply_action(action)
            else:
                unseen = [a for a in possible if a not in order_kept] or possible
                other.apply_action(int(rng.choice(unseen)))
        else:
            if other.current_player() != player or action not in other.legal_actions():
                return None
            other.apply_action(action)
    return other
