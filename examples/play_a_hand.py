"""Play one hand of seven-card stud between agents, print it, save it, and replay it.

    python examples/play_a_hand.py [SEED] [FILE.json]
"""

import sys
from pathlib import Path

from cartes import games
from cartes.display import text_view
from cartes.play import CallingStation, RandomAgent, SimpleAgent, play_hand


def main(seed: int = 7, save: Path | None = None) -> None:
    game = games.get("seven-card-stud", players=3)
    state = play_hand(game, [SimpleAgent(), CallingStation(), RandomAgent(seed)], seed=seed)
    print(state.text_log())
    print()
    print(text_view(state))
    if save is not None:
        save.write_text(state.to_json())
        again = games.replay(save.read_text())
        print(f"saved to {save}; the replay is the same hand: {again == state}")


if __name__ == "__main__":
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    main(seed, Path(sys.argv[2]) if len(sys.argv) > 2 else None)
