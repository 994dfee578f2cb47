"""A game moves as a file between tables (issue 37, "play anywhere"): exported from one web
table, imported into another or into the terminal, and back, the record
``(game, options, seed, actions)`` the same bit for bit.

Two tables over two stores stand for the phone and the computer. Games are played over HTTP
as a player plays them (the move ids and the version read from the table's own fragment);
what is checked is what a player gets: the downloaded file (sealed while the game is not
over: no seed, no face-down card), the table it opens, the history, and the sentence a bad
file gets, in English and in French.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from solotable.cli.main import app as cli
from solotable.session.savefile import save_text, write_save
from solotable.session.seal import seal, unseal
from solotable.session.session import GameSession, Seat
from solotable.session.store import Store
from solotable.web.app import create_app
from solotable.web.files import MAX_IMPORT
from tests.web.lookback_games import by_id, play_out
from tests.web.serving import allow_testserver

SEED = 8_123_456_789_012_345
"""Long enough that its digits cannot turn up in a save by chance."""
GAMES = {
    "divercite": ({}, "easy", 6),
    "dice-miner": ({}, None, 4),
    "mini-divercity": ({}, None, 5),
    "51st-state": ({"faction": "new-york"}, None, 6),
}
"""Each game: options, the AI level of a two-player game, the player's moves before export."""
HIDDEN = {"mini-divercity"}
"""Games where the player does not see every move as it is made (Mini DiverCity's Ocean
cards are drawn face down), so an unfinished save seals some moves. In Dice Miner and 51st
State every draw is seen when it is made: what is face down is what comes next (the bag,
the draw pile), and the seed, sealed, is what would tell it."""
runner = CliRunner()


ORIGIN = {"origin": "http://testserver"}


# -- two tables ----------------------------------------------------------------------------
def table_over(store: Store) -> TestClient:
    return TestClient(create_app(store, access=allow_testserver()), headers=ORIGIN)


@pytest.fixture
def other(home: Path) -> Iterator[tuple[TestClient, Store]]:
    """A second table over an empty store of its own: the other device."""
    store = Store(home / "other" / "solotable.db")
    with table_over(store) as c:
        yield c, store
    store.close()


def fragment(client: TestClient, game_id: str) -> str:
    """The table as the page fetches it, once the AI has moved (it thinks in a thread)."""
    end = time.monotonic() + 60
    while True:
        html = str(client.get(f"/games/{game_id}/table").text)
        if 'data-thinking="false"' in html or time.monotonic() > end:
            return html
        time.sleep(0.05)


def table_data(html: str) -> dict[str, Any]:
    m = re.search(r'<script type="application/json" id="table-data">(.*?)</script>', html, re.S)
    assert m, "no table data in the fragment"
    doc: dict[str, Any] = json.loads(m.group(1))
    return doc


def version(html: str) -> str:
    m = re.search(r'data-version="([^"]*)"', html)
    assert m
    return m.group(1)


def play(client: TestClient, game_id: str, moves: int | None = None) -> list[str]:
    """Play the first legal move ``moves`` times (None: to the end) through the table's own
    form, as a player clicks; the notation of each move played."""
    played: list[str] = []
    while moves is None or len(played) < moves:
        html = fragment(client, game_id)
        if 'data-over="true"' in html:
            break
        legal = table_data(html)["moves"]
        assert legal and 'data-my-turn="true"' in html, "the player has no move"
        form = {"version": version(html), "move": str(legal[0]["id"]), "by": "id"}
        r = client.post(f"/games/{game_id}/move", data=form, follow_redirects=False)
        assert r.status_code == 303, r.text
        played.append(str(legal[0]["n"]))
    fragment(client, game_id)  # the AI's answer, if it has one, is saved before we go on
    return played


def upload(client: TestClient, data: bytes | str, name: str = "game.json", **kw: Any) -> Any:
    return client.post(
        "/games/import",
        files={"file": (name, data, "application/json")},
        follow_redirects=False,
        **kw,
    )


def exported(client: TestClient, game_id: str) -> str:
    r = client.get(f"/games/{game_id}/export")
    assert r.status_code == 200, r.text
    return str(r.text)


def board(html: str, game_id: str) -> str:
    """The board and the player's side of a table fragment, without its log (a file carries
    the moves, not the sentences said about them) and with the game's id taken out."""
    m = re.search(r'<section class="board-area".*?<section class="log"', html, re.S)
    assert m, "no board in the fragment"
    # "Since your move" retells the log's last events: not in a file either
    shown = re.sub(r'<section class="since-move".*?</section>', "", m.group(0), flags=re.S)
    return re.sub(r"\s+", " ", shown.replace(game_id, "ID"))


