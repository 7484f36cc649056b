"""Write an agent of your own and measure it against the built-in ones.

An agent is any object with ``act(view) -> Action``; ``view.legal_actions`` lists what it may
do, and ``view.observation()`` tells it what its seat can see (never another seat's hidden
cards).

    python examples/my_agent.py [HANDS]
"""

import sys

from cartes import games
from cartes.games import Action, Call, Check, Fold, Show
from cartes.play import RandomAgent, SeatView, SimpleAgent, simulate


class PairOrFold:
    """Plays on with a pair or better among its own cards; otherwise checks or folds."""

    def act(self, view: SeatView) -> Action:
        legal = view.legal_actions
        if Show() in legal:
            return Show()
        obs = view.observation()
        mine = [card.rank for card in obs.cards[view.seat] if card is not None]
        paired = len(set(mine)) < len(mine)
        for choice in ([Call(), Check()] if paired else [Check(), Fold()]):
            if choice in legal:
                return choice
        return legal[0].choose()  # a range offer as one amount: its least


def main(hands: int = 2000) -> None:
    game = games.get("seven-card-stud", players=3)
    agents = [PairOrFold(), SimpleAgent(), RandomAgent(seed=1)]
    results = simulate(game, agents, hands, seed=5)
    for seat, (agent, total) in enumerate(zip(agents, results.sum(axis=0), strict=True)):
        name = type(agent).__name__
        print(f"seat {seat} {name:<12} {int(total):+7d} chips, {total / hands:+.3f} a hand")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
