"""The Python side of one OpenSpiel state: the deal, the cartes hand, the shuffles chance
orders in mid-hand, and each viewer's history as compact text.

pyspiel clones a Python state by making a new initial state and deep-copying each attribute of
its ``__dict__``; the state keeps everything in one :class:`Hand`, whose ``__deepcopy__`` is
the cartes hand's own :meth:`~cartes.games.State.clone` and a few list copies.

Chance deals each card when the hand draws it, for a game whose hands say how many cards an
action takes (:meth:`~cartes.games.State.cards_to_draw`): the cards of the start one at a
time, then, before an action that draws, the cards it will take (the action waits, the state a
chance node, while chance picks them; they go on top of the hand's stock, whose other cards
are those not dealt yet, in the fresh deck's order, never drawn). For any other game chance
deals the most cards a hand can use before the first decision. A hand that shuffles in
mid-hand (7½'s re-deal after an annulment, its stock running out) takes the order from
chance too: the action that shuffles waits while chance picks the shuffled cards one at a
time, then it is applied with that order.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import Any

import numpy as np

from cartes.adapters.openspiel._params import from_parameters
from cartes.deck import Deck
from cartes.errors import IllegalActionError
from cartes.french import Card
from cartes.games.contract import Action, Event, Game, Observation, State
from cartes.games.encoding import Encoding, canonical, encoding
from cartes.games.hand import HandGame, HandState
from cartes.games.hand import Setup as HandSetup
from cartes.spanish import SpanishCard

__all__ = ["Hand", "Setup", "setup_for", "token"]


class Setup:
    """What every state of one game needs, made once per game."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.players = game.players
        self.encoding: Encoding = encoding(game)
        self.deck = self.encoding.new_deck()
        # A chance outcome is a card's position in the fresh deck: outcomes must run
        # 0..len(deck)-1, and Spanish or stripped decks skip card indices.
        self.cards: dict[int, Any] = dict(enumerate(self.deck))
        self.index = {card: outcome for outcome, card in self.cards.items()}
        self.cards_used = self.encoding.cards_used()
        # each chance outcome with its probability when n are possible, made once: a chance
        # node's outcomes are most of a chance step
        self.pairs: list[list[tuple[int, float]]] = [
            [(outcome, 1.0 / n) for outcome in self.cards] if n else [] for n in
            range(len(self.cards) + 1)]
        # a game that shuffles in mid-hand does it through HandState's hook (its shuffler),
        # which the adapter sets to make each shuffle chance's
        first = self.encoding.start(self.deck.copy())
        self.shuffles = isinstance(first, HandState) and bool(
            getattr(game, "shuffles_in_hand", False))
        self.key: tuple[str, str] = ("", "")  # (name, parameters) set by the game
        # The poker and 7½ numberings read nothing of an observation but the offers: their
        # legal numbers come without building the seat's whole observation (most of a step).
        numbering = type(self.encoding).legal_ids.__qualname__
        self.offers_only = numbering in _OFFERS_ONLY
        self.private_kinds = self.encoding.private_kinds
        # calatone's numbering reads the seat's cards for an expose or a declaration only
        self.betting_kinds: frozenset[str] = frozenset()
        if numbering in _OFFERS_ONLY_WHEN_BETTING:
            self.betting_kinds = frozenset(
                (*self.encoding.simple_kinds, *self.encoding.amount_kinds))  # type: ignore[attr-defined]
        # Encoding.start seeds a generator per hand (a tenth of an MCCFR episode) and checks
        # the deck; the adapter's decks are permutations of the fresh one and every shuffle
        # in mid-hand is chance's (the hook), so nothing is drawn from a generator.
        self.plain_start = type(self.encoding).start is Encoding.start
        self.kind = self.deck.kind
        # A hand-state game's start checks its arguments, which are the same every hand here
        # (the stacks, the button, a permutation of the fresh deck): its setup but the deck
        # is made once, and each hand is the game's new_hand of it (a third of 7½'s start).
        self.template: HandSetup | None = None
        if self.plain_start and isinstance(game, HandGame):
            made = game.start(_UNUSED, deck=self.deck.copy(), reshuffle_seed=0)
            if isinstance(made, HandState):
                self.template = made.setup
        # Dealt as drawn (lazily) when the game's hands count an action's cards and keep
        # their stock in `deck`; the start's count is then fixed (the hook's promise).
        stock = getattr(first, "deck", None)
        self.lazy = False
        self.first_cards = self.cards_used
        if (type(first).cards_to_draw is not State.cards_to_draw and isinstance(stock, Deck)
                and stock.cards == self.deck.cards[len(self.deck) - len(stock):]):
            # (the stock left must be the fresh deck's bottom: a start that shuffled, as
            # 8-handed stud all in from the antes does on its river, is dealt up front)
            self.lazy = True
            self.first_cards = len(self.deck) - len(stock)

    def order(self, top: list[int]) -> tuple[list[Any], list[int]]:
        """A deck of the chance outcomes ``top`` on top of the others in the fresh deck's
        order, as cards, and those others."""
        cards = self.cards
        taken = set(top)
        rest = [outcome for outcome in cards if outcome not in taken]
        return [cards[o] for o in top] + [cards[o] for o in rest], rest

    def start(self, cards: list[Any]) -> State:
        """The hand dealt from ``cards`` (a permutation of the fresh deck, which the hand
        takes) in their order."""
        template = self.template
        if template is not None:  # what Game.start would make, without checking it again
            setup = _with_deck(template, tuple(cards))
            game = self.game
            assert isinstance(game, HandGame)  # (a template is made for no other game)
            hand: State = game.new_hand(setup, Deck._unchecked(cards, [], self.kind))
            return hand
        if self.plain_start:
            deck = Deck._unchecked(cards, [], self.kind)
            return self.game.start(_UNUSED, deck=deck, reshuffle_seed=0)
        return self.encoding.start(Deck(cards))


