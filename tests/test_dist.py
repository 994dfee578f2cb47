"""``make dist`` (tools/build_dist.py): the two wheels, each installed on its own and used as
an installed player uses it: the compiled rules where the platform wheel carries them, the
sources from the pure one, and every template, style sheet, catalog and data file in both.

The wheels are built once for the module (about 5 s from a current in-place build, which
``make test`` makes first) and installed with ``pip install --no-deps --target``; each check
runs a Python with that folder first on its path, so the checkout's editable install
(a path at the end of ``sys.path``) cannot answer in its place: every check says where
``solotable`` came from."""

from __future__ import annotations

import http.client
import json
import os
import subprocess
import sys
import zipfile
from collections.abc import Callable
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

from solotable import accel
from tests.test_accel import random_games_digest
from tests.web.served import Served

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.xdist_group("dist")  # one build at a time, shared by the module


def _env(*path: Path) -> dict[str, str]:
    """This environment with ``path`` first on ``sys.path`` and the build allowed."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(str(p) for p in path)}
    env.pop("SOLOTABLE_PURE", None)
    return env


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The folder ``build_dist.py --out`` wrote, and what it printed."""
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "build_dist.py"), "--out", str(out)],
        env=_env(),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return out, done.stdout


def _wheel(built: tuple[Path, str], kind: str) -> Path:
    out, printed = built
    if kind == "platform" and "platform wheel: skipped" in printed:
        pytest.skip(f"no platform wheel here: {printed.strip().splitlines()[-1]}")
    pure = [w for w in out.glob("solotable-*.whl") if w.name.endswith("-py3-none-any.whl")]
    other = [w for w in out.glob("solotable-*.whl") if w not in pure]
    found = pure if kind == "pure" else other
    assert len(found) == 1, sorted(p.name for p in out.iterdir())
    return found[0]


