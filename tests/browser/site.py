"""The browser build as a player meets it: ``make site``'s folder on a plain static file server,
opened in Debian's Chromium with a profile of its own (kept on disk, so a test can close the
browser mid-game and open it again on the same storage), online or with the network cut.
"""

from __future__ import annotations

import fcntl
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tests.web.browser_helpers import ANSWERED_ONCE

ROOT = Path(__file__).resolve().parents[2]
BOOT_TIMEOUT = 90_000
"""ms: a first visit on a loaded 2-core machine loads and compiles 13 MB of WebAssembly."""


def build_site(out: Path) -> Path:
    """``tools/build_site.py`` into ``out`` (the download cache is shared: one build at a time
    fills it, so xdist workers wait for each other here)."""
    lock = ROOT / "build" / "site-cache.lock"
    lock.parent.mkdir(parents=True, exist_ok=True)
    with lock.open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        done = subprocess.run(
            [sys.executable, str(ROOT / "tools" / "build_site.py"), "--out", str(out)],
            capture_output=True,
            text=True,
        )
    assert done.returncode == 0, done.stderr
    return out


def wait_for_port(port: int, proc: subprocess.Popen[Any], seconds: float = 20) -> None:
    """Until something listens on ``port`` (RuntimeError if ``proc`` exits first)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{proc.args!r} exited with {proc.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing listens on port {port} after {seconds} s")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def static_server(folder: Path) -> Iterator[str]:
    """``python -m http.server`` on ``folder``: any static host would do."""
    port = free_port()
    cmd = [sys.executable, "-m", "http.server", "-d", str(folder), "--bind", "127.0.0.1", str(port)]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for_port(port, proc)
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        proc.wait(10)


def open_profile(
    playwright: Any, chromium: str, args: list[str], profile: Path, lang: str = "en"
) -> Any:
    """A browser on ``profile`` (its service worker, cache and IndexedDB kept on disk)."""
    locale = {"en": "en-GB", "fr": "fr-FR"}[lang]
    context = playwright.chromium.launch_persistent_context(
        str(profile),
        executable_path=chromium,
        args=args,
        locale=locale,
        viewport={"width": 412, "height": 860},
        bypass_csp=True,
        accept_downloads=True,
    )
    context.add_init_script(ANSWERED_ONCE)  # t-reveal: see browser_helpers.ANSWERED_ONCE
    return context


def watch(page: Any) -> Any:
    """Record the page's console errors and failed requests (tests assert none)."""
    page.errors = []
    page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return page


def table_frame(page: Any, url: str | None = None, timeout: float = BOOT_TIMEOUT) -> Any:
    """Open the site (``url``) or wait for it to start again (a reload), then the table's frame
    once the worker is up and its first page is drawn."""
    if url is not None:
        page.goto(url + "/")
    page.wait_for_function("document.body.dataset.ready === 'true'", timeout=timeout)
    frame = page.locator("#table").element_handle().content_frame()
    frame.wait_for_load_state()
    frame.locator("header.topbar").wait_for()
    return frame


def boot_timings(page: Any) -> dict[str, float]:
    return dict(page.evaluate("window.solotableTimings"))
