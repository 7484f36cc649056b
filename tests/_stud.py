"""Helpers for stud tests: the stacked deck that deals the hands a test wants, and the random
games, stacks and agent of the random-play checks (shared with the round trips)."""

from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from cartes import Card, Deck
from cartes.games import Fold, Muck, SevenCardStud

STREETS = (4, 5, 6, 7)


def stud_deck(
    players: int,
    hands: dict[int, str],
    *,
    button: int = 0,
    folds: dict[int, int] | None = None,
    burns: str = "",
    size: int = 52,
) -> Deck:
    """A stacked deck giving each seat the cards of ``hands[seat]`` in deal order
    (down, down, up, up, up, up, down).

    ``folds[seat] = street`` means the seat folds on that street, so it gets no cards after.
    Cards not named (other seats, burns unless ``burns`` names them) are filled from the
    unused cards in index order. ``size`` cuts the deck short to test running out (§2.5).
    """
    folds = folds or {}
    wanted = {seat: [Card(c) for c in text.split()] for seat, text in hands.items()}
    burn_cards = [Card(c) for c in burns.split()]
    used = {c for cs in wanted.values() for c in cs} | set(burn_cards)
    spare = iter([c for c in Deck.french().cards if c not in used])
    order = [(button + 1 + i) % players for i in range(players)]

    def card_for(seat: int, number: int) -> Card:
        cards = wanted.get(seat, [])
        return cards[number] if number < len(cards) else next(spare)

    pile: list[Card] = []
    for number in range(3):
        pile.extend(card_for(seat, number) for seat in order)
    burn_iter = iter(burn_cards)
    for number, street in enumerate(STREETS, start=3):
        if len(pile) >= size:
            break
        pile.append(next(burn_iter, None) or next(spare))
        pile.extend(card_for(s, number) for s in order if folds.get(s, 99) >= street)
    pile.extend(spare)
    return Deck(pile[:size])


def games():
    return st.builds(
        SevenCardStud,
        players=st.integers(2, 8),
        ante=st.integers(0, 3),
        bring_in=st.sampled_from([1, 2, 5]),
        small_bet=st.just(5),
        big_bet=st.sampled_from([5, 10]),
        max_raises=st.sampled_from([3, 4, None]),
        open_pair_big_bet=st.booleans(),
        half_bet_rule=st.booleans(),
        odd_chip_rule=st.sampled_from(["position", "high_card_by_suit"]),
    )


class StubbornAgent:
    """Random, but never folds or mucks when anything else is legal: reaches the river, the
    showdown, the reshuffle and the community card far more often than RandomAgent."""

    def __init__(self, rng):
        self.rng = rng

    def act(self, view):
        keep = [a for a in view.legal_actions if a not in (Fold(), Muck())]
        return keep[int(self.rng.integers(len(keep)))].choose(self.rng)


def random_stacks(game, rng):
    # small stacks make all-ins, side pots and short bring-ins common
    return [int(rng.integers(1, 60)) for _ in range(game.players)]


def play_random(game, seed, stacks):
    """One hand of ``game`` from ``seed`` by random agents, two in five plain random and the
    rest stubborn, with the button drawn from the seed too (the hands the PHH and PokerKit
    cross-checks compare)."""
    from cartes.play import RandomAgent, SeatView

    rng = np.random.default_rng(seed)
    agents = [RandomAgent(rng) if rng.random() < 0.4 else StubbornAgent(rng)
              for _ in range(game.players)]
    state = game.start(seed, stacks=stacks, button=int(rng.integers(game.players)))
    while not state.is_terminal:
        state.apply(agents[state.to_act].act(SeatView(state, state.to_act)))
    return state
