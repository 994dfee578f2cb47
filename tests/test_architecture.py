"""The layering rules of docs/architecture.md, checked on the source itself.

- no import cycle among runtime imports (imports under ``TYPE_CHECKING`` aside;
  imports inside functions count, since they run too);
- ``core`` (the game API) imports only ``core``; ``stats`` only ``core``;
  ``session`` and ``sim`` only ``core``, ``stats`` and themselves; a game imports
  ``core`` and its own package only (never ``session``, ``sim``, ``stats``, ``words``
  or ``web``); front ends reach games only through the registry;
- no module in ``games/`` is longer than 600 lines;
- nothing outside ``core/rng.py`` touches the generator's internals ``_r``.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.scripts import load_script

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
PKG = SRC / "solotable"
MAX_GAME_MODULE_LINES = 600
_IMPORTS = load_script("tools/imports.py")


def _graph() -> dict[str, set[str]]:
    """Module -> the project's modules it imports at run time (``tools/imports.py``: the
    same reader draws docs/architecture.svg, so the picture and these checks agree)."""
    graph: dict[str, set[str]] = _IMPORTS.graph()
    return graph


def _find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    colour: dict[str, int] = {}
    stack: list[str] = []

    def dfs(m: str) -> list[str] | None:
        colour[m] = 1
        stack.append(m)
        for n in sorted(graph.get(m, ())):
            if colour.get(n) == 1:
                return [*stack[stack.index(n) :], n]
            if n not in colour:
                found = dfs(n)
                if found:
                    return found
        stack.pop()
        colour[m] = 2
        return None

    for m in sorted(graph):
        if m not in colour:
            found = dfs(m)
            if found:
                return found
    return None


def test_no_import_cycle() -> None:
    cycle = _find_cycle(_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_cycle_finder_finds_a_planted_cycle() -> None:
    """The check above can fail: a two-module loop is reported."""
    assert _find_cycle({"a": {"b"}, "b": {"a"}}) == ["a", "b", "a"]
    assert _find_cycle({"a": {"b"}, "b": set()}) is None


def test_layers() -> None:
    graph = _graph()
    for mod, deps in graph.items():
        parts = mod.split(".")
        if len(parts) < 2:
            continue
        layer = parts[1]
        for dep in deps:
            dparts = dep.split(".")
            dlayer = dparts[1] if len(dparts) > 1 else ""
            if layer == "core":
                assert dlayer == "core", f"core module {mod} imports {dep}"
            elif layer == "stats":  # pure numbers over result rows: testable alone
                assert dlayer in ("core", "stats"), f"{mod} imports {dep}"
            elif layer in ("session", "sim"):
                assert dlayer in ("core", "stats", layer), f"{mod} imports {dep}"
            elif layer == "games" and len(parts) > 2:
                own = ".".join(parts[:3])
                assert dlayer == "core" or dep.startswith(own), f"{mod} imports {dep}"
            elif layer in ("cli", "web", "envs", "openspiel"):
                assert dlayer != "games" or dep == "solotable.games", f"{mod} imports {dep}"
            elif layer == "lab":  # reports work from result rows only: no game, no registry
                # words: the report's labels and sentences come from the message catalogs;
                # sim: the results files a report reads are written (and parsed) there
                assert dlayer in ("core", "stats", "sim", "lab", "words"), f"{mod} imports {dep}"
                assert dep != "solotable.core.registry", f"{mod} imports {dep}"
            elif layer == "words":
                # A game's words (words/<pkg>/) may read its own game's tables (piece
                # codes, card data); nothing else in words (words/shared/ included) reaches
                # a game, so the lab, which imports words for labels, still reaches no
                # game's rules through it.
                if dlayer == "games" and len(dparts) > 2:
                    pkg = dparts[2]
                    assert len(parts) > 2 and parts[2] == pkg, f"{mod} imports {dep}"
                else:
                    assert dlayer in ("core", "words"), f"{mod} imports {dep}"


def test_game_modules_are_small() -> None:
    too_long = {
        str(p.relative_to(PKG)): n
        for p in (PKG / "games").rglob("*.py")
        if (n := len(p.read_text("utf-8").splitlines())) > MAX_GAME_MODULE_LINES
    }
    assert not too_long, f"modules over {MAX_GAME_MODULE_LINES} lines: {too_long}"


def test_only_core_rng_touches_the_generator() -> None:
    pattern = re.compile(r"\brng\._r\b|\._r\.(getstate|setstate|random|randrange)")
    offenders = [
        str(p.relative_to(ROOT))
        for folder in ("src", "tests", "bench")
        for p in (ROOT / folder).rglob("*.py")
        if p != PKG / "core" / "rng.py" and pattern.search(p.read_text("utf-8"))
    ]
    assert not offenders, f"use Rng.to_json/from_json instead of _r in {offenders}"
