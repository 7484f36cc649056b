"""The OpenSpiel adapter as it was before issue 20 (main at 24ca487), kept as the same-run
baseline of benchmarks/bench_openspiel.py: its states cloned by deep copy, its information
states the whole observation as text. Not a module of the library: do not import it elsewhere.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

import cartes.games as games
from cartes.deck import Deck
from cartes.errors import ConfigurationError
from cartes.games.contract import Game, Observation, State
from cartes.games.encoding import Encoding, encoding

__all__ = ["OpenSpielGame", "OpenSpielState", "short_name"]



def short_name(name: str) -> str:
    """The OpenSpiel name of a cartes game.

    >>> short_name("seven-card-stud")
    'cartes_seven_card_stud'
    """
    return "cartes_" + name.replace("-", "_")


def _parameters(game: Game) -> dict[str, Any]:
    """A game's options as OpenSpiel parameters: ints, floats, bools and text as they are,
    the others (``None``, say) as JSON text in ``"options"``."""
    plain, other = {}, {}
    for key, value in game.config().items():
        if isinstance(value, bool | int | float | str):
            plain[key] = value
        else:
            other[key] = value
    return {**plain, "options": json.dumps(other, sort_keys=True)}


class _Setup:
    """What a game and its states need, made once per game type and parameters. Kept here,
    not on the game object: pyspiel may hand a state a game whose Python attributes are gone,
    but its type and parameters are always there."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.encoding: Encoding = encoding(game)
        self.deck = self.encoding.new_deck()
        # A chance outcome is a card's position in the fresh deck (its index for a full
        # French deck): outcomes must be 0..len(deck)-1, and Spanish or stripped decks skip
        # indices.
        self.cards = dict(enumerate(self.deck))
        self.cards_used = self.encoding.cards_used()


_NAMES: dict[str, str] = {}  # OpenSpiel short name -> cartes name
_SETUPS: dict[tuple[str, str], _Setup] = {}


def _setup_of(spiel_game: Any) -> _Setup:
    name = _NAMES[spiel_game.get_type().short_name]
    params = dict(spiel_game.get_parameters())
    key = (name, json.dumps(params, sort_keys=True))
    found = _SETUPS.get(key)
    if found is None:
        found = _SETUPS[key] = _Setup(_from_parameters(name, params))
    return found


def _from_parameters(name: str, params: dict[str, Any]) -> Game:
    options = dict(params)
    extra = json.loads(options.pop("options", "{}") or "{}")
    return games.get(name, **{**options, **extra})


def _game_type(game: Game) -> Any:
    return pyspiel.GameType(
        short_name=short_name(game.name),
        long_name=f"cartes {game.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=64,
        min_num_players=1,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(game),
    )


class OpenSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A cartes :class:`~cartes.games.Game` as an OpenSpiel game.

    Give a configured game, or a registry name and OpenSpiel parameters (what
    ``pyspiel.load_game`` does after :func:`register`).

    >>> from cartes.games import SevenCardStud
    >>> game = OpenSpielGame(SevenCardStud(players=2))
    >>> game.get_type().short_name, game.get_parameters()["players"]
    ('cartes_seven_card_stud', 2)
    """

    def __init__(self, game: Game | str, params: dict[str, Any] | None = None) -> None:
        if isinstance(game, str):
            game = _from_parameters(game, dict(params or {}))
        if not isinstance(game, Game):
            raise ConfigurationError(f"OpenSpielGame needs a cartes.games Game, got {game!r}")
        setup = _Setup(game)
        _NAMES[short_name(game.name)] = game.name
        parameters = _parameters(game)
        _SETUPS[(game.name, json.dumps(parameters, sort_keys=True))] = setup
        low, high = setup.encoding.payoff_bounds()
        info = pyspiel.GameInfo(
            num_distinct_actions=setup.encoding.num_actions,
            max_chance_outcomes=len(setup.deck),
            num_players=game.players,
            min_utility=float(low),
            max_utility=float(high),
            utility_sum=0.0,
            max_game_length=setup.cards_used + setup.encoding.max_actions(),
        )
        super().__init__(_game_type(game), info, parameters)

    @property
    def cartes_game(self) -> Game:
        """The cartes game played."""
        return _setup_of(self).game

    def new_initial_state(self) -> OpenSpielState:
        """A hand before the deal (a chance node)."""
        return OpenSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        """The observer OpenSpiel asks for: perfect recall gives the information state
        (strings only), otherwise the observation (string and tensor)."""
        if params:
            raise ConfigurationError(f"observation parameters are not supported, got {params}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(_setup_of(self).encoding, perfect_recall)


class OpenSpielState(pyspiel.State):  # type: ignore[misc]
    """One hand: chance deals the deck's top cards, then the cartes hand is played."""

    def __init__(self, game: OpenSpielGame) -> None:
        super().__init__(game)
        self._game = _setup_of(game)
        self._dealt: list[int] = []
        self.hand: State | None = None

    # -- the OpenSpiel state API -------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act, or ``CHANCE`` while dealing, or ``TERMINAL``."""
        if self.hand is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.hand.is_terminal:
            return int(pyspiel.PlayerId.TERMINAL)
        seat = self.hand.to_act
        assert seat is not None
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        assert self.hand is not None
        return self._game.encoding.legal_action_ids(self.hand.observation(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every card not yet dealt, equally likely."""
        taken = set(self._dealt)
        left = [outcome for outcome in self._game.cards if outcome not in taken]
        return [(index, 1.0 / len(left)) for index in left]

    def _apply_action(self, action: int) -> None:
        if self.hand is None:
            self._dealt.append(int(action))
            if len(self._dealt) == self._game.cards_used:
                self._start()
            return
        seat = self.hand.to_act
        assert seat is not None
        obs = self.hand.observation(seat)
        self.hand.apply(self._game.encoding.decode(int(action), obs))

    def _start(self) -> None:
        top = [self._game.cards[index] for index in self._dealt]
        taken = set(self._dealt)
        rest = [card for outcome, card in self._game.cards.items() if outcome not in taken]
        self.hand = self._game.encoding.start(Deck([*top, *rest]))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"Deal {self._game.cards[action]}"
        return self._game.encoding.action_names[action]

    def is_terminal(self) -> bool:
        """Whether the hand is over."""
        return self.hand is not None and self.hand.is_terminal

    def returns(self) -> list[float]:
        """Each seat's payoff in chips once the hand is over (zeros before)."""
        if self.hand is None or not self.hand.is_terminal:
            return [0.0] * self._game.game.players
        return [float(p) for p in self.hand.payoffs]

    def observation_of(self, player: int) -> Observation | None:
        """The seat's cartes observation (``None`` while chance deals)."""
        return None if self.hand is None else self.hand.observation(player)

    def __deepcopy__(self, memo: dict[int, Any]) -> OpenSpielState:
        twin = OpenSpielState(self.get_game())
        twin._dealt = list(self._dealt)
        twin.hand = None if self.hand is None else self.hand.clone()
        return twin

    def __str__(self) -> str:
        if self.hand is None:
            return f"dealing: {len(self._dealt)} of {self._game.cards_used} cards"
        return self.hand.text_log()


class Observer:
    """OpenSpiel's observer protocol: ``tensor`` and ``dict`` filled by ``set_from``, and
    ``string_from``. Before the deal a seat knows nothing: an empty observation."""

    def __init__(self, enc: Encoding, perfect_recall: bool) -> None:
        self.encoding = enc
        self.perfect_recall = perfect_recall
        size = 0 if perfect_recall else enc.tensor_shape[0]
        self.tensor = np.zeros(size, np.float32)
        self.dict = {} if perfect_recall else enc.tensor_views(self.tensor)

    def set_from(self, state: OpenSpielState, player: int) -> None:
        """Write ``player``'s observation of ``state`` into :attr:`tensor`."""
        self.tensor.fill(0)
        obs = state.observation_of(player)
        if obs is None or self.perfect_recall:
            return
        self.tensor[:] = self.encoding.observation_tensor(obs)

    def string_from(self, state: OpenSpielState, player: int) -> str:
        """``player``'s information-state string (perfect recall) or observation string."""
        obs = state.observation_of(player)
        if obs is None:
            return f"seat={player};dealing"
        if self.perfect_recall:
            return self.encoding.information_state_string(obs)
        return self.encoding.observation_string(obs)
