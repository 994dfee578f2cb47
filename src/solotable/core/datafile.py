"""Reading JSON files with errors a person can act on, and naming user data files safely.

Data files (cards, dice, assumptions), user-supplied replacements of them and
game records all go through here (and so through :mod:`core.untrusted`'s
limits), so every bad file is reported the same way: the file, then the line
and column where the JSON breaks.

**How a record names a user's data file.** A game option that names a data
file (``OptionSpec(datafile=True)``: Dice Miner's ``dice``, 51st State's
``cards``) is, in a record, a save or the store, either ``""`` (the built-in
file) or ``sha256:<64 hex digits>``: the content hash of a file kept in the
data folder's ``datafiles/`` (see :func:`import_data_file`). The command line
turns ``--set dice=FILE`` into that hash by copying the checked file there.
A record never holds a path, so a shared record cannot make the program read
``/dev/zero``, a named pipe or anything else on the receiver's disk; a record
whose hash is not in the folder says which file to import.
"""

from __future__ import annotations

import hashlib
import os
import re
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from solotable.core.errors import DataFileError, RecordError
from solotable.core.scorebook import data_home
from solotable.core.untrusted import parse_json, read_json, read_text, shorten

HASH_PREFIX = "sha256:"
_HASH = re.compile(r"sha256:[0-9a-f]{64}")


def datafiles_home() -> Path:
    """``<data folder>/datafiles``: user data files kept by content hash."""
    return data_home() / "datafiles"


def import_data_file(path: str | Path, what: str) -> str:
    """Copy a user's data file into the data folder; its ``sha256:…`` name.

    The bytes are checked (regular file, size, JSON limits) before anything is kept.
    """
    text = read_text(path, what)
    parse_json(text, shorten(str(path)))
    data = text.encode("utf-8")
    digest = hashlib.sha256(data).hexdigest()
    home = datafiles_home()
    target = home / f"{digest}.json"
    if not target.is_file():
        try:
            home.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".import.", dir=home)
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(tmp, target)
        except OSError as e:
            raise DataFileError(
                f"{what} {shorten(str(path))!r}: cannot keep a copy ({e})"
            ) from None
    return HASH_PREFIX + digest


def load_data_option(value: str, what: str) -> Any:
    """The parsed document a data-file option names: a ``sha256:`` name or a path.

    Paths are for the library and the command line (which imports them first);
    :func:`refuse_paths` keeps them out of records.
    """
    if value.startswith(HASH_PREFIX):
        if not _HASH.fullmatch(value):
            raise DataFileError(f"{what} {shorten(value)!r}: not a sha256: content name")
        target = datafiles_home() / f"{value[len(HASH_PREFIX) :]}.json"
        if not target.is_file():
            raise DataFileError(
                f"{what} {value[:19]}… is not in your data folder: give the file once "
                "with --set OPTION=FILE (play, simulate or compare) to import it"
            )
        text = read_text(target, what)
        if hashlib.sha256(text.encode("utf-8")).hexdigest() != value[len(HASH_PREFIX) :]:
            raise DataFileError(f"{what} {target}: its content no longer matches its name")
        return parse_json(text, f"{what} {value[:19]}…")
    return read_json(value, what)


def refuse_paths(datafile_options: set[str], options: Mapping[str, Any], source: str) -> None:
    """A record, save or stored game may name data files only by content hash."""
    for key in sorted(datafile_options & set(options)):
        v = options[key]
        if isinstance(v, str) and (v == "" or _HASH.fullmatch(v)):
            continue
        raise RecordError(
            f"{source}: option {key!r} must be '' or a sha256: content name, not a path "
            f"({shorten(repr(v))}); records never name local files"
        )


__all__ = [
    "HASH_PREFIX",
    "import_data_file",
    "load_data_option",
    "parse_json",
    "read_json",
    "refuse_paths",
]