def _with_deck(setup: HandSetup, deck: tuple[Any, ...]) -> HandSetup:
    """``setup`` with another deck (built field by field: ``dataclasses.replace`` would check
    it again, once a hand)."""
    return HandSetup(setup.game, deck, setup.deck_kind, setup.stacks, setup.button,
                     setup.reshuffle_seed, setup.burned, setup.options)


_OFFERS_ONLY = ("PokerEncoding.legal_ids", "SieteEncoding.legal_ids")
_OFFERS_ONLY_WHEN_BETTING = ("CalatoneEncoding.legal_ids",)
_UNUSED = np.random.default_rng(0)  # a game given a deck and a reshuffle seed draws nothing
_SETUPS: dict[tuple[str, str], Setup] = {}


def setup_for(name: str, params_text: str) -> Setup:
    """The :class:`Setup` of a game by cartes name and parameters (JSON text), made once."""
    key = (name, params_text)
    found = _SETUPS.get(key)
    if found is None:
        found = Setup(from_parameters(name, json.loads(params_text)))
        found.key = key
        _SETUPS[key] = found
    return found


class _NeedShuffle(Exception):  # noqa: N818 - a signal, not an error
    def __init__(self, cards: tuple[Any, ...]) -> None:
        super().__init__("a shuffle")
        self.cards = cards


def _risky(hand: State, action: Action, setup: Setup, shuffled: bool) -> bool:
    """Whether ``action`` may shuffle (then it is tried on a clone first): 7½ shuffles on an
    annulment and when a card is dealt from an empty stock, stud when its stub is too short
    for the river; so any action that leaves the stock with a card a player or fewer (one
    that deals several streets at once, an all-in run-out, included). Before any shuffle,
    the stock keeps at least the cards a hand never uses."""
    deck = getattr(hand, "deck", None)
    if action.kind == "annul" or deck is None:
        return True
    floor = setup.players + 1
    if not shuffled and len(setup.cards) - setup.cards_used > floor:
        return False
    drawn = hand.cards_to_draw(action)
    return drawn is None or len(deck) - drawn <= floor


def _stock(hand: State) -> list[Any]:
    """The cards of the hand's stock (``hand.deck``), top first, as the deck's own list: the
    adapter puts the cards chance deals where the hand will draw them."""
    deck: Deck[Any] = hand.__dict__["deck"]
    return deck._cards


