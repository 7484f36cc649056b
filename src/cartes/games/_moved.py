"""The deprecated aliases of the modules that moved when each game became a package (issue 19):
which old module went where, and the warning importing one gives; and the warning a renamed
name gives (:func:`renamed`: 7½'s events of history format 1, which became the shared ones).

Each alias (``cartes.games.core``, ``cartes.games.betting``...) re-exports the very objects of its
new modules and calls :func:`warn_moved` when imported; the warning is attributed to the code
that imported it (not to the import machinery), so a script sees it where it wrote the import.

>>> MOVED["cartes.games.betting"]
('cartes.games.poker.betting', 'cartes.games.poker.pots')
"""

from __future__ import annotations

import sys
import warnings
from typing import Any, ClassVar

__all__ = ["MOVED", "ExtraWithAliases", "renamed", "warn_moved", "warn_renamed_attribute"]

#: Each deprecated module and the modules its names moved to.
MOVED: dict[str, tuple[str, ...]] = {
    "cartes.games.core": (
        "cartes.games.chips",
        "cartes.games.contract",
        "cartes.games.poker.actions",
        "cartes.games.stud.actions",
    ),
    "cartes.games.betting": ("cartes.games.poker.betting", "cartes.games.poker.pots"),
    "cartes.games.events": (
        "cartes.games.calatone.events",
        "cartes.games.chips",
        "cartes.games.dealing",
        "cartes.games.poker.events",
        "cartes.games.stud.events",
    ),
    "cartes.games.phh": ("cartes.games.stud.phh",),
    "cartes.games.stud_encoding": ("cartes.games.stud.encoding",),
    "cartes.games.calatone_actions": ("cartes.games.calatone.actions",),
    "cartes.games.calatone_hands": ("cartes.games.calatone.rules",),
    "cartes.games.calatone_encoding": ("cartes.games.calatone.encoding",),
    "cartes.games.siete_y_medio_actions": ("cartes.games.siete_y_medio.actions",),
    "cartes.games.siete_y_medio_events": (
        "cartes.games.chips",
        "cartes.games.dealing",
        "cartes.games.siete_y_medio.events",
    ),
    "cartes.games.siete_y_medio_legal": ("cartes.games.siete_y_medio.legal",),
    "cartes.games.siete_y_medio_rules": ("cartes.games.siete_y_medio.rules",),
    "cartes.games.siete_y_medio_state": ("cartes.games.siete_y_medio.state",),
    "cartes.games.siete_encoding": ("cartes.games.siete_y_medio.encoding",),
}


def warn_moved(old: str) -> None:
    """Warn, as a :class:`DeprecationWarning` naming the new path, that the module ``old`` is
    a deprecated alias (called by the alias as it is imported)."""
    new = " or ".join(MOVED[old])
    warnings.warn(
        f"{old} is deprecated: import from {new} instead (the alias goes in the release "
        "after the next)",
        DeprecationWarning,
        stacklevel=_importer_level(),
    )


def renamed(module: str, old: str, home: str, new: str) -> object:
    """The object ``old`` of ``module`` became ``new`` of ``home``: warn, as a
    :class:`DeprecationWarning` attributed to the code that used the old name, and give it
    (called by a module's ``__getattr__``).

    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     cls = renamed("cartes.games.siete_y_medio.events", "Dealt", "cartes.games.dealing",
    ...                   "CardDealt")
    >>> cls.__name__, str(caught[0].message)[:72]
    ('CardDealt', 'cartes.games.siete_y_medio.events.Dealt is deprecated: use cartes.games.')
    """
    import importlib

    warnings.warn(
        f"{module}.{old} is deprecated: use {home}.{new}, the one class of its concept in "
        "every game (history format cartes-hand/2); the alias goes in the release after "
        "the next",
        DeprecationWarning,
        stacklevel=3,
    )
    return getattr(importlib.import_module(home), new)


def warn_renamed_attribute(
    owner: str, old: str, new: str, why: str = "the name every game gives it"
) -> None:
    """Warn, as a :class:`DeprecationWarning` attributed to the code that read it, that the
    attribute ``old`` of ``owner`` objects is a deprecated alias of ``new`` (called by the
    alias property).

    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     warn_renamed_attribute("SieteState", "bank", "button")
    >>> str(caught[0].message)[:59]
    'SieteState.bank is deprecated: read SieteState.button, the '
    """
    warnings.warn(
        f"{owner}.{old} is deprecated: read {owner}.{new}, {why} (the alias goes in the "
        "release after the next)",
        DeprecationWarning,
        stacklevel=3,
    )


def _importer_level() -> int:
    """The ``stacklevel`` of the code that imported the alias: past this module, the alias
    and the import machinery (``warnings`` skips the frozen ``importlib._bootstrap`` frames
    when it counts; ``importlib.import_module``'s own frame it counts)."""
    frame = sys._getframe(2).f_back  # past the alias module's body
    level = 3
    while frame is not None:
        filename = frame.f_code.co_filename
        if "importlib" in filename and "_bootstrap" in filename:
            pass  # not counted by warnings
        elif "importlib" in filename or frame.f_globals.get("__name__") in MOVED:
            level += 1
        else:
            break
        frame = frame.f_back
    return level


class ExtraWithAliases(dict[str, Any]):
    """An observation's ``extra`` in which a renamed key still reads, warning: a subclass
    names its ``aliases`` (old key to new). The old key is not stored (so it is neither
    iterated, compared nor written out); reading it with ``extra[old]`` gives the new key's
    value and a :class:`DeprecationWarning` (``extra.get(old)`` gives ``None``, as for any
    missing key).

    >>> class Extra(ExtraWithAliases):
    ...     aliases = {"dealer": "button"}
    >>> extra = Extra(button=2)
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     extra["dealer"], list(extra), str(caught[0].message).split(" (")[0]
    (2, ['button'], "extra['dealer'] is deprecated: read extra['button']")
    """

    __slots__ = ()
    aliases: ClassVar[dict[str, str]] = {}

    def __missing__(self, key: str) -> Any:
        new = self.aliases.get(key)
        if new is None or new not in self:
            raise KeyError(key)
        warnings.warn(
            f"extra[{key!r}] is deprecated: read extra[{new!r}] (the alias goes in the "
            "release after the next)",
            DeprecationWarning,
            stacklevel=2,
        )
        return self[new]
