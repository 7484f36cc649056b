"""The ``cartes`` command."""

from __future__ import annotations

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