class Hand:
    """One state's deal, hand and pending shuffle or draw; cloned cheaply."""

    __slots__ = ("actions", "cuts", "dealt", "drawing", "hand", "header", "left", "legal",
                 "orders", "pending", "picked", "setup", "shared", "shuffle", "undealt",
                 "views")

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.dealt: list[int] = []  # the cards chance dealt, in the order the hand draws them
        self.left: list[int] = list(setup.cards)  # chance's outcomes now
        self.hand: State | None = None
        # the players' actions in order: seat, number, and whether everyone saw the number
        # (not when the event it made reads otherwise for a spectator, a face-down draw or a
        # muck, nor for a kind the encoding calls private: calatone's choice of the card to
        # expose, 7½'s draw that might have opened a calle)
        self.actions: list[tuple[int, int, bool]] = []
        self.pending: int | None = None  # an action waiting for chance to shuffle or deal
        self.orders: list[list[int]] = []  # the shuffles chosen for it so far
        # each shuffle done in mid-hand: the hand's history length when it shuffled and the
        # cards shuffled (what a resampling may keep in place depends on when a card was seen)
        self.cuts: tuple[tuple[int, frozenset[int]], ...] = ()
        self.shuffle: list[int] = []  # the cards of the shuffle being chosen
        self.picked: list[int] = []  # the cards chance has placed in it, or dealt for it
        self.drawing = 0  # how many cards chance deals for the pending action (0: none)
        # Dealt as drawn: the cards chance has not dealt (in the hand's stock, below those
        # dealt, in the fresh deck's order), and how many of `dealt` the hand's setup must
        # show as its deck's top and does not yet (0: it does).
        self.undealt: list[int] = []
        self.header = 0
        self.legal: dict[int, Action] | None = None
        self.views: dict[int | None, tuple[int, str]] = {}
        self.shared: dict[int, str] = {}  # the token of each event seen alike by all, by place
        if setup.first_cards == 0:
            self._start()

    def __deepcopy__(self, memo: dict[int, Any]) -> Hand:
        twin = Hand.__new__(Hand)
        twin.setup = self.setup
        twin.dealt = list(self.dealt)
        twin.left = list(self.left)
        twin.hand = None if self.hand is None else self.hand.clone()
        twin.actions = list(self.actions)
        twin.pending = self.pending
        twin.orders = [list(order) for order in self.orders]
        twin.cuts = self.cuts
        twin.shuffle = list(self.shuffle)
        twin.picked = list(self.picked)
        twin.drawing = self.drawing
        twin.undealt = list(self.undealt)
        twin.header = self.header
        twin.legal = self.legal
        twin.views = dict(self.views)
        twin.shared = dict(self.shared)
        return twin

    def __getstate__(self) -> dict[str, Any]:
        self.cartes_hand()  # the setup as dealt
        state = {name: getattr(self, name) for name in self.__slots__ if name != "setup"}
        state["legal"] = None
        state["views"] = {}
        state["shared"] = {}
        state["key"] = self.setup.key
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.setup = setup_for(*state.pop("key"))
        self.cuts = ()
        self.drawing, self.undealt, self.header, self.shared = 0, [], 0, {}
        for name, value in state.items():
            setattr(self, name, value)

    def cartes_hand(self) -> State | None:
        """The cartes hand, its setup's deck brought up to date: the cards dealt as drawn on
        top, in their order, then the others (so that its history replays)."""
        hand = self.hand
        if self.header and isinstance(hand, HandState):
            deck, _ = self.setup.order(self.dealt[:self.header])
            hand.setup = _with_deck(hand.setup, tuple(deck))
            self.header = 0
        return hand

    # -- whose turn ----------------------------------------------------------------------------

    @property
    def chance(self) -> bool:
        """Whether chance is to act."""
        return self.hand is None or self.pending is not None

    def to_act(self) -> int | None:
        """The seat to act (``None`` at a chance node or when over)."""
        if self.chance:
            return None
        assert self.hand is not None
        return self.hand.to_act

    @property
    def dealing(self) -> bool:
        """Whether chance deals (the start's cards, or those an action draws) rather than
        placing the cards of a shuffle."""
        return self.hand is None or self.drawing > 0

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each card chance may deal or put next in the shuffle, equally likely."""
        left = self.left
        pairs = self.setup.pairs[len(left)]
        return [pairs[outcome] for outcome in left]

    def legal_ids(self) -> dict[int, Action]:
        """The seat to act's action numbers, each with its action (kept until the next step)."""
        if self.legal is None:
            assert self.hand is not None
            hand = self.hand
            seat = hand.to_act
            setup = self.setup
            offers = hand.legal_actions()
            if setup.offers_only or (setup.betting_kinds and all(
                    offer.kind in setup.betting_kinds for offer in offers)):
                obs = Observation(seat, seat, (), (), (), (), (), (), offers, False)
            else:
                obs = hand.observation(seat)
            self.legal = setup.encoding.legal_ids(obs)
        return self.legal

    # -- steps -----------------------------------------------------------------------------------

    def apply(self, action: int) -> None:
        """Apply a chance outcome or a player's action number."""
        if self.hand is None:
            self._deal(action)
        elif self.pending is None:
            self._play(action)
        elif self.drawing:
            self._draw(action)
        else:
            self.legal = None
            self._pick(action)

    def _take(self, outcome: int) -> None:
        try:
            self.left.remove(outcome)
        except ValueError:
            raise IllegalActionError(
                f"chance outcome {outcome} is not possible now: possible are {self.left}"
            ) from None

    def _deal(self, outcome: int) -> None:
        self._take(outcome)
        self.dealt.append(outcome)
        first = self.setup.first_cards
        if len(self.dealt) == first - 1 and len(self.left) == 1:
            self.dealt.append(self.left.pop())  # the last card has nowhere else to go
        if len(self.dealt) >= first:
            self._start()

    def _start(self) -> None:
        """Start the hand from the cards dealt on top of the others, in the fresh deck's
        order (a hand dealt as drawn never draws those)."""
        deck, rest = self.setup.order(self.dealt)
        self.hand = self.setup.start(deck)
        self.left = []
        if self.setup.lazy:
            self.undealt = rest

    def _play(self, number: int) -> None:
        legal = self.legal_ids()
        action = legal.get(number)
        if action is None:
            assert self.hand is not None
            self.setup.encoding.decode(number, self.hand.observation(self.hand.to_act))
            raise AssertionError("unreachable: decode refuses what legal_ids leaves out")
        self.pending = number
        self.orders = []
        if self.undealt:
            need = self._needed(action)
            if need:  # the legal numbers are kept: the hand waits unchanged
                self.drawing = need
                self.left = list(self.undealt)
                self.picked = []
                if len(self.left) == 1:
                    self._draw(self.left[0])
                return
        self.legal = None
        self._try(action)

    def _needed(self, action: Action) -> int:
        """The cards chance must deal before ``action``: those it takes from the stock's top
        that chance has not dealt (every card not dealt when the hand cannot say)."""
        hand = self.hand
        assert hand is not None
        count = hand.cards_to_draw(action)
        if count is None:
            return len(self.undealt)
        if not count:
            return 0
        stock = _stock(hand)
        known = len(stock) - len(self.undealt)
        if not self.cuts and known >= 0:  # the cards not dealt are the stock's bottom
            return max(0, min(count - known, len(self.undealt)))
        undealt, index = set(self.undealt), self.setup.index
        return sum(1 for card in stock[:count] if index[card] in undealt)

    def _draw(self, outcome: int) -> None:
        self._take(outcome)
        self.picked.append(outcome)
        self.dealt.append(outcome)
        self.undealt.remove(outcome)
        if len(self.picked) < self.drawing and len(self.left) == 1:
            self._draw(self.left[0])  # the last card has nowhere else to go
        elif len(self.picked) == self.drawing:
            self._drawn()

    def _drawn(self) -> None:
        """The cards for the pending action are dealt: put them, in the order dealt, in the
        first places of the stock that held cards not dealt (those the action takes), then
        apply it."""
        hand = self.hand
        assert hand is not None
        assert self.pending is not None
        stock = _stock(hand)
        cards = self.setup.cards
        bottom = len(self.picked) + len(self.undealt)
        if not self.cuts and len(stock) >= bottom:  # those dealt now, then those not dealt
            stock[len(stock) - bottom:] = [cards[o] for o in self.picked] + [
                cards[o] for o in self.undealt]
            self.header = len(self.dealt)
        else:  # (a game that shuffled part of its cards: find the places of those not dealt)
            index = self.setup.index
            unknown = set(self.undealt).union(self.picked)
            places = [place for place, card in enumerate(stock) if index[card] in unknown]
            for place, outcome in zip(places, self.picked, strict=False):
                chosen = cards[outcome]
                where = stock.index(chosen, place)
                stock[place], stock[where] = chosen, stock[place]
        self.drawing, self.picked, self.left = 0, [], []
        action = self.legal_ids()[self.pending]
        self.legal = None
        self._try(action)

    def _pick(self, outcome: int) -> None:
        self._take(outcome)
        self.picked.append(outcome)
        if len(self.left) == 1:
            self.picked.append(self.left.pop())
        if not self.left:
            self._chosen()

    def _chosen(self) -> None:
        """A shuffle's order is chosen: try the waiting action again."""
        self.orders.append(self.picked)
        self.picked, self.shuffle = [], []
        assert self.hand is not None
        assert self.pending is not None
        self._try(self.legal_ids()[self.pending])

    def _try(self, action: Action) -> None:
        """Apply ``action`` with the shuffles chosen so far; one more needed makes the state
        a chance node again (the hand untouched until every shuffle is chosen)."""
        hand = self.hand
        assert hand is not None
        seat, number = hand.to_act, self.pending
        assert seat is not None
        assert number is not None
        if not self.setup.shuffles:
            event = hand.apply(action)
            if self.undealt:
                self._check(hand, action)
            self._done(seat, number, action, event)
            return
        work = hand.clone() if _risky(hand, action, self.setup, bool(self.cuts)) else hand
        orders = iter(self.orders)
        cards = self.setup.cards
        cuts: list[tuple[int, frozenset[int]]] = []

        def shuffler(deck: tuple[Any, ...]) -> Sequence[Any]:
            order = next(orders, None)
            if order is not None:
                cuts.append((len(work.history), frozenset(order)))
                return [cards[outcome] for outcome in order]
            if work is hand:
                raise AssertionError(f"{action!r} shuffled where the adapter did not expect")
            raise _NeedShuffle(deck)

        assert isinstance(work, HandState)  # setup.shuffles says so
        work.shuffler = shuffler
        try:
            event = work.apply(action)
        except _NeedShuffle as need:
            self.shuffle = sorted(self.setup.index[card] for card in need.cards)
            self.left = list(self.shuffle)
            self.picked = []
            if len(self.left) <= 1:  # nothing to choose
                self.picked, self.left = self.left, []
                self._chosen()
            return
        finally:
            work.shuffler = None
        self.hand = work
        if cuts:
            self.cuts += tuple(cuts)
            if self.undealt:  # a card a shuffle placed is chance's already
                placed = frozenset().union(*(order for _, order in cuts))
                self.undealt = [o for o in self.undealt if o not in placed]
        if self.undealt:
            self._check(work, action)
        self._done(seat, number, action, event)

    def _check(self, hand: State, action: Action) -> None:
        """The hand has not drawn a card chance did not deal: the cards not dealt are the
        stock's bottom, so it holds at least as many cards."""
        if len(_stock(hand)) < len(self.undealt):
            raise AssertionError(
                f"{action!r} took more cards than {type(hand).__name__}.cards_to_draw said: "
                f"the hand drew cards chance had not dealt"
            )

    def _done(self, seat: int, number: int, action: Action, event: Event) -> None:
        seen = event.seen_by(None)
        public = action.kind not in self.setup.private_kinds and (seen is event or seen == event)
        self.actions.append((seat, number, public))
        self.pending = None
        self.orders = []
        self.legal = None

    def waiting(self, viewer: int | None, every: bool = False) -> str:
        """The action waiting for chance, as ``viewer`` knows it: ``draw`` (chance deals the
        cards it takes) or ``wait`` (chance orders a shuffle), the seat, its number (``?``
        where the kind is private and the viewer not the seat, unless ``every``), and how
        many cards chance has dealt or placed of how many."""
        assert self.hand is not None
        assert self.pending is not None
        seat = self.hand.to_act
        kind = self.legal_ids()[self.pending].kind
        known = every or seat == viewer or kind not in self.setup.private_kinds
        number = self.pending if known else "?"
        if self.drawing:
            return f"draw{seat}:{number}/{len(self.picked)}of{self.drawing}"
        return f"wait{seat}:{number}/{len(self.picked)}of{len(self.shuffle)}"

    # -- views -------------------------------------------------------------------------------

    def view(self, viewer: int | None) -> str:
        """The hand's history as ``viewer`` saw it (``None``: what everyone saw), as compact
        text: one :func:`token` per event. Kept per viewer and extended with the events since
        (a history only grows), so a step costs only its own events."""
        hand = self.hand
        if hand is None:
            return ""
        history = hand.history
        count, text = self.views.get(viewer, (0, ""))
        if count < len(history):
            # an event every viewer sees alike is made text once, for all of them
            shared = self.shared
            parts = []
            for position in range(count, len(history)):
                event = history[position]
                seen = event.seen_by(viewer)
                if seen is event:
                    part = shared.get(position)
                    if part is None:
                        part = shared[position] = token(event)
                else:
                    part = token(seen)
                parts.append(part)
            text += "".join(parts)
            self.views[viewer] = (len(history), text)
        return text

    def marks(self, viewer: int | None, every: bool = False) -> str:
        """The players' actions as ``viewer`` knew them: the seat and the number, or ``?``
        for a number only its seat knew (``every``: all numbers). Who acted when is public
        (a spectator sees whose turn it is), though no event may show it: 7½'s bank declares
        a hand valid by choice on a 3 or a 4, by rule on any other card."""
        return ".".join([f"{seat}{number if public or every or seat == viewer else '?'}"
                         for seat, number, public in self.actions])

    def private_events(self, seat: int) -> list[tuple[int, Event]]:
        """The events ``seat`` saw otherwise than everyone did, with their positions."""
        assert self.hand is not None
        out = []
        for position, event in enumerate(self.hand.history):
            mine, public = event.seen_by(seat), event.seen_by(None)
            if mine is not public and mine != public:
                out.append((position, mine))
        return out


