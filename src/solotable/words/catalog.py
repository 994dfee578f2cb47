"""Message catalogs: gettext ``.po`` files read with Babel, one per language and domain.

The English text is the message id (gettext's convention), so English needs no catalog and
can never be missing a message. Each other language has a ``.po`` file per domain under
``locale/<lang>/LC_MESSAGES/``: ``solotable`` for what every page and command shares, and one
domain per game (its formatter, its terminal view, its web page, its rules page and the names of
its cards), so that work on one game touches only that game's catalog.

Catalogs are compiled in memory on first use (no ``.mo`` file to keep in step with the ``.po``).
"""

from __future__ import annotations

import gettext
import io
import threading
from functools import cache
from importlib import resources

LOCALE_PACKAGE = "solotable.words"
VALUE_CONTEXT = "assumed value"
"""The catalog context of an assumption's value written in words (``9 Tunnel dice``): data
files keep assumptions in English, ``words.extract`` takes their words into the game's domain."""
NOTE_CONTEXT = "assumption note"
"""The catalog context of an assumption's note (why the value was chosen)."""
SHARED = "solotable"
"""The domain of the lobby, the table's frame, the terminal and the core's messages."""
LANGS = ("en", "fr")
"""The languages a player may choose, English first (the default)."""
PSEUDO = "qps"
"""A test-only pseudo-locale: every catalog string wrapped in ⟦ ⟧, so that a page scan finds
any text that did not come through a catalog."""
PSEUDO_OPEN, PSEUDO_CLOSE = "⟦", "⟧"

_lock = threading.RLock()


class PseudoTranslations(gettext.NullTranslations):
    """English wrapped in ⟦ ⟧: what did not come through a catalog stands out."""

    def gettext(self, message: str) -> str:
        return f"{PSEUDO_OPEN}{message}{PSEUDO_CLOSE}"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self.gettext(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return self.gettext(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self.ngettext(msgid1, msgid2, n)


def po_path(lang: str, domain: str) -> str:
    return f"locale/{lang}/LC_MESSAGES/{domain}.po"


def _read(lang: str, domain: str) -> gettext.NullTranslations:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    from babel.support import Translations

    ref = resources.files(LOCALE_PACKAGE).joinpath(po_path(lang, domain))
    if not ref.is_file():
        return gettext.NullTranslations()
    with ref.open("rb") as f:
        catalog = read_po(f, locale=lang, domain=domain)
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    buf.seek(0)
    return Translations(buf, domain=domain)


@cache
def translations(lang: str, domain: str) -> gettext.NullTranslations:
    """The compiled catalog of ``domain`` in ``lang`` falling back on the shared domain.

    English (and any language without a file) is the message ids themselves.
    """
    if lang == PSEUDO:
        return PseudoTranslations()
    if lang not in LANGS or lang == "en":
        return gettext.NullTranslations()
    with _lock:
        own = _read(lang, domain)
        if domain != SHARED:
            own.add_fallback(translations(lang, SHARED))
        return own
