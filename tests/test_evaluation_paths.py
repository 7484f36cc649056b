"""Issue 22.1: the seven-card batch kernels choose their code by the machine (AVX-512 VBMI or
not: eight rows' keys at once in vector registers, or one load a card or two, whole-vector or
lane-wise input check; and where two, whether BMI2's pext gathers their index into a smaller
table); every choice, compiled here whatever this machine would pick (the AVX-512 and BMI2
instructions only where the machine has them), gives the strengths of the plain-Python
evaluator, refuses exactly the bad rows and reads nothing past the array's end."""

from __future__ import annotations

import ctypes
import mmap
import re
import sys
from collections import Counter
from collections.abc import Iterator

import numpy as np
import pytest

import cartes
from cartes import CALATONE, STANDARD
from cartes.evaluation import _eightrows, _rowcheck, kernels
from cartes.evaluation.handrank import strength_of


def _host_features() -> list[str]:
    from numba.core.registry import cpu_target

    return _rowcheck.target_features(cpu_target.target_context)


_NO_BMI2 = "+bmi2" not in _host_features()
_NO_VBMI = not {"+avx512vbmi", "+avx512f"} <= set(_host_features())

#: The machine choices forced: (AVX-512 VBMI check, pext-gathered pair keys, eight rows' keys
#: in vector registers). With VBMI the scalar rows read one card a load, so pext does not
#: arise; pext and the eight-row code are forced only where the host can run them (a slow
#: microcoded pext is still correct).
_CHOICES = [
    pytest.param(
        (True, False, True),
        id="vbmi code, eight rows at once",
        marks=pytest.mark.skipif(_NO_VBMI, reason="this machine has no AVX-512 VBMI"),
    ),
    pytest.param((True, False, False), id="vbmi check, one load a card"),
    pytest.param(
        (False, True, False),
        id="avx2 code, pext pairs",
        marks=pytest.mark.skipif(_NO_BMI2, reason="this machine has no BMI2"),
    ),
    pytest.param((False, False, False), id="avx2 code, stride-256 pairs"),
]


@pytest.fixture(scope="module", params=_CHOICES)
def forced(request: pytest.FixtureRequest) -> kernels.RowKernels:
    """Batch kernels compiled afresh (no cache) with the machine's choices forced, and their
    seven-card kernels compiled for uint8 and int64 rows while they are."""
    whole, pext, eight = request.param
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_rowcheck, "whole_vector_shuffles", lambda context: whole)
        patch.setattr(_rowcheck, "fast_pext", lambda context: pext)
        patch.setattr(_eightrows, "eight_rows_at_once", lambda context: eight)
        batch = kernels.RowKernels(cache=False)
        for dtype in (np.uint8, np.uint64):
            sample = cartes.random_hands(200, 7, seed=0).astype(dtype)
            out = np.empty(len(sample), np.uint16)
            batch.evaluate_rows(sample, 0, out)
            batch.evaluate_rows_checked(sample, 0, out)
    return batch


def test_the_machine_choice_is_what_was_forced(
    forced: kernels.RowKernels, request: pytest.FixtureRequest
) -> None:
    # The choice shows in the code: two-card keys come from unaligned 16-bit loads of the
    # rows, gathered by pext when forced, and the lane-wise check loads 16 bytes at a time
    # (the whole-vector one 64).
    vbmi, pext, eight = request.node.callspec.params["forced"]
    plain = "".join(forced._sevens.inspect_llvm().values())
    checked = "".join(forced._sevens_checked.inspect_llvm().values())
    assert ("llvm.x86.avx512.vpermi2var.q.512" in plain) is eight
    assert ("llvm.x86.avx512.vpermi2var.q.512" in checked) is eight
    pair_loads = re.compile(r"load i16, (i16\*|ptr) %[^,]+, align 1")
    assert bool(pair_loads.search(plain)) is not vbmi
    assert bool(pair_loads.search(checked)) is not vbmi
    assert ("llvm.x86.bmi.pext.64" in plain) is pext
    assert ("llvm.x86.bmi.pext.64" in checked) is pext
    assert ("load <16 x i8>" in checked) is not vbmi
    assert ("load <64 x i8>" in checked) is vbmi


