"""End of the game: out-of-reach win, resignation and the end screens
(seed: Objectif, Précisions)."""

from __future__ import annotations

import pytest
from rich.console import Console

from .helpers import (
    edit,
    empty_deck,
    game,
    play,
    set_pos,
    start,
)


def test_game_ends_as_a_loss_when_winning_is_impossible():
    """Empty deck: the game goes on only while saving the goal is still possible."""
    s = start(corp=None)
    s = edit(s, empty_deck)
    play(s, "corp:oil", "oil:o3")
    assert s.is_terminal() and s.returns() == [0.0]
    assert s.stats()["cause"] == "impossible"
    assert "impossible" in s.outcome()


@pytest.mark.parametrize(
    ("divers", "over"),
    [(("endurance", "captain", "explorer"), False), (("captain", "explorer", "swimmer"), True)],
)
def test_impossibility_counts_free_specialist_moves(divers, over):
    """Impossibility bound: an unused Endurance Specialist can still supply a missing step."""
    s = start(game(save_goal=1), divers=divers, corp=None)
    s = edit(s, empty_deck)
    play(s, "corp:oil", "oil:o3")
    assert s.is_terminal() is over


def test_end_screen_explains_an_impossible_win_with_numbers():
    """Précisions (empty deck) + issue: the loss when winning became impossible says why."""
    for first, more in (("captain", 0), ("endurance", 1)):
        s = start(divers=(first, "explorer", "swimmer"), corp=None)
        s = edit(s, empty_deck)
        play(s, "corp:oil", "oil:o3")
        # Crab, eel, octopus, turtle: 1 card each for 2 steps; oyster: none for 3 steps;
        # an unused Endurance Specialist mends one one-step gap.
        assert s.is_terminal()
        res = s.observation(0)["result"]
        assert res["cause"] == "impossible"
        assert f"7 more needed, but at most {more} more can still reach SAVED" in res["text"]
        text = _plain(s.game.render(s.observation(0)))
        assert "DEFEAT" in text and "saved 0 / eliminated 0 / hotels 0" in text


def test_max_more_saves_counts_cards_outside_the_discard_and_free_moves():
    """Impossibility bound (assumption impossible_win): one free Diver move mends one gap."""
    s = start(game(save_goal=2), divers=("endurance", "diving", "explorer"), corp=None)
    s = edit(s, empty_deck)
    # Five hand species with 1 card each, 2 steps each: none can be saved by cards alone;
    # two free moves (Endurance + Diving) close two gaps of one step.
    assert s.max_more_saves() == 2
    play(s, "corp:hotels-red-blue", "endurance:crab")
    assert s.max_more_saves() == 2  # crab is now green: its one card suffices
    assert not s.is_terminal()


def test_resign_ends_the_game_as_a_loss():
    """The player may resign (offered in the Divers phase)."""
    s = start()
    play(s, "resign")
    assert s.is_terminal() and s.returns() == [0.0] and s.stats()["cause"] == "resigned"
    assert s.observation(0)["result"]["result"] == "loss"


def test_end_screens_for_hotels_eliminated_and_win():
    """End screen: the result, its cause and the saved / eliminated / hotels counts."""
    s = start(corp="hotels-red-blue")
    play(s, "explore", "corp:hotels-green-purple", "explore", "corp:hotels-orange-yellow")
    text = _plain(game().render(s.observation(0)))
    assert "DEFEAT" in text and "all 6 Islands became Hotels" in text
    assert "saved 0 / eliminated 0 / hotels 6" in text
    s = start(corp=None)
    s = edit(
        s,
        lambda d: (
            [set_pos(d, x, -2) for x in ("nudibranch", "hammerhead", "porcupinefish", "manta")],
            set_pos(d, "crab", -1),
        ),
    )
    play(s, "corp:oil", "oil:l1")
    text = _plain(game().render(s.observation(0)))
    assert "DEFEAT" in text and "Lost: 5 species eliminated" in text
    assert "saved 0 / eliminated 5 / hotels 0" in text
    s = start(game(save_goal=1))
    s = edit(s, lambda d: set_pos(d, "oyster", 1))
    play(s, "id:o3")
    text = _plain(game().render(s.observation(0)))
    assert "VICTORY" in text and "Won: 1 species saved" in text
    assert "saved 1 / eliminated 0 / hotels 2" in text


def _plain(markup: str) -> str:
    console = Console(width=110, record=True, color_system=None)
    console.print(markup)
    return console.export_text()
