"""Dates as a player writes them (issue 35): the lobby and the history say "today 9:24 AM",
"yesterday", or "Dec 7, 2026, 9:24 AM" / "7 déc. 2026, 09:24" — never "2026-12-07 09:24".

The clock is fixed (``web.dates.clock``) and the stored times are made from local dates, so
the test reads the same in any timezone: times are the server's local time, which is the
player's (the server runs on the player's computer).
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

import pytest

from solotable.web import dates
from tests.web.lookback_games import play_out

NOW = datetime(2026, 12, 7, 15, 0).timestamp()
TODAY = datetime(2026, 12, 7, 9, 24).timestamp()
YESTERDAY = datetime(2026, 12, 6, 18, 5).timestamp()
EARLIER = datetime(2026, 11, 3, 21, 40).timestamp()
ISO = re.compile(r"\d{4}-\d{2}-\d{2}")


@pytest.fixture
def fixed_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dates, "clock", lambda: NOW)


def _at(store: Any, game_id: str, when: float) -> None:
    """Date a stored game (its start, last play and end) at ``when``."""
    with store.transaction() as c:
        c.execute(
            "UPDATE games SET started = ?, updated = ?, ended = CASE WHEN ended IS NULL "
            "THEN NULL ELSE ? END WHERE id = ?",
            (when, when, when, game_id),
        )


def _three_games(store: Any) -> None:
    _at(store, play_out(store, "dice-miner", 1, moves=2).id, TODAY)  # unfinished
    _at(store, play_out(store, "dice-miner", 2).id, YESTERDAY)
    _at(store, play_out(store, "dice-miner", 3).id, EARLIER)


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("\u202f", " ")


def test_lobby_and_history_dates_in_english(client: Any, store: Any, fixed_clock: None) -> None:
    _three_games(store)
    lobby = _text(client.get("/").text)
    assert "last played today 9:24 AM" in lobby
    assert "yesterday 6:05 PM" in lobby and "Nov 3, 2026, 9:40 PM" in lobby
    history = _text(client.get("/history").text)
    assert "today 9:24 AM" in history and "yesterday 6:05 PM" in history
    assert "Nov 3, 2026, 9:40 PM" in history
    assert not ISO.search(lobby) and not ISO.search(history)


def test_lobby_and_history_dates_in_french(client: Any, store: Any, fixed_clock: None) -> None:
    _three_games(store)
    client.cookies.set("lang", "fr")
    lobby = _text(client.get("/").text)
    assert "aujourd’hui 09:24" in lobby
    assert "hier 18:05" in lobby and "3 nov. 2026, 21:40" in lobby
    history = _text(client.get("/history").text)
    assert "aujourd’hui 09:24" in history and "3 nov. 2026, 21:40" in history
    assert not ISO.search(lobby) and not ISO.search(history)


def test_a_date_in_words() -> None:
    """The function itself: today, yesterday, any other day (also one in the future: a
    clock set back), and nothing for a missing time."""
    from solotable.words import words

    en, fr = words("en"), words("fr")
    assert dates.said_when(TODAY, en, NOW).replace("\u202f", " ") == "today 9:24 AM"
    assert dates.said_when(YESTERDAY, fr, NOW) == "hier 18:05"
    assert dates.said_when(datetime(2026, 12, 7, 9, 24).timestamp(), fr, EARLIER) == (
        "7 déc. 2026, 09:24"
    )
    assert dates.said_when(None, en, NOW) == ""
