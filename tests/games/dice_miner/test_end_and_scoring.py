"""End of game and scoring (seed: MARQUER LES POINTS, score tables; spec §5.6-5.8)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console

from solotable.cli.session import TerminalPlay
from solotable.core.errors import IllegalActionError
from solotable.core.message import msg
from solotable.session.session import GameSession, Seat
from solotable.session.store import Store
from tests.games.dice_miner.helpers import bottom, game, legal_texts, play, position

ROOT = Path(__file__).resolve().parents[3]


def test_scoring_table_exactly() -> None:
    """Seed table: danger 1/symbol, visible gem 1, hidden gem 2, run reaching 5 = 5."""
    s = position(
        game(),
        {},
        {
            "hazard dragon4": 1,
            "hazard cavein2": 1,
            "tool shield1": 1,
            "tool pickaxe1": 1,
            "tool chest1": 1,
            "treasure gem3": 2,
            "treasure gem2": 1,
            "tunnel n1": 3,
            "tunnel n2": 2,
            "tunnel n3": 2,
            "tunnel n4": 1,
            "tunnel n5": 1,
            "magic magic3": 1,
        },
        hidden={"treasure gem3": 1},
    )
    assert s.score_parts() == {
        "dangers": 6,
        "treasure": 3 + 2,
        "hidden_treasure": 6,
        "tunnels": 5,
        "total": 22,
    }
    assert s.scores() == [22.0]
    assert s.returns() == [22.0]


def test_spec_worked_example_scores_17() -> None:
    """Spec §5.7 worked example: 4 + 6 + 2 + 5 = 17."""
    s = position(
        game(),
        {},
        {
            "hazard dragon4": 1,
            "tool shield1": 1,
            "tool chest1": 1,
            "treasure gem3": 1,
            "treasure gem2": 1,
            "tunnel n1": 2,
            "tunnel n2": 2,
            "tunnel n3": 1,
            "tunnel n4": 1,
            "tunnel n5": 1,
        },
        hidden={"treasure gem3": 1},
    )
    assert s.score() == 17


def test_incomplete_runs_score_nothing() -> None:
    """Seed table: only runs that reach 5 score (spec §7 Q10)."""
    s = position(game(), {}, {"tunnel n1": 1, "tunnel n2": 1, "tunnel n3": 1, "tunnel n4": 1})
    assert s.score() == 0


@pytest.mark.parametrize(
    ("score", "band"),
    [
        (0, "Disaster"),
        (14, "Disaster"),
        (15, "A brave start"),
        (30, "A brave start"),
        (31, "Getting there"),
        (45, "Getting there"),
        (46, "Average"),
        (50, "Average"),
        (60, "Average"),
        (61, "Excellent"),
        (70, "Excellent"),
        (71, "Masterful"),
        (200, "Masterful"),
    ],
)
def test_rating_bands_with_the_45_50_line_read_as_46_60(score: int, band: str) -> None:
    """Seed score table, spec §5.8: '45-50' is read as 46-60 so the bands are contiguous."""
    assert game().ratings.band(score).name == band


def test_stop_ends_the_game_with_band_and_breakdown() -> None:
    """Seed MARQUER LES POINTS: stop whenever you want, then count."""
    s = position(game(), bottom("treasure gem3", "tunnel n1"), {"tool chest1": 1})
    play(s, "take a1 hide", "stop")
    assert s.is_terminal()
    assert s.legal_actions() == []
    assert s.outcome() == msg("dice-miner.outcome", score=6, band="Disaster", end="stopped")
    assert str(s.outcome()) == "6 points (Disaster): you stopped digging"
    stats = s.stats()
    assert stats["band"] == "Disaster"
    assert stats["score"] == 6
    assert stats["end"] == "stopped"
    with pytest.raises(IllegalActionError, match="game is over"):
        play(s, "take a2")


def test_game_ends_when_no_action_is_possible() -> None:
    """Seed MARQUER LES POINTS: the game ends when no action can be taken."""
    g = game(refills=0)
    s = position(g, bottom("hazard dragon2", "tunnel n3"), {"tool shield1": 1}, refills_left=0)
    assert legal_texts(s) == {"take a1", "stop"}
    play(s, "take a1")
    assert s.is_terminal()
    assert s.stats()["end"] == "stuck"
    assert s.outcome().args == {"score": 2, "band": "Disaster", "end": "stuck"}
    assert str(s.outcome()) == "2 points (Disaster): no move was left, so the game ended by itself"


def test_a_held_magic_die_or_a_refill_keeps_the_game_going() -> None:
    g = game()
    s = position(g, bottom("tunnel n3"), {"magic magic1": 1}, refills_left=0)
    assert not s.is_terminal()
    assert legal_texts(s) == {"spend magic1", "stop"}
    play(s, "spend magic1", "recycle a1")
    # The mountain is empty, no refill: over.
    assert s.is_terminal()


def test_end_screen_shows_breakdown_and_rating() -> None:
    """Issue: the end screen breaks the score down by source and shows the band."""
    g = game()
    s = position(g, {}, {"hazard dragon4": 1, "tool shield1": 1, "treasure gem2": 1})
    play(s, "stop")
    console = Console(width=100, record=True, color_system=None)
    console.print(g.render(s.observation(0)))
    text = console.export_text()
    assert "Game over" in text
    assert "Neutralised dangers:   4" in text
    assert "Treasure (visible):    2" in text
    assert "Total:                 6" in text
    assert "Rating: Disaster" in text


def test_best_score_survives_a_restart_and_a_corrupt_file(tmp_path: Path) -> None:
    """Issue 4: the best score per settings is kept across restarts; a bad file never crashes."""
    run_session(tmp_path / "store.db", 5, ["face magic1", "stop"])  # a finished game: 0 points
    g = game()
    key = g.best_score_key()
    assert key is not None
    assert Store(tmp_path / "store.db").best(key) == 0
    assert Store(tmp_path / "store.db").best(str(game(magic_dice=2).best_score_key())) is None
    corrupt(tmp_path / "store.db")
    store = Store(tmp_path / "store.db")
    assert store.best(key) is None
    assert store.warning and "unreadable" in store.warning


def test_rules_page_is_for_players_and_engine_notes_name_the_data_files() -> None:
    """Issue 21: the rules page speaks to players; data files and options live in docs/."""
    text = game().rules_text()
    assert "46–60" in text and "## Scoring" in text
    for developer in ("data/", "--set", "--assumptions", "magic_dice", "draw TYPE", "Engine"):
        assert developer not in text
    notes = (ROOT / "docs" / "engine" / "dice_miner.md").read_text("utf-8")
    for needle in ("data/dice.json", "data/ratings.json", "data/solo.json", "draw TYPE FACE"):
        assert needle in notes


def test_two_full_runs_score_five_each() -> None:
    """Seed score table: 5 points for every run that reaches 5."""
    two = {f"tunnel n{n}": 2 for n in range(1, 6)}
    s = position(game(), {}, two)
    assert s.observation(0)["full_runs"] == 2
    assert s.score_parts()["tunnels"] == 10


def scripted(lines: list[str]) -> Callable[[str], str]:
    it = iter(lines)

    def read(prompt: str) -> str:
        if prompt.startswith("play again"):
            return ""
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return read


def corrupt(db: Path) -> None:
    """Overwrite a closed store with garbage (its write-ahead log gone too)."""
    for suffix in ("-wal", "-shm"):
        db.with_name(db.name + suffix).unlink(missing_ok=True)
    db.write_bytes(b"[1, 2" * 200)


def run_session(db: Path, seed: int, moves: list[str]) -> str:
    console = Console(record=True, width=100, color_system=None)
    store = Store(db)
    if store.warning:
        console.print(store.warning)
    session = GameSession.start("dice-miner", {}, [Seat()], seed=seed, store=store)
    TerminalPlay(session, console, scripted(moves)).run()
    assert session.is_over()
    store.close()
    return console.export_text()


def test_end_screen_of_a_played_game_keeps_the_best_score_across_restarts(
    tmp_path: Path,
) -> None:
    """Issue 4: the end screen shows result, cause, breakdown and the best score so far."""
    db = tmp_path / "store.db"
    # A starting die may roll beer: 'face magic1' answers it, or is refused harmlessly.
    first = run_session(db, 4, ["face magic1", "stop"])
    assert "Game over" in first and "you stopped digging" in first
    assert "Total:" in first and "Rating:" in first
    assert "first score recorded for these settings: 0" in first
    second = run_session(db, 4, ["face magic1", "stop"])
    assert "best score for these settings: 0" in second
    corrupt(db)
    third = run_session(db, 4, ["face magic1", "stop"])
    assert "unreadable" in third and "first score recorded" in third
    assert Store(db).best(str(game().best_score_key())) == 0


def test_the_game_ends_only_when_no_die_on_top_can_be_taken() -> None:
    """Spec §5.6: with no refill and no Magic die, the game goes on while a die on top can
    be taken — even after an empty slot — and ends when the only dice left on top cannot
    (a die covered by a Tunnel 1, the first die code, is still covered)."""
    g = game()
    s = position(g, {"a2": "treasure gem1"}, {}, refills_left=0)
    assert not s.is_terminal() and "take a2" in legal_texts(s)
    covered = {
        "a1": "treasure gem1",
        "a2": "treasure gem1",
        "a3": "treasure gem1",
        "b1": "tunnel n1",
        "b2": "tunnel n2",
        "c1": "hazard dragon2",
    }
    t = position(g, covered, {}, refills_left=0)
    assert t.is_terminal() and legal_texts(t) == set()
