"""Test setup: a stand-in evaluator until ``cartes.evaluation`` is merged into this branch."""

from __future__ import annotations

import importlib.util
import sys

if importlib.util.find_spec("cartes.evaluation") is None:
    sys.path.insert(0, __file__.rsplit("/", 1)[0] + "/tests")
    import _fallback_eval

    sys.modules["cartes.evaluation"] = _fallback_eval
