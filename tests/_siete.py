"""Helpers for the siete y medio tests: stacked decks written in deal order."""

from __future__ import annotations

from cartes import Deck, SpanishCard
from cartes.games import SieteYMedio
from cartes.spanish import spanish_deck_cards


def deck(text, fill=True):
    """A Spanish deck dealing ``text`` first; with ``fill`` the rest of the 40 cards follow in
    index order (so a scenario never runs the stock out by accident)."""
    top = list(Deck.stacked(text, kind=SpanishCard).cards)
    rest = [card for card in spanish_deck_cards(40) if card not in top] if fill else []
    return Deck.stacked(top + rest)


def start(text, players=3, bank=0, fill=True, sitting_out=(), **options):
    """A hand of ``SieteYMedio(players, **options)`` on a stacked deck, bank at ``bank``."""
    game = SieteYMedio(players=players, **options)
    return game.start(deck=deck(text, fill), button=bank, reshuffle_seed=7,
                      sitting_out=sitting_out)


def play(state, *actions):
    for action in actions:
        state.apply(action)
    return state


def events(state, kind):
    return [e for e in state.history if isinstance(e, kind)]
