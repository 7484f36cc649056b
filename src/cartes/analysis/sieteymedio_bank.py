"""Siete y medio: the bank's exact best response to a punter's whole-hand policy (SPEC rev. 3).

:mod:`~cartes.analysis.sieteymedio_play` solves the punter's hand against a bank that does not
look at him. A real bank looks (M-17, M-18): it sees every card a punter has shown, which
calles he kept, what he bet and raised, and knows his policy. This module plays a given punter
policy over every deal, collects where each hand can end as the bank sees it, weighs each
hidden card by the chance that the punter holds it there, and lets the bank draw or stand at
each of its totals, whichever is worth more to it on average: the bank's **best response**, in
exact fractions, and the punter's value against it.

What the bank sees (its *table*, :func:`table_of`): for every calle not busted, in opening
order, the face-up cards (as a set: not the order they came in), whether it holds a hidden card,
its bet and whether it is a muerta; and the cards shown dead in the hand (busted calles,
exchanged 4s). The response is the best among bank policies that decide on that table and the
bank's own cards; one that remembers the order of the deal could do at most as well again (the
punter's programme never looks at the order, so the order tells little). Busted calles are paid
at once and change only the cards left. Like the programme's, this bank keeps its first card at
the validity declaration (no exchange, no annul); M-10's option ``reveal_seven_and_half`` is off.

A punter policy is a :class:`PunterStrategy`: ``first(card, deck)`` on the first card and
``play(key, table)`` at each decision, ``key`` the programme's
:data:`~cartes.analysis.sieteymedio_play.HandKey` and ``table`` what the bank would see of the
hand now (:data:`Table`); both return a :class:`~cartes.analysis.sieteymedio_play.Move`,
whose ``down`` says how a drawn card is dealt. :class:`SolverStrategy` plays a programme's
optimum (by default against a threshold bank), keeping the hidden card hidden.

>>> from cartes.analysis.sieteymedio_play import solver_for
>>> solver = solver_for((1, 1), 11, max_calles=1)    # the stakes fixed: one chip
>>> response = bank_best_response(limits=(1, 1))     # to SolverStrategy(solver)
>>> response.against_policy == solver.value()          # the threshold bank, played out again
True
>>> response.value < response.against_policy          # a bank that looks takes more
True
>>> round(float(response.value), 4), round(float(response.against_policy), 4)
(-0.1853, -0.0142)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Final, Protocol, TypeAlias

from cartes.analysis.sieteymedio import FULL_DECK, TARGET, VALUES, bank_draws_below
from cartes.analysis.sieteymedio_play import (
    _SLOT,
    FIGURE,
    Deck,
    HandKey,
    HandSolver,
    Move,
    _deal,
    _without,
    solver_for,
)
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
    Stand,
    Vote,
)
from cartes.games.siete_y_medio.events import Busted, Exchanged
from cartes.spanish import SpanishCard

__all__ = [
    "BankResponse",
    "PunterStrategy",
    "ResponseAgent",
    "SolverStrategy",
    "Table",
    "bank_best_response",
    "best_response_value",
    "observed_table",
    "response_options",
    "table_of",
]

_FACTORIAL: Final = [1]
for _n in range(1, 41):
    _FACTORIAL.append(_FACTORIAL[-1] * _n)

#: A calle as the enumeration keeps it: (face-up cards sorted, hidden card or 0 for none, bet,
#: holds a single card, finished, muerta).
_Calle: TypeAlias = tuple[tuple[int, ...], int, int, bool, bool, bool]
#: (deck, calles can open, target, calles not busted, dead cards sorted, bets lost to busts)
_State: TypeAlias = tuple[Deck, bool, int, tuple[_Calle, ...], tuple[int, ...], int]
#: What the bank sees of a calle: (face-up cards sorted, holds a hidden card, bet, muerta).
ShownCalle: TypeAlias = tuple[tuple[int, ...], bool, int, bool]
#: What the bank sees of the punter at its turn: his calles not busted, and the dead cards.
Table: TypeAlias = tuple[tuple[ShownCalle, ...], tuple[int, ...]]


def _add(cards: tuple[int, ...], value: int) -> tuple[int, ...]:
    return tuple(sorted((*cards, value)))


class PunterStrategy(Protocol):
    """A punter's policy for the whole hand (see the module)."""

    def first(self, card: int, deck: Deck) -> Move:
        """The move on a first ``card`` (half-points), ``deck`` the cards unseen."""

    def play(self, key: HandKey, table: Table) -> Move:
        """The move at ``key``; ``table``: what the bank sees of the hand now."""


