"""Fixtures of the words checks: a store in a temporary data folder, the worded toy game."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.words.web_table import worded  # noqa: F401  (a fixture)


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
