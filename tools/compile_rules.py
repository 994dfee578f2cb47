"""Compile the rules with mypyc, in place (``make play`` and ``make test`` run this).

The sources listed in ``solotable.accel.COMPILED_MODULES`` are compiled, from the same files,
into extension modules beside them, and ``compiled.json`` records the sources' hashes, which
``solotable.accel`` checks at every import (a stale build is never run). With the build
current, nothing is done. Without mypyc (the ``fast`` extra) or a C compiler, a visible
"skipped" line says so and the project runs its sources, only slower: exit 0 either way,
exit 1 only when a build was attempted and failed.

    python tools/compile_rules.py            # build if a source changed
    python tools/compile_rules.py --clean    # remove the build (run the sources)
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import io
import json
import os
import shutil
import sys
import sysconfig
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
BUILD = ROOT / "build" / "mypyc"

# Imported from the sources: the package's import runs accel's guard, which would warn of the
# stale build this tool is about to replace (main() takes the variable off to check the build).
os.environ["SOLOTABLE_PURE"] = "1"
sys.path.insert(0, str(SRC))
from solotable import accel  # noqa: E402


def clean(package: Path) -> list[Path]:
    """Remove every compiled module, the group library and the manifest."""
    gone = accel.compiled_files(package)
    gone += list(package.parent.glob(f"{accel.GROUP}__mypyc*"))
    manifest = package / accel.MANIFEST
    if manifest.exists():
        gone.append(manifest)
    for path in gone:
        path.unlink()
    return gone


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


def build(package: Path) -> float:
    """Compile the modules in place; the seconds it took. Raises SystemExit on failure."""
    from mypyc.build import mypycify
    from setuptools import setup

    digests = accel.source_digests(package)
    files = [str((package / rel).relative_to(SRC)) for rel in accel.COMPILED_MODULES]
    start = time.perf_counter()
    log = io.StringIO()
    here = Path.cwd()
    os.chdir(SRC)  # --inplace puts each module beside its source, found from here
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
                    "--inplace",
                    "--build-temp",
                    str(BUILD / "temp"),
                    "--build-lib",
                    str(BUILD / "lib"),
                ],
            )
    except (SystemExit, Exception) as e:  # mypyc and distutils report errors by SystemExit
        clean(package)
        tail = "\n".join(log.getvalue().splitlines()[-15:])
        raise SystemExit(f"compiled rules: build failed ({e}); running the sources\n{tail}") from e
    finally:
        os.chdir(here)
    (package / accel.MANIFEST).write_text(
        json.dumps({"sources": digests}, indent=1, sort_keys=True) + "\n", encoding="utf-8"
    )
    return time.perf_counter() - start


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--clean", action="store_true", help="remove the build and run the sources")
    args = p.parse_args()
    package = accel.PACKAGE
    if args.clean:
        gone = clean(package)
        print(f"compiled rules: removed {len(gone)} files")
        return
    os.environ.pop("SOLOTABLE_PURE")
    if accel.build_state(package) == "compiled":
        return
    why = missing_tool()
    if why is not None:
        clean(package)
        print(f"compiled rules: skipped — {why}; the rules run from their sources (slower)")
        return
    clean(package)
    seconds = build(package)
    n = len(accel.COMPILED_MODULES)
    print(f"compiled rules: {n} modules compiled with mypyc ({seconds:.0f} s)")


if __name__ == "__main__":
    main()
