"""Issue 22.2: a HandRank costs about what an int does to make and to keep. The collector never
tracks it (cartes.evaluation._untracked), so it may hold only objects that are never freed:
these tests check that it is untracked, that it holds nothing that leaks, and that it still
gives back the hand it was made from, whichever way the hand came in."""

from __future__ import annotations

import gc
import pickle
import platform
import struct
import sys
import sysconfig
import tracemalloc

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cartes
from cartes import CALATONE, STANDARD, Card, Hand, HandRank
from cartes.evaluation import evaluator, handrank
from cartes.evaluation._untracked import untrack
from cartes.evaluation.handrank import strength_of

ON_CPYTHON = platform.python_implementation() == "CPython" and not sysconfig.get_config_var(
    "Py_GIL_DISABLED"
)


@pytest.fixture(autouse=True, scope="module")
def _compiled_path() -> None:
    for _ in range(evaluator.WARM_UP_CALLS + 1):
        cartes.evaluate((0, 5, 10, 15, 20, 25, 30))
    assert evaluator._standard7 is not None


hands = st.integers(5, 7).flatmap(
    lambda size: st.lists(st.integers(0, 51), min_size=size, max_size=size, unique=True)
)
FORMS = ["tuple of ints", "list of ints", "Cards", "Hand", "text"]


def _as(form: str, indices: list[int]) -> object:
    cards = [Card(i) for i in indices]
    return {
        "tuple of ints": tuple(indices),
        "list of ints": list(indices),
        "Cards": tuple(cards),
        "Hand": Hand(cards),
        "text": " ".join(map(str, cards)),
    }[form]


def test_the_collector_skips_handranks_on_cpython() -> None:
    assert handrank.UNTRACKED is ON_CPYTHON
    if ON_CPYTHON:
        assert not HandRank.__flags__ & (1 << 14)  # Py_TPFLAGS_HAVE_GC


@settings(max_examples=150, deadline=None)
@given(indices=hands, form=st.sampled_from(FORMS), ranking=st.sampled_from([STANDARD, CALATONE]))
def test_every_way_in_gives_back_its_hand_untracked(
    indices: list[int], form: str, ranking: cartes.Ranking
) -> None:
    rank = cartes.evaluate(_as(form, indices), ranking)  # type: ignore[arg-type]
    assert gc.is_tracked(rank) is not ON_CPYTHON
    assert rank.cards == Hand(indices)
    assert rank.strength == strength_of(indices, ranking)
    assert rank.ranking is ranking
    assert set(rank.best_five) <= set(rank.cards)
    assert len(rank.best_five) == 5
    again = pickle.loads(pickle.dumps(rank))
    assert again == rank
    assert hash(again) == hash(rank)
    assert again.cards == rank.cards
    assert gc.is_tracked(again) is not ON_CPYTHON
    made = HandRank(rank.strength, ranking, Hand(indices))
    assert made == rank
    assert made.cards == rank.cards
    assert repr(made) == repr(rank)


def test_the_fast_path_allocates_no_tracked_object_per_hand() -> None:
    """Seven ints in, a HandRank out, and nothing the collector counts: its generation-0
    counter moves only for the few objects the loop itself makes."""
    rows = [tuple(row) for row in cartes.random_hands(5_000, 7, seed=22).tolist()]
    kept: list[HandRank] = [None] * len(rows)  # type: ignore[list-item]
    evaluate = cartes.evaluate
    gc.disable()
    try:
        before = gc.get_count()[0]
        for i, row in enumerate(rows):
            kept[i] = evaluate(row)
        grown = gc.get_count()[0] - before
    finally:
        gc.enable()
    assert all(type(rank) is HandRank for rank in kept)
    assert grown < (100 if ON_CPYTHON else 1_000_000)


