"""The 7½ programme values a threshold bank's draws in closed form (every order of the cards
it drew after is possible): on any deck, down to an empty one, the same exact counts as the
enumeration of every order of draws."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cartes.analysis.sieteymedio import FULL_DECK
from cartes.analysis.sieteymedio_play import HandSolver, _bank_closed, _bank_paths


@st.composite
def decks(draw: st.DrawFn) -> tuple[int, ...]:
    """A deck of the 40 with some cards out: each value's count from 0 to all of them."""
    small = draw(st.booleans())  # a deck that can run out under the bank's draws, or not
    return tuple(draw(st.integers(0, 1 if small else count)) for count in FULL_DECK)


@settings(max_examples=300, deadline=None)
@given(threshold=st.integers(-1, 17), deck=decks())
def test_the_closed_form_is_the_enumeration(threshold: int, deck: tuple[int, ...]) -> None:
    solver = HandSolver((1, 3), threshold)
    enumerated = {end: q for end, q in solver._bank_from(deck, (), {}).items() if q}
    assert _bank_closed(deck, _bank_paths(threshold)) == enumerated
    assert solver.bank_totals(deck) == enumerated  # the solver uses it for a fresh bank


def test_the_full_deck_and_an_empty_one() -> None:
    solver = HandSolver((1, 3), 11)
    assert solver.bank_totals(FULL_DECK) == {
        end: q for end, q in solver._bank_from(FULL_DECK, (), {}).items() if q}
    assert solver.bank_totals((0,) * 8) == {0: 1}  # no card to draw: the bank stays at 0


def test_a_deck_of_more_copies_than_the_40_is_enumerated() -> None:
    solver = HandSolver((1, 3), 17)  # draws to 7½ or a bust
    assert solver.bank_totals((13, 0, 0, 0, 0, 0, 0, 0)) == solver._bank_from(
        (13, 0, 0, 0, 0, 0, 0, 0), (), {})
