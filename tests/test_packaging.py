"""What a user installs (issue 8): a distribution name of our own (``cartes`` on the index is
an unrelated map toolbox), still ``import cartes``; install commands that name it; project
URLs; and a ``test`` extra that brings everything the tests import, so the README's test
command runs every test (the pokerkit cross-checks and the mypy check included)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
DIST = PROJECT["name"]


def normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def test_the_distribution_name_is_ours_and_the_import_is_cartes():
    # "cartes" on the package index (0.8.x) is a map toolbox with a `cartes` script of its own
    assert normal(DIST) == "cartes-games"
    wheel = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["hatch"]
    assert wheel["build"]["targets"]["wheel"]["packages"] == ["src/cartes"]


def test_project_urls():
    urls = PROJECT["urls"]
    assert urls
    assert all(url.startswith("https://") for url in urls.values())


def install_commands() -> list[tuple[str, str]]:
    found = []
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.rst"))]:
        for line in path.read_text(encoding="utf-8").splitlines():
            for command in re.findall(r"pip install ([^`#\n&]*)", line):
                found.append((path.name, command.strip()))
    return found


def test_install_commands_name_the_distribution():
    commands = install_commands()
    assert any(DIST in command for _, command in commands)
    for where, command in commands:
        targets = [word.strip("'\"") for word in command.split() if not word.startswith("-")]
        for target in targets:
            name = re.split(r"[\[<>=]", target)[0]
            assert name in (".", DIST) or name.startswith("."), (where, command)


def test_the_readme_test_command_installs_the_test_extra():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "pip install -q -e '.[test]' && .venv/bin/python -m pytest" in readme


def test_the_test_extra_brings_what_the_tests_import():
    test_extra = PROJECT["optional-dependencies"]["test"]
    extra = {normal(re.split(r"[\[<>=;\s]", item)[0]) for item in test_extra}
    needed = set()
    for path in (ROOT / "tests").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        needed.update(re.findall(r"importorskip\(\"(\w+)", text))
    # the tests also run `cartes bench`, which measures eval7 and phevaluator beside cartes
    needed |= {"eval7", "phevaluator"}
    assert {"pokerkit", "mypy", "sphinx"} <= needed
    distribution = {"pil": "pillow"}  # import names that differ from the distribution's
    assert {distribution.get(normal(name), normal(name)) for name in needed} <= extra
