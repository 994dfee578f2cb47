"""Issue 19: a stored game whose seat names a module (``os:system``, a planted module, a
nested spec) is not continued by the web table, and nothing is imported: the web table
builds registered agents only (plug-ins come from the command line)."""

from __future__ import annotations

import json
import sqlite3
import sys
from pathlib import Path
from typing import Any

import pytest

from solotable.core import registry
from solotable.session.session import GameSession, Seat


@pytest.mark.parametrize("spec", ["os:system", "PLANTED:Bot", "pimc:base=PLANTED:Bot"])
def test_the_lobby_does_not_continue_a_stored_game_that_names_code(
    client: Any, store: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, spec: str
) -> None:
    marker = tmp_path / "IMPORTED"
    (tmp_path / "planted_web_module.py").write_text(
        f"import pathlib\npathlib.Path({str(marker)!r}).write_text('imported')\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(registry, "_NAMED_PLUGINS", set())
    spec = spec.replace("PLANTED", "planted_web_module")
    session = GameSession.start("divercite", {}, [Seat(), Seat("random")], seed=3, store=store)
    with sqlite3.connect(store.path) as conn:
        seats = json.dumps([{"agent": None}, {"agent": spec}])
        conn.execute("UPDATE games SET seats = ? WHERE id = ?", (seats, session.id))
    conn.close()
    r = client.get(f"/games/{session.id}")
    assert r.status_code == 404 and "plug-in" in r.text
    assert client.get("/").status_code == 200
    assert not marker.exists() and "planted_web_module" not in sys.modules
