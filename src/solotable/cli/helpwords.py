"""The command line's help texts, listed from the command tree for the message catalogs.

A leaf module: it imports the whole command tree (``cli/main.py``) to walk it, and nothing
imports it back — Babel reaches :func:`extract_cli_help` by name (``words/tools.py``), so the
extraction reads the very strings ``--help`` looks up (``cli/helptext.py``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO, Any

import typer

from solotable.cli.main import app


def help_texts() -> Iterator[tuple[str, str]]:
    """``(where, English text)`` of every help the command line can show, from its tree."""
    yield from _walk(typer.main.get_command(app), "solotable")


def _walk(cmd: Any, path: str) -> Iterator[tuple[str, str]]:
    ctx = typer.Context(cmd, info_name=path.rsplit(" ", 1)[-1])
    for attr in ("help", "short_help"):
        if getattr(cmd, attr, None):
            yield path, getattr(cmd, attr)
    for param in cmd.get_params(ctx):
        if getattr(param, "help", None):
            yield f"{path} {param.opts[0]}", param.help
    for name, sub in getattr(cmd, "commands", {}).items():
        yield from _walk(sub, f"{path} {name}")


def extract_cli_help(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[Any, ...]]:
    """Babel extraction method for this file (``words/tools.py`` names it): its own messages
    (Python), then every help text of the command tree (:func:`help_texts`), each with where
    it is shown. It lives in the command line, not in ``words/extract.py``: words never import
    the command line."""
    from babel.messages.extract import extract_python

    yield from extract_python(fileobj, keywords, comment_tags, options)
    for where, text in help_texts():
        yield 0, None, text, [f"help of: {where}"]
