"""Output paths checked before any game runs (``--save``, ``--records``, ``export``).

Finding out after a long game or simulation that the file cannot be written
loses the work; these checks fail first, with one line and exit status 2.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from solotable.core.errors import SolotableError


class OutputPathError(SolotableError):
    """An output file or folder that cannot be written."""


def _writable_folder(folder: Path, what: str, path: Path) -> None:
    if not folder.exists():
        raise OutputPathError(f"{what} {path}: the folder {folder} does not exist")
    if not folder.is_dir():
        raise OutputPathError(f"{what} {path}: {folder} is a file, not a folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OutputPathError(f"{what} {path}: the folder {folder} is not writable")


def check_output_file(path: Path, what: str = "output file") -> Path:
    """``path`` (``~`` expanded) if a file can be written there, else OutputPathError."""
    p = path.expanduser()
    if p.is_dir() or p.name in ("", ".", ".."):
        raise OutputPathError(f"{what} {path}: is a folder, not a file")
    if p.exists() and not p.is_file():
        raise OutputPathError(f"{what} {path}: not a regular file (a device or a pipe)")
    if p.exists() and not os.access(p, os.W_OK):
        raise OutputPathError(f"{what} {path}: the file is read-only")
    _writable_folder(p.parent if str(p.parent) else Path("."), what, path)
    return p


def check_output_dir(path: Path, what: str = "output folder") -> Path:
    """``path`` if files can be written in it (it may be created), else OutputPathError."""
    p = path.expanduser()
    if p.exists():
        if not p.is_dir():
            raise OutputPathError(f"{what} {path}: is a file, not a folder")
        if not os.access(p, os.W_OK | os.X_OK):
            raise OutputPathError(f"{what} {path}: the folder is not writable")
        return p
    _writable_folder(p.parent if str(p.parent) else Path("."), what, path)
    return p


def import_data_options(game: str, options: dict[str, str]) -> dict[str, str]:
    """``--set dice=FILE`` → ``dice=sha256:…``: the checked file is copied into the data
    folder and named by its content, so records and saves never hold a local path
    (``core.datafile``). The game is then built once with the imported files, so that a
    file the game refuses (a deck without cards) fails here, in one line naming the file
    as the player typed it rather than its content name."""
    from solotable.core.datafile import HASH_PREFIX, import_data_file
    from solotable.core.registry import game_class

    datafiles = {o.name: o for o in game_class(game).info.options if o.datafile}
    out = dict(options)
    typed: dict[str, str] = {}
    for key, value in options.items():
        if key in datafiles and value and not value.startswith(HASH_PREFIX):
            out[key] = import_data_file(value, f"--set {key}")
            typed[out[key]] = value
    if typed:
        _check_data_files(game, out, typed)
    return out


_CONTENT_NAME = re.compile(r"sha256:([0-9a-f]{6,64})…?")


def _check_data_files(game: str, options: dict[str, str], typed: dict[str, str]) -> None:
    """Build ``game`` with ``options``; a DataFileError is raised again with each content
    name it shows (``sha256:0bf6bb…``) replaced by the file name the player gave. Other
    errors (an unknown option) are left to the caller, which reports them as before."""
    from solotable.core.errors import DataFileError
    from solotable.core.registry import load_game
    from solotable.core.untrusted import shorten

    try:
        load_game(game, **options)
    except DataFileError as e:

        def named(m: re.Match[str]) -> str:
            for digest, path in typed.items():
                if digest.startswith("sha256:" + m.group(1)):
                    return shorten(Path(path).name)
            return m.group(0)

        raise DataFileError(_CONTENT_NAME.sub(named, str(e))) from None
    except SolotableError:
        return


def check_results_file(path: Path, what: str = "--out", *, force: bool = False) -> Path:
    """A results file (``.csv`` or ``.parquet``, pyarrow installed) that can be written,
    checked before any game is played; else a SolotableError (exit 2, one line).

    An existing file is never replaced without ``force`` (``--force``): a long run's
    results are not lost to a short one given the same name by mistake."""
    from solotable.sim.results import check_format

    check_format(path, what)
    p = check_output_file(path, what)
    if p.exists() and not force:
        raise OutputPathError(
            f"{what} {path}: the file exists; add --force to replace it, or choose another name"
        )
    return p
