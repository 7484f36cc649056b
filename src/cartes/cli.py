"""The ``cartes`` command (also ``python -m cartes``): evaluate and compare hands, play a hand
against the built-in agents, replay a saved hand, simulate many hands, benchmark the evaluator.

Every subcommand has ``--help`` with examples. Errors are one line on stderr and a non-zero
exit (2 for a bad command line, 1 for anything else); a terminal that cannot print suit
symbols (``PYTHONIOENCODING=cp1252``) gets cards written as ``As Kd``.

>>> main(["eval", "As Ks Qs Js Ts 2c 3d"])
hand:      A♠ K♠ Q♠ J♠ T♠ 2♣ 3♦
category:  Straight flush (standard ranking)
best five: A♠ K♠ Q♠ J♠ T♠
describes: Royal flush
0
>>> main(["compare", "As Ad 2c 3d 4h", "Ks Kd Kh 2s 3s"])
1: A♠ A♦ 2♣ 3♦ 4♥  Pair of aces
2: K♠ K♦ K♥ 2♠ 3♠  Three of a kind, kings
winner: hand 2
0
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import secrets
import sys
import textwrap
from collections import Counter
from collections.abc import Callable, Sequence
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any, NoReturn

from cartes import games, play
from cartes.deck import Deck
from cartes.errors import CartesError, OptionError
from cartes.evaluation import CALATONE, STANDARD, HandRank, evaluate, winners
from cartes.french import Card, Hand
from cartes.terminal import Output, play_in_terminal, replay_in_terminal

__all__ = ["main"]

#: The most hands ``simulate`` plays and ``bench`` draws: beyond, a clear error, not a MemoryError.
MAX_HANDS = 10_000_000
MAX_BENCH_HANDS = 50_000_000

_AGENTS: dict[str, Callable[[int], play.Agent]] = {
    "simple": lambda seed: play.SimpleAgent(),
    "random": lambda seed: play.RandomAgent(seed),
    "calling": lambda seed: play.CallingStation(),
}


class _Parser(argparse.ArgumentParser):
    """argparse with errors on one line (the usage is one ``--help`` away)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


# ---------------------------------------------------------------------------------------------
# Argument types: each says what it got and what is allowed


def _seed(text: str) -> int:
    """An argparse type: a shuffle seed, an int >= 0."""
    try:
        seed = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid seed {text!r}: give an integer >= 0") from None
    if seed < 0:
        raise argparse.ArgumentTypeError(f"invalid seed {seed}: give an integer >= 0")
    return seed


