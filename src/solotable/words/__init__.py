"""Words at the edge: every sentence a player reads, in English or French.

The engine speaks in data — message keys with arguments (:class:`~solotable.core.message.Msg`),
typed events, structured action descriptions, option specs — and front ends (the web table,
the terminal, hints, ``review``, the lab's report) turn that data into words here, from the
message catalogs in ``locale/`` (Babel/gettext; see ``catalog.py``). Games and the core never
import this package.

    >>> from solotable.words import words
    >>> from solotable.core.message import msg
    >>> words("fr").say(msg("core.illegal.game-over"))
    'la partie est terminée'

``str(msg)`` anywhere is English: importing this package installs the English renderer.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from solotable.core.message import Msg, plain, set_renderer, set_translator_factory
from solotable.words.catalog import (
    LANGS,
    NOTE_CONTEXT,
    PSEUDO,
    SHARED,
    VALUE_CONTEXT,
    translations,
)
from solotable.words.registry import formatter_of
from solotable.words.tr import Tr

if TYPE_CHECKING:
    from solotable.core.events import Event
    from solotable.core.game import ActionInfo, Game, Observation
    from solotable.core.options import OptionSpec

__all__ = ["LANGS", "Tr", "Words", "choose_lang", "lang_from_env", "negotiate", "words"]

ENV = "SOLOTABLE_LANG"


class Words:
    """Everything said in one language (``en``, ``fr``, or the test pseudo-locale ``qps``)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self._trs: dict[str, Tr] = {}
        self._lock = threading.Lock()

    # -- catalogs ---------------------------------------------------------------------------
    def tr(self, domain: str = SHARED) -> Tr:
        """The translator of one catalog domain (a game's domain falls back on the shared)."""
        t = self._trs.get(domain)
        if t is None:
            with self._lock:
                t = Tr(self.lang, domain, translations(self.lang, domain), self.say)
                self._trs[domain] = t
        return t

    @property
    def shared(self) -> Tr:
        return self.tr(SHARED)

    def _(self, message: str, /, **args: Any) -> str:
        """A shared-domain string (front ends' own words)."""
        return self.shared._(message, **args)

    def game(self, game: str) -> Tr:
        """The translator of a game's domain (the shared one for a game without words)."""
        f = formatter_of(game)
        return self.tr(f.domain if f is not None else SHARED)

    # -- messages ----------------------------------------------------------------------------
    def say(self, m: Msg | Mapping[str, Any] | str) -> str:
        """A message in this language; a plain string is returned as it is."""
        if isinstance(m, str):
            return m
        if not isinstance(m, Msg):
            m = Msg.from_json(m)
        owner = m.key.split(".", 1)[0]
        f = formatter_of(owner)
        fn = f.messages.get(m.key) if f is not None else None
        if fn is None or f is None:
            return plain(m)
        return fn(self.tr(f.domain), m.args)

    def event(self, game: str, e: Event) -> str:
        """An event of ``game``: the game's own words for its kind, else the core's.

        An event stored by an older version carries its English ``text``; it is shown as it
        is when the game has no words for that kind."""
        f = formatter_of(game)
        key = f"{game}.event.{e.kind}"
        if f is not None and key in f.messages:
            return f.messages[key](self.tr(f.domain), e.data)
        if e.text:
            return e.text
        core = formatter_of("core")
        key = f"core.event.{e.kind}"
        if core is not None and key in core.messages:
            return core.messages[key](self.tr(core.domain), e.data)
        return plain(Msg(f"{game}.event.{e.kind}", e.data))

    def action(self, info: ActionInfo) -> str:
        """What a move does, in words (``State.action_info``)."""
        return self.say(info.message)

    def error(self, e: BaseException) -> str:
        """A user error in this language (its message), anything else as its text."""
        message = getattr(e, "message", None)
        if isinstance(message, Msg | str) and message != "":
            return self.say(message)
        return str(e)

    def render(self, game: Game, observation: Observation) -> str:
        """The terminal view of ``observation`` in this language (Rich markup)."""
        return game.render(observation, self.game(game.name))

    # -- options, presets, statistics, seats ---------------------------------------------------
    def _texts(self, game: str, table: str, key: Any) -> tuple[Tr, tuple[str, str] | None]:
        f = formatter_of(game)
        texts = getattr(f, table).get(key) if f is not None else None
        return self.game(game), texts

    def option_label(self, game: str, spec: OptionSpec) -> str:
        t, texts = self._texts(game, "options", spec.name)
        return t._(texts[0]) if texts else spec.name.replace("_", " ")

    def option_help(self, game: str, spec: OptionSpec) -> str:
        t, texts = self._texts(game, "options", spec.name)
        return t._(texts[1]) if texts else spec.help

    def choice_label(self, game: str, spec: OptionSpec, value: Any) -> str:
        text = str(value).lower()
        t, texts = self._texts(game, "choices", (spec.name, text))
        return t._(texts[0]) if texts else str(value)

    def preset_label(self, game: str, preset: str) -> str:
        t, texts = self._texts(game, "presets", preset)
        return t._(texts[0]) if texts else preset

    def preset_help(self, game: str, preset: str) -> str:
        t, texts = self._texts(game, "presets", preset)
        return t._(texts[1]) if texts else ""

    def stat_label(self, game: str, key: str) -> str:
        t, texts = self._texts(game, "stats", key)
        return t._(texts[0]) if texts else key.replace("_", " ")

    def stat_help(self, game: str, key: str) -> str:
        t, texts = self._texts(game, "stats", key)
        return t._(texts[1]) if texts else ""

    def stat_value(self, game: str, key: str, value: Any) -> str:
        """A category value of a statistic (a loss cause, a rating band) in words."""
        if isinstance(value, str):
            f = formatter_of(game)
            mkey = f"{game}.stat.{key}.{value}"
            if f is not None and mkey in f.messages:
                return f.messages[mkey](self.tr(f.domain), {})
            return value
        return self.shared.value(value)

    def game_title(self, game: str, default: str = "") -> str:
        f = formatter_of(game)
        return self.game(game)._(f.title) if f is not None and f.title else default or game

    def game_summary(self, game: str, default: str = "") -> str:
        f = formatter_of(game)
        return self.game(game)._(f.summary) if f is not None and f.summary else default

    def assumed_value(self, game: str, value: str) -> str:
        """An assumed value of a game's data file (``rules --assumptions``) in this language.

        The data file keeps it in English; its words are extracted from the file (context
        ``assumed value``, ``words.extract``). A value the catalog does not know (a number, a
        card id, a designer's own file) is shown as it is.
        """
        return self.game(game).pgettext(VALUE_CONTEXT, value)

    def assumption_note(self, game: str, note: str) -> str:
        """An assumption's note (why the value was chosen), like :meth:`assumed_value`."""
        return self.game(game).pgettext(NOTE_CONTEXT, note)

    def seat_name(self, game: str, seat: int) -> str:
        f = formatter_of(game)
        if f is not None and seat < len(f.seats):
            return self.game(game)._(f.seats[seat])
        return self._("player %(seat)s", seat=seat + 1)