class SolverStrategy:
    """The optimal policy of a :class:`~cartes.analysis.sieteymedio_play.HandSolver` (the
    punter's best play against its bank), the first best move where several tie; a drawn
    card comes face up while the calle holds a hidden card (``show=True``: the hidden card is
    turned up and the new card comes face down), face down when it holds none (M-23).

    >>> from cartes.analysis.sieteymedio_play import solver_for
    >>> strategy = SolverStrategy(solver_for((1, 1), 11, max_calles=1))
    >>> strategy.first(6, (12, 4, 4, 3, 4, 4, 4, 4)).kind  # a first 3: declined
    'decline'
    """

    def __init__(self, solver: HandSolver, *, show: bool = False) -> None:
        if not isinstance(solver, HandSolver):
            raise OptionError(f"SolverStrategy plays a HandSolver's optimum, got {solver!r}")
        self.solver = solver
        self.show = show

    def __repr__(self) -> str:
        return f"SolverStrategy(limits={self.solver.limits}, bank={self.solver.bank!r})"

    def first(self, card: int, deck: Deck) -> Move:
        solver = self.solver
        moves = solver.first_moves(card, deck, every=False)
        return max(moves, key=lambda m: solver._first_after(card, deck, m))

    def play(self, key: HandKey, table: Table) -> Move:
        solver = self.solver
        move = max(solver.moves(key), key=lambda m: solver._after(key, m))
        if move.kind in ("draw", "open_calle"):
            return replace(move, down=self.show or not table[0][move.calle][1])
        return move


def table_of(calles: tuple[_Calle, ...], dead: tuple[int, ...]) -> Table:
    """The bank's view of the enumeration's calles (see :data:`Table`)."""
    return tuple((c[0], c[1] != 0, c[2], c[5]) for c in calles), dead


@dataclass(frozen=True)
class BankResponse:
    """The bank's best response to ``strategy``: ``value``, the punter's exact expected value
    against it (the bank's is its negative); ``against_policy``, his value against the bank
    policy the response replaces (the threshold ``bank``); ``decisions``, the bank's choice
    (True: draw) for each table and own cards met, the cards sorted, in half-points. Calling
    it, ``response(table, cards)``, looks a choice up (a state never met: stand).

    >>> response = bank_best_response(limits=(1, 1))
    >>> table = ((((), True, 1, False),), ())     # one hidden card, a bet of 1, nothing dead
    >>> response(table, (8,)), response(table, (10,))   # on 4, draw; on 5, stand
    (True, False)
    """

    value: Fraction
    against_policy: Fraction
    decisions: dict[tuple[Table, tuple[int, ...]], bool]
    tables: int

    def __call__(self, table: Table, cards: tuple[int, ...]) -> bool:
        return self.decisions.get((table, cards), False)

    def policy(self, threshold: int) -> Callable[[Table, tuple[int, ...]], bool]:
        """The response where it was computed, and elsewhere (a table the punter's policy
        never reaches) a bank drawing below ``threshold`` half-points.

        >>> bank_best_response(limits=(1, 1)).policy(11)(((), ()), (10,))  # never met: 5 < 5½
        True
        """
        decisions = self.decisions

        def bank(table: Table, cards: tuple[int, ...]) -> bool:
            found = decisions.get((table, cards))
            return sum(cards) < threshold if found is None else found

        return bank


