"""Write an HTML page that shows a hand of every registered game: the table as the public
sees it, then as seat 0 sees it (open the page in a browser).

    python examples/table_page.py [FILE.html]
"""

import sys
from pathlib import Path

from cartes import games
from cartes.display import html_view


def page() -> str:
    parts = ["<!DOCTYPE html><html><head><meta charset='utf-8'><title>cartes</title></head><body>"]
    for name in games.available():
        state = games.get(name).start(seed=1)
        parts.append(f"<h2>{name}</h2>")
        parts.append(html_view(state))
        parts.append("<h3>seat 0</h3>")
        parts.append(html_view(state.observation(0)))
    parts.append("</body></html>")
    return "\n".join(parts)


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("cartes-table.html")
    target.write_text(page(), encoding="utf-8")
    print(f"wrote {target}")
