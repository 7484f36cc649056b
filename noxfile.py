"""Developer sessions: ``nox -s tests lint typecheck docs bench``."""

import nox

nox.options.sessions = ["tests", "lint", "typecheck", "docs"]


@nox.session
def tests(session: nox.Session) -> None:
    """The test suite (slow exhaustive tests with ``nox -s tests -- -m slow``, the
    long statistical runs with ``-m soak``)."""
    session.install("-e", ".[test]")
    session.run("python", "-m", "pytest", *session.posargs)


@nox.session
def lint(session: nox.Session) -> None:
    """ruff over the sources, tests and benchmarks."""
    session.install("ruff")
    session.run("ruff", "check", "src", "tests", "benchmarks", "noxfile.py", "examples")


@nox.session
def typecheck(session: nox.Session) -> None:
    """mypy --strict over the library."""
    session.install("-e", ".", "mypy")
    session.run("mypy", "--strict", "src")


@nox.session
def docs(session: nox.Session) -> None:
    """Build the Sphinx documentation with warnings as errors."""
    session.install("-e", ".[docs]")
    session.run("sphinx-build", "-W", "--keep-going", "-b", "html", "docs", "docs/_build/html")


@nox.session
def bench(session: nox.Session) -> None:
    """The pytest-benchmark suite in benchmarks/."""
    session.install("-e", ".[test]")
    session.run("python", "-m", "pytest", "benchmarks", *session.posargs)
