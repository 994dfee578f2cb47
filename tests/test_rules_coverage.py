"""Every RULES_COVERAGE.md stays true: each test it names exists.

A coverage table names its tests in full, as `` `test_area.py::test_name` ``
(relative to the table's folder), so a reader can jump straight to the test
and a renamed or deleted test breaks this check instead of the table lying.
Each rule row (``| N | …``) names at least one test unless its status says
``n/a`` (nothing to implement).

A table with a last column *Kills* names, in each row that has tests here, the mutant(s)
those tests kill (mutmut's names, relative to the game's package); ``make mutation``
(``tools/mutation.py``) checks that the row's tests pass on the real code and fail on each.
This test checks that every such row names one, or says ``outside: …`` when its tests
pin only code outside the mutated files (a data file's loader, the CLI).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parent / "games"
TABLES = sorted(GAMES.glob("*/RULES_COVERAGE.md"))
REF = re.compile(r"`([\w/]+\.py)::(\w+)`")
ROW = re.compile(r"^\|\s*[A-Za-z]?\d+[a-z]?\s*\|")


def _test_names(path: Path) -> set[str]:
    tree = ast.parse(path.read_text("utf-8"))
    return {
        node.name
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test")
    }


def _missing(table: Path) -> list[str]:
    cache: dict[Path, set[str]] = {}
    missing = []
    for file, name in REF.findall(table.read_text("utf-8")):
        path = table.parent / file
        if not path.is_file():
            missing.append(f"{file} (no such file)")
            continue
        if path not in cache:
            cache[path] = _test_names(path)
        if name not in cache[path]:
            missing.append(f"{file}::{name}")
    return missing


def test_there_are_coverage_tables() -> None:
    assert len(TABLES) == 4


@pytest.mark.parametrize("table", TABLES, ids=lambda p: p.parent.name)
def test_every_named_test_exists(table: Path) -> None:
    assert not _missing(table), f"{table.parent.name}: {_missing(table)}"


@pytest.mark.parametrize("table", TABLES, ids=lambda p: p.parent.name)
def test_every_rule_row_names_a_test(table: Path) -> None:
    bare = [
        line[:70]
        for line in table.read_text("utf-8").splitlines()
        if ROW.match(line) and not REF.search(line) and "n/a" not in line
    ]
    assert not bare, f"{table.parent.name}: rows without a full test name: {bare}"


def test_a_missing_test_is_reported(tmp_path: Path) -> None:
    """The check can fail: a table naming an absent test is caught."""
    (tmp_path / "test_x.py").write_text("def test_here():\n    pass\n")
    table = tmp_path / "RULES_COVERAGE.md"
    table.write_text("| 1 | r | s | `test_x.py::test_here`, `test_x.py::test_gone` | ok |\n")
    assert _missing(table) == ["test_x.py::test_gone"]


MUTANT = re.compile(r"`[\w.ǁ]+__mutmut_\d+`")


def _rows_without_a_mutant(table: Path) -> list[str]:
    lines = table.read_text("utf-8").splitlines()
    if not any("| Kills |" in line for line in lines):
        return []
    return [
        line[:40]
        for line in lines
        if ROW.match(line)
        and REF.search(line)
        and not MUTANT.search(line.rsplit("|", 2)[-2])
        and not line.rsplit("|", 2)[-2].strip().startswith("outside")
    ]


@pytest.mark.parametrize("table", TABLES, ids=lambda p: p.parent.name)
def test_every_row_names_a_mutant_its_tests_kill(table: Path) -> None:
    assert not _rows_without_a_mutant(table), _rows_without_a_mutant(table)


def test_a_row_without_a_mutant_is_reported(tmp_path: Path) -> None:
    table = tmp_path / "RULES_COVERAGE.md"
    table.write_text(
        "| # | rule | test | Kills |\n|---|---|---|---|\n"
        "| 1 | r | `test_x.py::test_a` | `rules.x.x_f__mutmut_1` |\n"
        "| 2 | r | `test_x.py::test_b` |  |\n"
    )
    assert _rows_without_a_mutant(table) == ["| 2 | r | `test_x.py::test_b` |  |"]
