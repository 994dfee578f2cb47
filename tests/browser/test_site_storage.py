"""The browser build keeps games as the server does: a refused write loses nothing and says so;
a game moves between the phone and ``solotable`` on a computer as a file, both ways; and what
is face down stays out of the page, its address and its storage.
"""

from __future__ import annotations

import base64
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from solotable.session.savefile import write_save
from solotable.session.seal import unseal
from solotable.session.session import GameSession, Seat
from tests.browser.site import open_profile, table_frame, watch
from tests.web.browser_helpers import new_game
from tests.web.test_browser import click_die_move, settle

pytestmark = pytest.mark.xdist_group("site")

REFUSE_WRITES = """() => {
  self.__put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function () {
    this.transaction.abort();  // as a full quota does: the whole sync is rolled back
    throw new DOMException("quota exceeded", "QuotaExceededError");
  };
}"""
ALLOW_WRITES = "() => { IDBObjectStore.prototype.put = self.__put; }"
STORED_FILES = """async () => {
  const db = await new Promise((ok, ko) => {
    const r = indexedDB.open("/data");
    r.onsuccess = () => ok(r.result);
    r.onerror = () => ko(r.error);
  });
  const tx = db.transaction("FILE_DATA", "readonly");
  const store = tx.objectStore("FILE_DATA");
  const [keys, values] = await Promise.all([store.getAllKeys(), store.getAll()].map(
    (r) => new Promise((ok) => { r.onsuccess = () => ok(r.result); })));
  const out = {};
  keys.forEach((k, i) => {
    const c = values[i].contents;
    out[k] = c ? btoa(Array.from(new Uint8Array(c.buffer, c.byteOffset, c.byteLength),
                                 (b) => String.fromCharCode(b)).join("")) : "";
  });
  return out;
}"""
SEED = 8_412_737_651


def opened(
    playwright: Any, chromium: str, args: list[str], tmp: Path, url: str
) -> tuple[Any, Any, Any]:
    context = open_profile(playwright, chromium, args, tmp / "profile", "en")
    page = watch(context.pages[0] if context.pages else context.new_page())
    return context, page, table_frame(page, url)


def version(frame: Any) -> str:
    return str(frame.locator("#table-root").get_attribute("data-version"))


def test_a_refused_write_says_so_and_keeps_the_game_as_it_was(
    playwright: Any, chromium: str, browser_args: list[str], site_url: str, tmp_path: Path
) -> None:
    context, page, frame = opened(playwright, chromium, browser_args, tmp_path, site_url)
    new_game(frame, site_url, "dice-miner", 11)
    data = settle(frame)
    _, data = click_die_move(frame, data)
    kept = version(frame)
    page.workers[0].evaluate(REFUSE_WRITES)
    move = data["moves"][0]["n"]
    frame.evaluate(
        """async (move) => { (await import("/static/table.js")).play(move, true); }""", move
    )
    notice = page.locator("#notice[role=alert]")
    notice.wait_for()
    assert "refused to store that move" in notice.text_content()
    frame.locator("#table-root").wait_for()
    assert version(frame) == kept  # the table as it was, not the refused move
    page.workers[0].evaluate(ALLOW_WRITES)  # space again: the next move is stored
    page.reload()  # and what is stored is the game before the refused move
    frame = table_frame(page)
    assert version(frame) == kept
    _, data = click_die_move(frame, settle(frame))
    assert version(frame) != kept
    page.reload()
    frame = table_frame(page)
    assert version(frame) != kept
    assert [e for e in page.errors if "status of 503" not in e] == []
    context.close()


