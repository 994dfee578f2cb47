"""What a player reads on a page, for the tests that scan pages for words (one reader serves
every such test, so they agree on what counts as read).

Read: text, ``title`` and ``aria-label``, outside ``translate="no"`` elements, scripts,
styles and templates. A card name's tooltip (``title`` on an element of class ``card-name``,
which holds the English name of a French card) is kept apart in ``tips``.
"""

from __future__ import annotations

from html.parser import HTMLParser

VOID = ("br", "input", "img", "hr", "meta", "link", "wbr")
"""Elements with no end tag: they open nothing to skip."""


class Read(HTMLParser):
    """A page as read: ``read`` (text and read attributes) and ``tips`` (card-name tooltips)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.skip: list[bool] = []
        self.read: list[str] = []
        self.tips: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        hidden = tag in ("script", "style", "template") or a.get("translate") == "no"
        if not any(self.skip) and not hidden:
            for key in ("title", "aria-label"):
                value = a.get(key)
                if not value:
                    continue
                if key == "title" and "card-name" in str(a.get("class") or "").split():
                    self.tips.append(value)
                else:
                    self.read.append(value)
        if tag not in VOID:
            self.skip.append(hidden)

    def handle_endtag(self, tag: str) -> None:
        if self.skip:
            self.skip.pop()

    def handle_data(self, data: str) -> None:
        if not any(self.skip):
            self.read.append(data)


def read(page: str) -> Read:
    """``page`` as a player reads it."""
    r = Read()
    r.feed(page)
    return r


def visible(page: str, sep: str = "\n") -> str:
    """Everything a player reads on ``page``, tooltips included, joined by ``sep``."""
    r = read(page)
    return sep.join([*r.read, *r.tips])
