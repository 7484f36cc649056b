"""Siete y medio: exact odds of the next card, and optimal play by dynamic programming.

Everything is in half-points (SPEC §3.1): a figure (sota, caballo, rey) is 1, a card 1..7 is
twice its face value, the target is 15 (7½). Probabilities are exact :class:`~fractions.Fraction`.

The game solved here is SPEC §3 reduced to its core, **one punter against the bank**, a bet of
one, from a fresh 40-card deck (M-16):

* the punter's first card is face down and every later card face up (he never turns the hidden
  card up, M-8); he may stand on any number of cards (his bet is the minimum, M-25);
* the bank sees the punter's face-up cards (M-18), not the hidden one, and draws by free
  choice (M-17) once the punter has stood; reaching 7½ stands at once (M-10);
* settlement is §3.5 of SPEC revision 3, computed by the game driver's own
  :func:`~cartes.games.siete_y_medio.rules.settle_hand`: a bust loses even if the bank busts;
  the bank's 7½ wins everything; the punter's 7½ is the privileged one (he is the only
  punter) and is paid double when the bank stands below 7½; a bank bust pays the punter's bet
  once, a 7½ included (seed d.3, M-15); otherwise the higher total wins and ties go to the bank
  (M-20). ``bust_pays_double=True`` (the game's option of that name) pays the 7½ double on a
  bank bust too, as revision 2 did.

Left out of this first version, and so not in the numbers: *calles* (§3.4), *muerta* (M-14),
exchanging a 4 or declining on a 3 (M-11, M-12), raises (M-24), turning the hidden card up,
and the bank passing to the 7½ (which changes later hands, not this one's value).

A punter policy is ``policy(first, later) -> bool`` (True: draw), given the hidden first card
and the sorted face-up cards, in half-points. A bank policy is ``policy(bank, visible) ->
bool``, given the bank's sorted cards and the punter's sorted face-up cards; one with the
attribute ``ignores_punter = True`` promises not to look at ``visible``, which lets the
recursion share its work (:func:`bank_draws_below` does).

>>> from fractions import Fraction
>>> odds = next_card_odds("5o 2c")  # 7: only a figure does not bust, and it makes 7½
>>> odds.bust, odds.seven_and_half
(Fraction(13, 19), Fraction(6, 19))
>>> solution = best_punter_policy(bank_draws_below(10))
>>> solution.value > expected_value(punter_draws_below(10), bank_draws_below(10))
True
>>> best_punter_policy(bank_draws_below(10), bust_pays_double=True).value > solution.value
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Final, Protocol, TypeAlias

from cartes.errors import DeckError, DuplicateCardError, IllegalActionError, OptionError
from cartes.games.chips import Bet
from cartes.games.contract import Action, Observation
from cartes.games.siete_y_medio.actions import Draw, Keep, Stand
from cartes.games.siete_y_medio.rules import settle_hand
from cartes.spanish import SpanishCard, SpanishCardLike

__all__ = [
    "TARGET",
    "BankPolicy",
    "DrawOdds",
    "PolicyAgent",
    "PunterPolicy",
    "Solution",
    "bank_draws_below",
    "best_bank_response",
    "best_punter_policy",
    "expected_value",
    "next_card_odds",
    "punter_draws_below",
]

#: 7½ in half-points.
TARGET: Final = 15
#: The card values in half-points and how many of each a 40-card deck holds.
VALUES: Final = (1, 2, 4, 6, 8, 10, 12, 14)
FULL_DECK: Final[tuple[int, ...]] = (12, 4, 4, 4, 4, 4, 4, 4)
_SLOT: Final = {value: i for i, value in enumerate(VALUES)}

#: A punter's policy: ``policy(first, later)`` (his first card and his later cards, in
#: half-points) is True to draw another card.
PunterPolicy: TypeAlias = Callable[[int, tuple[int, ...]], bool]
#: The bank's policy: ``policy(bank, visible)`` (its cards and the punter's face-up cards, in
#: half-points) is True to draw another card.
BankPolicy: TypeAlias = Callable[[tuple[int, ...], tuple[int, ...]], bool]
Deck: TypeAlias = tuple[int, ...]


def _cards(cards: str | Iterable[SpanishCardLike]) -> list[SpanishCard]:
    items = cards.replace(",", " ").split() if isinstance(cards, str) else list(cards)
    parsed = [SpanishCard(item) for item in items]
    for card in parsed:
        if card.rank in (8, 9):
            raise DeckError(f"{card} is not in the 40-card deck of siete y medio (no 8s or 9s)")
    if len(set(parsed)) != len(parsed):
        first = next(c for c in parsed if parsed.count(c) > 1)
        raise DuplicateCardError(f"duplicate card {first}: each card may appear only once")
    return parsed


def _without(deck: Deck, value: int) -> Deck:
    slot = _SLOT[value]
    return (*deck[:slot], deck[slot] - 1, *deck[slot + 1:])


@dataclass(frozen=True)
class DrawOdds:
    """What the next card does to a hand: the chance to bust, to make exactly 7½, and of
    each total (in points) it can reach without busting.

    >>> odds = next_card_odds("7e")
    >>> odds.totals[Fraction(15, 2)] == odds.seven_and_half == Fraction(12, 39)
    True
    """

    total: Fraction
    cards_left: int
    bust: Fraction
    seven_and_half: Fraction
    totals: dict[Fraction, Fraction] = field(default_factory=dict)


def next_card_odds(
    hand: str | Iterable[SpanishCardLike], seen: str | Iterable[SpanishCardLike] = ()
) -> DrawOdds:
    """The exact odds of the next card for ``hand``, drawn from the 40-card deck less the
    hand and the ``seen`` cards (other players' face-up cards, discards).

    >>> next_card_odds("7o", seen="10c 11c 12c").bust
    Fraction(3, 4)
    """
    own = _cards(hand)
    others = _cards(seen)
    both = own + others
    if len(set(both)) != len(both):
        first = next(c for c in own if c in others)
        raise DuplicateCardError(f"card {first} is both in the hand and among the seen cards")
    deck = FULL_DECK
    for card in both:
        deck = _without(deck, card.half_points)
    left = sum(deck)
    if left == 0:
        raise DeckError("no card is left to draw: the hand and the seen cards use all 40")
    total = sum(card.half_points for card in own)
    reach: dict[Fraction, Fraction] = {}
    bust = Fraction(0)
    for value, count in zip(VALUES, deck, strict=True):
        if not count:
            continue
        p = Fraction(count, left)
        if total + value > TARGET:
            bust += p
        else:
            points = Fraction(total + value, 2)
            reach[points] = reach.get(points, Fraction(0)) + p
    return DrawOdds(
        total=Fraction(total, 2),
        cards_left=left,
        bust=bust,
        seven_and_half=reach.get(Fraction(TARGET, 2), Fraction(0)),
        totals=dict(sorted(reach.items())),
    )


def punter_draws_below(total: int) -> PunterPolicy:
    """The punter's rule "draw while my total is below ``total`` half-points".

    >>> punter_draws_below(10)(4, (2,)), punter_draws_below(10)(4, (6,))
    (True, False)
    """

    def policy(first: int, later: tuple[int, ...]) -> bool:
        return first + sum(later) < total

    policy.__qualname__ = f"punter_draws_below({total})"
    return policy


def bank_draws_below(total: int) -> BankPolicy:
    """The bank's rule "draw while my total is below ``total`` half-points", whatever the
    punter shows.

    >>> bank_draws_below(11)((4, 6), (2,))
    True
    """

    def policy(bank: tuple[int, ...], visible: tuple[int, ...]) -> bool:
        return sum(bank) < total

    policy.__qualname__ = f"bank_draws_below({total})"
    policy.ignores_punter = True  # type: ignore[attr-defined]
    return policy


@cache
def _payoffs(bust_pays_double: bool) -> tuple[tuple[int, ...], ...]:
    """The punter's result per unit bet when both have stood, ``[punter][bank]`` for totals
    up to 15 and the bank's up to 16 (16: bust): the driver's settlement (§3.5), so that the
    model and the game cannot disagree on a row."""
    return tuple(
        tuple(settle_hand(punter, 1, bank, bust_pays_double=bust_pays_double)[1]
              for bank in range(TARGET + 2))
        for punter in range(TARGET + 1)
    )


def _bust_option(value: object) -> bool:
    if not isinstance(value, bool):
        raise OptionError(f"bust_pays_double must be True or False, got {value!r}")
    return value


def _add(cards: tuple[int, ...], value: int) -> tuple[int, ...]:
    return tuple(sorted((*cards, value)))


# Exact arithmetic without fractions: a value at a state whose deck holds n cards is kept as
# an integer, the expected value times n!. A draw then needs no division (the chance of a
# card is count / n, and n * (n - 1)! = n!), and comparing the two choices at one state
# compares integers. Fractions (normalising every sum with a gcd) were 5 to 10 times slower.
_FACTORIAL: Final = [1]
for _n in range(1, 41):
    _FACTORIAL.append(_FACTORIAL[-1] * _n)


def _check_choice(choice: object, who: str) -> bool:
    if not isinstance(choice, bool):
        raise OptionError(f"a {who} policy returns True (draw) or False (stand), got {choice!r}")
    return choice


class _Game:
    """The bank's side of the recursion, memoised for one bank policy."""

    def __init__(self, bank_policy: BankPolicy, bust_pays_double: bool) -> None:
        self.bank_policy = bank_policy
        self.payoffs = _payoffs(bust_pays_double)
        self._bank = cache(self._bank_totals)
        # A policy that says it ignores the punter's cards shares one bank recursion among
        # all of them (the answer is the same).
        self.blind = getattr(bank_policy, "ignores_punter", False) is True

    def _bank_totals(
        self, deck: Deck, bank: tuple[int, ...], visible: tuple[int, ...]
    ) -> dict[int, int]:
        """The bank's final total (16: bust) from ``bank``, each chance times n!."""
        total = sum(bank)
        left = sum(deck)
        if total >= TARGET or (bank and not _check_choice(self.bank_policy(bank, visible), "bank")):
            return {min(total, TARGET + 1): _FACTORIAL[left]}
        result: dict[int, int] = {}
        for value, count in zip(VALUES, deck, strict=True):
            if count:
                for end, q in self._bank(_without(deck, value), _add(bank, value), visible).items():
                    result[end] = result.get(end, 0) + count * q
        return result

    def stand_value(self, deck: Deck, first: int, later: tuple[int, ...]) -> int:
        """The punter's value standing on ``first`` and ``later``, times n!."""
        row = self.payoffs[first + sum(later)]
        shown = () if self.blind else later
        return sum(q * row[end] for end, q in self._bank(deck, (), shown).items())


def _deal(deck: Deck) -> Iterable[tuple[int, int, Deck]]:
    for value, count in zip(VALUES, deck, strict=True):
        if count:
            yield value, count, _without(deck, value)


def _punter_values(
    game: _Game, punter_policy: PunterPolicy | None
) -> tuple[Fraction, dict[tuple[int, tuple[int, ...]], bool]]:
    """The punter's expected value, following ``punter_policy`` (None: the best choice at
    every state), and the choice made at each state reached."""
    choices: dict[tuple[int, tuple[int, ...]], bool] = {}

    @cache
    def value(deck: Deck, first: int, later: tuple[int, ...]) -> int:
        total = first + sum(later)
        if total > TARGET:
            return -_FACTORIAL[sum(deck)]
        stand = game.stand_value(deck, first, later)
        if total == TARGET:
            return stand
        if punter_policy is not None and not _check_choice(punter_policy(first, later), "punter"):
            choices[first, later] = False
            return stand
        drawn = sum(count * value(rest, first, _add(later, v)) for v, count, rest in _deal(deck))
        draw = punter_policy is not None or drawn > stand
        choices[first, later] = draw
        return drawn if draw else stand

    total = sum(count * value(rest, v, ()) for v, count, rest in _deal(FULL_DECK))
    return Fraction(total, _FACTORIAL[40]), choices


@dataclass(frozen=True)
class Solution:
    """A policy and the punter's exact expected value (per unit bet) when it is played.

    ``decisions`` maps each state the recursion met to its choice (True: draw); calling the
    solution looks a state up, so it can be passed wherever a policy is expected (a state it
    never met is a stand).

    >>> s = best_punter_policy(bank_draws_below(12))
    >>> s(14, ()), s(4, (1,))  # stand on 7; draw on 2½ (a 5 makes 7½)
    (False, True)
    """

    value: Fraction
    decisions: dict[tuple[int, tuple[int, ...]] | tuple[tuple[int, ...], tuple[int, ...]], bool]

    def __call__(self, a: int | tuple[int, ...], b: tuple[int, ...]) -> bool:
        return self.decisions.get((a, b), False)  # type: ignore[arg-type]

    def draw_totals(self) -> dict[int, tuple[int, int]]:
        """For each own total (half-points, counting the hidden card): in how many of the
        states met with that total the policy draws, and how many there are.

        >>> best_punter_policy(bank_draws_below(12)).draw_totals()[5]
        (7, 7)
        """
        result: dict[int, tuple[int, int]] = {}
        for (a, b), draw in self.decisions.items():
            total = (a if isinstance(a, int) else sum(a)) + (0 if isinstance(a, tuple) else sum(b))
            drawn, seen = result.get(total, (0, 0))
            result[total] = (drawn + draw, seen + 1)
        return dict(sorted(result.items()))


def expected_value(punter_policy: PunterPolicy, bank_policy: BankPolicy, *,
                   bust_pays_double: bool = False) -> Fraction:
    """The punter's exact expected result per unit bet when both sides follow their policies
    (``bust_pays_double``: the game's option, M-15).

    >>> expected_value(punter_draws_below(1), bank_draws_below(1))  # both stand on one card
    Fraction(-9, 65)
    >>> expected_value(punter_draws_below(1), bank_draws_below(1), bust_pays_double="no")
    Traceback (most recent call last):
    ...
    cartes.errors.OptionError: bust_pays_double must be True or False, got 'no'
    """
    game = _Game(bank_policy, _bust_option(bust_pays_double))
    value, _ = _punter_values(game, punter_policy)
    return value


def best_punter_policy(bank_policy: BankPolicy, *, bust_pays_double: bool = False) -> Solution:
    """The punter's optimal policy against ``bank_policy`` and its exact expected value, by
    dynamic programming over the cards left in the deck (``bust_pays_double``: the game's
    option, M-15).

    >>> s = best_punter_policy(bank_draws_below(11))
    >>> s.value == expected_value(s, bank_draws_below(11))
    True
    """
    game = _Game(bank_policy, _bust_option(bust_pays_double))
    value, choices = _punter_values(game, None)
    return Solution(value, dict(choices))  # type: ignore[arg-type]


def best_bank_response(punter_policy: PunterPolicy, *,
                       bust_pays_double: bool = False) -> Solution:
    """The bank's best response to ``punter_policy`` (a policy of the bank's cards and the
    punter's face-up cards) and the punter's exact expected value against it (the bank's is
    its negative); ``bust_pays_double`` is the game's option (M-15).

    The bank does not see the hidden card: at each of its decisions it weighs every hidden card
    the punter may hold by the chance that the punter holds it and has stood with the cards
    shown, then draws if drawing is worth more on average.

    >>> bank = best_bank_response(punter_draws_below(11))
    >>> bank.value == expected_value(punter_draws_below(11), bank)
    True
    >>> bank.value <= expected_value(punter_draws_below(11), bank_draws_below(11))
    True
    """
    payoffs = _payoffs(_bust_option(bust_pays_double))
    # Where the punter stands, by face-up cards and hidden card, with the chance of getting
    # there summed over every order of the face-up cards; chances are kept times 40!.
    reach: dict[tuple[int, ...], dict[int, int]] = {}
    bust = 0
    frontier: dict[tuple[int, tuple[int, ...]], tuple[int, Deck]] = {}
    for value, count, rest in _deal(FULL_DECK):
        frontier[value, ()] = (count * _FACTORIAL[39], rest)
    while frontier:
        following: dict[tuple[int, tuple[int, ...]], tuple[int, Deck]] = {}
        for (first, later), (weight, deck) in frontier.items():
            total = first + sum(later)
            if total > TARGET:
                bust += weight
                continue
            if total < TARGET and _check_choice(punter_policy(first, later), "punter"):
                share = weight // sum(deck)
                for value, count, rest in _deal(deck):
                    key = (first, _add(later, value))
                    following[key] = (following.get(key, (0, rest))[0] + share * count, rest)
                continue
            by_first = reach.setdefault(later, {})
            by_first[first] = by_first.get(first, 0) + weight
        frontier = following
    decisions: dict[tuple[tuple[int, ...], tuple[int, ...]], bool] = {}
    # Every order of the same bank cards has the same weights (cards drawn without
    # replacement are exchangeable), hence the same value: one entry per set of cards.
    memo: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}

    def bank_value(
        bank: tuple[int, ...], visible: tuple[int, ...], weights: dict[int, tuple[int, Deck]]
    ) -> int:
        """The bank's value over the hidden cards, weighted (times 40!), from ``bank``."""
        if (bank, visible) not in memo:
            memo[bank, visible] = _bank_value(bank, visible, weights)
        return memo[bank, visible]

    def _bank_value(
        bank: tuple[int, ...], visible: tuple[int, ...], weights: dict[int, tuple[int, Deck]]
    ) -> int:
        total = sum(bank)
        shown = sum(visible)
        column = min(total, TARGET + 1)
        stand = sum(-w * payoffs[first + shown][column] for first, (w, _) in weights.items())
        if total >= TARGET:  # a bust is settled by the table too (row 5, or 4 with the option)
            return stand
        draw = 0
        for value in VALUES:
            after: dict[int, tuple[int, Deck]] = {}
            for first, (w, deck) in weights.items():
                count = deck[_SLOT[value]]
                if count:
                    after[first] = (w // sum(deck) * count, _without(deck, value))
            if after:
                draw += bank_value(_add(bank, value), visible, after)
        if not bank:
            return draw  # the bank's first card is dealt, not chosen
        choice = draw > stand
        decisions[bank, visible] = choice
        return draw if choice else stand

    bank_total = 0
    for visible, by_first in reach.items():
        weights = {}
        for first, weight in by_first.items():
            deck = _without(FULL_DECK, first)
            for value in visible:
                deck = _without(deck, value)
            weights[first] = (weight, deck)
        bank_total += bank_value((), visible, weights)
    punter_value = Fraction(-(bank_total + bust), _FACTORIAL[40])
    return Solution(punter_value, dict(decisions))  # type: ignore[arg-type]


class _View(Protocol):
    """What :class:`PolicyAgent` reads of its turn (a :class:`cartes.play.SeatView`)."""

    seat: int
    legal_actions: tuple[Action, ...]

    def observation(self) -> Observation: ...


class PolicyAgent:
    """An agent that plays a punter policy and a bank policy of this module in the game
    driver (``get("siete-y-medio", players=2)``), exactly as the dynamic programme models
    the hand, so that simulated results can be set against :func:`expected_value`.

    As the bank it keeps its first card at the validity declaration (no exchange, no annul)
    and then draws while ``bank_policy(bank, visible)`` says so, ``visible`` being the
    punter's face-up cards. As a punter it never declines, exchanges, opens a calle or plays
    the muerta: it bets the minimum and draws face up, keeping its first card hidden, while
    ``punter_policy(first, later)`` says so. A seat plays the role the hand gives it, so one
    agent may sit in both seats. It is meant for one punter against the bank, the hand the
    programme solves (with more punters, the bank's ``visible`` holds all their face-up
    cards).

    >>> from cartes.games import get
    >>> from cartes.play import play_hand
    >>> agent = PolicyAgent(punter_draws_below(10), bank_draws_below(11))
    >>> state = play_hand(get("siete-y-medio", players=2), [agent, agent], seed=3)
    >>> state.is_terminal, state.payoffs[0] == -state.payoffs[1]
    (True, True)
    """

    def __init__(self, punter_policy: PunterPolicy, bank_policy: BankPolicy) -> None:
        if not callable(punter_policy) or not callable(bank_policy):
            raise OptionError(
                "PolicyAgent takes two policies, functions of the cards in half-points: "
                f"punter_policy(first, later) and bank_policy(bank, visible), got "
                f"{punter_policy!r} and {bank_policy!r}"
            )
        self.punter_policy = punter_policy
        self.bank_policy = bank_policy

    def __repr__(self) -> str:
        return f"PolicyAgent({self.punter_policy!r}, {self.bank_policy!r})"

    def act(self, view: _View) -> Action:
        """The policy's choice for ``view``'s seat: ``Keep()``, ``Bet(minimum)``,
        ``Draw()`` (face up) or ``Stand()``."""
        legal = view.legal_actions
        if Keep() in legal:
            return Keep()
        for offer in legal:
            if isinstance(offer, Bet):
                return Bet(offer.amount)
        obs = view.observation()
        calles = obs.extra["calles"]
        bank_seat = obs.extra["bank"]
        if view.seat == bank_seat:
            own = tuple(sorted(card.half_points for card in calles[bank_seat][0][0]))
            punters = [calles[s] for s in range(len(calles)) if s != bank_seat and calles[s]]
            visible = tuple(sorted(card.half_points for calle in punters for card in calle[0][0]
                                   if card is not None))
            draw = _check_choice(self.bank_policy(own, visible), "bank")
        else:
            cards = calles[view.seat][0][0]
            first = cards[0].half_points
            later = tuple(sorted(card.half_points for card in cards[1:]))
            draw = _check_choice(self.punter_policy(first, later), "punter")
        choice: Action = Draw() if draw else Stand()
        if not any(offer.allows(choice) for offer in legal):
            raise IllegalActionError(
                f"{self!r} chose {choice!r}, not among {legal}: the policies play one punter "
                "without calles against the bank, in a hand with cards left to draw"
            )
        return choice
