"""Test configuration: the tests folder is importable (for the naive evaluator)."""

import sys
from pathlib import Path

from hypothesis import settings

sys.path.insert(0, str(Path(__file__).parent))

settings.register_profile("ci", deadline=None, print_blob=True)
settings.register_profile("default", deadline=None)
settings.load_profile("default")
