"""A user's script, type-checked by ``mypy --strict`` in tests/test_evaluation_typing.py:
the evaluation's documented entry points have precise types, not Any."""

from typing import assert_type

import numpy as np
from numpy.typing import NDArray

import cartes
from cartes.evaluation import calatone7, standard7, strength7

assert_type(standard7(51, 47, 43, 39, 35, 0, 1), int)
assert_type(calatone7(51, 47, 43, 39, 35, 0, 1), int)
assert_type(strength7(51, 47, 43, 39, 35, 0, 1, 0), int)
rank = cartes.evaluate("As Ks Qs Js Ts 2c 3d")
assert_type(rank, cartes.HandRank)
assert_type(rank.strength, int)
assert_type(rank.category, cartes.Category)
assert_type(rank.best_five, cartes.Hand)
assert_type(rank.cards, cartes.Hand)
assert_type(rank.describe("es"), str)
strengths = cartes.evaluate_many(cartes.random_hands(10, 7, seed=1))
assert_type(strengths, NDArray[np.uint16])
assert_type(cartes.categories(strengths, "standard"), NDArray[np.uint8])
assert_type(cartes.compare("As Ad 2c 3d 4h", "Kc Kd Ks 2h 7d"), int)
assert_type(cartes.winners(["As Ad 2c 3d 4h", "Kc Kd Ks 2h 7d"]), list[int])
assert_type(cartes.category_counts(5), dict[cartes.Category, int])
