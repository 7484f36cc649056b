"""Advice for a live hand of siete y medio: every legal action of a punter with its exact
expected value, from what his seat may see.

:func:`advice` reads only ``state.observation(seat)`` (and the game's public options): the
seat's own cards, the face-up cards on the table and the cards shown in the history (busts,
exchanged 4s, declined 3s). Every card it has not seen, the bank's face-down card among them,
is equally likely to come next, and :class:`~cartes.analysis.sieteymedio_play.HandSolver`
values each action exactly against the stated bank policy (by default the bank keeps its first
card and draws below 5½, ``bank=11`` half-points).

What is exact: a hand with **one punter** against the bank (``players=2``, or every other
punter sitting out or declined), calles opened up to ``max_calles`` in all (the
programme's bound, see :mod:`~cartes.analysis.sieteymedio_play`; opening more is valued with no
further calle after it).

With other punters in the hand (``exact`` is then False), this is what the values model and
what they leave out:

* modelled: every card the seat has seen is out (the other punters' face-up cards, their
  busts, exchanged 4s and declined 3s); the seat's own draws, stakes and settlement, calle by
  calle; a bank that draws by its own total only, so the other punters' cards do not change
  its decisions;
* left out: (1) what the others' play says of their hidden cards (a punter who stood on one
  card likely holds a high one): every unseen card is taken as equally likely to come next;
  (2) the cards the punters after this seat will draw before the bank plays, taken from the
  stock the bank then draws from: the bank is taken to draw from every card the seat has not
  seen; (3) the privileged 7½ (M-28): only the first 7½ in turn order is paid double, and an
  earlier punter's hidden 7½ may take it, while the values pay the seat's 7½ as if it were
  first. Each is exact heads-up, where none of them arises.

>>> from cartes.games import get
>>> state = get("siete-y-medio", players=2).start(seed=31, button=0)
>>> state.observation(1).cards[1]
(SpanishCard('7c'),)
>>> tip = advice(state, max_calles=1)
>>> tip.seat, tip.best, tip.exact
(1, Bet(1), True)
>>> [(str(action), round(float(ev), 4)) for action, ev in tip.actions]
[('Bet(1)', 0.5284), ('Bet(2)', 0.4557), ('Bet(3)', 0.4557)]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol

from cartes.analysis.sieteymedio import TARGET, BankPolicy
from cartes.analysis.sieteymedio_bank import (
    bank_best_response,
    best_response_value,
    observed_table,
    response_options,
)
from cartes.analysis.sieteymedio_play import HandSolver, Move, solver_for
from cartes.analysis.sieteymedio_seen import hand_key, unseen_deck
from cartes.errors import IllegalActionError, OptionError
from cartes.games.chips import Bet
from cartes.games.contract import Action, Observation
from cartes.games.siete_y_medio.actions import (
    Decline,
    Draw,
    Exchange,
    Keep,
    Muerta,
    OpenCalle,
    Play,
    SitOut,
    Stand,
    Vote,
)
from cartes.games.siete_y_medio.rules import MODALITY_LIMITS
from cartes.spanish import SpanishCard

# hand_key moved to sieteymedio_seen (below this module and the bank's); it is still importable
# from here.
__all__ = ["Advice", "AdviceAgent", "advice", "advice_from_observation"]


@dataclass(frozen=True)
class Advice:
    """What :func:`advice` found: for ``seat``, every legal action (range offers spelled out
    amount by amount) with its exact expected value in chips for the rest of the hand, the
    ``best`` one and its ``value``; ``exact`` says whether the hand is the one the programme
    solves exactly (see the module), ``note`` what was assumed.

    >>> from cartes.games import get
    >>> tip = advice(get("siete-y-medio", players=2).start(seed=31, button=0), max_calles=1)
    >>> tip.value == max(ev for _, ev in tip.actions)
    True
    """

    seat: int
    actions: tuple[tuple[Action, Fraction], ...]
    best: Action
    value: Fraction
    exact: bool
    note: str


class _Observed(Protocol):
    def observation(self, seat: int | None) -> Observation: ...


def _others_in_play(obs: Observation, seat: int) -> bool:
    """Whether another punter holds cards in this hand (played, playing or to play)."""
    bank = obs.extra["bank"]
    return any(s not in (seat, bank) and not obs.out[s] and obs.extra["calles"][s]
               for s in range(len(obs.cards)))


def _moves_to_actions(move: Move, index: list[int], legal: tuple[Action, ...]) -> list[Action]:
    """The driver's actions for a programme's move: one per face (up or down) offered."""
    if move.kind == "decline":
        found: list[Action] = [Decline()]
    elif move.kind == "exchange":
        found = [Exchange()]
    elif move.kind == "bet":
        found = [Bet(move.amount)]
    elif move.kind == "stand":
        found = [Stand(index[move.calle])]
    elif move.kind == "muerta":
        found = [Muerta(move.raise_by)]
    elif move.kind == "draw":
        found = [Draw(index[move.calle], move.raise_by, down) for down in (False, True)]
    else:
        found = [OpenCalle(move.amount, index[move.calle], move.raise_by, down)
                 for down in (False, True)]
    return [action for action in found if any(offer.allows(action) for offer in legal)]


def _concrete(legal: Iterable[Action]) -> set[Action]:
    """Every action a list of offers allows, range offers spelled out."""
    result: set[Action] = set()
    for offer in legal:
        if isinstance(offer, Bet):
            top = offer.amount if offer.up_to is None else offer.up_to
            result.update(Bet(a) for a in range(offer.amount, top + 1))
        elif isinstance(offer, Draw):
            top = offer.raise_by if offer.up_to is None else offer.up_to
            result.update(Draw(offer.calle, r, offer.down) for r in range(offer.raise_by, top + 1))
        elif isinstance(offer, Muerta):
            top = offer.raise_by if offer.up_to is None else offer.up_to
            result.update(Muerta(r) for r in range(offer.raise_by, top + 1))
        elif isinstance(offer, OpenCalle):
            top = offer.amount if offer.up_to is None else offer.up_to
            rtop = offer.raise_by if offer.raise_up_to is None else offer.raise_up_to
            result.update(OpenCalle(a, offer.calle, r, offer.down)
                          for a in range(offer.amount, top + 1)
                          for r in range(offer.raise_by, rtop + 1))
        else:
            result.add(offer)
    return result


def advice_from_observation(obs: Observation, *, bank: int | BankPolicy | str = 11,
                            bust_pays_double: bool = False, max_calles: int = 2,
                            every: bool = True) -> Advice:
    """:func:`advice` from an observation alone (an agent's view): ``obs`` must be the
    observation of the seat to act, a punter. ``every=False`` values only the actions an
    optimum needs (bets and raises at their two ends, calles up to ``max_calles``): the same
    best value, much faster, which is what :class:`AdviceAgent` plays.

    >>> from cartes.games import get
    >>> state = get("siete-y-medio", players=2).start(seed=31, button=0)
    >>> advice_from_observation(state.observation(1), max_calles=1) == advice(state, max_calles=1)
    True
    """
    response = bank == "best_response"
    rule: int | BankPolicy = 11  # the response is to the optimum against the 5½ bank
    if isinstance(bank, str):
        if not response:
            raise OptionError(f"bank must be a threshold in half-points, a bank policy or "
                              f"'best_response', got {bank!r}")
    else:
        rule = bank
    seat = obs.seat
    if seat is None or obs.to_act != seat:
        raise IllegalActionError(
            f"advice is for the seat to act (seat {obs.to_act}); this observation is seat "
            f"{seat}'s"
        )
    if seat == obs.extra["bank"]:
        raise OptionError(
            "advice is for a punter's decisions; the bank's policy is stated, not advised "
            "(see cartes.analysis.sieteymedio.best_bank_response)"
        )
    legal = obs.legal_actions
    phase = obs.extra["phase"]
    low, high = obs.extra["limits"]
    limits = (int(low), int(high))
    deck, clean = unseen_deck(obs)
    others = _others_in_play(obs, seat)
    exact = clean and not others
    notes = [f"bank keeps its first card and draws by {getattr(rule, '__qualname__', rule)!r}"
             + (" half-points" if isinstance(rule, int) else "")]
    if response:
        notes = ["bank best-responds to the punter's optimum against the 11 half-point bank"]
    if others:
        notes.append("other punters' cards and 7½s are not modelled")
    if not clean:
        notes.append("a reshuffle put shown cards back in the stock: taken as still out")
    solver = solver_for(limits, rule, bust_pays_double=bust_pays_double, max_calles=max_calles)
    valued: list[tuple[Action, Fraction]] = []
    whole_hand = best_response_value if response else HandSolver.value
    if phase in ("vote", "choice"):
        exact = exact and len(obs.extra["order"]) == 1
        play = whole_hand(solver)
        if phase == "choice":
            valued = [(SitOut(), Fraction(0)), (Play(), play)]
        else:  # alone, his vote decides: the proposal, or modality 1 (M-31)
            classic = whole_hand(solver_for(MODALITY_LIMITS[1], rule,
                                            bust_pays_double=bust_pays_double,
                                            max_calles=max_calles))
            valued = [(Vote(True), play), (Vote(False), classic)]
            if not exact:
                notes.append("a vote is valued as if it decided the stakes")
    elif response and phase in ("first", "play"):
        # a draw is valued face up and face down apart (the bank sees the difference)
        index = [0] if phase == "first" else hand_key(obs, solver, deck)[1]
        for move, ev in response_options(obs, solver, every):
            valued.extend((a, ev) for a in _moves_to_actions(move, index, legal)
                          if getattr(a, "down", False) == move.down)
    elif phase == "first":
        card = obs.cards[seat][0]
        assert isinstance(card, SpanishCard)
        for move, ev in solver.first_options(card.half_points, deck, every):
            valued.extend((a, ev) for a in _moves_to_actions(move, [0], legal))
    elif phase == "play":
        key, index, _ = hand_key(obs, solver, deck)
        for move, ev in solver.options(key, every):
            valued.extend((a, ev) for a in _moves_to_actions(move, index, legal))
    else:
        raise IllegalActionError(f"no punter decision in phase {phase!r}")
    missing = _concrete(legal) - {a for a, _ in valued}
    if missing and every:  # the driver and the programme must agree on what may be done
        raise IllegalActionError(
            f"the programme has no value for {sorted(map(repr, missing))}: a hand it does not "
            "model (a stock with no card left?)"
        )
    best, value = max(valued, key=lambda item: item[1])
    return Advice(seat, tuple(valued), best, value, exact, "; ".join(notes))


def advice(state: _Observed, seat: int | None = None, *, bank: int | BankPolicy | str = 11,
           max_calles: int = 2) -> Advice:
    """Every legal action of ``seat`` (by default the seat to act, which must be a punter)
    in a live 7½ hand, with its exact expected value in chips for the rest of the hand, and
    the best one, from ``state.observation(seat)`` only, against the stated ``bank`` policy
    (a threshold in half-points: the bank keeps its first card and draws below it; or
    ``bank_draws_below(t)``; or ``"best_response"``: the bank's exact best response to the
    punter's optimum against the 5½ threshold bank, one step of the iteration, the punter
    answering it at every decision, his first card and the vote included, see
    :func:`~cartes.analysis.sieteymedio_bank.response_options`).
    ``max_calles`` bounds the calles the programme opens.

    >>> from cartes.games import get
    >>> state = get("siete-y-medio", players=2).start(seed=31, button=0)
    >>> state.apply(Bet(1))                               # on a first 7 (see the module)
    Staked(seat=1, calle=0, amount=1, total=1)
    >>> tip = advice(state, max_calles=1)
    >>> tip.best, sorted({type(a).__name__ for a, _ in tip.actions})
    (Stand(), ['Draw', 'Muerta', 'Stand'])
    """
    if seat is None:
        seat = getattr(state, "to_act", None)
        if seat is None:
            raise IllegalActionError("nobody is to act: the hand is over")
    game: Any = getattr(state, "game", None)
    double = bool(getattr(game, "bust_pays_double", False))
    return advice_from_observation(state.observation(seat), bank=bank,
                                   bust_pays_double=double, max_calles=max_calles)


class _View(Protocol):
    seat: int
    legal_actions: tuple[Action, ...]

    def observation(self) -> Observation: ...


class AdviceAgent:
    """An agent that plays :func:`advice`'s best action as a punter and, as the bank, the
    stated bank policy the advice assumes (keep the first card, draw below ``bank``
    half-points), so that the driver plays the programme's model.

    With ``bank="best_response"`` it plays that model's other side: as a punter, the advice
    against the bank's best response at every decision; as the bank, that best response
    (:func:`~cartes.analysis.sieteymedio_bank.bank_best_response` of the punter's optimum
    against the 5½ bank, and 5½ where the response never met the table).

    >>> from cartes.games import get
    >>> from cartes.play import play_hand
    >>> agent = AdviceAgent(bank=11, max_calles=1)
    >>> play_hand(get("siete-y-medio", players=2), [agent, agent], seed=2, button=0).is_terminal
    True
    >>> AdviceAgent(bank="best_response", max_calles=1)
    AdviceAgent(bank='best_response', max_calles=1)
    """

    def __init__(self, bank: int | str = 11, *, bust_pays_double: bool = False,
                 max_calles: int = 2) -> None:
        if bank != "best_response" and type(bank) is not int:
            raise OptionError("bank must be a threshold in half-points (an int) or "
                              f"'best_response', got {bank!r}")
        self.bank = bank
        self.bust_pays_double = bust_pays_double
        self.max_calles = max_calles

    def __repr__(self) -> str:
        return f"AdviceAgent(bank={self.bank!r}, max_calles={self.max_calles})"

    def act(self, view: _View) -> Action:
        """The advised action as a punter; the assumed bank's as the bank."""
        legal = view.legal_actions
        obs = view.observation()
        response = self.bank == "best_response"
        threshold = 11 if response else self.bank
        assert isinstance(threshold, int)
        if view.seat != obs.extra["bank"]:
            return advice_from_observation(obs, bank=self.bank,
                                           bust_pays_double=self.bust_pays_double,
                                           max_calles=self.max_calles, every=False).best
        if Keep() in legal:
            return Keep()
        own = obs.cards[view.seat]
        points = tuple(sorted(card.half_points for card in own if isinstance(card, SpanishCard)))
        total = sum(points)
        if response:
            low, high = obs.extra["limits"]
            best = bank_best_response(limits=(int(low), int(high)), bank=threshold,
                                      bust_pays_double=self.bust_pays_double,
                                      max_calles=self.max_calles)
            draw = total < TARGET and best.policy(threshold)(observed_table(obs), points)
        else:
            draw = total < threshold and total < TARGET
        return Draw() if draw and Draw() in legal else Stand()
