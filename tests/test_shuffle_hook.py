"""Every shuffle in mid-hand goes through one hook of the hand-state base
(``HandState.shuffler``, used by ``HandState._shuffled``): the OpenSpiel adapter makes the
shuffles of a game chance's when the game says it shuffles in mid-hand
(``HandGame.shuffles_in_hand``), whatever its state class, and a hand ordered by the hook is
the hand a generator would have dealt had it drawn that order."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("open_spiel")

from cartes import Deck
from cartes.adapters.openspiel._hand import Setup
from cartes.games import Calatone, SevenCardStud, SieteYMedio, get
from cartes.games.hand import HandState
from cartes.play import RandomAgent, play_hand


@pytest.mark.parametrize("game", [SevenCardStud(players=3), Calatone(players=3),
                                  SieteYMedio(players=3)], ids=lambda g: g.name)
def test_the_adapter_reads_whether_a_game_shuffles_in_mid_hand(game) -> None:
    assert Setup(game).shuffles is type(game).shuffles_in_hand
    assert Setup(game).shuffles is (game.name != "calatone")


def hand_with_a_reshuffle():
    """A seeded 7½ hand of random play that shuffles in mid-hand (a re-deal or its stock)."""
    game = get("siete-y-medio", players=8)
    for seed in range(400):
        state = play_hand(game, [RandomAgent(seed + seat) for seat in range(8)], seed)
        if state.reshuffles:
            return state
    raise AssertionError("no shuffle in mid-hand in 400 random hands of 8")


def test_a_shuffle_ordered_by_the_hook_is_counted_and_dealt_like_the_generators() -> None:
    state = hand_with_a_reshuffle()
    assert isinstance(state, HandState)
    # the same hand again, each shuffle ordered by the hook as the generator orders it
    twin = state.game.start(0, deck=Deck.stacked(list(state.initial_deck)), button=state.button,
                            reshuffle_seed=state.reshuffle_seed)
    calls = []

    def shuffler(cards):
        calls.append(len(cards))
        deck = list(cards)
        rng = np.random.default_rng([state.reshuffle_seed, len(calls)])
        order = rng.permutation(len(deck))  # what Deck.shuffle draws
        return [deck[i] for i in order]

    twin.shuffler = shuffler
    for seat, action in state.actions:
        twin.apply(action, seat=seat)
    assert len(calls) == state.reshuffles == twin.reshuffles  # each went through the hook
    assert twin.history == state.history
