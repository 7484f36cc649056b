"""Plots with matplotlib (an optional extra: ``pip install matplotlib``).

Each helper draws on the ``ax`` it is given (or a new figure's) and returns the axes, so plots
compose with the rest of a notebook's matplotlib code.

* :func:`plot_categories`: how often each category comes up under one ranking or several
  (the counts of :func:`cartes.category_counts`, or any counts by category).
* :func:`plot_results`: the running total of each seat over the hands of
  :func:`cartes.play.simulate` or :func:`cartes.play.play_table`.
* :func:`plot_odds`: equities, win probabilities or any odds by name, with error bars (the
  results of an equity or odds computation).

>>> import matplotlib
>>> matplotlib.use("Agg")
>>> import cartes
>>> ax = plot_categories({"standard": cartes.category_counts(5),
...                       "calatone": cartes.category_counts(5, "calatone")})
>>> [label.get_text() for label in ax.get_yticklabels()][:2]
['Straight flush', 'Four of a kind']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import ArrayLike

from cartes.errors import MissingExtraError, OptionError
from cartes.evaluation import Category

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from matplotlib.axes import Axes

__all__ = ["plot_categories", "plot_odds", "plot_results"]


def _axes(ax: Axes | None) -> Axes:
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        raise MissingExtraError(
            "plotting needs matplotlib, which is not installed: pip install matplotlib"
        ) from None
    if ax is not None:
        return ax
    _, new = plt.subplots(figsize=(7, 4))
    return new


def plot_categories(
    counts: Mapping[Category, int] | Mapping[str, Mapping[Category, int]],
    *,
    lang: str = "en",
    log: bool = True,
    ax: Axes | None = None,
) -> Axes:
    """Bars of the frequency (in %) of each category, best first: one ranking's counts, or
    several as ``{"name": counts}`` side by side. ``log`` puts the frequencies on a log
    scale (the rare categories stay visible); ``lang="es"`` names the categories in Spanish.

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import cartes
    >>> ax = plot_categories(cartes.category_counts(5), log=False)
    >>> round(float(max(bar.get_width() for bar in ax.patches)), 1)  # high card, in %
    50.1
    """
    if lang not in ("en", "es"):
        raise OptionError(f"lang must be 'en' or 'es', got {lang!r}")
    if not isinstance(counts, Mapping) or not counts:
        raise OptionError(f"counts must be a non-empty mapping by category, got {counts!r}")
    first = next(iter(counts))
    # one ranking's counts, or several by name
    series: dict[str, Mapping[Category, int]] = (
        {"": counts} if isinstance(first, Category) else dict(counts)  # type: ignore[dict-item, arg-type]
    )
    for name, one in series.items():
        if not isinstance(one, Mapping) or not all(isinstance(c, Category) for c in one):
            raise OptionError(f"counts {name!r} must map each Category to a count, got {one!r}")
    # best first: a category one ranking lacks goes right after its better neighbour in the
    # ranking that has it (five figures after two pair... under calatone's order)
    order: list[Category] = []
    for one in series.values():
        before: Category | None = None
        for category in one:
            if category not in order:
                order.insert(0 if before is None else order.index(before) + 1, category)
            before = category
    ax = _axes(ax)
    height = 0.8 / len(series)
    positions = np.arange(len(order))
    for number, (name, one) in enumerate(series.items()):
        total = sum(one.values())
        shares = [100 * one.get(category, 0) / total for category in order]
        ax.barh(positions + number * height, shares, height=height, label=name or None)
    names = [category.spanish if lang == "es" else category.english for category in order]
    ax.set_yticks(positions + height * (len(series) - 1) / 2, names)
    ax.invert_yaxis()  # best first, at the top
    if log:
        ax.set_xscale("log")
    ax.set_xlabel("share of hands (%)")
    if len(series) > 1:
        ax.legend()
    return ax


def plot_results(
    results: ArrayLike, *, labels: Sequence[str] | None = None, ax: Axes | None = None
) -> Axes:
    """The running total of each seat (one line per column) over the hands: the payoffs per
    hand from :func:`cartes.play.simulate` or :func:`cartes.play.play_table`.

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> ax = plot_results([[2, -2], [-1, 1], [5, -5]], labels=["simple", "random"])
    >>> [line.get_ydata().tolist() for line in ax.get_lines()[:2]]
    [[2, 1, 6], [-2, -1, -6]]
    """
    table = np.asarray(results)
    if table.ndim != 2 or table.shape[1] == 0 or not np.issubdtype(table.dtype, np.number):
        raise OptionError(
            f"results must be numbers of shape (hands, seats), got shape {table.shape} "
            f"of {table.dtype}"
        )
    if labels is not None and len(labels) != table.shape[1]:
        raise OptionError(f"labels must name the {table.shape[1]} seats, got {list(labels)}")
    ax = _axes(ax)
    running = np.cumsum(table, axis=0)
    hands = np.arange(1, table.shape[0] + 1)
    for seat in range(table.shape[1]):
        name = f"seat {seat}" if labels is None else f"seat {seat}: {labels[seat]}"
        ax.plot(hands, running[:, seat], label=name)
    ax.axhline(0, color="#999", linewidth=0.8)
    ax.set_xlabel("hands")
    ax.set_ylabel("chips won (running total)")
    ax.legend()
    return ax


def plot_odds(
    odds: Mapping[str, float],
    errors: Mapping[str, float] | None = None,
    *,
    title: str | None = None,
    ax: Axes | None = None,
) -> Axes:
    """Bars of equities, probabilities or any odds by name (in [0, 1]), with optional error
    bars (a standard error per name, as a Monte Carlo run gives).

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> ax = plot_odds({"As Ad": 0.82, "Kc Qc": 0.18}, {"As Ad": 0.01, "Kc Qc": 0.01})
    >>> [round(float(bar.get_height()), 2) for bar in ax.patches]
    [0.82, 0.18]
    """
    if not isinstance(odds, Mapping) or not odds:
        raise OptionError(f"odds must be a non-empty mapping of name to value, got {odds!r}")
    values = [float(value) for value in odds.values()]
    spread: list[float] | None = None
    if errors is not None:
        missing = [name for name in odds if name not in errors]
        if missing:
            raise OptionError(f"errors must give a value for each name; missing {missing}")
        spread = [float(errors[name]) for name in odds]
    ax = _axes(ax)
    kwargs: dict[str, Any] = {} if spread is None else {"yerr": spread, "capsize": 4}
    ax.bar(list(map(str, odds)), values, **kwargs)
    ax.set_ylim(0, max(1.0, max(values)))
    ax.set_ylabel("probability")
    if title:
        ax.set_title(title)
    return ax
