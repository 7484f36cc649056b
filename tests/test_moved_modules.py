"""The modules that moved when each game became a package (issue 19) stay importable for a
release: importing one warns with a DeprecationWarning naming the new path, and every name it
had is the very object of its new home."""

from __future__ import annotations

import importlib
import sys
import warnings

import pytest

import cartes.games
from cartes.games._moved import MOVED

#: Every public name each old module had at the last commit before the move (d52f6e4), by
#: its definitions and ``__all__``.
OLD_NAMES = {
    "core": "Action Bet BringIn Call Check Complete DECK_KINDS Event Fold Game Muck Observation "
            "RULES_REVISION Raise Show State action_from_dict checked_amounts deck_kind "
            "default_action quick_init",
    "betting": "BettingRound Chips FixedLimit MaxBetScope Pot RaiseCap SpreadLimit Structure "
               "max_bet_scope pots split",
    "events": "Acted AllPassed AntePosted CardBurned CardDealt Conceded Declared ExposeChosen "
              "ExposuresRevealed HandEnded HandStarted Mucked PotAwarded Reshuffled RoundStarted "
              "Shown UncalledReturned",
    "phh": "from_phh to_phh",
    "stud_encoding": "StudEncoding",
    "calatone_actions": "Concede Declare Expose expose_offer",
    "calatone_hands": "best_declaration dealt_exposed_value dealt_hand_value describe "
                      "exposed_value hand_value partial_value",
    "calatone_encoding": "CalatoneEncoding",
    "siete_y_medio_actions": "Annul Decline Draw Exchange Keep Muerta OpenCalle Play SitOut Stand "
                             "Vote",
    "siete_y_medio_events": "Annulled BankHandStarted BankTaken Busted CalleOpened Dealt Declined "
                            "Exchanged HandValid MuertaPlayed NoVoterChose Revealed Settled "
                            "Staked StakesAgreed StockReshuffled Stood Turned Voted",
    "siete_y_medio_legal": "HandView offers playable why_not",
    "siete_y_medio_rules": "MODALITY_LIMITS Outcome SieteRules TARGET settle_hand total",
    "siete_y_medio_state": "SieteState",
    "siete_encoding": "MAX_CALLES SieteEncoding",
}


#: 7½'s events of history format 1 that became the events every game shares, by new name.
RENAMED_EVENTS = {"BankHandStarted": "HandStarted", "Dealt": "CardDealt", "Revealed": "Shown",
                  "StockReshuffled": "Reshuffled"}


@pytest.mark.parametrize("old", sorted(RENAMED_EVENTS))
def test_a_renamed_7_half_event_warns_where_it_is_used_and_is_the_shared_class(old):
    import cartes.games.chips
    import cartes.games.dealing
    import cartes.games.siete_y_medio.events as events

    new = RENAMED_EVENTS[old]
    shared = getattr(cartes.games.dealing, new, None) or getattr(cartes.games.chips, new)
    with pytest.warns(DeprecationWarning, match=rf"events\.{old} is deprecated: use "
                      rf"cartes\.games\.(dealing|chips)\.{new}") as caught:
        value = getattr(events, old)
    assert value is shared
    assert caught[0].filename == __file__
    with pytest.warns(DeprecationWarning, match=old):
        exec(f"from cartes.games.siete_y_medio.events import {old}", {})
    assert old not in events.__all__
    with pytest.raises(AttributeError, match="no attribute 'Nonesuch'"):
        events.Nonesuch  # noqa: B018


def test_every_moved_module_is_listed():
    assert set(MOVED) == {f"cartes.games.{old}" for old in OLD_NAMES}


def fresh_import(name: str):
    """Import ``name`` anew (a test before may have imported it), recording its warnings."""
    sys.modules.pop(name, None)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        module = importlib.import_module(name)
    return module, [w for w in caught if issubclass(w.category, DeprecationWarning)]


@pytest.mark.parametrize("old", sorted(OLD_NAMES))
def test_an_old_module_warns_naming_its_new_path_and_gives_the_same_objects(old):
    name = f"cartes.games.{old}"
    module, caught = fresh_import(name)
    assert len(caught) == 1
    message = str(caught[0].message)
    assert message.startswith(f"{name} is deprecated: import from ")
    assert caught[0].filename == __file__  # the warning names the importer, not cartes
    for new in MOVED[name]:
        assert new in message
    homes = [importlib.import_module(new) for new in MOVED[name]]
    for attr in OLD_NAMES[old].split():
        value = getattr(module, attr)
        new = RENAMED_EVENTS.get(attr, attr)
        assert any(getattr(home, new, None) is value for home in homes), attr
    assert sorted(module.__all__) == sorted(OLD_NAMES[old].split())


def test_an_old_module_imported_as_an_attribute_warns_too():
    sys.modules.pop("cartes.games.betting", None)
    if hasattr(cartes.games, "betting"):
        delattr(cartes.games, "betting")
    with pytest.warns(DeprecationWarning, match=r"cartes\.games\.poker\.betting"):
        from cartes.games import betting
    assert betting.BettingRound is cartes.games.poker.betting.BettingRound


def test_the_poker_encoding_moved_out_of_the_generic_module():
    from cartes.games import encoding
    from cartes.games.poker.encoding import PokerEncoding

    with pytest.warns(DeprecationWarning, match="cartes.games.poker.encoding"):
        assert encoding.PokerEncoding is PokerEncoding
    with pytest.raises(AttributeError, match="no attribute 'Nothing'"):
        encoding.Nothing  # noqa: B018


def test_the_game_packages_keep_their_public_names():
    """``cartes.games.stud``, ``.calatone`` and ``.siete_y_medio`` were modules; as packages
    they give the same names (and no warning), and ``cartes.games.poker`` its ``PokerState``."""
    wanted = {
        "cartes.games.stud": "SevenCardStud StudState",
        "cartes.games.calatone": "Calatone CalatoneState Concede Declare Expose "
                                 "best_declaration",
        "cartes.games.siete_y_medio": "TARGET FirstBank SieteState SieteYMedio draw_first_bank "
                                      "total",
        "cartes.games.poker": "PokerState",
    }
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for package, names in wanted.items():
            module = importlib.import_module(package)
            for name in names.split():
                assert name in module.__all__, (package, name)
                assert getattr(module, name) is not None
