"""The template plugin, examples/plugin (``cartes-highcard``): installed by pip into a fresh
virtual environment, it is found through its ``cartes.games`` entry point, passes
``check_game``, replays its hands and has an encoding, found through its ``cartes.encodings``
entry point; and its own doctests and rules hold.

The install is offline: the fresh environment inherits this one's packages (cartes from
this checkout, numpy, numba, pip and hatchling, the plugin's build backend, which the test
extra installs) and pip builds the plugin with ``--no-index --no-build-isolation``.
"""

from __future__ import annotations

import doctest
import importlib
import itertools
import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cartes
import cartes.games as games
from cartes.games.testing import check_game

ROOT = Path(__file__).parent.parent
PLUGIN = ROOT / "examples" / "plugin"
SRC = str(Path(cartes.__file__).parent.parent)  # the cartes under test, not an installed one
MODULES = ["cartes_highcard", *(f"cartes_highcard.{name}" for name in
                                ("actions", "events", "rules", "state", "encoding"))]

# What the fresh environment runs once the plugin is installed: everything it reports is
# read back by the test (so a check that did not run cannot pass).
CHECK = r"""
import json, sys
from importlib.metadata import distribution, entry_points
import cartes.games as games
from cartes.games.encoding import encoding, encodings
from cartes.games.testing import check_game
from cartes.play import RandomAgent, play_hand

import cartes_highcard
game = games.get("highcard", players=4, bet=3)
report = check_game(game, hands=60, seed=1, probe=1.0)
settled = check_game(game, hands=20, seed=2, start=lambda rng: {"stacks": [1, 1, 1, 1]})
hand = play_hand(game, [RandomAgent(seed=s) for s in range(4)], seed=5)
again = games.replay(hand.to_json())
listed = "highcard" in encodings()
loaded_before = "cartes_highcard.encoding" in sys.modules
enc = encoding(game)
fresh = game.start(seed=2)
obs = fresh.observation(fresh.to_act)
(point,) = [p for p in entry_points(group="cartes.games") if p.name == "highcard"]
(encoded,) = [p for p in entry_points(group="cartes.encodings") if p.name == "highcard"]
print(json.dumps({
    "available": games.available(),
    "encoding_listed": listed,
    "encoding_loaded_before_asked": loaded_before,
    "encoding_entry_point": encoded.value,
    "encoding_class": type(enc).__name__,
    "settled_in_deal": [settled.hands, settled.actions],
    "installed_at": cartes_highcard.__file__,
    "prefix": sys.prefix,
    "entry_point": point.value,
    "distribution": distribution("cartes-highcard").metadata["Name"],
    "game": type(game).__name__,
    "hands": report.hands,
    "actions": report.actions,
    "terminal": hand.is_terminal,
    "replayed_equal": again == hand,
    "same_history": again.to_dict() == hand.to_dict(),
    "events": len(hand.history),
    "num_actions": enc.num_actions,
    "legal": [enc.action_names[i] for i in enc.legal_action_ids(obs)],
    "tensor": [list(enc.tensor_shape), list(enc.observation_tensor(obs).shape)],
}))
"""


def _site_dirs() -> list[str]:
    paths = sysconfig.get_paths()
    return list(dict.fromkeys([paths["purelib"], paths["platlib"]]))


@pytest.mark.slow
def test_the_example_plugin_installs_into_a_fresh_venv_and_plays(tmp_path: Path) -> None:
    backend = pytest.importorskip("hatchling", reason="the plugin's build backend (test extra)")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True, text=True, check=True,
    ).stdout.strip()
    # Inherit this environment's packages, after the venv's own (so the plugin installed
    # there is the one imported), without downloading anything.
    inherited = [*_site_dirs(), str(Path(backend.__file__).parent.parent)]
    lines = [f"import site; site.addsitedir({path!r})" for path in dict.fromkeys(inherited)]
    (Path(purelib) / "_inherit_test_env.pth").write_text("\n".join(lines) + "\n")
    source = tmp_path / "cartes-highcard"  # a copy: building leaves nothing in the checkout
    shutil.copytree(PLUGIN, source, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    env = {**os.environ, "PYTHONPATH": SRC, "PIP_DISABLE_PIP_VERSION_CHECK": "1",
           "PYTHONIOENCODING": "utf-8"}
    install = subprocess.run(
        [str(python), "-m", "pip", "install", "--no-deps", "--no-index", "--no-build-isolation",
         "--no-cache-dir", "-q", str(source)],
        capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300, check=False,
    )
    assert install.returncode == 0, install.stdout + install.stderr
    run = subprocess.run(
        [str(python), "-c", CHECK], capture_output=True, text=True, encoding="utf-8",
        env=env, cwd=tmp_path, timeout=300, check=False,
    )
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout.splitlines()[-1])
    assert "highcard" in out["available"]
    assert {"calatone", "seven-card-stud", "siete-y-medio"} <= set(out["available"])
    assert Path(out["installed_at"]).is_relative_to(out["prefix"])  # the installed copy
    assert out["entry_point"] == "cartes_highcard:HighCard"
    assert out["distribution"] == "cartes-highcard"
    assert out["game"] == "HighCard"
    assert out["hands"] == 60
    assert out["actions"] > 60
    assert out["terminal"]
    assert out["replayed_equal"]
    assert out["same_history"]
    assert out["events"] >= 4 * 2 + 1  # antes, deals, at least one action
    assert out["encoding_listed"]
    assert not out["encoding_loaded_before_asked"]  # imported when first asked for
    assert out["encoding_entry_point"] == "cartes_highcard.encoding:HighCardEncoding"
    assert out["encoding_class"] == "HighCardEncoding"
    assert out["settled_in_deal"] == [20, 0]  # every seat all in from the ante: no action
    assert out["num_actions"] == 2
    assert out["legal"] == ["drop", "stay"]
    assert out["tensor"][0] == out["tensor"][1]


