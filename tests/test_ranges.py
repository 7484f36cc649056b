"""Hand ranges: the combos each token names, weights, agreement with eval7, clear errors."""

from __future__ import annotations

import pytest

from cartes.analysis import HandRange
from cartes.errors import RangeError


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("AA", 6),
        ("QQ+", 18),
        ("22-44", 18),
        ("44-22", 18),
        ("AKs", 4),
        ("AKo", 12),
        ("AK", 16),
        ("ATs+", 16),
        ("KTo+", 36),
        ("A5s-A2s", 16),
        ("T9s-76s", 16),
        ("76s-T9s", 16),
        ("J9o-86o", 48),
        ("AsKs", 1),
        ("XX", 1326),
        ("qq+, aks", 22),
        ("QQ+, AKs, T9s-76s", 38),
    ],
)
def test_token_counts(text: str, count: int) -> None:
    hands = HandRange(text)
    assert len(hands) == count
    # Every combo is two distinct cards, higher index first, none repeated.
    pairs = [tuple(c.index for c in hand) for hand, _ in hands.combos]
    assert all(a > b for a, b in pairs)
    assert len(set(pairs)) == count


def test_connector_span_names_the_right_hands() -> None:
    ranks = {"".join(sorted((c.rank.char for c in h), key="23456789TJQKA".index, reverse=True))
             for h, _ in HandRange("T9s-76s").combos}
    assert ranks == {"T9", "98", "87", "76"}
    suited = all(h[0].suit == h[1].suit for h, _ in HandRange("T9s-76s").combos)
    assert suited


@pytest.mark.parametrize(
    "text", ["AA", "QQ+", "22-55", "AKs", "AKo", "AK", "ATs+", "KTo+", "A5s-A2s", "AsKs",
             "QQ+, AKs, 0.5(AJo)", "40%(ATs+), KK, 22"],
)
def test_same_hands_and_weights_as_eval7(text: str) -> None:
    eval7 = pytest.importorskip("eval7")
    theirs = {
        (frozenset(str(card) for card in hand), weight) for hand, weight in eval7.HandRange(text)
    }
    ours = {(frozenset(str(card) for card in hand), weight) for hand, weight in
            HandRange(text).combos}
    assert ours == theirs


def test_weights_and_equality() -> None:
    r = HandRange("0.25(AA), 50%(KK)")
    assert sorted({w for _, w in r.combos}) == [0.25, 0.5]
    assert HandRange("AA, KK") == HandRange("KK,AA")
    assert HandRange("AA") != HandRange("0.5(AA)")
    assert len({HandRange("AA"), HandRange("AA")}) == 1
    assert HandRange.of(["As Ks", "Ad Kd"]) == HandRange("AsKs, AdKd")
    assert HandRange(HandRange("AKs")) == HandRange("AKs")
    cards, weights = r.arrays()
    assert cards.shape == (12, 2)
    assert weights.sum() == 6 * 0.25 + 6 * 0.5


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "names no hand"),
        (" , ", "names no hand"),
        ("AKx", "invalid range token 'AKx'"),
        ("AAs", "a pair has no s or o"),
        ("AKs-AQo", "both ends of a span"),
        ("AKs-T8s", "a span joins"),
        ("AsAs", "two different cards"),
        ("QQ+, KK", "named twice"),
        ("1.5(AA)", "a weight is above 0 and at most 1"),
        ("0(AA)", "a weight is above 0"),
        ("50%(AA", "unbalanced weight"),
        ("ZZ", "invalid range token"),
    ],
)
def test_bad_ranges_get_clear_errors(text: str, message: str) -> None:
    with pytest.raises(RangeError, match=message):
        HandRange(text)


def test_non_text_is_rejected() -> None:
    with pytest.raises(RangeError, match="text like"):
        HandRange(42)  # type: ignore[arg-type]
