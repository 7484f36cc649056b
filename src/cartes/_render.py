"""The rendering hook: how low modules get a notebook view without importing the display.

Cards, hands, decks, hand ranks, game states, observations and tables define
``_repr_html_`` and ``_repr_pretty_`` (the methods Jupyter and IPython look for) as the two
functions below. Each asks a single-dispatch function for a view of the object; the functions
here know no type and answer ``None`` ("no rich view": the plain ``repr`` is shown).
:mod:`cartes.display`, which sits above the games, registers the real views when it is
imported; ``import cartes`` names it here (:func:`load_views_with`) without importing it,
and the first view asked for imports it. So the arrows stay one way: the card and game
modules import only this module, and this module imports only what it is told by name.

>>> from cartes import Hand
>>> "<svg" in Hand("As Kd")._repr_html_()
True
"""

from __future__ import annotations

import importlib
from functools import singledispatch
from typing import Any

__all__ = ["html", "repr_html", "repr_pretty", "text"]


@singledispatch
def html(obj: object) -> str | None:
    """The HTML view of ``obj``, or ``None`` when no view is registered for its type."""
    return None


@singledispatch
def text(obj: object) -> str | None:
    """A readable multi-line text view of ``obj``, or ``None`` when none is registered."""
    return None


_VIEWS: list[str] = []  # modules that register the views, imported when a view is first asked


def load_views_with(module: str) -> None:
    """Name a module that registers views when imported; it is imported the first time a
    view is asked for (``import cartes`` names :mod:`cartes.display` without loading it)."""
    _VIEWS.append(module)


def _load_views() -> None:
    while _VIEWS:
        importlib.import_module(_VIEWS.pop())


def repr_html(self: object) -> str | None:
    """``_repr_html_`` for any class: the registered HTML view."""
    _load_views()
    return html(self)


def repr_pretty(self: object, printer: Any, cycle: bool) -> None:
    """``_repr_pretty_`` for any class: IPython's plain view is the registered text view
    (the ``repr`` when there is none)."""
    _load_views()
    view = None if cycle else text(self)
    printer.text(repr(self) if view is None else view)
