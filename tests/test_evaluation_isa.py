"""Issue 22.1: the batch kernels give the same strengths whatever instruction set numba
compiles them for. This machine's own (AVX-512 VBMI here) runs everywhere else in the tests;
these force older targets in a fresh process (``NUMBA_CPU_NAME`` with an empty
``NUMBA_CPU_FEATURES``, a cache of its own): AVX2
without AVX-512 (the vector input check then lowers to ``vpshufb``/``vpermd``) and plain x86-64
(SSE2: no popcount or tzcnt instructions, no 64-byte vectors). Every row is checked against
the plain-Python evaluator, and bad rows must be refused the same way."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter

import numpy as np
import pytest

import cartes
from cartes import CALATONE, STANDARD
from cartes.evaluation.handrank import strength_of

SCRIPT = """
import json, sys
import numpy as np
import cartes
from cartes.evaluation import kernels
hands = cartes.random_hands(6_000, 7, seed=22)
out = {}
for ranking in ("standard", "calatone"):
    for check in (True, False):
        for threads in (1, 2):
            name = f"{ranking} check={check} threads={threads}"
            out[name] = cartes.evaluate_many(hands, ranking, check=check, threads=threads).tolist()
    for k in (5, 6):
        out[f"{ranking} {k} cards"] = cartes.evaluate_many(hands[:, :k], ranking).tolist()
errors = []
for row, value in ((4_000, 52), (100, 255), (5_999, 0)):
    bad = hands.copy()
    bad[row, 6] = value if value != 0 else bad[row, 1]
    try:
        cartes.evaluate_many(bad)
    except cartes.errors.CartesError as error:
        errors.append(f"{type(error).__name__}: {error}")
out["errors"] = errors
# compiled afresh (a cache of its own), so the code is there to read: no 64-byte vectors
asm = "".join(kernels.BATCH._sevens_checked.inspect_asm().values())
out["vectors"] = sorted({width for width in ("zmm", "ymm") if width in asm})
json.dump(out, sys.stdout)
"""


@pytest.mark.slow
@pytest.mark.parametrize("cpu", ["haswell", "x86-64"])
def test_the_batch_kernels_agree_on_an_older_instruction_set(cpu: str, tmp_path: object) -> None:
    # An empty feature list means the named CPU's own; without it numba adds this machine's.
    env = {
        **os.environ, "NUMBA_CPU_NAME": cpu, "NUMBA_CPU_FEATURES": "",
        "NUMBA_CACHE_DIR": str(tmp_path),
    }
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, check=True, env=env,
        timeout=1200,
    )
    got = json.loads(done.stdout)
    hands = cartes.random_hands(6_000, 7, seed=22)
    rows = hands.tolist()
    for ranking, rules in (("standard", STANDARD), ("calatone", CALATONE)):
        expected = [strength_of(row, rules) for row in rows]
        for check in (True, False):
            for threads in (1, 2):
                assert got[f"{ranking} check={check} threads={threads}"] == expected
        for k in (5, 6):
            assert got[f"{ranking} {k} cards"] == [strength_of(row[:k], rules) for row in rows]
    # about one hand in thirty is a flush: the kernels' second pass was exercised
    assert sum(max(Counter(card & 3 for card in row).values()) >= 5 for row in rows) > 100
    # the forced target holds: no AVX-512 register on either (whether LLVM chooses AVX2's
    # 32-byte vectors for haswell varies with the build, so that is not asserted), none on SSE2
    assert "zmm" not in got["vectors"]
    if cpu == "x86-64":
        assert got["vectors"] == []
    assert got["errors"] == [
        f"InvalidCardError: row 4000 of the hands, {[*rows[4000][:6], 52]}, has a card index"
        " outside 0-51",
        f"InvalidCardError: row 100 of the hands, {[*rows[100][:6], 255]}, has a card index"
        " outside 0-51",
        f"DuplicateCardError: row 5999 of the hands, {[*rows[5999][:6], rows[5999][1]]}, has a"
        " repeated card",
    ]


def _flush_heavy(n: int, seed: int) -> np.ndarray:
    """Seven-card rows of which about half hold five or more of one suit, in shuffled order."""
    rng = np.random.default_rng(seed)
    rows = []
    for _ in range(n):
        if rng.random() < 0.5:
            suit = int(rng.integers(4))
            count = int(rng.integers(5, 8))
            suited = rng.choice(13, size=count, replace=False) * 4 + suit
            others = [c for c in range(52) if c % 4 != suit]
            rest = rng.choice(others, size=7 - count, replace=False)
            row = np.concatenate([suited, rest])
        else:
            row = rng.choice(52, size=7, replace=False)
        rows.append(rng.permutation(row))
    return np.array(rows, dtype=np.uint8)


@pytest.mark.parametrize("ranking", [STANDARD, CALATONE])
def test_this_machines_batch_kernels_equal_the_python_evaluator(ranking: cartes.Ranking) -> None:
    """On the rows the kernels value in 64-row blocks, flushes second: random rows and rows
    that are flushes one time in two, at every position of a block, checked or not, one thread
    or two, against the plain-Python evaluator."""
    for hands in (cartes.random_hands(150_000, 7, seed=5), _flush_heavy(4_099, seed=6)):
        expected = [strength_of(row, ranking) for row in hands[:20_000].tolist()]
        for check in (True, False):
            for threads in (1, 2):
                got = cartes.evaluate_many(hands, ranking, check=check, threads=threads)
                assert got[:20_000].tolist() == expected
                assert got[-1] == strength_of(hands[-1].tolist(), ranking)
                if len(hands) > 20_000:  # the two-thread call cut it into spans
                    again = cartes.evaluate_many(hands[20_000:], ranking, check=check)
                    assert np.array_equal(got[20_000:], again)


COMPILE_ONLY = """
import json, sys
import numba as nb
from cartes.evaluation import kernels
rows = nb.types.Array(nb.types.uint8, 2, "C")
out = nb.types.Array(nb.types.uint16, 1, "C")
code = {}
for name in ("_sevens", "_sevens_checked"):
    kernel = getattr(kernels.BATCH, name)
    kernel.compile((rows, nb.types.int64, out))  # compiled, never run: this machine may lack it
    code[name] = "".join(kernel.inspect_asm().values())
