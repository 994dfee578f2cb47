"""Where the store lives, the key that makes best scores comparable, and the old file's encoding."""

from __future__ import annotations

import locale
from pathlib import Path

import platformdirs
import platformdirs.windows
import pytest

from solotable.core.scorebook import data_home, read_legacy_scores, settings_key


@pytest.fixture
def plain_env(monkeypatch, tmp_path):
    """No override, no XDG folder: the home folder is a temporary one."""
    monkeypatch.delenv("SOLOTABLE_HOME", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    return tmp_path


def test_the_default_data_folder_is_the_xdg_one(plain_env):
    assert data_home() == plain_env / "home" / ".local" / "share" / "solotable"


def test_xdg_data_home_moves_the_data_folder(plain_env, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(plain_env / "xdg"))
    assert data_home() == plain_env / "xdg" / "solotable"


def test_solotable_home_wins_over_xdg_and_expands_the_tilde(plain_env, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(plain_env / "xdg"))
    monkeypatch.setenv("SOLOTABLE_HOME", "~/games")
    assert data_home() == plain_env / "home" / "games"


def test_an_empty_solotable_home_is_no_override(plain_env, monkeypatch):
    monkeypatch.setenv("SOLOTABLE_HOME", "")
    assert data_home() == plain_env / "home" / ".local" / "share" / "solotable"


def test_on_windows_the_folder_has_no_author_level(plain_env, monkeypatch):
    r"""platformdirs on Windows puts ``appauthor`` above the app's folder unless it is False:
    the store is ``%LOCALAPPDATA%\solotable``, not ``solotable\solotable``."""
    local = plain_env / "AppData" / "Local"
    monkeypatch.setattr(platformdirs, "PlatformDirs", platformdirs.windows.Windows)
    monkeypatch.setattr(platformdirs.windows, "get_win_folder", lambda _name: str(local))
    assert data_home() == local / "solotable"


@pytest.mark.parametrize(
    ("settings", "key"),
    [
        ({"b": 1, "a": 2}, "g[a=2,b=1]"),
        ({"variant": "expert"}, "g[variant=expert]"),
        ({}, "g[]"),
    ],
)
def test_settings_key_is_the_sorted_settings(settings, key):
    assert settings_key("g", settings) == key


def test_the_old_file_is_read_as_utf8_whatever_the_locale(tmp_path):
    """Best-score keys hold game and option names; a user whose locale is not UTF-8 (ASCII
    here, cp1252 on many Windows machines) must still get them back, not a warning."""
    path = tmp_path / "best.json"
    path.write_bytes('{"caf\u00e9[a=1]": 12}'.encode())
    saved = locale.setlocale(locale.LC_CTYPE)
    try:
        locale.setlocale(locale.LC_CTYPE, "C")
        result = read_legacy_scores(Path(path))
    finally:
        locale.setlocale(locale.LC_CTYPE, saved)
    assert result == ({"caf\u00e9[a=1]": 12.0}, None)
