"""Instructions counted by callgrind (valgrind) for random play and MCCFR through the OpenSpiel
adapter: a measure the shared machine's noise does not move, for comparing two versions of
the code (issue 20). Each figure is one process's count over its measured part only (imports,
compilation and warm-up are left out with callgrind's instrumentation switched on and off).

    python benchmarks/count_openspiel.py                  # this checkout
    python benchmarks/count_openspiel.py --src /old/src   # another checkout's src, same loop

It prints, per game, the instructions for 100 random 3-handed hands through the adapter and
on cartes' own states (the loops of ``bench_openspiel.py``, the same seeds), then for 100
iterations of outcome-sampling MCCFR on heads-up stud with OpenSpiel's C++ and Python
solvers. Needs ``valgrind`` (``callgrind_control`` with it) and the ``open-spiel`` extra; a
run takes a few minutes (valgrind runs Python some fifty times slower).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RUNS = [(game, mode) for game in ("seven-card-stud", "calatone", "siete-y-medio")
        for mode in ("adapter", "state")] + [
    ("seven-card-stud", "mccfr-cpp"), ("seven-card-stud", "mccfr-python")]


def _instrument(on: bool) -> None:
    subprocess.run(["callgrind_control", "-i", "on" if on else "off", str(os.getpid())],
                   capture_output=True, check=False)


def inner(src: str, game_name: str, mode: str, count: int) -> None:
    """The measured part, run under callgrind with instrumentation off at the start."""
    sys.path.insert(0, src)
    sys.path.insert(0, str(HERE))
    import bench_openspiel as bench
    from cartes.adapters.openspiel import OpenSpielGame
    from cartes.games import SevenCardStud

    game = bench.GAMES[game_name]
    spiel = OpenSpielGame(game)
    heads_up = OpenSpielGame(SevenCardStud(players=2))
    bench.spiel_hands(spiel, 3, seed=99)  # warm: every code path imported and compiled
    bench.state_hands(game, 3, seed=99)
    bench.mccfr_cpp(heads_up, 3, seed=99)
    bench.mccfr(heads_up, 3, seed=99)
    _instrument(True)
    if mode == "adapter":
        bench.spiel_hands(spiel, count)
    elif mode == "state":
        bench.state_hands(game, count)
    elif mode == "mccfr-cpp":
        bench.mccfr_cpp(heads_up, count)
    else:
        bench.mccfr(heads_up, count)
    _instrument(False)


def measure(src: str, game_name: str, mode: str, count: int) -> int:
    """The instructions of one measured run, in a process of its own under callgrind."""
    command = ["valgrind", "--tool=callgrind", "--instr-atstart=no",
               "--callgrind-out-file=/dev/null", sys.executable, __file__, "--inner",
               "--src", src, game_name, mode, str(count)]
    env = dict(os.environ, PYTHONHASHSEED="0")
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise RuntimeError(f"callgrind printed no count:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--src", default=str(HERE.parent / "src"),
                        help="the src folder of the cartes to measure (this checkout's)")
    parser.add_argument("--count", type=int, default=100, help="hands or iterations a run")
    parser.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("rest", nargs="*", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inner:
        game_name, mode, count = args.rest
        inner(args.src, game_name, mode, int(count))
        return
    if shutil.which("valgrind") is None or shutil.which("callgrind_control") is None:
        sys.exit("count_openspiel.py needs valgrind (callgrind) on the PATH")
    for game_name, mode in RUNS:
        what = game_name if mode in ("adapter", "state") else "heads-up stud"
        print(f"{what:16} {mode:13} {measure(args.src, game_name, mode, args.count):>14,}",
              flush=True)


if __name__ == "__main__":
    main()
