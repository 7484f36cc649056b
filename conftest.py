"""Collection rules for the whole checkout: modules and pages whose optional extra is not
installed are not collected (their doctests need it). The README's test command installs the
test extra, which brings every extra; CI installs them all and runs everything."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator

import pytest

import cartes.games as registry
import cartes.games.encoding as encodings
from cartes.games._moved import MOVED

collect_ignore_glob = [
    path
    for path, module in [
        ("src/cartes/plot.py", "matplotlib"),
        ("src/cartes/widget.py", "anywidget"),
        ("src/cartes/adapters/openspiel/*.py", "pyspiel"),
        ("src/cartes/adapters/pettingzoo.py", "pettingzoo"),
        ("docs/adapters.rst", "pyspiel"),
        ("docs/adapters.rst", "pettingzoo"),
    ]
    if importlib.util.find_spec(module) is None
]
# The deprecated aliases of the modules that moved (issue 19) warn when imported: their own
# test imports them on purpose (tests/test_moved_modules.py); doctest collection must not.
collect_ignore_glob += ["src/" + name.replace(".", "/") + ".py" for name in MOVED]


@pytest.fixture(autouse=True)
def _registry_as_it_was() -> Iterator[None]:
    """Every test and doctest leaves the game registry (and the encodings') as it found it: a
    game registered by one (``register("short-stud", ...)`` in a docstring) is not seen by
    the next."""
    before, discovered = dict(registry._REGISTRY), registry._discovered
    encoded, encodings_discovered = dict(encodings._ENCODINGS), encodings._discovered
    yield
    registry._REGISTRY.clear()
    registry._REGISTRY.update(before)
    registry._discovered = discovered
    encodings._ENCODINGS.clear()
    encodings._ENCODINGS.update(encoded)
    encodings._discovered = encodings_discovered
