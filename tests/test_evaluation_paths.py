"""Issue 22.1: the seven-card batch kernels choose their code by the machine (AVX-512 VBMI or
not: one load a card or two, whole-vector or lane-wise input check; and where two, whether
BMI2's pext gathers their index into a smaller table); every choice, compiled here whatever
this machine would pick, gives the strengths of the plain-Python evaluator and
refuse exactly the bad rows."""

from __future__ import annotations

import re
from collections import Counter

import numpy as np
import pytest

import cartes
from cartes import CALATONE, STANDARD
from cartes.evaluation import _rowcheck, kernels
from cartes.evaluation.handrank import strength_of


def _host_has_bmi2() -> bool:
    from numba.core.registry import cpu_target

    return "+bmi2" in _rowcheck.target_features(cpu_target.target_context)


#: The machine choices forced: (AVX-512 VBMI code, pext-gathered pair keys). With VBMI the
#: kernels read one card a load, so pext does not arise; pext is forced only where the host can
#: run it (any x86 with BMI2; a slow microcoded pext is still correct).
_CHOICES = [
    pytest.param((True, False), id="vbmi code"),
    pytest.param(
        (False, True),
        id="avx2 code, pext pairs",
        marks=pytest.mark.skipif(not _host_has_bmi2(), reason="this machine has no BMI2"),
    ),
    pytest.param((False, False), id="avx2 code, stride-256 pairs"),
]


@pytest.fixture(scope="module", params=_CHOICES)
def forced(request: pytest.FixtureRequest) -> kernels.RowKernels:
    """Batch kernels compiled afresh (no cache) with the machine's choices forced, and their
    seven-card kernels compiled for uint8 and int64 rows while they are."""
    whole, pext = request.param
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_rowcheck, "whole_vector_shuffles", lambda context: whole)
        patch.setattr(_rowcheck, "fast_pext", lambda context: pext)
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
    vbmi, pext = request.node.callspec.params["forced"]
    plain = "".join(forced._sevens.inspect_llvm().values())
    checked = "".join(forced._sevens_checked.inspect_llvm().values())
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
