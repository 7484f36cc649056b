"""Write a corpus of hand histories, one JSON object a line, for the replay tests.

Run from the project's root: ``python tests/data/make_histories.py OUT.jsonl [SEED]``. The hands
are random legal play (seeded, so the same code writes the same corpus) over many option
combinations of the three games, with small stacks so that all-ins, side pots and short
bets come up. ``histories-rev2.jsonl`` was written with this script by the code of SPEC
revision 2 (commit 43f6c31, before revision 3 changed any rule): the replay tests check
that each of those hands still replays to equal events, or is refused with an error naming
the revision. ``histories-rev3.jsonl`` was written the same way by the code of revision 3
(main at 7582266, before the games moved into packages), with the options revision 3
added: every one of those hands must replay exactly. ``histories-format1.jsonl`` was written
by main at 40c5504, the last code to write history format ``cartes-hand/1``, with seed
20261202 and ``--reshuffles`` (twenty hands in which the stock runs out).
"""

from __future__ import annotations

import json
import sys
from typing import Any

import numpy as np

from cartes import games, play
from cartes.spanish import SpanishCard

#: The rules revision of the code that runs this script; the options it draws follow it (the
#: revision-2 corpus was written before ``max_bet_scope`` and ``bust_pays_double`` existed).
REVISION: int = getattr(games, "RULES_REVISION", 2)


def _stud(rng: np.random.Generator) -> tuple[dict[str, Any], list[int]]:
    players = int(rng.integers(2, 9))
    small = int(rng.choice([2, 4, 5, 10]))
    config: dict[str, Any] = {
        "players": players,
        "ante": int(rng.integers(0, 3)),
        "bring_in": int(rng.integers(1, small + 1)),
        "small_bet": small,
        "big_bet": 2 * small,
        "max_raises": [None, 3, 4][int(rng.integers(3))],
        "open_pair_big_bet": bool(rng.integers(2)),
        "half_bet_rule": bool(rng.integers(4)),  # mostly on
        "odd_chip_rule": ["position", "high_card_by_suit"][int(rng.integers(2))],
    }
    stacks = [int(rng.integers(1, 12 * small)) for _ in range(players)]
    return config, stacks


def _calatone(rng: np.random.Generator) -> tuple[dict[str, Any], list[int]]:
    players = int(rng.integers(2, 8))
    lowest = 2
    while rng.integers(3) == 0 and 4 * (15 - (lowest + 1)) >= 7 * players:
        lowest += 1
    low = int(rng.integers(1, 4))
    config: dict[str, Any] = {
        "players": players,
        "ante": int(rng.integers(0, 3)),
        "min_bet": low,
        "max_bet": low + int(rng.integers(0, 10)),
        "max_raises_per_round": [None, 1, 3][int(rng.integers(3))],
        "all_pass_ends_hand": bool(rng.integers(2)),
        "lowest_rank": lowest,
    }
    if REVISION >= 3:
        config["max_bet_scope"] = ["raise", "round"][int(rng.integers(2))]
    stacks = [int(rng.integers(1, 40)) for _ in range(players)]
    return config, stacks


def _siete(rng: np.random.Generator) -> tuple[dict[str, Any], list[int]]:
    players = int(rng.integers(2, 9))
    modality = int(rng.integers(1, 4))
    config: dict[str, Any] = {
        "players": players,
        "modality": modality,
        "bank_passes": ["privileged", "every_hand"][int(rng.integers(2))],
        "reveal_seven_and_half": bool(rng.integers(2)),
    }
    if modality == 3:
        low = int(rng.integers(1, 4))
        config.update(minimum=low, maximum=low + int(rng.integers(0, 4)))
    if REVISION >= 3:
        config["bust_pays_double"] = bool(rng.integers(2))
    return config, [0] * players


MAKERS = {"seven-card-stud": _stud, "calatone": _calatone, "siete-y-medio": _siete}


def corpus(hands_per_game: int = 150, seed: int = 20261201) -> list[dict[str, Any]]:
    """The histories: ``hands_per_game`` random hands of each game."""
    rng = np.random.default_rng(seed)
    out = []
    for name, make in MAKERS.items():
        for _ in range(hands_per_game):
            config, stacks = make(rng)
            game = games.get(name, **config)
            agents: list[Any] = [
                play.RandomAgent(seed=int(rng.integers(2**31))) for _ in range(game.players)
            ]
            if name == "siete-y-medio" and rng.integers(2):
                agents = [play.ThresholdAgent() for _ in range(game.players)]
            hand = play.play_hand(
                game,
                agents,
                seed=int(rng.integers(2**31)),
                stacks=stacks,
                button=int(rng.integers(game.players)),
            )
            out.append(hand.to_dict())
    return out


class _Greedy:
    """Random, but draws (7½) or stays in (stud) whenever it may: the hands that run the stock
    out, which plain random play almost never does."""

    def __init__(self, seed: int) -> None:
        self.rng = np.random.default_rng(seed)

    def act(self, view: Any) -> Any:
        legal = list(view.legal_actions)
        keep = [a for a in legal if a.kind in ("draw", "open_calle")] or [
            a for a in legal if a.kind not in ("fold", "muck")] or legal
        return keep[int(self.rng.integers(len(keep)))].choose(self.rng)


def reshuffles(hands_per_game: int = 10, seed: int = 20261203) -> list[dict[str, Any]]:
    """``hands_per_game`` hands of stud and of 7½ in which the stock runs out and is
    reshuffled: stud at eight seats staying in to the river (§2.5), 7½ at eight seats dealt
    from a short deck (M-16)."""
    from cartes.deck import Deck

    rng = np.random.default_rng(seed)
    out: list[dict[str, Any]] = []
    for name in ("seven-card-stud", "siete-y-medio"):
        found = 0
        while found < hands_per_game:
            game = games.get(name, players=8)
            agents = [_Greedy(int(rng.integers(2**31))) for _ in range(8)]
            start: dict[str, Any] = {"button": int(rng.integers(8))}
            if name == "siete-y-medio":
                full = game.start(seed=int(rng.integers(2**31))).to_dict()["deck"]
                start["deck"] = Deck.stacked(full[: int(rng.integers(18, 26))], SpanishCard)
                start["reshuffle_seed"] = int(rng.integers(2**31))
            else:
                start["stacks"] = [200] * 8
            hand = play.play_hand(game, agents, seed=int(rng.integers(2**31)), **start)
            if any(e.kind in ("reshuffle", "restock") for e in hand.history):
                out.append(hand.to_dict())
                found += 1
    return out


if __name__ == "__main__":
    numbers = [arg for arg in sys.argv[2:] if arg.isdigit()]
    seed = int(numbers[0]) if numbers else 20261201
    with open(sys.argv[1], "w", encoding="utf-8") as file:
        extra = reshuffles() if "--reshuffles" in sys.argv else []
        for history in corpus(seed=seed) + extra:
            file.write(json.dumps(history, separators=(",", ":")) + "\n")
