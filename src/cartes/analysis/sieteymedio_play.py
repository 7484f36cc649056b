"""Siete y medio under every rule a punter decides (SPEC revision 3): an exact dynamic programme.

:mod:`cartes.analysis.sieteymedio` solves the core of the hand (stand or draw, a bet of one).
This module solves one punter's whole hand against the bank, in exact fractions, with every
decision SPEC §3.3-§3.4 gives him:

* on his first card: **decline** a 3 (M-11), **exchange** a 4, as often as the new first card is
  a 4 (M-12, M-21), then the **initial bet** anywhere in the modality's ``limits`` (M-7);
* at each card: **stand** (on one card only at the minimum bet, M-25), **draw** with any
  **raise** that keeps the bet within the maximum (M-24), face up or face down (M-8, M-23),
  the **muerta** on a first 7 (M-14), and, while every card received is a figure, **open a
  calle** at any bet of the modality (M-13, M-22, M-35), then play every calle in the order
  M-22 sets;
* settlement by the driver's own :func:`~cartes.games.siete_y_medio.rules.settle_hand`, calle by
  calle, only the leftmost 7½ privileged (M-28), with the game's option ``bust_pays_double``.

The bank is a **stated policy**: it keeps its first card at the validity declaration (no
exchange, no annul) and then draws by a rule of its own cards that does not look at the
punter's, such as :func:`~cartes.analysis.sieteymedio.bank_draws_below` (an ``int`` ``t``
means that rule: draw below ``t`` half-points). Against such a bank, whether the punter shows
or hides a card changes nothing (the bank does not look), so every draw's value is the same
face up or face down. A bank that infers from the face-up cards is not played here: the
bank's best response is computed only for the stand-or-draw core
(:func:`~cartes.analysis.sieteymedio.best_bank_response`).

What is exact: the hand of **one punter against the bank** from a fresh 40-card deck (M-16),
the bank's first card dealt from the cards the punter has not seen (it is dealt before the
punter plays, but he never sees it, so by exchangeability it may be dealt last). Not modelled:
a stock that runs out (a reshuffle of the discards, M-26; one punter cannot come close) and the
bank passing to the privileged 7½ (it changes later hands, not this one's value).

Why only two bets are ever worth weighing: the value of a hand is convex in each bet (it is a
maximum of expressions linear in the bet; a one-card stand allowed only at the minimum raises
the left end, which keeps it convex), so the best bet or raise is always the smallest or the
largest allowed. The programme therefore searches bets ``{minimum, maximum}`` and raises ``{0,
to the maximum}`` and is still exact; :meth:`HandSolver.options` values any other amount when
asked (a test checks the claim against every amount).

Values are kept as integers, the expected value times ``n!`` for a deck of ``n`` cards (the
trick of :mod:`cartes.analysis.sieteymedio`), and turned into fractions at the end.

>>> solver = HandSolver(limits=(1, 3), bank=11, max_calles=1)  # no calle: two seconds
>>> value = solver.value()
>>> isinstance(value, Fraction), value > best_punter_policy(bank_draws_below(11)).value
(True, True)
>>> [(move.kind, move.amount, round(float(ev), 4)) for move, ev in solver.first_options(14)]
[('bet', 1, 0.5284), ('bet', 2, 0.4557), ('bet', 3, 0.4557)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import perm
from typing import Final, TypeAlias

from cartes.analysis.sieteymedio import (
    FULL_DECK,
    TARGET,
    VALUES,
    BankPolicy,
    bank_draws_below,
    best_punter_policy,
)
from cartes.errors import OptionError
from cartes.games.siete_y_medio.rules import settle_hand

__all__ = ["FIGURE", "HandKey", "HandSolver", "Move", "solver_for"]

#: A figure in half-points.
FIGURE: Final = 1
_SLOT: Final = {value: i for i, value in enumerate(VALUES)}
_FACTORIAL: Final = [1]
for _n in range(1, 41):
    _FACTORIAL.append(_FACTORIAL[-1] * _n)

Deck: TypeAlias = tuple[int, ...]
#: A calle in the programme: (total in half-points, bet, holds a single card, finished).
Calle: TypeAlias = tuple[int, int, bool, bool]
#: A punter's hand in play: (deck left unseen, calles can open, the calle to play or -1, the
#: calles not busted in opening order).
HandKey: TypeAlias = tuple[Deck, bool, int, tuple[Calle, ...]]


@dataclass(frozen=True)
class Move:
    """A punter's decision as the programme sees it. ``kind`` is ``"decline"``,
    ``"exchange"``, ``"bet"`` (``amount``), ``"stand"`` (``calle``), ``"draw"`` (``calle``,
    ``raise_by``), ``"open_calle"`` (``calle``, ``raise_by``, ``amount``: a figure opens a
    calle at that bet) or ``"muerta"`` (``raise_by``). ``calle`` counts the calles not busted,
    in opening order (:func:`cartes.analysis.sieteymedio_advice.advice` maps it to the
    driver's numbers). ``down`` is the face of a drawn card as in the driver's ``Draw``
    (the hidden card turned up, the new card face down): the programme ignores it (its bank
    does not look); a bank that looks does not (:mod:`~cartes.analysis.sieteymedio_bank`).

    >>> Move("draw", calle=0, raise_by=2)
    Move(kind='draw', calle=0, raise_by=2, amount=0, down=False)
    """

    kind: str
    calle: int = 0
    raise_by: int = 0
    amount: int = 0
    down: bool = False


def _without(deck: Deck, value: int) -> Deck:
    slot = _SLOT[value]
    return (*deck[:slot], deck[slot] - 1, *deck[slot + 1:])


def _deal(deck: Deck) -> Iterator[tuple[int, int, Deck]]:
    for value, count in zip(VALUES, deck, strict=True):
        if count:
            yield value, count, _without(deck, value)


def _bank_rule(bank: int | BankPolicy) -> Callable[[tuple[int, ...]], bool]:
    if isinstance(bank, bool) or not (isinstance(bank, int) or callable(bank)):
        raise OptionError(
            "bank must be a threshold in half-points (an int: the bank draws below it) or a "
            f"bank policy that ignores the punter (bank_draws_below(t)), got {bank!r}"
        )
    if isinstance(bank, int):
        policy = bank_draws_below(bank)
    else:
        if getattr(bank, "ignores_punter", False) is not True:
            raise OptionError(
                "this programme plays a bank that does not look at the punter's cards: pass a "
                "policy with ignores_punter = True (bank_draws_below(t)); a bank that looks "
                "is solved for the stand-or-draw core only (sieteymedio.best_bank_response)"
            )
        policy = bank

    def rule(cards: tuple[int, ...]) -> bool:
        choice = policy(cards, ())
        if not isinstance(choice, bool):
            raise OptionError(f"a bank policy returns True (draw) or False (stand), got {choice!r}")
        return choice

    return rule


# A threshold bank's draws, in closed form. It draws while its total is below the threshold
# (and 7½), so after any set of cards P it drew after, every order of P was possible: the
# chances of ending on P and a last card c are the orders of P times the ways to pick those
# cards from the deck, whatever the deck. One list of such P per threshold then values any
# deck in a few hundred products, where the recursion over orders visited ~80 states a deck.
_Path: TypeAlias = tuple[tuple[tuple[int, int], ...], int, int, int, tuple[tuple[int, int], ...]]


@cache
def _bank_paths(threshold: int) -> tuple[_Path, ...]:
    """Each set of cards P after which a bank drawing below ``threshold`` draws again:
    ((slot, count) of P's values, the orders of P, its size, its total, and each (slot, end
    total) of a last card after which the bank stops)."""

    def draws(size: int, total: int) -> bool:
        return size == 0 or (total < threshold and total < TARGET)

    paths: list[_Path] = []

    def extend(slot: int, counts: tuple[int, ...], size: int, total: int) -> None:
        if slot == len(VALUES):
            if not draws(size, total):  # the bank stood before its last card: not a P
                return
            orders = _FACTORIAL[size]
            for m in counts:
                orders //= _FACTORIAL[m]
            lasts = tuple((c, min(total + v, TARGET + 1)) for c, v in enumerate(VALUES)
                          if not draws(size + 1, total + v))
            items = tuple((i, m) for i, m in enumerate(counts) if m)
            paths.append((items, orders, size, total, lasts))
            return
        m = 0
        # a value may repeat while the bank still draws after the cards before it
        while m <= FULL_DECK[slot] and (m == 0 or draws(size + m - 1,
                                                        total + VALUES[slot] * (m - 1))):
            extend(slot + 1, (*counts, m), size + m, total + VALUES[slot] * m)
            m += 1

    extend(0, (), 0, 0)
    return tuple(paths)


def _bank_closed(deck: Deck, paths: tuple[_Path, ...]) -> dict[int, int]:
    """:meth:`HandSolver.bank_totals` of a fresh bank (no card yet) by :func:`_bank_paths`."""
    n = sum(deck)
    result: dict[int, int] = {}
    for items, orders, size, total, lasts in paths:
        if size >= n:
            if size == n:  # the bank would draw again but has drawn the whole deck: it stops
                ways = orders
                for slot, m in items:
                    ways *= perm(deck[slot], m)
                if ways:
                    end = min(total, TARGET + 1)
                    result[end] = result.get(end, 0) + ways
            continue
        ways = orders * _FACTORIAL[n - size - 1]
        for slot, m in items:
            ways *= perm(deck[slot], m)
            if not ways:
                break
        if not ways:
            continue
        held = dict(items)
        for c, end in lasts:
            left = deck[c] - held.get(c, 0)
            if left > 0:
                result[end] = result.get(end, 0) + ways * left
    return result


class HandSolver:
    """The exact programme for one punter against a bank policy that ignores him, with the
    stakes ``limits`` = (minimum, maximum) (``SieteYMedio(...).limits``), ``bank`` a threshold
    in half-points or a policy such as ``bank_draws_below(11)``, and the game's option
    ``bust_pays_double``. Results are memoised in the solver, up to ``max_states`` states
    (past that the memo starts again: the values stay exact, memory bounded): build one per
    set of rules (:func:`solver_for` keeps the last few).

    >>> solver = HandSolver(limits=(2, 4), bank=11, max_calles=1)
    >>> solver.value() == 2 * HandSolver(limits=(1, 2), bank=11, max_calles=1).value()
    True
    """

    def __init__(self, limits: tuple[int, int], bank: int | BankPolicy, *,
                 bust_pays_double: bool = False, max_calles: int = 2,
                 max_states: int = 500_000) -> None:
        if type(max_states) is not int or max_states < 1:
            raise OptionError(f"max_states must be a whole number of states, at least 1, got "
                              f"{max_states!r}")
        # a long run of advice meets new decks without end: past this many states the memo
        # starts again (about 1 kB a state), so memory stays bounded and the values exact
        self.max_states = max_states
        if type(max_calles) is not int or not 1 <= max_calles <= 12:
            raise OptionError(
                f"max_calles must be a whole number of calles, 1 to 12 (there are 12 figures), "
                f"got {max_calles!r}"
            )
        self.max_calles = max_calles
        if (not isinstance(limits, tuple) or len(limits) != 2
                or not all(type(x) is int for x in limits) or not 1 <= limits[0] <= limits[1]):
            raise OptionError(
                f"limits must be (minimum, maximum), whole chips with 1 <= minimum <= maximum, "
                f"got {limits!r}"
            )
        if not isinstance(bust_pays_double, bool):
            raise OptionError(f"bust_pays_double must be True or False, got {bust_pays_double!r}")
        self.limits = limits
        self.bank = bank
        self.bust_pays_double = bust_pays_double
        self._draws = _bank_rule(bank)
        self._paths = _bank_paths(bank) if type(bank) is int else None
        self._bank_memo: dict[tuple[Deck, tuple[int, ...]], dict[int, int]] = {}
        self._memo: dict[HandKey, int] = {}
        self._first_memo: dict[tuple[int, Deck], int] = {}
        # [muerta][first_seven][points][bank]: the driver's own table, so that the programme
        # and the game cannot disagree on a row of §3.5
        self._pay = [[[[settle_hand(p, 1, b, muerta=m, first_seven=f,
                                    bust_pays_double=bust_pays_double)[1]
                        for b in range(TARGET + 2)] for p in range(TARGET + 2)]
                      for f in (False, True)] for m in (False, True)]

    # -- the bank ---------------------------------------------------------------------------

    def bank_totals(self, deck: Deck, cards: tuple[int, ...] = ()) -> dict[int, int]:
        """The bank's final total (16: bust) from ``cards`` and ``deck``, each chance times
        ``n!`` (``n`` the cards in ``deck``).

        >>> solver = HandSolver((1, 3), 16)  # a bank drawing to 7½ or a bust
        >>> sorted(solver.bank_totals(FULL_DECK))
        [15, 16]
        """
        key = (deck, cards)
        found = self._bank_memo.get(key)
        if found is not None:
            return found
        # the closed form counts at most the 40-card deck's copies of a value: a deck of more
        # (never the programme's own) is enumerated
        if not cards and self._paths is not None and all(
                n <= full for n, full in zip(deck, FULL_DECK, strict=True)):
            result = _bank_closed(deck, self._paths)
        else:
            result = self._bank_from(deck, cards, {})
        if len(self._bank_memo) >= self.max_states:
            self._bank_memo.clear()
        self._bank_memo[key] = result
        return result

    def _bank_from(self, deck: Deck, cards: tuple[int, ...],
                   seen: dict[tuple[int, ...], dict[int, int]]) -> dict[int, int]:
        # ``seen`` holds one call's states by the cards drawn (they and the call's deck make
        # this deck): no other call meets them, so they stay out of the solver's memo, which
        # they used to fill (and empty) with entries of no further use
        found = seen.get(cards)
        if found is not None:
            return found
        total = sum(cards)
        left = sum(deck)
        result: dict[int, int]
        if total >= TARGET or not left or (cards and not self._draws(cards)):
            result = {min(total, TARGET + 1): _FACTORIAL[left]}
        else:
            result = {}
            for value, count, rest in _deal(deck):
                drawn = self._bank_from(rest, tuple(sorted((*cards, value))), seen)
                for end, q in drawn.items():
                    result[end] = result.get(end, 0) + count * q
        seen[cards] = result
        return result

    def _settle(self, deck: Deck, calles: tuple[Calle, ...], muerta: bool = False) -> int:
        """Every calle stood: what they win together, times ``n!``."""
        first = next((i for i, c in enumerate(calles) if c[0] == TARGET and not muerta), -1)
        pay = self._pay[muerta]
        value = 0
        for end, q in self.bank_totals(deck).items():
            value += q * sum(bet * pay[i == first][total][end]
                             for i, (total, bet, _, _) in enumerate(calles))
        return value

    # -- the punter -------------------------------------------------------------------------

    @staticmethod
    def key(deck: Deck, opening: bool, target: int, calles: tuple[Calle, ...]) -> HandKey:
        """The canonical state: while calles can open the target does not matter (0); after,
        it is the calle M-22 plays next (the named one if unfinished, else the leftmost)."""
        if opening:
            return deck, True, 0, calles
        if not 0 <= target < len(calles) or calles[target][3]:
            target = next((i for i, c in enumerate(calles) if not c[3]), -1)
        return deck, False, target, calles

    def playable(self, key: HandKey) -> list[int]:
        """The calles the punter may act on (M-22)."""
        _, opening, target, calles = key
        if opening:
            return [i for i, c in enumerate(calles) if not c[3]]
        return [] if target < 0 else [target]

    def _raises(self, bet: int, every: bool) -> list[int]:
        room = self.limits[1] - bet
        if room <= 0:
            return [0]
        return list(range(room + 1)) if every else [0, room]

    def _amounts(self, every: bool) -> list[int]:
        lo, hi = self.limits
        return list(range(lo, hi + 1)) if every else sorted({lo, hi})

    def moves(self, key: HandKey, every: bool = False) -> list[Move]:
        """The moves at ``key``; ``every``: every raise and bet, and a new calle even past
        ``max_calles`` (else the two ends, which is all an optimum needs, and calles up to
        ``max_calles``)."""
        deck, opening, _, calles = key
        can_draw = sum(deck) > 0
        result: list[Move] = []
        for i in self.playable(key):
            _, bet, single, _ = calles[i]
            if not single or bet == self.limits[0] or not can_draw:
                result.append(Move("stand", i))
            if can_draw:
                for r in self._raises(bet, every):
                    result.append(Move("draw", i, r))
                    if opening and (every or len(calles) < self.max_calles):
                        result.extend(Move("open_calle", i, r, a) for a in self._amounts(every))
        if (can_draw and len(calles) == 1 and calles[0][2] and calles[0][0] == 14
                and not calles[0][3]):
            result.extend(Move("muerta", 0, r) for r in self._raises(calles[0][1], every))
        return result

    def _after(self, key: HandKey, move: Move) -> int:
        """The value of ``move`` at ``key``, times ``n!``."""
        deck, opening, target, calles = key
        i = move.calle
        if move.kind == "stand":
            total, bet, single, _ = calles[i]
            stood = (*calles[:i], (total, bet, single, True), *calles[i + 1:])
            return self._value(self.key(deck, opening, target, stood))
        total, bet, single, _ = calles[i]
        bet += move.raise_by
        n = sum(deck)
        value = 0
        if move.kind == "muerta":
            for card, count, rest in _deal(deck):
                if total + card == TARGET:
                    value += count * self._settle(rest, ((TARGET, bet, False, True),), True)
                else:
                    value -= count * bet * _FACTORIAL[n - 1]  # found at settlement, row 1
            return value
        for card, count, rest in _deal(deck):
            if opening and card == FIGURE and move.kind == "open_calle":
                grown = (*calles[:i], (total, bet, single, False), *calles[i + 1:],
                         (FIGURE, move.amount, True, False))
                value += count * self._value(self.key(rest, True, i, grown))
                continue
            points = total + card
            still = opening and card == FIGURE
            if points > TARGET:  # the bet is lost at once; the other calles play on
                rest_calles = (*calles[:i], *calles[i + 1:])
                value += count * (self._value(self.key(rest, still, -1, rest_calles))
                                  - bet * _FACTORIAL[n - 1])
                continue
            after = (*calles[:i], (points, bet, False, points == TARGET), *calles[i + 1:])
            value += count * self._value(self.key(rest, still, i, after))
        return value

    def _value(self, key: HandKey) -> int:
        found = self._memo.get(key)
        if found is not None:
            return found
        deck, _, _, calles = key
        if all(c[3] for c in calles):
            value = self._settle(deck, calles) if calles else 0
        else:
            value = max(self._after(key, move) for move in self.moves(key))
        if len(self._memo) >= self.max_states:
            self._memo.clear()
        self._memo[key] = value
        return value

    def options(self, key: HandKey, every: bool = True) -> list[tuple[Move, Fraction]]:
        """Every move at ``key`` (with ``every``, every raise and bet amount) and its exact
        expected value in chips, the best play following.

        >>> solver = HandSolver((1, 3), 11)
        >>> deck = (12, 4, 4, 4, 4, 3, 4, 4)           # a 5 is out: the punter holds it
        >>> key = solver.key(deck, False, 0, ((10, 1, True, False),))
        >>> [m.kind for m, _ in solver.options(key, every=False)]
        ['stand', 'draw', 'draw']
        """
        scale = _FACTORIAL[sum(key[0])]
        return [(move, Fraction(self._after(key, move), scale))
                for move in self.moves(key, every)]

    def hand_value(self, key: HandKey) -> Fraction:
        """The exact expected value of the best play from ``key``, in chips."""
        return Fraction(self._value(key), _FACTORIAL[sum(key[0])])

    # -- the first card ---------------------------------------------------------------------

    def first_moves(self, card: int, deck: Deck, every: bool = True) -> list[Move]:
        """The moves on a first ``card`` (half-points) with ``deck`` unseen."""
        moves = []
        if card == 6:
            moves.append(Move("decline"))
        if card == 8 and sum(deck) > 0:
            moves.append(Move("exchange"))
        moves.extend(Move("bet", amount=a) for a in self._amounts(every))
        return moves

    def _first_after(self, card: int, deck: Deck, move: Move) -> int:
        if move.kind == "decline":
            return 0
        if move.kind == "exchange":  # the 4 stays out: it is set aside, then discarded
            return sum(count * self._first(value, rest) for value, count, rest in _deal(deck))
        calle = (card, move.amount, True, False)
        return self._value(self.key(deck, card == FIGURE, 0, (calle,)))

    def _first(self, card: int, deck: Deck) -> int:
        key = (card, deck)
        found = self._first_memo.get(key)
        if found is None:
            found = max(self._first_after(card, deck, m)
                        for m in self.first_moves(card, deck, every=False))
            self._first_memo[key] = found
        return found

    def first_options(self, card: int, deck: Deck | None = None,
                      every: bool = True) -> list[tuple[Move, Fraction]]:
        """Every move on a first ``card`` (half-points; ``deck``: the cards unseen, by default
        the 40 less that card) and its exact expected value in chips."""
        if deck is None:
            deck = _without(FULL_DECK, card)
        scale = _FACTORIAL[sum(deck)]
        return [(m, Fraction(self._first_after(card, deck, m), scale))
                for m in self.first_moves(card, deck, every)]

    def value(self) -> Fraction:
        """The punter's exact expected value of the hand before the deal, in chips, playing
        every decision best.

        >>> HandSolver((1, 1), 1, max_calles=1).value() > 0  # a bank standing on any card is a gift
        True
        """
        total = sum(count * self._first(card, rest) for card, count, rest in _deal(FULL_DECK))
        return Fraction(total, _FACTORIAL[40])

    def best_first(self, card: int) -> Move:
        """The best move on a fresh first ``card`` (half-points), fresh deck.

        >>> HandSolver((1, 3), 11).best_first(6).kind  # a first 3 is worth less than nothing
        'decline'
        """
        options = self.first_options(card, every=False)
        return max(options, key=lambda item: item[1])[0]


_SOLVERS: dict[tuple[tuple[int, int], int | BankPolicy, bool, int], HandSolver] = {}
_KEPT_SOLVERS: Final = 6


def solver_for(limits: tuple[int, int], bank: int | BankPolicy, *,
               bust_pays_double: bool = False, max_calles: int = 2) -> HandSolver:
    """A shared :class:`HandSolver` for these rules (its memo grows with use, so advice on
    many hands of one table reuses the work).

    >>> solver_for((1, 3), 11) is solver_for((1, 3), 11)
    True
    """
    key = (limits, bank, bust_pays_double, max_calles)
    if key not in _SOLVERS:
        if len(_SOLVERS) >= _KEPT_SOLVERS:  # the oldest goes: each memo may hold a gigabyte
            del _SOLVERS[next(iter(_SOLVERS))]
        _SOLVERS[key] = HandSolver(limits, bank, bust_pays_double=bust_pays_double,
                                   max_calles=max_calles)
    return _SOLVERS[key]


# best_punter_policy is imported for the doctest above: the full game is worth more than the
# stand-or-draw core at a bet of one
_ = best_punter_policy