def test_games_move_between_the_browser_and_the_command_line_both_ways(
    playwright: Any, chromium: str, browser_args: list[str], site_url: str, tmp_path: Path
) -> None:
    """A terminal save imported into the browser and finished there; the finished game
    exported and checked by ``solotable replay --check``: the same seed and moves."""
    terminal = GameSession.start("dice-miner", {}, [Seat()], seed=SEED, clocks=False)
    for _ in range(3):
        terminal.play(0, terminal.legal_moves(0)[0][0])
    save = tmp_path / "from-the-terminal.json"
    write_save(save, terminal)
    context, page, frame = opened(playwright, chromium, browser_args, tmp_path, site_url)
    frame.locator("details.import-games > summary, summary:has-text('Import a game')").first.click()
    frame.locator("form.import-form input[type=file]").set_input_files(str(save))
    frame.get_by_role("button", name="Import", exact=True).click()
    frame.wait_for_url(re.compile(r".*/games/[\w-]+$"))
    data = settle(frame)
    unfinished_export = export(page, frame, tmp_path / "unfinished.json")
    doc = json.loads(unfinished_export.read_text("utf-8"))
    assert str(SEED) not in unfinished_export.read_text("utf-8")
    assert unseal(doc["sealed"]) == {"seed": SEED, "actions": terminal.record(reveal=True).actions}
    played = []
    while data["moves"]:
        move, data = click_die_move(frame, data)
        played.append(move)
        assert len(played) < 400
    frame.locator(".end-screen").wait_for()
    record_file = export(page, frame, tmp_path / "finished.json")
    record = json.loads(record_file.read_text("utf-8"))
    assert record["seed"] == SEED
    assert record["actions"][: len(terminal.record(reveal=True).actions)] == (
        terminal.record(reveal=True).actions
    )
    checked = subprocess.run(
        [sys.executable, "-m", "solotable", "replay", "--check", str(record_file)],
        capture_output=True,
        text=True,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    replayed = GameSession.from_actions(
        terminal.game, [Seat()], SEED, record["actions"], agents=False
    )
    assert replayed.is_over()
    for move in played:  # every move clicked in the browser is in the file, in order
        assert any(p.notation == move for p in replayed.plies)
    assert page.errors == []
    context.close()


def export(page: Any, frame: Any, to: Path) -> Path:
    with page.expect_download() as info:
        frame.get_by_role("link", name="Export this game").click()
    info.value.save_as(to)
    return to


@pytest.mark.parametrize(
    ("game", "options"),
    [("mini-divercity", {}), ("dice-miner", {}), ("51st-state", {"faction": "new-york"})],
)
def test_an_unfinished_game_leaves_no_secret_in_the_page_its_address_or_storage(
    playwright: Any,
    chromium: str,
    browser_args: list[str],
    site_url: str,
    tmp_path: Path,
    game: str,
    options: dict[str, str],
) -> None:
    context, page, frame = opened(playwright, chromium, browser_args, tmp_path, site_url)
    new_game(frame, site_url, game, SEED, options or None)
    engine = GameSession.start(game, options, [Seat()], seed=SEED, clocks=False)
    for _ in range(10):
        settle(frame)
        legal = engine.legal_moves(0)
        if not legal:
            break
        move = legal[len(legal) // 2][1]
        before = version(frame)
        frame.evaluate(
            """async (m) => { (await import("/static/table.js")).play(m, true); }""", move
        )
        engine.play(0, move)
        frame.locator(f"#table-root:not([data-version='{before}'])").wait_for()
    settle(frame)
    assert not engine.is_over()
    public = {p.notation for p in engine.plies if p.public}
    hidden = {p.notation for p in engine.plies if not p.public} - public
    if game == "mini-divercity":
        assert hidden, "the game should have drawn face-down cards"
    stored = page.evaluate(STORED_FILES)
    assert any(k.endswith("solotable.db") for k in stored)
    blobs = b"".join(base64.b64decode(v) for v in stored.values())
    places = {
        "the table's page": frame.content(),
        "the shell page": page.content(),
        "the address bar": page.url + " " + frame.url,
        "the pages' storage": json.dumps(
            [
                f.evaluate("() => [{...localStorage}, {...sessionStorage}]")
                for f in (page.main_frame, frame)
            ]
        ),
        "IndexedDB": blobs.decode("latin-1"),
    }
    for where, text in places.items():
        assert str(SEED) not in text, where
        for notation in hidden:
            assert notation not in text, (where, notation)
    context.close()
