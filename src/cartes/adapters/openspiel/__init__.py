"""cartes' games as OpenSpiel Python games (needs the ``open-spiel`` extra:
``pip install -e '.[open-spiel]'``).

:func:`register` registers a game under ``"cartes_<name>"`` (dashes become underscores) so
``pyspiel.load_game`` finds it, with the game's options as OpenSpiel parameters;
:class:`OpenSpielGame` wraps any configured game directly (and registers its kind, so that
``pyspiel.load_game(str(game))`` gives it back).

Chance is explicit and deals each card when the hand draws it, as OpenSpiel's own poker games
do: chance nodes deal the cards of the start one at a time (every card not yet dealt equally
likely; a chance action is the card's position in the fresh deck,
:attr:`OpenSpielGame.chance_cards`), and later, after a player's action that draws (the last
call of a stud betting round, a card asked for in 7½), the cards it takes, before it is
carried out. That needs the game's hands to say how many cards an action takes
(:meth:`~cartes.games.State.cards_to_draw`, which every cartes game answers); for a game whose
hands do not, chance deals as many cards as a hand can use
(:meth:`~cartes.games.encoding.Encoding.cards_used`) before the first decision. A shuffle in
mid-hand (7½'s re-deal after an annulment, its stock running out) is chance's too: after the
action that shuffles, chance places the shuffled cards one at a time. Player actions are the
game's action numbers (:class:`~cartes.games.encoding.Encoding`); returns are the payoffs in
chips. Observers, information states and their tensors: :class:`Observer`.

>>> import pyspiel
>>> from cartes.adapters.openspiel import register
>>> register("seven-card-stud")
'cartes_seven_card_stud'
>>> game = pyspiel.load_game("cartes_seven_card_stud", {"players": 3})
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(3, 11, 52)
>>> state = game.new_initial_state()
>>> while state.is_chance_node():
...     state.apply_action(min(state.legal_actions()))
>>> state.current_player(), [state.action_to_string(a) for a in state.legal_actions()]
(1, ['bring_in', 'complete'])
>>> pyspiel.load_game(str(game)).num_players()
3
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pyspiel

from cartes.adapters.openspiel._hand import _SETUPS, Hand, Setup, setup_for
from cartes.adapters.openspiel._params import from_parameters, parameters, specification
from cartes.adapters.openspiel._views import Observer
from cartes.errors import ConfigurationError
from cartes.games.contract import Game, Observation, State
from cartes.games.encoding import encoding

__all__ = ["Observer", "OpenSpielGame", "OpenSpielState", "register", "short_name"]

# ints once: an enum member's int() costs more than the rest of current_player, which
# OpenSpiel's solvers call several times a node
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_REGISTERED: set[str] = set()
_FACTORIES: list[type] = []
_NAMES: dict[str, str] = {}  # OpenSpiel short name -> cartes name


def short_name(name: str) -> str:
    """The OpenSpiel name of a cartes game.

    >>> short_name("seven-card-stud")
    'cartes_seven_card_stud'
    """
    return "cartes_" + name.replace("-", "_")


def _key(name: str, params: dict[str, Any]) -> tuple[str, str]:
    return name, json.dumps(params, sort_keys=True)


def _setup_of(spiel_game: Any) -> Setup:
    # pyspiel may hand over a game whose Python attributes are gone; its type and parameters
    # are always there
    name = _NAMES[spiel_game.get_type().short_name]
    return setup_for(*_key(name, dict(spiel_game.get_parameters())))


def _game_type(name: str) -> Any:
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"cartes {name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=64,
        min_num_players=1,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=specification(name),
    )


def _load(name: str, params: dict[str, Any]) -> OpenSpielGame:
    """A game back from a pickle: registered again in this process, then loaded."""
    game: OpenSpielGame = pyspiel.load_game(register(name), params)
    return game


class OpenSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A cartes :class:`~cartes.games.Game` as an OpenSpiel game.

    Give a configured game, or a registry name and OpenSpiel parameters (what
    ``pyspiel.load_game`` does after :func:`register`). It pickles (as its name and
    parameters) and ``str(game)`` loads back with ``pyspiel.load_game``.

    >>> import pickle
    >>> from cartes.games import SevenCardStud
    >>> game = OpenSpielGame(SevenCardStud(players=2))
    >>> game.get_type().short_name, game.get_parameters()["players"]
    ('cartes_seven_card_stud', 2)
    >>> str(pickle.loads(pickle.dumps(game))) == str(game)
    True
    """

    def __init__(self, game: Game | str, params: dict[str, Any] | None = None) -> None:
        if isinstance(game, str):
            game = from_parameters(game, dict(params or {}))
        if not isinstance(game, Game):
            raise ConfigurationError(f"OpenSpielGame needs a cartes.games Game, got {game!r}")
        encoding(game)  # a game without an encoding cannot be played by number
        register(game.name)
        params = parameters(game)
        key = _key(game.name, params)
        setup = _SETUPS.get(key)
        if setup is None:
            setup = _SETUPS[key] = Setup(game)
            setup.key = key
        enc = setup.encoding
        low, high = enc.payoff_bounds()
        shuffles = enc.max_actions() * (len(setup.deck) - 1) if setup.shuffles else 0
        info = pyspiel.GameInfo(
            num_distinct_actions=enc.num_actions,
            max_chance_outcomes=len(setup.deck),
            num_players=game.players,
            min_utility=float(low),
            max_utility=float(high),
            utility_sum=0.0,
            max_game_length=setup.cards_used + enc.max_actions() + shuffles,
        )
        super().__init__(_game_type(game.name), info, params)
        self._setup = setup

    def __reduce__(self) -> tuple[Callable[..., OpenSpielGame], tuple[Any, ...]]:
        return _load, (self.cartes_game.name, dict(self.get_parameters()))

    def __reduce_ex__(self, protocol: Any) -> tuple[Any, ...]:
        return self.__reduce__()

    def _the_setup(self) -> Setup:
        found: Setup | None = getattr(self, "_setup", None)
        return found if found is not None else _setup_of(self)

    @property
    def cartes_game(self) -> Game:
        """The cartes game played."""
        return self._the_setup().game

    @property
    def chance_cards(self) -> dict[int, Any]:
        """The card each chance outcome stands for (its position in the fresh deck).

        >>> from cartes.games import SieteYMedio
        >>> cards = OpenSpielGame(SieteYMedio()).chance_cards
        >>> len(cards), cards[0]
        (40, SpanishCard('1o'))
        """
        return dict(self._the_setup().cards)

    def new_initial_state(self) -> OpenSpielState:
        """A hand before the deal (a chance node)."""
        return OpenSpielState(self, self._the_setup())

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> Observer:
        """The :class:`Observer` for ``iig_obs_type`` (``None``: the default
        observation)."""
        if params:
            raise ConfigurationError(f"observation parameters are not supported, got {params}")
        return Observer(self._the_setup(), iig_obs_type)


