"""Helpers for the siete y medio tests: stacked decks written in deal order, and the game's
own invariants that the random-play harness (``test_random_play``) checks at every step."""

from __future__ import annotations

from collections import Counter

from hypothesis import strategies as st

from cartes import Deck, SpanishCard
from cartes.games import Draw, OpenCalle, SieteYMedio
from cartes.games.dealing import CardDealt
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


def check_card_places(state):
    """Every card of the deck is in exactly one place: the stock, the discards, set aside, or
    a hand or calle still live (a busted one's cards are discarded)."""
    places = list(state.deck.cards) + list(state.discards) + list(state.aside)
    hands = [c for p in state.order for c in state.punters[p].calles]
    if state.bank_hand is not None:
        hands.append(state.bank_hand)
    for calle in hands:
        if calle.status != "bust":
            places.extend(calle.cards)
    assert Counter(places) == Counter(state.initial_deck)


def check_siete_state(state):
    """7½'s own invariants at any step: the money between the bank and the punters adds up,
    a hand or calle holds one face-down card at most (M-8, M-23), a calle with none is
    offered only a face-down card (M-23), and only a no-voter chooses, before the deal
    (M-31)."""
    assert sum(state.net) == 0
    hands = [c for p in state.order for c in state.punters[p].calles]
    if state.bank_hand is not None:
        hands.append(state.bank_hand)
    for calle in hands:
        assert len(calle.cards) == len(calle.up)
        assert calle.up.count(False) <= 1  # M-8, M-23
    if state.phase == "play":
        calles = state.punters[state.to_act].calles
        for offer in state.legal_actions():
            if isinstance(offer, Draw | OpenCalle) and False not in calles[offer.calle].up:
                assert offer.down, offer
    if state.phase == "choice":
        assert state.votes[state.to_act] is False
        assert not any(isinstance(e, CardDealt) for e in state.history)


@st.composite
def siete_games(draw):
    """Siete y medio games over every option (modality 3 with a proposal of its own)."""
    modality = draw(st.sampled_from([1, 2, 3]))
    limits = {}
    if modality == 3:
        low = draw(st.integers(1, 5))
        limits = {"minimum": low, "maximum": draw(st.integers(low, low + 4))}
    return SieteYMedio(
        players=draw(st.integers(2, 8)), modality=modality,
        bank_passes=draw(st.sampled_from(["privileged", "every_hand"])),
        reveal_seven_and_half=draw(st.booleans()),
        bust_pays_double=draw(st.booleans()),
        starting_stack=draw(st.integers(-50, 50)), **limits)
