"""An unknown game option is refused with the game's options and a "did you mean" (issue
21.6), from the library and from the command line; the help lists every game's options."""

from __future__ import annotations

import dataclasses

import pytest

from cartes import games
from cartes.cli import main
from cartes.errors import ConfigurationError


@pytest.mark.parametrize("name", ["seven-card-stud", "calatone", "siete-y-medio"])
def test_options_of_is_the_games_fields_and_defaults(name: str) -> None:
    game = games.get(name)
    fields = {f.name: f.default for f in dataclasses.fields(game)}  # type: ignore[arg-type]
    assert games.options_of(name) == fields
    assert type(game)(**games.options_of(name)) == game  # the defaults make the default game


@pytest.mark.parametrize(
    ("name", "options", "expected"),
    [
        ("calatone", {"antes": 2}, "unknown option 'antes' (did you mean 'ante'?) for game"),
        ("seven-card-stud", {"player": 3}, "'player' (did you mean 'players'?)"),
        ("siete-y-medio", {"colour": "red"}, "unknown option 'colour' for game 'siete-y-medio'"),
        ("seven-card-stud", {"colour": 1, "antee": 1}, "unknown options 'colour' and 'antee'"),
    ],
)
def test_an_unknown_option_names_the_games_options(
    name: str, options: dict[str, object], expected: str
) -> None:
    with pytest.raises(ConfigurationError) as error:
        games.get(name, **options)
    message = str(error.value)
    assert expected in message
    for key, default in games.options_of(name).items():
        assert f"{key}={default!r}" in message  # every option, with its default


def test_the_command_line_says_the_same(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "calatone", "--option", "antes=2"]) == 1  # a library error: exit 1
    err = capsys.readouterr().err
    assert "did you mean 'ante'?" in err
    assert "__init__()" not in err


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_help_lists_every_games_options(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    out = capsys.readouterr().out
    for name in games.available():
        assert f"  {name}: " in out
    assert "bring_in=2" in out
    assert "max_bet=10" in out
    assert "bank_passes=privileged" in out


@pytest.mark.parametrize("name", ["calatone", "siete-y-medio"])  # stud: fixed limit, no range
def test_a_range_offer_applied_as_offered_says_how_to_choose(name: str) -> None:
    """Issue 21.5: the message names ``.choose()`` and the amounts allowed, not a list of
    legal actions holding the very action refused; nothing changes."""
    import re

    import numpy as np

    from cartes.errors import IllegalActionError

    rng = np.random.default_rng(1)
    found = 0
    for seed in range(20):
        state = games.get(name, players=3).start(seed=seed)
        while not state.is_terminal:
            legal = state.legal_actions()
            for offer in [a for a in legal if getattr(a, "up_to", None) is not None]:
                before = state.to_dict()
                with pytest.raises(IllegalActionError) as error:
                    state.apply(offer)
                field = offer.range_field
                low, top = getattr(offer, field), offer.up_to  # type: ignore[attr-defined]
                assert re.search(
                    rf"offer\.choose\(rng\) or \w+\({field}=n\) with n in {low}\.\.{top}$",
                    str(error.value),
                )
                assert state.to_dict() == before
                found += 1
            state.apply(legal[int(rng.integers(len(legal)))].choose(rng))
    assert found > 0
