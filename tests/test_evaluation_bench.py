"""Issue 9.1: ``cartes bench`` reports the default (checked) batch call, and the unchecked one
beside it, labelled."""

from __future__ import annotations

from cartes import STANDARD, random_hands
from cartes.bench import _batch


def test_the_bench_measures_the_default_call_beside_the_unchecked_one() -> None:
    rows = _batch(random_hands(2_000, 7, seed=1), STANDARD, threads=False)
    assert [row.name for row in rows] == [
        "batch, random 7-card, standard, one thread",
        "batch, random 7-card, standard, one thread, check=False",
    ]
    assert all(row.items == 2_000 and row.seconds > 0 for row in rows)