ops = ("vpermb", "vpermt2b", "vpermi2b", "vpermt2q", "vpermi2q", "vpermq")
json.dump({name: sorted(op for op in ops if op in asm) for name, asm in code.items()}, sys.stdout)
"""


def test_the_eight_row_code_builds_for_avx512_vbmi_on_any_x86_machine(tmp_path: object) -> None:
    # The eight-rows-at-once kernels (cartes.evaluation._eightrows) run only where the machine
    # has AVX-512 VBMI (tests/test_evaluation_paths.py runs them there); here they are compiled
    # for such a CPU whatever this machine is, in a fresh process, and read in the assembly.
    import platform

    if platform.machine().lower() not in ("x86_64", "amd64"):
        pytest.skip("an x86 target")
    # the features named: the kernels read numba's feature list, which is empty when left so
    features = "+avx512f,+avx512bw,+avx512vl,+avx512dq,+avx512vbmi,+avx2,+bmi2,+popcnt,+lzcnt"
    env = {
        **os.environ, "NUMBA_CPU_NAME": "icelake-server", "NUMBA_CPU_FEATURES": features,
        "NUMBA_CACHE_DIR": str(tmp_path),
    }
    done = subprocess.run(
        [sys.executable, "-c", COMPILE_ONLY], capture_output=True, text=True, check=True,
        env=env, timeout=600,
    )
    got = json.loads(done.stdout)
    for name in ("_sevens", "_sevens_checked"):
        # a card position of eight rows into 64-bit lanes (a byte permute of one or two sources)
        assert {"vpermb", "vpermt2b", "vpermi2b"} & set(got[name])
        assert {"vpermt2q", "vpermi2q"} & set(got[name])  # the rank keys held in registers
        assert "vpermq" in got[name]  # the suit keys
