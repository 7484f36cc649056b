"""The import arrows point one way (DESIGN.md): no two modules of cartes import each other,
directly or around a circle, counting imports inside functions and under TYPE_CHECKING too.
The game core knows no exporter and no driver; no driver imports an exporter."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import cartes

SOURCES = Path(cartes.__file__).resolve().parent


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SOURCES.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(path): path for path in SOURCES.rglob("*.py")}


def imports_of(name: str) -> set[str]:
    """The cartes modules ``name`` imports: ``from pkg import sub`` counts as ``pkg.sub``,
    ``from pkg import thing`` as ``pkg``."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{anchor}.{base}" if base else anchor
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                found.add(sub if sub in MODULES else base)
    return {other for other in found if other in MODULES and other != name}


GRAPH = {name: imports_of(name) for name in MODULES}


def cycles() -> list[list[str]]:
    """Every circle of imports (Tarjan's strongly connected components of size > 1)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in GRAPH[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(GRAPH):
        if node not in index:
            visit(node)
    return found


def test_the_graph_sees_imports_inside_functions():
    # phh's reader imports the stud driver; the graph must know it, or it proves nothing
    assert "cartes.games.stud" in GRAPH["cartes.games.stud.phh"]
    assert "cartes.games.contract" in GRAPH["cartes.games.log"]


def test_no_import_cycles():
    assert cycles() == []


EXPORTERS = {"cartes.games.stud.phh", "cartes.games.log"}


def _base_name(base: ast.expr) -> str | None:
    """``Game`` for ``Game``, ``HandGame`` for ``HandGame[StudState]``."""
    if isinstance(base, ast.Subscript):
        base = base.value
    return base.id if isinstance(base, ast.Name) else None


def defines_a_game(name: str) -> bool:
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    return any(
        isinstance(node, ast.ClassDef)
        and any(_base_name(base) in ("Game", "HandGame") for base in node.bases)
        for node in tree.body
    )


#: The hand-state base: every driver builds on it, and it names no game.
BASE = "cartes.games.hand"

#: The game drivers: every module of cartes.games that defines a Game (each game's package;
#: not the base, whose HandGame is the template the games fill in).
DRIVERS = {
    name for name in MODULES
    if name.startswith("cartes.games.") and name != BASE and defines_a_game(name)
}


def test_the_drivers_are_found():
    assert "cartes.games.stud" in DRIVERS
    assert {f"cartes.games.{game}" for game in GAMES} == DRIVERS


# -- the packages of the games (issue 19) ---------------------------------------------------

#: The game packages under cartes.games, and the poker family they may share.
GAMES = ("stud", "calatone", "siete_y_medio")
POKER = "cartes.games.poker"


def package_of(module: str) -> str | None:
    """The game (``"stud"``...) or ``"poker"`` whose package holds ``module``, or ``None``."""
    for family in (*GAMES, "poker"):
        root = f"cartes.games.{family}"
        if module == root or module.startswith(root + "."):
            return family
    return None


def crossings(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Every import that breaks the games' arrows: a game's module importing another game's,
    the poker family importing a game, the contract or the hand-state base importing a game,
    the poker family or an exporter, the runners (``cartes.play``) importing a game or the
    poker family."""
    found = []
    for module, imported in sorted(graph.items()):
        home = package_of(module)
        for other in sorted(imported):
            there = package_of(other)
            game_to_game = home in GAMES and there in GAMES and there != home
            poker_to_game = home == "poker" and there in GAMES
            contract_out = module in ("cartes.games.contract", BASE) and (
                there is not None or other in EXPORTERS
            )
            # the runners know no game: a game's host policies are its state's hooks
            runner_to_game = module == "cartes.play" and there is not None
            # the conformance kit checks any game by the contract alone
            kit_to_game = module == "cartes.games.testing" and there is not None
            if game_to_game or poker_to_game or contract_out or runner_to_game or kit_to_game:
                found.append((module, other))
    return found


