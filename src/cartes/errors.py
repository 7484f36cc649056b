"""The exceptions cartes raises.

Every error cartes raises on purpose is a :class:`CartesError`. Each subclass is also the
built-in exception that fits (``ValueError`` for a bad value, ``TypeError`` for a value of the
wrong kind, ``LookupError`` for an unknown name), so code that catches the built-ins keeps
working. Messages say what was wrong and what is allowed.

>>> from cartes import Card
>>> from cartes.errors import InvalidCardError
>>> try:
...     Card("1s")
... except InvalidCardError as error:
...     print(error)
invalid card '1s': rank must be one of 2-9, T or 10, J, Q, K, A
>>> isinstance(InvalidCardError("x"), ValueError)
True
"""

from __future__ import annotations

__all__ = [
    "CardTypeError",
    "CartesError",
    "ConfigurationError",
    "DeckError",
    "DuplicateCardError",
    "HandSizeError",
    "HistoryError",
    "IllegalActionError",
    "InvalidCardError",
    "MissingExtraError",
    "OptionError",
    "RangeError",
    "SeedError",
    "StrengthError",
    "UnknownGameError",
    "UnknownRankingError",
]


class CartesError(Exception):
    """Base class of every exception raised by cartes on purpose.

    >>> issubclass(InvalidCardError, CartesError)
    True
    """


class InvalidCardError(CartesError, ValueError):
    """A card could not be parsed or an index is out of range.

    >>> from cartes import Card
    >>> Card("Zz")
    Traceback (most recent call last):
    ...
    cartes.errors.InvalidCardError: invalid card 'Zz': rank must be one of 2-9, T or 10, J, Q, K, A
    """


class CardTypeError(CartesError, TypeError):
    """Something that is not a card (or card text, or a card index) was given as one.

    >>> from cartes import Card
    >>> Card(2.5)
    Traceback (most recent call last):
    ...
    cartes.errors.CardTypeError: cannot make a Card from float 2.5: give text like 'As', ...
    """


class DuplicateCardError(CartesError, ValueError):
    """The same card appears twice where each card may appear once.

    >>> import cartes
    >>> cartes.cards("As Kd As")
    Traceback (most recent call last):
    ...
    cartes.errors.DuplicateCardError: duplicate card As: each card may appear only once
    """


class HandSizeError(CartesError, ValueError):
    """A hand has a number of cards that the operation does not accept.

    >>> import cartes
    >>> cartes.evaluate("As Kd")
    Traceback (most recent call last):
    ...
    cartes.errors.HandSizeError: a hand to evaluate must have 5, 6 or 7 cards, got 2
    """


class DeckError(CartesError, ValueError):
    """A deck cannot do what was asked: deal more cards than it holds, cut at a bad place.

    >>> from cartes import Deck
    >>> Deck.french().deal(53)
    Traceback (most recent call last):
    ...
    cartes.errors.DeckError: cannot deal 53 cards: the deck holds 52
    """


class SeedError(CartesError, TypeError, ValueError):
    """A shuffle seed is neither ``None``, a non-negative int, nor a numpy ``Generator``.

    It is both a ``TypeError`` (a seed of the wrong type) and a ``ValueError`` (a negative
    seed, which numpy itself rejects with ``ValueError``).

    >>> from cartes import Deck
    >>> Deck.french().shuffle("2026")
    Traceback (most recent call last):
    ...
    cartes.errors.SeedError: invalid seed (str '2026'): a seed is None, an int >= 0 or a numpy ...
    """


class UnknownRankingError(CartesError, LookupError):
    """A hand ranking was named that cartes does not know.

    >>> import cartes
    >>> cartes.evaluate("As Ks Qs Js Ts", ranking="lowball")
    Traceback (most recent call last):
    ...
    cartes.errors.UnknownRankingError: unknown ranking 'lowball': known rankings are ...
    """


class ConfigurationError(CartesError, ValueError):
    """A game or a ranking was configured with a value outside what its rules allow.

    The message names the field and the allowed range.

    >>> from cartes import Category, Ranking
    >>> Ranking("no-high-card", [Category.STRAIGHT_FLUSH, Category.PAIR])
    Traceback (most recent call last):
    ...
    cartes.errors.ConfigurationError: ranking 'no-high-card' must end with Category.HIGH_CARD
    """


class OptionError(CartesError, TypeError, ValueError):
    """A function's option (``threads=``, ``check=``, ``lang=``...) has a value it does not
    accept, of the wrong type or out of range.

    >>> import cartes
    >>> cartes.evaluate("As Ks Qs Js Ts").describe("fr")
    Traceback (most recent call last):
    ...
    cartes.errors.OptionError: unknown language 'fr': use 'en' or 'es'
    """


class StrengthError(CartesError, ValueError):
    """A number given as a hand strength is not one that the ranking gives.

    >>> import cartes
    >>> cartes.categories([70000], "standard")
    Traceback (most recent call last):
    ...
    cartes.errors.StrengthError: 70000 is not a strength of the standard ranking: ...
    """


class IllegalActionError(CartesError, ValueError):
    """An action was applied that is not legal now: wrong seat, wrong amount, or after the end.

    The state it was applied to is left unchanged.

    >>> from cartes import games
    >>> state = games.get("seven-card-stud", players=2).start(seed=1)
    >>> state.apply(games.Check())
    Traceback (most recent call last):
    ...
    cartes.errors.IllegalActionError: Check() is not legal for seat 0 now: legal actions are ...
    """


class HistoryError(CartesError, ValueError):
    """A hand history is malformed or does not replay to a consistent state.

    >>> from cartes import games
    >>> games.replay('{"game": "seven-card-stud"}')
    Traceback (most recent call last):
    ...
    cartes.errors.HistoryError: a hand history needs the fields [...]; missing [...]
    """


class UnknownGameError(CartesError, LookupError):
    """A game was named that is not in the registry.

    >>> from cartes import games
    >>> games.get("go-fish")
    Traceback (most recent call last):
    ...
    cartes.errors.UnknownGameError: unknown game 'go-fish': known games are [...]
    """


class RangeError(CartesError, ValueError):
    """A hand range (``"QQ+, AKs, T9s-76s"``) could not be parsed, or holds no hand.

    >>> from cartes.analysis import HandRange
    >>> HandRange("QQ+, AKx")
    Traceback (most recent call last):
    ...
    cartes.errors.RangeError: invalid range token 'AKx': ...
    """


class MissingExtraError(CartesError, ImportError):
    """A feature needs an optional package that is not installed (a progress bar needs
    ``tqdm``, a plot ``matplotlib``); the message names the package to install.

    >>> issubclass(MissingExtraError, ImportError)
    True
    """
