"""Issue 8.4: a user script that uses the evaluation passes ``mypy --strict`` with the precise
types (``standard7`` was Any)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy (dev extra) missing")
def test_a_typed_user_script_checks(tmp_path: Path) -> None:
    from mypy import api

    script = HERE / "typed" / "evaluation_user.py"
    config = HERE.parent / "pyproject.toml"  # the project's mypy settings, from any directory
    options = ["--config-file", str(config), "--strict", "--no-error-summary"]
    stdout, stderr, status = api.run([*options, "--cache-dir", str(tmp_path / "c"), str(script)])
    assert status == 0, stdout + stderr
