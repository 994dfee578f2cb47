"""Fixtures for the web table: an app over a temporary store, a real server, a browser.

The browser is Debian's chromium driven by Playwright (its own download is
not reachable here). Without chromium the browser tests skip with one visible
line, unless ``SOLOTABLE_REQUIRE_BROWSER=1`` (set by ``.ci/run``) makes that a failure.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.browser_helpers import ANSWERED_ONCE

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
_skipped: list[str] = []


def chromium_path() -> str | None:
    path = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    return path if path and Path(path).exists() else None


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SOLOTABLE_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def store(home: Path) -> Iterator[Any]:
    from solotable.session.store import Store

    s = Store(home / "solotable.db")
    yield s
    s.close()


@pytest.fixture
def client(store: Any) -> Iterator[Any]:
    from fastapi.testclient import TestClient

    from solotable.web.app import create_app
    from tests.web.serving import allow_testserver

    app = create_app(store, access=allow_testserver())
    with TestClient(app, headers={"origin": "http://testserver"}) as c:
        yield c


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LiveServer:
    """uvicorn serving the real app in a thread, on a free loopback port; ``allow`` and
    ``token`` as ``solotable serve --allow-host`` and off-loopback serving would set them;
    ``pseudo`` also offers the pseudo-locale ``qps`` (the words checks)."""

    def __init__(
        self,
        store: Any,
        allow: tuple[str, ...] = (),
        token: str | None = None,
        pseudo: bool = False,
    ) -> None:
        import uvicorn

        from solotable.web.access import Access
        from solotable.web.app import create_app

        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        access = Access.serving("127.0.0.1", self.port, allow, token)
        app = create_app(store, access=access, pseudo=pseudo)
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        end = time.monotonic() + 15
        while not self.server.started:
            if time.monotonic() > end or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


@pytest.fixture
def live_server(store: Any) -> Iterator[LiveServer]:
    with LiveServer(store) as server:
        yield server


def require_chromium() -> str:
    """Debian's chromium, or a visible skip (a failure under SOLOTABLE_REQUIRE_BROWSER=1)."""
    path = chromium_path()
    if path is None:
        reason = "browser tests skipped: no chromium (apt-get install chromium, or set CHROMIUM)"
        if os.environ.get("SOLOTABLE_REQUIRE_BROWSER") == "1":
            pytest.fail(reason.replace("skipped", "required") + " and SOLOTABLE_REQUIRE_BROWSER=1")
        _skipped.append(reason)
        pytest.skip(reason)
    return path


@pytest.fixture(scope="session")
def browser(playwright: Any) -> Iterator[Any]:
    """One Chromium for the server's browser tests (Playwright: ``tests/conftest.py``)."""
    path = require_chromium()
    b = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
    yield b
    b.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh page that records console errors and failed requests (asserted empty)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    pg = context.new_page()
    pg.errors = []
    pg.on("console", lambda m: pg.errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    # A request the browser itself cancels because the page navigated on (a favicon still
    # loading when the test clicks a link) is not a failure of the table: net::ERR_ABORTED.
    pg.on(
        "requestfailed",
        lambda r: (
            None
            if r.failure == "net::ERR_ABORTED"
            else pg.errors.append(f"request failed: {r.url} ({r.failure})")
        ),
    )
    pg.context.add_init_script(ANSWERED_ONCE)  # t-reveal: see browser_helpers.ANSWERED_ONCE
    yield pg
    context.close()


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """One visible line when the browser tests were skipped (also under xdist, where the
    skip happened in a worker and only its report reaches this process)."""
    reasons = set(_skipped)
    for report in terminalreporter.stats.get("skipped", []):
        text = str(getattr(report, "longrepr", ""))
        if "browser tests skipped" in text:
            reasons.add(text[text.index("browser tests skipped") :].split("'")[0].strip())
    for reason in sorted(reasons)[:1]:
        terminalreporter.write_line(reason, yellow=True)


WEB_HINT_BUDGET = "spimc:samples=4,upto=8"
"""The solo games' hint and review agent in the web tests: the same rules, 8 deals at most."""


@pytest.fixture(autouse=True)
def small_hint_budgets(monkeypatch: pytest.MonkeyPatch) -> None:
    """Web tests check pages, not the search's strength: since issue 25 a review uses the
    hint's own budget (about a CPU second per decision), which would make every replay
    review of a whole game a minute long. The real budget is measured in
    bench/hint_stability.py and docs/ai.md."""
    from solotable import load_game
    from tests.hint_agents import use_hint_agent

    for name in ("dice-miner", "mini-divercity", "51st-state"):
        if load_game(name).info.hint_agent.startswith("spimc"):
            use_hint_agent(monkeypatch, name, WEB_HINT_BUDGET)
