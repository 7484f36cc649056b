"""Doctests of modules whose optional extra is not installed are not collected (the README's
test command installs only the test extra; CI installs every extra and runs them all)."""

import importlib.util

collect_ignore = [
    path
    for path, extra in [("src/cartes/plot.py", "matplotlib")]
    if importlib.util.find_spec(extra) is None
]