# -- the same package from the source tree, in this process --------------------------------


@pytest.fixture
def highcard(monkeypatch: pytest.MonkeyPatch) -> Any:
    """The plugin's package imported from examples/plugin/src, its game and its encoding
    registered by name (as its entry points would) in copies of the registries."""
    from cartes.games import encoding

    monkeypatch.syspath_prepend(str(PLUGIN / "src"))
    module = importlib.import_module("cartes_highcard")
    monkeypatch.setattr(games, "_REGISTRY", dict(games._REGISTRY))
    monkeypatch.setattr(encoding, "_ENCODINGS", dict(encoding._ENCODINGS))
    games.register("highcard", module.HighCard)
    encoding.register_encoding("highcard", "cartes_highcard.encoding:HighCardEncoding")
    return module


@pytest.mark.parametrize("name", MODULES)
def test_the_plugin_doctests_pass(highcard: Any, name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0, f"{name} has no example"
    assert result.failed == 0


def test_the_plugin_passes_check_game_from_the_source_tree(highcard: Any) -> None:
    game = highcard.HighCard(players=5, ante=2, bet=1)
    assert check_game(game, hands=60, seed=7, probe=0.5).hands == 60


def test_the_plugin_refuses_bad_input_with_what_is_allowed(highcard: Any) -> None:
    from cartes.errors import ConfigurationError, IllegalActionError
    from cartes.games import Fold

    HighCard = highcard.HighCard  # noqa: N806
    with pytest.raises(ConfigurationError, match=r"bet must be an integer >= 1, got 0"):
        HighCard(bet=0)
    with pytest.raises(ConfigurationError, match=r"players must be an integer in 2\.\.10"):
        HighCard(players=True)
    state = HighCard(players=3).start(seed=1, stacks=[5, 1, 5])  # seat 1 is all in from the
    before = state.clone()                                        # ante: passed over
    assert state.to_act == 2
    with pytest.raises(IllegalActionError, match=r"Fold\(\) is not a move of high card: "
                                                 r"seat 2 may Drop\(\) or Stay\(\)"):
        state.apply(Fold())
    with pytest.raises(IllegalActionError, match="it is seat 2's turn"):
        state.apply(highcard.Stay(), seat=1)
    assert state == before
    state.apply(highcard.Stay())
    assert state.to_act == 0
    assert state.gives_up(highcard.Drop())
    assert not state.gives_up(highcard.Stay())
    assert before != state


def test_a_hand_is_settled_in_the_deal_when_no_seat_has_chips_left(highcard: Any) -> None:
    game = highcard.HighCard(players=3, ante=2)
    state = game.start(seed=4, stacks=[2, 1, 2])
    assert state.is_terminal
    assert state.actions == []
    assert state.legal_actions() == ()
    assert sum(state.payoffs) == 0
    assert games.replay(state.to_json()) == state
    # check_game, from the stacks before the hand: about one hand in eight settled in the deal
    report = check_game(game, hands=40, seed=3, probe=1.0, start=lambda rng: {
        "stacks": [int(rng.integers(1, 3)) if rng.random() < 0.5 else 9 for _ in range(3)],
        "button": int(rng.integers(3)),
    })
    assert report.hands == 40


def _rules() -> ModuleType:
    """The plugin's rules module, from the source tree (it needs nothing else of the plugin)."""
    sys.path.insert(0, str(PLUGIN / "src"))
    try:
        return importlib.import_module("cartes_highcard.rules")
    finally:
        sys.path.remove(str(PLUGIN / "src"))


@given(st.lists(st.integers(0, 50), min_size=2, max_size=8), st.randoms(use_true_random=False))
def test_settle_pays_out_the_pot_and_no_seat_wins_more_than_it_risked(
    contributions: list[int], random: Any
) -> None:
    seats = list(range(len(contributions)))
    random.shuffle(seats)
    ranking = seats[: random.randint(1, len(seats))]
    paid = _rules().settle(contributions, ranking)
    assert paid == _side_pots(contributions, ranking)
    assert sum(paid) == sum(contributions)
    best = ranking[0]  # the best seat wins from every seat what both put in
    assert paid[best] == sum(min(put, contributions[best]) for put in contributions)


def _side_pots(contributions: list[int], ranking: list[int]) -> list[int]:
    """The oracle: the pot cut in layers between the amounts put in; each layer goes to the
    best seat still in that reached it, or back to those who put it in if none did."""
    paid = [0] * len(contributions)
    levels = sorted({0, *contributions})
    for low, high in itertools.pairwise(levels):
        in_layer = [s for s, put in enumerate(contributions) if put >= high]
        winners = [s for s in ranking if s in in_layer]
        if winners:
            paid[winners[0]] += (high - low) * len(in_layer)
        else:
            for seat in in_layer:
                paid[seat] += high - low
    return paid
