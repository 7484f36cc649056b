"""Hand evaluation: rankings, lookup tables and the compiled evaluator.

>>> from cartes.evaluation import evaluate, CALATONE
>>> evaluate("Qs Qh Jd Jc Ah 4d 2c", CALATONE).describe()
'Five figures: ace, queen, queen, jack, jack'
"""

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
