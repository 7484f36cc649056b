"""Collection rules for the whole checkout: the adapters' modules (and their doctests) need
their optional extras; without them the modules are not collected."""

from __future__ import annotations

import importlib.util

collect_ignore_glob = [
    path
    for path, module in [
        ("src/cartes/adapters/openspiel.py", "pyspiel"),
        ("src/cartes/adapters/pettingzoo.py", "pettingzoo"),
        ("docs/adapters.rst", "pyspiel"),
        ("docs/adapters.rst", "pettingzoo"),
    ]
    if importlib.util.find_spec(module) is None
]
