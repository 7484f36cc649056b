"""cartes' games as PettingZoo AEC environments (needs the ``pettingzoo`` extra:
``pip install -e '.[pettingzoo]'``).

One environment plays one hand per episode. Agents are ``"player_0"``, ``"player_1"``... (the
seats); each observation is a dict of the seat's observation tensor and its legal-action mask
(as in PettingZoo's classic games); actions are the game's action numbers
(:class:`~cartes.games.encoding.Encoding`); every agent's reward, given when the hand ends, is
its payoff in chips. ``reset(seed=...)`` deals a hand from that seed; the button moves one seat
each episode.

>>> from cartes.games import SevenCardStud
>>> env = CartesEnv(SevenCardStud(players=2))
>>> env.reset(seed=1)
>>> env.agent_selection, env.observe("player_0")["action_mask"].nonzero()[0]
('player_0', array([3, 4]))
>>> while env.agents:
...     obs, reward, terminated, truncated, info = env.last()
...     env.step(None if terminated else int(obs["action_mask"].nonzero()[0][0]))
>>> env.hand.payoffs
(1, -1)
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray
from pettingzoo import AECEnv

from cartes.deck import SeedLike, make_rng
from cartes.errors import ConfigurationError, IllegalActionError
from cartes.games.contract import Game, State
from cartes.games.encoding import Encoding, encoding

__all__ = ["CartesEnv", "env"]


class CartesEnv(AECEnv):  # type: ignore[misc]
    """A PettingZoo AEC environment for one cartes game (configured: any options).

    >>> from cartes.games import SevenCardStud
    >>> CartesEnv(SevenCardStud(players=3)).possible_agents
    ['player_0', 'player_1', 'player_2']
    """

    def __init__(self, game: Game, render_mode: str | None = None) -> None:
        super().__init__()
        if not isinstance(game, Game):
            raise ConfigurationError(f"CartesEnv needs a cartes.games Game, got {game!r}")
        if render_mode not in (None, "human", "ansi"):
            raise ConfigurationError(
                f"render_mode must be None, 'human' or 'ansi', got {render_mode!r}"
            )
        self.game = game
        self.encoding: Encoding = encoding(game)
        self.metadata = {
            "name": f"cartes_{game.name.replace('-', '_')}_v0",
            "render_modes": ["human", "ansi"],
            "is_parallelizable": False,
        }
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(game.players)]
        self.agents = list(self.possible_agents)
        size = self.encoding.tensor_shape
        self.observation_spaces = {
            agent: spaces.Dict({
                "observation": spaces.Box(0.0, 1.0, size, np.float32),
                "action_mask": spaces.Box(0, 1, (self.encoding.num_actions,), np.int8),
            })
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(self.encoding.num_actions) for agent in self.possible_agents
        }
        self.hand: State | None = None
        self._rng = make_rng(None)
        self._episodes = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The seat's observation: its tensor and its legal-action mask."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The game's action numbers."""
        return self.action_spaces[agent]

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def reset(self, seed: SeedLike = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand (from ``seed`` when given; otherwise from the environment's own
        generator, itself seeded by the last seed given)."""
        if seed is not None:
            self._rng = make_rng(seed)
            self._episodes = 0
        button = self._episodes % self.game.players
        self._episodes += 1
        self.hand = self.game.start(int(self._rng.integers(2**63)), button=button)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        assert self.hand is not None
        seat = self.hand.to_act
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
        elif self.agents:
            self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict[str, NDArray[Any]]:
        """The seat's observation tensor and legal-action mask (all 0 when it is not to act)."""
        if self.hand is None:
            raise IllegalActionError("call reset() before observing")
        obs = self.hand.observation(self._seat(agent))
        return {
            "observation": self.encoding.observation_tensor(obs),
            "action_mask": self.encoding.legal_action_mask(obs).astype(np.int8),
        }

    def step(self, action: int | None) -> None:
        """Apply action number ``action`` for the agent to act (``None`` for an agent whose
        hand is over, as PettingZoo expects)."""
        if self.hand is None:
            raise IllegalActionError("call reset() before stepping")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat(agent)
        obs = self.hand.observation(seat)
        self.hand.apply(self.encoding.decode(action, obs), seat=seat)  # type: ignore[arg-type]
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.hand.is_terminal:
            for other, payoff in zip(self.possible_agents, self.hand.payoffs, strict=True):
                self.rewards[other] = float(payoff)
            self.terminations = dict.fromkeys(self.agents, True)
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The hand's text log so far (printed in ``"human"`` mode, returned in ``"ansi"``)."""
        if self.hand is None:
            return None
        text = self.hand.text_log()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def env(game: Game, render_mode: str | None = None) -> CartesEnv:
    """The environment for ``game`` (PettingZoo's usual entry point name).

    >>> from cartes.games import get
    >>> env(get("seven-card-stud", players=4)).num_agents
    4
    """
    return CartesEnv(game, render_mode)
