"""A Python OpenSpiel game that does no work but has the shape of recorded hands: the floor
under any Python game of that shape, for benchmarks/bench_openspiel.py (issue 20).

Each new hand takes the next recorded shape (chance nodes, then decisions, in the order the
recorded hand had them) and cycles through the list. A chance node offers the cards not yet
dealt of a deck of ``deck`` cards (a fresh deck again once it is spent, as after a
reshuffle), a decision three actions; the information-state string is
the seat and the hand's actions so far, the returns depend on those actions. Its methods are
written as cheaply as Python allows, and it overrides from Python what the adapter does
(``is_chance_node``, ``legal_actions``), so nothing of pyspiel's round trips is added that the
adapter avoids. Not a module of the library: do not import it elsewhere.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

import numpy as np
import pyspiel

_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_ACTIONS = [0, 1, 2]

_TYPE = pyspiel.GameType(
    short_name="cartes_bench_null_shape",
    long_name="a game that does nothing but a hand's shape",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=8,
    min_num_players=1,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=False,
    parameter_specification={"players": 2},
)


class NullGame(pyspiel.Game):  # type: ignore[misc]
    """Hands of the given shapes (text of ``c`` and ``d``), cycled through, for ``players``
    seats acting in turn."""

    def __init__(self, shapes: Sequence[str], players: int, deck: int = 52) -> None:
        longest = max(len(shape) for shape in shapes)
        super().__init__(_TYPE, pyspiel.GameInfo(
            num_distinct_actions=len(_ACTIONS), max_chance_outcomes=deck, num_players=players,
            min_utility=-1.0, max_utility=1.0, utility_sum=0.0, max_game_length=longest,
        ), {"players": players})
        self.shapes = list(shapes)
        self.players = players
        self.next = 0
        # the outcomes with n cards dealt, made once (the adapter's come from a table too)
        self.outcomes = [[(card, 1.0 / (deck - n)) for card in range(n, deck)]
                         for n in range(deck)]
        self.cards = [list(range(n, deck)) for n in range(deck)]

    def new_initial_state(self) -> NullState:
        shape = self.shapes[self.next % len(self.shapes)]
        self.next += 1
        return NullState(self, shape)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> NullObserver:
        return NullObserver()


class NullState(pyspiel.State):  # type: ignore[misc]
    """A hand of a recorded shape: where it is in the shape, the cards dealt, the actions."""

    def __init__(self, game: NullGame, shape: str) -> None:
        super().__init__(game)
        self.game = game
        self.shape = shape
        self.at = 0
        self.dealt = 0
        self.actions: tuple[int, ...] = ()

    def current_player(self) -> int:
        if self.at >= len(self.shape):
            return _TERMINAL
        if self.shape[self.at] == "c":
            return _CHANCE
        return len(self.actions) % self.game.players

    def is_chance_node(self) -> bool:
        return self.at < len(self.shape) and self.shape[self.at] == "c"

    def is_terminal(self) -> bool:
        return self.at >= len(self.shape)

    def _legal_actions(self, player: int) -> list[int]:
        return _ACTIONS

    def legal_actions(self, player: int | None = None) -> list[int]:
        if self.at >= len(self.shape):
            return []
        if self.shape[self.at] == "c":
            return self.game.cards[self.dealt % len(self.game.cards)]
        return _ACTIONS

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.game.outcomes[self.dealt % len(self.game.outcomes)]

    def _apply_action(self, action: int) -> None:
        if self.shape[self.at] == "c":
            self.dealt += 1
        else:
            self.actions += (action,)
        self.at += 1

    def _action_to_string(self, player: int, action: int) -> str:
        return str(action)

    def returns(self) -> list[float]:
        if self.at < len(self.shape):
            return [0.0] * self.game.players
        won = 1.0 if sum(self.actions) % 2 else -1.0
        return [won, -won] + [0.0] * (self.game.players - 2)

    def __deepcopy__(self, memo: dict[int, Any]) -> NullState:
        return copy.copy(self)

    def __str__(self) -> str:
        return f"{self.at} {self.actions}"


class NullObserver:
    """Strings only: the seat, the cards dealt and the hand's actions (fewer and shorter
    information states than a real game's, so the floor errs on the fast side)."""

    def __init__(self) -> None:
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: NullState, player: int) -> None:
        pass

    def string_from(self, state: NullState, player: int) -> str:
        return f"{player}:{state.dealt}:{state.actions}"