@pytest.mark.parametrize(("ranking", "rules"), [(0, STANDARD), (1, CALATONE)])
def test_both_codes_give_the_plain_evaluators_strengths(
    forced: kernels.RowKernels, ranking: int, rules: object
) -> None:
    hands = cartes.random_hands(20_000, 7, seed=ranking + 5)
    rows = hands.tolist()
    # about one hand in thirty is a flush: the kernels' second pass is exercised
    assert sum(max(Counter(card & 3 for card in row).values()) >= 5 for row in rows) > 400
    expected = [strength_of(row, rules) for row in rows]
    for dtype in (np.uint8, np.uint64):
        typed = hands.astype(dtype)
        out = np.zeros(len(hands), np.uint16)
        forced.evaluate_rows(typed, ranking, out)
        assert out.tolist() == expected
        out[:] = 0
        assert forced.evaluate_rows_checked(typed, ranking, out) == 0
        assert out.tolist() == expected
        out[:] = 0
        forced.evaluate_rows_parallel(typed, ranking, out, 2)
        assert out.tolist() == expected


def test_both_codes_refuse_exactly_the_bad_rows(forced: kernels.RowKernels) -> None:
    rng = np.random.default_rng(22)
    hands = cartes.random_hands(5_000, 7, seed=9)
    bad = np.sort(rng.choice(len(hands), 60, replace=False))
    for n, row in enumerate(bad):
        place, other = rng.choice(7, 2, replace=False)
        hands[row, place] = hands[row, other] if n % 2 else 52 + n
    good = np.setdiff1d(np.arange(len(hands)), bad)
    expected = [strength_of(row, STANDARD) for row in hands[good].tolist()]
    for dtype in (np.uint8, np.uint64):
        out = np.full(len(hands), 0xFFFF, np.uint16)
        assert forced.evaluate_rows_checked(hands.astype(dtype), 0, out) == len(bad)
        assert (out[bad] == 0xFFFF).all()
        assert out[good].tolist() == expected


@pytest.fixture
def guarded() -> Iterator[tuple[mmap.mmap, int]]:
    """A buffer of pages whose last page cannot be read (Linux): an array placed to end at it
    faults on any read past its end."""
    page = mmap.PAGESIZE
    buffer = mmap.mmap(-1, 4 * page)
    base = ctypes.addressof(ctypes.c_char.from_buffer(buffer))
    libc = ctypes.CDLL(None, use_errno=True)
    libc.mprotect.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
    assert libc.mprotect(base + 3 * page, page, 0) == 0  # PROT_NONE
    yield buffer, 3 * page
    assert libc.mprotect(base + 3 * page, page, mmap.PROT_READ | mmap.PROT_WRITE) == 0


@pytest.mark.skipif(sys.platform != "linux", reason="mprotect through ctypes: Linux only")
@pytest.mark.parametrize("n", [64, 70, 71, 72, 73, 128, 135, 136, 137, 200, 300])
def test_no_code_reads_past_the_arrays_end(
    forced: kernels.RowKernels, guarded: tuple[mmap.mmap, int], n: int
) -> None:
    # The vector loads read up to 8 bytes past the rows they evaluate: every kernel must keep
    # them inside the array, whatever its length (a read past the end faults here).
    buffer, end = guarded
    hands = cartes.random_hands(n, 7, seed=n)
    rows = np.frombuffer(buffer, np.uint8, count=7 * n, offset=end - 7 * n).reshape(n, 7)
    rows[:] = hands
    expected = [strength_of(row, STANDARD) for row in hands.tolist()]
    out = np.zeros(n, np.uint16)
    forced.evaluate_rows(rows, 0, out)
    assert out.tolist() == expected
    out[:] = 0
    assert forced.evaluate_rows_checked(rows, 0, out) == 0
    assert out.tolist() == expected
    del rows


