"""The OpenSpiel adapter's resampling from an information state (issue 20, item 6): a resampled
state is always one the player cannot tell from the given one, drawn as chance would, and never
the true state by fallback."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("open_spiel")

from _openspiel import CHANCE, random_state, shuffling
from cartes.adapters.openspiel import OpenSpielGame
from cartes.adapters.openspiel._resample import resample
from cartes.errors import HistoryError
from cartes.games import Calatone, SevenCardStud, SieteYMedio


def hidden_from(state, viewer):
    """Each seat's cards that ``viewer`` has not seen."""
    seen = state.hand.observation(viewer).visible_cards()
    return [frozenset(state.hand.observation(q).visible_cards() - seen)
            for q in range(state.num_players())]


@pytest.mark.parametrize("game", [
    pytest.param(OpenSpielGame(SevenCardStud(players=4)), id="stud"),
    pytest.param(OpenSpielGame(Calatone(players=4)), id="calatone"),
])
def test_in_stud_and_calatone_the_first_draw_is_kept(game):
    # no action depends on an opponent's hidden cards: every placement of the unseen cards
    # replays, so a budget of one draw never fails
    rng = np.random.default_rng(20)
    checked = 0
    for _ in range(40):
        state = random_state(game, rng, int(rng.integers(0, 15)))
        if state.is_terminal():
            continue
        for p in range(game.num_players()):
            other = resample(state, p, rng.random, budget=1)
            assert other.information_state_string(p) == state.information_state_string(p)
            checked += 1
    assert checked >= 100


def test_no_budget_raises_rather_than_giving_the_true_state():
    game = OpenSpielGame(SevenCardStud(players=2))
    state = random_state(game, np.random.default_rng(1), 2)
    with pytest.raises(HistoryError, match=r"player 1 .* in 0 random draws"):
        resample(state, 1, lambda: 0.25, budget=0)


def test_a_tiny_budget_fails_with_an_error_on_a_hard_state_not_with_the_truth():
    # a 7½ state where most draws are rejected: with one draw, each attempt gives a
    # consistent state or the error; the error must come up (the old code returned a clone
    # of the true state there)
    game = OpenSpielGame(SieteYMedio(players=4))
    rng = np.random.default_rng(7)
    for _ in range(300):
        state = random_state(game, rng, int(rng.integers(1, 12)))
        if state.is_terminal():
            continue
        p = int(rng.integers(0, 4))
        target = state.information_state_string(p)
        errors, messages = 0, set()
        for _ in range(20):
            try:
                other = resample(state, p, rng.random, budget=1)
            except HistoryError as error:
                messages.add(str(error))
                errors += 1
            else:
                assert other.information_state_string(p) == target
        if errors >= 10:
            assert all(f"player {p} " in message for message in messages)
            return
    pytest.fail("no 7½ state rejected most single draws")


def siete_states(rng, kinds):
    """Random 4-handed 7½ states (each kind of event in ``kinds`` in at least one)."""
    game = OpenSpielGame(SieteYMedio(players=4))
    states, found = [], set()
    for _ in range(600):
        state = random_state(game, rng, int(rng.integers(0, 16)))
        if state.is_terminal() or state.hand is None:
            continue
        names = {type(event).__name__ for event in state.hand.history} & kinds
        if names - found or len(states) < 40:
            states.append(state)
            found |= names
        if found == kinds and len(states) >= 40:
            break
    assert found == kinds
    return states


KINDS = {"Annulled", "Exchanged", "Declined", "CalleOpened", "Busted"}


def test_siete_resampling_keeps_the_information_state_and_moves_the_hidden_cards():
    rng = np.random.default_rng(6)
    moved = total = 0
    for state in siete_states(rng, KINDS):
        for p in range(4):
            target = state.information_state_string(p)
            truth = hidden_from(state, p)
            for _ in range(3):
                other = state.resample_from_infostate(p, rng.random)
                assert other.information_state_string(p) == target
                if any(truth):
                    total += 1
                    moved += hidden_from(other, p) != truth
    # the opponents' hidden cards are redrawn, not copied from the truth
    assert moved > 0.5 * total


def test_one_siete_state_resampled_many_times_shows_many_hidden_cards():
    rng = np.random.default_rng(11)
    for state in siete_states(rng, {"Annulled"}):
        if "Annulled" not in {type(e).__name__ for e in state.hand.history}:
            continue
        truth = hidden_from(state, 0)
        if not any(truth):
            continue
        draws = [hidden_from(state.resample_from_infostate(0, rng.random), 0)
                 for _ in range(40)]
        assert sum(draw != truth for draw in draws) > 20
        return
    pytest.fail("no annulled 7½ state with hidden cards")