# -- compact event text ---------------------------------------------------------------------

_CODES: dict[type, tuple[str, tuple[str, ...]]] = {}


def _code(kind: type) -> tuple[str, tuple[str, ...]]:
    """A class's code (its name's capitals and its length: ``CardDealt`` is ``CD9``) and its
    field names but the seat. Made from the name alone, so that every process agrees."""
    found = _CODES.get(kind)
    if found is None:
        import dataclasses

        name = kind.__name__
        short = ("".join(ch for ch in name if ch.isupper()) or name[:1]) + str(len(name))
        names = tuple(f.name for f in dataclasses.fields(kind) if f.name != "seat")
        found = _CODES[kind] = (short, names)
    return found


def _value(value: Any) -> str:
    fast = _VALUES.get(type(value))
    if fast is not None:
        return fast(value)
    if isinstance(value, Action):
        code, names = _code(type(value))
        getters = [attrgetter(name) for name in names]

        def action_text(action: Any) -> str:
            return code + "(" + " ".join([_value(get(action)) for get in getters]) + ")"

        fast = action_text
    elif isinstance(value, tuple):
        fast = _tuple_text
    else:
        fast = canonical  # by value alone, so kept per type
    _VALUES[type(value)] = fast
    return fast(value)


def _tuple_text(value: Any) -> str:
    return "(" + " ".join([_value(item) for item in value]) + ")"


