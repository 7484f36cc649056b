"""The ``cartes`` command (also ``python -m cartes``): a demo, and the evaluator's benchmark.

>>> main(["demo", "--seed", "1"])  # doctest: +ELLIPSIS
Seed 1: four players, seven cards each.
  seat 0: ...
0
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence

from cartes.deck import Deck
from cartes.evaluation import CALATONE, STANDARD, evaluate, winners
from cartes.french import Hand


def _demo(seed: int) -> int:
    deck = Deck.french()
    deck.shuffle(seed)
    hands = [Hand(deck.deal(7)) for _ in range(4)]
    print(f"Seed {seed}: four players, seven cards each.")
    for seat, hand in enumerate(hands):
        standard = evaluate(hand, STANDARD)
        calatone = evaluate(hand, CALATONE)
        print(f"  seat {seat}: {hand.unicode()}")
        print(f"          standard: {standard.describe()} ({standard.best_five.unicode()})")
        print(f"          calatone: {calatone.describe('es')}")
    for ranking in (STANDARD, CALATONE):
        print(f"{ranking.name} winners: seats {winners(hands, ranking)}")
    return 0


def _bench(hands: int, calls: int, seed: int) -> int:
    from cartes.bench import format_table, run

    print(f"Measuring on this machine ({hands:,} random hands, {calls:,} single calls)...")
    print(format_table(run(hands=hands, calls=calls, seed=seed)))
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


def _count(minimum: int) -> Callable[[str], int]:
    """An argparse type: an int >= ``minimum``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = minimum - 1
        if value < minimum:
            message = f"invalid count {text!r}: give an integer >= {minimum}"
            raise argparse.ArgumentTypeError(message)
        return value

    return parse


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``cartes`` command line with ``argv`` (``sys.argv[1:]`` by default).

    >>> main(["demo", "--seed", "1"])
    Seed 1: four players, seven cards each.
      seat 0: 8♠ 3♥ 9♠ 5♠ T♠ 6♣ 7♠
              standard: Flush, ten high (T♠ 9♠ 8♠ 7♠ 5♠)
    ...
    0
    """
    parser = argparse.ArgumentParser(
        prog="cartes", description="The cartes command: cards, hand evaluation and games."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    demo = commands.add_parser("demo", help="deal four hands and evaluate them")
    demo.add_argument("--seed", type=_seed, default=2026, help="shuffle seed, >= 0 (default 2026)")
    bench = commands.add_parser("bench", help="measure the evaluator on this machine")
    bench.add_argument(
        "--hands", type=_count(1), default=5_000_000, help="batch size, >= 1 (default 5M)"
    )
    bench.add_argument(
        "--calls", type=_count(10), default=200_000, help="single calls, >= 10 (default 200k)"
    )
    bench.add_argument("--seed", type=_seed, default=2026, help="seed of the random hands")
    args = parser.parse_args(argv)
    try:
        if args.command == "demo":
            return _demo(args.seed)
        return _bench(args.hands, args.calls, args.seed)
    except BrokenPipeError:  # the reader went away (``cartes demo | head``): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
