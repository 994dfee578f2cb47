"""Rules pages in the player's language, block by block from the game's catalog.

A game's ``rules.md`` is written in English, in our own words; every block of it (paragraph,
heading, list item, table cell) is a message of the game's catalog domain (``extract.py``), so
the French page is the same page with each block translated, and a block the catalog lacks
stays in English rather than disappearing.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from solotable.words import words

_MD_OPTIONS = {"html": False}


def _md() -> Any:
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", _MD_OPTIONS).enable("table")


def translate_markdown(text: str, game: str, lang: str) -> str:
    """``text`` with each block replaced by its translation (Markdown out, for terminals).

    A block's inline source is not always a substring of the page: a list item or a quote
    spanning lines has its continuation lines' indentation (and ``>`` markers) stripped. So
    each block is found line by line, whatever the indentation between its lines, and a
    translation on several lines gets that indentation back (it stays inside its item).
    """
    from solotable.words.extract import markdown_blocks

    t = words(lang).game(game)
    out = text
    pos = 0
    for _line, block in markdown_blocks(text):
        translated = t._(block)
        found = _block_source(block).search(out, pos)
        if found is None:
            continue
        if translated == block:
            pos = found.end()
            continue
        indent = _continuation(out, found)
        replacement = ("\n" + indent).join(translated.split("\n"))
        out = out[: found.start()] + replacement + out[found.end() :]
        pos = found.start() + len(replacement)
    return out


def _block_source(block: str) -> re.Pattern[str]:
    """Where ``block`` stands in the page: its lines, with any indentation between them."""
    lines = (re.escape(line.strip()) for line in block.split("\n"))
    return re.compile(r"[ \t]*\n[ \t>]*".join(lines))


def _continuation(page: str, found: re.Match[str]) -> str:
    """The indentation the block's continuation lines have (its first line's column if it
    has none: a list item's text starts there)."""
    second = re.search(r"\n([ \t>]*)", found.group(0))
    if second is not None:
        return second.group(1)
    start = page.rfind("\n", 0, found.start()) + 1
    return " " * (found.start() - start)


@cache
def rules_html(game: str, lang: str, source: str) -> str:
    """The rules page as HTML in ``lang`` (raw HTML in the source is escaped, not passed)."""
    md = _md()
    tokens = md.parse(source)
    t = words(lang).game(game)
    for token in tokens:
        if token.type == "inline" and token.content.strip():
            translated = t._(token.content)
            if translated != token.content:
                token.content = translated
                token.children = md.parseInline(translated)[0].children
    return str(md.renderer.render(tokens, md.options, {}))