def live(client: TestClient, game_id: str) -> GameSession:
    session: GameSession = client.app.state.tables.get(game_id).session  # type: ignore[attr-defined]
    return session


def assert_sealed(text: str, session: GameSession, hidden: bool) -> None:
    """No seed and no face-down card in plain sight: the seed and the moves the player did
    not see are only in the seal (which opens to exactly the game's record)."""
    doc = json.loads(text)
    assert doc["format"] == "solotable-session"
    assert "seed" not in doc and str(SEED) not in text
    secret = unseal(doc["sealed"])
    truth = session.record(reveal=True)
    assert secret == {"seed": SEED, "actions": truth.actions}
    unseen = [a for a, shown in zip(secret["actions"], doc["moves"], strict=True) if shown is None]
    assert bool(unseen) == hidden
    plain = json.dumps({k: v for k, v in doc.items() if k != "sealed"}, ensure_ascii=False)
    for move in set(unseen):  # a hidden move shows only where the same move was public
        assert plain.count(json.dumps(move, ensure_ascii=False)) == doc["moves"].count(move)


# -- export and import of an unfinished game --------------------------------------------------
@pytest.mark.parametrize("game", sorted(GAMES))
def test_an_unfinished_game_exports_sealed_and_imports_at_the_same_table(
    game: str, client: TestClient, store: Store, other: tuple[TestClient, Store]
) -> None:
    options, level, moves = GAMES[game]
    seats = [Seat()] if level is None else [Seat(), Seat(level)]
    start = GameSession.start(game, options, seats, seed=SEED, store=store, clocks=False)
    page = client.get(f"/games/{start.id}").text
    assert f'href="/games/{start.id}/export"' in page and "Export this game" in page
    play(client, start.id, moves)
    r = client.get(f"/games/{start.id}/export")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("application/json")
    assert r.headers["content-disposition"] == (
        f'attachment; filename="solotable-{game}-{start.id[:8]}.json"'
    )
    mine = live(client, start.id)
    assert_sealed(r.text, mine, game in HIDDEN)

    phone, _ = other
    imported = upload(phone, r.text)
    assert imported.status_code == 303
    new_id = imported.headers["location"].removeprefix("/games/")
    assert imported.headers["location"] == f"/games/{new_id}" and new_id != start.id
    copy = live(phone, new_id)
    assert copy.record(reveal=True) == mine.record(reveal=True)
    assert copy.observation(copy.viewer) == mine.observation(mine.viewer)
    here, there = fragment(client, start.id), fragment(phone, new_id)
    assert board(there, new_id) == board(here, start.id)  # the same table for the player
    assert table_data(there)["moves"] == table_data(here)["moves"]

    rest = play(phone, new_id)  # finishing it on the other device works
    assert rest and 'data-over="true"' in fragment(phone, new_id)
    record = json.loads(exported(phone, new_id))
    assert record["format"] == "solotable-record" and record["seed"] == SEED
    assert record["actions"][: len(mine.record(reveal=True).actions)] == (
        mine.record(reveal=True).actions
    )
    history = phone.get("/history").text
    assert f'data-id="{new_id}"' in history


# -- the terminal and the web table, both ways -------------------------------------------------
def test_a_terminal_save_continues_in_the_browser_and_back(
    client: TestClient, store: Store, tmp_path: Path
) -> None:
    terminal = GameSession.start("mini-divercity", {}, [Seat()], seed=SEED, clocks=False)
    for _ in range(4):
        terminal.play(0, terminal.legal_moves(0)[0][0])
    before = terminal.record(reveal=True)
    save = tmp_path / "from-terminal.json"
    write_save(save, terminal)  # what `solotable play --save` writes

    r = upload(client, save.read_bytes(), save.name)
    assert r.status_code == 303
    game_id = r.headers["location"].removeprefix("/games/")
    played = play(client, game_id, 3)
    mid = tmp_path / "mid.json"
    mid.write_text(exported(client, game_id), "utf-8")
    check = runner.invoke(cli, ["replay", "--check", str(mid)])
    assert check.exit_code == 0, check.output
    assert "ok:" in check.output and "not over" in check.output
    secret = unseal(json.loads(mid.read_text("utf-8"))["sealed"])
    assert secret["seed"] == before.seed
    assert secret["actions"][: len(before.actions)] == before.actions
    added = secret["actions"][len(before.actions) :]
    assert [a for a in added if a in played] == played  # the three moves, in order

    again = runner.invoke(cli, ["play", "--load", str(mid)], input="quit\n")
    assert again.exit_code == 0, again.output  # and the terminal takes the file back
    play(client, game_id)
    end = tmp_path / "end.json"
    end.write_text(exported(client, game_id), "utf-8")
    check = runner.invoke(cli, ["replay", "--check", str(end)])
    assert check.exit_code == 0 and "ok:" in check.output, check.output
    record = json.loads(end.read_text("utf-8"))
    assert record["seed"] == before.seed and record["game"] == "mini-divercity"
    assert record["options"] == before.options
    assert record["actions"][: len(secret["actions"])] == secret["actions"]


