"""The pseudo-locale scan: visible text that did not come through a catalog.

Run a page or a terminal view in the pseudo-locale ``qps`` (every catalog string wrapped in
⟦ ⟧) and every run of letters the player can see must sit inside such brackets. What may stand
outside: numbers, punctuation and symbols, and elements marked ``translate="no"`` (the notation
box, the legal-move list's notation, language names, game ids) — HTML's own attribute for text
that is not to be translated.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

from solotable.words.catalog import PSEUDO_CLOSE, PSEUDO_OPEN

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}
HIDDEN_TAGS = {"script", "style", "template", "title"}
LETTERS = re.compile(r"[^\W\d_]{2,}")
"""Two letters or more in a row: a word (single letters are piece and colour codes)."""
ATTRS = ("title", "aria-label", "placeholder", "alt")
"""Attributes a player reads (tooltips, screen readers)."""


def outside_brackets(text: str) -> str:
    """``text`` with every ⟦…⟧ span (nested too) removed."""
    out, depth = [], 0
    for ch in text:
        if ch == PSEUDO_OPEN:
            depth += 1
        elif ch == PSEUDO_CLOSE:
            depth = max(0, depth - 1)
        elif depth == 0:
            out.append(ch)
    return "".join(out)


def stray_words(text: str, allowed: frozenset[str] = frozenset()) -> list[str]:
    """Words of ``text`` outside ⟦ ⟧ that are not in ``allowed`` (user data, ids)."""
    return [w for w in LETTERS.findall(outside_brackets(text)) if w not in allowed]


class _Scan(HTMLParser):
    def __init__(self, allowed: frozenset[str]) -> None:
        super().__init__(convert_charrefs=True)
        self.allowed = allowed
        self.stack: list[tuple[str, bool]] = []
        self.found: list[str] = []

    def _skipping(self) -> bool:
        return any(skip for _, skip in self.stack)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        skip = tag in HIDDEN_TAGS or a.get("translate") == "no" or "hidden" in a
        if not self._skipping() and not skip:
            for name in ATTRS:
                value = a.get(name)
                if value:
                    self.found += [f"{tag}[{name}]: {w}" for w in stray_words(value, self.allowed)]
        if tag not in VOID:
            self.stack.append((tag, skip))

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                break

    def handle_data(self, data: str) -> None:
        if not self._skipping():
            where = self.stack[-1][0] if self.stack else "?"
            self.found += [f"{where}: {w}" for w in stray_words(data, self.allowed)]


def untranslated(html: str, allowed: frozenset[str] = frozenset()) -> list[str]:
    """Every visible word of ``html`` that did not come through a catalog (empty: all good)."""
    scan = _Scan(allowed)
    scan.feed(html)
    scan.close()
    return scan.found
