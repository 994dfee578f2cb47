"""Messages: what the engine has to say, as data rather than sentences.

Games and the core never build a sentence for a player. Why a move is refused, what a move
does, what happened, how a game ended: each is a :class:`Msg`, a stable key
(``"dice-miner.illegal.recycle-first"``) and typed arguments (ids, counts, seats, nested
messages). The words package (``solotable.words``) turns a message into English or French from
its message catalogs, at the edge, in the player's language; records, saves and the store keep
the message itself, so they stay language-neutral.

``str(msg)`` asks the renderer installed by ``solotable.words`` (English); before that is
imported it falls back to the key and arguments, which is readable enough for a traceback.
The core keeps only this hook, so it never depends on the words package.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass(frozen=True, slots=True, eq=True)
class Msg:
    """A message key with its arguments; words/ says it in the player's language.

    Argument values are JSON-like: ``None``, bools, ints, floats, strings (ids, notation,
    names from data files), lists of those, or nested :class:`Msg` values.
    """

    key: str
    args: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return _renderer(self)

    def __hash__(self) -> int:
        return hash(self.key)

    def arg(self, name: str, default: Any = None) -> Any:
        return self.args.get(name, default)

    def to_json(self) -> dict[str, Any]:
        """A JSON-serialisable form (nested messages included); :meth:`from_json` reads it."""
        return {"key": self.key, "args": {k: _arg_to_json(v) for k, v in self.args.items()}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Msg:
        return cls(str(data["key"]), {k: _arg_from_json(v) for k, v in dict(data["args"]).items()})


def msg(key: str, **args: Any) -> Msg:
    """``Msg(key, args)``: the short form games use."""
    return Msg(key, args)


Text = str | Msg
"""What a few APIs still accept while they move from sentences to messages (a plain string is
shown as it is, untranslated: user data, or text that is not yet a message)."""


def _arg_to_json(v: Any) -> Any:
    if isinstance(v, Msg):
        return {"$msg": v.to_json()}
    if isinstance(v, list | tuple):
        return [_arg_to_json(x) for x in v]
    return v


def _arg_from_json(v: Any) -> Any:
    if isinstance(v, dict) and set(v) == {"$msg"}:
        return Msg.from_json(v["$msg"])
    if isinstance(v, list):
        return [_arg_from_json(x) for x in v]
    return v


def plain(m: Msg) -> str:
    """The fallback rendering: ``key(a=1, b='x')``."""
    inner = ", ".join(
        f"{k}={v!s}" if isinstance(v, Msg) else f"{k}={v!r}" for k, v in m.args.items()
    )
    return f"{m.key}({inner})" if inner else m.key


_renderer: Callable[[Msg], str] = plain


def set_renderer(fn: Callable[[Msg], str]) -> None:
    """Install the function ``str(msg)`` uses (``solotable.words`` installs English)."""
    global _renderer
    _renderer = fn


def text_of(value: Text) -> str:
    """A string for a ``Text`` value: a message through the renderer, a string as it is."""
    return str(value)


class Translator(Protocol):
    """What a game's terminal view (``render.py``) needs to say things: the words package
    hands one in (``Words.render``); games never import the words package."""

    lang: str

    def _(self, message: str, /, **args: Any) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, /, **args: Any) -> str: ...

    def pgettext(self, context: str, message: str, /, **args: Any) -> str: ...

    def term(self, name: str) -> str: ...

    def num(self, x: float, places: int = 2) -> str: ...

    def signed(self, x: float, places: int = 2) -> str: ...

    def join(self, items: Iterable[str], style: str = "standard") -> str: ...

    def say(self, m: Any) -> str: ...


class _Ids:
    """The message ids themselves (English) until ``solotable.words`` installs its factory."""

    lang = "en"

    def _(self, message: str, /, **args: Any) -> str:
        return message % {k: self.say(v) for k, v in args.items()} if args else message

    def ngettext(self, singular: str, plural: str, n: int, /, **args: Any) -> str:
        return self._(singular if n == 1 else plural, **{"n": n, **args})

    def pgettext(self, context: str, message: str, /, **args: Any) -> str:
        return self._(message, **args)

    def term(self, name: str) -> str:
        return name

    def num(self, x: float, places: int = 2) -> str:
        return f"{x:.{places}f}".rstrip("0").rstrip(".") if isinstance(x, float) else str(x)

    def signed(self, x: float, places: int = 2) -> str:
        return ("+" if x > 0 else "") + self.num(x, places)

    def join(self, items: Iterable[str], style: str = "standard") -> str:
        return ", ".join(items)

    def say(self, m: Any) -> str:
        return str(m)


_translator_for: Callable[[str], Translator] = lambda owner: _Ids()  # noqa: E731


def set_translator_factory(fn: Callable[[str], Translator]) -> None:
    """Install what :func:`translator_for` returns (``solotable.words``: English)."""
    global _translator_for
    _translator_for = fn


def translator_for(owner: str) -> Translator:
    """The default (English) translator of a game, for ``Game.render`` called without one."""
    return _translator_for(owner)
