"""Error paths, data file validation, assumptions, rules text and the rendered table."""

from __future__ import annotations

import copy
import json
from importlib import resources

import pytest
from rich.console import Console

from solotable.core import DataFileError, IllegalActionError, NotationError
from solotable.games.mini_divercity.game import load_tables
from solotable.games.mini_divercity.tables import parse_tables

from .helpers import game, play, start

DOC = json.loads(
    resources.files("solotable.games.mini_divercity")
    .joinpath("data", "mini_divercity.json")
    .read_text("utf-8")
)


def test_illegal_action_gives_a_reason_and_leaves_the_state_untouched():
    """Errors: an illegal move is refused with its reason; nothing changes."""
    s = start(corp="oil")
    before = s.to_dict()
    with pytest.raises(IllegalActionError, match="Oil Platform"):
        s.apply_action(s.string_to_action("explore"))
    with pytest.raises(IllegalActionError, match="outside"):
        s.apply_action(10_000)
    with pytest.raises(IllegalActionError, match="chance"):
        play(s, "oil:o1")
        s.apply_action(s.string_to_action("explore"))
    s2 = start(corp="oil")
    with pytest.raises(IllegalActionError):
        s2.parse_move("id:o1")
    assert s2.to_dict() == before


def test_illegal_reasons_in_the_divers_phase():
    """Errors: empty slot, colour that is not a Hotel."""
    s = start()
    with pytest.raises(IllegalActionError, match="Island side"):
        s.parse_move("close:yellow:o1")


def test_bad_notation_is_explained():
    """Errors: malformed text raises NotationError with the accepted forms."""
    s = start()
    for text in ("fly", "oil:o9", "close:red", "", "id:"):
        with pytest.raises(NotationError, match="forms"):
            s.string_to_action(text)
    assert s.string_to_action("  ID:O1 ") == s.string_to_action("id:o1")


def test_bad_data_files_are_rejected_precisely():
    """Data: a malformed data file fails at load with the faulty entry named."""
    with pytest.raises(DataFileError, match="line 1"):
        load_tables("{oops", "x.json")
    cases = [
        (lambda d: d.pop("colours"), "missing key 'colours'"),
        (lambda d: d["species"].pop(), "12 species"),
        (lambda d: d["divers"].pop(), "'divers' must be exactly"),
        (lambda d: d["corporation_cards"][2].update(events=["hotels:red:pink"]), "bad hotels"),
        (lambda d: d["corporation_cards"][0].update(events=["flood"]), "unknown event"),
        (lambda d: d["corporation_cards"][0].update(copies=0), "copies"),
        (lambda d: d["assumptions"][0].pop("source"), "assumptions\\[0\\].source"),
        (lambda d: d.update(copies_per_species="five"), "copies_per_species"),
    ]
    for change, message in cases:
        doc = copy.deepcopy(DOC)
        change(doc)
        with pytest.raises(DataFileError, match=message):
            parse_tables(doc, "x.json")
    assert parse_tables(copy.deepcopy(DOC)).total_corp_cards == 27


def test_every_assumption_is_listed_with_provenance():
    """Assumptions: the data file's entries are listed by game.assumptions()."""
    found = {a.key: a for a in game().assumptions()}
    for key in (
        "corporation_deck",
        "hotel_colour_pairs",
        "endurance_and_diving_specialists",
        "double_card_order",
        "corporation_reshuffle",
        "impossible_win",
    ):
        assert found[key].source and found[key].confidence
    assert "mini_divercity.json" in game().rules_text()


def _plain(markup: str) -> str:
    console = Console(width=110, record=True, color_system=None)
    console.print(markup)
    return console.export_text()


def test_render_table_hand_and_latest_event():
    """Play screen: scale, islands, hand with ?? for face-down Ocean cards, decks, the event."""
    s = start()
    text = _plain(game().render(s.observation(0)))
    assert "Lagoon" in text and "Ocean" in text and "??" in text and "Crab" in text
    assert "Species deck 55" in text and "Corporation deck 26" in text
    assert "red and blue Islands become Hotels" in text
    assert "Captain (ready)" in text
    assert max(len(line) for line in text.splitlines()) <= 100


def test_render_end_screen_result_cause_and_counts():
    """End screen: result, its cause, saved / eliminated / hotels."""
    s = start()
    play(s, "resign")
    text = _plain(game().render(s.observation(0)))
    assert "DEFEAT" in text and "resigned" in text
    assert "saved 0 / eliminated 0 / hotels 2" in text


def test_describe_action_names_the_visible_card_only():
    """Moves in words: a face-up card is named, a face-down one is not."""
    s = start()
    words = dict(s.legal_moves_text())
    assert "Crab" in words["id:l1"] and "face down" in words["id:o1"]
    assert "Octopus" not in words["id:o1"]


def test_every_action_has_a_unique_round_tripping_notation():
    """Notation: each of the fixed action ids has its own text, read back exactly."""
    s = start()
    n = game().num_distinct_actions()
    names = [s.action_to_string(a) for a in range(n)]
    assert len(set(names)) == n
    assert all(s.string_to_action(t) == a for a, t in enumerate(names))
