"""Reading JSON files with errors a person can act on.

Data files (cards, dice, assumptions), user-supplied replacements of them and
game records all go through here, so every bad file is reported the same way:
the file, then the line and column where the JSON breaks.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from solotable.core.errors import DataFileError, SolotableError


def parse_json(text: str, source: str, error: type[SolotableError] = DataFileError) -> Any:
    """``json.loads`` whose failure names ``source``, the line and the column."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise error(
            f"{source}: not valid JSON at line {e.lineno} column {e.colno}: {e.msg}"
        ) from None


def read_json(path: str | Path, what: str, error: type[SolotableError] = DataFileError) -> Any:
    """Read and parse a JSON file given by a user; ``what`` says what it should be."""
    p = Path(path).expanduser()
    try:
        text = p.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as e:
        reason = getattr(e, "strerror", None) or str(e)
        raise error(f"{what} {str(path)!r}: cannot read it ({reason})") from None
    return parse_json(text, str(path), error)