class _Enumeration:
    """Every deal under a punter policy, collected by where the hand ends as the bank sees
    it (weights are chances times 40!: a chance of ``count / n`` is ``w // n * count``, exact
    because ``w`` is a multiple of ``n!`` while ``n`` cards are left)."""

    def __init__(self, solver: HandSolver, strategy: PunterStrategy) -> None:
        self.solver = solver
        self.strategy = strategy
        # at the bank's turn: table -> hidden cards of the calles in order -> weight
        self.ends: dict[Table, dict[tuple[int, ...], int]] = {}
        self.fixed = 0  # bets lost to busts, times 40!, whatever the bank does
        self.buckets: dict[int, dict[_State, int]] = {}
        for card, count, deck in _deal(FULL_DECK):
            self._first(card, deck, (), count * _FACTORIAL[39])
        for n in range(40, -1, -1):  # a draw leaves a card fewer; a stand, as many
            bucket = self.buckets.get(n, {})
            while bucket:
                state, weight = bucket.popitem()
                self._step(state, weight)
            self.buckets.pop(n, None)

    def _push(self, state: _State, weight: int) -> None:
        bucket = self.buckets.setdefault(sum(state[0]), {})
        bucket[state] = bucket.get(state, 0) + weight

    def _first(self, card: int, deck: Deck, dead: tuple[int, ...], weight: int) -> None:
        move = self.strategy.first(card, deck)
        legal = self.solver.first_moves(card, deck, every=True)
        if move not in legal:
            raise OptionError(f"the punter policy chose {move!r} on a first {card}, not among "
                              f"{legal}")
        if move.kind == "decline":
            return  # nobody else in the hand: nothing is won or lost
        if move.kind == "exchange":
            n = sum(deck)
            for value, count, rest in _deal(deck):
                self._first(value, rest, _add(dead, card), weight // n * count)
            return
        calle: _Calle = ((), card, move.amount, True, False, False)
        self._push((deck, card == FIGURE, 0, (calle,), dead, 0), weight)

    def _step(self, state: _State, weight: int) -> None:
        calles, dead, lost = state[3], state[4], state[5]
        if all(c[4] for c in calles):
            self.fixed -= lost * weight
            if calles:
                table = table_of(calles, dead)
                ends = self.ends.setdefault(table, {})
                cards = tuple(c[1] for c in calles)
                ends[cards] = ends.get(cards, 0) + weight
            return
        key, state = _key(self.solver, state)
        move = self.strategy.play(key, table_of(state[3], state[4]))
        legal = self.solver.moves(key, every=True)
        if replace(move, down=False) not in legal:
            raise OptionError(f"the punter policy chose {move!r} at {key}, not among {legal}")
        n = sum(state[0])
        for count, child in _children(state, move):
            self._push(child, weight if count == 0 else weight // n * count)


def _key(solver: HandSolver, state: _State) -> tuple[HandKey, _State]:
    """The programme's key for ``state``, and the state with the key's target (M-22)."""
    deck, opening, target, calles, dead, lost = state
    key = solver.key(deck, opening, target,
                     tuple((sum(c[0]) + c[1], c[2], c[3], c[4]) for c in calles))
    return key, (deck, opening, key[2], calles, dead, lost)


def _children(state: _State, move: Move) -> list[tuple[int, _State]]:
    """Where ``move`` leads from ``state``: (how many cards of the deck deal it, the state);
    a count of 0 is a stand, no card dealt."""
    deck, opening, target, calles, dead, lost = state
    i = move.calle
    shown, hidden, bet, single, _, _ = calles[i]
    if move.kind == "stand":
        stood = (*calles[:i], (shown, hidden, bet, single, True, False), *calles[i + 1:])
        return [(0, (deck, opening, target, stood, dead, lost))]
    bet += move.raise_by
    result: list[tuple[int, _State]] = []
    if move.kind == "muerta":  # the 7 turned up, a card nobody sees: the hand is over
        for value, count, rest in _deal(deck):
            dead_calle: _Calle = (_add(shown, hidden), value, bet, False, True, True)
            result.append((count, (rest, False, -1, (dead_calle,), dead, lost)))
        return result
    down = move.down or not hidden  # M-23: a calle with no hidden card gets one
    if down and hidden:
        shown, hidden = _add(shown, hidden), 0
    for value, count, rest in _deal(deck):
        if opening and value == FIGURE and move.kind == "open_calle":
            new: _Calle = ((), FIGURE, move.amount, True, False, False)
            if not down:
                new = ((FIGURE,), 0, move.amount, True, False, False)
            grown = (*calles[:i], (shown, hidden, bet, single, False, False),
                     *calles[i + 1:], new)
            result.append((count, (rest, True, i, grown, dead, lost)))
            continue
        points = sum(shown) + hidden + value
        still = opening and value == FIGURE
        if points > TARGET:  # shown at once, the bet paid at once (M-9)
            gone = (*shown, *((hidden,) if hidden else ()), value)
            result.append((count, (rest, still, -1, (*calles[:i], *calles[i + 1:]),
                                   tuple(sorted((*dead, *gone))), lost + bet)))
            continue
        calle: _Calle = (shown, value, bet, False, points == TARGET, False)
        if not down:
            calle = (_add(shown, value), hidden, bet, False, points == TARGET, False)
        result.append((count, (rest, still, i, (*calles[:i], calle, *calles[i + 1:]), dead,
                               lost)))
    return result


class _Bank:
    """The bank's side: its value at each table and own cards, over the hidden cards."""

    def __init__(self, solver: HandSolver) -> None:
        self.pay = solver._pay
        self.decisions: dict[tuple[Table, tuple[int, ...]], bool] = {}

    def punter_rows(self, table: Table, hidden: tuple[int, ...]) -> list[int]:
        """What the punter wins, per bank total (16: bust), with these hidden cards."""
        calles = table[0]
        totals = [sum(c[0]) + h for c, h in zip(calles, hidden, strict=True)]
        first = next((i for i, (c, t) in enumerate(zip(calles, totals, strict=True))
                      if t == TARGET and not c[3]), -1)
        return [sum(c[2] * self.pay[c[3]][i == first][min(t, TARGET + 1)][end]
                    for i, (c, t) in enumerate(zip(calles, totals, strict=True)))
                for end in range(TARGET + 2)]

    def deck(self, table: Table, hidden: tuple[int, ...]) -> Deck:
        deck = FULL_DECK
        for calle in table[0]:
            for value in calle[0]:
                deck = _without(deck, value)
        for value in (*table[1], *(h for h in hidden if h)):
            deck = _without(deck, value)
        return deck

    def value(self, table: Table, weights: dict[tuple[int, ...], int],
              draws: Callable[[tuple[int, ...]], bool]) -> tuple[int, int]:
        """The punter's value at ``table`` (times 40!) when the bank best responds, and when
        it follows ``draws(own cards)``: one walk of the bank's cards serves both."""
        rows = {h: self.punter_rows(table, h) for h in weights}
        start = {h: (w, self.deck(table, h)) for h, w in weights.items()}
        left = sum(next(iter(start.values()))[1])  # the same for every hidden card
        memo: dict[tuple[int, ...], tuple[int, int]] = {}

        def bank(cards: tuple[int, ...], at: dict[tuple[int, ...], tuple[int, Deck]],
                 left: int) -> tuple[int, int]:
            found = memo.get(cards)
            if found is not None:
                return found
            total = sum(cards)
            column = min(total, TARGET + 1)
            stand = sum(w * rows[h][column] for h, (w, _) in at.items())
            if total >= TARGET or not left:
                result = (stand, stand)
            else:
                follows = not cards or draws(cards)
                best = stated = 0
                for value in VALUES:
                    slot = _SLOT[value]
                    after = {h: (w // left * d[slot], _without(d, value))
                             for h, (w, d) in at.items() if d[slot]}
                    if after:
                        b, t = bank(_add(cards, value), after, left - 1)
                        best += b
                        stated += t
                if not cards:
                    result = (best, stated)  # the first card is dealt, not chosen
                else:  # the bank minimises the punter's value
                    self.decisions[table, cards] = best < stand
                    result = (min(best, stand), stated if follows else stand)
            memo[cards] = result
            return result

        return bank((), start, left)


# the default strategy's responses, per rules (a few megabytes each): docs and advice reuse them
_DEFAULT: dict[tuple[tuple[int, int], int, bool, int], BankResponse] = {}


def bank_best_response(strategy: PunterStrategy | None = None, *,
                       limits: tuple[int, int] | None = None, bank: int | None = None,
                       bust_pays_double: bool = False, max_calles: int = 1) -> BankResponse:
    """The bank's exact best response to the punter's ``strategy`` under the stakes
    ``limits`` (by default :class:`SolverStrategy` of ``solver_for(limits, bank, ...)``, the
    punter's optimum against a bank drawing below ``bank`` half-points, default 11), the
    punter's value against it, and against the threshold bank ``bank`` (see the module for
    what the bank sees). A :class:`SolverStrategy` brings its solver's rules.

    >>> response = bank_best_response(limits=(1, 1))
    >>> response.value < response.against_policy
    True
    >>> bank_best_response(limits=(1, 1), bank="11")
    Traceback (most recent call last):
    ...
    cartes.errors.OptionError: bank must be a threshold in half-points (an int: ...), got '11'
    """
    if bank is not None and type(bank) is not int:
        raise OptionError("bank must be a threshold in half-points (an int: the bank draws "
                          f"below it), got {bank!r}")
    if isinstance(strategy, SolverStrategy):
        solver = strategy.solver
        if limits is not None and limits != solver.limits:
            raise OptionError(f"the strategy plays the stakes {solver.limits}, not {limits}")
        if bank is None:
            bank = solver.bank if type(solver.bank) is int else 11
    else:
        bank = 11 if bank is None else bank
        solver = solver_for((1, 3) if limits is None else limits, bank,
                            bust_pays_double=bust_pays_double, max_calles=max_calles)
        if strategy is None:
            rules = (solver.limits, bank, bust_pays_double, max_calles)
            if rules not in _DEFAULT:
                _DEFAULT[rules] = bank_best_response(SolverStrategy(solver))
            return _DEFAULT[rules]
        if not (callable(getattr(strategy, "first", None))
                  and callable(getattr(strategy, "play", None))):
            raise OptionError("a punter strategy has first(card, deck) and play(key, table), "
                              f"returning a Move (see SolverStrategy), got {strategy!r}")
    found = _Enumeration(solver, strategy)
    sides = _Bank(solver)
    rule = bank_draws_below(bank)

    def threshold(cards: tuple[int, ...]) -> bool:
        return bool(rule(cards, ()))

    best = stated = found.fixed
    for table, weights in found.ends.items():
        b, t = sides.value(table, weights, threshold)
        best += b
        stated += t
    scale = _FACTORIAL[40]
    return BankResponse(Fraction(best, scale), Fraction(stated, scale), sides.decisions,
                        len(found.ends))


class _View(Protocol):
    seat: int
    legal_actions: tuple[Action, ...]

    def observation(self) -> Observation: ...


def observed_table(obs: Observation) -> Table:
    """The bank's :data:`Table` at its turn, read from its observation (one punter).

    >>> from cartes.games import get
    >>> state = get("siete-y-medio", players=2).start(seed=31, button=0)
    >>> state.apply_all([Bet(1), Stand()])
    >>> observed_table(state.observation(0))
    ((((), True, 1, False),), ())
    """
    bank = obs.extra["bank"]
    shown: list[ShownCalle] = []
    for seat, calles in enumerate(obs.extra["calles"]):
        if seat == bank:
            continue
        for cards, up, bet, status in calles:
            if status != "bust":
                faces = tuple(sorted(c.half_points for c, u in zip(cards, up, strict=True)
                                     if u and isinstance(c, SpanishCard)))
                shown.append((faces, not all(up), bet, status == "muerta"))
    dead: list[int] = []
    for event in obs.history:
        if isinstance(event, Busted):
            dead.extend(card.half_points for card in event.cards)
        elif isinstance(event, Exchanged) and event.seat != bank:
            dead.append(event.card.half_points)
    return tuple(shown), tuple(sorted(dead))


class ResponseAgent:
    """An agent for the driver (``players=2``) that plays the model of
    :func:`bank_best_response`: as a punter, ``strategy``; as the bank, it keeps its first
    card and then draws as ``response`` says for the table it sees.

    >>> from cartes.games import get
    >>> from cartes.play import play_hand
    >>> response = bank_best_response(limits=(1, 1))
    >>> agent = ResponseAgent(response, SolverStrategy(solver_for((1, 1), 11, max_calles=1)))
    >>> play_hand(get("siete-y-medio", players=2, modality=1), [agent, agent], seed=2,
    ...           button=0).is_terminal
    True
    """

    def __init__(self, response: BankResponse, strategy: SolverStrategy) -> None:
        if not isinstance(response, BankResponse) or not isinstance(strategy, SolverStrategy):
            raise OptionError("ResponseAgent takes a BankResponse and the SolverStrategy it "
                              f"answers, got {response!r} and {strategy!r}")
        self.response = response
        self.strategy = strategy

    def __repr__(self) -> str:
        return f"ResponseAgent({self.strategy!r})"

    def act(self, view: _View) -> Action:
        """The strategy's action as a punter; the response's as the bank."""
        legal = view.legal_actions
        obs = view.observation()
        if view.seat == obs.extra["bank"]:
            if Keep() in legal:
                return Keep()
            own = obs.extra["calles"][view.seat][0][0]
            cards = tuple(sorted(c.half_points for c in own if isinstance(c, SpanishCard)))
            choice: Action = Draw() if self.response(observed_table(obs), cards) else Stand()
        elif obs.extra["phase"] in ("choice", "vote"):
            choice = Play() if Play() in legal else Vote(True)
        elif obs.extra["phase"] == "first":
            card = obs.cards[view.seat][0]
            assert isinstance(card, SpanishCard)
            move = self.strategy.first(card.half_points, unseen_deck(obs)[0])
            choice = {"decline": Decline(), "exchange": Exchange()}.get(
                move.kind, Bet(move.amount))
        else:
            key, index, _ = hand_key(obs, self.strategy.solver)
            move = self.strategy.play(key, observed_table(obs))
            calle = index[move.calle]
            if move.kind == "stand":
                choice = Stand(calle)
            elif move.kind == "muerta":
                choice = Muerta(move.raise_by)
            elif move.kind == "draw":
                choice = Draw(calle, move.raise_by, move.down)
            else:
                choice = OpenCalle(move.amount, calle, move.raise_by, move.down)
        if not any(offer.allows(choice) for offer in legal):
            raise IllegalActionError(f"{self!r} chose {choice!r}, not among {legal}")
        return choice


# response_options' enumerations, per rules (limits, bank, bust_pays_double, max_calles)
_AGAINST: dict[tuple[tuple[int, int], object, bool, int], _AgainstBank] = {}


class _AgainstBank:
    """The punter's exact values against a bank that decides on its :data:`Table` and own
    cards (``draws(table, cards)``), over the enumeration's states: the face of every card
    counts here, since the bank sees it. Values are times ``n!``, ``n`` the cards unseen."""

    def __init__(self, solver: HandSolver,
                 draws: Callable[[Table, tuple[int, ...]], bool], max_states: int) -> None:
        self.solver = solver
        self.draws = draws
        self.rows = _Bank(solver).punter_rows
        self.max_states = max_states
        self.memo: dict[_State, int] = {}
        self.whole_hand: Fraction | None = None  # best_response_value, once asked

    def settle(self, deck: Deck, table: Table, hidden: tuple[int, ...]) -> int:
        """Every calle stood: the punter's value as the bank plays ``draws`` at ``table``."""
        rows = self.rows(table, hidden)
        memo: dict[tuple[Deck, tuple[int, ...]], int] = {}

        def bank(deck: Deck, cards: tuple[int, ...]) -> int:
            found = memo.get((deck, cards))
            if found is not None:
                return found
            total = sum(cards)
            left = sum(deck)
            if total >= TARGET or not left or (cards and not self.draws(table, cards)):
                result = rows[min(total, TARGET + 1)] * _FACTORIAL[left]
            else:
                result = sum(count * bank(rest, _add(cards, value))
                             for value, count, rest in _deal(deck))
            memo[deck, cards] = result
            return result

        return bank(deck, ())

    def moves(self, key: HandKey, state: _State, every: bool) -> list[Move]:
        """The programme's moves, each draw both ways up when the calle holds a hidden
        card (the bank sees the difference)."""
        result = []
        for move in self.solver.moves(key, every):
            result.append(move)
            if move.kind in ("draw", "open_calle") and state[3][move.calle][1]:
                result.append(replace(move, down=True))
        return result

    def after(self, state: _State, move: Move) -> int:
        """The value of ``move`` (a stand deals nothing; a card ``count`` ways of ``n``)."""
        return sum(self.value(child) * max(count, 1) for count, child in _children(state, move))

    def first_after(self, card: int, deck: Deck, dead: tuple[int, ...], move: Move) -> Fraction:
        """The value of ``move`` on a first ``card`` (half-points), ``deck`` unseen and
        ``dead`` shown, the punter playing best after (on an exchanged 4, best on the card that
        replaces it); a decline is 0 (heads-up, nothing is won or lost)."""
        if move.kind == "decline":
            return Fraction(0)
        if move.kind == "exchange":  # the 4 is shown and set aside: the bank sees it dead
            total = sum((count * self.first_best(value, rest, _add(dead, card))
                         for value, count, rest in _deal(deck)), Fraction(0))
            return total / sum(deck)
        calle: _Calle = ((), card, move.amount, True, False, False)
        start: _State = (deck, card == FIGURE, 0, (calle,), dead, 0)
        return Fraction(self.value(start), _FACTORIAL[sum(deck)])

    def first_best(self, card: int, deck: Deck, dead: tuple[int, ...]) -> Fraction:
        """The value of the best move on a first ``card`` (see :meth:`first_after`)."""
        return max(self.first_after(card, deck, dead, move)
                   for move in self.solver.first_moves(card, deck, every=False))

    def value(self, state: _State) -> int:
        found = self.memo.get(state)
        if found is not None:
            return found
        start = state
        deck, calles, dead, lost = state[0], state[3], state[4], state[5]
        n = sum(deck)
        if all(c[4] for c in calles):
            value = -lost * _FACTORIAL[n]
            if calles:
                value += self.settle(deck, table_of(calles, dead), tuple(c[1] for c in calles))
        else:
            key, state = _key(self.solver, state)
            value = max(self.after(state, move) for move in self.moves(key, state, False))
        if len(self.memo) >= self.max_states:
            self.memo.clear()
        self.memo[start] = value
        return value


def _against(solver: HandSolver) -> _AgainstBank:
    """The kept enumeration against the bank's best response to ``SolverStrategy(solver)``:
    one per rules, its memo valid for every hand under them (a driver asking at each decision
    would otherwise enumerate the bank's draws again each time)."""
    if type(solver.bank) is not int:
        raise OptionError(f"the response is to a threshold bank's optimum, got {solver.bank!r}")
    response = bank_best_response(
        limits=solver.limits, bank=solver.bank, bust_pays_double=solver.bust_pays_double,
        max_calles=solver.max_calles)
    rules = (solver.limits, solver.bank, solver.bust_pays_double, solver.max_calles)
    kept = _AGAINST.get(rules)
    if kept is None or kept.solver is not solver:
        kept = _AGAINST[rules] = _AgainstBank(solver, response.policy(solver.bank),
                                              solver.max_states)
    return kept


def response_options(obs: Observation, solver: HandSolver,
                     every: bool = True) -> list[tuple[Move, Fraction]]:
    """Every move of the punter to act in ``obs`` (one punter; phase "play", or "first" for
    his first card: the bet, declining a 3, exchanging a 4) and its exact expected value
    against the bank's best response to ``SolverStrategy(solver)`` (where that response never
    met a table: the threshold bank), the punter playing best after.

    >>> from cartes.games import get
    >>> state = get("siete-y-medio", players=2).start(seed=31, button=0)
    >>> solver = solver_for((1, 3), 11, max_calles=1)
    >>> [(move.amount, round(float(ev), 4)) for move, ev in response_options(
    ...     state.observation(1), solver)]                # a first 7: the bet
    [(1, 0.5708), (2, 0.4557), (3, 0.4557)]
    >>> state.apply(Bet(1))
    Staked(seat=1, calle=0, amount=1, total=1)
    >>> options = response_options(state.observation(1), solver)
    >>> max(options, key=lambda item: item[1])[0].kind
    'stand'
    """
    phase = obs.extra["phase"]
    if phase not in ("first", "play"):
        raise OptionError("advice against the bank's best response is for a punter's cards "
                          f"(phases 'first' and 'play'), not {phase!r}")
    kept = _against(solver)
    if phase == "first":
        seat = obs.seat
        assert seat is not None
        card = obs.cards[seat][0]
        assert isinstance(card, SpanishCard)
        deck = unseen_deck(obs)[0]
        dead = observed_table(obs)[1]
        return [(move, kept.first_after(card.half_points, deck, dead, move))
                for move in solver.first_moves(card.half_points, deck, every)]
    key, state = _state_of(obs, solver)
    scale = _FACTORIAL[sum(key[0])]
    return [(move, Fraction(kept.after(state, move), scale))
            for move in kept.moves(key, state, every)]


def best_response_value(solver: HandSolver) -> Fraction:
    """The punter's exact expected value of a heads-up hand before the deal, in chips,
    playing every decision (the first card's included) best against the bank's best response
    to ``SolverStrategy(solver)``: what :class:`~cartes.analysis.sieteymedio_advice.AdviceAgent`
    with ``bank="best_response"`` earns in both seats. A bank's best response to one policy is
    itself open to another: the punter who answers it wins more than the threshold optimum.

    >>> solver = solver_for((1, 1), 11, max_calles=1)
    >>> response = bank_best_response(limits=(1, 1), max_calles=1)
    >>> round(float(response.value), 4), round(float(best_response_value(solver)), 4)
    (-0.1853, 0.0257)
    >>> round(float(solver.value()), 4)                  # against the 5½ bank
    -0.0142
    """
    kept = _against(solver)
    if kept.whole_hand is None:
        total = sum((count * kept.first_best(card, rest, ())
                     for card, count, rest in _deal(FULL_DECK)), Fraction(0))
        kept.whole_hand = total / 40
    return kept.whole_hand
def _state_of(obs: Observation, solver: HandSolver) -> tuple[HandKey, _State]:
    """The programme's key and the enumeration's state for the punter to act in ``obs``."""
    deck = unseen_deck(obs)[0]
    key, index, _ = hand_key(obs, solver, deck)
    seat = obs.seat
    assert seat is not None
    calles: list[_Calle] = []
    for i in index:
        cards, up, bet, status = obs.extra["calles"][seat][i]
        faces = tuple(sorted(c.half_points for c, u in zip(cards, up, strict=True) if u))
        down = [c.half_points for c, u in zip(cards, up, strict=True) if not u]
        calles.append((faces, down[0] if down else 0, bet, len(cards) == 1, status != "open",
                       status == "muerta"))
    dead = observed_table(obs)[1]
    return key, (key[0], key[1], key[2], tuple(calles), dead, 0)
