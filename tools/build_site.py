"""Build the browser build: ``dist/site/``, a static site that runs the table alone (``make site``).

The site is the project's own Python — the same packages ``solotable serve`` runs, from the
sources (no mypyc build: WebAssembly has none) — on Pyodide, with everything it loads inside the
folder: nothing is fetched from a CDN at run time, and any static file server can host it.

- ``pyodide/``: the runtime from the npm registry (``npm pack``, which checks the registry's
  integrity hash), only the four files a page needs (13.4 MB).
- ``site-packages.zip``: solotable's sources and package data, and every wheel the app needs
  (``tools/site_pins.json``: exact versions, from PyPI; pydantic-core built for Pyodide's ABI;
  MarkupSafe built pure from its sdist), unpacked and trimmed (Babel's locale data to the
  table's languages), in one zip the worker unpacks into ``site-packages``.
- ``static/``: the app's own static files (the service worker answers them from its cache).
- the shell (``src/solotable/browser/shell``): ``index.html`` (its sentences in every language,
  from the catalogs), ``shell.mjs``, ``worker.mjs``, ``sw.js`` (with this build's id and file
  list), the web-app manifest and its icons.

Downloads are kept in ``build/site-cache`` (a second build is offline). ``--offline`` refuses to
download. Usage::

    python tools/build_site.py [--out dist/site] [--offline]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import struct
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
import zipfile
import zlib
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
PKG = SRC / "solotable"
SHELL = PKG / "browser" / "shell"
CACHE = ROOT / "build" / "site-cache"
PINS = ROOT / "tools" / "site_pins.json"
EPOCH = (2020, 1, 1, 0, 0, 0)
"""Every zip entry's timestamp: the same sources give the same bytes (and the same build id)."""
LANGS = ("en", "fr")


class BuildError(Exception):
    """A step of the build that could not be done (said in one line, exit 2)."""


def pins() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(PINS.read_text(encoding="utf-8"))
    return doc


def run(cmd: list[str], **kw: Any) -> None:
    done = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
        raise BuildError(f"{' '.join(cmd[:4])}… failed: {' | '.join(tail)}")


# -- downloads ---------------------------------------------------------------------------------
def pyodide_runtime(offline: bool) -> Path:
    """The unpacked npm package (``package/`` inside the cache), downloaded once."""
    p = pins()["pyodide"]
    folder = CACHE / f"pyodide-{p['version']}"
    if (folder / "package" / "pyodide.asm.wasm").exists():
        return folder / "package"
    if offline:
        raise BuildError(f"pyodide {p['version']} is not in {CACHE} and --offline was given")
    folder.mkdir(parents=True, exist_ok=True)
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError("npm is needed to fetch the Pyodide runtime from the npm registry")
    run([npm, "pack", "--silent", f"{p['package']}@{p['version']}"], cwd=folder)
    tgz = folder / f"{p['package']}-{p['version']}.tgz"
    with tarfile.open(tgz) as tar:
        tar.extractall(folder, filter="data")
    tgz.unlink()
    return folder / "package"


def _pip_download(args: list[str], dest: Path) -> None:
    run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "-d", str(dest), *args])


