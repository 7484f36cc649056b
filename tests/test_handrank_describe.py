"""HandRank.describe is remembered by (ranking, strength, language): that is right only if
equal strengths always read the same. Checked here on random hands of both rankings and both
languages against a description worked out afresh from the best five."""

from __future__ import annotations

import numpy as np
import pytest

import cartes
from cartes.errors import OptionError
from cartes.evaluation import handrank


def _afresh(rank: cartes.HandRank, lang: str) -> str:
    five = rank.best_five
    flush = len({card.suit for card in five}) == 1
    return handrank._describe(*rank.ranking.classify([card.rank for card in five], flush), lang)


def test_remembered_descriptions_are_the_hands_own() -> None:
    rng = np.random.default_rng(9)
    seen: dict[tuple[object, int, str], str] = {}
    again = 0
    for size in (5, 6, 7):
        for row in cartes.random_hands(1500, size, seed=rng).tolist():
            for ranking in (cartes.STANDARD, cartes.CALATONE):
                rank = cartes.evaluate(row, ranking)
                for lang in ("en", "es"):
                    fresh = _afresh(rank, lang)
                    assert rank.describe(lang) == fresh, (row, ranking.name, lang)
                    key = (ranking, rank.strength, lang)
                    again += key in seen
                    assert seen.setdefault(key, fresh) == fresh, (row, ranking.name, lang)
    assert again > 1000  # many strengths met more than once: the check had teeth


def test_an_unknown_language_is_refused_whatever_its_type() -> None:
    rank = cartes.evaluate("As Ks Qs Js Ts 2c 3d")
    for lang in ("fr", ["en"], None, 1):
        with pytest.raises(OptionError, match="unknown language"):
            rank.describe(lang)  # type: ignore[arg-type]
