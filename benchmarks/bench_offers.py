"""What remembering the action numbering per tuple of offers saves (issue 20), as ratios
within one run: ``legal_ids`` per decision, and the OpenSpiel adapter's random playthroughs in
decisions per second, with the numbering remembered (now) and computed afresh at every call
(as before: the encoding's ``_number_offers``, the body ``legal_ids`` had, set on the same
encoding instance), alternating, the median of several rounds in process CPU time (the
machine is shared and noisy: read the ratios, not the times). Each remembered round starts
with an empty memo, so its misses are counted too.

Run with ``python benchmarks/bench_offers.py`` (``--rounds N``, ``--hands N``), or
``pytest benchmarks/bench_offers.py`` (pytest-benchmark).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import statistics
import time
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest

from cartes.games import Calatone, SevenCardStud, SieteYMedio
from cartes.games.calatone import Declare, Expose
from cartes.games.contract import Action, Game, Observation
from cartes.games.encoding import AmountEncoding, encoding

GAMES: dict[str, Game] = {
    "seven-card-stud": SevenCardStud(players=3),
    "calatone": Calatone(players=3),
    "siete-y-medio": SieteYMedio(players=3),
    "siete-y-medio, modality 3 (1-12)": SieteYMedio(players=3, modality=3, minimum=1,
                                                    maximum=12),
}


def afresh(enc: Any) -> Callable[[Observation], dict[int, Action]]:
    """``enc.legal_ids`` as it was before the memo: numbered at every call."""
    if isinstance(enc.game, Calatone):

        def calatone(obs: Observation) -> dict[int, Action]:
            own: dict[int, Action] = {}
            rest: list[Action] = []
            for offer in obs.legal_actions:
                if isinstance(offer, Expose | Declare):
                    own[enc._own_number(offer, obs)] = offer
                else:
                    rest.append(offer)
            legal: dict[int, Action] = enc._number_offers(
                dataclasses.replace(obs, legal_actions=tuple(rest)).legal_actions)
            legal.update(own)
            return legal

        return calatone
    return lambda obs: enc._number_offers(obs.legal_actions)  # type: ignore[no-any-return]


@contextlib.contextmanager
def unremembered(enc: Any) -> Iterator[None]:
    """Within: ``enc`` numbers afresh at every call (set on the instance, so every holder of
    it, the adapter's setup included, does)."""
    enc.legal_ids = afresh(enc)
    try:
        yield
    finally:
        del enc.legal_ids


def observations(game: Game, hands: int, seed: int = 0) -> list[Observation]:
    """The seat to act's observation at every decision of random hands."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(hands):
        state = game.start(rng)
        while not state.is_terminal:
            out.append(state.observation(state.to_act))
            legal = state.legal_actions()
            state.apply(legal[int(rng.integers(len(legal)))].choose(rng))
    return out


def numbering(enc: Any, seen: list[Observation]) -> int:
    legal_ids = enc.legal_ids
    for obs in seen:
        legal_ids(obs)
    return len(seen)


def compare(enc: Any, run: Callable[[], int], rounds: int) -> tuple[float, float, float]:
    """Seconds per item afresh, remembered from an empty memo, and remembered with the memo
    the round before left: medians of ``rounds`` alternating rounds."""
    times: tuple[list[float], list[float], list[float]] = ([], [], [])
    for _ in range(rounds):
        for mode, spent in enumerate(times):
            if mode == 1 and isinstance(enc, AmountEncoding):
                enc._memo.clear()
            with unremembered(enc) if mode == 0 else contextlib.nullcontext():
                start = time.process_time()
                count = run()
                spent.append((time.process_time() - start) / count)
    before, cold, warm = (statistics.median(spent) for spent in times)
    return before, cold, warm


def table(hands: int = 100, rounds: int = 7) -> list[str]:
    lines = []
    for name, game in GAMES.items():
        enc = encoding(game)
        seen = observations(game, hands)
        with unremembered(enc):
            expected = [enc.legal_ids(obs) for obs in seen]
        assert [enc.legal_ids(obs) for obs in seen] == expected
        old, cold, warm = compare(enc, lambda e=enc, s=seen: numbering(e, s), rounds)
        lines.append(f"{name}: legal_ids per decision {old * 1e6:,.1f} us afresh, "
                     f"{cold * 1e6:,.1f} us remembered from empty (old/new x{old / cold:.1f}), "
                     f"{warm * 1e6:,.1f} us warm (x{old / warm:.1f}); {len(seen)} decisions, "
                     f"{len({obs.legal_actions for obs in seen})} offer tuples")
    try:
        from bench_openspiel import spiel_hands
        from cartes.adapters.openspiel import OpenSpielGame
    except (ImportError, pytest.skip.Exception):
        lines.append("(open_spiel is not installed: no adapter figures)")
        return lines
    for name, game in GAMES.items():
        spiel = OpenSpielGame(game)
        enc = spiel.new_initial_state()._h.setup.encoding
        old, cold, warm = compare(enc, lambda g=spiel: spiel_hands(g, hands), rounds)
        lines.append(f"{name}: adapter random play, decisions/s: {1 / old:,.0f} afresh, "
                     f"{1 / cold:,.0f} remembered from empty (old/new time x{old / cold:.2f}), "
                     f"{1 / warm:,.0f} warm (x{old / warm:.2f})")
    return lines


# -- pytest-benchmark -------------------------------------------------------------------------


@pytest.mark.parametrize("remembered", [True, False], ids=["remembered", "afresh"])
@pytest.mark.parametrize("name", list(GAMES), ids=["stud", "calatone", "siete", "siete-3"])
def test_legal_ids(benchmark: Any, name: str, remembered: bool) -> None:
    enc = encoding(GAMES[name])
    seen = observations(GAMES[name], 30)
    if remembered:
        benchmark(numbering, enc, seen)
        return
    with unremembered(enc):
        benchmark(numbering, enc, seen)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    for line in table(args.hands, args.rounds):
        print(line)