def wheels(offline: bool) -> list[Path]:
    """Every wheel of ``site_pins.json``, downloaded (or built, for MarkupSafe) once."""
    p = pins()
    dest = CACHE / "wheels"
    dest.mkdir(parents=True, exist_ok=True)
    found: list[Path] = []

    def have(name: str, version: str) -> Path | None:
        stem = name.replace("-", "_").lower()
        for w in dest.glob("*.whl"):
            dist, ver = w.name.split("-")[:2]
            if dist.lower() == stem and ver == version:
                return w
        return None

    wanted: list[tuple[str, str, list[str]]] = []
    for name, version in p["pure"].items():
        flags = ["--only-binary=:all:", "--platform", "any", "--python-version", "3.14"]
        wanted.append((name, version, [*flags, "--implementation", "py"]))
    for name, version in p["wasm"].items():
        flags = ["--only-binary=:all:", "--platform", p["wasm_platform"]]
        abi = "cp" + p["pyodide"]["python"].replace(".", "")
        flags += ["--python-version", p["pyodide"]["python"], "--implementation", "cp"]
        wanted.append((name, version, [*flags, "--abi", abi]))
    for name, version, flags in wanted:
        wheel = have(name, version)
        if wheel is None:
            if offline:
                raise BuildError(f"{name} {version} is not in {dest} and --offline was given")
            _pip_download([*flags, f"{name}=={version}"], dest)
            wheel = have(name, version)
            if wheel is None:
                raise BuildError(f"pip gave no wheel of {name} {version}")
        found.append(wheel)
    for name, version in p["sdist_pure"].items():
        wheel = have(name, version)
        if wheel is None:
            if offline:
                raise BuildError(f"{name} {version} is not in {dest} and --offline was given")
            with tempfile.TemporaryDirectory() as tmp:
                _pip_download(["--no-binary=:all:", f"{name}=={version}"], Path(tmp))
                sdist = next(Path(tmp).iterdir())
                env = {**os.environ, "CC": "/bin/false"}  # its setup.py falls back to pure
                cmd = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps"]
                run([*cmd, "-w", str(dest), str(sdist)], env=env)
            wheel = have(name, version)
            if wheel is None or not wheel.name.endswith("-py3-none-any.whl"):
                raise BuildError(f"{name} {version} did not build as a pure wheel")
        found.append(wheel)
    return found


# -- the Python bundle ---------------------------------------------------------------------------
def package_files() -> list[Path]:
    """solotable's files as its wheel holds them: the sources and pyproject's package data."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    data = project["tool"]["setuptools"]["package-data"]["solotable"]
    files = []
    for path in sorted(PKG.rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts:
            continue
        rel = path.relative_to(PKG).as_posix()
        if rel.startswith("browser/shell/"):
            continue  # the page's own files, not Python's
        if path.suffix == ".py" or any(fnmatch(rel, pattern) for pattern in data):
            files.append(path)
    return files


def _keep(name: str, locales: list[str]) -> bool:
    """Whether a wheel's file goes into the bundle (the trims of docs/research/pyodide.md)."""
    if "__pycache__/" in name or name.endswith(".pyc"):
        return False
    if name.startswith("babel/locale-data/") and name.endswith(".dat"):
        stem = name.rsplit("/", 1)[1][: -len(".dat")]
        return stem.split("_")[0] in locales
    return True


def bundle(wheel_files: list[Path], out: Path) -> None:
    """``site-packages.zip``: solotable and every wheel, trimmed (``bench/site.py`` says what
    each takes)."""
    locales = pins()["babel_locales"]
    entries: dict[str, bytes] = {}
    for path in package_files():
        name = "solotable/" + path.relative_to(PKG).as_posix()
        entries[name] = path.read_bytes()
    for wheel in wheel_files:
        with zipfile.ZipFile(wheel) as zf:
            for info in zf.infolist():
                if info.is_dir() or not _keep(info.filename, locales):
                    continue
                entries[info.filename] = zf.read(info)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, entries[name])


# -- the page ------------------------------------------------------------------------------------
def icon_png(size: int) -> bytes:
    """The table's icon as a PNG (a manifest needs bitmaps for a phone's home screen): the
    favicon's four-colour tile, drawn here so the build needs no imaging library."""
    colours = [(0x2E, 0x7D, 0x32), (0x15, 0x65, 0xC0), (0xF9, 0xA8, 0x25), (0xC6, 0x28, 0x28)]
    back = (0xF5, 0xF1, 0xE8)
    margin, gap = size // 8, max(2, size // 32)
    cell = (size - 2 * margin - gap) // 2
    rows = []
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            cx, cy = x - margin, y - margin
            pixel = back
            if 0 <= cx < 2 * cell + gap and 0 <= cy < 2 * cell + gap:
                ix, iy = divmod(cx, cell + gap), divmod(cy, cell + gap)
                if ix[1] < cell and iy[1] < cell:
                    pixel = colours[iy[0] * 2 + ix[0]]
            row += bytes(pixel)
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    pixels = zlib.compress(b"".join(rows), 9)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")
    )


