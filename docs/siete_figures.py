"""Make the siete y medio tables and plot of docs/analysis.rst (run from the repository root:
``python docs/siete_figures.py``). Everything is computed exactly by cartes.analysis, under
SPEC revision 3 and with the option ``bust_pays_double``; the tables are written to
``docs/siete_values.inc``, which the page includes, so that no number is copied by hand; the
plot is plain SVG so that the docs need no plotting library."""

from __future__ import annotations

from pathlib import Path

from cartes.analysis import (
    bank_draws_below,
    best_bank_response,
    best_punter_policy,
    expected_value,
    punter_draws_below,
)
from cartes.analysis import sieteymedio_bank
from cartes.analysis.sieteymedio_bank import bank_best_response, best_response_value
from cartes.analysis.sieteymedio_play import solver_for
from cartes.games.siete_y_medio.rules import MODALITY_LIMITS

THRESHOLDS = range(2, 16)
HERE = Path(__file__).parent


def table(bust_pays_double: bool) -> str:
    """The list-table of the punter's values (threshold punters and the optimal one) against
    threshold banks."""
    banks = (9, 10, 11, 12, 13)
    punters = (8, 9, 10, 11, 12)
    header = "   * - bank draws below\n" + "".join(
        f"     - punter below {p / 2:g}\n" for p in punters
    ) + "     - optimal punter\n"
    rows = []
    for b in banks:
        bank = bank_draws_below(b)
        double = bust_pays_double
        values = [expected_value(punter_draws_below(p), bank, bust_pays_double=double)
                  for p in punters]
        values.append(best_punter_policy(bank, bust_pays_double=double).value)
        cells = [f"{float(value):+.4f}" for value in values]
        rows.append(f"   * - {b / 2:g}\n" + "".join(f"     - {c}\n" for c in cells))
    return ".. list-table::\n   :header-rows: 1\n\n" + header + "".join(rows)


FIRST_CARDS = {1: "figure", 2: "1", 4: "2", 6: "3", 8: "4", 10: "5", 12: "6", 14: "7"}


def every_rule_tables() -> str:
    """The tables of the whole hand under revision 3 (cartes.analysis.sieteymedio_play): the
    punter's exact value per modality and bank threshold, and his best first move."""
    banks = (9, 10, 11, 12, 13)
    # everything asked of one set of rules while its solver is the last made: solver_for
    # keeps only the last few, and solving a set of rules again took most of the time
    values_of, responses_of, answers_of, best_of = {}, {}, {}, {}
    one = None
    for b in banks:
        for m, limits in MODALITY_LIMITS.items():
            solver = solver_for(limits, b, max_calles=1)
            values_of[b, m] = solver.value()
            if b == 11:
                best_of[m] = [solver.best_first(card) for card in FIRST_CARDS]
                if m == 1:
                    one = max(ev for _, ev in solver.first_options(1, every=False))
            responses_of[b, m] = bank_best_response(limits=limits, bank=b)
            answers_of[b, m] = best_response_value(solver)
            sieteymedio_bank._AGAINST.clear()  # its enumeration is large: one rule set at a time
    assert one is not None
    header = "   * - bank draws below\n" + "".join(
        f"     - modality {m} ({lo}-{hi})\n" for m, (lo, hi) in MODALITY_LIMITS.items())
    rows = []
    for b in banks:
        cells = [f"{float(values_of[b, m]):+.4f}" for m in MODALITY_LIMITS]
        rows.append(f"   * - {b / 2:g}\n" + "".join(f"     - {c}\n" for c in cells))
    values = ".. list-table::\n   :header-rows: 1\n\n" + header + "".join(rows)
    header = "   * - modality\n" + "".join(f"     - first {name}\n"
                                            for name in FIRST_CARDS.values())
    rows = []
    for m in MODALITY_LIMITS:
        cells = [f"bet {move.amount}" if move.kind == "bet" else move.kind
                 for move in best_of[m]]
        rows.append(f"   * - {m}\n" + "".join(f"     - {c}\n" for c in cells))
    policy = ".. list-table::\n   :header-rows: 1\n\n" + header + "".join(rows)
    header = "   * - bank's policy\n" + "".join(
        f"     - modality {m} ({lo}-{hi})\n" for m, (lo, hi) in MODALITY_LIMITS.items())
    rows = []
    for b in banks:
        responses = [responses_of[b, m] for m in MODALITY_LIMITS]
        rows.append(f"   * - draws below {b / 2:g}\n" + "".join(
            f"     - {float(r.against_policy):+.4f}\n" for r in responses))
        rows.append("   * - best response to that punter\n" + "".join(
            f"     - {float(r.value):+.4f}\n" for r in responses))
        rows.append("   * - the punter answering that response\n" + "".join(
            f"     - {float(answers_of[b, m]):+.4f}\n" for m in MODALITY_LIMITS))
    looking = ".. list-table::\n   :header-rows: 1\n\n" + header + "".join(rows)
    two = solver_for(MODALITY_LIMITS[1], 11, max_calles=2)
    figure = max(ev for _, ev in two.first_options(1, every=False))
    return (
        "Every decision of revision 3 (bets, raises, the muerta, declining a 3, exchanging a "
        "4; no second calle), the punter's exact value in chips against a bank that keeps its "
        "first card and draws below the threshold:\n\n" + values
        + "\nThe best first move against a bank drawing below 5½ (then the best play):\n\n"
        + policy
        + "\nA bank that looks (:func:`~cartes.analysis.sieteymedio_bank.bank_best_response`): "
        "the punter plays his optimum against the threshold bank (no calle, the hidden card "
        "kept hidden), and the bank, knowing that policy and seeing his face-up cards, bets "
        "and dead cards, best responds; the punter's exact value against each, and his value "
        "when he in turn answers that response at every decision "
        "(:func:`~cartes.analysis.sieteymedio_bank.best_response_value`):\n\n"
        + looking
        + f"\nA calle is worth opening: on a first figure, modality 1, against that bank, the "
        f"best play is worth {float(one):+.4f} chips with one calle and {float(figure):+.4f} "
        "with a second calle allowed (``max_calles=2``).\n"
    )


