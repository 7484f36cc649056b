"""Issue 9.2: ``cartes.evaluate`` takes a compiled path for seven cards given as ints, Cards, a
Hand or plain text. It must give what the Python path gives, refuse what it refuses with the
same errors, and leave numba unloaded in a process that values only a few hands."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cartes
from cartes import CALATONE, STANDARD, Card, Hand
from cartes.errors import CardTypeError, DuplicateCardError, InvalidCardError
from cartes.evaluation import evaluator
from cartes.evaluation.handrank import strength_of


@pytest.fixture(scope="module", autouse=True)
def _warm() -> None:
    for _ in range(evaluator.WARM_UP_CALLS + 1):
        cartes.evaluate("As Ks Qs Js Ts 2c 2d")
    assert evaluator._Fast.standard is not None  # the compiled path is on from here


FORMS = ["ints", "list", "cards", "hand", "text"]


def _as(form: str, indices: list[int]) -> object:
    cards = [Card(i) for i in indices]
    return {
        "ints": tuple(indices),
        "list": list(indices),
        "cards": tuple(cards),
        "hand": Hand(cards),
        "text": " ".join(map(str, cards)),
    }[form]


@settings(max_examples=150, deadline=None)
@given(
    indices=st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True),
    form=st.sampled_from(FORMS),
    ranking=st.sampled_from([STANDARD, CALATONE]),
)
def test_the_compiled_path_values_like_the_python_one(
    indices: list[int], form: str, ranking: cartes.Ranking
) -> None:
    rank = cartes.evaluate(_as(form, indices), ranking)  # type: ignore[arg-type]
    assert rank.strength == strength_of(indices, ranking)
    assert rank.cards == Hand(indices)
    assert rank == cartes.HandRank(rank.strength, ranking, Hand(indices))
    assert rank.best_five == cartes.HandRank(rank.strength, ranking, Hand(indices)).best_five
    other = cartes.evaluate(list(reversed(indices)), ranking)
    assert cartes.compare(_as(form, indices), other.cards, ranking) == 0  # type: ignore[arg-type]
    assert cartes.winners([_as(form, indices), other.cards], ranking) == [0, 1]  # type: ignore[list-item]


@settings(max_examples=150, deadline=None)
@given(
    size=st.sampled_from([5, 6]),
    data=st.data(),
    form=st.sampled_from(["ints", "list", "cards", "hand"]),
    ranking=st.sampled_from([STANDARD, CALATONE]),
)
def test_five_and_six_cards_value_like_the_full_path(
    size: int, data: st.DataObject, form: str, ranking: cartes.Ranking
) -> None:
    indices = data.draw(st.lists(st.integers(0, 51), min_size=size, max_size=size, unique=True))
    rank = cartes.evaluate(_as(form, indices), ranking)  # type: ignore[arg-type]
    full = cartes.HandRank(strength_of(indices, ranking), ranking, Hand(indices))
    assert rank == full
    assert rank.cards == Hand(indices)
    assert rank.best_five == full.best_five
    assert rank.describe() == full.describe()


@pytest.mark.parametrize("size", [5, 6])
@pytest.mark.parametrize(("last", "error"), [
    (51, DuplicateCardError), (52, InvalidCardError), (-1, InvalidCardError),
    (1.0, CardTypeError), (True, CardTypeError), ("2d", None), (np.int64(1), None),
])
def test_five_and_six_cards_refuse_like_the_full_path(
    size: int, last: object, error: type[Exception] | None
) -> None:
    cards = (*(51, 47, 43, 39, 35, 0)[: size - 1], last)
    if error is None:
        assert cartes.evaluate(cards).cards == Hand(cards)  # type: ignore[arg-type]
        return
    with pytest.raises(error) as parsed:
        Hand(cards)  # type: ignore[arg-type]
    with pytest.raises(error) as raised:
        cartes.evaluate(cards)  # type: ignore[arg-type]
    assert str(raised.value) == str(parsed.value)


def test_a_list_changed_after_evaluation_does_not_change_the_rank() -> None:
    cards = [51, 47, 43, 39, 35, 0, 1]
    rank = cartes.evaluate(cards)
    cards[0] = 2
    assert rank.cards == Hand("As Ks Qs Js Ts 2c 2d")
    five = [51, 47, 43, 39, 35]
    rank = cartes.evaluate(five)
    five[0] = 2
    assert rank.cards == Hand("As Ks Qs Js Ts")

    cards = [51, 47, 43, 39, 35, 0, 1]
    rank = cartes.evaluate(cards)
    cards[0] = 2
    assert rank.cards == Hand("As Ks Qs Js Ts 2c 2d")


BAD = [
    ((51, 47, 43, 39, 35, 0, 0), DuplicateCardError, "duplicate card 2c"),
    ((51, 47, 43, 39, 35, 0, 52), InvalidCardError, "52"),
    ((51, 47, 43, 39, 35, 0, -1), InvalidCardError, "-1"),
    ((51, 47, 43, 39, 35, 0, 2**70), InvalidCardError, None),
    ((51, 47, 43, 39, 35, 0, 1.0), CardTypeError, None),
    ((51, 47, 43, 39, 35, 0, True), CardTypeError, None),
    ((51, 47, 43, 39, 35, 0, "2d"), None, None),  # mixed, but valid: the full path takes it
    ((51, 47, 43, 39, 35, 0, np.int64(1)), None, None),
    ("As Ks Qs Js Ts 2c As", DuplicateCardError, None),
    ("As Ks Qs Js Ts 2c Xx", InvalidCardError, None),
    ("As,Ks,Qs,Js,Ts,2c,2d", None, None),
    ("A♠ K♠ Q♠ J♠ 10♠ 2♣ 2♦", None, None),
]


@pytest.mark.parametrize(("cards", "error", "words"), BAD)
def test_the_compiled_path_refuses_like_the_python_one(
    cards: object, error: type[Exception] | None, words: str | None
) -> None:
    """Whatever the compiled path does not take goes to the full path, which gives the same
    result or the same error as it always did."""
    if error is None:
        expected = Hand(cards)  # type: ignore[arg-type]
        rank = cartes.evaluate(cards)  # type: ignore[arg-type]
        assert rank.cards == expected
        assert rank.strength == strength_of([card.index for card in expected], STANDARD)
        return
    # The parser's own error is the one evaluate must give, word for word.
    with pytest.raises(error) as parsed:
        Hand(cards)  # type: ignore[arg-type]
    with pytest.raises(error) as raised:
        cartes.evaluate(cards)  # type: ignore[arg-type]
    assert str(raised.value) == str(parsed.value)
    if words:
        assert words in str(raised.value)


def test_a_few_hands_do_not_load_numba() -> None:
    """The compiled entry points (which import numba, ~0.5 s) load only once a process has
    valued WARM_UP_CALLS hands: a script that values a few stays quick to start."""
    src = Path(__file__).resolve().parents[1] / "src"
    code = (
        "import sys, cartes\n"
        "from cartes.evaluation import evaluator\n"
        "for _ in range(evaluator.WARM_UP_CALLS):\n"
        "    cartes.evaluate('As Ks Qs Js Ts 2c 2d')\n"
        "print('numba' in sys.modules)\n"
        "cartes.evaluate('As Ks Qs Js Ts 2c 2d')\n"
        "print('numba' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        env={"PYTHONPATH": str(src), "PATH": ""},
        check=True,
    )
    assert done.stdout.split() == ["False", "True"]
