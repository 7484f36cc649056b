"""OpenSpiel's observers for cartes' games (:class:`Observer`, documented there).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from cartes.adapters.openspiel._hand import Hand, Setup, token
from cartes.games.contract import Observation
from cartes.games.encoding import canonical

# states are OpenSpielState (not imported: the package imports this module)
OpenSpielState = Any

__all__ = ["Observer"]

_SINGLE = pyspiel.PrivateInfoType.SINGLE_PLAYER
_ALL = pyspiel.PrivateInfoType.ALL_PLAYERS


class Observer:
    """OpenSpiel's observer protocol for one :class:`pyspiel.IIGObservationType`:
    :attr:`tensor` and :attr:`dict` (its named pieces) filled by :meth:`set_from`, and
    :meth:`string_from`, showing exactly what the type names.

    *Public* information is what a spectator sees (:meth:`~cartes.games.State.observation` of
    ``None``); a seat's *private* information is what it sees otherwise than the spectator does
    (its hidden cards, the game's private details). ``perfect_recall`` views hold the history
    (every event as the viewer saw it); the others hold the present.

    Strings (``p`` the player; ``H(v)`` the history as viewer ``v`` saw it, one short token per
    event; ``A(v)`` who acted, in order, with the action number where ``v`` knows it; ``O(v)``
    the encoding's observation string):

    - perfect recall, public, SINGLE_PLAYER (the information state): ``p|H(p)|A(p)``;
    - perfect recall, public, NONE: ``pub|H(None)|A(None)``; with ALL_PLAYERS, ``A`` shows
      every number and each seat's events seen otherwise follow;
    - perfect recall, no public: only the player's (SINGLE_PLAYER) or each seat's (ALL_PLAYERS)
      events seen otherwise and numbers only it knew;
    - no recall, public: ``O(p)`` (SINGLE_PLAYER), ``O(None)`` (NONE), ``O(None)`` then each
      seat's hidden cards (ALL_PLAYERS);
    - no recall, no public: only the player's or each seat's hidden cards now;
    - no public and no private information: the empty string (and an empty tensor);
    - at a chance node where an action waits for its cards (``draw``) or for a shuffle's
      order (``wait``), public views end in ``|draw<seat>:<number>/<dealt>of<count>``, the
      number ``?`` for a kind the encoding calls private
      (:attr:`~cartes.games.encoding.Encoding.private_kinds`) unless the viewer is the seat.

    An action's number shows in ``A(v)`` for every viewer when a spectator can tell it from
    what it sees: not when the event it made reads otherwise for a spectator (a face-down
    draw, a muck), nor for a private kind (calatone's choice of the card to expose, 7½'s draw
    or calle opened, which a spectator cannot tell apart); the events show what is public.

    Tensors (float32 in 0..1; ``n`` seats, ``D`` the deck's cards by chance outcome, ``T`` the
    encoding's observation tensor, ``L`` its bound on a hand's actions, ``B`` the bits of an
    action number), pieces in this order, each present when the type asks for it:

    ================== ============ ==============================================================
    piece              shape        meaning
    ================== ============ ==============================================================
    ``player``         ``(n,)``     the player, one-hot (SINGLE_PLAYER)
    ``private_cards``  ``(D,)`` or  the cards the player (SINGLE_PLAYER) or each seat by row
                       ``(n, D)``   (ALL_PLAYERS) sees that a spectator does not: now, or
                                    ever in the hand (perfect recall)
    ``public_cards``   ``(D,)``     every card a spectator has seen in the hand (perfect recall,
                                    public)
    ``actions``        ``(L, 2+B)`` the players' actions in order: 1; 1 if the viewer may not know
                                    the number (a spectator, of an action whose event it sees
                                    otherwise: a face-down draw, a muck, calatone's choice of the
                                    card to expose), else 0 and the number in binary, least
                                    significant bit first (perfect recall, public)
    ``observation``    ``(T,)``     the encoding's observation tensor: the player's with public
                                    and SINGLE_PLAYER, a spectator's with public otherwise
    ================== ============ ==============================================================

    The information-state tensor (perfect recall, public, SINGLE_PLAYER) is ``player``,
    ``private_cards``, ``public_cards``, ``actions`` and ``observation``; the default observation
    tensor (public, SINGLE_PLAYER, no recall) is the encoding's own.

    >>> from cartes.adapters.openspiel import OpenSpielGame
    >>> from cartes.games import SevenCardStud
    >>> game = OpenSpielGame(SevenCardStud(players=2))
    >>> public = game.make_py_observer(pyspiel.IIGObservationType(
    ...     perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE))
    >>> state = game.new_initial_state()
    >>> for card in range(6):  # the start's cards
    ...     state.apply_action(card)
    >>> public.string_from(state, 0) == public.string_from(state, 1)  # nobody's down cards
    True
    """

    def __init__(self, setup: Setup, iig_obs_type: Any = None) -> None:
        if iig_obs_type is None:
            recall, public, private = False, True, _SINGLE
        else:
            recall = bool(iig_obs_type.perfect_recall)
            public = bool(iig_obs_type.public_info)
            private = iig_obs_type.private_info
        self.setup = setup
        self.perfect_recall, self.public, self.private = recall, public, private
        enc, n, d = setup.encoding, setup.players, len(setup.cards)
        self.bits = max(1, (enc.num_actions - 1).bit_length())
        self.rows = enc.max_actions()
        self._shifts = np.arange(self.bits)
        # the encoding's own layout, for the present seen by the player or a spectator alone
        self.plain = public and not recall and private != _ALL
        pieces: list[tuple[str, tuple[int, ...]]] = []
        if private == _SINGLE and not self.plain:
            pieces.append(("player", (n,)))
        if private == _SINGLE and not self.plain:
            pieces.append(("private_cards", (d,)))
        elif private == _ALL:
            pieces.append(("private_cards", (n, d)))
        if recall and public:
            pieces += [("public_cards", (d,)), ("actions", (self.rows, 2 + self.bits))]
        if public and not self.plain:
            pieces.append(("observation", enc.tensor_shape))
        sizes = [int(np.prod(shape)) for _, shape in pieces]
        if self.plain:
            self.tensor = np.zeros(enc.tensor_shape, np.float32)
            self.dict = enc.tensor_views(self.tensor)
        else:
            self.tensor = np.zeros(sum(sizes), np.float32)
            self.dict, start = {}, 0
            for (name, shape), size in zip(pieces, sizes, strict=True):
                self.dict[name] = self.tensor[start:start + size].reshape(shape)
                start += size

    # -- tensors -----------------------------------------------------------------------------

    def set_from(self, state: OpenSpielState, player: int) -> None:
        """Write ``player``'s view of ``state`` into :attr:`tensor`."""
        self.tensor.fill(0)
        h: Hand = state._h
        hand = h.hand
        if hand is None:
            return
        enc, pieces = self.setup.encoding, self.dict
        if self.plain:
            seat = player if self.private == _SINGLE else None
            enc.fill_tensor(hand.observation(seat), pieces)
            return
        if "player" in pieces:
            pieces["player"][player] = 1
        if "private_cards" in pieces:
            seats = [player] if self.private == _SINGLE else range(self.setup.players)
            rows = pieces["private_cards"].reshape(-1, len(self.setup.cards))
            for row, seat in zip(rows, seats, strict=False):
                for card in self._private_cards(hand, seat):
                    row[self.setup.index[card]] = 1
        if "public_cards" in pieces:
            for card in hand.observation(None).visible_cards():
                pieces["public_cards"][self.setup.index[card]] = 1
            rows = pieces["actions"]
            every = self.private == _ALL
            for row, (seat, number, public) in zip(rows, h.actions, strict=False):
                row[0] = 1
                if public or every or (seat == player and self.private == _SINGLE):
                    row[2:] = (number >> self._shifts) & 1
                else:
                    row[1] = 1
        if "observation" in pieces:
            seat = player if self.private == _SINGLE else None
            enc.fill_tensor(hand.observation(seat), enc.tensor_views(pieces["observation"]))

    def _private_cards(self, hand: Any, seat: int) -> set[Any]:
        mine, public = hand.observation(seat), hand.observation(None)
        if self.perfect_recall:
            return set(mine.visible_cards() - public.visible_cards())
        return {card for card, _ in _hidden(mine, public)}

    # -- strings -----------------------------------------------------------------------------

    def string_from(self, state: OpenSpielState, player: int) -> str:
        """``player``'s view of ``state`` as text."""
        h: Hand = state._h
        if not self.public and self.private not in (_SINGLE, _ALL):
            return ""
        if h.hand is None:
            head = f"{player}|" if self.private == _SINGLE else ""
            return f"{head}deal{len(h.dealt)}" if self.public else head
        text = self._recall(h, player) if self.perfect_recall else self._now(h, player)
        if h.pending is not None and self.public:
            # an action waits for chance to deal or shuffle: shown as the viewer knows it,
            # the cards chance picks not at all
            viewer = player if self.private == _SINGLE else None
            text += "|" + h.waiting(viewer, every=self.private == _ALL)
        return text

    def _recall(self, h: Hand, player: int) -> str:
        if self.private == _SINGLE:
            if self.public:
                return f"{player}|{h.view(player)}|{h.marks(player)}"
            return f"{player}|{_private(h, player)}"
        parts = []
        if self.public:
            parts.append(f"pub|{h.view(None)}|{h.marks(None, self.private == _ALL)}")
        if self.private == _ALL:
            parts += [f"|{seat}|{_private(h, seat)}" for seat in range(self.setup.players)]
        return "".join(parts)

    def _now(self, h: Hand, player: int) -> str:
        hand, enc = h.hand, self.setup.encoding
        assert hand is not None
        if self.private == _SINGLE:
            if self.public:
                return enc.observation_string(hand.observation(player))
            return f"{player}|{_hidden_text(hand, player)}"
        parts = [enc.observation_string(hand.observation(None))] if self.public else []
        if self.private == _ALL:
            parts += [f"|{seat}|{_hidden_text(hand, seat)}"
                      for seat in range(self.setup.players)]
        return "".join(parts)


def _private(h: Hand, seat: int) -> str:
    """What ``seat`` saw otherwise than everyone, in the hand so far: events, and the numbers
    of its actions that only it knew."""
    events = "".join(f"{i}{token(e)}" for i, e in h.private_events(seat))
    numbers = ".".join(f"{i}:{number}" for i, (who, number, public) in enumerate(h.actions)
                       if who == seat and not public)
    return f"{events}|{numbers}"


def _hidden(mine: Observation, public: Observation) -> list[tuple[Any, str]]:
    """The cards a seat sees now that a spectator does not, each with where it lies."""
    out = []
    for r, (own, seen) in enumerate(zip(mine.cards, public.cards, strict=True)):
        for k, card in enumerate(own):
            if card is not None and (k >= len(seen) or seen[k] is None):
                out.append((card, f"{r}.{k}"))
    return out


def _hidden_text(hand: Any, seat: int) -> str:
    mine, public = hand.observation(seat), hand.observation(None)
    cards = ",".join(f"{where}={card}" for card, where in _hidden(mine, public))
    extra = ",".join(f"{key}={canonical(value)}" for key, value in sorted(mine.extra.items())
                     if public.extra.get(key, _MISSING) != value)
    return f"{cards};{extra}"


_MISSING = object()
