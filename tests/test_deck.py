"""Decks: every card in exactly one place, shuffles pinned to numpy's PCG64 stream."""

from __future__ import annotations

import copy
import pickle
import re
from collections import Counter
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

import cartes
from cartes import Card, Deck, Hand, SpanishCard, cards, make_rng
from cartes.errors import CardTypeError, DeckError, DuplicateCardError, SeedError

FRENCH = [Card.from_index(i) for i in range(52)]
SPANISH_48 = [SpanishCard.from_index(i) for i in range(48)]
SPANISH_40 = [card for card in SPANISH_48 if card.rank not in (8, 9)]


def test_fresh_decks_hold_every_card_once_in_index_order() -> None:
    assert list(Deck.french()) == FRENCH
    assert list(Deck.spanish()) == SPANISH_40
    assert list(Deck.spanish(40)) == SPANISH_40
    assert list(Deck.spanish(48)) == SPANISH_48
    assert Deck.french().kind is Card
    assert Deck.spanish().kind is SpanishCard
    assert [len(Deck.french()), len(Deck.spanish()), len(Deck.spanish(48))] == [52, 40, 48]
    with pytest.raises(DeckError):
        Deck.spanish(52)


@pytest.mark.parametrize("make", [Deck.french, Deck.spanish, lambda: Deck.spanish(48)])
@given(seed=st.integers(0, 2**64 - 1), hand_size=st.integers(1, 7))
def test_dealing_the_whole_deck_yields_each_card_once(make: Any, seed: int, hand_size: int) -> None:
    deck = make()
    universe = list(deck)
    deck.shuffle(seed)
    dealt: list[Any] = []
    while len(deck) >= hand_size:
        hand = deck.deal(hand_size)
        assert type(hand) is tuple
        assert len(hand) == hand_size
        dealt.extend(hand)
    dealt.extend(deck.deal(len(deck)))
    assert len(deck) == 0
    assert sorted(dealt) == universe
    assert len(set(dealt)) == len(universe)


# --- shuffles ------------------------------------------------------------------------------

# numpy's PCG64 stream, written down once: if these change, seeds stop meaning the same deal
# on every machine. numpy promises Generator(PCG64(seed)).permutation is stable.
PCG64_PERMUTATION_52 = {
    0: [38, 11, 18, 10, 23, 28, 4, 36, 34, 27, 35, 24, 21, 2, 20, 3, 1, 49, 43, 6, 22, 40, 19,
        45, 16, 17, 26, 37, 30, 0, 8, 47, 48, 50, 32, 25, 46, 9, 42, 44, 13, 12, 7, 39, 51, 5,
        14, 29, 41, 33, 15, 31],
    2026: [12, 30, 47, 46, 44, 3, 19, 16, 6, 38, 9, 5, 33, 8, 49, 18, 17, 25, 11, 45, 29, 10,
           35, 41, 2, 32, 50, 21, 22, 1, 27, 0, 36, 24, 20, 13, 34, 15, 14, 23, 43, 48, 28, 40,
           7, 26, 31, 37, 51, 39, 4, 42],
}  # fmt: skip


@pytest.mark.parametrize("seed", sorted(PCG64_PERMUTATION_52))
def test_shuffle_is_numpys_pcg64_permutation(seed: int) -> None:
    expected = PCG64_PERMUTATION_52[seed]
    assert np.random.Generator(np.random.PCG64(seed)).permutation(52).tolist() == expected
    deck = Deck.french()
    deck.shuffle(seed)
    assert [card.index for card in deck] == expected


def test_pinned_deals() -> None:
    deck = Deck.french()
    deck.shuffle(2026)
    assert deck.deal(5) == cards("5c 9h Ks Kh Kc")
    deck = Deck.spanish()
    deck.shuffle(7)
    assert " ".join(map(str, deck.deal(5))) == "2o 1o 10o 6o 10e"


