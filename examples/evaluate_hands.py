"""Evaluate hands one at a time and a million at once, under both rankings.

    python examples/evaluate_hands.py [HANDS]
"""

import sys

import numpy as np

import cartes


def main(batch: int = 1_000_000) -> None:
    hand = cartes.cards("As Ah Kd Qc Jh 5d 5c")
    for ranking in ("standard", "calatone"):
        rank = cartes.evaluate(hand, ranking)
        print(f"{ranking:>9}: {rank.describe()} -> {rank.best_five}")

    a, b = cartes.cards("Kh Kd 2c 3d 4h"), cartes.cards("Qs Qd Ac Ad 9h")
    print(f"compare({a}, {b}) = {cartes.compare(a, b)}  (-1: the second wins)")

    hands = cartes.random_hands(batch, 7, seed=1)
    strengths = cartes.evaluate_many(hands)
    categories = cartes.categories(strengths, "standard")
    counts = np.bincount(categories, minlength=len(cartes.Category))
    print(f"{batch:,} random seven-card hands:")
    # the standard ranking has no five figures: list only the categories it has
    for category in sorted(cartes.STANDARD.categories, key=lambda c: -counts[c]):
        print(f"  {category.english:<16} {counts[category] / batch:8.4%}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000)
