"""The API pages tell the truth (issue 8): every public name renders, every name a page asks
for renders, and the index's list of top-level names is ``cartes.__all__``. The same checks
run inside every docs build (``docs/apicheck.py``), so ``sphinx-build -W`` fails too."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"
sys.path.insert(0, str(DOCS))

import apicheck  # noqa: E402  (the extension lives beside docs/conf.py)

sphinx_application = pytest.importorskip("sphinx.application")

# Sphinx's own deprecations (napoleon reading autodoc options) are not ours to fix here.
pytestmark = pytest.mark.filterwarnings("ignore::PendingDeprecationWarning:sphinx.*")


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    """Every Python object the API pages render (a quick build: read, no HTML)."""
    out = tmp_path_factory.mktemp("docs")
    warnings = io.StringIO()
    app = sphinx_application.Sphinx(
        str(DOCS), str(DOCS), str(out), str(out / ".doctrees"), "dummy",
        status=None, warning=warnings, freshenv=True,
    )
    app.build()
    assert "API pages:" not in warnings.getvalue()  # the extension ran and found nothing
    return set(app.env.get_domain("py").objects)


def test_the_api_pages_match_the_code(rendered):
    assert apicheck.problems(rendered) == []


def test_the_build_runs_the_check():
    assert '"apicheck"' in (DOCS / "conf.py").read_text(encoding="utf-8")


def test_a_public_name_that_does_not_render_is_reported(rendered):
    found = apicheck.not_rendered_public(rendered - {"cartes.deck.random_hands"})
    assert "cartes.deck.random_hands is public (in __all__) but no API page renders it" in found
    assert any(line.startswith("cartes.random_hands ") for line in found)


def test_a_name_a_page_asks_for_is_read_and_checked(tmp_path):
    page = tmp_path / "page.rst"
    page.write_text(
        ".. automodule:: cartes.french\n"
        "   :members: Card, DECK_SIZE,\n"
        "             Nonesuch\n"
        "   :member-order: bysource\n\n"
        ".. currentmodule:: cartes.games\n\n"
        ".. autoclass:: Game\n\n"
        ".. autofunction:: cartes.games.replay\n",
        encoding="utf-8",
    )
    asked = apicheck.asked_for(page.read_text(encoding="utf-8"))
    assert asked == ["cartes.french.Card", "cartes.french.DECK_SIZE", "cartes.french.Nonesuch",
                     "cartes.games.Game", "cartes.games.replay"]
    have = set(asked) - {"cartes.french.Nonesuch"}
    assert apicheck.not_rendered_asked(have, [page]) == [
        "page.rst asks for cartes.french.Nonesuch, which does not render (not in its "
        "module's __all__, or misspelt)"
    ]


def test_the_index_list_is_checked_both_ways(tmp_path):
    index = tmp_path / "index.rst"
    text = (DOCS / "api" / "index.rst").read_text(encoding="utf-8")
    index.write_text(text.replace(":func:`~cartes.deck.random_hands`,",
                                  ":func:`~cartes.games.get`, :class:`~cartes.french.Nothing`,"),
                     encoding="utf-8")
    assert apicheck.top_level_mismatch(index) == [
        "the API index lists Nothing as importable from cartes, but cartes has no Nothing",
        "the API index lists get as importable from cartes, but cartes has no get",
        "the API index does not list cartes.random_hands (in cartes.__all__)",
    ]


def test_the_evaluators_internals_are_apart_from_its_public_api():
    def asked(page: str) -> set[str]:
        return set(apicheck.asked_for((DOCS / "api" / page).read_text(encoding="utf-8")))

    public, internals = asked("evaluation.rst"), asked("evaluation-internals.rst")
    assert {"cartes.evaluation.handrank.HandRank", "cartes.evaluation.rankings.Ranking"} <= public
    inside = ("cartes.evaluation.tables.", "cartes.evaluation.kernels.strength7",
              "cartes.evaluation.kernels.entry_point", "cartes.evaluation.kernels.TableKernels",
              "cartes.evaluation.handrank.strength_of")
    assert not [name for name in public if name.startswith(inside)]
    assert {"cartes.evaluation.tables.CARD_BITS", "cartes.evaluation.tables.HASH_MULTIPLIER",
            "cartes.evaluation.tables.layout_digest",
            "cartes.evaluation.kernels.TableKernels"} <= internals
    index = (DOCS / "api" / "index.rst").read_text(encoding="utf-8")
    assert ":caption: Internals (for contributors)\n\n   evaluation-internals" in index
