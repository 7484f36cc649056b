"""Hand evaluation: rankings, lookup tables and the compiled evaluator.

>>> from cartes.evaluation import evaluate, CALATONE
>>> evaluate("Qs Qh Jd Jc Ah 4d 2c", CALATONE).describe()
'Five figures, ace, queen, queen, jack, jack'
"""

from typing import TYPE_CHECKING, Any

from cartes.evaluation.evaluator import (
    best_five,
    categories,
    category_counts,
    compare,
    evaluate,
    evaluate_many,
    winners,
)
from cartes.evaluation.exposed import exposed_strength
from cartes.evaluation.handrank import HandRank
from cartes.evaluation.rankings import CALATONE, STANDARD, Category, Ranking, get_ranking

#: Compiled one-hand entry points, imported on first use (they import numba).
_COMPILED = ("standard7", "calatone7", "strength7")


_loaded: dict[str, Any] = {}

if TYPE_CHECKING:  # what the compiled entry points take and give, for type checkers

    def standard7(a: int, b: int, c: int, d: int, e: int, f: int, g: int, /) -> int: ...
    def calatone7(a: int, b: int, c: int, d: int, e: int, f: int, g: int, /) -> int: ...
    def strength7(
        a: int, b: int, c: int, d: int, e: int, f: int, g: int, ranking: int, /
    ) -> int: ...



def __getattr__(name: str) -> Any:
    """``standard7``, ``calatone7`` and ``strength7`` load the numba kernels on first use.

    ``standard7`` and ``calatone7`` are the kernels' compiled entry points: the fastest way to
    value one hand of seven card indices from Python (they take ints; see
    :func:`cartes.evaluation.kernels.entry_point`).

    >>> from cartes.evaluation import standard7
    >>> standard7(51, 47, 43, 39, 35, 0, 1) >> 12  # a royal flush: the top category
    8
    """
    if name not in _COMPILED:
        raise AttributeError(f"module 'cartes.evaluation' has no attribute {name!r}")
    if name not in _loaded:
        from cartes.evaluation import kernels

        kernel = getattr(kernels, name)
        _loaded[name] = kernel if name == "strength7" else kernels.entry_point(kernel)
    return _loaded[name]


def __dir__() -> list[str]:
    return sorted([*__all__, *_COMPILED])


# The compiled entry points are left out of __all__ so that ``import *`` does not load numba.
__all__ = [
    "CALATONE",
    "STANDARD",
    "Category",
    "HandRank",
    "Ranking",
    "best_five",
    "categories",
    "category_counts",
    "compare",
    "evaluate",
    "evaluate_many",
    "exposed_strength",
    "get_ranking",
    "winners",
]
