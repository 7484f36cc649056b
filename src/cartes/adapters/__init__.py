"""Adapters to the frameworks programs already use, each an optional extra, imported only
when used (``import cartes`` imports none of them):

- :mod:`cartes.adapters.openspiel`: the games as OpenSpiel Python games
  (``pip install -e '.[open-spiel]'``);
- :mod:`cartes.adapters.pettingzoo`: the games as PettingZoo AEC environments
  (``pip install -e '.[pettingzoo]'``).

Both play by the game's :mod:`~cartes.games.encoding`.
"""