def _count(minimum: int, maximum: int | None = None) -> Callable[[str], int]:
    """An argparse type: an int in ``minimum..maximum``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = minimum - 1
        if value < minimum:
            message = f"invalid count {text!r}: give an integer >= {minimum}"
            raise argparse.ArgumentTypeError(message)
        if maximum is not None and value > maximum:
            raise argparse.ArgumentTypeError(
                f"invalid count {text!r}: at most {maximum:,} (give a smaller number)"
            )
        return value

    return parse


def _option(text: str) -> tuple[str, object]:
    """An argparse type: a game option ``KEY=VALUE`` (ints and true/false are converted)."""
    key, sep, raw = text.partition("=")
    if not sep or not key.strip():
        raise argparse.ArgumentTypeError(f"invalid option {text!r}: write KEY=VALUE, e.g. ante=2")
    value: object = raw
    if raw.lower() in ("true", "false"):
        value = raw.lower() == "true"
    elif raw.strip().lstrip("-").isdigit():
        value = int(raw)
    return key.strip().replace("-", "_"), value


# ---------------------------------------------------------------------------------------------
# eval, compare, demo, bench


def _rank_json(rank: HandRank) -> dict[str, Any]:
    return {
        "hand": str(rank.cards),
        "ranking": rank.ranking.name,
        "category": rank.category.name.lower(),
        "description": rank.describe(),
        "best_five": str(rank.best_five),
        "strength": rank.strength,
    }


def _eval(out: Output, hand: str, ranking: str, lang: str, as_json: bool) -> int:
    rank = evaluate(hand, ranking)
    if as_json:
        out(json.dumps({**_rank_json(rank), "description": rank.describe(lang)}))
        return 0
    category = rank.category.spanish if lang == "es" else rank.category.english
    out(f"hand:      {out.cards(rank.cards)}")
    out(f"category:  {category} ({rank.ranking.name} ranking)")
    out(f"best five: {out.cards(rank.best_five)}")
    out(f"describes: {rank.describe(lang)}")
    return 0


def _compare(out: Output, hands: list[str], ranking: str, lang: str, as_json: bool) -> int:
    if len(hands) < 2:
        raise OptionError(f"compare needs two hands or more, each quoted; got {len(hands)}")
    ranks = [evaluate(hand, ranking) for hand in hands]
    best = winners([rank.cards for rank in ranks], ranking)
    # Hands may share cards on purpose (a hold'em board), but never in one stud deal: say so.
    seen: Counter[Card] = Counter(card for rank in ranks for card in set(rank.cards))
    shared = sorted(card for card, count in seen.items() if count > 1)
    if as_json:
        rows = [_rank_json(rank) | {"description": rank.describe(lang)} for rank in ranks]
        out(json.dumps({"hands": rows, "winners": [i + 1 for i in best],
                        "shared_cards": [str(card) for card in shared]}))
        return 0
    width = max(len(out.cards(rank.cards)) for rank in ranks)
    for number, rank in enumerate(ranks, 1):
        out(f"{number}: {out.cards(rank.cards).ljust(width)}  {rank.describe(lang)}")
    if len(best) == 1:
        out(f"winner: hand {best[0] + 1}")
    else:
        out(f"tie: hands {', '.join(str(i + 1) for i in best)} split")
    if shared:
        out(f"note: the hands share {out.cards(shared)}; compared as given (as with a shared "
            "board), though no one deal gives separate hands a card twice")
    return 0


def _demo(out: Output, seed: int) -> int:
    deck = Deck.french()
    deck.shuffle(seed)
    hands = [Hand(deck.deal(7)) for _ in range(4)]
    out(f"Seed {seed}: four players, seven cards each.")
    for seat, hand in enumerate(hands):
        standard = evaluate(hand, STANDARD)
        calatone = evaluate(hand, CALATONE)
        out(f"  seat {seat}: {out.cards(hand)}")
        out(f"          standard: {standard.describe()} ({out.cards(standard.best_five)})")
        out(f"          calatone: {calatone.describe('es')}")
    for ranking in (STANDARD, CALATONE):
        out(f"{ranking.name} winners: seats {winners(hands, ranking)}")
    return 0


def _bench(out: Output, hands: int, calls: int, seed: int) -> int:
    from cartes.bench import format_table, machine, missing_peers, run

    out(f"Measuring on this machine ({hands:,} random hands, {calls:,} single calls)...")
    out(format_table(run(hands=hands, calls=calls, seed=seed), where=machine()))
    missing = missing_peers()
    if missing:
        out(f"not measured beside cartes ({' and '.join(missing)} not installed): "
            f"pip install {' '.join(missing)}, or install cartes with its compare extra "
            "(pip install '.[compare]' from a clone), to see them in the same run")
    return 0


# ---------------------------------------------------------------------------------------------
# play: one hand in the terminal


def _make_game(name: str, players: int | None, options: list[tuple[str, object]]) -> games.Game:
    config = dict(options)
    if players is not None:
        config["players"] = players
    return games.get(name, **config)


def _play(
    out: Output,
    name: str,
    players: int | None,
    seed: int | None,
    seat: int,
    opponents: str,
    options: list[tuple[str, object]],
    save: Path | None,
    read: Callable[[], str],
) -> int:
    game = _make_game(name, players, options)
    if seed is None:  # a new hand each time, and its seed printed to deal it again
        seed = secrets.randbelow(2**31)
    agents = {s: _AGENTS[opponents](seed + s) for s in range(game.players) if s != seat}
    play_in_terminal(out, game, seat, seed, agents, read, save)
    return 0


# ---------------------------------------------------------------------------------------------
# simulate


def _simulate(
    out: Output,
    name: str,
    hands: int,
    players: int | None,
    seed: int,
    agent_names: list[str],
    options: list[tuple[str, object]],
    progress: bool,
    as_json: bool,
) -> int:
    game = _make_game(name, players, options)
    names = [agent_names[s % len(agent_names)] for s in range(game.players)]
    agents = [_AGENTS[agent](seed + s) for s, agent in enumerate(names)]
    results = play.simulate(game, agents, hands, seed, progress=progress)
    totals = results.sum(axis=0)
    means = results.mean(axis=0)
    errors = results.std(axis=0, ddof=1) / hands**0.5 if hands > 1 else means * 0
    won = (results > 0).sum(axis=0)
    if as_json:
        rows = [
            {"seat": s, "agent": names[s], "total": int(totals[s]), "per_hand": float(means[s]),
             "std_error": float(errors[s]), "hands_won": int(won[s])}
            for s in range(game.players)
        ]
        out(json.dumps({"game": game.name, "hands": hands, "seed": seed, "seats": rows}))
        return 0
    out(f"{game.name}: {hands:,} hands, {game.players} players, seed {seed}")
    out(f"  {'seat':>4}  {'agent':<8}  {'total':>9}  {'per hand':>9}  {'± s.e.':>7}  {'won':>6}")
    for s in range(game.players):
        out(f"  {s:>4}  {names[s]:<8}  {int(totals[s]):>+9}  {means[s]:>+9.3f}  "
            f"{errors[s]:>7.3f}  {int(won[s]):>6}")
    return 0


# ---------------------------------------------------------------------------------------------
# The command line


def _version() -> str:
    from cartes import __version__

    parts = []
    for package in ("numpy", "numba"):
        try:
            parts.append(f"{package} {version(package)}")
        except PackageNotFoundError:  # pragma: no cover - both are dependencies
            parts.append(f"{package} missing")
    python = ".".join(map(str, sys.version_info[:3]))
    return f"cartes {__version__} ({', '.join(parts)}, Python {python})"


_EPILOG = """examples:
  cartes eval "As Ks Qs Js Ts 2c 3d"
  cartes compare "Ah Ad 2c 3d 4h" "Kh Kd Ks 2s 3s" --ranking calatone
  cartes play seven-card-stud --players 3 --seed 7
  cartes simulate seven-card-stud --hands 1000 --agents simple,random
  cartes replay hand.json --step
