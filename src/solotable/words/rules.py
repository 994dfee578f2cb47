"""Rules pages in the player's language, block by block from the game's catalog.

A game's ``rules.md`` is written in English, in our own words; every block of it (paragraph,
heading, list item, table cell) is a message of the game's catalog domain (``extract.py``), so
the French page is the same page with each block translated, and a block the catalog lacks
stays in English rather than disappearing.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from solotable.words import words

_MD_OPTIONS = {"html": False}


def _md() -> Any:
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", _MD_OPTIONS).enable("table")


def translate_markdown(text: str, game: str, lang: str) -> str:
    """``text`` with each block replaced by its translation (Markdown out, for terminals)."""
    from solotable.words.extract import markdown_blocks

    t = words(lang).game(game)
    out = text
    pos = 0
    for _line, block in markdown_blocks(text):
        translated = t._(block)
        at = out.find(block, pos)
        if at < 0:
            continue
        out = out[:at] + translated + out[at + len(block) :]
        pos = at + len(translated)
    return out


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
