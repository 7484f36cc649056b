"""Collection rules for the whole checkout: modules and pages whose optional extra is not
installed are not collected (their doctests need it). The README's test command installs the
test extra, which brings every extra; CI installs them all and runs everything."""

from __future__ import annotations

import importlib.util

from cartes.games._moved import MOVED

collect_ignore_glob = [
    path
    for path, module in [
        ("src/cartes/plot.py", "matplotlib"),
        ("src/cartes/widget.py", "anywidget"),
        ("src/cartes/adapters/openspiel.py", "pyspiel"),
        ("src/cartes/adapters/pettingzoo.py", "pettingzoo"),
        ("docs/adapters.rst", "pyspiel"),
        ("docs/adapters.rst", "pettingzoo"),
    ]
    if importlib.util.find_spec(module) is None
]
# The deprecated aliases of the modules that moved (issue 19) warn when imported: their own
# test imports them on purpose (tests/test_moved_modules.py); doctest collection must not.
collect_ignore_glob += ["src/" + name.replace(".", "/") + ".py" for name in MOVED]
