"""Analysis at scale: equity, hand ranges, calatone's first choice and odds, siete y medio odds
and optimal play, executors.

>>> from cartes.analysis import equity
>>> round(equity(["As Ah", "Kd Kc"], board="Qs Jd 2c 3h").equity[0], 4)
0.9545
"""

from cartes.analysis.calatone import (
    ExposeChoice,
    FirstChoice,
    StreetOdds,
    category_chances,
    first_choice,
    five_figures_chances,
    odds_by_street,
    street_odds,
)
from cartes.analysis.equity import (
    Equity,
    equity,
    hand_equities,
    observation_equity,
    seven_card_equity,
)
from cartes.analysis.executors import (
    SerialExecutor,
    category_counts,
    evaluate_dask,
    seed_sequence,
)
from cartes.analysis.ranges import HandRange
from cartes.analysis.sieteymedio import (
    PolicyAgent,
    bank_draws_below,
    best_bank_response,
    best_punter_policy,
    expected_value,
    next_card_odds,
    punter_draws_below,
)

__all__ = [
    "Equity",
    "ExposeChoice",
    "FirstChoice",
    "HandRange",
    "PolicyAgent",
    "SerialExecutor",
    "StreetOdds",
    "bank_draws_below",
    "best_bank_response",
    "best_punter_policy",
    "category_chances",
    "category_counts",
    "equity",
    "evaluate_dask",
    "expected_value",
    "first_choice",
    "five_figures_chances",
    "hand_equities",
    "next_card_odds",
    "observation_equity",
    "odds_by_street",
    "punter_draws_below",
    "seed_sequence",
    "seven_card_equity",
    "street_odds",
]
