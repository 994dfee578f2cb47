"""The layer picture of docs/architecture.md is the code's: ``tools/layers.py`` reads the
import graph (the same reader as ``tests/test_architecture.py``: ``tools/imports.py``) and the
committed ``docs/architecture.svg`` must be exactly what it writes today (``make diagram``)."""

from __future__ import annotations

from tests.scripts import load_script


def test_the_committed_diagram_is_what_the_script_writes() -> None:
    layers = load_script("tools/layers.py")
    want = layers.svg(layers.package_graph(layers.graph()))
    assert layers.OUT.read_text("utf-8") == want, "docs/architecture.svg is stale: make diagram"


def test_core_is_on_the_bottom_row_and_every_package_is_drawn() -> None:
    layers = load_script("tools/layers.py")
    pg = layers.package_graph(layers.graph())
    rows = layers.layers(pg)
    assert "core" in rows[0]  # with what imports nothing of the project (stats: stdlib only)
    assert sorted(p for row in rows for p in row) == sorted(pg)
    for p, deps in pg.items():  # every arrow points down a row or more
        level = next(i for i, row in enumerate(rows) if p in row)
        for d in deps:
            assert any(d in row for row in rows[:level]), (p, d)


def test_layers_of_a_made_up_graph() -> None:
    layers = load_script("tools/layers.py")
    assert layers.layers({"a": {"b"}, "b": {"c"}, "c": set(), "d": {"c"}}) == [
        ["c"],
        ["b", "d"],
        ["a"],
    ]
