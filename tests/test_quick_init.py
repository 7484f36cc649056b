"""quick_init changes how a frozen dataclass stores its fields, nothing else about it."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle

import pytest

from cartes.games import chips
from cartes.games.calatone import events as calatone_events
from cartes.games.contract import quick_init
from cartes.games.poker import actions as poker_actions
from cartes.games.poker import events as poker_events
from cartes.games.siete_y_medio import actions as siete_y_medio_actions
from cartes.games.siete_y_medio import events as siete_y_medio_events


@dataclasses.dataclass(frozen=True, slots=True)
class Plain:
    seat: int | None
    amount: int
    note: str = "x"


@quick_init
@dataclasses.dataclass(frozen=True, slots=True)
class Quick:
    seat: int | None
    amount: int
    note: str = "x"


def test_a_quick_class_behaves_as_the_plain_one() -> None:
    assert str(inspect.signature(Quick)) == str(inspect.signature(Plain))
    for args, kwargs in [((1, 2), {}), ((None,), {"amount": 3, "note": "y"}), ((1, 2, "z"), {})]:
        plain, quick = Plain(*args, **kwargs), Quick(*args, **kwargs)
        assert dataclasses.astuple(plain) == dataclasses.astuple(quick)
        assert repr(quick) == repr(plain).replace("Plain", "Quick")
        assert quick == Quick(*args, **kwargs)
        assert hash(quick) == hash(Quick(*args, **kwargs))
        assert pickle.loads(pickle.dumps(quick)) == quick
        assert copy.deepcopy(quick) == quick
        assert dataclasses.replace(quick, amount=9).amount == 9
        with pytest.raises(dataclasses.FrozenInstanceError):
            quick.amount = 5  # type: ignore[misc]
    for bad in [(), (1,), (1, 2, "z", 4)]:
        with pytest.raises(TypeError):
            Plain(*bad)
        with pytest.raises(TypeError):
            Quick(*bad)


def test_quick_init_refuses_what_it_cannot_copy() -> None:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Checked:
        value: int

        def __post_init__(self) -> None:
            pass

    @dataclasses.dataclass(frozen=True)
    class Unslotted:
        value: int

    for cls in (Checked, Unslotted):
        with pytest.raises(TypeError, match="quick_init"):
            quick_init(cls)


@pytest.mark.parametrize(
    "module",
    [chips, poker_actions, poker_events, calatone_events, siete_y_medio_events,
     siete_y_medio_actions],
)
def test_every_quick_class_keeps_its_documented_signature(module: object) -> None:
    """Each class's __init__ reads as the dataclass one would: parameters, defaults and
    annotations from its fields."""
    for cls in vars(module).values():
        if not (isinstance(cls, type) and dataclasses.is_dataclass(cls)):
            continue
        fields = dataclasses.fields(cls)
        if any(f.default_factory is not dataclasses.MISSING for f in fields):
            continue  # never made quick
        params = list(inspect.signature(cls).parameters.values())
        assert [p.name for p in params] == [f.name for f in fields], cls
        for param, field in zip(params, fields, strict=True):
            assert param.annotation == field.type, (cls, field.name)
            default = inspect.Parameter.empty if field.default is dataclasses.MISSING else (
                field.default
            )
            assert param.default == default, (cls, field.name)
