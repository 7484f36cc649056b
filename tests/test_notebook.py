"""The tutorial notebook runs from top to bottom and shows what it says it shows."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

NOTEBOOK = Path(__file__).parent.parent / "docs" / "tutorial" / "notebook.ipynb"
SEEN = re.compile(r'data-card="(?!back")(\w+)"')  # a card drawn face up


@pytest.mark.slow  # about 10 s: CI runs it with the slow tests, and the docs build runs it too
def test_the_tutorial_notebook_executes_and_draws() -> None:
    nbformat = pytest.importorskip("nbformat", reason="the notebook extra is not installed")
    nbclient = pytest.importorskip("nbclient", reason="the notebook extra is not installed")
    pytest.importorskip("ipykernel", reason="the notebook extra is not installed")
    pytest.importorskip("matplotlib", reason="the plot extra is not installed")
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    assert all(not cell.get("outputs") for cell in notebook.cells if cell.cell_type == "code"), (
        "commit the notebook without outputs: the docs build and this test execute it"
    )
    src = str(Path(__file__).parent.parent / "src")
    os.environ["PYTHONPATH"] = os.pathsep.join([src, os.environ.get("PYTHONPATH", "")])
    nbclient.NotebookClient(notebook, timeout=300, kernel_name="python3").execute()
    outputs = [cell.outputs for cell in notebook.cells if cell.cell_type == "code"]
    assert not [o for cell in outputs for o in cell if o.output_type == "error"]
    html = ["".join(o.get("data", {}).get("text/html", "")) for cell in outputs for o in cell]
    pictures = [o for cell in outputs for o in cell if "image/png" in o.get("data", {})]
    (hand, deck, rank, state, observation, later, calatone_choice, calatone_stopped,
     calatone_showdown, siete_first, siete_banked, siete_played) = (h for h in html if h)
    assert re.findall(r'data-card="(\w+)"', hand) == ["As", "Kd", "Th", "Jc", "Qs", "2d", "2c"]
    assert "5 cards" in deck
    assert "de bastos" in deck or "de oros" in deck
    assert "Straight, ace high" in rank
    assert state.count('data-card="back"') == 6
    assert "seat 2 to act" in state
    assert observation.count('data-card="back"') == 4
    assert re.search(r'data-seat="0".*?<small>\([^)]*you[^)]*\)</small>', observation)
    assert "seat 1 to act" in later
    assert re.findall(r"<li>(.*?)</li>", later) == ["fold", "call", "complete"]
    # calatone: the seat to choose sees its two cards and the choice; a round of passes stops
    # the hand on two cards each, all shown; played on, it ends in declarations
    assert calatone_choice.count('data-card="back"') == 4
    assert len(re.findall(r"<li>expose ", calatone_choice)) == 2
    assert "hand over" in calatone_stopped
    assert 'data-card="back"' not in calatone_stopped
    assert len(SEEN.findall(calatone_stopped)) == 6
    assert len(SEEN.findall(calatone_showdown)) > 6 * 2
    texts = [stream.get("text", "") for cell in outputs for stream in cell]
    assert any(": Two pair, jacks and sixes" in text for text in texts)  # a declaration
    # siete y medio: seat 3 sees its own card only; at the end seat 3 holds the bank
    assert SEEN.findall(siete_first) == ["10e"]
    assert "bet 1-3" in siete_first
    assert "result: seat 0 +0, seat 1 -1, seat 2 -1, seat 3 +2" in siete_banked
    # the play widget: a live view for the front end, then the hand played through click()
    widgets = [o for cell in outputs for o in cell
               if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert len(widgets) == 1
    assert any("['stand', 'draw face up, raise 0-2', 'draw face down, raise 0-2']" in text
               for text in texts)
    assert any("Hand over: you won 1." in text for text in texts)
    assert "hand over" in siete_played
    assert 'data-card="back"' not in siete_played
    plain = [o.get("data", {}).get("text/plain", "") for cell in outputs for o in cell]
    assert "3" in plain  # banked.next_button: the privileged 7½ takes the bank
    assert len(pictures) == 2
