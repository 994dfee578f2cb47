"""Why the store could not be read or written, in the player's words.

SQLite reports a full disk, a read-only folder, another program's lock and a
damaged file with different result codes; only the last one means the file
itself is bad. Telling them apart is what keeps a healthy database from being
set aside as corrupt on a full disk, and what lets a front end say "the disk
is full" instead of showing a traceback.
"""

from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path

from solotable.core.errors import SolotableError
from solotable.core.message import Msg, msg

# SQLite's primary result codes (the low byte of an extended code).
SQLITE_PERM = 3
SQLITE_BUSY = 5
SQLITE_LOCKED = 6
SQLITE_READONLY = 8
SQLITE_IOERR = 10
SQLITE_CORRUPT = 11
SQLITE_FULL = 13
SQLITE_CANTOPEN = 14
SQLITE_AUTH = 23
SQLITE_NOTADB = 26

DISK_FULL = "disk-full"
READ_ONLY = "read-only"
BUSY = "busy"
FILE_READ_ONLY = "file-read-only"
CLOSED = "closed"
REASONS = (DISK_FULL, READ_ONLY, BUSY, FILE_READ_ONLY, CLOSED)
"""Why a store write failed, as codes: ``solotable.words`` says each with its remedy
(``core.store.reason.<code>``)."""


def reason_msg(reason: Msg | str) -> Msg:
    """A reason (a code of :data:`REASONS`, or SQLite's own words) as a message."""
    if isinstance(reason, Msg):
        return reason
    if reason in REASONS:
        return msg(f"core.store.reason.{reason}")
    return msg("core.store.reason.other", text=reason)


class StoreError(SolotableError):
    """The store cannot be used (unwritable folder, unknown game id…)."""


class StoreWriteError(StoreError):
    """A write that did not happen; nothing of it was kept.

    ``reason`` is the cause as a message (``core.store.reason.<code>``: the disk is full,
    and what the player can do about it), so a front end can say which change was lost.
    """

    def __init__(self, reason: Msg | str, path: Path) -> None:
        self.reason = reason_msg(reason)
        super().__init__(msg("core.store.not-written", path=str(path), reason=self.reason))


class StoreConflict(StoreError):
    """Another front end (a second window, the terminal) saved this game since we read it."""


def code_of(e: sqlite3.Error) -> int:
    """SQLite's primary result code of ``e`` (0 when it has none)."""
    return int(getattr(e, "sqlite_errorcode", 0) or 0) & 0xFF


def is_corruption(e: sqlite3.Error) -> bool:
    """Whether ``e`` says the file itself is damaged or is not a database at all."""
    return code_of(e) in (SQLITE_CORRUPT, SQLITE_NOTADB)


def reason_of(e: sqlite3.Error, path: Path) -> Msg:
    """The cause of ``e`` as a message; the folder is looked at when SQLite is vague."""
    return reason_msg(_reason_of(e, path))


def _reason_of(e: sqlite3.Error, path: Path) -> Msg | str:
    code = code_of(e)
    folder = path.parent
    if code in (SQLITE_BUSY, SQLITE_LOCKED) or "locked" in str(e):
        return BUSY
    if code == SQLITE_FULL or (code == SQLITE_IOERR and _no_space(folder)):
        return DISK_FULL
    if code in (SQLITE_READONLY, SQLITE_PERM, SQLITE_CANTOPEN, SQLITE_AUTH):
        if _read_only(folder):
            return READ_ONLY
        if path.exists() and not os.access(path, os.W_OK):
            return FILE_READ_ONLY
    if is_corruption(e):
        return msg("core.store.reason.damaged", detail=str(e))
    if isinstance(e, sqlite3.ProgrammingError):
        return CLOSED
    return str(e)


def write_error(e: sqlite3.Error, path: Path) -> StoreWriteError:
    return StoreWriteError(reason_of(e, path), path)


def os_reason(e: OSError, path: Path) -> Msg:
    """The cause of a file-system error met while opening or setting the store aside."""
    if e.errno == errno.ENOSPC:
        return reason_msg(DISK_FULL)
    if e.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        if _read_only(path if path.is_dir() else path.parent):
            return reason_msg(READ_ONLY)
        return reason_msg(str(e))
    return reason_msg(e.strerror or str(e))


def _read_only(folder: Path) -> bool:
    try:
        if os.statvfs(folder).f_flag & os.ST_RDONLY:
            return True
    except OSError:
        return False
    return not os.access(folder, os.W_OK)


def _no_space(folder: Path) -> bool:
    try:
        return os.statvfs(folder).f_bavail == 0
    except OSError:
        return False
