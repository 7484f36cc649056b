"""The HTML views rendered once in a real headless browser: the cards are on the page, at
their size, in their colours, and hidden cards are backs.

Playwright drives Chromium: its own build where it could be downloaded, else the system's
(Debian's ``chromium``); without either the test is skipped and says why.
"""

from __future__ import annotations

import io
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cartes import Hand, games
from cartes.display import html_view

sync_api = pytest.importorskip(
    "playwright.sync_api", reason="playwright is not installed (the browser extra)"
)
Image = pytest.importorskip("PIL.Image", reason="pillow is needed to read the screenshots")

SYSTEM_BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        reasons = []
        try:
            launched = playwright.chromium.launch()
        except Exception as error:  # Playwright's own Chromium was not downloaded
            reasons.append(f"Playwright's Chromium: {str(error).splitlines()[0]}")
            launched = None
        if launched is None:
            system = next((found for name in SYSTEM_BROWSERS if (found := shutil.which(name))),
                          None)
            if system is None:
                pytest.skip(
                    "no browser to render in: " + "; ".join(reasons)
                    + f"; and none of {', '.join(SYSTEM_BROWSERS)} is on the PATH"
                )
            launched = playwright.chromium.launch(executable_path=system, args=["--no-sandbox"])
        yield launched
        launched.close()


def render(browser: Any, body: str, tmp_path: Path) -> Any:
    page = browser.new_page(viewport={"width": 1000, "height": 700})
    path = tmp_path / "page.html"
    path.write_text(f"<!DOCTYPE html><html><head><meta charset='utf-8'></head><body>{body}"
                    "</body></html>", encoding="utf-8")
    page.goto(path.as_uri())
    return page


def colours(element: Any) -> set[tuple[int, int, int]]:
    picture = Image.open(io.BytesIO(element.screenshot())).convert("RGB")
    return {colour for _, colour in picture.getcolors(maxcolors=1 << 24)}


def near(colour: tuple[int, int, int], target: str, slack: int = 40) -> bool:
    want = tuple(int(target[i:i + 2], 16) for i in (1, 3, 5))
    return all(abs(a - b) <= slack for a, b in zip(colour, want, strict=True))


def test_cards_are_drawn_in_their_colours(browser: Any, tmp_path: Path) -> None:
    page = render(browser, html_view(Hand("Ah Ks Qd Tc"), width=60), tmp_path)
    cards = page.locator("svg.cartes-card")
    assert cards.count() == 4
    for number, (text, ink) in enumerate(
        [("Ah", "#c0392b"), ("Ks", "#1a1a1a"), ("Qd", "#c0392b"), ("Tc", "#1a1a1a")]
    ):
        card = cards.nth(number)
        assert card.get_attribute("data-card") == text
        box = card.bounding_box()
        assert box is not None
        assert (round(box["width"]), round(box["height"])) == (60, 84)
        seen = colours(card)
        assert any(near(c, ink) for c in seen), text
        other = "#1a1a1a" if ink == "#c0392b" else "#c0392b"
        assert not any(near(c, other, 25) for c in seen), text
    page.close()


def test_a_game_table_shows_backs_and_the_seat_to_act(browser: Any, tmp_path: Path) -> None:
    state = games.get("seven-card-stud", players=3).start(seed=7)
    body = html_view(state) + "<hr>" + html_view(state.observation(2))
    page = render(browser, body, tmp_path)
    tables = page.locator("div.cartes-view")
    assert tables.count() == 2
    public, own = tables.nth(0), tables.nth(1)
    assert public.locator('svg[data-card="back"]').count() == 6
    assert own.locator('svg[data-card="back"]').count() == 4
    visible = public.locator("svg.cartes-card")
    for i in range(visible.count()):
        assert visible.nth(i).is_visible()
    back = public.locator('svg[data-card="back"]').first
    assert any(near(c, "#2c4f8c") for c in colours(back))
    assert "seat 2 to act" in public.inner_text()
    assert public.locator("ol.cartes-actions li").all_inner_texts() == ["bring-in", "complete"]
    page.close()
