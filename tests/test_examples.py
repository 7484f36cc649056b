"""Every script in examples/ runs (with small sizes) and prints what it promises."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import cartes

ROOT = Path(__file__).parent.parent
EXAMPLES = ROOT / "examples"
SRC = str(Path(cartes.__file__).parent.parent)


def run_example(name: str, *args: str) -> str:
    env = {**os.environ, "PYTHONPATH": SRC, "PYTHONIOENCODING": "utf-8"}
    result = subprocess.run(
        [sys.executable, str(EXAMPLES / name), *args],
        capture_output=True, text=True, encoding="utf-8", env=env, timeout=120, check=False,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_every_example_is_tested() -> None:
    tested = {"evaluate_hands.py", "play_a_hand.py", "my_agent.py", "table_page.py",
              "openspiel_mccfr.py"}  # the last in test_openspiel.py (it needs OpenSpiel)
    assert {path.name for path in EXAMPLES.glob("*.py")} == tested


def test_evaluate_hands() -> None:
    out = run_example("evaluate_hands.py", "20000")
    assert "standard: Two pair, aces and fives" in out
    assert " calatone: Five figures" in out
    assert "20,000 random seven-card hands:" in out
    rows = out.split("20,000 random seven-card hands:")[1].strip().splitlines()
    assert len(rows) == 9  # the standard ranking's nine categories, no five figures row
    assert not any("Five figures" in row for row in rows)
    shares = [float(row.split()[-1].rstrip("%")) for row in rows]
    assert sum(shares) == pytest.approx(100, abs=0.01)


def test_play_a_hand(tmp_path: Path) -> None:
    out = run_example("play_a_hand.py", "3", str(tmp_path / "hand.json"))
    assert out.startswith("Hand starts: button seat 0")
    assert "the replay is the same hand: True" in out


def test_my_agent() -> None:
    out = run_example("my_agent.py", "100")
    rows = [line for line in out.splitlines() if line.startswith("seat")]
    assert [row.split()[2] for row in rows] == ["PairOrFold", "SimpleAgent", "RandomAgent"]
    assert sum(int(row.split()[3]) for row in rows) == 0


def test_table_page(tmp_path: Path) -> None:
    target = tmp_path / "page.html"
    assert run_example("table_page.py", str(target)) == f"wrote {target}\n"
    page = target.read_text(encoding="utf-8")
    fresh = subprocess.run(  # the games a new process knows (tests may register more here)
        [sys.executable, "-c", "import cartes; print(*cartes.games.available())"],
        capture_output=True, text=True, env={**os.environ, "PYTHONPATH": SRC}, check=True,
    ).stdout.split()
    assert re.findall(r"<h2>(.*?)</h2>", page) == fresh
    assert 'data-card="back"' in page
