"""A Sphinx extension that draws cards and tables with the library's own display (issue 21).

The content of a ``cartes-view`` directive is Python code; its last line is an expression,
and what it evaluates to is drawn with :func:`cartes.display.html_view` into the page::

    .. cartes-view::
       :caption: Third street: the 2♣ must bring in.
       :name: stud-bring-in

       from cartes.games import SevenCardStud
       SevenCardStud(players=3).start(seed=7)

A state, an observation, a card, a hand, a hand rank, a deck or a table is drawn as its
notebook view (a state as the public sees it, unless the directive says ``:reveal:``); a
list or tuple of cards as one row of cards; any other list or tuple as its items one under
the other; a dict as its values, each under its key as a caption. ``:width:`` is the width
of a card in pixels. The code is shown under the picture, folded, so a reader can run it.

The code runs on every build, in a fresh namespace, and every page holding a picture is read
again on every build (so a picture never outlives the code that drew it). Code that raises,
or whose value cannot be drawn, is a warning at its line of the page: ``sphinx-build -W``
fails. ``tests/test_docs_pictures.py`` draws the pages' pictures through :func:`render`.
"""

from __future__ import annotations

import ast
import dataclasses
import html
import re
import traceback
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from cartes import Card, Deck, Hand, HandRank, SpanishCard
from cartes.display import cards_html, html_view
from cartes.games import Observation, State, Table

#: The width of a card, in pixels, when a directive does not say (the notebook's is 40; the
#: pages' text column is narrower than a notebook's).
CARD_WIDTH = 34
_FILENAME = "<cartes-view>"
_DRAWN_AS_VIEWS = (State, Observation, Card, SpanishCard, Hand, HandRank, Deck, Table)


class PictureError(Exception):
    """The code of a picture failed, or gave something that cannot be drawn; ``line`` is the
    line of the code (from 1) where it went wrong, if known."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.line = line


def run(code: str) -> Any:
    """Run ``code`` in a fresh namespace and return the value of its last line, which must be
    an expression."""
    try:
        tree = ast.parse(code, _FILENAME)
    except SyntaxError as error:
        raise PictureError(f"the code does not parse: {error.msg}", error.lineno) from None
    if not tree.body or not isinstance(tree.body[-1], ast.Expr):
        last = tree.body[-1].lineno if tree.body else None
        raise PictureError("the last line of the code must be the expression to draw", last)
    body = ast.Module(body=tree.body[:-1], type_ignores=[])
    last_expression = ast.Expression(body=tree.body[-1].value)
    namespace: dict[str, Any] = {"__name__": "cartes_view"}
    try:
        exec(compile(body, _FILENAME, "exec"), namespace)
        return eval(compile(last_expression, _FILENAME, "eval"), namespace)
    except Exception as error:
        frames = [f for f in traceback.extract_tb(error.__traceback__) if f.filename == _FILENAME]
        line = frames[-1].lineno if frames else None
        raise PictureError(f"{type(error).__name__}: {error}", line) from error


def picture(value: Any, *, reveal: bool = False, width: int = CARD_WIDTH) -> str:
    """The HTML of what a directive's code evaluated to (see the module's docstring)."""
    if isinstance(value, State):
        return html_view(value, reveal=reveal, width=width)
    if isinstance(value, _DRAWN_AS_VIEWS):
        return html_view(value, width=width)
    if isinstance(value, Mapping):
        return "".join(
            f'<div class="cartes-view-item"><div class="cartes-view-caption">'
            f"{html.escape(str(key))}</div>{picture(item, reveal=reveal, width=width)}</div>"
            for key, item in value.items()
        )
    if isinstance(value, list | tuple) and value:
        if all(item is None or isinstance(item, Card | SpanishCard) for item in value):
            return cards_html(value, width=width)  # None: a card face down
        return "".join(
            f'<div class="cartes-view-item">{picture(item, reveal=reveal, width=width)}</div>'
            for item in value
        )
    raise PictureError(
        f"cannot draw {type(value).__name__} (draws a state, an observation, a card, a hand, "
        "a hand rank, a deck, a table, or a list or dict of them)"
    )


def render(code: str, *, reveal: bool = False, width: int = CARD_WIDTH) -> str:
    """The HTML a directive holding ``code`` puts in its page."""
    return picture(run(code), reveal=reveal, width=width)


@dataclasses.dataclass(frozen=True)
class Block:
    """A ``cartes-view`` directive as written in a page: its options and its code."""

    options: dict[str, str]
    code: str
    line: int  # of the directive, from 1


_START = re.compile(r"^(\s*)\.\. cartes-view::\s*$")
_OPTION = re.compile(r"^:([\w-]+):\s*(.*)$")


def blocks(text: str) -> list[Block]:
    """Every ``cartes-view`` directive of an rst page's text, for the tests."""
    lines = text.splitlines()
    found = []
    for number, line in enumerate(lines):
        start = _START.match(line)
        if not start:
            continue
        indent = len(start.group(1))
        body = []
        for more in lines[number + 1:]:
            if more.strip() and len(more) - len(more.lstrip()) <= indent:
                break
            body.append(more)
        inner = min((len(b) - len(b.lstrip()) for b in body if b.strip()), default=0)
        body = [b[inner:] for b in body]
        options: dict[str, str] = {}
        while body and (option := _OPTION.match(body[0])):
            name, value = option.groups()
            body.pop(0)
            while body and body[0].startswith((" ", "\t")) and body[0].strip():
                value += " " + body.pop(0).strip()  # an option's value continued
            options[name] = value
        found.append(Block(options, "\n".join(body).strip("\n") + "\n", number + 1))
    return found


