"""A plugin's action declared without ``from __future__ import annotations`` has its chip
amounts checked like ours (issue 19.7): its annotations are real types, not text.

This module deliberately does NOT use ``from __future__ import annotations``.
"""

import dataclasses
from dataclasses import dataclass
from typing import ClassVar, Optional

import numpy as np
import pytest

from cartes.errors import IllegalActionError
from cartes.games import Observation, State
from cartes.games.contract import Action, checked_amounts
from cartes.games.poker.events import Acted


@dataclass(frozen=True)
class Pay(Action):
    kind: ClassVar[str] = "test-pay"
    amount: int


@dataclass(frozen=True)
class Tip(Action):
    kind: ClassVar[str] = "test-tip"
    amount: int | None = None
    extra: Optional[int] = None  # noqa: UP045
    note: str = ""
    flag: bool = False


def test_the_annotations_are_real_types_here() -> None:
    assert dataclasses.fields(Pay)[0].type is int  # the case the text reading missed


@pytest.mark.parametrize("bad", [5.0, "5", True, None, 5.5])
def test_a_plugin_amount_must_be_whole(bad: object) -> None:
    with pytest.raises(IllegalActionError, match=r"Pay\.amount must be a whole number"):
        checked_amounts(Pay(bad))  # type: ignore[arg-type]


def test_numpy_integers_become_ints_and_optional_fields_may_be_none() -> None:
    paid = checked_amounts(Pay(np.int64(5)))  # type: ignore[arg-type]
    assert paid == Pay(5)
    assert type(paid.amount) is int
    assert checked_amounts(Tip()) == Tip()
    tipped = checked_amounts(Tip(np.int32(2), np.int8(3)))  # type: ignore[arg-type]
    assert (type(tipped.amount), type(tipped.extra)) == (int, int)
    with pytest.raises(IllegalActionError, match=r"Tip\.extra must be a whole number"):
        checked_amounts(Tip(1, 2.0))  # type: ignore[arg-type]
    assert checked_amounts(Tip(note="x", flag=True)).note == "x"  # not chip amounts


class PayState(State):
    """One seat pays 5 chips: the smallest state that offers a plugin action."""

    def __init__(self) -> None:
        self.history: list[Acted] = []

    @property
    def to_act(self) -> int | None:
        return None if self.history else 0

    @property
    def is_terminal(self) -> bool:
        return bool(self.history)

    @property
    def payoffs(self) -> tuple[int, ...]:
        return (0,)

    def legal_actions(self) -> tuple[Action, ...]:
        return () if self.history else (Pay(5),)

    def observation(self, seat: int | None) -> Observation:  # pragma: no cover - unused
        raise NotImplementedError

    def clone(self) -> "PayState":  # pragma: no cover - unused
        raise NotImplementedError

    def _apply(self, action: Action) -> Acted:
        event = Acted(0, action, 0, False)
        self.history.append(event)
        return event


def test_state_apply_refuses_a_float_and_changes_nothing() -> None:
    state = PayState()
    with pytest.raises(IllegalActionError, match="whole number"):
        state.apply(Pay(5.0))  # type: ignore[arg-type]
    assert state.history == []
    assert not state.is_terminal
    state.apply(Pay(np.int64(5)))  # type: ignore[arg-type]
    assert type(state.history[0].action.amount) is int  # type: ignore[attr-defined]
