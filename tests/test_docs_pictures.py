"""The pictures of the docs (issue 21): the ``cartes-view`` directives of the rules pages and
the games guide run, draw what their pages say they show, and a failing one fails the build.

The expected cards below are read off the rules pages' text (the worked hands, their stacked
decks), not computed by the pictures' own code."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest

pytest.importorskip("sphinx", reason="the docs extra (Sphinx) is not installed")

DOCS = Path(__file__).resolve().parents[1] / "docs"
sys.path.insert(0, str(DOCS))

import cartesview  # noqa: E402  (the extension lives beside docs/conf.py)
from sphinx.application import Sphinx  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::PendingDeprecationWarning:sphinx.*")

PAGES = ["rules/calatone.rst", "rules/stud.rst", "rules/siete-y-medio.rst", "games.rst"]
CARD = re.compile(r'data-card="([^"]+)"')
SEAT_ROW = re.compile(r'<tr class="cartes-seat" data-seat="(\d+)"[^>]*>(.*?)</tr>')


def picture(name: str) -> str:
    """The HTML the directive named ``name`` puts in its page, drawn through the extension."""
    found = [
        block
        for page in PAGES
        for block in cartesview.page_blocks(DOCS / page)
        if block.options.get("name") == name
    ]
    assert len(found) == 1, f"one picture named {name!r}, found {len(found)}"
    block = found[0]
    width = int(block.options.get("width", cartesview.CARD_WIDTH))
    return cartesview.render(block.code, reveal="reveal" in block.options, width=width)


def seats(html: str) -> dict[int, str]:
    return {int(seat): row for seat, row in SEAT_ROW.findall(html)}


def cards_of(html: str) -> list[str]:
    return CARD.findall(html)


BACK = "back"


@pytest.mark.parametrize(
    ("page", "name"),
    [
        (page, block.options.get("name", f"line {block.line}"))
        for page in PAGES
        for block in cartesview.page_blocks(DOCS / page)
    ],
)
def test_every_picture_of_the_pages_draws(page: str, name: str) -> None:
    html = picture(name)
    assert "<svg" in html


def test_each_page_has_its_pictures() -> None:
    named = {page: {b.options.get("name") for b in cartesview.page_blocks(DOCS / page)}
             for page in PAGES}
    assert {"calatone-rankings", "calatone-stripped-wheel", "calatone-showdown"} <= named[
        "rules/calatone.rst"]
    assert {"stud-bring-in", "stud-best-board", "stud-showdown", "stud-rankings"} <= named[
        "rules/stud.rst"]
    assert {"siete-calles-muerta", "siete-settled", "siete-bank-bust"} <= named[
        "rules/siete-y-medio.rst"]
    assert {"games-third-street", "games-showdown", "games-banking"} <= named["games.rst"]


def test_the_stud_showdown_shows_the_full_house_and_hides_the_muck() -> None:
    html = picture("stud-showdown")
    rows = seats(html)
    assert cards_of(rows[2]) == ["9s", "9d", "Qc", "Js", "9c", "Jd", "4c"]  # shown
    assert cards_of(rows[0]) == [BACK, BACK, "8h", "Th", "2h", "3s", BACK]  # mucked
    assert cards_of(rows[1]) == [BACK, BACK, "2c", "5h", "Kc"]  # folded on fifth street
    assert "folded" in rows[1]
    assert "result: seat 0 -51, seat 1 -11, seat 2 +62" in html


def test_the_stud_bring_in_is_the_two_of_clubs() -> None:
    html = picture("stud-bring-in")
    rows = seats(html)
    assert [cards_of(rows[s]) for s in range(3)] == [
        [BACK, BACK, "8h"], [BACK, BACK, "2c"], [BACK, BACK, "Qc"]
    ]
    assert "to act" in rows[1]
    assert re.findall(r"<li>(.*?)</li>", html) == ["bring-in", "complete"]


def test_the_calatone_showdown_is_the_worked_hand() -> None:
    html = picture("calatone-showdown")
    rows = seats(html)
    assert cards_of(rows[2]) == ["Ad", "Jc", "Qh", "Jh", "Kc", "As", "3c"]
    assert cards_of(rows[0]) == ["5s", "5d", "6h", "Tc", "Td", "9h", "2d"]
    assert cards_of(rows[1]) == [BACK, "9c", "Ks"]  # folded in round 2, the king unseen
    assert "result: seat 0 -52, seat 1 -3, seat 2 +55" in html  # the page's doctest payoffs


def test_the_calatone_rankings_hold_five_figures_between_two_pair_and_trips() -> None:
    html = picture("calatone-rankings")
    captions = re.findall(r'<div class="cartes-view-caption">(.*?)</div>', html)
    assert len(captions) == 10
    assert captions[5].startswith("Trío")
    assert captions[6] == "Cinco figuras, as, as, rey, reina, jota"
    assert captions[7].startswith("Dobles parejas")
    item = html.split('<div class="cartes-view-item">')[7]
    assert cards_of(item) == ["Ah", "Ad", "Kc", "Qh", "Jh"]
    assert "Five figures" in item


def test_the_stripped_deck_straight_is_ace_to_nine() -> None:
    html = picture("calatone-stripped-wheel")
    items = html.split('<div class="cartes-view-item">')[1:]
    straight = next(i for i in items if "seat 1 declares: Straight, nine high" in i)
    assert sorted(cards_of(straight)) == sorted(["As", "6d", "7c", "8h", "9s"])
    assert any("seat 0 declares: Three of a kind, kings" in i for i in items)
    assert "High card, ace" in items[-1]  # the same five in a full deck


def test_the_seven_and_half_calles_and_muerta_before_the_bank_plays() -> None:
    html = picture("siete-calles-muerta")
    rows = seats(html)
    assert cards_of(rows[1]) == ["7b", BACK]  # the muerta: nobody sees its card
    calles = re.findall(r'<div class="cartes-calle">(.*?)</div>', rows[2])
    assert [cards_of(calle) for calle in calles] == [[BACK, "7o"], ["11e", BACK]]
    assert "bet 1" in calles[0]
    assert "bet 2" in calles[1]
    assert cards_of(rows[0]) == ["5e"]  # the bank, to play


def test_the_seven_and_half_hand_settled() -> None:
    html = picture("siete-settled")
    rows = seats(html)
    calles = re.findall(r'<div class="cartes-calle">(.*?)</div>', rows[2])
    assert [cards_of(calle) for calle in calles] == [["10c", "7o"], ["11e", "6b"]]
    assert cards_of(rows[1]) == ["7b", "12o"]
    assert cards_of(rows[0]) == ["5e", "1c"]
    assert "result: seat 0 -15, seat 1 +9, seat 2 +4, seat 3 +2" in html


def test_the_bank_bust_keeps_the_banks_cards() -> None:
    rows = seats(picture("siete-bank-bust"))
    assert cards_of(rows[0]) == ["5b", "3b"]
    assert "bust" in rows[0]


# ---------------------------------------------------------------------------------------------
# The extension itself


def test_the_code_of_a_picture_draws_its_last_expression() -> None:
    html = cartesview.render("from cartes import cards\nhand = cards('As Kd')\nhand\n")
    assert cards_of(html) == ["As", "Kd"]
    assert cards_of(cartesview.render("from cartes import Card\n[Card('2c'), None]")) == [
        "2c", BACK
    ]


@pytest.mark.parametrize(
    ("code", "line", "message"),
    [
        ("from cartes import cards\ncards('As Zz')\n", 2, "InvalidCardError: invalid card 'Zz'"),
        ("x = 1\n", 1, "the last line of the code must be the expression to draw"),
        ("x = (\n", 1, "the code does not parse"),
        ("x = 1\nx\n", None, "cannot draw int"),
    ],
)
def test_a_picture_that_fails_says_where(code: str, line: int | None, message: str) -> None:
    with pytest.raises(cartesview.PictureError, match=re.escape(message)) as raised:
        cartesview.render(code)
    assert raised.value.line == line


def test_an_option_continued_on_the_next_line_is_read() -> None:
    (block,) = cartesview.blocks(
        "Text.\n\n   .. cartes-view::\n      :caption: one\n         two\n      :reveal:\n\n"
        "      x = 1\n      x\n\nAfter.\n"
    )
    assert block.options == {"caption": "one two", "reveal": ""}
    assert block.code == "x = 1\nx\n"
    assert block.line == 3


def _project(tmp_path: Path, index: str) -> Path:
    source = tmp_path / "source"
    source.mkdir()
    (source / "conf.py").write_text(
        f"import sys\nsys.path.insert(0, {str(DOCS)!r})\nextensions = ['cartesview']\n",
        encoding="utf-8",
    )
    (source / "index.rst").write_text(index, encoding="utf-8")
    (source / "other.rst").write_text("Other\n=====\n\nNo picture here.\n", encoding="utf-8")
    return source


def _build(source: Path, out: Path, read: list[str] | None = None) -> str:
    warnings = io.StringIO()
    app = Sphinx(str(source), str(source), str(out), str(out / ".doctrees"), "html",
                 status=None, warning=warnings)
    if read is not None:
        app.connect("source-read", lambda app, docname, text: read.append(docname))
    app.build()
    # a second Sphinx in one process registers Sphinx's own nodes again: not ours
    return "".join(line for line in warnings.getvalue().splitlines(keepends=True)
                   if "is already registered" not in line)


GOOD = (
    "Index\n=====\n\n.. toctree::\n\n   other\n\n"
    ".. cartes-view::\n   :name: third-street\n   :caption: The bring-in.\n\n"
    "   from cartes.games import SevenCardStud\n"
    "   SevenCardStud(players=3).start(seed=7)\n"
)


def test_the_build_draws_a_state_into_the_page_and_reads_it_again_every_time(tmp_path):
    source = _project(tmp_path, GOOD)
    out = tmp_path / "out"
    assert _build(source, out) == ""
    page = (out / "index.html").read_text(encoding="utf-8")
    # seed 7 deals door cards 8c, 6c and 2c (the games guide): hole cards stay face down
    assert cards_of(page) == [BACK, BACK, "8c", BACK, BACK, "6c", BACK, BACK, "2c"]
    assert 'id="third-street"' in page
    assert "The bring-in." in page
    assert "cartesview.css" in page
    assert (out / "_static" / "cartesview.css").exists()
    read: list[str] = []
    assert _build(source, out, read) == ""
    assert read == ["index"]  # nothing changed, but the picture is drawn again


def test_a_typo_in_a_picture_fails_the_build_at_its_line(tmp_path):
    typo = GOOD.replace("SevenCardStud(players=3)", "SevenCardStud(player=3)")
    warnings = _build(_project(tmp_path, typo), tmp_path / "out")
    line = typo.splitlines().index("   SevenCardStud(player=3).start(seed=7)") + 1
    assert f"index.rst:{line}: WARNING: cartes-view: " in warnings
    assert "player" in warnings


def test_the_banking_picture_is_the_hand_the_guide_describes() -> None:
    """games.rst's 7½ picture: five seats settled against the bank at seat 3, every card of
    the bank's hand face up, and the payoffs the text reads from it."""
    html = picture("games-banking")
    assert "bank seat 3" in html
    assert "result: seat 0 +2, seat 1 -1, seat 2 -1, seat 3 +1, seat 4 -1" in html
    bank = re.search(r'data-seat="3".*?</tr>', html, re.S)
    assert bank is not None
    assert re.findall(r'data-card="(\w+)"', bank.group(0)) == ["6o"]
