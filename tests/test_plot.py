"""The plot helpers draw what they are given, and refuse what they cannot draw."""

from __future__ import annotations

import sys

import numpy as np
import pytest

import cartes
from cartes import Category
from cartes.errors import MissingExtraError, OptionError

matplotlib = pytest.importorskip("matplotlib", reason="the plot extra is not installed")
matplotlib.use("Agg")

from cartes.plot import plot_categories, plot_odds, plot_results  # noqa: E402


def test_categories_side_by_side_best_first() -> None:
    standard = cartes.category_counts(5)
    calatone = cartes.category_counts(5, "calatone")
    ax = plot_categories({"standard": standard, "calatone": calatone}, lang="es", log=False)
    labels = [label.get_text() for label in ax.get_yticklabels()]
    assert labels[0] == Category.STRAIGHT_FLUSH.spanish
    assert labels[-1] == Category.HIGH_CARD.spanish
    assert set(labels) == {c.spanish for c in Category}
    widths = [bar.get_width() for bar in ax.patches]
    assert len(widths) == 2 * len(labels)
    assert labels.index("Cinco figuras") == labels.index("Dobles parejas") - 1
    by_name = {c.spanish: c for c in Category}
    for number, counts in enumerate([standard, calatone]):
        total = sum(counts.values())
        expected = [100 * counts.get(by_name[label], 0) / total for label in labels]
        assert widths[number * len(labels): (number + 1) * len(labels)] == pytest.approx(expected)
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["standard", "calatone"]


def test_results_are_running_totals() -> None:
    game = cartes.games.get("seven-card-stud", players=3)
    agents = [cartes.play.RandomAgent(s) for s in range(3)]
    results = cartes.play.simulate(game, agents, 30, seed=2)
    ax = plot_results(results)
    lines = ax.get_lines()[:3]
    for seat, line in enumerate(lines):
        assert np.array_equal(line.get_ydata(), np.cumsum(results[:, seat]))
        assert line.get_label() == f"seat {seat}"


def test_odds_with_error_bars() -> None:
    ax = plot_odds({"a": 0.25, "b": 0.75}, {"a": 0.02, "b": 0.02}, title="equity")
    assert [bar.get_height() for bar in ax.patches] == [0.25, 0.75]
    assert ax.get_title() == "equity"


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: plot_categories({}), "counts must be a non-empty mapping"),
        (lambda: plot_categories({"x": {"pair": 3}}), "must map each Category"),
        (lambda: plot_categories(cartes.category_counts(5), lang="fr"), "lang must be"),
        (lambda: plot_results([1, 2, 3]), r"shape \(hands, seats\), got shape \(3,\)"),
        (lambda: plot_results([[1, -1]], labels=["a"]), "labels must name the 2 seats"),
        (lambda: plot_odds({"a": 0.5}, {"b": 0.1}), "missing \\['a'\\]"),
    ],
)
def test_bad_input_is_refused(call: object, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        call()  # type: ignore[operator]


def test_without_matplotlib(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    with pytest.raises(MissingExtraError, match="pip install matplotlib"):
        plot_odds({"a": 0.5})
