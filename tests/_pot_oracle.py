"""The pot oracle: every payout of a finished hand recomputed from its history alone, written
from SPEC revision 3 and not from the drivers (nothing here calls a driver's rules, pots or
settlement; hands are valued by the small evaluator below, written from the rankings).

- :func:`poker_payouts` (stud and calatone): what each seat put in (antes and actions, less
  what came back uncalled), the pots layered from those contributions (§1.8, §2.7: folded
  chips stay in, a folded seat is eligible for nothing, chips folded above every live level
  go to the last pot), each pot to the best claim among its eligible seats, and a split with
  the odd chips one each in the order of S-11 (stud: from the button's left, or the highest
  card by suit of the five that play) or C-14 (calatone: from the dealer's left).
- :func:`siete_payouts` (7½): each hand or calle followed card by card (deals, calles opened,
  4s exchanged, annulled deals, declines, muertas) and settled against the bank by the first
  row of §3.5 that matches, the privileged 7½ of M-28 and the bank passing of M-4 / M-38.

Both return what the history must then say: :class:`PokerPayouts` or :class:`SietePayouts`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from cartes.games import Fold
from cartes.games.calatone.events import Conceded, Declared
from cartes.games.chips import HandEnded, HandStarted
from cartes.games.dealing import CardDealt, Shown
from cartes.games.poker.events import (
    Acted,
    AntePosted,
    UncalledReturned,
)
from cartes.games.siete_y_medio.events import (
    Annulled,
    Busted,
    CalleOpened,
    Declined,
    Exchanged,
    MuertaPlayed,
    Staked,
)
from cartes.games.stud.events import Mucked

# ---------------------------------------------------------------------------------------------
# Hand values, from the rankings (§1.5, §1.9, §2.4, §2.8): a tuple, bigger is better.

_SUIT_ORDER = {"c": 0, "d": 1, "h": 2, "s": 3}  # ♣ < ♦ < ♥ < ♠ (S-3)
FIGURES = frozenset({11, 12, 13, 14})  # J Q K A (§1.2: the ace is a figure)


def rank_of(card) -> int:
    """2 to 14 (the ace); a French card's ``rank`` counts from 0 for the 2."""
    return int(card.rank) + 2


def suit_of(card) -> int:
    return _SUIT_ORDER[str(card)[-1]]


def groups(ranks: Sequence[int]) -> list[tuple[int, int]]:
    """(count, rank) pairs, the biggest groups first, then the higher ranks."""
    counts: dict[int, int] = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    return sorted(((n, r) for r, n in counts.items()), reverse=True)


def multiplicity_value(cards) -> tuple[int, ...]:
    """Up to four cards (or any board) by rank groups alone: quads, trips, two pair, pair,
    high card, then the group ranks and kickers (§1.5, §2.4, C-11)."""
    shape = groups([rank_of(c) for c in cards])
    counts = [n for n, _ in shape]
    category = (4 if counts[0] == 4 else 3 if counts[0] == 3
                else 2 if counts[:2] == [2, 2] else 1 if counts[0] == 2 else 0)
    return (category, *(r for _, r in shape))


def five_value(cards, *, calatone: bool, lowest_rank: int = 2) -> tuple[int, ...]:
    """Five cards under the standard ranking (§2.8) or calatone's ten categories (§1.9, with
    *cinco figuras*; the ace-low straight of a stripped deck is the ace and the four lowest
    ranks, C-13, C-18)."""
    assert len(cards) == 5
    ranks = sorted((rank_of(c) for c in cards), reverse=True)
    shape = groups(ranks)
    counts = [n for n, _ in shape]
    flush = len({suit_of(c) for c in cards}) == 1
    top = None
    if counts[0] == 1:
        if ranks[0] - ranks[4] == 4:
            top = ranks[0]
        elif set(ranks) == {14, *range(lowest_rank, lowest_rank + 4)}:
            top = lowest_rank + 3
    kickers = tuple(r for _, r in shape)
    # the categories of both rankings, high to low, by name
    if top is not None and flush:
        name, tie = "straight flush", (top,)
    elif counts[0] == 4:
        name, tie = "quads", kickers
    elif counts[:2] == [3, 2]:
        name, tie = "full", kickers
    elif flush:
        name, tie = "flush", tuple(ranks)
    elif top is not None:
        name, tie = "straight", (top,)
    elif counts[0] == 3:
        name, tie = "trips", kickers
    elif calatone and set(ranks) <= FIGURES:
        name, tie = "five figures", tuple(ranks)  # all five ranks, like a flush (C-12)
    elif counts[:2] == [2, 2]:
        name, tie = "two pair", kickers
    elif counts[0] == 2:
        name, tie = "pair", kickers
    else:
        name, tie = "high card", tuple(ranks)
    order = ["high card", "pair", "two pair", "five figures", "trips", "straight", "flush",
             "full", "quads", "straight flush"]
    return (order.index(name), *tie)


