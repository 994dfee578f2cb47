"""A game as a file in Chromium (issue 37): the table's "Export this game" downloads the
game's save, and the lobby's "Import a game" form takes a file and opens its table.

The exported game is played into the server's store through ``GameSession`` (seed fixed);
the imported one is a save written the way ``solotable play --save`` writes it, so it is a
game the server has never seen.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from solotable.session.savefile import write_save
from solotable.session.seal import unseal
from solotable.session.session import GameSession, Seat
from tests.web.lookback_games import play_out
from tests.web.test_browser import settle

pytestmark = pytest.mark.xdist_group("browser")

SEED = 7_654_321_098_765_432


def test_export_downloads_the_game_and_the_lobby_imports_a_file(
    page: Any, live_server: Any, store: Any, tmp_path: Path
) -> None:
    s = play_out(store, "mini-divercity", SEED, moves=4)
    page.goto(f"{live_server.url}/games/{s.id}")
    settle(page)
    with page.expect_download() as info:
        page.get_by_role("link", name="Export this game").click()
    download = info.value
    assert download.suggested_filename == f"solotable-mini-divercity-{s.id[:8]}.json"
    text = Path(download.path()).read_text("utf-8")
    doc = json.loads(text)
    assert doc["format"] == "solotable-session" and str(SEED) not in text  # sealed
    assert unseal(doc["sealed"]) == {"seed": SEED, "actions": s.record(reveal=True).actions}
    assert page.url == f"{live_server.url}/games/{s.id}"  # the table stays where it was

    terminal = GameSession.start("dice-miner", {}, [Seat()], seed=SEED, clocks=False)
    for _ in range(3):
        terminal.play(0, terminal.legal_moves(0)[0][0])
    save = tmp_path / "from-the-terminal.json"
    write_save(save, terminal)
    page.goto(live_server.url + "/")
    page.get_by_text("Import a game").click()
    page.locator("form.import-form input[type=file]").set_input_files(str(save))
    page.get_by_role("button", name="Import", exact=True).click()
    page.wait_for_url(re.compile(r".*/games/[\w-]+$"))
    new_id = page.url.rsplit("/", 1)[-1]
    assert new_id not in (s.id, terminal.id)
    data = settle(page)
    assert page.locator("#table-root").get_attribute("data-my-turn") == "true"
    imported = GameSession.resume(store, new_id, agents=False)
    assert imported.record(reveal=True) == terminal.record(reveal=True)
    legal = [{"id": a, "n": n} for a, n, _ in terminal.legal_moves(0)]
    assert [{"id": m["id"], "n": m["n"]} for m in data["moves"]] == legal
    assert page.errors == []
