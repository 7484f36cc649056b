"""Hand ranges in the notation of eval7 and pokerkit: ``"QQ+, AKs, T9s-76s, 40%(A5s-A2s)"``.

A token is one of:

* a pair ``QQ``, a pair and better ``QQ+``, or a span of pairs ``22-55``;
* two ranks, suited ``AKs``, offsuit ``AKo`` or both ``AK``; with ``+`` the lower card climbs
  to just below the higher (``ATs+`` is ATs, AJs, AQs, AKs); a span with the same top card
  (``A5s-A2s``) or of connectors moving together (``T9s-76s``: T9s, 98s, 87s, 76s);
* one exact combo, ``AsKs``;
* ``XX`` (or ``any``): every one of the 1,326 two-card hands.

Tokens are separated by commas. A weight in front of a group applies to each of its hands:
``0.4(AKo)`` or ``40%(AKo, KQo)``. A hand that two tokens name is an error, since its weight
would be ambiguous.

>>> r = HandRange("QQ+, AKs, T9s-76s")
>>> len(r), r.tokens
(38, ('QQ+', 'AKs', 'T9s-76s'))
>>> HandRange("50%(AKo)").combos[0]
(Hand('Ac Kd'), 0.5)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

import numpy as np
from numpy.typing import NDArray

from cartes.errors import RangeError
from cartes.french import Card, Hand

__all__ = ["HandRange"]

_RANKS: Final = "23456789TJQKA"
_SUITS: Final = "cdhs"
_TOKEN: Final = re.compile(r"^([2-9TJQKA])([2-9TJQKA])([so]?)(\+?)$")
_SPAN: Final = re.compile(r"^([2-9TJQKA])([2-9TJQKA])([so]?)-([2-9TJQKA])([2-9TJQKA])([so]?)$")
_COMBO: Final = re.compile(r"^([2-9TJQKA])([cdhs])([2-9TJQKA])([cdhs])$")
_WEIGHTED: Final = re.compile(r"(\d+(?:\.\d*)?|\.\d+)\s*(%?)\s*\(([^()]*)\)")
_HELP: Final = (
    "use pairs (QQ, QQ+, 22-55), two ranks with s, o or neither (AKs, ATo+, A5s-A2s, "
    "T9s-76s), exact combos (AsKs) or XX, separated by commas, optionally weighted as "
    "0.4(...) or 40%(...)"
)


def _card(rank: int, suit: int) -> int:
    return rank * 4 + suit


def _pair_combos(rank: int) -> list[tuple[int, int]]:
    return [(_card(rank, b), _card(rank, a)) for a in range(4) for b in range(a + 1, 4)]


def _two_rank_combos(high: int, low: int, kind: str) -> list[tuple[int, int]]:
    combos = []
    for a in range(4):
        for b in range(4):
            if (kind == "s" and a != b) or (kind == "o" and a == b):
                continue
            combos.append((_card(high, a), _card(low, b)))
    return combos


def _normal(token: str) -> str:
    """Ranks in upper case, the s and o marks in lower case (no rank is written S or O)."""
    return token.upper().replace("S", "s").replace("O", "o")


def _rank_pairs(token: str) -> list[tuple[int, int, str]]:
    """The (high, low, kind) groups a token names: a pair has high == low."""
    token_upper = _normal(token)
    if token.upper() in ("XX", "ANY"):
        return [
            (h, low, kind) for h in range(13) for low in range(h + 1) for kind in ("s", "o")
            if h != low or kind == "o"
        ]  # fmt: skip
    match = _TOKEN.match(token_upper)
    if match:
        first, second, kind, plus = match.groups()
        high, low = sorted((_RANKS.index(first), _RANKS.index(second)), reverse=True)
        if high == low:
            if kind:
                raise RangeError(f"invalid range token {token!r}: a pair has no s or o; {_HELP}")
            top = 12 if plus else high
            return [(r, r, "") for r in range(high, top + 1)]
        top = high - 1 if plus else low
        return [(high, k, kind) for k in range(low, top + 1)]
    match = _SPAN.match(token_upper)
    if match:
        a1, b1, kind1, a2, b2, kind2 = match.groups()
        if kind1 != kind2:
            raise RangeError(
                f"invalid range token {token!r}: both ends of a span must be suited, offsuit "
                f"or neither; {_HELP}"
            )
        h1, l1 = sorted((_RANKS.index(a1), _RANKS.index(b1)), reverse=True)
        h2, l2 = sorted((_RANKS.index(a2), _RANKS.index(b2)), reverse=True)
        if h1 == l1 and h2 == l2 and not kind1:
            return [(r, r, "") for r in range(min(h1, h2), max(h1, h2) + 1)]
        if h1 != l1 and h2 != l2 and h1 == h2:
            return [(h1, k, kind1) for k in range(min(l1, l2), max(l1, l2) + 1)]
        if h1 != l1 and h2 != l2 and h1 - l1 == h2 - l2:
            gap = h1 - l1
            return [(h, h - gap, kind1) for h in range(min(h1, h2), max(h1, h2) + 1)]
        raise RangeError(
            f"invalid range token {token!r}: a span joins two pairs, two hands with the same "
            f"top card, or two hands with the same gap between their ranks; {_HELP}"
        )
    raise RangeError(f"invalid range token {token!r}: {_HELP}")


def _token_combos(token: str) -> list[tuple[int, int]]:
    match = _COMBO.match(token[0::2].upper()[:1] + token[1:2].lower() + token[2:3].upper()
                         + token[3:].lower())  # fmt: skip
    if match:
        r1, s1, r2, s2 = match.groups()
        first = _card(_RANKS.index(r1), _SUITS.index(s1))
        second = _card(_RANKS.index(r2), _SUITS.index(s2))
        if first == second:
            raise RangeError(f"invalid range token {token!r}: a combo needs two different cards")
        return [(max(first, second), min(first, second))]
    combos: list[tuple[int, int]] = []
    for high, low, kind in _rank_pairs(token):
        combos += _pair_combos(high) if high == low else _two_rank_combos(high, low, kind)
    return [(max(a, b), min(a, b)) for a, b in combos]


def _split(text: str) -> list[tuple[str, float]]:
    """``(token, weight)`` for every token of the text, weighted groups unwrapped."""
    pieces: list[tuple[str, float]] = []
    position = 0
    for match in _WEIGHTED.finditer(text):
        pieces += [(t, 1.0) for t in text[position : match.start()].split(",")]
        number, percent, inner = match.groups()
        weight = float(number) / (100 if percent else 1)
        if not 0 < weight <= 1:
            raise RangeError(
                f"invalid weight {match.group(0)!r}: a weight is above 0 and at most 1 (100%)"
            )
        pieces += [(t, weight) for t in inner.split(",")]
        position = match.end()
    pieces += [(t, 1.0) for t in text[position:].split(",")]
    tokens = [(t.strip(), w) for t, w in pieces if t.strip()]
    for token, _ in tokens:
        if any(c in token for c in "()%"):
            raise RangeError(f"invalid range token {token!r}: unbalanced weight; {_HELP}")
    return tokens


class HandRange:
    """A weighted set of two-card hands, parsed from range notation (see the module).

    ``combos`` lists each hand once with its weight, higher card first; ``len`` counts them.

    >>> r = HandRange("AA, 0.5(KK)")
    >>> len(r), sum(weight for _, weight in r.combos)
    (12, 9.0)
    >>> HandRange("AKs-AQo")
    Traceback (most recent call last):
    ...
    cartes.errors.RangeError: invalid range token 'AKs-AQo': both ends of a span must be ...
    """

    __slots__ = ("_cards", "_weights", "text", "tokens")

    def __init__(self, text: str | HandRange) -> None:
        if isinstance(text, HandRange):
            text = str(text.text)
        if not isinstance(text, str):
            raise RangeError(f"a hand range is text like 'QQ+, AKs', got {text!r}")
        tokens = _split(text)
        if not tokens:
            raise RangeError(f"the range {text!r} names no hand: {_HELP}")
        where: dict[tuple[int, int], str] = {}
        weights: dict[tuple[int, int], float] = {}
        for token, weight in tokens:
            for combo in _token_combos(token):
                if combo in where:
                    raise RangeError(
                        f"the hand {Hand(list(combo))} is named twice in the range, by "
                        f"{where[combo]!r} and {token!r}: name each hand once"
                    )
                where[combo] = token
                weights[combo] = weight
        self.text: str = text
        self.tokens = tuple(token for token, _ in tokens)
        self._cards = np.array(list(weights), dtype=np.int64).reshape(-1, 2)
        self._weights = np.array(list(weights.values()), dtype=np.float64)

    @classmethod
    def of(cls, hands: Iterable[Iterable[int | Card | str]]) -> HandRange:
        """A range of exact two-card hands, each weight one.

        >>> len(HandRange.of(["As Ks", "Ad Kd"]))
        2
        """
        texts = [str(Hand(h if isinstance(h, str) else list(h))).replace(" ", "") for h in hands]
        return cls(", ".join(texts))

    @property
    def combos(self) -> list[tuple[Hand, float]]:
        """Every hand of the range with its weight.

        >>> HandRange("AKs").combos[0]
        (Hand('Ac Kc'), 1.0)
        """
        return [
            (Hand([int(a), int(b)]), float(w))
            for (a, b), w in zip(self._cards, self._weights, strict=True)
        ]

    def arrays(self) -> tuple[NDArray[np.int64], NDArray[np.float64]]:
        """The hands as an ``(n, 2)`` array of card indices and their weights (copies).

        >>> cards, weights = HandRange("AA").arrays()
        >>> cards.shape, float(weights.sum())
        ((6, 2), 6.0)
        """
        return self._cards.copy(), self._weights.copy()

    def __len__(self) -> int:
        return len(self._weights)

    def __repr__(self) -> str:
        return f"HandRange({self.text!r})"

    def _content(self) -> frozenset[tuple[tuple[int, ...], float]]:
        hands = map(tuple, self._cards.tolist())
        return frozenset(zip(hands, self._weights.tolist(), strict=True))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandRange):
            return NotImplemented
        return self._content() == other._content()

    def __hash__(self) -> int:
        return hash(self._content())