def words_json() -> str:
    """The shell's sentences in every language, for ``index.html`` (the catalogs' words)."""
    sys.path.insert(0, str(SRC))
    os.environ.setdefault("SOLOTABLE_PURE", "1")
    from solotable.words.shared.site import site_words

    doc = {lang: site_words(lang) for lang in LANGS}
    text = json.dumps(doc, ensure_ascii=False, sort_keys=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def manifest() -> str:
    doc = {
        "name": "solotable",
        "short_name": "solotable",
        "description": "Solo tabletop games: Divercité, Mini DiverCity, Dice Miner, 51st State.",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": "#f5f1e8",
        "theme_color": "#2e7d32",
        "icons": [
            {"src": "icons/icon-192.png", "sizes": "192x192", "type": "image/png"},
            {"src": "icons/icon-512.png", "sizes": "512x512", "type": "image/png"},
            {
                "src": "icons/icon-512.png",
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
        ],
    }
    return json.dumps(doc, indent=1)


def write_shell(out: Path, runtime: Path) -> None:
    (out / "icons").mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        (out / "icons" / f"icon-{size}.png").write_bytes(icon_png(size))
    (out / "manifest.webmanifest").write_text(manifest(), encoding="utf-8")
    for name in ("shell.mjs", "shell.css"):
        shutil.copyfile(SHELL / name, out / name)
    info = json.loads((runtime / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]
    worker = (SHELL / "worker.mjs").read_text(encoding="utf-8")
    worker = worker.replace('{"@LOCK_INFO@": 0}', json.dumps(info, sort_keys=True))
    (out / "worker.mjs").write_text(worker, encoding="utf-8")
    index = (SHELL / "index.html").read_text(encoding="utf-8")
    (out / "index.html").write_text(index.replace("@WORDS@", words_json()), encoding="utf-8")
    shutil.copytree(PKG / "web" / "static", out / "static", dirs_exist_ok=True)


def site_files(out: Path) -> dict[str, str]:
    """Every file of the site but the service worker, by path, with its SHA-256."""
    found = {}
    for path in sorted(out.rglob("*")):
        if path.is_file() and path.name not in ("sw.js", "build.json"):
            found[path.relative_to(out).as_posix()] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def write_service_worker(out: Path) -> str:
    """``sw.js`` with this build's id and file list (a new build is a new service worker,
    which the browser installs on the next visit), and ``build.json`` saying the same."""
    files = site_files(out)
    build = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:16]
    text = (SHELL / "sw.js").read_text(encoding="utf-8")
    text = text.replace('"@BUILD@"', json.dumps(build)).replace(
        '["@FILES@"]', json.dumps(sorted(files))
    )
    (out / "sw.js").write_text(text, encoding="utf-8")
    doc = {"build": build, "files": files}
    (out / "build.json").write_text(json.dumps(doc, indent=1, sort_keys=True), encoding="utf-8")
    return build


def build(out: Path, offline: bool = False) -> dict[str, Any]:
    started = time.monotonic()
    runtime = pyodide_runtime(offline)
    wheel_files = wheels(offline)
    staging = out.with_name(out.name + ".new")
    shutil.rmtree(staging, ignore_errors=True)
    (staging / "pyodide").mkdir(parents=True)
    for name in pins()["pyodide"]["files"]:
        shutil.copyfile(runtime / name, staging / "pyodide" / name)
    bundle(wheel_files, staging / "site-packages.zip")
    write_shell(staging, runtime)
    build_id = write_service_worker(staging)
    shutil.rmtree(out, ignore_errors=True)
    staging.rename(out)  # the old site stays whole until the new one is
    total = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    return {
        "build": build_id,
        "bytes": total,
        "seconds": time.monotonic() - started,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist" / "site")
    parser.add_argument("--offline", action="store_true", help="use build/site-cache only")
    args = parser.parse_args()
    try:
        done = build(args.out, args.offline)
    except (BuildError, OSError) as e:
        print(f"make site: {e}", file=sys.stderr)
        return 2
    mb = done["bytes"] / 1e6
    print(f"dist/site: {mb:.1f} MB, build {done['build']}, {done['seconds']:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
