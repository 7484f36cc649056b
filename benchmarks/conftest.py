"""Shared inputs for the benchmarks: one batch of random hands per session."""

import numpy as np
import pytest

from cartes.bench import random_hands


@pytest.fixture(scope="session")
def hands7() -> np.ndarray:
    return random_hands(1_000_000, 7, seed=2026)