@given(st.integers(0, 2**64 - 1), st.sampled_from([52, 40, 48]))
def test_shuffles_reproduce_by_seed_and_generator(seed: int, size: int) -> None:
    def make() -> Deck[Any]:
        return Deck.french() if size == 52 else Deck.spanish(size)

    a, b, c = make(), make(), make()
    a.shuffle(seed)
    b.shuffle(seed)
    c.shuffle(np.random.default_rng(seed))
    assert a == b == c
    assert sorted(a) == sorted(make())
    order = np.random.Generator(np.random.PCG64(seed)).permutation(size)
    assert list(a) == [list(make())[i] for i in order]


def test_a_generator_advances_between_shuffles() -> None:
    rng = np.random.default_rng(5)
    a, b = Deck.french(), Deck.french()
    a.shuffle(rng)
    b.shuffle(rng)
    assert a != b
    assert make_rng(rng) is rng


def test_different_seeds_give_different_orders() -> None:
    orders = set()
    for seed in range(200):
        deck = Deck.french()
        deck.shuffle(seed)
        orders.add(tuple(deck))
    assert len(orders) == 200


def test_unseeded_shuffles_differ() -> None:
    a, b = Deck.french(), Deck.french()
    a.shuffle(None)
    b.shuffle(None)
    assert a != b  # 1 / 52! chance of a false failure


def test_shuffle_leaves_the_burn_pile_alone() -> None:
    deck = Deck.french()
    burned = [deck.burn(), deck.burn()]
    deck.shuffle(1)
    assert list(deck.burned) == burned
    assert len(deck) == 50
    assert not set(burned) & set(deck)


@pytest.mark.parametrize("seed", [-1, 1.5, "7", True, [1, 2], object()])
def test_bad_seeds(seed: Any) -> None:
    with pytest.raises(SeedError, match="a seed is None, an int >= 0 or a numpy Generator"):
        Deck.french().shuffle(seed)
    with pytest.raises(SeedError):
        make_rng(seed)


def test_numpy_integer_seed() -> None:
    a, b = Deck.french(), Deck.french()
    a.shuffle(np.uint32(9))
    b.shuffle(9)
    assert a == b


# --- cut, deal, burn, remove ---------------------------------------------------------------


def test_cut_deal_draw_burn() -> None:
    deck = Deck.stacked("As Kd Qh Jc Ts")
    deck.cut(2)
    assert deck == Deck.stacked("Qh Jc Ts As Kd")
    assert deck.burn() == Card("Qh")
    assert deck.draw() == Card("Jc")
    assert deck.deal(0) == ()
    assert deck.deal(2) == (Card("Ts"), Card("As"))
    assert deck.cards == (Card("Kd"),)
    assert deck.burned == (Card("Qh"),)


@pytest.mark.parametrize("n", [0, 5, -1, 6])
def test_cut_must_leave_two_packets(n: int) -> None:
    deck = Deck.stacked("As Kd Qh Jc Ts")
    with pytest.raises(DeckError, match=f"cannot cut at {n}: .* 1 <= n <= 4"):
        deck.cut(n)
    assert deck == Deck.stacked("As Kd Qh Jc Ts")