def words(lang: str | None = None) -> Words:
    """The :class:`Words` of ``lang`` (default: ``SOLOTABLE_LANG``, else English)."""
    return _words(_known(lang if lang is not None else lang_from_env()))


@cache
def _words(lang: str) -> Words:
    return Words(lang)


def _known(lang: str) -> str:
    lang = (lang or "").strip().lower().replace("_", "-")
    if lang == PSEUDO:
        return lang
    base = lang.split("-", 1)[0]
    return base if base in LANGS else "en"


_chosen: str | None = None
"""The language the command line chose (``--lang``) for the command being run."""


def choose_lang(lang: str | None) -> None:
    """Set (or, with None, forget) the command line's ``--lang`` for this command.

    Kept here rather than in ``SOLOTABLE_LANG``: a later command run in the same process
    (the test runner, a shell embedding the CLI) must not inherit an earlier one's choice.
    """
    global _chosen
    _chosen = None if lang is None else _known(lang)


def lang_from_env() -> str:
    """``--lang`` if the command was given one, else ``SOLOTABLE_LANG`` (``fr``, ``en``),
    else English: the terminal's choice."""
    return _chosen if _chosen is not None else _known(os.environ.get(ENV, "en"))


def negotiate(accept_language: str | None) -> str:
    """The first of our languages in an ``Accept-Language`` header (by q-value), else English."""
    best: list[tuple[float, int, str]] = []
    for i, part in enumerate((accept_language or "")[:500].split(",")):
        fields = part.strip().split(";")
        tag = fields[0].strip().lower()
        q = 1.0
        for f in fields[1:]:
            name, _, value = f.strip().partition("=")
            if name == "q":
                try:
                    q = float(value) if len(value) <= 6 else 0.0
                except ValueError:
                    q = 0.0
        base = tag.split("-", 1)[0]
        if base in LANGS and q > 0:
            best.append((-q, i, base))
    return min(best)[2] if best else "en"


def is_language(lang: str) -> bool:
    return lang in LANGS


set_renderer(lambda m: words("en").say(m))
set_translator_factory(lambda owner: words("en").game(owner))
"""``str(msg)`` and ``Game.render(obs)`` are English everywhere once the words are loaded."""
