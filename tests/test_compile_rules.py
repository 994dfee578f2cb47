"""``tools/compile_rules.py``'s hand-over: a build is put beside the sources so that no process
ever sees half of it, a build that stopped half-way is not installed, and ``make play``'s
background build starts only when no other build holds the lock."""

from __future__ import annotations

import json
import os
import re
import subprocess
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from types import ModuleType

import pytest

from solotable import accel
from tests.scripts import load_script

SUFFIX = EXTENSION_SUFFIXES[0]


@pytest.fixture
def tool(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The script as a module; the SOLOTABLE_PURE it sets on import is undone afterwards."""
    monkeypatch.setenv("SOLOTABLE_PURE", os.environ.get("SOLOTABLE_PURE", ""))
    module = load_script("tools/compile_rules.py")
    monkeypatch.delenv("SOLOTABLE_PURE")
    return module


def _package(root: Path) -> Path:
    package = root / "src" / "solotable"
    for rel in accel.COMPILED_MODULES:
        (package / rel).parent.mkdir(parents=True, exist_ok=True)
        (package / rel).write_text(f"# {rel}\n", encoding="utf-8")
    return package


def _module(base: Path, rel: str) -> Path:
    src = base / rel
    return src.with_name(src.stem + SUFFIX)


def _staged(lib: Path, modules: tuple[str, ...] = accel.COMPILED_MODULES) -> Path:
    """A finished build in ``lib`` as setuptools leaves it (package paths, the group library
    at the top)."""
    for rel in modules:
        path = _module(lib / "solotable", rel)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"new " + rel.encode())
    (lib / f"{accel.GROUP}__mypyc{SUFFIX}").write_bytes(b"new group")
    return lib


def test_an_installed_build_counts_only_once_whole(tool, tmp_path, monkeypatch):
    """An older build is in place with a manifest that matches the sources. While the new
    modules arrive, one by one, a process starting would see no current build (the manifest
    is gone first); the manifest arrives last; a module the new build lacks is removed."""
    package = _package(tmp_path)
    old_only = _module(package, "core/rng.py")
    for rel in accel.COMPILED_MODULES:
        _module(package, rel).write_bytes(b"old")
    digests = accel.source_digests(package)
    (package / accel.MANIFEST).write_text(json.dumps({"sources": digests}), "utf-8")
    assert accel.build_state(package) == "compiled"
    lib = _staged(tmp_path / "lib", accel.COMPILED_MODULES[1:])  # rng no longer compiled

    seen: list[tuple[str, str]] = []
    real_replace = os.replace

    def replace(src: Path, dest: Path) -> None:
        seen.append((Path(dest).name, accel.build_state(package)))
        real_replace(src, dest)

    monkeypatch.setattr(tool.os, "replace", replace)
    tool.install(lib, package, digests)

    assert seen[-1] == (accel.MANIFEST, "stale")  # the last rename, before it lands
    assert len(seen) == len(accel.COMPILED_MODULES) + 1  # 33 modules, the group, the manifest
    assert {state for _, state in seen} == {"stale"}  # never "compiled" half-way
    assert accel.build_state(package) == "compiled"
    assert not old_only.exists()
    assert _module(package, accel.COMPILED_MODULES[-1]).read_bytes().startswith(b"new ")
    assert (tmp_path / "src" / f"{accel.GROUP}__mypyc{SUFFIX}").read_bytes() == b"new group"
    assert not list(tmp_path.rglob("*.part"))


def test_a_build_missing_a_module_is_not_installed(tool, tmp_path):
    package = _package(tmp_path)
    lib = _staged(tmp_path / "lib")
    _module(lib / "solotable", "games/mini_divercity/rules/turn.py").unlink()
    with pytest.raises(SystemExit, match=re.escape("lacks games/mini_divercity/rules/turn.py")):
        tool.check_complete(lib, package)
    (lib / f"{accel.GROUP}__mypyc{SUFFIX}").unlink()
    with pytest.raises(SystemExit, match=f"{accel.GROUP}__mypyc"):
        tool.check_complete(lib, package)


def test_the_background_build_starts_detached_unless_one_is_running(tool, tmp_path, monkeypatch):
    package = _package(tmp_path)  # not built
    monkeypatch.setattr(tool, "LOCK", tmp_path / "build" / "lock")
    monkeypatch.setattr(tool, "LOG", tmp_path / "build" / "compile-rules.log")
    monkeypatch.setattr(tool, "missing_tool", lambda: None)
    started: list[tuple[list[str], dict[str, object]]] = []
    monkeypatch.setattr(tool.subprocess, "Popen", lambda args, **kw: started.append((args, kw)))
    with tool.build_lock(wait=True):
        line = tool.start_background(package)
    assert line.startswith("compiled rules: a build is running (log: ")
    assert started == []
    line = tool.start_background(package)
    assert "compiling in the background" in line and "compile-rules.log" in line
    [(args, kw)] = started
    assert args[-1] == "--niced" and kw["start_new_session"] is True
    assert kw["stdin"] is subprocess.DEVNULL
    assert (tmp_path / "build" / "compile-rules.log").exists()


def test_nothing_starts_when_the_build_is_current(tool, tmp_path, monkeypatch):
    package = _package(tmp_path)
    for rel in accel.COMPILED_MODULES:
        _module(package, rel).write_bytes(b"built")
    manifest = {"sources": accel.source_digests(package)}
    (package / accel.MANIFEST).write_text(json.dumps(manifest), "utf-8")
    monkeypatch.setattr(tool.subprocess, "Popen", lambda *a, **k: pytest.fail("started"))
    assert tool.start_background(package) == ""
