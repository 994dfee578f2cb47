"""The command line's own help in French (issue 35, item 6).

``solotable --help`` and every subcommand's help, under ``--lang fr`` and under
``SOLOTABLE_LANG=fr``: the help texts (commands, options, arguments) and Typer/Click's own words
("Usage:", the panel titles, "Show this message and exit.", "[default: …]") come from the
catalog. Each French help is compared with the English one line by line (a terminal wide
enough that no help wraps): no line with prose may be the same in both. The pseudo-locale run
then finds any visible word that did not come through the catalog at all.
"""

from __future__ import annotations

import re

import pytest
import typer
from typer.testing import CliRunner

from solotable.cli.helptext import lang_in_args
from solotable.cli.main import app
from solotable.words import ENV
from tests.words.pseudo import outside_brackets, stray_words

runner = CliRunner()
WIDE = "1000"
"""Columns: every help text on one line, so lines compare paragraph by paragraph."""
BOX = re.compile(r"[│╭╮╰╯─┃━┏┓┗┛┡┩┣┫╇╈┳┻╋]+")
WORD = re.compile(r"[^\W\d_]{3,}")


def _paths() -> list[tuple[str, ...]]:
    """Every command of the app, the root first (a group's subcommands after it)."""
    out: list[tuple[str, ...]] = []

    def walk(cmd, path):
        out.append(path)
        for name in getattr(cmd, "commands", {}):
            walk(cmd.commands[name], (*path, name))

    walk(typer.main.get_command(app), ())
    return out


PATHS = _paths()


def _help(args: list[str], lang: str) -> str:
    r = runner.invoke(app, args, env={ENV: lang, "COLUMNS": WIDE})
    assert r.exit_code == 0, r.output
    return r.output


def _lines(text: str) -> list[str]:
    return [" ".join(BOX.sub(" ", line).split()) for line in text.splitlines()]


def _prose(line: str) -> bool:
    """A line a player reads as words: something beside option names, metavars and values."""
    kept = [
        t
        for t in line.split()
        if not t.startswith(("-", "<", "[")) and "=" not in t and t != "solotable"
    ]
    return len(WORD.findall(" ".join(kept))) >= 2


def _same_prose(english: str, french: str) -> list[str]:
    ours = set(_lines(french))
    return [line for line in _lines(english) if _prose(line) and line in ours]


def test_every_command_is_walked():
    names = {p[-1] for p in PATHS if p}
    assert {"games", "rules", "play", "simulate", "serve", "review", "report"} <= names


@pytest.mark.parametrize("path", PATHS, ids=lambda p: " ".join(p) or "solotable")
@pytest.mark.parametrize("how", ["--lang", "SOLOTABLE_LANG"])
def test_help_is_french(path, how):
    english = _help([*path, "--help"], "en")
    if how == "--lang":
        french = _help(["--lang", "fr", *path, "--help"], "en")
    else:
        french = _help([*path, "--help"], "fr")
    assert _same_prose(english, french) == [], french
    assert "Usage:" not in french and "Utilisation\u00a0:" in french
    assert "Show this message and exit." not in french
    if path == ():
        assert "Commandes" in french and "Commands" not in french
    assert "[default:" not in french


def test_help_before_lang_is_french_too():
    """``solotable --help --lang fr``: the language is read before Click renders the help."""
    english = _help(["--help"], "en")
    french = _help(["--help", "--lang", "fr"], "en")
    assert _same_prose(english, french) == [], french
    assert "Utilisation\u00a0:" in french


def test_english_help_is_unchanged_after_a_french_one():
    """The French words are for the command that asked: the next one is English again."""
    first = _help(["play", "--help"], "en")
    _help(["--lang", "fr", "play", "--help"], "en")
    assert _help(["play", "--help"], "en") == first
    assert "Usage:" in first and "Show this message and exit." in first


@pytest.mark.parametrize("path", PATHS, ids=lambda p: " ".join(p) or "solotable")
def test_pseudo_locale_help_has_no_word_outside_the_catalog(path):
    """Every visible word of the help is bracketed, but for option names, metavars, types,
    argument and command names (what is typed, not read)."""
    out = _help([*path, "--help"], "qps")
    cmd = typer.main.get_command(app)
    typed = {"solotable", "root", "help", "OPTIONS", "COMMAND", "ARGS", *path}  # root: the runner's
    for name in path:
        cmd = cmd.commands[name]
    typed |= set(getattr(cmd, "commands", {}))
    for p in cmd.params:
        typed |= {w for o in (*p.opts, *p.secondary_opts) for w in stray_words(o)}
        typed |= set(stray_words(str(p.name)))
    typed |= {"bool", "str", "int", "float", "range", "list", "path", "choice", "text"}
    # Metavars and types (<int range>, [0<=x<=10], FILE) are what is typed.
    seen = re.sub(r"<[^>\n]*>|\[[^\]\n]*\]", " ", outside_brackets(out))
    found = [w for w in stray_words(seen, frozenset(typed)) if not w.isupper()]
    assert found == [], out
    assert "⟦" in out


def test_only_the_root_lang_chooses_the_terminal_language():
    """``report --lang`` is the page's language: the root's options end at the command."""
    assert lang_in_args(["--help", "--lang", "fr"]) == "fr"
    assert lang_in_args(["--lang=fr", "play"]) == "fr"
    assert lang_in_args(["report", "r.csv", "--lang", "fr"]) is None
    assert lang_in_args(["play", "--", "--lang", "fr"]) is None
