"""Real storage faults for the durability tests: a small disk that fills up, a folder
that turns read-only, another program holding the store's write lock.

A full disk and a read-only folder are real mounts (a tmpfs of a few hundred
kilobytes), so SQLite meets the very errors a player's machine gives it; that
needs root (CI runs as root), and without it the tests skip with that reason.
"""

from __future__ import annotations

import errno
import os
import sqlite3
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

NEEDS_ROOT = "needs root to mount a small tmpfs (CI runs the fault tests as root)"


@contextmanager
def small_disk(where: Path, size_kb: int = 512) -> Iterator[Path]:
    """A tmpfs of ``size_kb`` mounted at ``where`` for the duration of the block."""
    if os.geteuid() != 0:
        pytest.skip(NEEDS_ROOT)
    where.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size_kb}k,mode=0755", "tmpfs", str(where)],
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False, capture_output=True)


def remount(where: Path, mode: str) -> None:
    """Make the mounted disk at ``where`` read-only (``"ro"``) or writable again (``"rw"``)."""
    subprocess.run(["mount", "-o", f"remount,{mode}", str(where)], check=True)


def fill(folder: Path) -> Path:
    """Write a ballast file until the disk is full; delete it to free the space."""
    ballast = folder / "ballast"
    chunk = b"\0" * 4096
    with open(ballast, "wb", buffering=0) as f:
        try:
            while True:
                f.write(chunk)
        except OSError as e:
            if e.errno != errno.ENOSPC:
                raise
    return ballast


@contextmanager
def write_lock(db: Path) -> Iterator[sqlite3.Connection]:
    """Another program's connection holding the store's write lock (``BEGIN IMMEDIATE``)."""
    other = sqlite3.connect(db, isolation_level=None, timeout=5)
    other.execute("BEGIN IMMEDIATE")
    try:
        yield other
    finally:
        other.execute("ROLLBACK")
        other.close()


def junk_page(db: Path, name: str = "sqlite_autoindex_moves_1") -> int:
    """Overwrite the first page of table or index ``name`` with junk; the page number.

    The default, the moves' key index, is damage that opening the file does not
    notice and ``PRAGMA quick_check`` reports as rows (it raises for a table's page):
    the store used to open it and fail later, on the first game loaded."""
    conn = sqlite3.connect(db)
    try:
        page = int(conn.execute("PRAGMA page_size").fetchone()[0])
        root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (name,)).fetchone()
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()
    number = int(root[0])
    with open(db, "r+b") as f:
        f.seek(page * (number - 1))
        f.write(bytes(range(256)) * (page // 256))
    return number
