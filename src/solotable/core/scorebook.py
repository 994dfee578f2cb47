"""Best scores kept across restarts, per game and settings.

Stored as a small JSON file in the user's data folder (``SOLOTABLE_HOME``
overrides it, which tests use). A missing or corrupt file never stops a game:
it is reported and set aside, and a fresh book is started.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any


def data_home() -> Path:
    env = os.environ.get("SOLOTABLE_HOME")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "solotable"


def settings_key(game: str, settings: Mapping[str, Any]) -> str:
    """A stable key for a game and the settings that make scores comparable."""
    parts = ",".join(f"{k}={settings[k]}" for k in sorted(settings))
    return f"{game}[{parts}]"


class ScoreBook:
    """Best score per settings key; ``warning`` says if the file was unusable."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or data_home() / "best_scores.json"
        self.warning: str | None = None
        self._best: dict[str, float] = self._load()

    def _load(self) -> dict[str, float]:
        try:
            text = self.path.read_text("utf-8")
        except FileNotFoundError:
            return {}
        except OSError as e:
            self.warning = f"cannot read {self.path}: {e}"
            return {}
        try:
            doc = json.loads(text)
            if not isinstance(doc, dict) or not all(
                isinstance(k, str) and isinstance(v, int | float) and not isinstance(v, bool)
                for k, v in doc.items()
            ):
                raise ValueError("expected an object of key -> number")
        except ValueError as e:
            self.warning = f"{self.path} is corrupt ({e}); starting a new best-score file"
            with contextlib.suppress(OSError):
                self.path.replace(self.path.with_name(self.path.name + ".corrupt"))
            return {}
        return {k: float(v) for k, v in doc.items()}

    def best(self, key: str) -> float | None:
        return self._best.get(key)

    def submit(self, key: str, score: float) -> tuple[float | None, bool]:
        """Record a score; returns (previous best, whether it is a new best)."""
        previous = self._best.get(key)
        is_new = previous is None or score > previous
        if is_new:
            self._best[key] = score
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                tmp = self.path.with_name(self.path.name + ".tmp")
                tmp.write_text(json.dumps(self._best, indent=1, sort_keys=True), "utf-8")
                tmp.replace(self.path)
            except OSError as e:
                self.warning = f"cannot save best scores to {self.path}: {e}"
        return previous, is_new