def _ints_from_everywhere(indices: list[int]) -> list[tuple[int, ...]]:
    """The same card indices as exact ints made the ways a caller's ints come about."""
    packed = bytes(indices)
    return [
        tuple(indices),
        tuple(np.array(indices, dtype=np.int64).tolist()),
        tuple(int(str(i)) for i in indices),
        struct.unpack("7B", packed),
        tuple(int.from_bytes(packed[i : i + 1], "little") for i in range(7)),
        tuple((i * 3 + 7 - 7) // 3 for i in indices),
        pickle.loads(pickle.dumps(tuple(indices))),
    ]


@pytest.mark.skipif(not ON_CPYTHON, reason="the leak this guards against is CPython's")
def test_made_and_dropped_handranks_leave_no_memory_behind() -> None:
    """Were a HandRank to keep a reference it never drops (its slots are not released when
    it is freed), every one made and dropped here would leave an object behind."""
    rows = cartes.random_hands(2_000, 7, seed=7).tolist()
    sources = [_ints_from_everywhere(row) for row in rows]
    texts = [" ".join(str(Card(i)) for i in row) for row in rows]
    hands_given = [Hand(row) for row in rows]

    def churn() -> None:
        for ways, text, hand in zip(sources, texts, hands_given, strict=True):
            for cards in ways:
                cartes.evaluate(cards)
            cartes.evaluate(list(ways[0]))
            cartes.evaluate(text)
            cartes.evaluate(hand, CALATONE)
            cartes.evaluate(ways[0][:5])
            rank = cartes.evaluate(ways[0][:6])
            HandRank(rank.strength, STANDARD, rank.cards)

    churn()  # caches (descriptions, best fives) fill here, not below
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        churn()
        churn()
        left = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    # 2 x 2,000 x 13 HandRanks: a leak of even one int each would be over a megabyte.
    assert left < 64_000


@pytest.mark.skipif(not ON_CPYTHON, reason="CPython's small ints")
@given(indices=st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True))
def test_card_indices_reach_the_fast_path_as_the_interpreters_own_ints(
    indices: list[int],
) -> None:
    """What lets the fast path keep the caller's ints: CPython makes every int from -5 to 256
    once, whichever way it is computed, so keeping one costs nothing."""
    for ints in _ints_from_everywhere(indices):
        assert all(value is handrank._INDICES[value] for value in ints)


def test_a_subclass_is_an_ordinary_tracked_class_that_frees_what_it_holds() -> None:
    class Noted(HandRank):
        __slots__ = ("note",)

    rank = cartes.evaluate("As Ks Qs Js Ts 2c 2d")
    note = ["kept"]
    noted = Noted(rank.strength, STANDARD, rank.cards)
    noted.note = note
    assert gc.is_tracked(noted)
    assert noted == rank
    assert noted.cards == rank.cards
    count = len(gc.get_referrers(note))
    del noted
    assert len(gc.get_referrers(note)) == count - 1


def test_untrack_leaves_alone_what_it_cannot_vouch_for() -> None:
    class Weak:
        __slots__ = ("__weakref__", "x")

    class Open:
        pass

    class Plain:
        __slots__ = ("x",)

    class Derived(Plain):
        __slots__ = ()

    for cls in (Weak, Open, Derived):
        assert untrack(cls) is False
        assert gc.is_tracked(cls())
    assert untrack(Plain) is ON_CPYTHON
    assert untrack(Plain) is False  # once only: it is no longer a collected class
    plain = Plain()
    plain.x = 5
    assert gc.is_tracked(plain) is not ON_CPYTHON
    assert gc.is_tracked(Derived())  # a subclass made before or after stays collected


def _uncached_int(value: int) -> int:
    """An exact int equal to ``value`` (0-51) that is not the interpreter's cached object for
    it, as a C extension could make: a fresh two-digit int shrunk in place to one digit."""
    import ctypes

    fresh = int("1" + "0" * 12)  # two 30-bit digits, a new object
    word = ctypes.sizeof(ctypes.c_void_p)
    ctypes.c_ssize_t.from_address(id(fresh) + 2 * word).value = 1  # ob_size
    ctypes.c_uint32.from_address(id(fresh) + 3 * word).value = value  # ob_digit[0]
    return fresh


@pytest.mark.skipif(
    not ON_CPYTHON or sys.version_info >= (3, 12), reason="CPython 3.11's int layout"
)
def test_the_exact_entry_point_turns_away_all_but_the_interpreters_own_ints() -> None:
    from cartes.evaluation import kernels

    good = [51, 47, 43, 39, 35, 0, 1]
    twin = _uncached_int(1)
    assert twin == 1
    assert type(twin) is int
    assert twin is not 1  # noqa: F632
    for exact, plain in ((kernels.exact_entry(kernels.standard7), kernels.standard7),
                         (kernels.exact_entry(kernels.calatone7), kernels.calatone7)):
        assert exact(*good) == plain(*good)
        for odd in (True, 1.0, np.int64(1), np.uint8(1), 2**70, -(2**70), "1", None, twin):
            with pytest.raises(TypeError, match="exact int index 0-51"):
                exact(*good[:6], odd)
        with pytest.raises(cartes.errors.InvalidCardError):
            exact(*good[:6], 52)
        with pytest.raises(cartes.errors.DuplicateCardError):
            exact(*good[:6], 0)
    # evaluate() then takes the full path, which keeps its own ints, not the caller's
    rank = cartes.evaluate((*good[:6], twin))
    assert rank.cards == Hand(good)
    assert all(index is handrank._INDICES[index] for index in rank._indices())