# -- finished games -------------------------------------------------------------------------
def test_a_finished_game_exports_its_record_and_imports_once(
    client: TestClient, store: Store, other: tuple[TestClient, Store], tmp_path: Path
) -> None:
    done = play_out(store, "dice-miner", 5)
    replay = client.get(f"/replay/{done.id}").text
    assert f'href="/games/{done.id}/export"' in replay
    text = exported(client, done.id)
    path = tmp_path / "done.json"
    path.write_text(text, "utf-8")
    check = runner.invoke(cli, ["replay", "--check", str(path)])
    assert check.exit_code == 0 and "ok:" in check.output, check.output
    assert json.loads(text)["actions"] == done.record().actions

    phone, phone_store = other
    r = upload(phone, text)
    assert r.status_code == 303 and r.headers["location"].startswith("/replay/")
    new_id = r.headers["location"].removeprefix("/replay/")
    assert phone.get(r.headers["location"]).status_code == 200
    assert f'data-id="{new_id}"' in phone.get("/history").text
    again = upload(phone, text)  # the same game a second time: opened, not stored again
    assert again.headers["location"] == r.headers["location"]
    assert len(phone_store.finished("dice-miner")) == 1
    assert int(by_id(phone.get("/stats/dice-miner").text, "stat-games")) == 1
    assert json.loads(exported(phone, new_id))["actions"] == done.record().actions


def test_a_resigned_game_stays_resigned_through_a_file(
    client: TestClient, store: Store, other: tuple[TestClient, Store], tmp_path: Path
) -> None:
    s = play_out(store, "divercite", 3, level="easy", moves=3)
    html = fragment(client, s.id)
    r = client.post(f"/games/{s.id}/resign", data={"version": version(html)})
    assert r.status_code == 200 and "Game over." in r.text
    text = exported(client, s.id)
    path = tmp_path / "resigned.json"
    path.write_text(text, "utf-8")
    assert runner.invoke(cli, ["replay", "--check", str(path)]).exit_code == 0
    phone, phone_store = other
    r = upload(phone, text)
    assert r.status_code == 303 and r.headers["location"].startswith("/replay/")
    (row,) = phone_store.history()
    assert row["status"] == "resigned" and row["counts"] == 0
    assert json.loads(exported(phone, str(row["id"]))) == json.loads(text)


# -- files the table refuses ----------------------------------------------------------------
def _save(game: str = "divercite") -> str:
    s = GameSession.start(game, {}, [Seat(), Seat("easy")], seed=SEED, clocks=False)
    s.play(0, s.legal_moves(0)[0][0])
    return save_text(s)


def _with(text: str, **changes: Any) -> str:
    return json.dumps({**json.loads(text), **changes})


def _finished_record() -> str:
    s = GameSession.start("dice-miner", {}, [Seat()], seed=SEED, clocks=False)
    while not s.is_over():
        s.play(0, s.legal_moves(0)[0][0])
    return save_text(s)


def _bad_moves() -> str:
    doc = json.loads(_finished_record())
    doc["actions"][3] = "take nothing"
    return json.dumps(doc)


def _bad_sealed_moves() -> str:
    doc = json.loads(_save())
    secret = unseal(doc["sealed"])
    secret["actions"][-1] = "CR Z9"
    return json.dumps({**doc, "sealed": seal(secret, 512)})