_VALUES: dict[type, Callable[[Any], str]] = {
    type(None): lambda value: "-",
    bool: lambda value: "T" if value else "F",
    int: str,
    tuple: _tuple_text,
    Card: str,
    SpanishCard: str,
}
# Each event class's token made by one generated function (its fields read by name): the
# infostate text is most of what a solver asks of a decision node.
_TOKENS: dict[type, Callable[[Any], str]] = {}


def _tokenizer(kind: type) -> Callable[[Any], str]:
    code, names = _code(kind)
    fields = ",".join(f"{{V(e.{name})}}" for name in names)
    source = (f"def token(e):\n    s = e.seat\n"
              f"    return f\"{{'' if s is None else s}}{code}:{fields};\"\n")
    scope: dict[str, Any] = {"V": _value}
    exec(source, scope)  # the text is made of a class's code and field names only
    made: Callable[[Any], str] = scope["token"]
    return made


def token(event: Event) -> str:
    """An event as short text: its seat, a code for its kind (its class name's capitals and
    length), then its other fields' values, no names; actions inside likewise. Two events of
    one game get the same token exactly when they are equal.

    >>> from cartes import Card
    >>> from cartes.games.dealing import CardDealt
    >>> token(CardDealt(seat=1, card=Card("As"), face_up=False, street=3))
    '1CD9:As,F,3,0,F;'
    """
    made = _TOKENS.get(type(event))
    if made is None:
        made = _TOKENS[type(event)] = _tokenizer(type(event))
    return made(event)
