"""The command line's help in the player's language: Typer/Click's help through the catalog.

Typer draws every ``--help`` (its Rich panels) from the Click command tree: the help of each
command, option and argument (our docstrings and ``help=`` texts), and words of its own —
"Usage:", the panel titles, "[default: …]", the help option's "Show this message and exit." —
which Typer's vendored Click writes in English, without gettext. Help is said at the edge like
every other word: :func:`install` wraps Typer's help renderer so that, for the length of one
rendering, each of those texts is its translation in the command's language (the shared
``solotable`` domain); the tree is left as it was afterwards, and English renders untouched.

The English texts are the message ids. ``cli/helpwords.py`` lists them from the command tree
itself — what the extraction reads (``helpwords.extract_cli_help``) — so a new
option's help reaches the catalog with ``make words``, and the catalog check fails until it is
translated.

The language must be known before Click renders anything: ``--lang`` is an eager option of the
root command, but Click runs eager options in the order they were typed, so
``solotable --help --lang fr`` would draw the help before seeing ``--lang``.
:class:`SolotableGroup` reads ``--lang`` from the arguments before Click parses them.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import typer
from typer import rich_utils
from typer.core import TyperGroup

from solotable.words import LANGS, Tr, choose_lang, words
from solotable.words.registry import N_

USAGE = N_("Usage:")
"""The usage line's prefix (Click writes it with a space after it)."""
TYPER_WORDS: dict[str, str] = {
    "OPTIONS_PANEL_TITLE": N_("Options"),
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"),
    "COMMANDS_PANEL_TITLE": N_("Commands"),
    # TRANSLATORS: after an option's help; {} is the default value, keep it.
    "DEFAULT_STRING": N_("[default: {}]"),
    "REQUIRED_LONG_STRING": N_("[required]"),
}
"""Typer's own words in its help panels (``typer.rich_utils`` module constants)."""


def lang_in_args(args: Sequence[str]) -> str | None:
    """The root command's ``--lang`` value in ``args``, if given.

    Only the options before the command name count: what follows is the command's own
    (``solotable report --lang fr`` is the page's language, not the terminal's)."""
    it = iter(args)
    for arg in it:
        if arg == "--lang":
            return next(it, None)
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
        if arg == "--" or not arg.startswith("-"):
            break
    return None


class SolotableGroup(TyperGroup):
    """The ``solotable`` command: its language is chosen before Click parses anything."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        lang = lang_in_args(sys.argv[1:] if args is None else list(args))
        choose_lang(lang if lang in LANGS else None)  # a bad one: --lang's own check says so
        return super().main(
            args=args,
            prog_name=prog_name,
            complete_var=complete_var,
            standalone_mode=standalone_mode,
            windows_expand_args=windows_expand_args,
            **extra,
        )


_render = rich_utils.rich_format_help


def _format_help(*, obj: Any, ctx: Any, markup_mode: Any) -> None:
    """Typer's help renderer, with every text in the command's language."""
    t = words().shared
    if t.lang == "en":
        _render(obj=obj, ctx=ctx, markup_mode=markup_mode)
        return
    with _said(t, obj, ctx):
        _render(obj=obj, ctx=ctx, markup_mode=markup_mode)


def install() -> None:
    """Route Typer's help through :func:`_format_help` (once; the CLI module calls it)."""
    rich_utils.rich_format_help = _format_help


@contextmanager
def _said(t: Tr, obj: Any, ctx: typer.Context) -> Iterator[None]:
    """For one rendering: ``obj``'s help, its parameters', the commands it lists and Typer's
    and Click's own words, translated; everything put back after."""
    saved: list[tuple[object, str, Any]] = []

    def put(target: object, attr: str, value: Any) -> None:
        saved.append((target, attr, getattr(target, attr)))
        setattr(target, attr, value)

    shown = [obj]
    if isinstance(obj, TyperGroup):
        shown += [obj.get_command(ctx, name) for name in obj.list_commands(ctx)]
    for cmd in shown:
        for attr in ("help", "short_help"):
            if getattr(cmd, attr, None):
                put(cmd, attr, t._(getattr(cmd, attr)))
    for param in obj.get_params(ctx):
        if getattr(param, "help", None):
            put(param, "help", t._(param.help))
    for name, english in TYPER_WORDS.items():
        put(rich_utils, name, t._(english))
    put(ctx, "formatter_class", _usage_formatter(ctx.formatter_class, t._(USAGE) + " "))
    try:
        yield
    finally:
        for target, attr, value in reversed(saved):
            setattr(target, attr, value)


def _usage_formatter(base: type[Any], prefix: str) -> type[Any]:
    """The context's help formatter, writing the usage line after ``prefix``."""

    def write_usage(self: Any, prog: str, args: str = "", prefix_: str | None = None) -> None:
        base.write_usage(self, prog, args, prefix if prefix_ is None else prefix_)

    return type("SaidHelpFormatter", (base,), {"write_usage": write_usage})
