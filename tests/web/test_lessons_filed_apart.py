"""A guided game ("Learn to play") is filed apart: never in best scores, stats or win rates,
shown as a lesson in the history, and the CLI's ``stats``/``history`` agree with the web.

Fault fixed: a lesson finished on its fixed deal was counted like any other game (its score
the best, its result in the win rate). The lesson is started by the lobby's own route
(``POST /learn/{game}``) and ended by the player's own clicks over HTTP; the ordinary game
beside it is played the same way, so only the filing differs.
"""

from __future__ import annotations

import json
import re

from typer.testing import CliRunner

from solotable.cli.main import app
from solotable.session.playstats import game_stats
from tests.web.lookback_games import by_id, cli_stats, lobby_best
from tests.web.test_api import FETCH, post


def _finish_by_stopping(client, url: str) -> str:
    """Dice Miner's "stop": the player ends the game at once (a scored, finished game)."""
    r = post(client, url, "move", {"move": "stop"}, headers=FETCH)
    assert r.status_code == 200 and 'data-over="true"' in r.text, r.text[:300]
    return r.text


def _lesson(client) -> str:
    r = client.post("/learn/dice-miner", follow_redirects=False)
    assert r.status_code == 303
    return str(r.headers["location"]).split("?")[0]


def _game(client, seed: int) -> str:
    form = {"game": "dice-miner", "seed": str(seed)}
    r = client.post("/games", data=form, follow_redirects=False)
    assert r.status_code == 303
    return str(r.headers["location"])


def test_a_finished_lesson_counts_for_no_best_and_no_stats(client, store) -> None:
    lesson_end = _finish_by_stopping(client, lesson := _lesson(client))
    assert "A lesson is filed apart" in lesson_end  # the end screen says why no best
    assert store.finished("dice-miner") == []
    assert cli_stats("dice-miner")["games"] == 0
    assert lobby_best(client.get("/").text) == []

    _finish_by_stopping(client, game := _game(client, 5))
    (row,) = store.finished("dice-miner")
    assert "/games/" + row["id"] == game
    doc = cli_stats("dice-miner")
    assert doc == game_stats(store.finished("dice-miner")) and doc["games"] == 1
    assert [(g, n) for g, n, _ in lobby_best(client.get("/").text)] == [("dice-miner", 1)]
    stats = client.get("/stats/dice-miner").text
    assert int(by_id(stats, "stat-games")) == 1

    # both are in the history, the lesson marked as one, on the web and in the CLI
    page = client.get("/history").text
    rows = dict(re.findall(r'<tr data-id="([^"]+)" data-game="dice-miner">(.*?)</tr>', page, re.S))
    lesson_id, game_id = lesson.rsplit("/", 1)[1], game.rsplit("/", 1)[1]
    assert set(rows) == {lesson_id, game_id}
    assert 'class="lesson-tag"' in rows[lesson_id] and "lesson-tag" not in rows[game_id]
    r = CliRunner().invoke(app, ["history", "--json"])
    assert r.exit_code == 0, r.output
    listed = {d["id"]: d["lesson"] for d in json.loads(r.stdout)}
    assert listed == {lesson_id: True, game_id: False}
    text = CliRunner().invoke(app, ["history"])
    assert text.exit_code == 0 and text.stdout.count("lesson:") == 1


def test_a_lesson_stays_a_lesson_after_a_restart(client, store) -> None:
    """The mark is in the store: a lesson resumed by a new server is still filed apart."""
    from solotable.session.session import GameSession

    url = _lesson(client)
    resumed = GameSession.resume(store, url.rsplit("/", 1)[1])
    assert resumed.lesson is True
    assert GameSession.resume(store, _game(client, 3).rsplit("/", 1)[1]).lesson is False


def test_an_unfinished_lesson_is_marked_in_the_lobby_continue_list(client) -> None:
    """The Continue list tells a lesson from a game of one's own (both unfinished)."""
    lesson = _lesson(client)
    game = _game(client, 5)
    page = client.get("/").text
    items = {
        href: item
        for href, item in re.findall(r'<li><a class="button" href="([^"]+)">(.*?)</li>', page, re.S)
    }
    assert set(items) == {lesson, game}
    assert 'class="lesson-tag"' in items[lesson] and "Lesson" in items[lesson]
    assert "lesson-tag" not in items[game]
