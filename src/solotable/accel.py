"""Compiled rules: which modules may run compiled, and the guard that keeps a stale build out.

Why this exists: the rules are the hot path of playouts and search (issue 23: random legal
games per second). The same source files, compiled with mypyc (``tools/compile_rules.py``,
run by ``make``), play 1.3 to 2.2 times as fast (Divercité, 51st State, Mini DiverCity).
Nothing else changes: one copy of each rule, the same numbers from the same seeds
(``tests/test_accel.py`` plays the same games both ways).

The danger is a compiled module older than its source: CPython imports an extension module
before a ``.py`` of the same name, so an edited rule would silently keep its old behaviour.
So the build records the SHA-256 of every source it compiled (``compiled.json``) and this
module, imported first by the package, hides every compiled module of the package unless
each recorded source is unchanged. Hidden means a source-only import finder for the
package's folders: the ``.py`` files are imported as if nothing had been built.
``SOLOTABLE_PURE=1`` hides them too (mutation testing changes sources on purpose; the
comparisons of ``tests/test_accel.py`` run both).

A process that starts without a current build hides the compiled modules as well, for its
whole life: ``make play`` serves from the sources while the build runs in the background, and
a build that lands meanwhile must not mix compiled modules into a process whose other
modules are already the sources (compiled code expects the classes of its own build, not
the interpreted ones already imported). The next process uses it. An installed platform
wheel (``make dist``) carries the build and its ``compiled.json`` beside the sources it was
compiled from.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import warnings
from collections.abc import Callable
from importlib.machinery import (
    BYTECODE_SUFFIXES,
    EXTENSION_SUFFIXES,
    SOURCE_SUFFIXES,
    FileFinder,
    SourceFileLoader,
    SourcelessFileLoader,
)
from pathlib import Path

COMPILED_MODULES: tuple[str, ...] = (
    "core/rng.py",
    "games/divercite/board.py",
    "games/divercite/rules/__init__.py",
    "games/divercite/rules/horizon.py",
    "games/divercite/rules/placement.py",
    "games/divercite/rules/scoring.py",
    "games/divercite/state.py",
    "games/fifty_first_state/actions.py",
    "games/fifty_first_state/rules/__init__.py",
    "games/fifty_first_state/rules/action_moves.py",
    "games/fifty_first_state/rules/actions.py",
    "games/fifty_first_state/rules/chance.py",
    "games/fifty_first_state/rules/cleanup.py",
    "games/fifty_first_state/rules/deck.py",
    "games/fifty_first_state/rules/lookout.py",
    "games/fifty_first_state/rules/opponent.py",
    "games/fifty_first_state/rules/payment.py",
    "games/fifty_first_state/rules/production.py",
    "games/fifty_first_state/rules/setup.py",
    "games/fifty_first_state/snapshot.py",
    "games/fifty_first_state/state.py",
    "games/fifty_first_state/table.py",
    "games/mini_divercity/codes.py",
    "games/mini_divercity/decks.py",
    "games/mini_divercity/dispatch.py",
    "games/mini_divercity/rules/__init__.py",
    "games/mini_divercity/rules/corporations.py",
    "games/mini_divercity/rules/divers.py",
    "games/mini_divercity/rules/ending.py",
    "games/mini_divercity/rules/hand.py",
    "games/mini_divercity/rules/main_actions.py",
    "games/mini_divercity/rules/scale.py",
    "games/mini_divercity/rules/turn.py",
    "games/mini_divercity/state.py",
)
"""The sources compiled, relative to the package folder: the core's generator (every game's
chance goes through it), Divercité's board, state and rules, 51st State's state, action ids
and rules, Mini DiverCity's state and rules. Data loading, observations and words stay
interpreted: they are not on the playout path (and a data file's checks must raise their own
errors, not a compiled type check's)."""

GROUP = "solotable_rules"
"""mypyc's shared library for the group (``solotable_rules__mypyc.*.so`` beside the package)."""

MANIFEST = "compiled.json"
"""In the package folder: ``{"sources": {relative path: sha256}}``, written after a build."""

PACKAGE = Path(__file__).resolve().parent


def source_digests(package: Path = PACKAGE) -> dict[str, str]:
    """The SHA-256 of each compilable source as it is now (hex)."""
    return {
        rel: hashlib.sha256((package / rel).read_bytes()).hexdigest() for rel in COMPILED_MODULES
    }


def compiled_files(package: Path = PACKAGE) -> list[Path]:
    """The compiled modules present beside their sources (whatever their age)."""
    found = []
    for rel in COMPILED_MODULES:
        src = package / rel
        for suffix in EXTENSION_SUFFIXES:
            so = src.with_name(src.stem + suffix)
            if so.exists():
                found.append(so)
    return found


def build_state(package: Path = PACKAGE) -> str:
    """``compiled``, ``not built``, ``stale`` (a source changed since the build) or
    ``pure`` (``SOLOTABLE_PURE`` set): what this process runs."""
    if os.environ.get("SOLOTABLE_PURE"):
        return "pure"
    if not compiled_files(package):
        return "not built"
    try:
        recorded = json.loads((package / MANIFEST).read_text(encoding="utf-8"))["sources"]
    except (OSError, ValueError, KeyError, TypeError):
        return "stale"
    return "compiled" if recorded == source_digests(package) else "stale"


def _inside(path: str, package: Path) -> bool:
    full = os.path.abspath(path)
    root = str(package)
    return full == root or full.startswith(root + os.sep)


def _source_only(package: Path) -> Callable[[str], FileFinder]:
    """A path hook giving the package's folders a finder without extension modules."""

    def hook(path: str) -> FileFinder:
        if not _inside(path, package):
            raise ImportError("not a solotable folder")
        return FileFinder(
            path,
            (SourceFileLoader, SOURCE_SUFFIXES),
            (SourcelessFileLoader, BYTECODE_SUFFIXES),
        )

    return hook


def hide_compiled(package: Path = PACKAGE) -> None:
    """Import the package's modules from their sources from now on (see the module text)."""
    sys.path_hooks.insert(0, _source_only(package))
    for path in list(sys.path_importer_cache):
        if _inside(path, package):
            del sys.path_importer_cache[path]


STATE = build_state()
"""What this process runs, decided once, before any compiled module can be imported."""

if STATE == "stale":
    warnings.warn(
        "solotable: the compiled rules are older than their sources; running the sources "
        "(make rebuilds them: python tools/compile_rules.py)",
        RuntimeWarning,
        stacklevel=2,
    )
if STATE != "compiled":
    hide_compiled()
