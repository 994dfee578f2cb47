"""``setup.py`` of the platform wheel: ``tools/build_dist.py`` copies this file, as
``setup.py``, into a temporary copy of the project whose sources have the compiled rules
beside them; ``pyproject.toml`` still says everything else.

Why a ``setup.py`` at all: the compiled rules are built by ``tools/compile_rules.py`` (once,
in place) and are not extension modules setuptools could build itself. Two additions make a
correct wheel of them: the distribution declares that it has extension modules, so that
``bdist_wheel`` tags the wheel for this CPython and platform (``cp311-cp311-linux_x86_64``)
and installs it as platform-specific; and ``build_py`` copies the prebuilt modules, mypyc's
group library (a top-level module beside the package) and ``compiled.json`` into the wheel.
"""

from __future__ import annotations

import shutil
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

SRC = Path(__file__).resolve().parent / "src"
MANIFEST = "compiled.json"


def prebuilt() -> list[Path]:
    """The compiled modules, the group library and the manifest, relative to ``src``."""
    return sorted(
        p.relative_to(SRC)
        for p in SRC.rglob("*")
        if p.is_file()
        and (p.name == MANIFEST or any(p.name.endswith(s) for s in EXTENSION_SUFFIXES))
    )


class CompiledRules(Distribution):  # type: ignore[misc]
    """A distribution with extension modules (prebuilt ones): a platform wheel."""

    def has_ext_modules(self) -> bool:
        return True


class BuildPyWithCompiled(build_py):  # type: ignore[misc]
    """``build_py``, then the prebuilt files copied into the build folder."""

    def run(self) -> None:
        super().run()
        for rel in prebuilt():
            dest = Path(self.build_lib) / rel
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(SRC / rel, dest)


if __name__ == "__main__":
    setup(distclass=CompiledRules, cmdclass={"build_py": BuildPyWithCompiled})
