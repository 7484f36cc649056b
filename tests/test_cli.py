"""The ``cartes`` command."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

import cartes
from cartes import Deck, Hand
from cartes.cli import main


def test_demo_deals_reproducibly(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--seed", "5"]) == 0
    first = capsys.readouterr().out
    assert main(["demo", "--seed", "5"]) == 0
    assert capsys.readouterr().out == first
    deck = Deck.french()
    deck.shuffle(5)
    hands = [Hand(deck.deal(7)) for _ in range(4)]
    for seat, hand in enumerate(hands):
        assert f"seat {seat}: {hand.unicode()}" in first
        assert f"standard: {cartes.evaluate(hand).describe()}" in first
        assert f"calatone: {cartes.evaluate(hand, 'calatone').describe('es')}" in first
    assert f"standard winners: seats {cartes.winners(hands)}" in first


@pytest.mark.parametrize("seed", ["-1", "x", "1.5"])
def test_bad_seed_is_a_usage_error(seed: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["demo", "--seed", seed])
    assert info.value.code == 2
    assert "give an integer >= 0" in capsys.readouterr().err


def test_python_dash_m() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "cartes", "demo", "--seed", "1"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.startswith("Seed 1: four players")


def _parse_table(text: str) -> dict[str, tuple[float, float, float]]:
    """name -> (rate in M/s, best run in s, ratio) from a bench table."""
    rows = {}
    for line in text.splitlines()[1:]:
        name, rate, _, best, ratio, *_floor = re.split(r"\s{2,}", line.strip())
        rows[name] = (
            float(rate.removesuffix(" M/s")),
            float(best.removesuffix(" s")),
            float(ratio.removesuffix("x")),
        )
    return rows


@pytest.mark.parametrize("others", [("eval7", "phevaluator"), ("phevaluator",), ()])
def test_bench_table_ratios_are_against_the_first_other_library(others: tuple[str, ...]) -> None:
    from cartes.bench import Measurement, format_table

    rows = [
        Measurement("one hand per call, standard7(7 ints)", 0.027, 200_000),
        Measurement("all 133,784,560 7-card hands, standard, one thread", 0.131, 133_784_560),
    ]
    seconds = {"eval7": 0.085, "phevaluator": 0.150}
    rows += [Measurement(f"one hand per call, {name}.x", seconds[name], 200_000) for name in others]
    table = _parse_table(format_table(rows))
    baseline = rows[2] if others else rows[0]
    assert set(table) == {row.name for row in rows}
    for row in rows:
        rate, best, ratio = table[row.name]
        assert rate == pytest.approx(row.rate / 1e6, abs=0.006)
        assert best == pytest.approx(row.seconds, abs=0.0006)
        assert ratio == pytest.approx(row.rate / baseline.rate, abs=0.006)


@pytest.mark.parametrize(("flag", "value"), [("--hands", "0"), ("--hands", "-3"), ("--calls", "9")])
def test_bench_counts_are_checked(
    flag: str, value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        main(["bench", flag, value])
    assert info.value.code == 2
    assert "invalid count" in capsys.readouterr().err


def test_bench_runs_on_small_inputs() -> None:
    from cartes.bench import FLOOR_NAME, format_table, machine, run
    from cartes.errors import OptionError

    rows = run(hands=1000, calls=10, seed=3)
    names = [row.name for row in rows]
    for ranking in ("standard", "calatone"):
        assert f"batch, random 7-card, {ranking}, one thread" in names
        assert f"all 133,784,560 7-card hands, {ranking}, one thread" in names
    assert all(row.seconds > 0 and row.items > 0 for row in rows)
    assert set(_parse_table(format_table(rows))) == set(names)
    # the floor is measured in the same run, and every batch figure is read against it
    assert names[0] == FLOOR_NAME
    table = format_table(rows, where=machine())
    assert table.splitlines()[0].startswith("machine: ")
    assert "threads" in table.splitlines()[0]
    floor_rate = rows[0].rate
    for row, line in zip(rows, table.splitlines()[2:], strict=True):
        if row.name.startswith("batch") or row.name == FLOOR_NAME:
            assert float(line.split()[-1].removesuffix("x")) == pytest.approx(
                row.rate / floor_rate, abs=0.006)
        else:
            assert len(re.split(r"\s{2,}", line.strip())) == 5  # no floor column
    with pytest.raises(OptionError, match="calls >= 10"):
        run(hands=1000, calls=9)


def test_a_closed_pipe_ends_quietly() -> None:
    """``cartes demo | head -1``: no traceback when the reader stops early."""
    process = subprocess.Popen(
        [sys.executable, "-c", "import sys; from cartes.cli import main; sys.exit(main())", "demo"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        bufsize=0,
    )
    assert process.stdout is not None
    assert process.stderr is not None
    assert process.stdout.read(10)
    process.stdout.close()
    error = process.stderr.read().decode()
    process.wait(timeout=60)
    assert "Traceback" not in error
