"""Issue 19 in Chromium: a rebound name cannot use the table, and the owner's link can.

DNS rebinding: Chromium resolves ``evil.example`` to 127.0.0.1 (``--host-resolver-rules``),
so a page of ``http://evil.example:<port>`` is, for the browser, the same origin as a table
listening on that port. The attacker's page is served by Playwright (the first DNS answer,
pointing at the attacker's server); its script's requests then go to a real
``solotable serve`` started by the test. They must read no game id, create no game and
resign none.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.web.conftest import CHROMIUM_ARGS, LiveServer, chromium_path, free_port

pytestmark = pytest.mark.xdist_group("browser")

RESOLVER = "--host-resolver-rules=MAP evil.example 127.0.0.1, MAP table.lan 127.0.0.1"
NO_LNA = "--disable-features=" + ",".join(
    (
        "LocalNetworkAccessChecks",
        "BlockInsecurePrivateNetworkRequests",
        "PrivateNetworkAccessSendPreflights",
    )
)
"""Recent Chromium asks the user before a public page reaches a local address (Local Network
Access); the test turns that off to play a browser without it (or a user who clicked "Allow"):
the table must refuse on its own."""
TOKEN = "owner-token-for-the-browser-test-0123456789"

ATTACK = """<!doctype html><title>cute cats</title><script>
async function attempt(name, request) {
  try {
    const r = await request();
    window.results[name] = { status: r.status, body: r.type === "opaque" ? "" : await r.text() };
  } catch (e) {
    window.results[name] = { error: String(e) };
  }
}
window.results = {};
window.attack = async (id, port) => {
  const post = { method: "POST", redirect: "manual", headers: { "X-Fragment": "1" } };
  await attempt("lobby", () => fetch("/"));
  await attempt("page", () => fetch(`/games/${id}`));
  const form = new URLSearchParams({ game: "dice-miner" });
  await attempt("create", () => fetch("/games", { ...post, body: form }));
  await attempt("resign", () => fetch(`/games/${id}/resign`, post));
  // The classic cross-site request, for comparison: refused by the Origin check.
  const direct = `http://127.0.0.1:${port}/games/${id}/resign`;
  await attempt("direct", () => fetch(direct, { method: "POST", mode: "no-cors" }));
  return window.results;
};
</script>"""


@pytest.fixture(scope="module")
def rebinding_browser(browser: Any) -> Iterator[Any]:
    """A second Chromium, from the same Playwright, whose resolver maps our test names."""
    b = browser.browser_type.launch(
        executable_path=chromium_path(), args=[*CHROMIUM_ARGS, RESOLVER, NO_LNA]
    )
    yield b
    b.close()


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    """``solotable serve`` as a player starts it (default host, a free port), in a process."""
    port = free_port()
    env = {**os.environ, "SOLOTABLE_HOME": str(tmp_path)}
    cmd = [sys.executable, "-m", "solotable", "serve", "--no-browser", "--port", str(port)]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        for _ in range(300):
            if proc.poll() is not None:
                out = proc.stdout.read().decode() if proc.stdout else ""
                raise RuntimeError(f"solotable serve exited: {out}")
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.05)
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_a_rebound_page_reads_no_game_and_changes_none(rebinding_browser, served) -> None:
    port = int(served.rsplit(":", 1)[1])
    owner = httpx.Client(base_url=served, headers={"origin": served})
    r = owner.post("/games", data={"game": "dice-miner"})
    assert r.status_code == 303
    game_id = r.headers["location"].rsplit("/", 1)[1]
    context = rebinding_browser.new_context()
    try:
        page = context.new_page()
        evil = f"http://evil.example:{port}"
        page.route(
            f"{evil}/cats", lambda route: route.fulfill(body=ATTACK, content_type="text/html")
        )
        page.goto(f"{evil}/cats")
        results = page.evaluate("([id, port]) => window.attack(id, port)", [game_id, port])
        # The attacker's requests reached solotable (its refusal sentence), and got nothing.
        for name in ("lobby", "page", "create", "resign"):
            got = results[name]
            assert 400 <= got.get("status", 0) < 500, (name, results)
            assert game_id not in got["body"], name
        assert "answers only at the address it was started on" in results["lobby"]["body"]
        # The same browser, at the table's own address, sees the game (the setup works).
        page.goto(served + "/")
        assert game_id in page.content()
        page.goto(f"{evil}/")
        assert "answers only at the address" in page.content() and game_id not in page.content()
    finally:
        context.close()
    lobby = owner.get("/").text
    # Exactly one game to continue: the attacker's "create" made none.
    assert lobby.count('href="/games/') == 1 and game_id in lobby, "a game was created"
    assert "Game over" not in owner.get(f"/games/{game_id}").text, "the game was not resigned"


@pytest.fixture
def private_table(store: Any) -> Iterator[LiveServer]:
    """A table as ``serve --host`` off loopback runs it (the token needed), reached by the
    name ``table.lan``; it listens on 127.0.0.1 so the test opens no port to the network."""
    with LiveServer(store, allow=("table.lan",), token=TOKEN) as server:
        yield server


def test_the_owner_link_opens_the_table_and_nothing_else_does(rebinding_browser, private_table):
    base = f"http://table.lan:{private_table.port}"
    stranger = rebinding_browser.new_context()
    owner = rebinding_browser.new_context()
    try:
        page = stranger.new_page()
        response = page.goto(base + "/")
        assert response.status == 403 and "Ask the owner of this computer" in page.content()
        assert page.locator("link[rel=stylesheet]").count() == 1  # the page is styled
        response = page.goto(base + "/?token=not-the-token")
        assert response.status == 403
        # The owner's link, clicked on another site (a chat, a mail): SameSite=Strict still
        # lets it in: the cookie is set on the way and the table's own page moves on to "/".
        page = owner.new_page()
        chat = f"http://evil.example:{private_table.port}/chat"
        link = f'<!doctype html><a id="link" href="{base}/?token={TOKEN}">the table</a>'
        page.route(chat, lambda route: route.fulfill(body=link, content_type="text/html"))
        page.goto(chat)
        page.click("#link")
        page.wait_for_url(base + "/")
        page.locator("form.new-game").first.wait_for()
        assert page.url == base + "/", (page.url, page.content()[:800])
        assert page.evaluate("document.cookie") == "", "the cookie is HttpOnly"
        page.locator("form.new-game").first.locator("button[type=submit]").click()
        page.wait_for_url(f"{base}/games/*")
        assert page.locator("#table-root").count() == 1
        cookies = owner.cookies()
        assert [(c["name"], c["httpOnly"], c["sameSite"]) for c in cookies] == [
            (f"solotable-token-{private_table.port}", True, "Strict")
        ]
        # A stranger still gets the refusal on the game's own address.
        assert stranger.new_page().goto(page.url).status == 403
    finally:
        stranger.close()
        owner.close()
