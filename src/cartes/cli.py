"""The ``cartes`` command (also ``python -m cartes``).

>>> main(["demo", "--seed", "1"])  # doctest: +ELLIPSIS
Shuffled with seed 1, dealt ...
0
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from cartes.cards import Hand
from cartes.deck import Deck


def _demo(seed: int) -> int:
    deck = Deck.french()
    deck.shuffle(seed)
    players = 4
    hands = [Hand(deck.deal(2)) for _ in range(players)]
    print(f"Shuffled with seed {seed}, dealt {players} hands of two:")
    for seat, hand in enumerate(hands):
        print(f"  seat {seat}: {hand.unicode()}")
    print(f"{len(deck)} cards left in the deck.")
    return 0


def _seed(text: str) -> int:
    """An argparse type: a shuffle seed, an int >= 0."""
    try:
        seed = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid seed {text!r}: give an integer >= 0") from None
    if seed < 0:
        raise argparse.ArgumentTypeError(f"invalid seed {seed}: give an integer >= 0")
    return seed


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``cartes`` command line with ``argv`` (``sys.argv[1:]`` by default)."""
    parser = argparse.ArgumentParser(
        prog="cartes", description="The cartes command: cards, decks and games."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    demo = commands.add_parser("demo", help="shuffle, deal and show a few hands")
    demo.add_argument("--seed", type=_seed, default=2026, help="shuffle seed, >= 0 (default 2026)")
    args = parser.parse_args(argv)
    if args.command == "demo":
        return _demo(args.seed)
    parser.error(f"unknown command {args.command!r}")
    return 2
