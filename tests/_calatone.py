"""Helpers for calatone scenarios: stacked decks that deal the hands a test wants."""

from __future__ import annotations

from cartes import Card, Deck
from cartes.games import Calatone, CalatoneState, Expose


def calatone_deck(
    players: int,
    hands: dict[int, str],
    *,
    dealer: int = 0,
    folds: dict[int, int] | None = None,
    lowest_rank: int = 2,
) -> Deck:
    """A stacked deck giving each seat the cards of ``hands[seat]`` in deal order (two down,
    then the third to seventh cards face up).

    ``folds[seat] = street`` means the seat folds in the round played on that many cards, so
    it gets no card after. Cards not named are filled from the unused cards of the game's deck
    in index order.
    """
    folds = folds or {}
    wanted = {seat: [Card(c) for c in text.split()] for seat, text in hands.items()}
    used = {c for cs in wanted.values() for c in cs}
    base = Calatone(players=players, lowest_rank=lowest_rank).deck().cards
    spare = iter([c for c in base if c not in used])
    order = [(dealer + 1 + i) % players for i in range(players)]

    def card_for(seat: int, number: int) -> Card:
        cards = wanted.get(seat, [])
        return cards[number] if number < len(cards) else next(spare)

    pile: list[Card] = []
    for number in range(2):
        pile.extend(card_for(seat, number) for seat in order)
    for street in range(3, 8):
        pile.extend(card_for(s, street - 1) for s in order if folds.get(s, 99) >= street)
    pile.extend(spare)
    return Deck(pile)


def expose(state: CalatoneState, choices: dict[int, str]) -> None:
    """Every seat exposes its chosen card (by default its first), in turn."""
    while state.phase == "expose":
        seat = state.to_act
        assert seat is not None
        state.apply(Expose(choices.get(seat, state.cards[seat][0])))


def act(state: CalatoneState, *actions) -> None:
    for action in actions:
        state.apply(action)
