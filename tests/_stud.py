"""Helpers for stud scenarios: build the stacked deck that deals the hands a test wants."""

from __future__ import annotations

from cartes import Card, Deck

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
