"""The one boundary for text a user or a file supplies.

Moves, names, card fields, paths, option values and agent parameters all come
from outside: a typo, a shared record, a fuzzer. Each helper here turns such
text into a checked value or raises a :class:`SolotableError` with one line a
person can act on, so nothing untrusted reaches Rich markup, ``int()``, the
filesystem or an agent unchecked. The limits are generous for real files and
small enough that a hostile one cannot exhaust memory, recursion or time:

- files: regular files only (no device, pipe, socket or folder), at most
  :data:`MAX_FILE_BYTES`, opened without blocking (a FIFO cannot hang us);
- JSON: nesting at most :data:`MAX_DEPTH`, integers at most
  :data:`MAX_INT_DIGITS` digits, no NaN/Infinity, floats finite;
- numbers typed by people: ASCII digits only (``str.isdigit`` accepts ``²``,
  ``int()`` accepts ``٣``), in a stated range.
"""

from __future__ import annotations

import errno
import json
import math
import os
import re
import stat
from pathlib import Path
from typing import Any

from solotable.core.errors import DataFileError, SolotableError
from solotable.core.message import Msg, Text, msg

MAX_FILE_BYTES = 16 * 1024 * 1024
"""A 51st State record of the longest game is well under 1 MB."""
MAX_DEPTH = 32
"""Our deepest real document (a dice face inside a die inside ``dice``) has depth 5."""
MAX_INT_DIGITS = 40
"""Seeds are below 2**63 (19 digits); nothing legitimate is longer."""
MAX_NAME = 80
"""Longest name a card or icon may have; longer text is a mistake or an attack."""

_ASCII_INT = re.compile(r"[+-]?[0-9]{1,30}")
_ASCII_FLOAT = re.compile(r"[+-]?([0-9]{1,30}(\.[0-9]{0,30})?|\.[0-9]{1,30})([eE][+-]?[0-9]{1,3})?")


def ascii_int(text: str, what: str, lo: int, hi: int, error: type[SolotableError]) -> int:
    """``text`` as an integer in ``[lo, hi]``, from ASCII digits only, else ``error``."""
    t = text.strip()
    if not _ASCII_INT.fullmatch(t):
        raise error(f"{what}: expected a whole number, got {shorten(text)!r}")
    value = int(t)
    if not lo <= value <= hi:
        raise error(f"{what}: {value} is out of range ({lo}..{hi})")
    return value


def ascii_float(text: str, what: str, lo: float, hi: float, error: type[SolotableError]) -> float:
    """``text`` as a finite number in ``[lo, hi]`` (``nan``, ``inf``, ``1e999`` refused)."""
    t = text.strip()
    if not _ASCII_FLOAT.fullmatch(t):
        raise error(f"{what}: expected a number, got {shorten(text)!r}")
    value = float(t)
    if not math.isfinite(value) or not lo <= value <= hi:
        raise error(f"{what}: {shorten(text)} is out of range ({lo:g}..{hi:g})")
    return value


def finite(value: Any, what: str, limit: float, error: type[SolotableError]) -> float:
    """A JSON number as a float with ``|x| <= limit`` (``10**400`` would overflow later)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise error(f"{what}: must be a number, got {shorten(repr(value))}")
    if isinstance(value, int) and abs(value) > limit:
        raise error(f"{what}: {shorten(str(value))} is out of range")
    x = float(value)
    if not math.isfinite(x) or abs(x) > limit:
        raise error(f"{what}: {shorten(repr(value))} is out of range")
    return x


def shorten(text: str, width: int = 60) -> str:
    """At most ``width`` characters, so that a 4,000-digit value cannot flood a message."""
    return text if len(text) <= width else text[: width - 1] + "…"


_MARKUP = re.compile(r"(\\*)(\[[a-z#/@][^[]*?])")


def escape_markup(text: str) -> str:
    """Rich's ``escape``, here so that games (which draw markup but import no Rich) can use
    it on names that come from a user's card file."""

    def repl(m: re.Match[str]) -> str:
        backslashes, tag = m.groups()
        return f"{backslashes}{backslashes}\\{tag}"

    text = _MARKUP.sub(repl, text)
    return text + "\\" if text.endswith("\\") and not text.endswith("\\\\") else text


def check_name(value: Any, what: str, error: type[SolotableError] = DataFileError) -> str:
    """A name from a data file: short printable text with no markup brackets.

    Names end up in Rich markup, notation and file names; refusing ``[``, ``]`` and
    control characters at load time keeps every later use safe.
    """
    if not isinstance(value, str) or not value.strip():
        raise error(f"{what}: must be a non-empty string, got {shorten(repr(value))}")
    if len(value) > MAX_NAME:
        raise error(f"{what}: longer than {MAX_NAME} characters")
    bad = next((c for c in value if c in "[]\\" or not c.isprintable()), None)
    if bad is not None:
        raise error(f"{what}: {shorten(repr(value))} contains {bad!r} (not allowed in names)")
    return value


