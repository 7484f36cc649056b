"""Round trips a library user relies on: run-together card text parses, a PHH stud history
reads back into a hand that replays (to_phh . from_phh . to_phh is to_phh, over random play),
and a JSON history is read from text, a path or an open file."""

from __future__ import annotations

import io
import tomllib

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cartes
from _stud import StubbornAgent, games, random_stacks
from cartes import Card, Hand
from cartes.errors import HistoryError, InvalidCardError
from cartes.games import (
    BringIn,
    Call,
    Fold,
    SevenCardStud,
    StudState,
    from_phh,
    replay,
    to_phh,
)
from cartes.games.poker.events import Acted, CardDealt
from cartes.games.stud.events import CardBurned, Reshuffled
from cartes.play import CallingStation, RandomAgent, SeatView, play_hand

# -- run-together cards -------------------------------------------------------------------

SPELLINGS = st.sampled_from(["plain", "unicode", "ten", "lower"])


def spell(card: Card, how: str) -> str:
    text = str(card)
    if how == "unicode":
        return card.unicode()
    if how == "ten" and text[0] == "T":
        return "10" + text[1]
    if how == "lower":
        return text.lower()
    return text


@given(
    indices=st.lists(st.integers(0, 51), min_size=1, max_size=12, unique=True),
    data=st.data(),
)
def test_run_together_cards_parse_like_spaced_ones(indices, data):
    hand = Hand(indices)
    texts = [spell(card, data.draw(SPELLINGS)) for card in hand]
    cut = data.draw(st.integers(0, len(texts)))  # run together, then a space, then again
    text = "".join(texts[:cut]) + " " + "".join(texts[cut:])
    assert cartes.cards(text) == hand
    assert cartes.cards(str(hand).replace(" ", "")) == hand


@pytest.mark.parametrize(
    ("text", "piece"),
    [("KhAx2c", "'Ax' at position 2"), ("KhA", "'A' at position 2"), ("Kh1c2c", "'1c'"),
     ("AsKd9", "'9' at position 4")],
)
def test_bad_run_together_cards_name_the_piece(text, piece):
    with pytest.raises(InvalidCardError, match=piece):
        cartes.cards(text)


def test_run_together_duplicates_are_refused():
    with pytest.raises(cartes.errors.DuplicateCardError):
        cartes.cards("AsKdAs")


# -- PHH, both ways -----------------------------------------------------------------------


def random_hand(game, seed, cut):
    """A random hand (finished, or stopped after ``cut`` actions when ``cut`` is set)."""
    rng = np.random.default_rng(seed)
    agents = [RandomAgent(rng) if rng.random() < 0.4 else StubbornAgent(rng)
              for _ in range(game.players)]
    state = game.start(seed, stacks=random_stacks(game, rng),
                       button=int(rng.integers(game.players)))
    steps = 0
    while not state.is_terminal and (cut is None or steps < cut):
        seat = state.to_act
        state.apply(agents[seat].act(SeatView(state, seat)))
        steps += 1
    return state


def options(game):
    """The stud options PHH has no field for."""
    return {key: getattr(game, key)
            for key in ("max_raises", "open_pair_big_bet", "half_bet_rule", "odd_chip_rule")}


def dealt(state):
    return [(e.seat, e.card, e.face_up, e.street) for e in state.history
            if isinstance(e, CardDealt)]


@settings(max_examples=150, deadline=None)
@given(game=games(), seed=st.integers(0, 2**32 - 1), cut=st.none() | st.integers(0, 40))
def test_phh_reads_back_to_a_hand_that_writes_the_same_phh(game, seed, cut):
    check_phh_round_trip(game, seed, cut)


@pytest.mark.slow
@settings(max_examples=600, deadline=None)
@given(game=games(), seed=st.integers(0, 2**32 - 1), cut=st.none() | st.integers(0, 40))
def test_phh_round_trip_over_thousands_of_hands(game, seed, cut):
    check_phh_round_trip(game, seed, cut)


