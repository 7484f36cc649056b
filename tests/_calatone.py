"""Helpers for calatone scenarios: stacked decks that deal the hands a test wants, and the
game's own betting limits that the random-play harness (``test_random_play``) checks."""

from __future__ import annotations

from hypothesis import strategies as st

from cartes import Card, Deck
from cartes.games import Bet, Calatone, CalatoneState, Expose, Raise
from cartes.games.poker.events import Acted, RoundStarted


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


def check_offers_within_the_spread(state, legal):
    """C-4 / C-28, from the offers alone: a bet or raise adds at least ``min_bet`` (unless it
    is the seat's all-in, or under "round" the raise to the ceiling) and at most ``max_bet``
    on top ("raise"), or takes the seat's round total to at most ``max_bet`` ("round")."""
    game, rnd, seat = state.game, state.round, state.to_act
    if state.phase != "betting":
        return
    level = max(rnd.contrib)
    all_in = rnd.contrib[seat] + state.stacks[seat]
    ceiling = game.max_bet_scope == "round"
    for offer in legal:
        if isinstance(offer, Bet | Raise):
            low = offer.amount if isinstance(offer, Bet) else offer.to
            high = low if offer.up_to is None else offer.up_to
            assert high <= all_in
            assert high <= (game.max_bet if ceiling else level + game.max_bet), offer
            assert low - level >= game.min_bet or low == all_in or (
                ceiling and low == game.max_bet
            ), offer


def check_rounds_within_the_limits(state):
    """From the history alone: each round's full bets and raises (an increment of at least
    ``min_bet`` and the last full one) stay within the cap (C-23), and under "round" no seat's
    chips in a round ever pass ``max_bet`` (C-28)."""
    game = state.game
    put, level, increment, full = [0] * state.n, 0, 0, 0
    for event in state.history:
        if isinstance(event, RoundStarted):
            put, level, increment, full = [0] * state.n, 0, 0, 0
        elif isinstance(event, Acted):
            put[event.seat] += event.amount
            if game.max_bet_scope == "round":
                assert put[event.seat] <= game.max_bet, event
            if put[event.seat] > level:
                raised = put[event.seat] - level
                if raised >= max(game.min_bet, increment):
                    increment = raised
                    full += 1
                level = put[event.seat]
            if game.max_raises_per_round is not None:
                assert full <= game.max_raises_per_round, event


@st.composite
def calatone_games(draw):
    """Calatone games over every option."""
    players = draw(st.integers(2, 7))
    low = draw(st.integers(2, 15 - -(-7 * players // 4)))  # C-18: 4(15 - low) >= 7 players
    min_bet = draw(st.integers(1, 3))
    return Calatone(
        players=players,
        ante=draw(st.integers(0, 3)),
        min_bet=min_bet,
        max_bet=draw(st.integers(min_bet, 10)),
        max_raises_per_round=draw(st.sampled_from([None, 1, 2, 4])),
        all_pass_ends_hand=draw(st.booleans()),
        lowest_rank=low,
        max_bet_scope=draw(st.sampled_from(["raise", "round"])),
        starting_stack=draw(st.integers(1, 40)),
    )
