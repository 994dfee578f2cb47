"""The terminal table: the play screen, the end screen and moves in words."""

from __future__ import annotations

from rich.console import Console

from .helpers import game, play, start


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
    assert "Corporations: Hotels (red, blue)" in text
    assert "the red Island becomes a Hotel" in text and "the blue Island becomes a Hotel" in text
    assert "Captain (ready)" in text
    assert max(len(line) for line in text.splitlines()) <= 100


def test_render_end_screen_result_cause_and_counts():
    """End screen: result, its cause, saved / eliminated / hotels."""
    s = start()
    play(s, "resign")
    text = _plain(game().render(s.observation(0)))
    assert "DEFEAT" in text and "resigned" in text
    assert "0 saved, 0 eliminated, and 2 Hotels" in text


def test_describe_action_names_the_visible_card_only():
    """Moves in words: a face-up card is named, a face-down one is not."""
    s = start()
    words = dict(s.legal_moves_text())
    assert "Crab" in words["id:l1"] and "face down" in words["id:o1"]
    assert "Octopus" not in words["id:o1"]