# -- files -----------------------------------------------------------------------------------


def read_text(path: str | Path, what: Text, error: type[SolotableError] = DataFileError) -> str:
    """The UTF-8 text of a regular file of at most :data:`MAX_FILE_BYTES`.

    ``/dev/zero`` would be read until memory runs out and a named pipe would block
    for ever, so anything but a regular file is refused before it is opened, and
    the file is opened non-blocking and checked again (it may have been swapped).
    """
    shown = repr(shorten(str(path)))
    mb = MAX_FILE_BYTES // 2**20
    if "\x00" in str(path):
        raise error(msg("core.file.nul", what=what, path=shown))
    p = Path(path).expanduser()
    try:
        st = p.stat()
        if not stat.S_ISREG(st.st_mode):
            raise error(msg("core.file.not-regular", what=what, path=shown))
        if st.st_size > MAX_FILE_BYTES:
            raise error(msg("core.file.too-large", what=what, path=shown, mb=mb))
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                raise error(msg("core.file.not-regular", what=what, path=shown))
            data = f.read(MAX_FILE_BYTES + 1)
    except OSError as e:
        raise error(
            msg("core.file.unreadable", what=what, path=shown, reason=os_error(e))
        ) from None
    if len(data) > MAX_FILE_BYTES:
        raise error(msg("core.file.too-large", what=what, path=shown, mb=mb))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise error(msg("core.file.not-utf8", what=what, path=shown, at=e.start)) from None


OS_ERRORS = {
    errno.ENOENT: "missing",
    errno.EACCES: "denied",
    errno.EPERM: "denied",
    errno.EISDIR: "folder",
    errno.ENOSPC: "full",
    errno.EROFS: "read-only",
}
"""File-system errors a player meets, said in their language (``core.os.<code>``)."""


def os_error(e: OSError) -> Msg:
    """Why a file could not be read or written, as a message (the system's own words for
    errors :data:`OS_ERRORS` does not name)."""
    code = OS_ERRORS.get(e.errno or 0)
    if code is not None:
        return msg(f"core.os.{code}")
    return msg("core.os.other", text=str(e.strerror or e))


# -- JSON ------------------------------------------------------------------------------------


class _Refused(ValueError):
    """Raised from the JSON parser's hooks; turned into the caller's error type."""


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise _Refused(f"an integer of {len(text)} digits (at most {MAX_INT_DIGITS})")
    return int(text)


def _parse_float(text: str) -> float:
    x = float(text)
    if not math.isfinite(x):
        raise _Refused(f"the number {shorten(text)} is too large")
    return x


def _parse_constant(text: str) -> Any:
    raise _Refused(f"{text} is not a number JSON allows")


class _RepeatedKey(ValueError):
    """An object gave the same key twice (Python's parser would keep the last silently)."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object's pairs as a dict, refusing a key given twice: two readers of the file (or
    the player and solotable) would not agree on which value it says."""
    doc = dict(pairs)
    if len(doc) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _RepeatedKey(key)
            seen.add(key)
    return doc


def parse_json(text: str, source: str, error: type[SolotableError] = DataFileError) -> Any:
    """``json.loads`` with limits; a failure names ``source``, the line and the column."""
    if len(text) > MAX_FILE_BYTES:
        raise error(msg("core.json.too-large", source=source, mb=MAX_FILE_BYTES // 2**20))
    try:
        doc = json.loads(
            text,
            parse_int=_parse_int,
            parse_float=_parse_float,
            parse_constant=_parse_constant,
            object_pairs_hook=unique_keys,
        )
    except json.JSONDecodeError as e:
        # the parser's own detail ("Expecting value") stays in English: it names JSON syntax
        raise error(
            msg("core.json.invalid", source=source, line=e.lineno, column=e.colno, detail=e.msg)
        ) from None
    except _RepeatedKey as e:
        key = shorten(repr(e.key))
        raise error(msg("core.json.repeated-key", source=source, name=key)) from None
    except _Refused as e:
        raise error(f"{source}: {e}") from None
    except RecursionError:
        raise error(msg("core.json.deep", source=source, levels=MAX_DEPTH)) from None
    if nesting(doc) > MAX_DEPTH:
        raise error(msg("core.json.deep", source=source, levels=MAX_DEPTH))
    return doc


def nesting(doc: Any) -> int:
    """Depth of lists and objects in ``doc``, without recursion (a deep document is the
    attack this guards against)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(doc, 0)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            node = list(node.values())
        elif not isinstance(node, list):
            continue
        depth += 1
        if depth > deepest:
            deepest = depth
            if deepest > MAX_DEPTH:
                return deepest
        stack.extend((child, depth) for child in node if isinstance(child, dict | list))
    return deepest


def read_json(path: str | Path, what: Text, error: type[SolotableError] = DataFileError) -> Any:
    """Read and parse a JSON file a user named; ``what`` says what it should be."""
    return parse_json(read_text(path, what, error), shorten(str(path)), error)
