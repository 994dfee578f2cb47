"""Babel extractors for what is not Python or a template: rules pages and data files' names.

- A rules page (``games/<game>/rules.md``) is translated block by block, the way po4a does
  for documentation: every paragraph, heading, list item and table cell is one message, so a
  page in French is the same page with each block from the catalog (``words.rules``).
- A data file's ``name`` and ``text`` fields (cards, species, Divers, factions, rating bands)
  are game terms: they are extracted with the context ``term`` (``Tr.term``), so a card keeps
  its one name everywhere it is shown.
- A data file's ``assumptions`` (``solotable rules GAME --assumptions``) stay in English next
  to the facts they qualify; each note and each value written in words is a message of the
  game's domain (contexts :data:`VALUE_CONTEXT` and :data:`NOTE_CONTEXT`), said by
  ``Words.assumed_value`` / ``Words.assumption_note``. A value without letters (``9 / 9 / 9 /
  6``) or equal to one of the file's ``id`` fields (a card id) is not words and is not extracted.

The command line's help has its extractor beside the command tree it reads
(``solotable.cli.helpwords.extract_cli_help``): words never import the command line.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import IO, Any

from solotable.words.catalog import NOTE_CONTEXT, VALUE_CONTEXT

TERM_KEYS = ("name", "text")
LETTER = re.compile(r"[^\W\d_]")


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


def _ids(data: Any) -> Iterator[str]:
    """Every ``id`` string of a data file (card ids: what a value may name without words)."""
    stack = [data]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if isinstance(node.get("id"), str):
                yield node["id"]
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)


def data_assumptions(data: Any) -> Iterator[tuple[str, str, str]]:
    """``(context, text, key)`` of every worded value and every note of a data file's
    ``assumptions``, in document order."""
    entries = data.get("assumptions") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        return
    ids = set(_ids(data))
    for e in entries:
        if not isinstance(e, dict):
            continue
        key = str(e.get("key", ""))
        value, note = e.get("value"), e.get("note")
        if isinstance(value, str) and LETTER.search(value) and value not in ids:
            yield VALUE_CONTEXT, value, key
        if isinstance(note, str) and note.strip():
            yield NOTE_CONTEXT, note, key


def extract_data_terms(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    """Babel extraction method for a game's JSON data: ``pgettext("term", name)`` for its
    names, then ``pgettext(context, text)`` for its assumptions' values and notes (with the
    assumption's key as the translator's comment)."""
    data = json.loads(fileobj.read().decode("utf-8"))
    for name in data_terms(data):
        yield 0, "pgettext", ("term", name), []
    for context, text, key in data_assumptions(data):
        yield 0, "pgettext", (context, text), [f"assumption: {key}"]
