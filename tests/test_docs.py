"""The examples in the documentation run: a doc that teaches the API must stay true."""

from __future__ import annotations

import doctest
from pathlib import Path

DOCS = Path(__file__).resolve().parents[1] / "docs"


def test_architecture_examples_run() -> None:
    result = doctest.testfile(
        str(DOCS / "architecture.md"),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert result.attempted >= 8
    assert result.failed == 0
