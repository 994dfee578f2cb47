"""Components, who starts, options and the data file (seed: Préparation; spec §1, §10)."""

from __future__ import annotations

import pytest

from solotable import load_game
from solotable.core.errors import (
    DataFileError,
    OptionError,
)
from solotable.games.divercite.game import load_assumptions


def test_game_facts_two_players_white_is_player_zero():
    game = load_game("divercite")
    assert game.num_players() == 2
    assert game.info.perfect_information and not game.info.has_chance
    state = game.new_initial_state(0)
    assert state.current_player() == 0  # White starts by default (spec §10.1)
    obs = state.observation(0)
    assert obs["supply"][0]["cities"] == {"red": 2, "green": 2, "blue": 2, "yellow": 2}
    assert obs["supply"][1]["resources"] == {"red": 3, "green": 3, "blue": 3, "yellow": 3}


def test_option_first_player_black():
    game = load_game("divercite", first_player="black")
    state = game.new_initial_state(0)
    assert state.current_player() == 1
    state.apply_action(state.parse_move("CR D6"))
    assert state.observation(1)["board"]["D6"]["owner"] == 1
    assert state.current_player() == 0


def test_unknown_option_and_bad_values_name_the_choices():
    with pytest.raises(
        OptionError, match=r"valid options: clock \(.*\), first_player \(.*\), move_clock"
    ):
        load_game("divercite", starter="white")
    with pytest.raises(OptionError, match="'white', 'black'"):
        load_game("divercite", first_player="red")
    with pytest.raises(OptionError, match="clock"):
        load_game("divercite", clock=-1)
    with pytest.raises(OptionError, match="tiebreak"):
        load_game("divercite", tiebreak="coin")
    assert load_game("divercite", preset="course").options["clock"] == 900.0
    assert load_game("divercite", clock="60").clock_seconds() == 60.0
    assert load_game("divercite").clock_seconds() is None


def test_data_file_has_every_assumption_with_provenance():
    game = load_game("divercite")
    items = game.assumptions()
    keys = {a.key for a in items}
    assert {"first_player", "ties", "neutral_first.turn_order", "coordinates"} <= keys
    first = next(a for a in items if a.key == "first_player")
    assert first.value == game.options["first_player"]  # the option default is the assumption
    assert all(a.source and a.confidence in ("high", "medium", "low") for a in items)


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ([], "expected an object"),
        ({"assumptions": "x"}, "must be a list"),
        ({"assumptions": [{"key": "ties"}]}, r"assumptions\[0\].value"),
        (
            {"assumptions": [{"key": "ties", "value": "v", "source": "s", "confidence": "high"}]},
            "missing assumption",
        ),
    ],
)
def test_bad_data_file_is_reported_precisely(doc, message):
    with pytest.raises(DataFileError, match=message):
        load_assumptions(doc, "divercite.json")


def test_bad_confidence_in_data_file():
    game = load_game("divercite")
    doc = game.load_data("divercite.json")
    doc["assumptions"][0]["confidence"] = "sure"
    with pytest.raises(DataFileError, match="confidence must be"):
        load_assumptions(doc, "divercite.json")