"""


def _options_epilog() -> str:
    """Each registered game's options (for ``--option KEY=VALUE``) with their defaults."""
    lines = ["", "game options (--option KEY=VALUE), with their defaults:"]
    for name in games.available():
        listed = ", ".join(
            key if default is inspect.Parameter.empty else f"{key}={default}"
            for key, default in games.options_of(name).items()
            if key != "players"
        )
        lines += textwrap.wrap(listed or "(no declared options beyond players)", 96,
                               initial_indent=f"  {name}: ",
                               subsequent_indent="      ")
    return "\n".join(lines) + "\n"


def _parser() -> _Parser:
    raw = argparse.RawDescriptionHelpFormatter
    parser = _Parser(
        prog="cartes",
        description="The cartes command: cards, hand evaluation and games.",
        epilog=_EPILOG,
        formatter_class=raw,
    )
    parser.add_argument("--version", action="version", version=_version())
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name: str, help: str, examples: str) -> _Parser:
        sub: _Parser = commands.add_parser(
            name, help=help, description=help[0].upper() + help[1:] + ".",
            epilog="examples:\n" + examples, formatter_class=raw,
        )
        return sub

    def ranking_options(sub: _Parser) -> None:
        sub.add_argument("--ranking", choices=["standard", "calatone"], default="standard",
                         help="hand ranking (default standard)")
        sub.add_argument("--lang", choices=["en", "es"], default="en",
                         help="language of the description (default en)")
        sub.add_argument("--json", action="store_true", help="print JSON instead of text")

    ev = command("eval", "evaluate one hand of 5, 6 or 7 cards",
                 '  cartes eval "As Ks Qs Js Ts 2c 3d"\n'
                 "  cartes eval Kh Kd Ks 7c 2d 3s 9h --ranking calatone --lang es\n")
    ev.add_argument("cards", nargs="+", metavar="CARD", help="the cards, e.g. 'As Kd 10h'")
    ranking_options(ev)

    cmp = command("compare", "compare hands: who wins, who ties",
                  '  cartes compare "Ah Ad 2c 3d 4h" "Kh Kd Ks 2s 3s"\n')
    cmp.add_argument("hands", nargs="+", metavar="HAND", help="each hand quoted, 'As Kd ...'")
    ranking_options(cmp)

    def game_options(sub: _Parser) -> None:
        sub.add_argument("game", metavar="GAME",
                         help=f"the game: one of {', '.join(games.available())}")
        sub.add_argument("--players", type=_count(2), help="number of seats")
        sub.add_argument("--option", type=_option, action="append", default=[],
                         metavar="KEY=VALUE", help="a game option, e.g. ante=2 (repeatable)")

    pl = command("play", "play one hand in the terminal against the built-in agents",
                 "  cartes play seven-card-stud --players 3 --seed 7 --seat 1\n"
                 "  cartes play seven-card-stud --save hand.json\n" + _options_epilog())
    game_options(pl)
    pl.add_argument("--seed", type=_seed, help="deal seed (default: a new one, printed)")
    pl.add_argument("--seat", type=_count(0), default=0, help="your seat (default 0)")
    pl.add_argument("--opponents", choices=sorted(_AGENTS), default="simple",
                    help="the agents at the other seats (default simple)")
    pl.add_argument("--save", type=Path, metavar="FILE", help="save the hand as JSON")

    rp = command("replay", "replay a hand saved as JSON (cartes play --save, State.to_json)",
                 "  cartes replay hand.json\n  cartes replay hand.json --seat 1 --step\n")
    rp.add_argument("file", type=Path, metavar="HISTORY.json")
    rp.add_argument("--seat", type=_count(0), help="show only what this seat saw")
    rp.add_argument("--step", action="store_true", help="one action at a time (Enter: next)")

    sim = command("simulate", "play many hands between agents and tabulate the results",
                  "  cartes simulate seven-card-stud --hands 1000\n"
                  "  cartes simulate seven-card-stud --hands 500 --players 4 "
                  "--agents simple,random --json\n" + _options_epilog())
    game_options(sim)
    sim.add_argument("--hands", type=_count(1, MAX_HANDS), required=True,
                     help=f"hands to play, 1..{MAX_HANDS:,}")
    sim.add_argument("--seed", type=_seed, default=2026, help="seed (default 2026)")
    sim.add_argument("--agents", type=_agent_list, default=["simple", "random"],
                     help=f"agents by seat, comma-separated and repeated as needed: "
                     f"{', '.join(sorted(_AGENTS))} (default simple,random)")
    sim.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                     help="a progress bar (tqdm's if installed, else a plain line; default: when "
                          "stderr is a terminal)")
    sim.add_argument("--json", action="store_true", help="print JSON instead of a table")

    demo = command("demo", "deal four hands and evaluate them", "  cartes demo --seed 7\n")
    demo.add_argument("--seed", type=_seed, default=2026, help="shuffle seed, >= 0 (default 2026)")
    bench = command("bench", "measure the evaluator on this machine",
                    "  cartes bench --hands 1000000\n")
    bench.add_argument("--hands", type=_count(1, MAX_BENCH_HANDS), default=5_000_000,
                       help=f"batch size, 1..{MAX_BENCH_HANDS:,} (default 5M)")
    bench.add_argument("--calls", type=_count(10, MAX_HANDS), default=200_000,
                       help=f"single calls, 10..{MAX_HANDS:,} (default 200k)")
    bench.add_argument("--seed", type=_seed, default=2026, help="seed of the random hands")
    command("warm-up", "compile every compiled entry point now and cache it on disk (numba "
            "compiles each on its first call: seconds on a fresh install), for images and CI",
            "  cartes warm-up\n")
    return parser


