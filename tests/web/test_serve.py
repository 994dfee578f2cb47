"""``solotable serve``: loopback by default, a warning otherwise, a clear error for a busy port."""

from __future__ import annotations

import re
import socket

import uvicorn
from typer.testing import CliRunner

from solotable.cli.main import app
from solotable.web.cli import DEFAULT_PORT, is_loopback, port_problem, url_for


def test_loopback_and_urls() -> None:
    assert is_loopback("127.0.0.1") and is_loopback("localhost") and is_loopback("::1")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.5")
    assert url_for("0.0.0.0", 9000) == "http://127.0.0.1:9000/"
    assert url_for("::1", 9000) == "http://[::1]:9000/"


def test_serve_starts_uvicorn_on_loopback_and_warns_otherwise(monkeypatch, home) -> None:
    calls: list[dict] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append(kw))
    monkeypatch.setattr("solotable.web.cli.port_problem", lambda host, port: None)
    runner = CliRunner()
    r = runner.invoke(app, ["serve", "--no-browser"])
    assert r.exit_code == 0, r.output
    assert calls[-1] == {"host": "127.0.0.1", "port": DEFAULT_PORT, "log_level": "warning"}
    assert "warning" not in r.output
    r = runner.invoke(app, ["serve", "--no-browser", "--host", "0.0.0.0", "--port", "9001"])
    assert r.exit_code == 0 and "warning: listening on 0.0.0.0" in r.output
    assert "http://127.0.0.1:9001/" in r.output


def test_a_busy_port_is_a_message_and_exit_status_2() -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert port_problem("127.0.0.1", port)
        r = CliRunner().invoke(app, ["serve", "--no-browser", "--port", str(port)])
    assert r.exit_code == 2 and "cannot listen" in r.output


def _serve(monkeypatch, *args: str) -> tuple[object, str]:
    """Run ``solotable serve`` with uvicorn replaced: the app it would serve and its output."""
    apps: list[object] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: apps.append(app))
    monkeypatch.setattr("solotable.web.cli.port_problem", lambda host, port: None)
    r = CliRunner().invoke(app, ["serve", "--no-browser", *args])
    assert r.exit_code == 0, r.output
    return apps[-1], r.output


def test_serve_answers_only_its_own_addresses_and_allow_host_adds_one(monkeypatch, home) -> None:
    from fastapi.testclient import TestClient

    served, output = _serve(monkeypatch, "--port", "9002", "--allow-host", "play.lan")
    assert "token" not in output
    with TestClient(served, base_url="http://127.0.0.1:9002") as c:
        assert c.get("/").status_code == 200  # loopback: no token
        for host in ("localhost:9002", "[::1]:9002", "play.lan:9002"):
            assert c.get("/", headers={"host": host}).status_code == 200, host
        for host in ("evil.example:9002", "127.0.0.1:8765", "play.lan:9003"):
            assert c.get("/", headers={"host": host}).status_code == 400, host
    r = CliRunner().invoke(app, ["serve", "--no-browser", "--allow-host", "bad name/x"])
    assert r.exit_code == 2 and "allow-host" in r.output


def test_serve_off_loopback_prints_a_link_with_a_token(monkeypatch, home) -> None:
    """Like Jupyter: the printed link carries a random token, which opens the table once and
    becomes a cookie; without it, only the "ask for the link" page."""
    from fastapi.testclient import TestClient

    served, output = _serve(monkeypatch, "--host", "192.0.2.10", "--port", "9003")
    links = re.findall(r"http://192\.0\.2\.10:9003/\?token=([A-Za-z0-9_-]+)", output)
    assert links and len(set(links)) == 1 and len(links[0]) >= 40
    assert "not encrypted" in output
    _, again = _serve(monkeypatch, "--host", "192.0.2.10", "--port", "9003")
    assert links[0] not in again  # a new token each time
    with TestClient(served, base_url="http://192.0.2.10:9003") as c:
        r = c.get("/")
        assert r.status_code == 403 and "Ask the owner" in r.text
        r = c.get("/", params={"token": links[0]})
        assert r.status_code == 200 and "set-cookie" in r.headers
        assert 'name="opt.magic_dice"' in c.get("/").text  # the lobby, by the cookie
        assert c.get("/rules/divercite").status_code == 200
    _, output = _serve(monkeypatch, "--host", "0.0.0.0", "--port", "9004")
    assert re.search(r"http://127\.0\.0\.1:9004/\?token=[A-Za-z0-9_-]{40,}", output)
    assert "from another device: http://" in output
