"""Rules-audit additions: cases the first test pass did not drive (see RULES_COVERAGE.md)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console

from solotable.cli.session import PlaySession
from solotable.core.errors import IllegalActionError
from solotable.core.players import CHANCE
from solotable.core.scorebook import ScoreBook
from tests.games.dice_miner.helpers import bottom, game, legal_texts, play, position, takes


def test_a_magic_die_taken_from_the_mountain_can_be_spent_at_once() -> None:
    """Seed JEU: the three actions come in any order, so a Magic die just taken may be spent."""
    s = position(game(), {"a1": "tunnel n3", "a2": "tunnel n4", "b1": "magic beer"})
    play(s, "take b1 as magic2")
    assert "spend magic2" in legal_texts(s)
    play(s, "spend magic2")
    assert s.observation(0)["recycles_left"] == 2
    play(s, "recycle a1", "recycle a2")
    pos = s.position()
    assert pos["removed"] == 1 and pos["collection"] == {}
    assert pos["bag"]["tunnel"] == 27


def test_refill_never_rerolls_the_collection() -> None:
    """Seed Remplissage: collection dice keep their faces when the mountain is refilled."""
    coll = {"treasure gem1": 1, "tunnel n1": 1, "tool chest2": 1, "magic magic1": 1}
    s = position(game(), {"a1": "tunnel n2"}, coll)
    before = s.position()["collection"]
    play(s, "refill")
    while s.current_player() == CHANCE:
        s.apply_action(s.sample_chance())
    assert s.position()["collection"] == before == coll
    assert s.position()["mountain"][0] == "tunnel n2"


def test_a_full_run_takes_no_more_numbers() -> None:
    """Seed Dés Tunnel: a run holds each number once, so after 1-5 a 2 needs a new 1."""
    full = {f"tunnel n{n}": 1 for n in range(1, 6)}
    s = position(game(), bottom("tunnel n2", "tunnel n1"), full)
    assert takes(s) == {"take a2"}
    with pytest.raises(IllegalActionError, match="ends at 1"):
        play(s, "take a1")
    play(s, "take a2", "take a1")
    assert s.observation(0)["open_runs"] == {"2": 1, "5": 1}
    assert s.score() == 5


def test_two_full_runs_score_five_each() -> None:
    """Seed score table: 5 points for every run that reaches 5."""
    two = {f"tunnel n{n}": 2 for n in range(1, 6)}
    s = position(game(), {}, two)
    assert s.observation(0)["full_runs"] == 2
    assert s.score_parts()["tunnels"] == 10


def test_a_chest_neutralises_no_danger() -> None:
    """Seed Neutraliser les Dangers: only shields (dragons) and pickaxes (cave-ins) neutralise."""
    s = position(game(), bottom("hazard dragon2", "hazard cavein1"), {"tool chest2": 1})
    assert takes(s) == set()


def test_a_beer_tool_die_taken_as_a_shield_neutralises_a_dragon() -> None:
    """Seed Bière + Neutraliser: the face picked for a beer Tool die is the one that counts."""
    s = position(game(), bottom("tool beer", "hazard dragon3"))
    assert takes(s) == {
        "take a1 as pickaxe1",
        "take a1 as shield1",
        "take a1 as chest1",
        "take a1 as chest2",
    }
    play(s, "take a1 as shield1", "take a2")
    assert s.score_parts()["dangers"] == 3


def test_chests_of_several_tool_dice_add_up() -> None:
    """Seed Cacher les Gemmes: each chest symbol on the collection's Tool dice hides one die."""
    s = position(
        game(),
        bottom("treasure gem1", "treasure gem2", "treasure gem3", "treasure gem1"),
        {"tool chest1": 1, "tool chest2": 1},
    )
    play(s, "take a1 hide", "take a2 hide", "take a3 hide")
    assert "take a4 hide" not in legal_texts(s)
    play(s, "take a4")
    assert s.score_parts()["hidden_treasure"] == 12
    assert s.score_parts()["treasure"] == 1


def test_a_spent_magic_die_never_returns() -> None:
    """Seed JEU: a spent Magic die leaves the game: refills cannot bring it back."""
    g = game(magic_dice=1)
    s = position(g, {"a1": "tunnel n3"}, {"magic magic1": 1}, refills_left=1)
    play(s, "spend magic1", "recycle a1", "refill")
    while s.current_player() == CHANCE:
        s.apply_action(s.sample_chance())
    pos = s.position()
    on_mountain = sum(1 for d in pos["mountain"] if d and d.startswith("magic"))
    # 6 Magic dice: 1 removed, so at most 5 can ever be in the bag or on the mountain.
    assert pos["removed"] == 1
    assert pos["bag"]["magic"] + on_mountain == 5


def scripted(lines: list[str]) -> Callable[[str], str]:
    it = iter(lines)

    def read(prompt: str) -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return read


def run_session(book: ScoreBook, moves: list[str]) -> str:
    console = Console(record=True, width=100, color_system=None)
    session = PlaySession(
        game(), 4, console, scripted(moves), human_seats={0}, opponents={}, scorebook=book
    )
    final = session.run()
    assert final.is_terminal()
    return console.export_text()


def test_end_screen_of_a_played_game_keeps_the_best_score_across_restarts(
    tmp_path: Path,
) -> None:
    """Issue 4: the end screen shows result, cause, breakdown and the best score so far."""
    path = tmp_path / "best.json"
    # A starting die may roll beer: 'face magic1' answers it, or is refused harmlessly.
    first = run_session(ScoreBook(path), ["face magic1", "stop"])
    assert "Game over" in first and "the player stopped" in first
    assert "Total:" in first and "Rating:" in first
    assert "first score recorded for these settings: 0" in first
    second = run_session(ScoreBook(path), ["face magic1", "stop"])
    assert "best score for these settings: 0" in second
    path.write_text("[1, 2", "utf-8")
    third = run_session(ScoreBook(path), ["face magic1", "stop"])
    assert "corrupt" in third and "first score recorded" in third
    assert ScoreBook(path).best(game().best_score_key()) == 0
