"""Build the two wheels of ``make dist``: a pure one and one with the compiled rules.

``dist/solotable-<v>-py3-none-any.whl`` holds the sources only and installs anywhere;
``dist/solotable-<v>-cp3XX-cp3XX-<platform>.whl`` adds the rules compiled by
``tools/compile_rules.py`` (the in-place build when it is current, else a new one), mypyc's
group library and ``compiled.json``, so that ``solotable.accel`` of an installed copy runs
the compiled rules, as fast as a checkout. pip prefers the platform wheel where its tag fits
and takes the pure one elsewhere (``pip install --find-links dist solotable``).

Each wheel is built by setuptools through ``pip wheel`` from a temporary copy of the project
(so no ``build/`` or ``*.egg-info`` lands in the tree); the platform one with the ``setup.py``
of ``tools/wheel_setup.py``, which tags it. Without a C compiler or mypyc only the pure wheel
is written, and a "skipped" line says why (exit 0, as ``compile_rules.py``).

    python tools/build_dist.py               # into dist/
    python tools/build_dist.py --out DIR     # elsewhere (the tests' copy)
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import zipfile
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import compile_rules
from compile_rules import ROOT, SRC
from solotable import accel

PROJECT_FILES = ("pyproject.toml", "README.md", "LICENSE")
"""What setuptools reads besides ``src`` (the metadata, the long description, the licence)."""


def version() -> str:
    """``solotable.__version__`` as the sources say it (read, not imported)."""
    tree = ast.parse((SRC / "solotable" / "__init__.py").read_text("utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__version__" for t in node.targets
        ):
            assert isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
            return node.value.value
    raise SystemExit("build_dist: no __version__ in src/solotable/__init__.py")


def platform_tag() -> str:
    """The wheel tag of a module compiled for this interpreter, as ``bdist_wheel`` writes it
    (``cp311-cp311-linux_x86_64``): a mypyc module loads only in this CPython on this
    platform."""
    impl = f"cp{sys.version_info.major}{sys.version_info.minor}"
    plat = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return f"{impl}-{impl}-{plat}"


def is_compiled(name: str) -> bool:
    """A file of the build: an extension module or the manifest (a ``.part`` is neither)."""
    return name == accel.MANIFEST or any(name.endswith(s) for s in EXTENSION_SUFFIXES)


def copy_project(dest: Path, compiled: bool) -> None:
    """The files a wheel is built from, without caches, egg-info or a build folder; the
    compiled rules only when ``compiled``."""

    def skip(folder: str, names: list[str]) -> set[str]:
        return {
            n
            for n in names
            if n == "__pycache__"
            or n.endswith((".egg-info", ".pyc", ".part"))
            or (not compiled and is_compiled(n))
        }

    dest.mkdir(parents=True)
    for name in PROJECT_FILES:
        shutil.copy2(ROOT / name, dest / name)
    shutil.copytree(SRC, dest / "src", ignore=skip)


def pip_wheel(tree: Path, out: Path) -> Path:
    """``pip wheel`` of ``tree`` into ``out``: the one wheel it wrote. Without build
    isolation when setuptools is here (the ``fast`` extra brings it: no download)."""
    out.mkdir(parents=True, exist_ok=True)
    command = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir"]
    command += [str(out), str(tree)]
    if importlib.util.find_spec("setuptools") is not None:
        command.insert(4, "--no-build-isolation")
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        tail = "\n".join((done.stdout + done.stderr).splitlines()[-15:])
        raise SystemExit(f"build_dist: pip wheel failed\n{tail}")
    wheels = sorted(out.glob("solotable-*.whl"))
    if len(wheels) != 1:
        raise SystemExit(f"build_dist: expected one wheel in {out}, found {len(wheels)}")
    return wheels[0]


def compiled_members(wheel: Path) -> list[str]:
    """The files of the build a wheel carries."""
    with zipfile.ZipFile(wheel) as z:
        return [n for n in z.namelist() if is_compiled(n.rsplit("/", 1)[-1])]


def build_pure(work: Path, out: Path, v: str) -> Path:
    tree = work / "pure"
    copy_project(tree, compiled=False)
    wheel = pip_wheel(tree, work / "pure-wheel")
    if wheel.name != f"solotable-{v}-py3-none-any.whl":
        raise SystemExit(f"build_dist: the pure wheel came out as {wheel.name}")
    if compiled_members(wheel):
        raise SystemExit(f"build_dist: the pure wheel holds compiled files: {wheel.name}")
    return place(wheel, out)


def build_platform(work: Path, out: Path, v: str) -> Path:
    tree = work / "platform"
    with compile_rules.build_lock(wait=True):  # no build swaps files while they are copied
        copy_project(tree, compiled=True)
    if accel.build_state(tree / "src" / "solotable") != "compiled":
        raise SystemExit(
            "build_dist: a compiled source changed while the wheel was made; run it again"
        )
    shutil.copy2(ROOT / "tools" / "wheel_setup.py", tree / "setup.py")
    wheel = pip_wheel(tree, work / "platform-wheel")
    expected = f"solotable-{v}-{platform_tag()}.whl"
    if wheel.name != expected:
        raise SystemExit(f"build_dist: the platform wheel came out as {wheel.name}, not {expected}")
    members = compiled_members(wheel)
    groups = [m for m in members if m.startswith(f"{accel.GROUP}__mypyc")]
    if len(members) != len(accel.COMPILED_MODULES) + 2 or len(groups) != 1:
        raise SystemExit(f"build_dist: {wheel.name} holds {len(members)} compiled files")
    return place(wheel, out)


def place(wheel: Path, out: Path) -> Path:
    """Move ``wheel`` into ``out`` by a rename (an older wheel of the name is replaced)."""
    out.mkdir(parents=True, exist_ok=True)
    part = out / f".{wheel.name}.part"
    shutil.copyfile(wheel, part)
    os.replace(part, out / wheel.name)
    return out / wheel.name


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--out", type=Path, default=ROOT / "dist", help="folder of the wheels")
    args = p.parse_args()
    out = args.out.resolve()
    v = version()
    why = compile_rules.ensure_built(accel.PACKAGE)  # prints a line when it builds
    with tempfile.TemporaryDirectory(prefix="solotable-dist-") as tmp:
        work = Path(tmp)
        written = [build_pure(work, out, v)]
        if why is None:
            written.append(build_platform(work, out, v))
    for wheel in written:
        kb = wheel.stat().st_size / 1024
        print(f"{compile_rules.display(wheel)}: {kb:,.0f} KB")
    if why is not None:
        print(f"platform wheel: skipped — {why}; only the pure wheel was written")


if __name__ == "__main__":
    main()
