"""The documented workflow type-checks: ``mypy --strict`` accepts a user's script
(``tests/typed/user_script.py``) against the cartes under test, and the script runs."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import cartes

pytest.importorskip("mypy")

SCRIPT = Path(__file__).parent / "typed" / "user_script.py"
SOURCES = Path(cartes.__file__).resolve().parents[1]  # the src folder of the cartes under test
ROOT = SOURCES.parent


def test_user_script_passes_mypy_strict(tmp_path):
    # MYPYPATH puts the cartes under test first (mypy does not read PYTHONPATH); the project's
    # own mypy settings (numba is untyped) come from pyproject.toml.
    env = {**os.environ, "MYPYPATH": str(SOURCES)}
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--config-file", str(ROOT / "pyproject.toml"),
         "--cache-dir", str(tmp_path / "mypy"), str(SCRIPT)],
        capture_output=True, text=True, env=env, cwd=ROOT, timeout=600, check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_user_script_runs():
    env = {**os.environ, "PYTHONPATH": str(SOURCES)}
    result = subprocess.run(
        [sys.executable, str(SCRIPT)], capture_output=True, text=True, env=env, timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr
