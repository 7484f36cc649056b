"""cartes: card models, a numba-compiled hand evaluator, and game drivers.

The public face of the library: everything here is re-exported from its own module.

>>> import cartes
>>> cartes.Card("As"), cartes.cards("Kd 10h")
(Card('As'), Hand('Kd Th'))
>>> "seven-card-stud" in cartes.games.available()
True
"""

from cartes import _render, errors, games
from cartes.deck import Deck, SeedLike, make_rng, random_hands
from cartes.evaluation import (
    CALATONE,
    STANDARD,
    Category,
    HandRank,
    Ranking,
    best_five,
    categories,
    category_counts,
    compare,
    evaluate,
    evaluate_many,
    exposed_strength,
    winners,
)
from cartes.french import Card, CardLike, Hand, Rank, Suit, cards, from_array, to_array
from cartes.spanish import SpanishCard, SpanishCardLike, SpanishSuit

__version__ = "0.1.0.dev0"

# The display (notebook views, SVG cards) and the runners (agents, simulate) load when first
# used, so that ``import cartes`` loads neither them nor what they import: the first rich view
# a notebook asks for imports cartes.display, which registers the views (see cartes._render).
_render.load_views_with("cartes.display")
_LAZY = {"display", "play"}


def __getattr__(name: str) -> object:
    if name in _LAZY:
        import importlib

        return importlib.import_module(f"cartes.{name}")
    raise AttributeError(f"module 'cartes' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | _LAZY)

__all__ = [
    "CALATONE",
    "STANDARD",
    "Card",
    "CardLike",
    "Category",
    "Deck",
    "Hand",
    "HandRank",
    "Rank",
    "Ranking",
    "SeedLike",
    "SpanishCard",
    "SpanishCardLike",
    "SpanishSuit",
    "Suit",
    "__version__",
    "best_five",
    "cards",
    "categories",
    "category_counts",
    "compare",
    "display",
    "errors",
    "evaluate",
    "evaluate_many",
    "exposed_strength",
    "from_array",
    "games",
    "make_rng",
    "play",
    "random_hands",
    "to_array",
    "winners",
]