def check_phh_round_trip(game, seed, cut):
    state = random_hand(game, seed, cut)
    if any(isinstance(event, Reshuffled) for event in state.history):
        with pytest.raises(HistoryError, match="reshuffle"):
            from_phh(to_phh(state), **options(game))
        return
    text = to_phh(state)
    back = from_phh(text, **options(game))
    assert isinstance(back, StudState)
    assert to_phh(back) == text
    for seat in (None, *range(game.players)):
        assert to_phh(back, seat=seat) == to_phh(state, seat=seat)
    # the same game, seats, stacks, cards, actions and results; only the burned cards differ
    assert back.game == state.game
    assert (back.button, back.initial_stacks) == (state.button, state.initial_stacks)
    assert dealt(back) == dealt(state)
    assert back.actions == state.actions
    assert (back.to_act, back.is_terminal, back.stacks) == (state.to_act, state.is_terminal,
                                                             state.stacks)
    assert back.legal_actions() == state.legal_actions()
    if state.is_terminal:
        assert back.payoffs == state.payoffs
    burns = [e for e in back.history if isinstance(e, CardBurned)]
    assert len(burns) == sum(isinstance(e, CardBurned) for e in state.history)
    assert not {e.card for e in burns} & {card for _, card, _, _ in dealt(back)}
    assert replay(back.to_json()) == back


def test_phh_without_seats_seats_p1_at_zero():
    state = play_hand(SevenCardStud(players=3), [CallingStation()] * 3, seed=2)
    lines = [line for line in to_phh(state).splitlines() if not line.startswith("seats")]
    back = from_phh("\n".join(lines))
    assert back.button == 2
    assert back.payoffs == tuple(state.payoffs[(state.button + 1 + i) % 3] for i in range(3))


def test_phh_reads_from_a_path_and_a_file(tmp_path):
    state = SevenCardStud(players=2).start(seed=8)
    state.apply_all([BringIn(), Call()])
    path = tmp_path / "hand.phh"
    path.write_text(to_phh(state), encoding="utf-8")
    with path.open() as text_file, path.open("rb") as binary_file:
        for source in (path, text_file, binary_file):
            assert to_phh(from_phh(source)) == to_phh(state)


def phh_with(state, old, new):
    text = to_phh(state)
    assert old in text
    return text.replace(old, new, 1)


FINISHED = play_hand(SevenCardStud(players=2), [CallingStation()] * 2, seed=3)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("F7S", "FT"), "variant 'F7S'"),
        (("antes = [1, 1]", "antes = [1, 2]"), "same ante"),
        (("seats = [2, 1]", "seats = [2, 2]"), "seats must number"),
        (("starting_stacks", "starting_stacks_"), "needs the field 'starting_stacks'"),
        (("bring_in = 2", "bring_in = 9"), "not a stud game"),
        (('"p1 pb"', '"p1 cbr 7"'), "nothing offered brings seat"),
        (('"p1 pb"', '"p1 cbr x"'), "'cbr' needs the amount"),
        (('"p1 pb"', '"p1 xx"'), "stud actions are pb, cc, f, cbr and sm"),
        (('"p1 pb"', '"p3 pb"'), "the actor must be d or p1..p2"),
        (('"p1 pb"', '"p2 pb"'), "does not replay"),
        (('"p1 pb"', '"d db 2c"'), "board cards"),
        (('"p1 pb"', '"p1 f"'), "does not replay"),
        (('"p1 pb"', '"p1 pb", "p2 cc", "p1 cc"'), "does not replay"),
        (("Jd2h9h", "Jd2h9d"), "does not replay by the rules"),
        (("Jd2h9h", "Jd2h"), "three cards"),
        (("Jd2h9h", "Jd2hJd"), "duplicate card"),
        (("finishing_stacks = [", "finishing_stacks = [1"), "finishing_stacks"),
        (("actions = [", "actions = [\n  \"# a note\","), "commentary"),
        (("actions = [", "x = = 1\nactions = ["), "must be TOML"),
        (("starting_stacks = [200, 200]", "starting_stacks = [200]"), "2 to 8 players"),
        (("starting_stacks = [200, 200]", "starting_stacks = [200, 0]"), "cannot be dealt"),
        (("Jd2h9h", "Jd2h9hKc"), "three cards"),
        (('"d dh p1 Kc"', '"d dh p1 KcQc"'), "a later street deals one card"),
        (('"d dh p1 Kc"', '"d dh p5 Kc"'), "not p1..p2"),
    ],
)
def test_bad_phh_is_a_history_error(change, message):
    with pytest.raises(HistoryError, match=message):
        from_phh(phh_with(FINISHED, *change))