def best_of(cards, **ranking) -> tuple[tuple[int, ...], list[tuple]]:
    """The best value of any five of ``cards``, and every five that reaches it."""
    best, fives = None, []
    for five in combinations(cards, 5):
        value = five_value(five, **ranking)
        if best is None or value > best:
            best, fives = value, [five]
        elif value == best:
            fives.append(five)
    assert best is not None
    return best, fives


# ---------------------------------------------------------------------------------------------
# Pots of the poker games.


@dataclass(frozen=True)
class PokerPayouts:
    """What the history of a finished poker hand must say: ``awards[pot] = (amount, shares)``
    with the shares ``(seat, chips)`` in odd-chip order, and every seat's net."""

    awards: dict[int, tuple[int, tuple[tuple[int, int], ...]]]
    payoffs: tuple[int, ...]


def layered_pots(put: Sequence[int], live: set[int]) -> list[tuple[int, set[int]]]:
    """(amount, eligible) from the main pot up: each distinct live commitment closes a layer
    taking that much from everybody; chips folded above the last live level join the last
    layer; with nothing live in, one pot of whatever is there, contested by every live seat
    (C-26: an empty pot is still contested)."""
    levels = sorted({put[s] for s in live if put[s] > 0})
    layers: list[tuple[int, set[int]]] = []
    below = 0
    for level in levels:
        amount = sum(max(0, min(p, level) - below) for p in put)
        layers.append((amount, {s for s in live if put[s] >= level}))
        below = level
    above = sum(max(0, p - below) for p in put)
    if not layers:
        return [(above, set(live))]
    amount, eligible = layers[-1]
    layers[-1] = (amount + above, eligible)
    return layers


