"""Where the user's data lives, settings keys, and the old best-score file.

Best scores are now queries over the play store (``session.store``). This module
keeps what the store needs from before: the data folder (``SOLOTABLE_HOME``
overrides the platform's user data folder, which tests use), the key that
makes scores comparable, and a tolerant reader of the old
``best_scores.json`` so it can be imported once. A damaged old file is
reported, never a crash (a non-UTF-8 byte used to stop every game).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import platformdirs


def data_home() -> Path:
    """The folder of the store: ``SOLOTABLE_HOME``, else the user data folder."""
    env = os.environ.get("SOLOTABLE_HOME")
    if env:
        return Path(env).expanduser()
    return Path(platformdirs.user_data_dir("solotable", appauthor=False))


def settings_key(game: str, settings: Mapping[str, Any]) -> str:
    """A stable key for a game and the settings that make scores comparable."""
    parts = ",".join(f"{k}={settings[k]}" for k in sorted(settings))
    return f"{game}[{parts}]"


def read_legacy_scores(path: Path) -> tuple[dict[str, float], str | None]:
    """The old best-score file as ``{key: score}``, and a warning if it was unusable.

    Used once, when the store is created; an unreadable file yields no
    scores and a message, and is left where it is.
    """
    try:
        text = path.read_text("utf-8")
    except FileNotFoundError:
        return {}, None
    except (OSError, UnicodeDecodeError) as e:
        return {}, f"old best scores {path} not imported: {e}"
    try:
        doc = json.loads(text)
    except ValueError as e:
        return {}, f"old best scores {path} not imported: not valid JSON ({e})"
    if not isinstance(doc, dict):
        return {}, f"old best scores {path} not imported: expected an object of key -> number"
    scores = {
        k: float(v)
        for k, v in doc.items()
        if isinstance(k, str) and isinstance(v, int | float) and not isinstance(v, bool)
    }
    skipped = len(doc) - len(scores)
    warning = f"old best scores {path}: {skipped} malformed entries skipped" if skipped else None
    return scores, warning