def test_every_kind_of_bad_row_is_refused_wherever_it_sits(forced: kernels.RowKernels) -> None:
    # One bad row a block, at every place of the block in turn (so at every row of the eight
    # that one vector load holds), made bad every way: each pair of places holding one card,
    # and each place holding a card just past 51, at the sign bit or at the byte's top.
    cases = [("repeat", i, j) for i in range(7) for j in range(i + 1, 7)]
    cases += [("range", i, value) for i in range(7) for value in (52, 63, 64, 127, 128, 255)]
    assert len(cases) == 63
    cases.append(("repeat", 0, 6))  # 64 cases: every place of a block once
    hands = cartes.random_hands(64 * len(cases) + 8, 7, seed=3)
    bad = []
    for block, (kind, i, other) in enumerate(cases):
        row = 64 * block + block * 37 % 64  # 37 is prime to 64: each place once
        if kind == "repeat":
            hands[row, i] = hands[row, other]
        else:
            hands[row, i] = other
        bad.append(row)
    good = np.setdiff1d(np.arange(len(hands)), bad)
    out = np.full(len(hands), 0xFFFF, np.uint16)
    assert forced.evaluate_rows_checked(hands, 0, out) == len(bad)
    assert (out[bad] == 0xFFFF).all()
    assert out[good].tolist() == [strength_of(row, STANDARD) for row in hands[good].tolist()]


def test_rows_split_over_two_threads_are_each_ranked_from_their_own_start(
    forced: kernels.RowKernels,
) -> None:
    # two spans of a batch are slices of it, each read from its own first row (a span ends
    # where the next begins: the vector code must stop short of reading into it)
    hands = cartes.random_hands(2 * 65_536 + 77, 7, seed=12)
    bad = [65_536 + 3, 65_536 * 2 + 70]
    hands[bad[0], 5] = hands[bad[0], 2]
    hands[bad[1], 0] = 200
    good = np.setdiff1d(np.arange(len(hands)), bad)
    expected = [strength_of(row, STANDARD) for row in hands[good].tolist()]
    out = np.full(len(hands), 0xFFFF, np.uint16)
    assert forced.evaluate_rows_checked_parallel(hands, 0, out, 2) == 2
    assert (out[bad] == 0xFFFF).all()
    assert out[good].tolist() == expected
    clean = hands[good]
    out = np.zeros(len(clean), np.uint16)
    forced.evaluate_rows_parallel(clean, 0, out, 2)
    assert out.tolist() == expected


@pytest.mark.parametrize("layout", ["every other", "reversed", "uint32", "int64"])
def test_an_out_array_of_any_layout_gets_every_strength(
    forced: kernels.RowKernels, layout: str
) -> None:
    # the vector code stores eight packed uint16 strengths: any other out takes the rows one
    # by one (and none is written outside it)
    hands = cartes.random_hands(1_000, 7, seed=21)
    expected = [strength_of(row, STANDARD) for row in hands.tolist()]
    for checked in (False, True):
        if layout == "every other":
            whole = np.zeros(2 * len(hands), np.uint16)
            out = whole[::2]
        elif layout == "reversed":
            whole = np.zeros(len(hands) + 64, np.uint16)
            out = whole[: len(hands)][::-1]
        else:
            whole = np.zeros(len(hands), np.uint32 if layout == "uint32" else np.int64)
            out = whole
        if checked:
            assert forced.evaluate_rows_checked(hands, 0, out) == 0
        else:
            forced.evaluate_rows(hands, 0, out)
        assert out.tolist() == expected
        if layout == "every other":
            assert not whole[1::2].any()
        if layout == "reversed":
            assert not whole[len(hands):].any()
