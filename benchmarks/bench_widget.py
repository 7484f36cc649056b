"""What the notebook play widget costs per hand on the Python side, against the least a
notebook table must do anyway, in the same run.

Both play the same hands (same seeds, same agents, the person's choices the same: check or
call when offered, else the first offer at its least amount):

* ``widget``: :func:`cartes.display.play`, clicked through with :meth:`PlayWidget.click
  <cartes.widget.PlayWidget.click>` (the front end's message minus the browser: the choice
  made, the agents' answers, the table drawn, the view built and synced through ipywidgets'
  comm (without a kernel, comm's own stand-in, which drops what it is given);
* ``baseline``: the same hand played on the state directly, the person's observation drawn
  with :func:`~cartes.display.html_view` once per turn of the person (the table a notebook
  would show), nothing else.

The ratio is what the widget adds to drawing the table. Run with ``pytest
benchmarks/bench_widget.py`` (pytest-benchmark), or ``python benchmarks/bench_widget.py`` for
the ratios as best-of-N process CPU time, the two taken in turns.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from cartes.display import html_view, play
from cartes.games import Game, SevenCardStud, SieteYMedio, State
from cartes.games.calatone import Calatone
from cartes.play import CallingStation, SeatView, ThresholdAgent

pytest.importorskip("anywidget", reason="anywidget is not installed (the notebook extra)")

PLAYERS = 4
HANDS = 20
PERSON = 1


def games() -> dict[str, tuple[Game, Callable[[], Any]]]:
    return {
        "stud": (SevenCardStud(players=PLAYERS), CallingStation),
        "calatone": (Calatone(players=PLAYERS), CallingStation),
        "siete": (SieteYMedio(players=PLAYERS), ThresholdAgent),
    }


def choice(names: list[str]) -> int:
    """The person's choice: check or call (or 7½'s stand) when offered, else the first offer;
    by the offers' kinds, or the widget's labels (for these three, the label is the kind)."""
    for kind in ("check", "call", "stand"):
        if kind in names:
            return names.index(kind)
    return 0


def kinds(state: State) -> list[str]:
    return [offer.kind for offer in state.legal_actions()]


def labels(widget: Any) -> list[str]:
    return [offer["label"] for offer in widget.view["offers"]]


def widget_hands(name: str, hands: int) -> int:
    game, agent = games()[name]
    agents: list[Any] = [agent() for _ in range(PLAYERS)]
    agents[PERSON] = None
    widget = play(game, agents, seed=np.random.default_rng(7))
    for number in range(hands):
        if number:
            widget.deal()
        while not widget.view["over"]:
            widget.click(choice(labels(widget)))
    return hands


def baseline_hands(name: str, hands: int) -> int:
    game, agent = games()[name]
    agents = [agent() for _ in range(PLAYERS)]
    rng = np.random.default_rng(7)
    for number in range(hands):
        state: State = game.start(rng, button=number % PLAYERS)
        while not state.is_terminal:
            seat = state.to_act
            assert seat is not None
            if seat == PERSON:
                obs = state.observation(PERSON)
                html_view(dataclasses.replace(obs, legal_actions=()))
                state.apply(state.legal_actions()[choice(kinds(state))].choose())
            else:
                view = SeatView(state, seat)
                state.apply(agents[seat].act(view))
                view.expire()
        html_view(state.observation(PERSON))  # the final table
    return hands


def same_hands(name: str) -> None:
    """The two play the same hands: the widget's final states equal the baseline's."""
    game, agent = games()[name]
    agents: list[Any] = [agent() for _ in range(PLAYERS)]
    agents[PERSON] = None
    widget = play(game, agents, seed=np.random.default_rng(7))
    others = [agent() for _ in range(PLAYERS)]
    rng = np.random.default_rng(7)
    for number in range(3):
        if number:
            widget.deal()
        while not widget.view["over"]:
            widget.click(choice(labels(widget)))
        state = game.start(rng, button=number % PLAYERS)
        while not state.is_terminal:
            seat = state.to_act
            assert seat is not None
            if seat == PERSON:
                state.apply(state.legal_actions()[choice(kinds(state))].choose())
            else:
                state.apply(others[seat].act(SeatView(state, seat)))
        assert widget.state.payoffs == state.payoffs
        assert widget.state.history == state.history


@pytest.mark.parametrize("way", ["widget", "baseline"])
@pytest.mark.parametrize("name", ["stud", "calatone", "siete"])
def test_hands_through_the_widget(benchmark: Any, name: str, way: str) -> None:
    same_hands(name)
    run = widget_hands if way == "widget" else baseline_hands
    run(name, 2)  # warm up: the evaluator's kernels, the first views
    benchmark.extra_info["hands_per_round"] = HANDS
    assert benchmark.pedantic(run, args=(name, HANDS), rounds=3, iterations=1) == HANDS


def compare(name: str, repeat: int = 7) -> tuple[float, float]:
    """Process CPU seconds per hand, widget and baseline, each the best of ``repeat`` runs
    taken in turns (so that a busy spell on a shared machine hits both alike)."""
    widget, baseline = [], []
    for _ in range(repeat):
        for run, times in ((widget_hands, widget), (baseline_hands, baseline)):
            start = time.process_time()
            hands = run(name, HANDS)
            times.append((time.process_time() - start) / hands)
    return min(widget), min(baseline)


if __name__ == "__main__":
    for name in ("stud", "calatone", "siete"):
        same_hands(name)
        widget_hands(name, 2)
        baseline_hands(name, 2)
        widget, baseline = compare(name)
        print(f"{name:9} per hand: widget {widget * 1e3:7.2f} ms  baseline {baseline * 1e3:7.2f}"
              f" ms  widget/baseline {widget / baseline:5.2f}x")
