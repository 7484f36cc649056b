"""A Sphinx extension that keeps the API pages honest (issue 8).

After every page is read it checks, and warns (so ``sphinx-build -W`` fails) when:

- a public name (in the ``__all__`` of a public module of cartes) is not rendered anywhere;
- a name an API page asks for (``:members: a, b`` or ``.. autoclass:: X``) does not render;
- the API index's list of top-level names differs from ``cartes.__all__``, or names
  something ``cartes`` does not have.

``tests/test_docs_api.py`` runs the same checks on a quick build.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import cartes

DOCS = Path(__file__).resolve().parent

_DIRECTIVE = re.compile(
    r"^\.\. (automodule|autoclass|autofunction|autodata|autoexception|currentmodule|module)::"
    r"\s*(\S+)"
)
_MEMBERS = re.compile(r"^\s+:members:\s*(.*)$")
_ROLE = re.compile(r":(?:class|func|data|obj|exc|mod|attr):`~?([\w.]+)`")


def public_modules() -> list[str]:
    """Every module of cartes whose dotted name has no part starting with ``_``, but the
    deprecated aliases of moved modules (importing one warns; their names render at their new
    homes)."""
    from cartes.games._moved import MOVED

    names = ["cartes"] + [
        info.name for info in pkgutil.walk_packages(cartes.__path__, "cartes.")
    ]
    return sorted(
        n for n in names if not any(p.startswith("_") for p in n.split(".")) and n not in MOVED
    )


def resolve(fullname: str) -> Any:
    """The object a dotted name stands for, or ``None``."""
    parts = fullname.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: Any = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for part in parts[cut:]:
            if not hasattr(obj, part):
                return None
            obj = getattr(obj, part)
        return obj
    return None


def not_rendered_public(rendered: Iterable[str]) -> list[str]:
    """Public names (``__all__``, dunders aside) that no rendered object stands for."""
    by_name: dict[str, list[str]] = {}
    for fullname in rendered:
        by_name.setdefault(fullname.rpartition(".")[2], []).append(fullname)
    problems = []
    for module_name in public_modules():
        module = importlib.import_module(module_name)
        for name in getattr(module, "__all__", ()):
            if name.startswith("__"):
                continue
            value = getattr(module, name, None)
            if not any(resolve(f) is value for f in by_name.get(name, ())):
                problems.append(
                    f"{module_name}.{name} is public (in __all__) but no API page renders it"
                )
    return problems


def asked_for(text: str) -> list[str]:
    """The dotted names an rst page asks autodoc to render."""
    asked: list[str] = []
    current = ""
    pending_module = ""
    lines = text.splitlines()
    for number, line in enumerate(lines):
        found = _DIRECTIVE.match(line)
        if found:
            kind, target = found.groups()
            pending_module = ""
            if kind in ("currentmodule", "module"):
                current = target
            elif kind == "automodule":
                current = pending_module = target
            else:
                asked.append(target if target.startswith("cartes.") else f"{current}.{target}")
            continue
        members = _MEMBERS.match(line)
        if members and pending_module and members.group(1).strip():
            listed = members.group(1)
            for more in lines[number + 1:]:  # a list continued on deeper-indented lines
                if not more.startswith("      ") or more.strip().startswith(":"):
                    break
                listed += " " + more.strip()
            names = [n.strip() for n in listed.split(",") if n.strip()]
            asked.extend(f"{pending_module}.{name}" for name in names)
    return asked


def not_rendered_asked(rendered: Iterable[str], pages: Iterable[Path]) -> list[str]:
    """Names an API page asks for that did not render."""
    have = set(rendered)
    return [
        f"{page.name} asks for {name}, which does not render (not in its module's __all__, "
        f"or misspelt)"
        for page in pages
        for name in asked_for(page.read_text(encoding="utf-8"))
        if name not in have
    ]


def top_level_mismatch(index: Path) -> list[str]:
    """The API index's list of top-level names against ``cartes.__all__``."""
    text = index.read_text(encoding="utf-8")
    listed = {name.rpartition(".")[2] for name in _ROLE.findall(text)}
    exported = {name for name in cartes.__all__ if not name.startswith("__")}
    problems = [
        f"the API index lists {name} as importable from cartes, but cartes has no {name}"
        for name in sorted(listed - set(dir(cartes)))
    ]
    problems += [
        f"the API index does not list cartes.{name} (in cartes.__all__)"
        for name in sorted(exported - listed)
    ]
    problems += [
        f"the API index lists {name}, which is not in cartes.__all__"
        for name in sorted((listed & set(dir(cartes))) - exported)
    ]
    return problems


def problems(rendered: Iterable[str], docs: Path = DOCS) -> list[str]:
    """Every mismatch between the API pages and the code."""
    rendered = list(rendered)
    pages = sorted((docs / "api").glob("*.rst"))
    return (
        not_rendered_public(rendered)
        + not_rendered_asked(rendered, pages)
        + top_level_mismatch(docs / "api" / "index.rst")
    )


def _check(app: Any, env: Any) -> None:
    from sphinx.util import logging

    log = logging.getLogger(__name__)
    for problem in problems(env.get_domain("py").objects):
        log.warning("API pages: %s", problem)


def setup(app: Any) -> dict[str, Any]:
    app.connect("env-check-consistency", _check)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