def values_text() -> str:
    """The whole of docs/siete_values.inc."""
    return (
        ".. Written by docs/siete_figures.py: run it again, do not edit by hand.\n\n"
        "Revision 3 (a bank bust pays every bet once, M-15):\n\n" + table(False)
        + "\nWith ``bust_pays_double=True`` (a 7½ is paid double on a bank bust too, as "
        "revision 2 did):\n\n" + table(True) + "\n" + every_rule_tables()
    )


def svg(series: dict[str, list[float]], colours: dict[str, str]) -> str:
    width, height, left, bottom, top, right = 640, 360, 60, 40, 20, 20
    xs = list(THRESHOLDS)
    low = min(min(v) for v in series.values())
    high = max(max(v) for v in series.values())
    low, high = min(low, -0.4), max(high, 0.1)

    def x(t: float) -> float:
        return left + (t - xs[0]) / (xs[-1] - xs[0]) * (width - left - right)

    def y(v: float) -> float:
        return top + (high - v) / (high - low) * (height - top - bottom)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        'font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<line x1="{left}" y1="{y(0)}" x2="{width - right}" y2="{y(0)}" stroke="#999"/>',
    ]
    for tick in [v / 10 for v in range(round(low * 10), round(high * 10) + 1)]:
        parts.append(f'<text x="{left - 8}" y="{y(tick) + 4}" text-anchor="end">{tick:+.1f}</text>')
        parts.append(f'<line x1="{left - 4}" y1="{y(tick)}" x2="{left}" y2="{y(tick)}" '
                     'stroke="black"/>')
    for t in xs:
        parts.append(f'<text x="{x(t)}" y="{height - bottom + 16}" text-anchor="middle">'
                     f'{t / 2:g}</text>')
    parts.append(f'<text x="{width / 2}" y="{height - 6}" text-anchor="middle">threshold '
                 '(points): the other side draws below it</text>')
    for n, (name, values) in enumerate(series.items()):
        points = " ".join(f"{x(t):.1f},{y(v):.1f}" for t, v in zip(xs, values, strict=True))
        dash = ' stroke-dasharray="6,4"' if "bust_pays_double" in name else ""
        parts.append(f'<polyline points="{points}" fill="none" stroke="{colours[name]}" '
                     f'stroke-width="2"{dash}/>')
        if not name.startswith("_"):  # "_...": no line of its own in the legend
            parts.append(f'<text x="{left + 10}" y="{top + 14 + 16 * n}" '
                         f'fill="{colours[name]}">{name}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def curves(bust_pays_double: bool) -> tuple[list[float], list[float], list[float]]:
    """The three curves of the plot, for every threshold t."""
    double = bust_pays_double
    optimal = [float(best_punter_policy(bank_draws_below(t), bust_pays_double=double).value)
               for t in THRESHOLDS]
    same = [float(expected_value(punter_draws_below(t), bank_draws_below(t),
                                 bust_pays_double=double)) for t in THRESHOLDS]
    response = [float(best_bank_response(punter_draws_below(t), bust_pays_double=double).value)
                for t in THRESHOLDS]
    return optimal, same, response


def main() -> None:
    optimal, same, response = curves(False)
    optimal_double, _, response_double = curves(True)
    series = {
        "punter's best policy vs a bank drawing below t": optimal,
        "both draw below t": same,
        "punter drawing below t vs the bank's best response": response,
        "dashed: the same two with bust_pays_double": optimal_double,
        "_bust_pays_double response": response_double,
    }
    colours = dict(zip(series, ["#1b7837", "#555555", "#b2182b", "#1b7837", "#b2182b"],
                       strict=True))
    (HERE / "_static" / "sieteymedio.svg").write_text(svg(series, colours))
    (HERE / "siete_values.inc").write_text(values_text())
    for t, a, b, c in zip(THRESHOLDS, optimal, same, response, strict=True):
        print(f"{t / 2:>4g} {a:+.4f} {b:+.4f} {c:+.4f}")


if __name__ == "__main__":
    main()
