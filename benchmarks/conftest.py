"""Shared inputs for the benchmarks (one batch of random hands per session), and collection of
the ``bench_*.py`` files as test modules too."""

from pathlib import Path

import numpy as np
import pytest

from cartes import random_hands


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