def test_deal_and_burn_errors_change_nothing() -> None:
    deck = Deck.stacked("As Kd")
    with pytest.raises(DeckError, match="cannot deal 3 cards: the deck holds 2"):
        deck.deal(3)
    with pytest.raises(DeckError, match="cannot deal -1 cards"):
        deck.deal(-1)
    with pytest.raises(TypeError):
        deck.deal(1.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        deck.cut("1")  # type: ignore[arg-type]
    assert deck == Deck.stacked("As Kd")
    deck.deal(2)
    with pytest.raises(DeckError, match="the deck is empty"):
        deck.burn()
    with pytest.raises(DeckError):
        deck.draw()
    with pytest.raises(DeckError, match=r"cannot cut at 1: .* the deck holds 0"):
        deck.cut(1)


def test_remove() -> None:
    deck = Deck.french()
    burned = deck.burn()
    assert deck.remove([Card("As"), "Kd"]) == (Card("As"), Card("Kd"))
    assert deck.remove(Card("Qh")) == (Card("Qh"),)
    assert deck.remove("10c, 9c") == (Card("Tc"), Card("9c"))
    assert len(deck) == 52 - 1 - 5
    before = deck.copy()
    with pytest.raises(DeckError, match="cannot remove As: it is not in the deck"):
        deck.remove("Jh As")
    with pytest.raises(DeckError, match=f"cannot remove {burned}: it was burned"):
        deck.remove([burned])
    with pytest.raises(DuplicateCardError, match="cannot remove Jh: it is listed twice"):
        deck.remove("Jh Jh")
    with pytest.raises(CardTypeError):
        deck.remove([SpanishCard("1o")])
    assert deck == before
    spanish = Deck.spanish()
    assert spanish.remove("rey de oros, 7c") == (SpanishCard("12o"), SpanishCard("7c"))


# --- construction, equality, repr ----------------------------------------------------------


def test_stacked_decks() -> None:
    assert Deck.stacked("As Kd 10h").cards == cards("As Kd Th")
    assert Deck.stacked(cards("As Kd")) == Deck.stacked("As Kd")
    assert Deck.stacked([51, "Kd", Card("Qh")]).cards == cards("As Kd Qh")
    spanish = Deck.stacked([SpanishCard("1o"), "12e"])  # kind taken from the first card
    assert spanish.kind is SpanishCard
    assert spanish.cards == (SpanishCard("1o"), SpanishCard("12e"))
    assert Deck.stacked("1o 8e 9c", kind=SpanishCard).cards[1].rank == 8
    empty = Deck.stacked([], kind=SpanishCard)
    assert empty.kind is SpanishCard
    assert empty != Deck.stacked([])
    with pytest.raises(DuplicateCardError, match="duplicate card As"):
        Deck.stacked("As Kd A♠")
    with pytest.raises(DuplicateCardError, match="either in the deck or burned"):
        Deck.stacked("As Kd", burned="As")
    with pytest.raises(CardTypeError):
        Deck.stacked(["As", SpanishCard("1o")])
    with pytest.raises(CardTypeError, match="invalid card kind"):
        Deck.stacked("As", kind=int)  # type: ignore[type-var]
    with pytest.raises(CardTypeError):
        Deck.stacked(5)  # type: ignore[call-overload]


def test_deck_constructor_rejects_mixed_and_non_cards() -> None:
    with pytest.raises(CardTypeError, match="one kind"):
        Deck([Card("As"), SpanishCard("1o")])  # type: ignore[list-item]
    with pytest.raises(CardTypeError, match="one kind"):
        Deck([Card("As"), "Kd"])  # type: ignore[list-item]
    with pytest.raises(CardTypeError, match=r"Deck\.stacked\(text\)"):
        Deck("As Kd")  # type: ignore[arg-type]
    with pytest.raises(CardTypeError, match="one kind"):
        Deck([Card("As")], kind=SpanishCard)  # type: ignore[arg-type]
    with pytest.raises(DuplicateCardError):
        Deck([Card("As"), Card("As")])


def test_contains_reads_text_of_the_decks_kind() -> None:
    deck = Deck.stacked("As Kd")
    assert Card("As") in deck
    assert "As" in deck
    assert "A♠" in deck
    assert "Qh" not in deck
    assert "nonsense" not in deck
    assert SpanishCard("1o") not in deck
    assert "1o" in Deck.spanish()
    assert "rey de copas" in Deck.spanish()
    assert "8o" not in Deck.spanish()


def test_equality_and_copies() -> None:
    deck = Deck.french()
    deck.shuffle(3)
    deck.burn()
    for twin in (
        deck.copy(),
        copy.copy(deck),
        copy.deepcopy(deck),
        pickle.loads(pickle.dumps(deck)),
    ):
        assert twin == deck
        twin.deal(3)
        assert twin != deck
        assert len(deck) == 51
    other = deck.copy()
    other.shuffle(4)
    assert other != deck
    assert Deck.french() != Deck.spanish(48)
    assert Deck.french() != list(Deck.french())
    with pytest.raises(TypeError):
        hash(deck)


@given(st.sampled_from(["french", "spanish40", "spanish48"]), st.data())
def test_repr_evaluates_back(which: str, data: st.DataObject) -> None:
    deck = {
        "french": Deck.french,
        "spanish40": Deck.spanish,
        "spanish48": lambda: Deck.spanish(48),
    }[which]()
    fresh = data.draw(st.booleans())
    if not fresh:
        deck.shuffle(data.draw(st.integers(0, 1000)))
        for _ in range(data.draw(st.integers(0, 3))):
            deck.burn()
        deck.deal(data.draw(st.integers(0, 10)))
    text = repr(deck)
    assert eval(text) == deck
    # a full deck in its fresh order says so (issue 21.8), any other deck lists its cards
    # (a shuffle may, rarely, leave the fresh order: then the short form is still right)
    is_fresh = not deck.burned and deck == {"french": Deck.french, "spanish40": Deck.spanish,
                                            "spanish48": lambda: Deck.spanish(48)}[which]()
    if is_fresh:
        assert text == {"french": "Deck.french()", "spanish40": "Deck.spanish()",
                        "spanish48": "Deck.spanish(48)"}[which]
        return
    assert text.startswith("Deck.stacked(")
    assert ("kind=SpanishCard" in text) == (which != "french")
    assert ("burned=" in text) == bool(deck.burned)


def test_iteration_is_a_snapshot_top_first() -> None:
    deck = Deck.stacked("As Kd Qh")
    seen = []
    for card in deck:
        seen.append(card)
        if len(deck):
            deck.deal()
    assert seen == list(cards("As Kd Qh"))


def test_html_shows_the_deck() -> None:
    deck = Deck.stacked("As Kd")
    assert re.findall(r'data-card="(\w+)"', deck._repr_html_()) == ["As", "Kd"]
    assert "2 cards" in deck._repr_html_()
    spanish = Deck.stacked("1o", kind=SpanishCard)
    assert re.findall(r'data-card="(\w+)"', spanish._repr_html_()) == ["1o"]


def test_hand_from_a_deal() -> None:
    deck = Deck.french()
    deck.shuffle(11)
    hand = Hand(deck.deal(7))
    assert len(hand) == 7
    assert not set(hand) & set(deck)


# --- every card in exactly one place, through any sequence of operations -------------------


class DeckMachine(RuleBasedStateMachine):
    """A model of a deck (a list, a burn list, what was given out) checked after every step."""

    deck: Deck[Any]

    @initialize(
        which=st.sampled_from(["french", "spanish40", "spanish48", "stacked"]),
        data=st.data(),
    )
    def start(self, which: str, data: st.DataObject) -> None:
        if which == "stacked":
            chosen = data.draw(st.lists(st.sampled_from(FRENCH), unique=True, max_size=20))
            self.deck = Deck.stacked(chosen)
            self.universe = list(FRENCH)
        elif which == "french":
            self.deck, self.universe = Deck.french(), list(FRENCH)
        elif which == "spanish40":
            self.deck, self.universe = Deck.spanish(), list(SPANISH_40)
        else:
            self.deck, self.universe = Deck.spanish(48), list(SPANISH_48)
        self.order = list(self.deck)
        self.burned: list[Any] = []
        self.given: list[Any] = []  # dealt, drawn or removed
        self.outside = [card for card in self.universe if card not in self.order]

    @rule(seed=st.integers(0, 2**32))
    def shuffle(self, seed: int) -> None:
        self.deck.shuffle(seed)
        permutation = np.random.Generator(np.random.PCG64(seed)).permutation(len(self.order))
        self.order = [self.order[i] for i in permutation]

    @rule(seed=st.integers(0, 2**32))
    def shuffle_with_generator(self, seed: int) -> None:
        self.deck.shuffle(np.random.default_rng(seed))
        permutation = np.random.default_rng(seed).permutation(len(self.order))
        self.order = [self.order[i] for i in permutation]

    @rule(n=st.integers(-2, 60))
    def cut(self, n: int) -> None:
        if 0 < n < len(self.order):
            self.deck.cut(n)
            self.order = self.order[n:] + self.order[:n]
        else:
            with pytest.raises(DeckError):
                self.deck.cut(n)

    @rule(n=st.integers(-1, 60))
    def deal(self, n: int) -> None:
        if 0 <= n <= len(self.order):
            dealt = self.deck.deal(n)
            assert list(dealt) == self.order[:n]
            self.given.extend(dealt)
            del self.order[:n]
        else:
            with pytest.raises(DeckError):
                self.deck.deal(n)

    @precondition(lambda self: bool(self.order))
    @rule()
    def draw(self) -> None:
        card = self.deck.draw()
        assert card == self.order.pop(0)
        self.given.append(card)

    @rule()
    def burn(self) -> None:
        if self.order:
            card = self.deck.burn()
            assert card == self.order.pop(0)
            self.burned.append(card)
        else:
            with pytest.raises(DeckError):
                self.deck.burn()

    @rule(data=st.data())
    def remove(self, data: st.DataObject) -> None:
        wanted = data.draw(st.lists(st.sampled_from(self.universe), max_size=4))
        if all(card in self.order for card in wanted) and len(set(wanted)) == len(wanted):
            assert self.deck.remove(wanted) == tuple(wanted)
            self.order = [card for card in self.order if card not in wanted]
            self.given.extend(wanted)
        else:
            with pytest.raises((DeckError, DuplicateCardError)):
                self.deck.remove(wanted)

    @rule()
    def copy_and_drop(self) -> None:
        twin = self.deck.copy()
        assert twin == self.deck
        if len(twin):
            twin.deal(1)
            assert twin != self.deck

    @invariant()
    def every_card_in_exactly_one_place(self) -> None:
        places = Counter([*self.deck.cards, *self.deck.burned, *self.given, *self.outside])
        assert places == Counter(self.universe)
        assert list(self.deck.cards) == self.order
        assert list(self.deck.burned) == self.burned
        assert len(self.deck) == len(self.order)


DeckMachine.TestCase.settings = settings(max_examples=150, stateful_step_count=30, deadline=None)
test_deck_machine = DeckMachine.TestCase


@pytest.mark.soak
def test_deck_machine_long_run() -> None:
    run_state_machine_as_test(
        DeckMachine, settings=settings(max_examples=1500, stateful_step_count=60, deadline=None)
    )


# --- random_hands: the array form of dealing ---------------------------------------------------


@given(st.integers(0, 300), st.integers(1, 52), st.integers(0, 2**32))
@settings(max_examples=60)
def test_random_hands_are_distinct_cards_reproducible_by_seed(n: int, k: int, seed: int) -> None:
    hands = cartes.random_hands(n, k, seed=seed)
    assert hands.shape == (n, k)
    assert hands.dtype == np.uint8
    if n:
        assert int(hands.max()) <= 51
        ordered = np.sort(hands, axis=1)
        assert (ordered[:, 1:] != ordered[:, :-1]).all()
    assert np.array_equal(hands, cartes.random_hands(n, k, seed=np.random.default_rng(seed)))


@pytest.mark.parametrize("k", [2, 7, 20])
def test_random_hands_deal_every_card_equally_often(k: int) -> None:
    """Each card should be in k/52 of the hands; allow five standard deviations."""
    n = 50_000
    counts = np.bincount(cartes.random_hands(n, k, seed=k).ravel(), minlength=52)
    p = k / 52
    assert np.all(np.abs(counts - n * p) < 5 * np.sqrt(n * p * (1 - p)))


@pytest.mark.parametrize(("n", "k"), [(-1, 7), (3, 0), (3, 53), (2.5, 7), (3, True), ("3", 7)])
def test_random_hands_rejects_bad_sizes(n: object, k: object) -> None:
    with pytest.raises(DeckError):
        cartes.random_hands(n, k, seed=1)  # type: ignore[arg-type]
