"""The encoding of siete y medio (7½) for programs: 314 action numbers and a tensor layout.

A punter may play up to :data:`MAX_CALLES` = 12 calles: a calle opens only on a figure drawn
while every card the punter received is a figure, and the 40-card deck holds twelve figures.
Calles are numbered as the game numbers them (0 is the first hand; the bank has only calle 0).
Amounts come in three buckets (:class:`~cartes.games.encoding.AmountEncoding`'s rule): modality 1
(1 to 3 chips) and 2 (2 to 4) offer at most three bets and three raises (0 to 2), so there
every legal action has its own number; modality 3's wider ranges are bucketed (the least, the
most, the middle), and an amount between buckets is encoded as the nearest.

Action numbers (``c`` a calle 0-11, ``f`` ``up`` or ``down`` for the new card, ``k`` a raise
bucket, ``j`` an amount bucket, each 0-2, smallest first):

- ``0`` ``vote[yes]``, ``1`` ``vote[no]``, ``2`` ``keep``, ``3`` ``exchange``, ``4``
  ``annul``, ``5`` ``decline``;
- ``6`` to ``8``, ``bet[j]``: the first bet; ``9`` to ``11``, ``muerta[k]``: the muerta,
  raising by bucket ``k``;
- ``12`` to ``23``, ``stand[c]`` (the bank stands with ``stand[0]``);
- ``24`` to ``95``, ``draw[c,f,k]``, numbered ``24 + (2 c + f) 3 + k`` with ``f`` 0 for
  ``up`` and 1 for ``down`` (the bank draws with ``draw[0,up,0]``);
- ``96`` to ``311``, ``open_calle[c,f,j,k]``: draw for calle ``c`` opening a new calle with
  bet bucket ``j`` on a figure, raising calle ``c`` by bucket ``k``, numbered
  ``96 + ((2 c + f) 3 + j) 3 + k``;
- ``312`` ``play``, ``313`` ``sit_out``: the choice of a punter who voted against an adopted
  proposal (M-31; numbered last, so that every earlier number kept its meaning).

The observation tensor (float32, every entry in 0..1) holds these pieces, in order; ``n`` is
the number of participants and seats are counted from the observer's (``r = 0`` is the
observer, ``r = 1`` the next seat...; a spectator counts from seat 0). Chips are in units of
the maximum bet ``hi`` of the hand's limits; balances, which may go below zero (M-19), are
left out.

=================== =============== ===========================================================
piece               shape           meaning
=================== =============== ===========================================================
``seat``            ``(n,)``        the observer's seat, one-hot (all 0 for a spectator)
``to_act``          ``(n,)``        the seat to act, one-hot by ``r`` (all 0 when over)
``bank``            ``(n,)``        the bank, one-hot by ``r``
``out``             ``(n,)``        1 for the punters sitting out or declining, by ``r``
``cards``           ``(n, 12, 48)`` the cards the observer sees in calle ``c`` of seat ``r``
                                    (the bank's hand is its calle 0), one-hot by card index
``hidden``          ``(n, 12)``     1 where that calle holds a card the observer cannot see
``status``          ``(n, 12, 4)``  the calle's state: open, stood, bust, muerta, one-hot
                                    (all 0: no such calle)
``bets``            ``(n, 12)``     the calle's bet, over ``hi``
``points``          ``(n, 12)``     the points of the cards seen there, over 7½
``phase``           ``(7,)``        vote, validity, first, play, bank, over, choice: one-hot
``modality``        ``(3,)``        the modality, one-hot
``low``             ``(1,)``        the minimum bet over ``hi``
``stock``           ``(1,)``        the cards left in the stock, over 40
``discards``        ``(1,)``        the cards in the discards, over 40
``terminal``        ``(1,)``        1 once the hand is over
``legal``           ``(314,)``      the legal action numbers (all 0 when it is not its turn)
=================== =============== ===========================================================

>>> from cartes.games import SieteYMedio
>>> enc = SieteEncoding(SieteYMedio(players=3))
>>> enc.num_actions, enc.action_names[24], enc.action_names[313], enc.tensor_shape
(314, 'draw[0,up,0]', 'sit_out', (2320,))
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
from numpy.typing import NDArray

from cartes.deck import Deck
from cartes.errors import ConfigurationError
from cartes.games.chips import Bet
from cartes.games.contract import Action, Observation
from cartes.games.encoding import AmountEncoding
from cartes.games.siete_y_medio import SieteYMedio
from cartes.games.siete_y_medio.actions import (
    Annul,
    Decline,
    Draw,
    Exchange,
    Keep,
    Muerta,
    OpenCalle,
    Play,
    SitOut,
    Stand,
    Vote,
)
from cartes.games.siete_y_medio.rules import TARGET, total

__all__ = ["MAX_CALLES", "SieteEncoding"]

#: The most calles a punter can play: one per figure of the 40-card deck.
MAX_CALLES = 12
_CARDS = 48  # Spanish card indices, 8s and 9s included
_DECK = 40
_MOST_CARDS = 14  # twelve figures and an ace reach 7, one more card ends the calle
# "choice" (M-31) last: the one-hot positions of the earlier phases stay where they were
_PHASES = ("vote", "validity", "first", "play", "bank", "over", "choice")
_STATUSES = ("open", "stood", "bust", "muerta")
_FACES = ("up", "down")
_SIMPLE: tuple[tuple[str, Action], ...] = (
    ("vote[yes]", Vote(True)), ("vote[no]", Vote(False)), ("keep", Keep()),
    ("exchange", Exchange()), ("annul", Annul()), ("decline", Decline()),
)
#: Numbered after every other action (M-31's choice came with SPEC revision 3).
_CHOICES: tuple[tuple[str, Action], ...] = (("play", Play()), ("sit_out", SitOut()))


class SieteEncoding(AmountEncoding):
    """Siete y medio's :class:`~cartes.games.encoding.Encoding` (see the module for the
    action numbers and the tensor layout).

    >>> from cartes import Deck, SpanishCard
    >>> from cartes.games import SieteYMedio, Bet
    >>> game = SieteYMedio(players=2)
    >>> state = game.start(deck=Deck.stacked("5o 2c 6e 1b", kind=SpanishCard))
    >>> enc = SieteEncoding(game)
    >>> obs = state.observation(state.to_act)
    >>> [enc.action_names[i] for i in enc.legal_action_ids(obs)]
    ['bet[0]', 'bet[1]', 'bet[2]']
    >>> _ = state.apply(enc.decode(7, obs))
    >>> obs = state.observation(state.to_act)
    >>> [enc.action_names[i] for i in enc.legal_action_ids(obs)][:4]
    ['draw[0,up,0]', 'draw[0,up,1]', 'draw[0,down,0]', 'draw[0,down,1]']
    """

    game_name: ClassVar[str] = SieteYMedio.name
    buckets: ClassVar[int] = 3
    game: SieteYMedio
    # a calle may open only on a hidden figure, and a draw that opens none looks like any
    # other draw: a spectator cannot tell which of the two a punter chose
    private_kinds: ClassVar[frozenset[str]] = frozenset({"draw", "open_calle"})

    def make_action_names(self) -> tuple[str, ...]:
        b = range(self.buckets)
        return (
            *(name for name, _ in _SIMPLE),
            *(f"bet[{j}]" for j in b),
            *(f"muerta[{k}]" for k in b),
            *(f"stand[{c}]" for c in range(MAX_CALLES)),
            *(f"draw[{c},{f},{k}]" for c, f, k in itertools.product(range(MAX_CALLES),
                                                                     _FACES, b)),
            *(f"open_calle[{c},{f},{j},{k}]"
              for c, f, j, k in itertools.product(range(MAX_CALLES), _FACES, b, b)),
            *(name for name, _ in _CHOICES),
        )

    # where each kind's numbers start
    _BET = len(_SIMPLE)
    _MUERTA = _BET + 3
    _STAND = _MUERTA + 3
    _DRAW = _STAND + MAX_CALLES
    _OPEN = _DRAW + MAX_CALLES * 2 * 3
    _CHOICE = _OPEN + MAX_CALLES * 2 * 3 * 3

    def _spread(self, low: int, high: int | None) -> list[int | None]:
        return self._bucket_amounts([(low, low if high is None else high)])

    def legal_ids(self, obs: Observation) -> dict[int, Action]:
        # the numbering reads only the offers (the OpenSpiel adapter relies on it): remembered
        return self._offer_ids(obs.legal_actions)

    def _number_offers(self, offers: tuple[Action, ...]) -> dict[int, Action]:
        legal: dict[int, Action] = {}
        simple = [action for _, action in _SIMPLE]
        b = self.buckets
        for offer in offers:
            if isinstance(offer, Vote | Keep | Exchange | Annul | Decline):
                legal[simple.index(offer)] = offer
            elif isinstance(offer, Play | SitOut):
                legal[self._CHOICE + (type(offer) is SitOut)] = offer
            elif isinstance(offer, Bet):
                for j, amount in enumerate(self._spread(offer.amount, offer.up_to)):
                    if amount is not None:
                        legal[self._BET + j] = Bet(amount)
            elif isinstance(offer, Muerta):
                for k, by in enumerate(self._spread(offer.raise_by, offer.up_to)):
                    if by is not None:
                        legal[self._MUERTA + k] = Muerta(by)
            elif isinstance(offer, Stand):
                legal[self._STAND + _calle(offer.calle)] = offer
            elif isinstance(offer, Draw):
                base = self._DRAW + (2 * _calle(offer.calle) + offer.down) * b
                for k, by in enumerate(self._spread(offer.raise_by, offer.up_to)):
                    if by is not None:
                        legal[base + k] = Draw(offer.calle, by, offer.down)
            elif isinstance(offer, OpenCalle):
                base = self._OPEN + (2 * _calle(offer.calle) + offer.down) * b * b
                amounts = self._spread(offer.amount, offer.up_to)
                raises = self._spread(offer.raise_by, offer.raise_up_to)
                for (j, amount), (k, by) in itertools.product(enumerate(amounts),
                                                              enumerate(raises)):
                    if amount is not None and by is not None:
                        legal[base + j * b + k] = OpenCalle(amount, offer.calle, by,
                                                            offer.down)
            else:
                raise ConfigurationError(
                    f"SieteEncoding has no number for {offer!r}: its actions are Vote, Play, "
                    "SitOut, Keep, Exchange, Annul, Decline, Bet, Muerta, Stand, Draw and "
                    "OpenCalle"
                )
        return legal

    def nearest(
        self, action: Action, legal: Mapping[int, Action], obs: Observation
    ) -> int | None:
        """An amount or raise within an offered range: the nearest bucket in each (the
        lower on a tie)."""
        if not any(offer.allows(action) for offer in obs.legal_actions):
            return None
        wanted = _amounts(action)
        if wanted is None:
            return None
        fixed = _fixed(action)

        def distance(item: tuple[int, Action]) -> tuple[int, ...]:
            got = _amounts(item[1])
            assert got is not None
            return (abs(got[0] - wanted[0]), got[0], abs(got[1] - wanted[1]), got[1])

        same = [(i, a) for i, a in legal.items()
                if type(a) is type(action) and _fixed(a) == fixed]
        return min(same, key=distance)[0] if same else None

    # -- tensors -----------------------------------------------------------------------------

    def tensor_pieces(self) -> list[tuple[str, tuple[int, ...]]]:
        n, m = self.game.players, MAX_CALLES
        return [
            ("seat", (n,)), ("to_act", (n,)), ("bank", (n,)), ("out", (n,)),
            ("cards", (n, m, _CARDS)), ("hidden", (n, m)), ("status", (n, m, len(_STATUSES))),
            ("bets", (n, m)), ("points", (n, m)), ("phase", (len(_PHASES),)),
            ("modality", (3,)), ("low", (1,)), ("stock", (1,)), ("discards", (1,)),
            ("terminal", (1,)), ("legal", (self.num_actions,)),
        ]

    def fill_tensor(self, obs: Observation, pieces: dict[str, NDArray[np.float32]]) -> None:
        n = self.game.players
        extra = obs.extra
        ref = 0 if obs.seat is None else obs.seat
        order = [(ref + r) % n for r in range(n)]  # r -> seat
        where = {seat: r for r, seat in enumerate(order)}
        if obs.seat is not None:
            pieces["seat"][obs.seat] = 1
        if obs.to_act is not None:
            pieces["to_act"][where[obs.to_act]] = 1
        pieces["bank"][where[int(extra["bank"])]] = 1
        low, high = extra["limits"]
        for r, seat in enumerate(order):
            pieces["out"][r] = obs.out[seat]
            for c, (cards, _up, bet, status) in enumerate(extra["calles"][seat]):
                for card in cards:
                    if card is None:
                        pieces["hidden"][r, c] = 1
                    else:
                        pieces["cards"][r, c, card.index] = 1
                pieces["status"][r, c, _STATUSES.index(status)] = 1
                pieces["bets"][r, c] = min(bet / high, 1)
                pieces["points"][r, c] = min(total(cards) / TARGET, 1)
        pieces["phase"][_PHASES.index(extra["phase"])] = 1
        pieces["modality"][extra["modality"] - 1] = 1  # the hand's own: per hand, M-31
        pieces["low"][0] = low / high
        pieces["stock"][0] = min(extra["stock"] / _DECK, 1)
        pieces["discards"][0] = min(extra["discards"] / _DECK, 1)
        pieces["terminal"][0] = obs.is_terminal
        pieces["legal"][:] = self.legal_action_mask(obs)

    # -- what the adapters need --------------------------------------------------------------

    def new_deck(self) -> Deck[Any]:
        return Deck.spanish()

    def max_actions(self) -> int:
        """Votes and the no-voters' choices; the bank's validity (four exchanges, and
        annulled deals, counted as up to 40 more actions) and its draws; each punter's
        exchanges, bet and, per calle, a draw per card and a stand."""
        n, m = self.game.players, MAX_CALLES
        punter = 1 + 4 + 1 + m * (_MOST_CARDS + 1)
        return n + (4 + 40 + _MOST_CARDS + 1) + (n - 1) * punter

    def payoff_bounds(self) -> tuple[int, int]:
        """A punter wins at most the privileged 7½'s double or the muerta's triple on one
        calle and single stakes on the others, and loses at most every calle's bet; the bank
        the opposite against every punter."""
        hi = self.game.limits[1]
        most = (MAX_CALLES + 2) * hi
        punters = self.game.players - 1
        return -punters * most, punters * most


def _calle(index: int) -> int:
    if not 0 <= index < MAX_CALLES:
        raise ConfigurationError(
            f"calle {index} is past the most a punter can play ({MAX_CALLES}, one per figure)"
        )
    return index


def _amounts(action: Action) -> tuple[int, int] | None:
    """The (amount, raise) of an action with amounts, ``None`` for one without."""
    if isinstance(action, Bet):
        return action.amount, 0
    if isinstance(action, Muerta | Draw):
        return action.raise_by, 0
    if isinstance(action, OpenCalle):
        return action.amount, action.raise_by
    return None


def _fixed(action: Action) -> tuple[object, ...]:
    """What an action with amounts fixes besides them: its calle and face."""
    if isinstance(action, Draw | OpenCalle):
        return action.calle, action.down
    return ()
