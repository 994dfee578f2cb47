"""A real ``solotable serve`` process and a small HTTP client that plays through it.

The durability tests signal and kill the server (SIGTERM, SIGINT, SIGKILL), so
it must be a process of its own, started the way a player starts it. The
client speaks to it as the page's script does: a POST with the page's origin,
the fragment header and the table's version, and counts a move as
acknowledged only when the answer says it was played.
"""

from __future__ import annotations

import http.client
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

from tests.web.conftest import free_port

ROOT = Path(__file__).resolve().parents[2]
VERSION = re.compile(r'data-version="([^"]+)"')
MOVE = re.compile(r'data-move="([^"]+)"')


def ply_of(version: str) -> int:
    """The ply named by a table version (``undos-ply-hints``)."""
    return int(version.split("-")[1])


class Served:
    """``python -m solotable serve`` on a free port, over the store in ``home``."""

    def __init__(self, home: Path, **env: str) -> None:
        self.home = home
        self.port = free_port()
        self.origin = f"http://127.0.0.1:{self.port}"
        self.env = {
            **os.environ,
            "SOLOTABLE_HOME": str(home),
            "PYTHONPATH": f"{ROOT / 'src'}:{ROOT}",
            **env,
        }
        self.proc: subprocess.Popen[str] | None = None

    def start(self) -> Served:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "solotable", "serve", "--no-browser", "--port", str(self.port)],
            cwd=ROOT,
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        end = time.monotonic() + 30
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                raise RuntimeError(f"serve exited: {self.proc.communicate()}")
            try:
                if self.request("GET", "/")[0] == 200:
                    return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("serve did not answer")

    def stop(self, sig: int = signal.SIGTERM, timeout: float = 30) -> int:
        """Send ``sig`` and wait for the process to end; its exit status."""
        assert self.proc is not None
        self.proc.send_signal(sig)
        try:
            return self.proc.wait(timeout)
        finally:
            self.proc.communicate()

    def __enter__(self) -> Served:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.communicate()

    # -- HTTP ------------------------------------------------------------------------
    def request(
        self, method: str, path: str, form: dict[str, str] | None = None
    ) -> tuple[int, str, dict[str, str]]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            headers = {"Origin": self.origin, "X-Fragment": "1"}
            body = None
            if form is not None:
                body = urlencode(form)
                headers["Content-Type"] = "application/x-www-form-urlencoded"
            conn.request(method, path, body=body, headers=headers)
            r = conn.getresponse()
            return r.status, r.read().decode("utf-8"), dict(r.getheaders())
        finally:
            conn.close()

    def new_game(self, game: str, **form: str) -> str:
        status, _, headers = self.request("POST", "/games", {"game": game, **form})
        assert status == 303, status
        return headers["location"].rsplit("/", 1)[1]

    def table(self, game_id: str) -> str:
        status, html, _ = self.request("GET", f"/games/{game_id}/table")
        assert status == 200, html[:300]
        return html


def first_moves(html: str) -> list[str]:
    return MOVE.findall(html)


def version_of(html: str) -> str:
    found = VERSION.search(html)
    assert found, html[:300]
    return found.group(1)
