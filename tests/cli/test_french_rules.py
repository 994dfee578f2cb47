"""``solotable rules <game>`` in French has no English block (issue 35, item 6).

The rules summary (``rules.md``, block by block from the game's catalog), the options and
presets tables below it: each line of the French output is compared with the English output's,
on a console wide enough that a paragraph is one line. A line with prose (two words or more
beside notation, numbers and names) must not be the same in both; the pseudo-locale run finds
any block that did not come through the catalog at all.
"""

from __future__ import annotations

import re

import pytest

from solotable.cli import main as cli_main
from tests.cli.running import GAMES, rules_output
from tests.words.pseudo import outside_brackets

BOX = re.compile(r"[│╭╮╰╯─┃━┏┓┗┛┡┩┣┫╇╈┳┻╋├┤┼└┘┌┐•]+")
WORD = re.compile(r"[^\W\d_]{3,}")
NOTATION = re.compile(r"\S*[:=]\S+|\S+…")
"""Notation and option keys (``oil:SLOT``, ``magic_dice=…``): typed, not read."""


@pytest.fixture(autouse=True)
def wide(monkeypatch):
    monkeypatch.setattr(cli_main.console, "width", 1000)


def _lines(text: str) -> list[str]:
    return [" ".join(BOX.sub(" ", line).split()) for line in text.splitlines()]


def _prose(line: str) -> bool:
    return len(WORD.findall(NOTATION.sub(" ", line))) >= 2


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("how", ["--lang", "SOLOTABLE_LANG"])
def test_rules_have_no_english_block(game, how):
    english = rules_output(game, "en")
    french = (
        rules_output(game, "en", "--lang", "fr") if how == "--lang" else rules_output(game, "fr")
    )
    ours = set(_lines(french))
    same = [line for line in _lines(english) if _prose(line) and line in ours]
    assert same == [], french
    assert len(_lines(french)) > 20


@pytest.mark.parametrize("game", GAMES)
def test_pseudo_locale_rules_are_all_bracketed(game):
    """Every block of the summary went through the catalog: outside ⟦ ⟧ only notation,
    option keys and values are left (the words of the tables are checked the same way)."""
    out = rules_output(game, "qps")
    stray = [
        line
        for line in _lines(outside_brackets(out))
        if len(WORD.findall(NOTATION.sub(" ", line))) >= 2
    ]
    assert stray == [], out
