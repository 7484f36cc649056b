"""The docs say how to install cartes the way that works today (issue 21.7): from a clone,
in one place (the install section of the index) that the other pages link to; no page tells
a reader to ``pip install cartes-games`` from the index, which does not have it yet."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGES = [*sorted((ROOT / "docs").rglob("*.rst")), ROOT / "README.md"]


def test_no_page_installs_from_the_index() -> None:
    said = {
        str(page.relative_to(ROOT)): line
        for page in PAGES
        for line in page.read_text(encoding="utf-8").splitlines()
        if re.search(r"pip install\s+'?cartes-games", line)
        and "does not work" not in line
        and "Once it is published" not in line
    }
    assert said == {}


def test_the_install_section_is_the_one_place_pages_link_to() -> None:
    index = (ROOT / "docs" / "index.rst").read_text(encoding="utf-8")
    assert ".. _install:" in index
    assert "pip install ." in index
    linking = [p for p in PAGES if ":ref:`install`" in p.read_text(encoding="utf-8")]
    assert len(linking) >= 4
    for page in PAGES:
        for line in page.read_text(encoding="utf-8").splitlines():
            for extra in re.findall(r"the ``([\w-]+)`` extra", line):
                assert extra in index, (page.name, extra)