def _agent_list(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",")]
    unknown = [name for name in names if name not in _AGENTS]
    if unknown:
        raise argparse.ArgumentTypeError(
            f"unknown agent {unknown[0]!r}: choose from {', '.join(sorted(_AGENTS))}"
        )
    return names


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``cartes`` command line with ``argv`` (``sys.argv[1:]`` by default); return
    the exit status.

    >>> main(["demo", "--seed", "1"])
    Seed 1: four players, seven cards each.
      seat 0: 8♠ 3♥ 9♠ 5♠ T♠ 6♣ 7♠
              standard: Flush, ten high (T♠ 9♠ 8♠ 7♠ 5♠)
    ...
    0
    """
    args = _parser().parse_args(argv)
    out = Output(sys.stdout)

    def read() -> str:
        line = sys.stdin.readline()
        if line and not sys.stdin.isatty():  # a script feeds us: show what it typed
            out(line.rstrip("\n"))
        return line
    try:
        match args.command:
            case "eval":
                return _eval(out, " ".join(args.cards), args.ranking, args.lang, args.json)
            case "compare":
                return _compare(out, args.hands, args.ranking, args.lang, args.json)
            case "play":
                return _play(out, args.game, args.players, args.seed, args.seat,
                             args.opponents, args.option, args.save, read)
            case "replay":
                replay_in_terminal(out, args.file, args.seat, args.step, read)
                return 0
            case "simulate":
                progress = sys.stderr.isatty() if args.progress is None else args.progress
                return _simulate(out, args.game, args.hands, args.players, args.seed,
                                 args.agents, args.option, progress, args.json)
            case "demo":
                return _demo(out, args.seed)
            case "warm-up":
                from cartes.warmup import warm_up

                warm_up(out)
                return 0
            case _:
                return _bench(out, args.hands, args.calls, args.seed)
    except CartesError as error:
        message = " ".join(str(error).split())  # one line, whatever the message holds
        print(f"cartes {args.command}: error: {message}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"cartes {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (``cartes demo | head``): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