def test_the_game_packages_are_found():
    for game in GAMES:
        members = {m for m in MODULES if package_of(m) == game}
        roles = {m.rpartition(".")[2] for m in members}
        assert {"state", "actions", "events", "rules", "encoding"} <= roles, game
    assert {m for m in MODULES if package_of(m) == "poker"} >= {
        f"{POKER}.{part}" for part in ("actions", "betting", "events", "pots", "state")
    }


def test_no_game_imports_another_and_the_contract_imports_no_game():
    assert crossings(GRAPH) == []


@pytest.mark.parametrize(
    ("module", "other"),
    [
        ("cartes.games.calatone.state", "cartes.games.stud.rules"),  # a game imports another
        ("cartes.games.siete_y_medio.encoding", "cartes.games.stud"),
        ("cartes.games.poker.betting", "cartes.games.calatone.actions"),  # poker imports a game
        ("cartes.games.contract", "cartes.games.poker.actions"),  # the contract, poker
        ("cartes.games.contract", "cartes.games.log"),  # the contract, an exporter
        ("cartes.games.hand", "cartes.games.stud.state"),  # the base imports a game
        ("cartes.games.hand", "cartes.games.poker.betting"),  # the base, poker
        ("cartes.play", "cartes.games.calatone.actions"),  # the runners import a game
        ("cartes.play", "cartes.games.poker.actions"),
        ("cartes.games.testing", "cartes.games.poker.actions"),  # the kit imports poker
        ("cartes.games.testing", "cartes.games.stud.actions"),
    ],
)
def test_a_crossing_would_be_found(module, other):
    graph = {name: set(imported) for name, imported in GRAPH.items()}
    graph[module].add(other)
    assert crossings(graph) == [(module, other)]


def test_the_drivers_build_on_the_base():
    for driver in DRIVERS:
        assert BASE in GRAPH[driver], driver
    assert {f"cartes.games.{game}.state" for game in GAMES} - {
        name for name in MODULES if BASE in GRAPH[name] or POKER + ".state" in GRAPH[name]
    } == set()


@pytest.mark.parametrize("module", sorted(DRIVERS | {"cartes.games.contract", BASE}))
def test_core_and_drivers_import_no_exporter(module):
    assert GRAPH[module] & EXPORTERS == set()


def test_core_imports_no_driver():
    assert GRAPH["cartes.games.contract"] & (DRIVERS | {"cartes.games"}) == set()
    assert GRAPH[BASE] & (DRIVERS | {"cartes.games"}) == set()


def test_a_cycle_would_be_found(monkeypatch):
    core = "cartes.games.contract"
    monkeypatch.setitem(GRAPH, core, GRAPH[core] | {"cartes.games.log"})
    assert any({core, "cartes.games.log"} <= set(circle) for circle in cycles())


def _fresh(code: str) -> str:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    return done.stdout.strip()


HEAVY = ("cartes.analysis", "cartes.display", "cartes.adapters", "cartes.play", "cartes.plot",
         "cartes.cli", "cartes.terminal", "numba")


def test_import_cartes_is_light():
    """``import cartes`` loads neither the analysis, the display, the runners, the adapters
    nor numba (issue 19.6): they load when first used."""
    loaded = _fresh(
        "import sys, cartes; print(' '.join(sorted(m for m in sys.modules "
        f"if m.startswith({HEAVY!r}))))"
    )
    assert loaded == ""


def test_the_lazy_parts_load_when_first_used():
    out = _fresh(
        "import sys, cartes\n"
        "print(cartes.play.RandomAgent.__name__, 'cartes.display' in sys.modules)\n"
        "from cartes import Hand\n"
        "print('<svg' in Hand('As Kd')._repr_html_(), 'cartes.display' in sys.modules)\n"
        "print(cartes.display.__name__, 'display' in dir(cartes))\n"
    )
    assert out.splitlines() == ["RandomAgent False", "True True", "cartes.display True"]
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        cartes.nothing  # noqa: B018
