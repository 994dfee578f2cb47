"""Compile the rules with mypyc (``make test`` runs this; ``make play`` runs it in the background).

The sources listed in ``solotable.accel.COMPILED_MODULES`` are compiled, from the same files,
into extension modules beside them, and ``compiled.json`` records the sources' hashes, which
``solotable.accel`` checks at every import (a stale build is never run). With the build
current, nothing is done. Without mypyc (the ``fast`` extra) or a C compiler, a visible
"skipped" line says so and the project runs its sources, only slower: exit 0 either way,
exit 1 only when a build was attempted and failed.

The build is made in ``build/mypyc/lib`` and only then put beside the sources (``install``):
the manifest goes first, each module arrives by an atomic rename, the new manifest last. So a
process that starts at any moment sees either no current build (and runs the sources) or a
whole one; a half-written module is never imported. One build at a time: a lock file in
``build/mypyc`` serialises ``make play``'s background build, ``make test``'s and ``make dist``'s.

    python tools/compile_rules.py               # build if a source changed (after a running one)
    python tools/compile_rules.py --background  # the same, detached (build/compile-rules.log)
    python tools/compile_rules.py --clean       # remove the build (run the sources)
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import importlib.util
import io
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import time
from collections.abc import Iterator
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
BUILD = ROOT / "build" / "mypyc"
LOCK = BUILD / "lock"
LOG = ROOT / "build" / "compile-rules.log"
"""Where ``--background`` writes the build's output (``make play`` names it)."""

# Imported from the sources: the package's import runs accel's guard, which would warn of the
# stale build this tool is about to replace (main() takes the variable off to check the build).
os.environ["SOLOTABLE_PURE"] = "1"
sys.path.insert(0, str(SRC))
from solotable import accel  # noqa: E402


def group_libraries(root: Path) -> list[Path]:
    """mypyc's shared library of the group, beside the package (``solotable_rules__mypyc.*``)."""
    return sorted(root.glob(f"{accel.GROUP}__mypyc*"))


def clean(package: Path) -> list[Path]:
    """Remove every compiled module, the group library and the manifest."""
    gone = accel.compiled_files(package)
    gone += group_libraries(package.parent)
    manifest = package / accel.MANIFEST
    if manifest.exists():
        gone.append(manifest)
    for path in gone:
        path.unlink()
    return gone


@contextlib.contextmanager
def build_lock(wait: bool = True) -> Iterator[bool]:
    """Hold the build lock for the block; yields False (held by another build) when not
    ``wait``ing, and says so when it waits. The lock is the kernel's (``flock``): a killed
    build releases it."""
    LOCK.parent.mkdir(parents=True, exist_ok=True)
    with open(LOCK, "a+") as f:
        try:
            fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if not wait:
                yield False
                return
            print(f"compiled rules: waiting for the build in progress (log: {display(LOG)})")
            sys.stdout.flush()
            fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield True
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def missing_tool() -> str | None:
    """Why a build cannot be attempted here, or None."""
    if importlib.util.find_spec("mypyc") is None:
        return "mypyc is not installed (pip install -e '.[fast]')"
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None:
        return f"no C compiler ({cc})"
    include = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not include.exists():
        return f"no Python headers ({include})"
    return None


def built_files(lib: Path) -> list[Path]:
    """The extension modules a build left in ``lib``, relative to it."""
    return sorted(
        p.relative_to(lib)
        for p in lib.rglob("*")
        if p.is_file() and any(p.name.endswith(s) for s in EXTENSION_SUFFIXES)
    )


def install(lib: Path, package: Path, digests: dict[str, str]) -> None:
    """Put the build of ``lib`` beside the sources so that no process sees half of it: the old
    manifest is removed first (from then on a process runs its sources), each module is copied
    under a temporary name and renamed over the old one (a running process keeps the file it
    mapped), then modules of an older build that this one lacks go, and the manifest naming
    ``digests`` is written last, by a rename too."""
    root = package.parent
    files = built_files(lib)
    (package / accel.MANIFEST).unlink(missing_ok=True)
    for rel in files:
        dest = root / rel
        part = dest.with_name(f".{dest.name}.part")
        shutil.copyfile(lib / rel, part)
        os.replace(part, dest)
    kept = {root / rel for rel in files}
    for old in accel.compiled_files(package) + group_libraries(root):
        if old not in kept:
            old.unlink()
    part = package / f".{accel.MANIFEST}.part"
    part.write_text(json.dumps({"sources": digests}, indent=1, sort_keys=True) + "\n", "utf-8")
    os.replace(part, package / accel.MANIFEST)


