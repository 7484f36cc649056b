"""Shared inputs for the benchmarks (one batch of random hands per session), and collection of
the ``bench_*.py`` files as test modules too."""

from pathlib import Path

import numpy as np
import pytest

import cartes
from cartes import random_hands
from cartes.evaluation.evaluator import WARM_UP_CALLS

# the OpenSpiel adapter as it was, a baseline that bench_openspiel.py imports: not a test module
collect_ignore = ["_openspiel_before.py"]


@pytest.fixture(scope="session", autouse=True)
def _evaluator_loaded() -> None:
    """Load the evaluator's compiled entry points before anything is timed: the first
    ``WARM_UP_CALLS`` calls of a process take the Python path, and the next one loads numba
    (about half a second), which would otherwise land inside some benchmark's rounds."""
    for _ in range(WARM_UP_CALLS + 1):
        cartes.evaluate((0, 5, 10, 15, 20, 25, 30))


@pytest.fixture(scope="session")
def hands7() -> np.ndarray:
    return random_hands(1_000_000, 7, seed=2026)


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Module | None:
    # A file named on the command line is collected by pytest itself; don't collect it twice.
    if parent.session.isinitpath(file_path):
        return None
    if file_path.suffix == ".py" and file_path.name.startswith("bench_"):
        return pytest.Module.from_parent(parent, path=file_path)
    return None
