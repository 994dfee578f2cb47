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


def test_agents_page_examples_run_and_show_the_example_file(monkeypatch) -> None:
    """docs/agents.md runs, and its listing is examples/lookahead_agent.py's code verbatim."""
    monkeypatch.chdir(DOCS.parent)  # the page puts "examples" on sys.path, from the project root
    result = doctest.testfile(
        str(DOCS / "agents.md"),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert result.attempted >= 5
    assert result.failed == 0
    page = (DOCS / "agents.md").read_text("utf-8")
    listing = page.split("```python\n", 1)[1].split("```", 1)[0]
    code = (DOCS.parent / "examples" / "lookahead_agent.py").read_text("utf-8")
    assert listing.strip() in code
    assert listing.count("\n") > 20
