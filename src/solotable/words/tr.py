"""``Tr``: one language and one catalog domain, with the formatting a sentence needs.

Every message goes through here: gettext lookups (plural forms are the catalog's job),
``%(name)s`` placeholders filled with numbers written the language's way (84, not 84.0;
``32,5`` in French), nested messages said in the same language, and lists joined the way
the language joins them ("a, b and c", « a, b et c »).
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from solotable.core.message import Msg

Formatter = Callable[["Tr", Mapping[str, Any]], str]


class Tr:
    """Translate and format in one language and domain.

    ``say`` renders a nested :class:`Msg` (a message argument, an error's reason) in the same
    language; the :class:`~solotable.words.Words` that makes a ``Tr`` supplies it.
    """

    __slots__ = ("_t", "domain", "lang", "say")

    def __init__(
        self,
        lang: str,
        domain: str,
        translations: gettext.NullTranslations,
        say: Callable[[Any], str],
    ) -> None:
        self.lang = lang
        self.domain = domain
        self._t = translations
        self.say = say

    # -- lookups ------------------------------------------------------------------------
    def _(self, message: str, /, **args: Any) -> str:
        """``message`` in this language, its ``%(name)s`` placeholders filled from ``args``."""
        return self.fill(self._t.gettext(message), args)

    def gettext(self, message: str, /, **args: Any) -> str:
        return self._(message, **args)

    def ngettext(self, singular: str, plural: str, n: int, /, **args: Any) -> str:
        """The form for ``n`` (``%(n)s`` is ``n`` unless given)."""
        args.setdefault("n", n)
        return self.fill(self._t.ngettext(singular, plural, n), args)

    def pgettext(self, context: str, message: str, /, **args: Any) -> str:
        return self.fill(self._t.pgettext(context, message), args)

    def npgettext(self, context: str, singular: str, plural: str, n: int, /, **args: Any) -> str:
        args.setdefault("n", n)
        return self.fill(self._t.npgettext(context, singular, plural, n), args)

    def term(self, name: str) -> str:
        """A game term from a data file (a card, a species, a die face) in this language.

        Terms are extracted from the data files with the context ``term``; a name the catalog
        does not know (a designer's own card file) is shown as it is.
        """
        return self._t.pgettext("term", name)

    # -- formatting -----------------------------------------------------------------------
    def fill(self, template: str, args: Mapping[str, Any]) -> str:
        if not args:
            return template
        return template % {k: self.value(v) for k, v in args.items()}

    def value(self, v: Any) -> str:
        """One placeholder's text: messages said, numbers written the language's way."""
        if isinstance(v, str):
            return v
        if isinstance(v, bool):
            return self._("yes") if v else self._("no")
        if isinstance(v, int | float):
            return self.num(v)
        if isinstance(v, Msg | dict):
            return self.say(v)
        if isinstance(v, list | tuple):
            return self.join(self.value(x) for x in v)
        return str(v)

    def num(self, x: float, places: int = 2) -> str:
        """A number as people write it: integral values without decimals (84, not 84.0),
        others with at most ``places`` decimals, in the language's notation."""
        from babel.numbers import format_decimal

        if isinstance(x, float) and x.is_integer():
            x = int(x)
        if isinstance(x, int) and -10_000 < x < 10_000:
            return str(x) if x >= 0 or self.lang == "en" else "−" + str(-x)
        pattern = "#,##0" + ("." + "#" * places if places else "")
        return str(format_decimal(x, format=pattern, locale=_babel_locale(self.lang)))

    def signed(self, x: float, places: int = 2) -> str:
        """``+3``, ``−1.5``, ``0``: a change."""
        text = self.num(abs(x), places)
        return f"+{text}" if x > 0 else f"−{text}" if x < 0 else text

    def join(self, items: Iterable[str], style: str = "standard") -> str:
        """Items joined as the language does ("a, b and c"); ``style="or"`` for choices."""
        from babel.lists import format_list

        seq = list(items)
        if not seq:
            return ""
        return str(format_list(seq, style=style, locale=_babel_locale(self.lang)))  # type: ignore[arg-type]


def _babel_locale(lang: str) -> str:
    return "en" if lang not in ("fr",) else lang
