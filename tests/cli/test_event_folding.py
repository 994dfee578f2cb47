"""The terminal folds long runs of chance outcomes: a refill's dice are summed up, not listed."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console

from solotable.cli.session import FOLD_CHANCE_AFTER, TerminalPlay
from solotable.core.events import Event
from solotable.session.session import GameSession, Seat
from solotable.session.store import Store


def _front(tmp_path: Path) -> tuple[TerminalPlay, Console]:
    session = GameSession.start("dice-miner", {}, [Seat()], seed=5, store=Store(tmp_path / "s.db"))
    console = Console(record=True, width=100, color_system=None)
    return TerminalPlay(session, console, lambda prompt: ""), console


def _chance(seq: int) -> Event:
    return Event(seq, seq, "chance", None, f"die {seq} comes out of the bag", {})


def test_a_long_run_of_chance_outcomes_is_folded_with_its_count(tmp_path: Path) -> None:
    front, console = _front(tmp_path)
    events = [_chance(i) for i in range(1, 21)]
    # the game's own fill event (its data), after twenty chance lines
    fill = next(e for e in front.session.events if e.kind == "fill")
    events.append(Event(21, 21, "fill", None, "", fill.data))
    front.show_events(events)
    text = console.export_text()
    shown = [line for line in text.splitlines() if "comes out of the bag" in line]
    assert len(shown) == FOLD_CHANCE_AFTER
    assert f"… and {20 - FOLD_CHANCE_AFTER} more (type log to see them)" in text
    assert "the mountain is filled: 20 dice" in text


def test_short_runs_are_shown_whole(tmp_path: Path) -> None:
    front, console = _front(tmp_path)
    front.show_events([_chance(1), _chance(2)])
    text = console.export_text()
    assert "die 1 comes" in text and "die 2 comes" in text and "more" not in text
