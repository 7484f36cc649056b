"""Every nox session works from a clean clone (issue 21.2): nox lists them, and each session
installs an extra that holds what it runs. The docs session, above all, must install what
the docs build imports: every module its API pages document, the Sphinx extensions and theme
of ``docs/conf.py``, and what the tutorial notebook, the docs' scripts and the code of their
pictures (``.. cartes-view::``) import."""

from __future__ import annotations

import ast
import importlib.metadata
import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
STDLIB = set(sys.stdlib_module_names)


def _name(requirement: str) -> str:
    """The normalised distribution name of a requirement such as ``dask[array]>=2024.1``."""
    bare = re.split(r"[\[<>=!~; ]", requirement, maxsplit=1)[0]
    return re.sub(r"[-_.]+", "-", bare).lower()


def _session_installs(session: str) -> list[str]:
    """The arguments of ``session.install`` in the noxfile's session ``session``."""
    tree = ast.parse((ROOT / "noxfile.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == session:
            return [
                arg.value
                for call in ast.walk(node)
                if isinstance(call, ast.Call)
                and isinstance(call.func, ast.Attribute)
                and call.func.attr == "install"
                for arg in call.args
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
            ]
    raise AssertionError(f"the noxfile has no session {session!r}")


def _installed_by(session: str) -> set[str]:
    """The distributions a session installs: cartes' own dependencies and its extras', and
    any named directly."""
    found: set[str] = set()
    for arg in _session_installs(session):
        extras = re.fullmatch(r"\.(?:\[(.*)\])?", arg)
        if extras is None:
            if not arg.startswith("-"):
                found.add(_name(arg))
            continue
        found.update(_name(r) for r in PYPROJECT["project"]["dependencies"])
        for extra in filter(None, (extras.group(1) or "").split(",")):
            found.update(_name(r) for r in PYPROJECT["project"]["optional-dependencies"][extra])
    return found


def _top_level_imports(source: str) -> set[str]:
    """The top-level names a module imports when it runs (module level, not in functions)."""
    names: set[str] = set()
    for node in ast.parse(source).body:
        for inner in ast.walk(node) if isinstance(node, ast.Try | ast.If) else [node]:
            if isinstance(inner, ast.Import):
                names.update(alias.name.split(".")[0] for alias in inner.names)
            elif isinstance(inner, ast.ImportFrom) and not inner.level and inner.module:
                names.add(inner.module.split(".")[0])
    return names


def _documented_modules() -> set[str]:
    modules: set[str] = set()
    for page in DOCS.rglob("*.rst"):
        for match in re.finditer(r"^\.\. (?:automodule|module|currentmodule)::\s*(\S+)",
                                 page.read_text(encoding="utf-8"), re.M):
            modules.add(match.group(1))
    return {m for m in modules if m.startswith("cartes")}


def _picture_imports(pages: list[Path]) -> set[str]:
    """What the code of the pages' pictures (``.. cartes-view::``, run while the docs build)
    imports."""
    sys.path.insert(0, str(DOCS))
    import cartesview  # the extension beside docs/conf.py reads its own directives

    return {
        name
        for page in pages
        for block in cartesview.page_blocks(page)
        for name in _top_level_imports(block.code)
    }


def _docs_imports() -> set[str]:
    """The third-party import names the docs build needs."""
    names: set[str] = set()
    for module in _documented_modules():
        path = ROOT / "src" / Path(*module.split("."))
        path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
        names |= _top_level_imports(path.read_text(encoding="utf-8"))
    conf = (DOCS / "conf.py").read_text(encoding="utf-8")
    names |= _top_level_imports(conf)
    for script in DOCS.glob("*.py"):
        names |= _top_level_imports(script.read_text(encoding="utf-8"))
    names |= _picture_imports(sorted(DOCS.rglob("*.rst")))
    extensions = re.search(r"extensions = \[(.*?)\]", conf, re.S)
    assert extensions is not None
    names |= {e.split(".")[0] for e in re.findall(r'"([\w.]+)"', extensions.group(1))}
    theme = re.search(r'html_theme = "(\w+)"', conf)
    assert theme is not None
    names.add(theme.group(1))
    for notebook in DOCS.rglob("*.ipynb"):
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        for cell in (c for c in cells if c["cell_type"] == "code"):
            lines = "".join(cell["source"]).splitlines()
            code = "\n".join(line for line in lines if not line.lstrip().startswith(("%", "!")))
            names |= _top_level_imports(code)
        names.add("ipykernel")  # the notebook is executed while the docs build
    local = {p.stem for p in DOCS.glob("*.py")}
    return {n for n in names - STDLIB - local if n not in {"cartes", "__future__"}}


def test_the_docs_session_installs_what_the_docs_import() -> None:
    distributions = importlib.metadata.packages_distributions()
    installed = _installed_by("docs")
    missing = {}
    for name in sorted(_docs_imports()):
        owners = {_name(d) for d in distributions.get(name, [name])}
        if not owners & installed:
            missing[name] = sorted(owners)
    assert missing == {}, f"the docs session does not install {missing}"


def test_the_check_sees_the_adapters() -> None:
    # the documented adapters import the frameworks: the check must see them, or it proves
    # nothing about the docs build that failed before
    assert {"pyspiel", "pettingzoo", "gymnasium", "myst_nb", "furo"} <= _docs_imports()


def test_the_check_reads_the_code_of_the_pictures(tmp_path: Path) -> None:
    page = tmp_path / "page.rst"
    page.write_text(
        "Plots\n=====\n\n.. cartes-view::\n   :name: a-plot\n\n"
        "   import matplotlib.pyplot as plt\n   from cartes import cards\n   cards('As')\n",
        encoding="utf-8",
    )
    assert _picture_imports([page]) == {"matplotlib", "cartes"}


@pytest.mark.parametrize("session", ["tests", "bench"])
def test_the_test_sessions_install_the_test_extra(session: str) -> None:
    assert any(arg.startswith(".[") and "test" in arg for arg in _session_installs(session))


def test_nox_lists_every_session() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "nox", "--list", "-f", str(ROOT / "noxfile.py")],
        capture_output=True, text=True, timeout=120, check=True, cwd=ROOT,
    )
    for session in ("tests", "lint", "typecheck", "docs", "bench"):
        assert re.search(rf"^[*-] {session}\b", done.stdout, re.M), done.stdout
