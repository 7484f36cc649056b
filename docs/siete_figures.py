"""Make the siete y medio table and plot of docs/analysis.rst (run from the repository root:
``python docs/siete_figures.py``). Everything is computed exactly by cartes.analysis; the plot
is plain SVG so that the docs need no plotting library."""

from __future__ import annotations

from pathlib import Path

from cartes.analysis import (
    bank_draws_below,
    best_bank_response,
    best_punter_policy,
    expected_value,
    punter_draws_below,
)

THRESHOLDS = range(2, 16)
HERE = Path(__file__).parent


def table() -> str:
    banks = (9, 10, 11, 12, 13)
    punters = (8, 9, 10, 11, 12)
    header = "   * - bank draws below\n" + "".join(
        f"     - punter below {p / 2:g}\n" for p in punters
    ) + "     - optimal punter\n"
    rows = []
    for b in banks:
        bank = bank_draws_below(b)
        cells = [f"{float(expected_value(punter_draws_below(p), bank)):+.4f}" for p in punters]
        cells.append(f"{float(best_punter_policy(bank).value):+.4f}")
        rows.append(f"   * - {b / 2:g}\n" + "".join(f"     - {c}\n" for c in cells))
    return header + "".join(rows)


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
        parts.append(f'<polyline points="{points}" fill="none" stroke="{colours[name]}" '
                     'stroke-width="2"/>')
        parts.append(f'<text x="{left + 10}" y="{top + 14 + 16 * n}" fill="{colours[name]}">'
                     f'{name}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main() -> None:
    optimal = [float(best_punter_policy(bank_draws_below(t)).value) for t in THRESHOLDS]
    same = [float(expected_value(punter_draws_below(t), bank_draws_below(t))) for t in THRESHOLDS]
    response = [float(best_bank_response(punter_draws_below(t)).value) for t in THRESHOLDS]
    series = {
        "punter's best policy vs a bank drawing below t": optimal,
        "both draw below t": same,
        "punter drawing below t vs the bank's best response": response,
    }
    colours = dict(zip(series, ["#1b7837", "#555555", "#b2182b"], strict=True))
    (HERE / "_static" / "sieteymedio.svg").write_text(svg(series, colours))
    print(table())
    for t, a, b, c in zip(THRESHOLDS, optimal, same, response, strict=True):
        print(f"{t / 2:>4g} {a:+.4f} {b:+.4f} {c:+.4f}")


if __name__ == "__main__":
    main()
