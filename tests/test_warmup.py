"""``cartes warm-up`` compiles every compiled entry point (issue 21: images and CI pay the
compile cost once), and says so a line per step."""

from __future__ import annotations

import subprocess
import sys

import pytest

from cartes.cli import main

CHECK = """
TESTS = {"random_below"}  # the generator's own check, called by its doctest only
import importlib
from numba.core.registry import CPUDispatcher
from cartes.warmup import warm_up
warm_up(report=None)
for name in ("cartes.evaluation.kernels", "cartes.analysis._kernels"):
    module = importlib.import_module(name)
    for attr, obj in sorted(vars(module).items()):
        # the entry points (no leading underscore) are what Python calls; the helpers they
        # call are compiled into them
        if isinstance(obj, CPUDispatcher) and not attr.startswith("_") and attr not in TESTS:
            print(name, attr, len(obj.signatures))
# the batch kernels (one per shape, checked or not) and the equity kernels, held in objects
from cartes.evaluation.kernels import BATCH
from cartes.analysis._kernels import DISPATCHERS
for attr, obj in sorted(vars(BATCH).items()):
    if isinstance(obj, CPUDispatcher):
        print("BATCH", attr, len(obj.signatures))
for attr, obj in sorted(DISPATCHERS.items()):
    if attr not in TESTS:
        print("DISPATCHERS", attr, len(obj.signatures))
"""


@pytest.mark.slow
def test_warm_up_compiles_every_entry_point() -> None:
    done = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True,
                          check=True, timeout=900)
    rows = [line.split() for line in done.stdout.splitlines()]
    assert len(rows) >= 11
    assert [row for row in rows if row[2] == "0"] == []  # none left to compile on first use


def test_the_command_reports_each_step(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import cartes.warmup

    calls: list[str] = []
    monkeypatch.setattr(cartes.warmup, "_steps", lambda: [
        ("first", lambda: calls.append("first")), ("second", lambda: calls.append("second")),
    ])
    assert main(["warm-up"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert calls == ["first", "second"]
    assert out[0].startswith("[1/2] first: ")
    assert out[1].startswith("[2/2] second: ")
    assert out[2].startswith("ready: 2 entry points in ")


def test_the_steps_cover_both_rankings_every_size_and_the_equity() -> None:
    from cartes.warmup import steps

    names = steps()
    for k in (5, 6, 7):
        assert sum(name.startswith(f"evaluate_many: {k} cards") for name in names) == 8
    assert any(name.startswith("equity: exact") for name in names)
    assert any(name.startswith("equity: Monte Carlo") for name in names)
