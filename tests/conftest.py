"""Test configuration: the tests folder is importable (for the naive evaluator), and the
compiled kernels run unless a test asks for the numpy path."""

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

sys.path.insert(0, str(Path(__file__).parent))

settings.register_profile("ci", deadline=None, print_blob=True)
settings.register_profile("default", deadline=None)
settings.load_profile("default")


@pytest.fixture(autouse=True)
def _compiled_kernels() -> Iterator[None]:
    """Every batch and exact equity compiled unless a test asks for the numpy path
    (``_vectorised.budget``, ``_boards.budget``): the tests of the kernels mean the kernels,
    whatever the tests before them evaluated."""
    from cartes.analysis import _boards
    from cartes.evaluation import _vectorised

    with _vectorised.budget(0), _boards.budget(0):
        yield
