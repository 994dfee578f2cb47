"""The web table's language: chosen per request, used by every template and page.

A player's language is, in order: the ``lang`` cookie set by the switch in the page header
(also remembered in the store, so a new browser on this computer starts in it), then the
language remembered in the store, then the browser's ``Accept-Language``, then English.

Templates use Jinja2's i18n extension (``{{ _("New game") }}``, ``ngettext``, ``pgettext``);
the gettext functions installed in the environment read two context variables, the request's
language and the catalog domain of the page being drawn (a game's page says its words from
the game's domain, which falls back on the shared one), so one cached environment serves
every language.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any

from solotable.words import LANGS, Words, negotiate, words
from solotable.words.catalog import PSEUDO, SHARED, translations

if TYPE_CHECKING:
    from jinja2 import Environment
    from starlette.requests import Request

    from solotable.session.store import Store

COOKIE = "lang"
PREF = "lang"
"""The store preference that remembers the player's language."""

_lang: ContextVar[str] = ContextVar("solotable_lang", default="en")
_domain: ContextVar[str] = ContextVar("solotable_domain", default=SHARED)


def request_lang(request: Request, store: Store | None = None, allow_pseudo: bool = False) -> str:
    """The language of ``request`` (cookie, then the store, then ``Accept-Language``)."""
    cookie = request.cookies.get(COOKIE, "")
    if cookie in LANGS or (allow_pseudo and cookie == PSEUDO):
        return cookie
    if store is not None:
        remembered = store.preference(PREF)
        if remembered in LANGS:
            return remembered
    return negotiate(request.headers.get("accept-language"))


def headers_lang(headers: Mapping[str, str], allow_pseudo: bool = False) -> str:
    """The language of a request the store does not answer (the security guard's refusals,
    which run before the app): the ``lang`` cookie, then ``Accept-Language``."""
    from starlette.requests import cookie_parser

    cookie = cookie_parser(headers.get("cookie", "")[:4096]).get(COOKIE, "")
    if cookie in LANGS or (allow_pseudo and cookie == PSEUDO):
        return cookie
    return negotiate(headers.get("accept-language"))


@contextmanager
def speaking(lang: str, domain: str = SHARED) -> Iterator[Words]:
    """Draw templates in ``lang`` from ``domain`` inside the block."""
    t1 = _lang.set(lang)
    t2 = _domain.set(domain)
    try:
        yield words(lang)
    finally:
        _domain.reset(t2)
        _lang.reset(t1)


def current() -> Words:
    return words(_lang.get())


class _Translations:
    """Jinja2's gettext callables, looking up the current language and domain."""

    @staticmethod
    def _t() -> Any:
        return translations(_lang.get(), _domain.get())

    def gettext(self, message: str) -> str:
        return str(self._t().gettext(message))

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return str(self._t().ngettext(singular, plural, n))

    def pgettext(self, context: str, message: str) -> str:
        return str(self._t().pgettext(context, message))

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return str(self._t().npgettext(context, singular, plural, n))


def install(env: Environment) -> None:
    """Add the i18n extension to ``env`` with gettext functions that follow the request."""
    env.add_extension("jinja2.ext.i18n")
    env.install_gettext_translations(_Translations(), newstyle=True)  # type: ignore[attr-defined]
    env.globals["current_lang"] = lambda: _lang.get()
    env.globals["langs"] = LANGS
    env.globals["words"] = current
    env.filters["num"] = lambda x: current().shared.num(x) if _is_number(x) else x
    env.filters["signed"] = lambda x: current().shared.signed(x) if _is_number(x) else x
    env.filters["say"] = lambda m: current().say(m) if m is not None else ""


def _is_number(x: Any) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool)