def test_heads_up_stud_hole_card_is_uniform_over_the_unseen_cards():
    game = OpenSpielGame(SevenCardStud(players=2))
    state = game.new_initial_state()
    while state.is_chance_node():  # the deal
        state.apply_action(min(state.legal_actions()))
    cards = game.chance_cards
    seen0 = state.hand.observation(0).visible_cards()
    steps = state.full_history()
    # the deal position of one of seat 1's hole cards
    slot = next(i for i, s in enumerate(steps) if s.player == CHANCE
                and cards[s.action] in state.hand.observation(1).visible_cards() - seen0)
    unseen = [outcome for outcome, card in cards.items() if card not in seen0]
    assert len(unseen) == 48
    rng = np.random.default_rng(2026)
    per = 60
    counts = dict.fromkeys(unseen, 0)
    for _ in range(per * len(unseen)):
        counts[state.resample_from_infostate(0, rng.random).full_history()[slot].action] += 1
    chi2 = sum((n - per) ** 2 / per for n in counts.values())
    # 82.72: the chi-square's 0.999 quantile with 47 degrees of freedom
    assert chi2 < 82.72, counts


# -- a shuffle in mid-hand forgets where the cards seen before it were --------------------------
# The resampler may keep a card in place in a shuffle's order only when the player saw it while
# that order was dealt from: a card seen only before a re-deal (7½'s annulment) or before the
# stock's reshuffle is somewhere in the new order the player cannot know.


def revealed(event, player):
    """The cards ``player`` saw in ``event``."""
    import dataclasses

    from cartes import Card, SpanishCard

    view, out = event.seen_by(player), set()
    for f in dataclasses.fields(view):
        value = getattr(view, f.name)
        values = value if isinstance(value, tuple) else (value,)
        out.update(v for v in values if isinstance(v, Card | SpanishCard))
    return out


def chi2_limit(df, z=3.09):
    """The chi-square's 0.999 quantile (Wilson-Hilferty)."""
    return df * (1 - 2 / (9 * df) + z * (2 / (9 * df)) ** 0.5) ** 3


def one_shuffle(state):
    """The state just before the hand's one mid-hand shuffle and the shuffle's order of chance
    outcomes: ``(before, order)``."""
    from _openspiel import replay

    steps = [(s.player, s.action) for s in state.full_history()]
    walk, chance = state.get_game().new_initial_state(), []
    for i, (_, action) in enumerate(steps):
        if shuffling(walk):  # (chance also deals in mid-hand, as the hand draws)
            chance.append(i)
        walk.apply_action(action)
    start, end = chance[0], chance[-1] + 1
    assert chance == list(range(start, end)), "one shuffle only"
    before = replay(state.get_game(), steps[:start])
    shuffled = {a for a, _ in before.chance_outcomes()}
    run = [a for _, a in steps[start:end]]
    return before, run + sorted(shuffled - set(run))


def check_the_shuffle_forgets(state, player, rng, draws, require=True):
    """A card ``player`` saw only before the shuffle is at a place of the resampled order that
    it cannot know: not always at its true place, and uniform over the cards never drawn from
    the new order; every resampled state has the player's information state. Without
    ``require``, a state with no such card is passed over (returns False)."""
    game = state.get_game()
    cards = game.chance_cards
    index = {card: outcome for outcome, card in cards.items()}
    before, order = one_shuffle(state)
    seen_before = before.hand.observation(player).visible_cards()
    seen_after = set(state.hand.observation(player).visible_cards() - seen_before)
    for event in state.hand.history[len(before.hand.history):]:
        seen_after |= revealed(event, player)
    candidates = sorted(index[c] for c in seen_before - seen_after if index[c] in order)
    if not require and not candidates:
        return False
    assert candidates, "no card seen only before the shuffle"
    outcome = candidates[0]
    # what was dealt from the new order: the stock left is its end, in order
    stock = list(state.hand.deck.cards)
    drawn = len(order) - len(stock)
    assert [cards[a] for a in order[drawn:]] == stock
    target = state.information_state_string(player)
    places = []
    for _ in range(draws):
        other = state.resample_from_infostate(player, rng.random)
        assert other.information_state_string(player) == target
        _, other_order = one_shuffle(other)
        places.append(other_order.index(outcome))
    truth = order.index(outcome)
    assert sum(place == truth for place in places) < draws / 4, (cards[outcome], truth)
    # among the cards never drawn, the player knows nothing of the order
    in_stock = [place for place in places if place >= drawn]
    bins = len(order) - drawn
    per = len(in_stock) / bins
    assert per >= 5, (len(in_stock), bins)
    counts = np.bincount(np.array(in_stock) - drawn, minlength=bins)
    chi2 = float(((counts - per) ** 2 / per).sum())
    assert chi2 < chi2_limit(bins - 1), counts
    return True