def check_complete(lib: Path, package: Path) -> None:
    """Raise SystemExit unless ``lib`` holds a module for every compiled source and the group
    library (a build that stopped half-way is never installed)."""
    have = {str(rel) for rel in built_files(lib)}
    prefix = package.relative_to(package.parent)
    missing = [
        rel
        for rel in accel.COMPILED_MODULES
        if not any(
            str(prefix / Path(rel).with_name(Path(rel).stem + s)) in have
            for s in EXTENSION_SUFFIXES
        )
    ]
    if not group_libraries(lib):
        missing.append(f"{accel.GROUP}__mypyc")
    if missing:
        raise SystemExit(
            f"compiled rules: the build lacks {', '.join(missing)}; running the sources"
        )


def build(package: Path) -> float:
    """Compile the modules into ``build/mypyc/lib``, then install them beside their sources;
    the seconds it took. Raises SystemExit on failure (nothing is installed then)."""
    from mypyc.build import mypycify
    from setuptools import setup

    digests = accel.source_digests(package)
    files = [str((package / rel).relative_to(SRC)) for rel in accel.COMPILED_MODULES]
    lib = BUILD / "lib"
    shutil.rmtree(lib, ignore_errors=True)
    start = time.perf_counter()
    log = io.StringIO()
    here = Path.cwd()
    os.chdir(SRC)  # the modules are named by their paths from here
    try:
        with contextlib.redirect_stdout(log), contextlib.redirect_stderr(log):
            setup(
                name="solotable-compiled-rules",
                ext_modules=mypycify(
                    files, opt_level="3", group_name=accel.GROUP, target_dir=str(BUILD / "c")
                ),
                script_args=[
                    "--quiet",
                    "build_ext",
                    "--force",
                    "--build-temp",
                    str(BUILD / "temp"),
                    "--build-lib",
                    str(lib),
                ],
            )
    except (SystemExit, Exception) as e:  # mypyc and distutils report errors by SystemExit
        tail = "\n".join(log.getvalue().splitlines()[-15:])
        raise SystemExit(f"compiled rules: build failed ({e}); running the sources\n{tail}") from e
    finally:
        os.chdir(here)
    check_complete(lib, package)
    install(lib, package, digests)
    return time.perf_counter() - start


def ensure_built(package: Path) -> str | None:
    """Build unless the build is current (waiting for another build first); None when the
    compiled rules are current afterwards, else why they are not (no mypyc, no compiler).
    Raises SystemExit when a build failed (its modules are removed: the sources run)."""
    os.environ.pop("SOLOTABLE_PURE", None)
    if accel.build_state(package) == "compiled":
        return None
    why = missing_tool()
    if why is not None:
        return why
    with build_lock(wait=True):
        if accel.build_state(package) == "compiled":  # another build finished meanwhile
            return None
        try:
            seconds = build(package)
        except SystemExit:
            clean(package)
            raise
    n = len(accel.COMPILED_MODULES)
    print(f"compiled rules: {n} modules compiled with mypyc ({seconds:.0f} s)")
    return None


def start_background(package: Path) -> str:
    """Start ``ensure_built`` in a detached, niced process unless nothing needs doing; the
    line to print. Detached: Ctrl-C on the server it runs beside does not stop it."""
    os.environ.pop("SOLOTABLE_PURE", None)
    if accel.build_state(package) == "compiled":
        return ""
    why = missing_tool()
    if why is not None:
        return f"compiled rules: skipped — {why}; the rules run from their sources (slower)"
    log = display(LOG)
    with build_lock(wait=False) as free:
        if not free:
            return f"compiled rules: a build is running (log: {log}); the sources run meanwhile"
    LOG.parent.mkdir(parents=True, exist_ok=True)
    with open(LOG, "w", encoding="utf-8") as out:
        subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--niced"],
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    return (
        f"compiled rules: compiling in the background (log: {log}); this start runs the "
        "sources, the next one the compiled rules"
    )


def display(path: Path) -> str:
    """``path`` from the project root when it is inside it (what a reader of make's output
    can open)."""
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        return str(path)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--clean", action="store_true", help="remove the build and run the sources")
    p.add_argument(
        "--background", action="store_true", help="build in a detached process (log: build/)"
    )
    p.add_argument("--niced", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args()
    package = accel.PACKAGE
    if args.clean:
        with build_lock(wait=True):
            gone = clean(package)
        print(f"compiled rules: removed {len(gone)} files")
        return
    if args.background:
        line = start_background(package)
        if line:
            print(line)
        return
    if args.niced:
        os.nice(10)  # beside the server that `make play` started: the table stays quick
    why = ensure_built(package)
    if why is not None:
        clean(package)
        print(f"compiled rules: skipped — {why}; the rules run from their sources (slower)")


if __name__ == "__main__":
    main()
