"""The lobby's unfinished games after an evening (issue 35): the two most recent first, the
rest folded, and each one can be deleted — with a confirmation, by a POST from the table's
own pages, in one transaction — while a finished game can never be deleted this way.

Games are started and played through ``GameSession`` into the test store; the lobby is read
and the deletions sent over HTTP, through the app.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from solotable.session.store import StoreError
from tests.web.lookback_games import play_out

DELETE = re.compile(r'<form method="post" action="/games/([\w-]+)/delete"')


def _unfinished(store: Any, n: int) -> list[str]:
    """``n`` unfinished Dice Miner games, the newest last (ids)."""
    return [play_out(store, "dice-miner", seed, moves=1).id for seed in range(1, n + 1)]


def _continue_section(html: str) -> str:
    m = re.search(r'<section class="paper unfinished">(.*?)</section>', html, re.S)
    assert m, "no unfinished games on the lobby"
    return m.group(1)


def _rows(store: Any, game_id: str) -> tuple[int, int, int]:
    """How many rows the store holds for a game: the game, its moves, its events."""
    with store.transaction() as c:
        a, b, n = (
            c.execute(f"SELECT count(*) FROM {table} WHERE {col} = ?", (game_id,)).fetchone()[0]
            for table, col in (("games", "id"), ("moves", "game_id"), ("events", "game_id"))
        )
        return int(a), int(b), int(n)


def test_two_most_recent_first_and_the_rest_folded(client: Any, store: Any) -> None:
    ids = _unfinished(store, 10)
    section = _continue_section(client.get("/").text)
    shown, _, folded = section.partition('<details class="more-unfinished">')
    assert folded, "the older unfinished games are not folded"
    first = re.findall(r'href="/games/([\w-]+)"', shown)
    assert first == [ids[-1], ids[-2]]  # the newest first
    rest = re.findall(r'href="/games/([\w-]+)"', folded)
    assert rest == list(reversed(ids[:-2]))
    assert "8 more to continue" in folded


def test_two_unfinished_games_fold_nothing(client: Any, store: Any) -> None:
    _unfinished(store, 2)
    assert "more-unfinished" not in _continue_section(client.get("/").text)


def test_an_unfinished_game_is_deleted_after_a_confirmation(client: Any, store: Any) -> None:
    ids = _unfinished(store, 3)
    html = client.get("/").text
    assert DELETE.findall(html) == list(reversed(ids))  # each one has its own form
    # The form is the confirmation, behind a disclosure ("Delete…"): nothing is one click.
    form = re.search(
        rf'<details class="delete-game"><summary>([^<]+)</summary>\s*'
        rf'<form method="post" action="/games/{ids[0]}/delete"[^>]*>.*?<button[^>]*>([^<]+)<',
        html,
        re.S,
    )
    assert form and form.group(1) == "Delete…", html
    assert form.group(2) == "Yes, delete this unfinished game"
    assert _rows(store, ids[0])[0] == 1 and _rows(store, ids[0])[1] > 0
    r = client.post(f"/games/{ids[0]}/delete", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/"
    assert _rows(store, ids[0]) == (0, 0, 0)  # the game, its moves and its events
    lobby = client.get("/").text
    assert ids[0] not in lobby and ids[1] in lobby and ids[2] in lobby
    assert client.get(f"/games/{ids[0]}").status_code == 404


def test_an_open_table_is_forgotten_once_deleted(client: Any, store: Any) -> None:
    (game_id,) = _unfinished(store, 1)
    assert client.get(f"/games/{game_id}").status_code == 200  # the server opened it
    assert client.post(f"/games/{game_id}/delete", follow_redirects=False).status_code == 303
    assert client.get(f"/games/{game_id}").status_code == 404
    assert client.get(f"/games/{game_id}/table").status_code == 404


def test_a_finished_game_is_never_deleted(client: Any, store: Any) -> None:
    done = play_out(store, "dice-miner", 5)
    assert done.is_over()
    assert DELETE.findall(client.get("/").text) == []  # not offered
    r = client.post(f"/games/{done.id}/delete", follow_redirects=False)
    assert r.status_code == 409
    assert "finished" in r.text and "stays in your history" in r.text
    assert _rows(store, done.id)[0] == 1
    assert store.delete_unfinished(done.id) is False
    assert done.id in client.get("/history").text


def test_a_delete_from_another_site_or_of_no_game_is_refused(client: Any, store: Any) -> None:
    (game_id,) = _unfinished(store, 1)
    r = client.post(
        f"/games/{game_id}/delete",
        headers={"origin": "http://evil.example"},
        follow_redirects=False,
    )
    assert r.status_code == 403
    assert _rows(store, game_id)[0] == 1
    assert client.post("/games/no-such-game/delete").status_code == 404
    assert client.post("/games/" + "x" * 200 + "/delete").status_code == 404


def test_nothing_is_half_deleted(store: Any) -> None:
    """The game's moves, events and row go in one transaction: a failure on the last step
    leaves every row where it was."""
    (game_id,) = _unfinished(store, 1)
    before = _rows(store, game_id)
    with store.transaction() as c:
        c.execute(
            "CREATE TRIGGER keep_games BEFORE DELETE ON games "
            "BEGIN SELECT RAISE(ABORT, 'refused by the test'); END"
        )
    with pytest.raises(StoreError):
        store.delete_unfinished(game_id)
    assert _rows(store, game_id) == before
    with store.transaction() as c:
        c.execute("DROP TRIGGER keep_games")
    assert store.delete_unfinished(game_id) is True
    assert _rows(store, game_id) == (0, 0, 0)
    assert store.delete_unfinished(game_id) is False  # already gone
