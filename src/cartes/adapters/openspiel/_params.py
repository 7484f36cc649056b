"""A game's options as OpenSpiel parameters, in a form that ``str(game)`` carries and
``pyspiel.load_game`` reads back.

OpenSpiel's parameters are ints, floats, bools and text, and its game string separates them
with commas. Each option whose default is such a value is a parameter of that type; every
other value (``None``, a value of another type than the default's) travels in the text
parameter ``"options"`` as ``key:value;key:value``, each value JSON with its characters that
the game string reserves percent-escaped.

>>> from cartes.games import SevenCardStud
>>> parameters(SevenCardStud(max_raises=None))["options"]
'max_raises:null'
>>> decode_options('maximum:4;minimum:null')
{'maximum': 4, 'minimum': None}
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote, unquote

import cartes.games as games
from cartes.errors import ConfigurationError
from cartes.games.contract import Game

__all__ = ["decode_options", "from_parameters", "parameters", "specification"]

_PLAIN = (bool, int, float, str)


def specification(name: str) -> dict[str, Any]:
    """The parameters of the game registered as ``name``, with their defaults.

    >>> specification("calatone")["options"]
    ''
    """
    default = games.get(name)
    plain = {k: v for k, v in default.config().items() if type(v) in _PLAIN}
    return {**plain, "options": ""}


def parameters(game: Game) -> dict[str, Any]:
    """``game``'s options as parameters of :func:`specification`."""
    spec = specification(game.name)
    out = dict(spec)
    other: dict[str, Any] = {}
    for key, value in game.config().items():
        if key in spec and key != "options" and type(value) is type(spec[key]):
            out[key] = value
        else:
            other[key] = value
    out["options"] = ";".join(
        f"{key}:{quote(json.dumps(value, separators=(',', ':')), safe='')}"
        for key, value in sorted(other.items())
    )
    return out


def decode_options(text: str) -> dict[str, Any]:
    """The options of an ``"options"`` parameter: ``key:value;...`` or a JSON object."""
    text = text.strip()
    if not text:
        return {}
    try:
        if text.startswith("{"):
            found = json.loads(text)
            if isinstance(found, dict):
                return found
            raise ValueError("not an object")
        out = {}
        for item in text.split(";"):
            key, sep, value = item.partition(":")
            if not sep or not key:
                raise ValueError(f"no key:value in {item!r}")
            out[key] = json.loads(unquote(value))
        return out
    except ValueError as error:
        raise ConfigurationError(
            f"the 'options' parameter is key:value;... (each value JSON) or a JSON object, "
            f"got {text!r} ({error})"
        ) from None


def from_parameters(name: str, params: dict[str, Any]) -> Game:
    """The game ``name`` configured by OpenSpiel parameters (``"options"`` overrides)."""
    options = dict(params)
    extra = decode_options(str(options.pop("options", "") or ""))
    return games.get(name, **{**options, **extra})