def test_siete_a_card_seen_only_before_the_re_deal_is_not_kept_in_place():
    game = OpenSpielGame(SieteYMedio(players=4))
    rng = np.random.default_rng(30)
    checked = 0
    for _ in range(3000):
        state = random_state(game, rng, int(rng.integers(1, 10)))
        if state.is_terminal() or state.hand is None:
            continue
        if "Annulled" not in {type(e).__name__ for e in state.hand.history}:
            continue
        if sum(type(e).__name__ == "Annulled" for e in state.hand.history) != 1:
            continue
        player = state.current_player()
        checked += check_the_shuffle_forgets(state, player, rng, 400, require=False)
        if checked == 2:
            return
    pytest.fail(f"only {checked} annulled 7½ states found")


def exhausted_stock(rng):
    """An 8-handed 7½ state at a decision just after the stock ran out and the
    discards were reshuffled: low cards dealt first and punters that keep drawing (random
    play never empties 40 cards)."""
    game = OpenSpielGame(SieteYMedio(players=8))
    cards = game.chance_cards
    points = {o: 0.5 if c.rank >= 10 else c.rank for o, c in cards.items()}
    for _ in range(2000):
        noise = rng.random(40) * rng.uniform(0, 3)
        order = sorted(cards, key=lambda o: points[o] + noise[o])
        k = int(rng.integers(0, 9))
        deal = iter(order[k:] + order[:k])
        state = game.new_initial_state()
        shuffled = False
        while not state.is_terminal():
            if state.is_chance_node():
                shuffled |= shuffling(state)
                if not shuffled:
                    state.apply_action(next(deal))
                else:
                    state.apply_action(int(rng.choice([a for a, _ in state.chance_outcomes()])))
                continue
            if shuffled:
                return state
            legal = state.legal_actions()
            names = [state.action_to_string(a) for a in legal]
            keep = [a for a, n in zip(legal, names, strict=True) if n == "keep"]
            more = [a for a, n in zip(legal, names, strict=True)
                    if n.startswith(("draw", "open_calle"))]
            state.apply_action(int(rng.choice(keep or more or legal)))
    pytest.fail("the stock never ran out")


def test_siete_a_card_seen_only_before_the_stock_reshuffle_is_not_kept_in_place():
    rng = np.random.default_rng(31)
    state = exhausted_stock(rng)
    kinds = [type(e).__name__ for e in state.hand.history]
    assert "Reshuffled" in kinds
    # the discards are public (busted, declined, exchanged cards): any seat saw them all
    check_the_shuffle_forgets(state, state.current_player(), rng, 300)



def stud_at_the_reshuffle(rng):
    """An 8-handed stud state waiting at the §2.5 reshuffle's chance node (a chance node once
    the hand is dealt: stud's only shuffle in mid-hand): everyone calls or checks, so eight
    seats reach the river and the stub runs short."""
    game = OpenSpielGame(SevenCardStud(players=8))
    for _ in range(20):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                if shuffling(state):
                    return state
                state.apply_action(int(rng.choice([a for a, _ in state.chance_outcomes()])))
                continue
            legal = state.legal_actions()
            names = [state.action_to_string(a) for a in legal]
            passive = [a for a, n in zip(legal, names, strict=True)
                       if n.startswith(("call", "check", "bring"))]
            state.apply_action(int(rng.choice(passive or legal)))
    pytest.fail("no hand reached the reshuffle")


def test_stud_s_river_reshuffle_is_chance_s_and_resampling_keeps_what_the_player_knows():
    # §2.5: eight seats on the river leave too short a stub; the stub and the burned cards are
    # reshuffled. Through the adapter that shuffle is chance's (it was one fixed order from a
    # constant seed, so every seat knew where the burned cards went), and a resample after
    # it keeps each player's information state
    rng = np.random.default_rng(5)
    state = stud_at_the_reshuffle(rng)
    hand = state.hand
    assert hand.street == 6
    pool = {*hand.deck.cards, *hand.deck.burned}
    outcomes = [a for a, _ in state.chance_outcomes()]
    assert len(outcomes) == len(pool)
    rivers = set()
    for first in outcomes:
        child = state.clone()
        child.apply_action(first)
        while child.is_chance_node():  # the rest of the order, lowest outcome first
            child.apply_action(child.chance_outcomes()[0][0])
        assert [type(e).__name__ for e in child.hand.history].count("Reshuffled") == 1
        dealt = [e.card for e in child.hand.history if type(e).__name__ == "CardDealt"
                 and e.street == 7]
        assert set(dealt) <= pool
        rivers.add(tuple(dealt))
    assert len(rivers) > 1  # chance's order decides what the river deals
    while state.is_chance_node():
        state.apply_action(int(rng.choice([a for a, _ in state.chance_outcomes()])))
    # (not the first draw always: a card seen after the shuffle must have been in its pool,
    # the stub and the burned cards, which a draw of the deal may put elsewhere)
    moved = 0
    for player in range(8):
        other = resample(state, player, rng.random)
        assert other.information_state_string(player) == state.information_state_string(player)
        moved += other.hand.history != state.hand.history  # its hidden cards drawn again
    assert moved >= 6
