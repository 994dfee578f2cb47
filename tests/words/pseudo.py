"""The pseudo-locale scan: visible text that did not come through a catalog.

Run a page or a terminal view in the pseudo-locale ``qps`` (every catalog string wrapped in
⟦ ⟧) and every run of letters the player can see must sit inside such brackets. What may stand
outside: numbers, punctuation and symbols, and elements marked ``translate="no"`` (the notation
box, the legal-move list's notation, language names, game ids) — HTML's own attribute for text
that is not to be translated.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
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


class _Visible(HTMLParser):
    """The text a player can see (and the attributes they read), element by element.

    Skipped: hidden elements and ``translate="no"`` ones (notation, ids, language names);
    ``within`` keeps only the element with that id; ``skip`` drops elements with those ids
    or classes (a scan of the frame leaves the game's own parts to the game's scan)."""

    def __init__(self, within: str | None = None, skip: frozenset[str] = frozenset()) -> None:
        super().__init__(convert_charrefs=True)
        self.within = within
        self.skip = skip
        self.stack: list[tuple[str, bool, bool]] = []
        """(tag, skipped, inside ``within``) of each open element."""
        self.chunks: list[tuple[str, str]] = []
        """(where, text) of every visible piece of text; ``where`` is the element's tag, or
        ``tag[attribute]`` for an attribute's value."""

    def _state(self) -> tuple[bool, bool]:
        skipping = any(sk for _, sk, _ in self.stack)
        inside = self.within is None or any(w for _, _, w in self.stack)
        return skipping, inside

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        classes = set((a.get("class") or "").split())
        skip = (
            tag in HIDDEN_TAGS
            or a.get("translate") == "no"
            or "hidden" in a
            or a.get("id") in self.skip
            or bool(classes & self.skip)
        )
        skipping, inside = self._state()
        here = self.within is not None and a.get("id") == self.within
        if not skipping and not skip and (inside or here):
            for name in ATTRS:
                value = a.get(name)
                if value:
                    self.chunks.append((f"{tag}[{name}]", value))
        if tag not in VOID:
            self.stack.append((tag, skip, here))

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                break

    def handle_data(self, data: str) -> None:
        skipping, inside = self._state()
        if not skipping and inside and data.strip():
            self.chunks.append((self.stack[-1][0] if self.stack else "?", data))


def visible_text(
    html: str, within: str | None = None, skip: frozenset[str] = frozenset()
) -> list[tuple[str, str]]:
    """``(where, text)`` of everything a player reads on ``html`` (see :class:`_Visible`)."""
    scan = _Visible(within, skip)
    scan.feed(html)
    scan.close()
    return scan.chunks


def untranslated(
    html: str,
    allowed: frozenset[str] = frozenset(),
    within: str | None = None,
    skip: frozenset[str] = frozenset(),
) -> list[str]:
    """Every visible word of ``html`` that did not come through a catalog (empty: all good).

    A catalog string may hold markup (a rules paragraph with **bold** words), so a bracket
    opened in one text node may close in a later one: text nodes are read in document order
    with the bracket depth carried over; each attribute is read on its own."""
    found: list[str] = []
    depth = 0
    for where, text in visible_text(html, within, skip):
        if where.endswith("]"):
            found += [f"{where}: {w}" for w in stray_words(text, allowed)]
            continue
        outside = []
        for ch in text:
            if ch == PSEUDO_OPEN:
                depth += 1
            elif ch == PSEUDO_CLOSE:
                depth = max(0, depth - 1)
            elif depth == 0:
                outside.append(ch)
        found += [f"{where}: {w}" for w in LETTERS.findall("".join(outside)) if w not in allowed]
    return found


KEBAB_ID = re.compile(r"\b(?=[\w-]*[a-z])[a-z0-9]+(?:-[a-z0-9]+){2,}\b")
"""An internal id such as ``dyn-hotels-orange-purple`` (three parts or more, a letter in it:
a date is not an id)."""
SNAKE_KEY = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")
"""An option or statistic key such as ``magic_dice``."""


def engine_words(
    html: str,
    notations: Iterable[str] = (),
    names: Iterable[str] = (),
    within: str | None = None,
    skip: frozenset[str] = frozenset(),
) -> list[str]:
    """Notation, internal ids and keys a player can see outside the notation tools.

    ``notations`` are the game's move texts (only those that cannot be a word: with a
    space, a digit or a colon); ``names`` are ids that must never show (option keys, game
    ids). Elements marked ``translate="no"`` (the notation box, the legal-move list) are
    not looked at."""
    coded = [n for n in set(notations) if any(c in n for c in " :0123456789")]
    found = []
    for where, text in visible_text(html, within, skip):
        for n in coded:
            if re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", text):
                found.append(f"{where}: notation {n!r} in {text.strip()[:80]!r}")
        for n in names:
            if re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", text):
                found.append(f"{where}: id {n!r} in {text.strip()[:80]!r}")
        for pattern in (KEBAB_ID, SNAKE_KEY):
            for m in pattern.findall(text):
                found.append(f"{where}: id {m!r} in {text.strip()[:80]!r}")
    return found


CSS_COMMENT = re.compile(r"/\*.*?\*/", re.S)
CSS_CONTENT = re.compile(r"(?<![\w-])content\s*:\s*([^;}]*)", re.I)
CSS_STRING = re.compile(r"\"((?:[^\"\\]|\\.)*)\"|'((?:[^'\\]|\\.)*)'")
LETTER = re.compile(r"[^\W\d_]")


def css_words(css: str) -> list[str]:
    """Every ``content:`` of a style sheet (or an inline style) whose literal string holds a
    letter: words a player would read that no catalog says (``content: "out of play"``).

    Symbols (``"✘"``) and ``attr(data-…)`` (filled from the page, so from the catalog) may
    stand there; a word may not, in any language."""
    found = []
    for decl in CSS_CONTENT.findall(CSS_COMMENT.sub("", css)):
        for m in CSS_STRING.finditer(decl):
            text = m.group(1) if m.group(1) is not None else m.group(2)
            if LETTER.search(text):
                found.append(f"content: {decl.strip()}")
                break
    return found


INLINE_STYLE = re.compile(r"<style[^>]*>(.*?)</style>|\sstyle=(\"[^\"]*\"|'[^']*')", re.S | re.I)


def template_styles(html: str) -> str:
    """The CSS written inside a template: its ``<style>`` blocks and ``style=""`` attributes."""
    parts = []
    for block, attr in INLINE_STYLE.findall(html):
        parts.append(block or attr[1:-1])
    return "\n".join(parts)