def _install(wheel: Path, target: Path) -> Path:
    pip = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps"]
    subprocess.run(
        [*pip, "--target", str(target), str(wheel)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    return target


@pytest.fixture(scope="module")
def installed(
    built: tuple[Path, str], tmp_path_factory: pytest.TempPathFactory
) -> Callable[[str], Path]:
    """``kind -> folder`` of each wheel installed alone, on first use."""
    folders: dict[str, Path] = {}

    def get(kind: str) -> Path:
        if kind not in folders:
            wheel = _wheel(built, kind)
            folders[kind] = _install(wheel, tmp_path_factory.mktemp(kind))
        return folders[kind]

    return get


def _run(target: Path, code: str, cwd: Path) -> dict[str, object]:
    """The JSON line that ``code`` prints, run with ``target`` first on the path (and the
    checkout's root after it, for ``tests.test_accel``: it holds no ``solotable``)."""
    done = subprocess.run(
        [sys.executable, "-c", code],
        env=_env(target, ROOT),
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


PLAY = """
import json, sys
import solotable
from solotable import accel
import solotable.games.fifty_first_state.state as rules
from tests.test_accel import random_games_digest
group = sys.modules.get(accel.GROUP + "__mypyc")
print(json.dumps({
    "package": solotable.__file__, "state": accel.STATE, "rules": rules.__file__,
    "group": getattr(group, "__file__", None), "digest": random_games_digest("51st-state", 6),
}))
"""


def test_make_dist_writes_a_pure_wheel_and_one_tagged_for_this_python(built):
    pure = _wheel(built, "pure")
    platform = _wheel(built, "platform")
    version = __import__("solotable").__version__
    impl = f"cp{sys.version_info.major}{sys.version_info.minor}"
    assert pure.name == f"solotable-{version}-py3-none-any.whl"
    assert platform.name.startswith(f"solotable-{version}-{impl}-{impl}-")
    assert not platform.name.endswith("-any.whl")
    with zipfile.ZipFile(pure) as z:
        names = z.namelist()
        wheel_file = z.read(f"solotable-{version}.dist-info/WHEEL").decode()
    assert not [n for n in names if n.endswith(tuple(EXTENSION_SUFFIXES)) or "compiled" in n]
    assert "Root-Is-Purelib: true" in wheel_file
    with zipfile.ZipFile(platform) as z:
        names = z.namelist()
        wheel_file = z.read(f"solotable-{version}.dist-info/WHEEL").decode()
    assert "Root-Is-Purelib: false" in wheel_file
    assert f"Tag: {platform.name.removesuffix('.whl').split('-', 2)[2]}" in wheel_file
    suffix = EXTENSION_SUFFIXES[0]
    for rel in accel.COMPILED_MODULES:
        src = Path("solotable") / rel
        assert str(src.with_name(src.stem + suffix)) in names, rel
    assert f"{accel.GROUP}__mypyc{suffix}" in names  # the group library, at the top
    assert f"solotable/{accel.MANIFEST}" in names


def test_the_installed_platform_wheel_plays_compiled(installed, tmp_path):
    target = installed("platform")
    seen = _run(target, PLAY, tmp_path)
    assert seen["package"] == str(target / "solotable" / "__init__.py")
    assert seen["state"] == "compiled"
    assert str(seen["rules"]).startswith(str(target)) and str(seen["rules"]).endswith(".so")
    assert str(seen["group"]).startswith(str(target))
    assert seen["digest"] == random_games_digest("51st-state", 6)  # the checkout's games


def test_the_installed_pure_wheel_plays_from_its_sources(installed, tmp_path):
    target = installed("pure")
    seen = _run(target, PLAY, tmp_path)
    assert seen["package"] == str(target / "solotable" / "__init__.py")
    assert seen["state"] == "not built"  # nothing shipped to build: the sources run
    assert seen["rules"] == str(target / "solotable/games/fifty_first_state/state.py")
    assert seen["group"] is None
    assert seen["digest"] == random_games_digest("51st-state", 6)


def test_a_build_landing_after_the_start_is_not_mixed_in(built, tmp_path):
    """A process that started on the sources keeps to them (``make play`` serves while the
    build runs): a module appearing beside a source it has not imported yet is not loaded
    (here a broken one, which would fail the import)."""
    target = _install(_wheel(built, "pure"), tmp_path / "site")
    code = """
import json, sys, pathlib
from importlib.machinery import EXTENSION_SUFFIXES
import solotable
from solotable import accel
name = "solotable.games.mini_divercity.codes"
assert name not in sys.modules
src = pathlib.Path(solotable.__file__).parent / "games/mini_divercity/codes.py"
src.with_name("codes" + EXTENSION_SUFFIXES[0]).write_bytes(b"not a shared library")
import solotable.games.mini_divercity.codes as codes
print(json.dumps({"state": accel.STATE, "codes": codes.__file__}))
"""
    seen = _run(target, code, tmp_path)
    assert seen == {
        "state": "not built",
        "codes": str(target / "solotable/games/mini_divercity/codes.py"),
    }


NOT_SHIPPED = ("browser/shell/",)
"""Files of the package folder that no installed copy needs: the browser build's page shell,
which ``tools/build_site.py`` reads from the tree (it is not package data)."""


def _package_files() -> list[str]:
    """Every file of the package in the checkout, relative to it: git's list where there is
    one (a file being written in a shared tree is not yet part of it), else the folder."""
    package = ROOT / "src" / "solotable"
    listed = subprocess.run(
        ["git", "ls-files", "-z", "src/solotable"], cwd=ROOT, capture_output=True, text=True
    )
    if listed.returncode == 0 and listed.stdout:
        paths = [ROOT / p for p in listed.stdout.split("\0") if p]
    else:
        paths = [p for p in package.rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    files = (
        str(p.relative_to(package))
        for p in paths
        if p.is_file()
        and not p.name.endswith(tuple(EXTENSION_SUFFIXES))
        and p.name != accel.MANIFEST
    )
    return sorted(f for f in files if not f.startswith(NOT_SHIPPED))


@pytest.mark.parametrize("kind", ["pure", "platform"])
def test_each_installed_wheel_holds_every_file_of_the_package(installed, kind):
    """The package data of pyproject.toml, checked against the checkout: a new kind of
    data file that the list misses would be absent from an installed copy."""
    package = installed(kind) / "solotable"
    have = {str(p.relative_to(package)) for p in package.rglob("*") if p.is_file()}
    want = _package_files()
    assert [f for f in want if f not in have] == []
    kinds = {
        "templates": [f for f in want if f.startswith("web/templates/")],
        "static": [f for f in want if f.startswith("web/static/")],
        "catalogs": [f for f in want if f.endswith(".po")],
        "game data": [f for f in want if f.startswith("games/") and "/data/" in f],
    }
    assert all(kinds.values()), {k: len(v) for k, v in kinds.items()}


@pytest.mark.parametrize("kind", ["pure", "platform"])
def test_each_installed_wheel_serves_the_lobby_and_a_game(installed, kind, tmp_path):
    """``python -m solotable serve`` from the installed copy: the lobby in English and in
    French (its catalog), a style sheet, and a game of Dice Miner started and drawn."""
    target = installed(kind)
    with Served(tmp_path / "home", PYTHONPATH=str(target), SOLOTABLE_PURE="") as served:
        status, lobby, _ = served.request("GET", "/")
        assert status == 200 and "Dice Miner" in lobby
        status, css, _ = served.request("GET", "/static/table.css")
        assert status == 200 and "{" in css
        conn = http.client.HTTPConnection("127.0.0.1", served.port, timeout=60)
        conn.request("GET", "/", headers={"Accept-Language": "fr"})
        assert "Nouvelle partie de" in conn.getresponse().read().decode()
        conn.close()
        game = served.new_game("dice-miner")
        assert "data-move=" in served.table(game)
        where = subprocess.run(
            [sys.executable, "-c", "import solotable; print(solotable.__file__)"],
            env=served.env,
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
        assert where.stdout.strip() == str(target / "solotable" / "__init__.py")
