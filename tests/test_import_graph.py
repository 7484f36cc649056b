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
    assert "cartes.games.stud" in GRAPH["cartes.games.phh"]
    assert "cartes.games.core" in GRAPH["cartes.games.log"]


def test_no_import_cycles():
    assert cycles() == []


EXPORTERS = {"cartes.games.phh", "cartes.games.log"}


def defines_a_game(name: str) -> bool:
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    return any(
        isinstance(node, ast.ClassDef)
        and any(isinstance(base, ast.Name) and base.id == "Game" for base in node.bases)
        for node in tree.body
    )


#: The game drivers: every module of cartes.games that defines a Game (calatone, 7½ to come).
DRIVERS = {name for name in MODULES if name.startswith("cartes.games.") and defines_a_game(name)}


def test_the_drivers_are_found():
    assert "cartes.games.stud" in DRIVERS


@pytest.mark.parametrize("module", sorted(DRIVERS | {"cartes.games.core"}))
def test_core_and_drivers_import_no_exporter(module):
    assert GRAPH[module] & EXPORTERS == set()


def test_core_imports_no_driver():
    assert GRAPH["cartes.games.core"] & (DRIVERS | {"cartes.games"}) == set()


def test_a_cycle_would_be_found(monkeypatch):
    core = "cartes.games.core"
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