def page_blocks(path: Path) -> list[Block]:
    return blocks(path.read_text(encoding="utf-8"))


# ---------------------------------------------------------------------------------------------
# Sphinx

_log = logging.getLogger(__name__)


class CartesView(SphinxDirective):
    """``.. cartes-view::``: draw what the code in the content evaluates to."""

    has_content = True
    option_spec = {  # noqa: RUF012  (docutils reads a class attribute)
        "caption": directives.unchanged,
        "name": directives.unchanged,
        "reveal": directives.flag,
        "width": directives.positive_int,
    }

    def run(self) -> list[nodes.Node]:
        self.env.cartes_view_pages.add(self.env.docname)  # type: ignore[attr-defined]
        code = "\n".join(self.content)
        try:
            drawn = render(code, reveal="reveal" in self.options,
                           width=self.options.get("width", CARD_WIDTH))
        except PictureError as error:
            line = self.content_offset + error.line if error.line else self.lineno
            _log.warning("cartes-view: %s", error, location=(self.env.docname, line))
            return []
        figure = nodes.container(classes=["cartes-view"])
        self.add_name(figure)
        figure += nodes.raw("", f'<div class="cartes-view-picture">{drawn}</div>', format="html")
        if "caption" in self.options:
            text, messages = self.parse_inline(self.options["caption"], lineno=self.lineno)
            figure += nodes.paragraph("", "", *text, classes=["cartes-view-caption"])
            figure += messages
        figure += nodes.raw("", "<details><summary>the code of this picture</summary>",
                            format="html")
        figure += nodes.literal_block(code, code, language="python")
        figure += nodes.raw("", "</details>", format="html")
        return [figure]


def _init(app: Any, env: Any, docnames: Iterable[str]) -> None:
    if not hasattr(env, "cartes_view_pages"):
        env.cartes_view_pages = set()


def _purge(app: Any, env: Any, docname: str) -> None:
    _init(app, env, ())
    env.cartes_view_pages.discard(docname)


def _merge(app: Any, env: Any, docnames: Iterable[str], other: Any) -> None:
    _init(app, env, ())
    env.cartes_view_pages |= getattr(other, "cartes_view_pages", set()) & set(docnames)


def _outdated(app: Any, env: Any, added: set[str], changed: set[str], removed: set[str]
              ) -> list[str]:
    # the pictures are drawn by the library: read their pages again whatever changed
    _init(app, env, ())
    return sorted(env.cartes_view_pages - removed)


_CSS = """
.cartes-view { margin: 1em 0; }
.cartes-view-picture { overflow-x: auto; width: fit-content; max-width: 100%;
  box-sizing: border-box; background: #f4f4ee; color: #222; padding: 6px 10px;
  border-radius: 6px; }
.cartes-view-picture table td, .cartes-view-picture table th { border: none; }
.cartes-view-picture ol { margin: 2px 0 0 0; }
.cartes-view-item + .cartes-view-item { margin-top: 6px; }
.cartes-view-caption { font-size: 90%; }
.cartes-view-picture .cartes-view-caption { font-weight: bold; margin-bottom: 2px; }
.cartes-view details summary { font-size: 80%; color: var(--color-foreground-muted, #666);
  cursor: pointer; }
"""


def _write_css(app: Any, exception: Exception | None) -> None:
    if exception is None and app.builder.format == "html":
        static = Path(app.outdir) / "_static"
        static.mkdir(parents=True, exist_ok=True)
        (static / "cartesview.css").write_text(_CSS.lstrip(), encoding="utf-8")


def setup(app: Any) -> dict[str, Any]:
    app.add_directive("cartes-view", CartesView)
    app.connect("env-before-read-docs", _init)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    app.connect("env-get-outdated", _outdated)
    app.connect("build-finished", _write_css)
    app.add_css_file("cartesview.css")
    return {"parallel_read_safe": True, "parallel_write_safe": True, "env_version": 1}
