"""What a siete y medio seat may know: the contract's :class:`~cartes.games.Observation`, with
the seats out of the hand named for what they are in a banking game. Nobody folds in 7½: a
punter *sits the hand out*, seated out by the host, by his own choice against an adopted
proposal (M-31) or by declining on a first 3 (M-11). :attr:`SieteObservation.sitting_out`
says which; :attr:`~cartes.games.Observation.out` says the same in every game, and the poker
name ``folded`` is a deprecated alias here.

>>> from cartes.games import SieteYMedio
>>> obs = SieteYMedio(players=3).start(seed=4, sitting_out=[2]).observation(None)
>>> obs.sitting_out, obs.out == obs.sitting_out
((False, False, True), True)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cartes.games._moved import warn_renamed_attribute
from cartes.games.contract import Observation

__all__ = ["SieteObservation"]


@dataclass(frozen=True)
class SieteObservation(Observation):
    """A 7½ seat's observation. ``sitting_out`` marks each seat that sits this hand out (the
    bank never does); ``folded``, the contract's poker name for it, is not stored: reading it
    warns and gives ``sitting_out``.

    >>> from cartes.games import SieteYMedio
    >>> import warnings
    >>> obs = SieteYMedio(players=2).start(seed=1).observation(0)
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     obs.folded == obs.sitting_out
    True
    >>> caught[0].category.__name__
    'DeprecationWarning'
    """

    # not built, compared or shown: the contract's field, derived from sitting_out
    folded: tuple[bool, ...] = field(init=False, repr=False, compare=False)
    sitting_out: tuple[bool, ...] = ()

    @property
    def out(self) -> tuple[bool, ...]:
        return self.sitting_out

    def __getattr__(self, name: str) -> object:
        # reached only for a missing attribute: ``folded`` is never set on the instance
        if name == "folded":
            warn_renamed_attribute("SieteObservation", "folded", "sitting_out",
                                   "what it means in siete y medio, where nobody folds")
            return self.sitting_out
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
