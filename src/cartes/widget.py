"""Playing a hand in a notebook: a widget with the table, a button for each legal action (with a
slider for each amount an offer leaves open), the agents answering for the other seats, and
the hand's log below.

:func:`cartes.display.play` makes one (this module needs the ``notebook`` extra's
``anywidget``, and ``import cartes`` does not load it). Everything about the game is here, in
Python; the widget's front end (``widget.js``) only draws the ``view`` this model sends and
sends back which button was clicked with which amounts. The widget can also be played from
Python (:meth:`PlayWidget.act`, :meth:`PlayWidget.click`), which is how scripts and tests
drive it without a browser.

>>> from cartes import games
>>> from cartes.display import play
>>> from cartes.play import CallingStation
>>> widget = play(games.get("seven-card-stud", players=2), [None, CallingStation()], seed=3)
>>> widget.seat, [offer["label"] for offer in widget.view["offers"]]
(0, ['fold', 'call', 'complete'])
>>> widget.click(0)  # fold
>>> widget.view["over"], widget.view["message"]
(True, 'Hand over: you lost 1.')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from importlib.resources import files
from typing import Any

import anywidget
import traitlets

from cartes.deck import SeedLike, make_rng
from cartes.errors import CartesError, ConfigurationError, IllegalActionError
from cartes.games.contract import Action, Game, Observation, State
from cartes.games.log import format_event
from cartes.play import Agent, SeatView

__all__ = ["PlayWidget", "offer_ranges"]

_CSS = """
.cartes-play { font-family: Helvetica, Arial, sans-serif; font-size: 13px; }
.cartes-play-title { font-weight: bold; font-size: 14px; margin-bottom: 4px; }
.cartes-play-actions { margin: 6px 0; display: flex; flex-wrap: wrap; gap: 6px 14px; }
.cartes-offer { display: inline-flex; align-items: center; gap: 6px; }
.cartes-play button { font-size: 13px; padding: 3px 10px; cursor: pointer; }
.cartes-range input { vertical-align: middle; width: 110px; }
.cartes-play-message { margin: 4px 0; font-weight: bold; min-height: 1em; }
.cartes-play-log { max-height: 12em; overflow-y: auto; margin: 4px 0; padding-left: 2.5em;
                   color: #444; font-size: 12px; }
"""

# The log leaves out what the table itself shows: the cards dealt and burned.
_NOT_LOGGED = frozenset({"deal", "burn"})


def _range_pairs(offer: Action) -> list[tuple[str, str]]:
    """The offer's open ranges as (field of the amount, field of its top)."""
    names = [f.name for f in dataclasses.fields(offer)]
    pairs = []
    main = type(offer).range_field
    if main is not None and "up_to" in names:
        pairs.append((main, "up_to"))
    for top in names:
        if top.endswith("_up_to"):
            prefix = top[: -len("up_to")]
            low = next((n for n in names if n.startswith(prefix) and n != top), None)
            if low is not None:
                pairs.append((low, top))
    return [(low, top) for low, top in pairs if getattr(offer, top) is not None]


def offer_ranges(offer: Action) -> list[dict[str, Any]]:
    """The amounts an offer leaves open, one per range: the field the amount goes in, a short
    name for it, and its least and greatest values. An offer's main range is its
    ``range_field`` up to ``up_to``; an offer with a second range names its top
    ``<prefix>up_to`` beside a field of the same prefix (7½'s new calle: its bet, and the
    raise from ``raise_by`` to ``raise_up_to``).

    >>> from cartes.games import Bet, Fold
    >>> from cartes.games.siete_y_medio.actions import OpenCalle
    >>> offer_ranges(Bet(1, up_to=10)), offer_ranges(Fold())
    ([{'field': 'amount', 'name': 'amount', 'low': 1, 'high': 10}], [])
    >>> offer = OpenCalle(1, up_to=3, raise_up_to=2)
    >>> [(r["field"], r["low"], r["high"]) for r in offer_ranges(offer)]
    [('amount', 1, 3), ('raise_by', 0, 2)]
    """
    return [
        {"field": low, "name": {"raise_by": "raise"}.get(low, low.replace("_", " ")),
         "low": int(getattr(offer, low)), "high": int(getattr(offer, top))}
        for low, top in _range_pairs(offer)
    ]


def _chosen(offer: Action, amounts: Mapping[str, object]) -> Action:
    """The action an offer makes with the given amounts (by field, one per range; a range not
    given takes its least). Raises :class:`~cartes.errors.IllegalActionError` for an amount
    that is not a whole number in its range, or a field the offer has no range for."""
    ranges = {r["field"]: r for r in offer_ranges(offer)}
    unknown = sorted(set(amounts) - set(ranges))
    if unknown:
        allowed = ", ".join(ranges) or "none (it takes no amount)"
        raise IllegalActionError(
            f"{offer!r} has no amount {', '.join(unknown)} to choose; its amounts: {allowed}"
        )
    changes: dict[str, Any] = {}
    for field, value in amounts.items():
        wanted = ranges[field]
        if not isinstance(value, int) or isinstance(value, bool) or not (
            wanted["low"] <= value <= wanted["high"]
        ):
            raise IllegalActionError(
                f"{wanted['name']} must be a whole number from {wanted['low']} to "
                f"{wanted['high']}, got {value!r}"
            )
        changes[field] = value
    # each chosen range closed (its top None); choose() takes the least of any left open
    closed = {top: None for low, top in _range_pairs(offer) if low in changes}
    return dataclasses.replace(offer, **changes, **closed).choose()


# (without anywidget installed, mypy sees the base as Any: hence the ignore)
class PlayWidget(anywidget.AnyWidget):  # type: ignore[misc, unused-ignore]
    """One seat (or several) of a game played in a notebook against agents.

    ``agents`` gives one entry per seat: an :class:`~cartes.play.Agent` for a seat the
    computer plays, ``None`` for a seat you play (several ``None``: one person plays them in
    turn, and the table is shown from the seat to act). The hands are dealt from ``seed``,
    the button moving one seat each hand. ``table`` draws an observation as HTML and
    ``label`` names an action: :func:`cartes.display.play` passes
    :func:`~cartes.display.html_view` and :func:`~cartes.display.action_label`.

    The front end is told everything through :attr:`view`, a dict: ``title``, ``table``
    (the HTML view), ``offers`` (each one's ``label`` and ``ranges``, see
    :func:`offer_ranges`), ``log`` (lines), ``message`` (why a click was refused, or the
    result), ``over``, ``seat`` (whose view the table is) and ``answer`` (a count, so that
    every answer is a new view).

    >>> from cartes import games
    >>> from cartes.display import play
    >>> from cartes.games import Check
    >>> from cartes.play import CallingStation
    >>> widget = play(games.get("calatone", players=2), [None, CallingStation()], seed=2)
    >>> [offer["label"] for offer in widget.view["offers"]]
    ['expose 6♥', 'expose Q♣']
    >>> widget.click(1)  # the Q♣ face up; the agent exposes too, and the bets come round
    >>> [offer["label"] for offer in widget.view["offers"]]
    ['fold', 'check', 'bet 1-10']
    >>> widget.click(2, amount=4)  # the agent calls; on third street it checks first
    >>> widget.view["log"][-3:]
    ['Seat 1 calls 4', '*** Third street: seat 1 first', 'Seat 1 checks']
    >>> widget.act(Check())  # a round of checks: the showdown (calatone's stop)
    >>> widget.view["over"], widget.view["message"], widget.view["log"][-2]
    (True, 'Hand over: you lost 5.', 'Main pot (10): seat 1 wins 10')
    """

    _esm = files("cartes").joinpath("widget.js").read_text(encoding="utf-8")
    _css = _CSS
    view = traitlets.Dict().tag(sync=True)

    def __init__(
        self,
        game: Game,
        agents: Sequence[Agent | None],
        *,
        table: Callable[[Observation], str],
        label: Callable[[Action], str],
        seed: SeedLike = None,
    ) -> None:
        if not isinstance(agents, Sequence) or isinstance(agents, str | bytes):
            raise ConfigurationError(
                f"agents must be a list with one entry per seat ({game.players}): an agent, "
                f"or None for a seat you play; got {agents!r}"
            )
        if len(agents) != game.players:
            raise ConfigurationError(
                f"agents must give one entry per seat ({game.players}): an agent, or None for "
                f"a seat you play; got {len(agents)}"
            )
        bad = [s for s, a in enumerate(agents) if a is not None and not isinstance(a, Agent)]
        if bad:
            raise ConfigurationError(
                f"seat {bad[0]}'s agent {agents[bad[0]]!r} has no act(view) method: give an "
                "agent (cartes.play.RandomAgent(), ...) or None for a seat you play"
            )
        self._people = [seat for seat, agent in enumerate(agents) if agent is None]
        if not self._people:
            raise ConfigurationError(
                "no seat is yours: put None in agents for the seat (or seats) you play"
            )
        super().__init__()
        self._game = game
        self._agents = list(agents)
        self._table = table
        self._label = label
        self._rng = make_rng(seed)
        self._hands = 0
        self._answers = 0
        self._message = ""
        self.seat = self._people[0]
        self.on_msg(self._on_click)
        self.deal()

    @property
    def state(self) -> State:
        """A copy of the hand as it stands (applying actions to it changes nothing here)."""
        return self._state.clone()

    @property
    def hands_played(self) -> int:
        """How many hands have been dealt so far, this one included."""
        return self._hands

    def deal(self) -> None:
        """Deal the next hand (the button one seat on) and let the agents act up to your turn."""
        self._state = self._game.start(self._rng, button=self._hands % self._game.players)
        self._hands += 1
        self._message = ""
        self._advance()

    def act(self, action: Action) -> None:
        """Take ``action`` for the seat you play that is to act, then let the agents answer.
        Raises :class:`~cartes.errors.IllegalActionError`, changing nothing, when the hand is
        over or the action is not legal now."""
        self._check_turn(repr(action))
        state = self._state
        state.apply(action, seat=state.to_act)
        self._message = ""
        self._advance()

    def click(self, offer: int, /, **amounts: int) -> None:
        """What a click on the button of offer number ``offer`` (from 0, as listed in
        ``view["offers"]``) does, with the sliders at ``amounts`` (by field name: ``amount``,
        ``to``, ``raise_by``; a range not given takes its least)."""
        self._check_turn(f"offer {offer!r}")
        legal = self._state.legal_actions()
        if not (isinstance(offer, int) and 0 <= offer < len(legal)):
            raise IllegalActionError(
                f"there is no offer {offer!r}: the offers are numbered 0..{len(legal) - 1}"
            )
        self.act(_chosen(legal[offer], amounts))

    def _check_turn(self, what: str) -> None:
        state = self._state
        if state.is_terminal:
            raise IllegalActionError(
                f"cannot apply {what}: the hand is over (deal() starts the next)"
            )
        if state.to_act not in self._people:  # an agent failed to act (the message says so)
            raise IllegalActionError(
                f"cannot apply {what}: it is seat {state.to_act}'s turn, an agent's, not yours"
            )

    def _on_click(self, _widget: object, content: Mapping[str, Any], _buffers: object) -> None:
        """A message from the front end: a button clicked. A click that cannot be applied
        leaves the hand as it was and says why under the buttons."""
        try:
            if content.get("deal"):
                if not self._state.is_terminal:
                    raise IllegalActionError("the hand is not over: finish it first")
                self.deal()
                return
            offers = self.view.get("offers", [])
            index = content.get("act")
            if not isinstance(index, int) or not 0 <= index < len(offers) or (
                offers[index]["label"] != content.get("label")
            ):
                raise IllegalActionError("that button is from an earlier turn: click again")
            amounts = content.get("amounts") or {}
            if not isinstance(amounts, Mapping):
                raise IllegalActionError(f"the amounts must be given by name, got {amounts!r}")
            self.click(index, **amounts)
        except CartesError as error:
            self._message = str(error)
            self._refresh()

    def _advance(self) -> None:
        """Let the agents act until it is a person's turn or the hand is over."""
        state = self._state
        try:
            while not state.is_terminal and state.to_act not in self._people:
                seat = state.to_act
                assert seat is not None
                agent = self._agents[seat]
                assert agent is not None
                view = SeatView(state, seat)
                try:
                    action = agent.act(view)
                finally:
                    view.expire()
                try:
                    state.apply(action)
                except IllegalActionError as error:
                    raise IllegalActionError(f"agent {seat} ({agent!r}): {error}") from None
        finally:
            self._refresh()

    def _refresh(self) -> None:
        state = self._state
        if state.to_act in self._people:
            self.seat = state.to_act
        obs = state.observation(self.seat)
        # the buttons stand for the legal actions: the table need not list them too
        table = self._table(dataclasses.replace(obs, legal_actions=()))
        yours = not state.is_terminal and state.to_act in self._people
        offers = [
            {"label": self._label(offer), "ranges": offer_ranges(offer)}
            for offer in state.legal_actions()
        ] if yours else []
        message = self._message
        if state.is_terminal and not message:
            won = state.payoffs[self.seat]
            outcome = "won" if won > 0 else "lost" if won < 0 else "broke even"
            message = f"Hand over: you {outcome}{f' {abs(won)}' if won else ''}."
        self._answers += 1
        self.view = {
            "title": f"{self._game.name}, hand {self._hands}: you are seat {self.seat}",
            "table": table,
            "offers": offers,
            # the observation's history is already as this seat may see it
            "log": [format_event(event) for event in obs.history
                    if event.kind not in _NOT_LOGGED],
            "message": message,
            "over": state.is_terminal,
            "seat": self.seat,
            "answer": self._answers,  # a new view each time, even when nothing else changed
        }
