"""Babel extractors for what is not Python or a template: rules pages and data files' names.

- A rules page (``games/<game>/rules.md``) is translated block by block, the way po4a does
  for documentation: every paragraph, heading, list item and table cell is one message, so a
  page in French is the same page with each block from the catalog (``words.rules``).
- A data file's ``name`` and ``text`` fields (cards, species, Divers, factions, rating bands)
  are game terms: they are extracted with the context ``term`` (``Tr.term``), so a card keeps
  its one name everywhere it is shown.
- The command line's help (``cli/helptext.py``): every help text of the command tree, as Typer
  shows it (a command's docstring, an option's ``help=``, Typer's own completion options), is
  one message of the shared domain, read from the tree itself so that it is the very string
  ``--help`` looks up.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import IO, Any

TERM_KEYS = ("name", "text")


def markdown_blocks(text: str) -> Iterator[tuple[int, str]]:
    """``(line, inline source)`` of every block of a Markdown page, in order."""
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    for token in md.parse(text):
        if token.type == "inline" and token.content.strip():
            line = (token.map[0] + 1) if token.map else 0
            yield line, token.content


def extract_markdown(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel extraction method for Markdown: one message per block."""
    for line, content in markdown_blocks(fileobj.read().decode("utf-8")):
        yield line, None, content, []


def data_terms(data: Any) -> Iterator[str]:
    """Every ``name``/``text`` string of a data file, in document order."""
    stack = [data]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            for key, value in reversed(list(node.items())):
                if key in TERM_KEYS and isinstance(value, str) and value.strip():
                    stack.append(("term", value))
                elif isinstance(value, dict | list):
                    stack.append(value)
        elif isinstance(node, list):
            stack.extend(reversed(node))
        elif isinstance(node, tuple):
            yield node[1]


def extract_data_terms(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    """Babel extraction method for a game's JSON data: ``pgettext("term", name)``."""
    data = json.loads(fileobj.read().decode("utf-8"))
    for name in data_terms(data):
        yield 0, "pgettext", ("term", name), []


def extract_cli_help(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[Any, ...]]:
    """Babel extraction method for ``cli/helptext.py``: its own messages (Python), then the
    help texts of the command tree (``helptext.help_texts``), each with where it is shown."""
    from babel.messages.extract import extract_python

    from solotable.cli.helptext import help_texts

    yield from extract_python(fileobj, keywords, comment_tags, options)
    for where, text in help_texts():
        yield 0, None, text, [f"help of: {where}"]
