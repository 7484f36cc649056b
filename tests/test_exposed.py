"""Who speaks first: the exposed-cards ranking (SPEC §1.5, §2.4, C-6, C-11, S-7)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

import cartes
from cartes import CALATONE, STANDARD, Card

rankings = st.sampled_from([STANDARD, CALATONE])


def boards(k: int) -> st.SearchStrategy[list[int]]:
    return st.lists(st.integers(0, 51), min_size=k, max_size=k, unique=True)


def naive_board_key(cards: list[int]) -> tuple[int, list[int]]:
    """Rank groups only, written from the rule: quads > trips > two pair > pair > high card,
    then the group ranks, bigger groups first, then the kickers high to low."""
    counts = Counter(card // 4 for card in cards)
    shape = sorted(counts.values(), reverse=True)
    category = {4: 4, 3: 3}.get(shape[0], 2 if shape[:2] == [2, 2] else 1 if shape[0] == 2 else 0)
    ordered = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    return category, ordered


@given(st.integers(2, 4).flatmap(lambda k: st.lists(boards(k), min_size=2, max_size=2)), rankings)
def test_small_boards_order_by_rank_groups_only(pair: list[list[int]], ranking: object) -> None:
    a, b = pair
    fast = cartes.exposed_strength(a, ranking)  # type: ignore[arg-type]
    other = cartes.exposed_strength(b, ranking)  # type: ignore[arg-type]
    ka, kb = naive_board_key(a), naive_board_key(b)
    assert (fast > other) == (ka > kb)
    assert (fast == other) == (ka == kb)


@given(st.integers(1, 6).flatmap(boards), st.permutations(range(4)), rankings)
def test_suits_never_count(board: list[int], suits: list[int], ranking: object) -> None:
    relabelled = [(card // 4) * 4 + suits[card % 4] for card in board]
    assert cartes.exposed_strength(board, ranking) == cartes.exposed_strength(  # type: ignore[arg-type]
        relabelled, ranking  # type: ignore[arg-type]
    )


@given(st.lists(boards(1), min_size=2, max_size=2))
def test_one_card_is_its_rank(pair: list[list[int]]) -> None:
    (a,), (b,) = pair
    assert (cartes.exposed_strength([a]) > cartes.exposed_strength([b])) == (a // 4 > b // 4)


@given(st.integers(5, 6).flatmap(boards), rankings)
def test_five_or_six_cards_use_the_full_ranking(board: list[int], ranking: object) -> None:
    assert (
        cartes.exposed_strength(board, ranking)  # type: ignore[arg-type]
        == cartes.evaluate(board, ranking).strength  # type: ignore[arg-type]
    )


def test_partial_straights_and_flushes_count_for_nothing() -> None:
    """§2.4: four to a straight flush on board is still just ace high... or here, ten high."""
    assert cartes.exposed_strength("7h 8h 9h Th") < cartes.exposed_strength("2c 2d 3h 4s")
    assert cartes.exposed_strength("7h 8h 9h Th") < cartes.exposed_strength("Jc 2d 3h 4s")


def test_five_exposed_figures_count_in_calatone() -> None:
    """C-6: with five up-cards, cinco figuras counts for calatone's first speaker."""
    figures, two_pair = "Ah Ad Kc Qs Jh", "As Ac 9d 9h 2c"
    assert cartes.exposed_strength(figures, CALATONE) > cartes.exposed_strength(two_pair, CALATONE)
    assert cartes.exposed_strength(figures, STANDARD) < cartes.exposed_strength(two_pair, STANDARD)


def test_bad_boards() -> None:
    import pytest

    from cartes.errors import DuplicateCardError, HandSizeError

    with pytest.raises(HandSizeError, match="1, 2, 3, 4, 5 or 6 cards, got 7"):
        cartes.exposed_strength("2c 3c 4c 5c 6c 7c 8c")
    with pytest.raises(HandSizeError, match="got 0"):
        cartes.exposed_strength([])
    with pytest.raises(DuplicateCardError):
        cartes.exposed_strength([Card("As"), "As"])
