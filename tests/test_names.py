"""One name per concept across the games (issue 19, item 3): the old names still answer for a
release, warning where the user's code reads them, and give what the new names give."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from cartes import games
from cartes.games.encoding import encoding
from cartes.games.siete_y_medio.observation import SieteObservation


@pytest.mark.parametrize(("game", "old", "new"), [
    ("siete-y-medio", "bank", "button"),
    ("siete-y-medio", "initial_balances", "initial_stacks"),
    ("calatone", "dealer", "button"),
])
def test_an_old_state_name_warns_and_reads_the_new_one(game, old, new):
    state = games.get(game, players=4).start(seed=3, button=2, stacks=[5, 6, 7, 8])
    with pytest.warns(DeprecationWarning, match=rf"\.{old} is deprecated: read \w+\.{new}") as w:
        value = getattr(state, old)
    assert w[0].filename == __file__  # attributed to the reader, not to cartes
    assert value == getattr(state, new)
    assert value in (2, (5, 6, 7, 8))


@pytest.mark.parametrize("seat", [None, 0, 1, 2])
def test_calatone_observations_name_the_dealer_button_and_dealer_still_reads(seat):
    state = games.get("calatone", players=3).start(seed=4, button=1)
    obs = state.observation(seat)
    assert "dealer" not in obs.extra  # one key per concept: written out, compared, listed
    assert obs.extra["button"] == state.button == 1
    with pytest.warns(DeprecationWarning, match=r"extra\['dealer'\] is deprecated: read "
                      r"extra\['button'\]") as w:
        value = obs.extra["dealer"]
    assert w[0].filename == __file__
    assert value == 1
    with pytest.raises(KeyError):
        obs.extra["no such key"]
    assert obs.extra.get("dealer") is None


def test_7_half_observations_name_the_seats_sitting_out():
    game = games.get("siete-y-medio", players=4)
    rng = np.random.default_rng(2)
    seen_out = False
    for number in range(30):
        state = game.start(seed=number, sitting_out=[int(rng.integers(1, 4))])
        while True:
            for seat in (None, *range(4)):
                obs = state.observation(seat)
                assert isinstance(obs, SieteObservation)
                expected = tuple(
                    s != state.button and state.punters[s].status in ("out", "declined")
                    for s in range(4))
                assert obs.sitting_out == obs.out == expected
                seen_out = seen_out or any(expected)
                with pytest.warns(DeprecationWarning, match="folded is deprecated: read "
                                  "SieteObservation.sitting_out"):
                    assert obs.folded == expected
            if state.is_terminal:
                break
            state.apply(state.legal_actions()[0].choose())
    assert seen_out


def test_the_alias_is_outside_equality_text_and_repr():
    state = games.get("siete-y-medio", players=3).start(seed=1, sitting_out=[1])
    obs = state.observation(0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # none of these may read the alias
        assert obs == state.observation(0)
        assert "folded" not in repr(obs)
        text = encoding(state.game).information_state_string(obs)
        assert "sitting_out=(F,T,F)" in text
        assert "folded" not in text
    with pytest.raises(AttributeError, match="no attribute 'fold'"):
        obs.fold  # noqa: B018


def test_poker_observations_keep_folded_and_say_out_too():
    state = games.get("seven-card-stud", players=3).start(seed=1)
    state.apply(games.BringIn())
    folder = state.to_act
    state.apply(games.Fold())
    obs = state.observation(None)
    assert obs.out == obs.folded == tuple(seat == folder for seat in range(3))


# ---------------------------------------------------------------------------------------------
# One action-repr style


def _played_actions(name: str, hands: int = 40) -> list[games.Action]:
    """Every offer and every chosen action of random hands of a game, ranges included."""
    from cartes.games import Expose

    rng = np.random.default_rng(11)
    seen: list[games.Action] = []
    for number in range(hands):
        # 7½'s modality 3 has the vote; staying in reaches stud's showdown
        options = {"modality": 3, "minimum": 1, "maximum": 3} if name == "siete-y-medio" and (
            number % 2) else {}
        state = games.get(name, players=4, **options).start(seed=number)
        while not state.is_terminal:
            offers = state.legal_actions()
            seen.extend(offers)
            keep = [a for a in offers if a.kind not in ("fold", "muck")] or list(offers)
            if number % 3 == 0:
                keep = list(offers)
            action = keep[int(rng.integers(len(keep)))].choose(rng)
            seen.append(action)
            state.apply(action)
    if name == "calatone":
        seen.append(Expose("As"))
    return seen


GAME_ACTIONS = {
    "seven-card-stud": ("cartes.games.poker.actions", "cartes.games.stud.actions",
                        "cartes.games.chips"),
    "calatone": ("cartes.games.poker.actions", "cartes.games.calatone.actions",
                 "cartes.games.chips"),
    "siete-y-medio": ("cartes.games.siete_y_medio.actions", "cartes.games.chips"),
}


def test_every_action_of_every_game_is_written_the_one_way():
    """Every action class a registered game offers writes itself as the call that builds it:
    required fields by position, the others by keyword only when not at their default, a
    range offer as its field's low end then ``up_to``; and the text builds the action again."""
    import dataclasses

    import cartes
    from cartes.games.contract import _ACTIONS, action_repr

    assert set(games.available()) == set(GAME_ACTIONS)  # a new game joins this test
    modules = {module for names in GAME_ACTIONS.values() for module in names}
    classes = {cls for cls in _ACTIONS.values() if cls.__module__ in modules}
    # a no-voter's choice after an adopted proposal is rare in random play
    actions = [games.Play(), games.SitOut()]
    for name in GAME_ACTIONS:
        actions += _played_actions(name)
    assert {type(a) for a in actions} >= classes
    namespace = {**vars(games), "Card": cartes.Card, "SpanishCard": cartes.SpanishCard}
    for cls in classes:
        assert cls.__repr__ is action_repr, cls  # no class writes its own
    for action in set(actions):
        text = repr(action)
        assert eval(text, namespace) == action, text
        fields = dataclasses.fields(action)
        args = text[len(type(action).__name__) + 1:-1]
        parts = [p for p in args.split(", ") if p] if "'" not in args else [args]
        required = [f for f in fields if f.default is dataclasses.MISSING]
        assert all("=" not in p for p in parts[:len(required)]), text
        keywords = [p.split("=", 1)[0] for p in parts[len(required):]]
        for word in keywords:
            field = next(f for f in fields if f.name == word)
            at_default = getattr(action, word) == field.default
            if word.endswith("up_to"):
                assert getattr(action, word) is not None, text
            elif at_default:  # shown at its default only as the low end of a range
                assert keywords[keywords.index(word) + 1].endswith("up_to"), text
        for f in fields:
            if f.default is not dataclasses.MISSING and getattr(action, f.name) != f.default:
                assert f.name in keywords, text