EN = {
    "empty": "Choose a file to import: a game exported from solotable",
    "not ours": "This file is not a game exported from solotable: ",
    "not text": "This file is not a game exported from solotable: it is not text.",
    "moves": "The moves in this file do not replay: ",
    "too big": "This file is larger than",
    "ai": "This game is played against the AI 'mybots.evil:Bot', which the web table does not",
    "no player": "This game has no seat for a player",
    "unread": "This upload could not be read; choose the file again.",
}
FR = {
    "empty": "Choisissez un fichier à importer\u00a0: une partie exportée de solotable",
    "not ours": "Ce fichier n’est pas une partie exportée de solotable\u00a0: ",
    "not text": "Ce fichier n’est pas une partie exportée de solotable\u00a0: "
    "ce n’est pas du texte.",
    "moves": "Les coups de ce fichier ne se rejouent pas\u00a0: ",
    "too big": "Ce fichier dépasse",
    "ai": "Cette partie se joue contre l’IA «\u00a0mybots.evil:Bot\u00a0», que la table web ne",
    "no player": "Cette partie n’a pas de place pour un joueur",
    "unread": "Ce fichier envoyé n’a pas pu être lu\u00a0; choisissez-le de nouveau.",
}
BAD = [
    ("empty", lambda: b"", 400),
    ("empty", lambda: b" \n", 400),
    ("not ours", lambda: b"solotable", 422),
    ("not ours", lambda: b"[1, 2]", 422),
    ("not ours", lambda: b'{"format": "solotable-record", "version": 1}', 422),
    ("not ours", lambda: b'{"format": "something else"}', 422),
    ("not ours", lambda: _with(_save(), version=7), 422),
    ("not ours", lambda: _with(_save(), sealed="st2:AAAA"), 422),
    ("not ours", lambda: _with(_save(), game="chess"), 422),
    ("not text", lambda: b"\xff\xfe{\x00}", 422),
    ("moves", _bad_moves, 422),
    ("moves", _bad_sealed_moves, 422),
    ("too big", lambda: b" " * MAX_IMPORT + b"{}", 413),
    ("ai", lambda: _with(_save(), seats=[{"agent": None}, {"agent": "mybots.evil:Bot"}]), 422),
    ("no player", lambda: _with(_save(), seats=[{"agent": "easy"}, {"agent": "easy"}]), 422),
]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(
    ("case", "make", "status"),
    BAD,
    ids=[f"{c}-{i}".replace(" ", "-") for i, (c, _, _) in enumerate(BAD)],
)
def test_a_bad_file_gets_one_sentence_and_changes_nothing(
    case: str, make: Any, status: int, lang: str, client: TestClient, store: Store
) -> None:
    client.cookies.set("lang", lang)
    r = upload(client, make())
    assert r.status_code == status
    said = re.search(r'<p class="flash error" role="alert">(.*?)</p>', r.text, re.S)
    assert said, "no sentence on the page"
    expected = (FR if lang == "fr" else EN)[case]
    assert expected in said.group(1).replace("&#39;", "'")
    assert "Traceback" not in r.text and store.history() == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_form_that_is_not_one_file_gets_a_sentence(
    lang: str, client: TestClient, store: Store
) -> None:
    client.cookies.set("lang", lang)
    text = _save()
    two = [("file", ("a.json", text, "application/json")), ("file", ("b.json", text, "x/y"))]
    r = client.post("/games/import", files=two, follow_redirects=False)
    assert r.status_code == 400
    assert (FR if lang == "fr" else EN)["unread"] in r.text
    r = client.post("/games/import", data={"file": text}, follow_redirects=False)
    assert r.status_code == 400 and (FR if lang == "fr" else EN)["empty"] in r.text
    assert store.history() == []


def test_a_body_past_the_guards_limit_is_refused_in_the_players_language(
    client: TestClient, store: Store
) -> None:
    client.cookies.set("lang", "fr")
    r = upload(client, b" " * (300 * 1024) + b"{}")
    assert r.status_code == 413 and "Le corps d’une requête ne peut pas dépasser" in r.text
    assert store.history() == []


def test_an_import_from_another_site_is_refused(client: TestClient, store: Store) -> None:
    r = upload(client, _save(), headers={"origin": "http://evil.example"})
    assert r.status_code == 403 and store.history() == []


@pytest.mark.parametrize("game_id", ["nosuchgame", "x" * 65, "bad%20id"])
def test_exporting_no_such_game_says_so(game_id: str, client: TestClient) -> None:
    r = client.get(f"/games/{game_id}/export")
    assert r.status_code == 404
    assert "There is no saved game with this id." in r.text
    assert "attachment" not in r.headers.get("content-disposition", "")
