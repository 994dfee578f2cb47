"""``solotable serve``: loopback by default, a warning otherwise, a clear error for a busy port."""

from __future__ import annotations

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


def test_serve_starts_uvicorn_on_loopback_and_warns_otherwise(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("SOLOTABLE_HOME", str(tmp_path))  # never the user's own store
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