def test_phh_with_hidden_cards_is_refused():
    state = SevenCardStud(players=2).start(seed=1)
    state.apply_all([BringIn(), Fold()])
    with pytest.raises(HistoryError, match="hides cards"):
        from_phh(to_phh(state, seat=0))


def test_phh_cut_short_is_refused():
    text = to_phh(FINISHED)
    lines = text.splitlines()
    last_show = max(i for i, line in enumerate(lines) if " sm " in line)
    with pytest.raises(HistoryError, match="finishing_stacks"):
        from_phh("\n".join(lines[:last_show] + lines[last_show + 1:]))


def test_a_reshuffled_hand_is_refused():
    state = play_hand(SevenCardStud(players=8), [CallingStation()] * 8, seed=1)
    assert any(isinstance(event, Reshuffled) for event in state.history)
    with pytest.raises(HistoryError, match="reshuffle"):
        from_phh(to_phh(state))


@given(seed=st.integers(0, 1000), players=st.integers(2, 8), button=st.integers(0, 7))
def test_phh_seats_are_the_seats_in_deal_order(seed, players, button):
    state = SevenCardStud(players=players).start(seed, button=button % players)
    seats = tomllib.loads(to_phh(state))["seats"]
    assert seats == [(state.button + 1 + i) % players + 1 for i in range(players)]
    assert from_phh(to_phh(state)).button == state.button


# -- JSON histories from text, paths and files -----------------------------------------------


def test_replay_reads_text_paths_and_files(tmp_path):
    state = SevenCardStud(players=3).start(seed=4)
    state.apply_all([BringIn(), Call()])
    path = tmp_path / "hand.json"
    path.write_text(state.to_json(), encoding="utf-8")
    with path.open() as text_file, path.open("rb") as binary_file:
        sources = [state.to_json(), state.to_json().encode(), path, text_file, binary_file,
                   io.StringIO(state.to_json())]
        for source in sources:
            assert replay(source) == state


def test_replay_of_a_missing_file_or_a_wrong_type_is_a_history_error(tmp_path):
    with pytest.raises(HistoryError, match=r"cannot read a hand history from .*missing\.json"):
        replay(tmp_path / "missing.json")
    with pytest.raises(HistoryError, match=r"must be text, a pathlib\.Path or an open file"):
        replay(42)  # type: ignore[arg-type]
    with pytest.raises(HistoryError, match="UTF-8"):
        replay(b"\xff\xfe")


def test_acted_events_survive_the_trip():
    back = from_phh(to_phh(FINISHED))
    ours = [e for e in back.history if isinstance(e, Acted)]
    theirs = [e for e in FINISHED.history if isinstance(e, Acted)]
    assert ours == theirs


# -- reprs that look like constructor calls evaluate back -----------------------------------

def repr_namespace():
    import cartes.games.calatone.events
    import cartes.games.chips
    import cartes.games.poker.betting
    import cartes.games.poker.events
    import cartes.games.poker.pots
    import cartes.games.stud
    import cartes.games.stud.events
    from cartes.french import Rank, Suit

    space = {"Rank": Rank, "Suit": Suit}
    for module in (cartes, cartes.games, cartes.games.chips, cartes.games.poker.events,
                   cartes.games.calatone.events, cartes.games.poker.betting,
                   cartes.games.poker.pots, cartes.games.stud.events):
        space.update(vars(module))
    return space


@settings(max_examples=40, deadline=None)
@given(game=games(), seed=st.integers(0, 2**32 - 1))
def test_reprs_of_cards_decks_games_actions_events_and_observations_evaluate_back(game, seed):
    space = repr_namespace()
    state = random_hand(game, seed, None)
    things = [game, *state.history, *(action for _, action in state.actions), *state.pots,
              state.deck, Hand(state.cards[0]), state.observation(None), state.observation(0),
              cartes.SpanishCard(seed % 48), cartes.Card(seed % 52).rank,
              cartes.Card(seed % 52).suit]
    for thing in things:
        text = repr(thing)
        assert not text.startswith("<")
        assert eval(text, space) == thing, text
