"""Make the calatone tables of docs/analysis.rst (run from the repository root: ``python
docs/calatone_tables.py``). Every figure is an exact fraction from :mod:`cartes.analysis.calatone`,
shown rounded; the tables are written to ``docs/calatone_odds.inc``, which the page includes,
so that no number is copied by hand (``tests/test_analysis_calatone.py`` checks that the file is
this script's output)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from cartes.analysis import category_chances, five_figures_chances
from cartes.evaluation.rankings import CALATONE

HERE = Path(__file__).parent
STREETS = range(2, 8)


def _percent(value: Fraction) -> str:
    return "0" if value == 0 else f"{100 * float(value):.4f} %"


def _table(header: list[str], rows: list[list[str]]) -> str:
    lines = [".. list-table::", "   :header-rows: 1", ""]
    for row in [header, *rows]:
        lines.append(f"   * - {row[0]}")
        lines.extend(f"     - {cell}" for cell in row[1:])
    return "\n".join(lines) + "\n"


def categories_table() -> str:
    """The chance of each category of the hand a seat holds, by the number of cards held."""
    chances = {street: category_chances(street) for street in STREETS}
    header = ["category"] + [f"{street} cards" for street in STREETS]
    rows = [
        [f"{category.spanish} ({category.english.lower()})"]
        + [_percent(chances[s][category]) if category in chances[s] else "—" for s in STREETS]
        for category in CALATONE.categories
    ]
    return _table(header, rows)


def figures_table() -> str:
    """The chance of ending with cinco figuras, by cards held and figures among them."""
    chances = five_figures_chances()
    header = ["cards held"] + [f"{f} figures" for f in range(7)]
    rows = [
        [str(k)] + [_percent(chances[k, f]) if f <= k else "—" for f in range(7)]
        for k in range(2, 7)
    ]
    return _table(header, rows)


def text() -> str:
    """The whole include file."""
    return (
        ".. Written by docs/calatone_tables.py: run it again, do not edit by hand.\n\n"
        "The hand a seat holds, street by street (2 to 4 cards by rank groups only, 5 by the "
        "full ranking, 6 and 7 by their best five):\n\n"
        + categories_table()
        + "\nThe chance of ending with *cinco figuras*, knowing only how many figures (J, Q, K, "
        "A) the seat holds:\n\n" + figures_table()
    )


if __name__ == "__main__":
    (HERE / "calatone_odds.inc").write_text(text(), encoding="utf-8")