class OpenSpielState(pyspiel.State):  # type: ignore[misc]
    """One hand: chance deals the deck's top cards, then the cartes hand is played.

    Everything is kept in one attribute, cloned with the cartes hand's own
    :meth:`~cartes.games.State.clone` (pyspiel deep-copies a Python state's attributes).
    """

    def __init__(self, game: OpenSpielGame, setup: Setup | None = None) -> None:
        super().__init__(game)
        self._h = Hand(_setup_of(game) if setup is None else setup)

    @property
    def hand(self) -> State | None:
        """The cartes hand (``None`` until the start's cards are dealt); its setup's deck
        holds the cards dealt so far in their order on top (its history replays)."""
        return self._h.cartes_hand()

    # -- the OpenSpiel state API -------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act, or ``CHANCE`` while dealing or shuffling, or ``TERMINAL``."""
        h = self._h
        if h.hand is None or h.pending is not None:
            return _CHANCE
        seat = h.hand.to_act
        return _TERMINAL if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._h.legal_ids())

    # Asked from Python, these two are answered here: pyspiel's own go through C++ and back
    # (current_player, then _legal_actions or chance_outcomes), which cost a chance step
    # more than the step itself. C++ callers keep pyspiel's; a test holds the two equal.

    def is_chance_node(self) -> bool:
        """Whether chance acts now (dealing, or placing the cards of a shuffle)."""
        h = self._h
        return h.hand is None or h.pending is not None

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions now, sorted (chance outcomes at a chance node, none when the
        hand is over); with ``player``, pyspiel's answer for that player."""
        if player is not None:
            found: list[int] = pyspiel.State.legal_actions(self, player)
            return found
        h = self._h
        if h.hand is None or h.pending is not None:
            return sorted(h.left)
        if h.hand.to_act is None:
            return []
        return sorted(h.legal_ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every card not yet dealt (or placed in the shuffle), equally likely."""
        return self._h.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self._h.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == _CHANCE:
            verb = "Deal" if self._h.dealing else "Shuffle"
            return f"{verb} {self._h.setup.cards[action]}"
        return self._h.setup.encoding.action_names[action]

    def is_terminal(self) -> bool:
        """Whether the hand is over."""
        h = self._h
        return h.hand is not None and h.pending is None and h.hand.is_terminal

    def returns(self) -> list[float]:
        """Each seat's payoff in chips once the hand is over (zeros before)."""
        if not self.is_terminal():
            return [0.0] * self._h.setup.players
        assert self._h.hand is not None
        return [float(p) for p in self._h.hand.payoffs]

    def observation_of(self, player: int | None) -> Observation | None:
        """The seat's cartes observation (``None`` until the start's cards are dealt)."""
        hand = self._h.hand
        return None if hand is None else hand.observation(player)

    def resample_from_infostate(self, player_id: int,
                                probability_sampler: Callable[[], float]) -> OpenSpielState:
        """A state drawn from those ``player_id`` cannot tell from this one (its information
        state is this one's), each as likely as chance makes it: the cards it has not seen
        dealt again at random, the same actions played, a draw kept when every action replays
        and the information state is the same (rejection). A shuffle in mid-hand keeps in
        place only the cards the player saw while its order was dealt from (a card seen only
        before 7½'s re-deal is anywhere in the new order). In stud and calatone the first
        draw is always kept (no action depends on an opponent's hidden cards); in 7½ an
        action may tell something of a hidden card (a decision on a first 3 or 4, a bust) and
        a few draws in a hundred are kept at worst. After 20,000 rejected draws it raises
        :class:`~cartes.errors.HistoryError`; it never returns this state in place of a
        draw (its hidden cards are what the player must not learn). ``probability_sampler``
        gives floats in [0, 1) (its first seeds the draws).

        >>> from cartes.games import SevenCardStud
        >>> game = OpenSpielGame(SevenCardStud(players=2))
        >>> state = game.new_initial_state()
        >>> for card in range(6):  # the start's cards
        ...     state.apply_action(card)
        >>> other = state.resample_from_infostate(0, lambda: 0.5)
        >>> other.information_state_string(0) == state.information_state_string(0)
        True
        """
        from cartes.adapters.openspiel._resample import resample

        other: OpenSpielState = resample(self, player_id, probability_sampler)
        return other

    def __str__(self) -> str:
        h = self._h
        if h.hand is None:
            return f"dealing: {len(h.dealt)} of {h.setup.first_cards} cards"
        text = h.hand.text_log()
        if h.pending is not None:
            name = h.setup.encoding.action_names[h.pending]
            if h.drawing:
                text += f"\n{name}: dealing, {len(h.picked)} of {h.drawing} cards dealt"
            else:
                text += f"\n{name}: shuffling, {len(h.picked)} of {len(h.shuffle)} cards placed"
        return text


def register(name: str) -> str:
    """Register the cartes game ``name`` with OpenSpiel (once) and return its OpenSpiel name;
    its options (those with int, float, bool or text values) become parameters, the others
    travel in the text parameter ``"options"`` (``key:value;...``, each value JSON).

    >>> register("seven-card-stud")
    'cartes_seven_card_stud'
    """
    from cartes import games

    spiel_name = short_name(name)
    if spiel_name not in _REGISTERED:
        encoding(games.get(name))  # a game without an encoding cannot be played by number
        _NAMES[spiel_name] = name

        # A class, not a closure: pyspiel keeps the factory past the interpreter's end, and
        # releasing a function then aborts the process; a class it releases cleanly.
        def made(self: OpenSpielGame, params: dict[str, Any] | None = None) -> None:
            OpenSpielGame.__init__(self, name, params)

        factory = type(f"OpenSpielGame[{name}]", (OpenSpielGame,), {"__init__": made})
        _FACTORIES.append(factory)
        pyspiel.register_game(_game_type(name), factory)
        _REGISTERED.add(spiel_name)
    return spiel_name
