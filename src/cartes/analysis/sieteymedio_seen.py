"""What a 7½ punter has seen, in the exact programme's terms: the cards still unseen and the
programme's key for the hand he is playing. Both :mod:`~cartes.analysis.sieteymedio_advice`
and :mod:`~cartes.analysis.sieteymedio_bank` read an observation through these, so they sit
below both.

>>> from cartes.games import get
>>> state = get("siete-y-medio", players=2).start(seed=31, button=0)
>>> deck, clean = unseen_deck(state.observation(1))
>>> sum(deck), clean                  # 40 cards less the punter's first 7
(39, True)
"""

from __future__ import annotations

from typing import Final

from cartes.analysis.sieteymedio import FULL_DECK, VALUES
from cartes.analysis.sieteymedio_play import Calle, HandKey, HandSolver
from cartes.games.contract import Observation
from cartes.games.dealing import Reshuffled
from cartes.games.siete_y_medio.actions import Draw, OpenCalle, Stand
from cartes.games.siete_y_medio.events import Annulled, Busted, Declined, Exchanged
from cartes.spanish import SpanishCard

__all__ = ["hand_key", "unseen_deck"]

_SLOT: Final = {value: i for i, value in enumerate(VALUES)}


def unseen_deck(obs: Observation) -> tuple[tuple[int, ...], bool]:
    """The deck of cards the seat has not seen (counts per value) and whether no reshuffle
    made the discards a stock again (after one, the cards shown before it may be back).

    >>> from cartes.games import get
    >>> deck, clean = unseen_deck(get("siete-y-medio", players=2).start(seed=31).observation(1))
    >>> len(deck) == len(VALUES), clean
    (True, True)
    """
    seen: list[SpanishCard] = []
    for hand in obs.cards:
        seen.extend(card for card in hand if isinstance(card, SpanishCard))
    start = 0
    for i, event in enumerate(obs.history):
        if isinstance(event, Annulled | Reshuffled):
            start = i + 1
    clean = not any(isinstance(e, Reshuffled) for e in obs.history)
    for event in obs.history[start:]:
        if isinstance(event, Busted):
            seen.extend(event.cards)
        elif isinstance(event, Exchanged | Declined):
            seen.append(event.card)
    deck = list(FULL_DECK)
    for card in set(seen):
        deck[_SLOT[card.half_points]] -= 1
    return tuple(deck), clean


def hand_key(obs: Observation, solver: HandSolver,
             deck: tuple[int, ...] | None = None) -> tuple[HandKey, list[int], tuple[bool, ...]]:
    """The programme's state for the punter to act in ``obs`` (his own observation, phase
    "play"), the driver's number of each calle in it, and whether each holds a hidden card;
    ``deck``: the cards he has not seen (by default read from ``obs``).

    >>> from cartes.games import get
    >>> from cartes.analysis.sieteymedio_play import solver_for
    >>> from cartes.games.chips import Bet
    >>> state = get("siete-y-medio", players=2).start(seed=31, button=0)
    >>> state.apply(Bet(1))                               # on a first 7
    Staked(seat=1, calle=0, amount=1, total=1)
    >>> key, index, hidden = hand_key(state.observation(1), solver_for((1, 3), 11))
    >>> key[1:], index, hidden
    ((False, 0, ((14, 1, True, False),)), [0], (True,))
    """
    seat = obs.seat
    assert seat is not None
    if deck is None:
        deck = unseen_deck(obs)[0]
    calles: list[Calle] = []
    index: list[int] = []
    hidden: list[bool] = []
    every_card: list[SpanishCard] = []
    for i, (cards, up, bet, status) in enumerate(obs.extra["calles"][seat]):
        if status == "bust":
            continue
        known = [c for c in cards if c is not None]
        every_card.extend(known)
        points = sum(c.half_points for c in known)
        calles.append((points, bet, len(cards) == 1, status != "open"))
        index.append(i)
        hidden.append(not all(up))
    opening = all(c.is_figure for c in every_card)
    legal = obs.legal_actions
    named = {getattr(a, "calle", 0) for a in legal if isinstance(a, Stand | Draw | OpenCalle)}
    target = index.index(min(named)) if named and not opening else 0
    return solver.key(deck, opening, target, tuple(calles)), index, tuple(hidden)
