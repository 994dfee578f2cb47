"""Notation, error paths, data file validation and the terminal rendering."""

from __future__ import annotations

import pytest
from rich.console import Console

from solotable import load_game
from solotable.core.errors import DataFileError, IllegalActionError, NotationError, SolotableError
from solotable.core.rng import Rng
from solotable.games.divercite.game import load_assumptions

from .helpers import WORKED_EXAMPLE, play


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("CR D6", "CR D6"),
        ("cr d6", "CR D6"),
        ("crd6", "CR D6"),
        ("  Cr-D6 ", "CR D6"),
        ("R D6", "CR D6"),
        ("city red d6", "CR D6"),
        ("RG C7", "RG C7"),
        ("g c7", "RG C7"),
        ("resource green C7", "RG C7"),
        ("RR@C7", "RR C7"),
        ("N E3", "N E3"),
        ("neutral e3", "N E3"),
        ("ny i1", None),
    ],
)
def test_notation_is_flexible_and_round_trips(text, canonical):
    state = load_game("divercite").new_initial_state(0)
    if canonical is None:
        with pytest.raises(NotationError):
            state.string_to_action(text)
        return
    a = state.string_to_action(text)
    assert state.action_to_string(a) == canonical
    assert state.string_to_action(canonical) == a


def test_every_action_id_round_trips():
    game = load_game("divercite")
    state = game.new_initial_state(0)
    texts = set()
    for a in range(game.num_distinct_actions()):
        t = state.action_to_string(a)
        texts.add(t)
        assert state.string_to_action(t) == a
        assert state.describe_action(a).startswith("place ")
    assert len(texts) == 189


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty move"),
        ("hello", "expected a piece then a square"),
        ("CR J6", "off the board"),
        ("CR D10", "off the board"),
        ("CR D5", "not a square"),
        ("CR C7", "resource square; cities go on"),
        ("RG D6", "city square; resources go on"),
        ("N D6", "city square; the neutral token"),
        ("CX D6", "expected a piece"),
    ],
)
def test_bad_notation_explains_the_problem(text, reason):
    state = load_game("divercite").new_initial_state(0)
    with pytest.raises(NotationError, match=reason):
        state.parse_move(text)


def test_illegal_action_ids_rejected_state_unchanged():
    state = play(["CR D6", "RG C7"])
    before = state.to_dict()
    for bad, reason in ((-1, "action space"), (189, "action space"), (True, "an int")):
        with pytest.raises(IllegalActionError, match=reason):
            state.apply_action(bad)
    with pytest.raises(IllegalActionError, match="already occupied"):
        state.apply_action(state.string_to_action("CR D6"))
    assert state.to_dict() == before


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


def test_sample_state_rejects_inconsistent_observations():
    game = load_game("divercite")
    state = play(["CR D6"])
    obs = state.observation(1)
    obs["scores"] = [3, 0]
    with pytest.raises(SolotableError, match="does not match"):
        game.sample_state(obs, 1, Rng(0))
    with pytest.raises(SolotableError, match="different options"):
        load_game("divercite", first_player="black").sample_state(state.observation(1), 1, Rng(0))
    obs = state.observation(1)
    obs["moves"] = ["CR D6", "CB D6"]
    with pytest.raises(IllegalActionError, match="occupied"):
        game.sample_state(obs, 1, Rng(0))


def _plain(markup: str) -> str:
    console = Console(width=100, record=True, color_system=None)
    console.print(markup)
    return console.export_text()


def test_render_shows_board_supplies_scores_and_coordinates():
    state = play(WORKED_EXAMPLE, neutral_first=True)
    text = _plain(state.game.render(state.observation(0)))
    assert "A   B   C" in text
    assert "W■R" in text and "B■B" in text and "●Y" in text and "◐" in text
    assert "White (you)" in text and "6 pts" in text and "2 pts" in text
    assert "Black to move" in text
    assert max(len(line.rstrip()) for line in text.splitlines()) <= 80


def test_end_screen_shows_result_cause_and_city_breakdown():
    game = load_game("divercite")
    state = game.new_initial_state(0)
    rng = Rng(4)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    text = _plain(game.render(state.observation(1)))
    assert state.outcome() in text.replace("\n", " ") or state.outcome()[:30] in text
    assert "City scores" in text
    assert text.count("→") == 16  # one line per city
    assert ("wins" in text) or ("Shared result" in text)
    assert max(len(line.rstrip()) for line in text.splitlines()) <= 80