def split_in_order(amount: int, winners: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """An even split; the odd chips one each to the first winners of ``winners``."""
    share, odd = divmod(amount, len(winners))
    return tuple((seat, share + (i < odd)) for i, seat in enumerate(winners))


def poker_payouts(history, game) -> PokerPayouts:
    """Every pot of a finished stud or calatone hand, from its history alone."""
    calatone = game.name == "calatone"
    start = next(e for e in history if isinstance(e, HandStarted))
    n, button = len(start.stacks), start.button
    put = [0] * n
    folded: set[int] = set()
    community = [e.card for e in history if isinstance(e, CardDealt) and e.seat is None]
    values: dict[int, tuple[int, ...]] = {}
    top_card: dict[int, tuple[int, int]] = {}  # the highest card by suit of the five that play
    conceded: list[int] = []
    for event in history:
        if isinstance(event, AntePosted | Acted):
            put[event.seat] += event.amount
            if isinstance(event, Acted) and isinstance(event.action, Fold):
                folded.add(event.seat)
        elif isinstance(event, UncalledReturned):
            put[event.seat] -= event.amount
        elif isinstance(event, Shown):
            cards = [*event.cards, *community]
            if not calatone:
                values[event.seat], fives = best_of(cards, calatone=False)
                top_card[event.seat] = max((rank_of(c), suit_of(c))
                                           for five in fives for c in five)
            elif len(cards) < 5:  # a partial showdown on 2-4 cards (C-11)
                values[event.seat] = (0, *multiplicity_value(cards))
            else:
                values[event.seat] = (1, *five_value(cards, calatone=True,
                                                     lowest_rank=game.lowest_rank))
        elif isinstance(event, Declared):  # binding: the five declared, whatever else (C-10)
            values[event.seat] = (1, *five_value(event.five, calatone=True,
                                                 lowest_rank=game.lowest_rank))
        elif isinstance(event, Conceded):
            conceded.append(event.seat)
    live = {s for s in range(n) if s not in folded}
    layers = [(amount, set(eligible)) for amount, eligible in layered_pots(put, live)]
    for seat in conceded:  # C-26: he gives up every pot he still contests with someone
        for _, claimants in layers:
            if seat in claimants and len(claimants) > 1:
                claimants.discard(seat)
    mucked = {e.seat for e in history if isinstance(e, Mucked)}  # S-10: no claim
    from_left = [(button + 1 + i) % n for i in range(n)]
    if not calatone and layers == [(0, layers[0][1])]:
        layers = []  # stud: the bring-in came back uncalled, there is nothing to award
    awards = {}
    for number, (amount, eligible) in enumerate(layers):
        claimants = sorted(eligible - mucked, key=from_left.index)
        if len(claimants) > 1:
            best = max(values[s] for s in claimants)
            claimants = [s for s in claimants if values[s] == best]
        if not calatone and game.odd_chip_rule == "high_card_by_suit" and len(claimants) > 1:
            claimants.sort(key=top_card.__getitem__, reverse=True)
        awards[number] = (amount, split_in_order(amount, claimants))
    won = [0] * n
    for _, shares in awards.values():
        for seat, chips in shares:
            won[seat] += chips
    return PokerPayouts(awards, tuple(w - p for w, p in zip(won, put, strict=True)))


# ---------------------------------------------------------------------------------------------
# Siete y medio: §3.5 against the bank.


def half_points(card) -> int:
    """1 to 7 at face value, a figure (10, 11, 12) half a point (§3.1), in half-points."""
    rank = int(card.rank)
    return 2 * rank if rank <= 7 else 1


SEVEN_AND_HALF = 15


@dataclass(frozen=True)
class SietePayouts:
    """What the history of a finished 7½ hand must say: ``busts[(seat, calle)] = (total,
    collected)`` for the hands that passed 7½ in play; ``settled`` the settlement rows in
    showing order as ``(seat, calle, total, outcome, amount)``; the seat that ``takes`` the
    bank (or ``None``); the ``next_bank``; every seat's net."""

    busts: dict[tuple[int, int], tuple[int, int]]
    settled: list[tuple[int, int, int, str, int]]
    takes: int | None
    next_bank: int
    payoffs: tuple[int, ...]


def siete_payouts(history, game) -> SietePayouts:
    """Every settlement of a finished 7½ hand, from its history alone."""
    start = next(e for e in history if isinstance(e, HandStarted))
    bank, n = start.button, len(start.stacks)
    turn_order = [(bank - i) % n for i in range(1, n)]  # counter-clockwise, bank's right (M-5)
    hands: dict[tuple[int, int], list] = {}
    stakes: dict[tuple[int, int], int] = {}
    muertas: set[tuple[int, int]] = set()
    busts: dict[tuple[int, int], tuple[int, int]] = {}
    declined: set[int] = set()
    for event in history:
        if isinstance(event, Annulled):  # dealt again from all 40 cards (M-37)
            hands.clear()
        elif isinstance(event, CardDealt):
            hands.setdefault((event.seat, event.calle), []).append(event.card)
        elif isinstance(event, CalleOpened):  # the figure just drawn opens the new calle
            figure = hands[(event.seat, event.source)].pop()
            assert half_points(figure) == 1, figure
            hands[(event.seat, event.calle)] = [figure]
        elif isinstance(event, Exchanged):  # the 4 leaves; its replacement is the first card
            first = hands[(event.seat, 0)]
            assert int(event.card.rank) == 4
            assert event.card in first
            first.remove(event.card)
        elif isinstance(event, Declined):
            declined.add(event.seat)
        elif isinstance(event, Staked):
            key = (event.seat, event.calle)
            stakes[key] = stakes.get(key, 0) + event.amount
        elif isinstance(event, MuertaPlayed):
            muertas.add((event.seat, 0))
        elif isinstance(event, Busted):
            key = (event.seat, event.calle)
            total = sum(map(half_points, hands[key]))
            assert total > SEVEN_AND_HALF, (event, hands[key])
            busts[key] = (total, 0 if event.seat == bank else stakes[key])
    net = [0] * n
    for (seat, _), (_, collected) in busts.items():
        net[seat] -= collected
    live = [(seat, calle) for seat in turn_order if seat not in declined
            for calle in sorted(c for s, c in stakes if s == seat) if (seat, calle) not in busts]
    settled: list[tuple[int, int, int, str, int]] = []
    takes = None
    if live:  # else the bank does not play (M-40) and nothing is settled
        bank_total = sum(map(half_points, hands[(bank, 0)]))
        bank_bust = bank_total > SEVEN_AND_HALF
        sevens = [key for key in live if key not in muertas
                  and sum(map(half_points, hands[key])) == SEVEN_AND_HALF]
        privileged = sevens[0] if sevens else None  # M-28: first in turn, then calle order
        pays_privileged = bank_total < SEVEN_AND_HALF or (bank_bust and game.bust_pays_double)
        for key in live:
            total, bet = sum(map(half_points, hands[key])), stakes[key]
            if total > SEVEN_AND_HALF:  # row 1: a muerta's hidden card busts it
                row = ("bust", -bet)
            elif bank_total == SEVEN_AND_HALF:
                row = ("bank_seven_and_half", -bet)
            elif key in muertas and total == SEVEN_AND_HALF:
                row = ("muerta", 3 * bet)
            elif key == privileged and pays_privileged:
                row = ("privileged", 2 * bet)
                if game.bank_passes == "privileged":  # M-38: else the bank rotates anyway
                    takes = key[0]
            elif bank_bust or total > bank_total:
                row = ("win", bet)
            else:  # ties go to the bank (M-20)
                row = ("lose", -bet)
            settled.append((*key, total, *row))
            net[key[0]] += row[1]
    net[bank] = -sum(net[s] for s in range(n) if s != bank)
    if game.bank_passes == "every_hand":  # M-38: to the bank's right, whatever happened
        next_bank = (bank - 1) % n
    else:  # M-4: only the privileged 7½ takes the bank
        next_bank = bank if takes is None else takes
    return SietePayouts(busts, settled, takes, next_bank, tuple(net))


def final_payoffs(history) -> tuple[int, ...]:
    """The nets the history's last event states."""
    end = history[-1]
    assert isinstance(end, HandEnded), end
    return tuple(end.payoffs)
