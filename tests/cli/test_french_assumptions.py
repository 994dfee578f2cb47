"""``solotable rules <game> --assumptions`` in French (issue 35, item 6).

The assumed values and their notes are data (the games' data files keep them in English, next to
the facts they qualify); the list says them from the game's catalog, under the contexts
``assumed value`` and ``assumption note``. In French, no note and no value written in words may
be the English one (an id, a number or a code expression is not words); in the pseudo-locale,
every note and every worded value is bracketed, and nothing but the keys, the values that are not
words and the citations of the ``source`` lines stands outside the brackets.
"""

from __future__ import annotations

import re

import pytest

import solotable
from solotable.cli import main as cli_main
from solotable.core.game import Assumption, Game
from tests.cli.running import GAMES, rules_output
from tests.words.pseudo import outside_brackets

LETTER = re.compile(r"[^\W\d_]")
WORD = re.compile(r"[^\W\d_]{3,}")


@pytest.fixture(autouse=True)
def wide(monkeypatch):
    """One assumption's line per line of output, however long its value or note."""
    monkeypatch.setattr(cli_main.console, "width", 10_000)


def _assumptions(game: str, lang: str, *flags: str) -> str:
    return rules_output(game, lang, *flags, assumptions=True)


def _worded(g: Game, a: Assumption) -> bool:
    """A value written in words: not a number, not one of the game's ids (51st State's
    ``name_fr.*`` values are card ids), not a code expression (``returns() = [score]``)."""
    ids = {str(c["id"]) for c in g.card_catalog()}
    return bool(LETTER.search(a.value)) and a.value not in ids and "()" not in a.value


def _value_on(lines: list[str], a: Assumption) -> str:
    """The value shown on ``a``'s line: between ``key = `` and the confidence."""
    (line,) = [x for x in lines if x.startswith(f"{a.key} = ")]
    return line[len(a.key) + 3 : line.rindex("  (")]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("how", ["--lang", "SOLOTABLE_LANG"])
def test_french_assumptions_say_every_note_and_value_in_french(game, how):
    g = solotable.load_game(game)
    found = g.assumptions()
    english = _assumptions(game, "en")
    french = (
        _assumptions(game, "en", "--lang", "fr") if how == "--lang" else _assumptions(game, "fr")
    )
    en_lines, fr_lines = english.splitlines(), french.splitlines()
    assert len(fr_lines) == len(en_lines)
    notes = [a for a in found if a.note]
    assert notes and len(notes) == sum(line.startswith("    note: ") for line in en_lines)
    fr_notes = [line for line in fr_lines if line.startswith("    note\u00a0: ")]
    assert len(fr_notes) == len(notes), french
    english_notes = {a.note for a in notes}
    kept = [n for n in fr_notes if n.removeprefix("    note\u00a0: ") in english_notes]
    assert kept == [], french
    for a in notes:
        assert a.note not in french, a.key
    worded = [a for a in found if _worded(g, a)]
    assert worded
    same = [a.key for a in worded if _value_on(fr_lines, a) == a.value]
    assert same == [], french
    for a in found:
        assert _value_on(en_lines, a) == a.value


@pytest.mark.parametrize("game", GAMES)
def test_pseudo_locale_brackets_every_note_and_worded_value(game):
    g = solotable.load_game(game)
    out = _assumptions(game, "qps")
    for a in g.assumptions():
        if a.note:
            assert f"⟦{a.note}⟧" in out, a.key
        if LETTER.search(a.value):
            assert f"{a.key} = ⟦{a.value}⟧" in out, a.key
    keys = {a.key for a in g.assumptions()}
    stray = []
    for line in outside_brackets(out).splitlines():
        key = line.split(" = ")[0].strip()
        if key in keys:
            line = line.replace(key, " ", 1)
        if WORD.search(line):
            stray.append(line)
    assert stray == [], out


def test_extraction_takes_the_words_not_the_numbers_or_ids():
    """What ``make words`` takes from a data file's assumptions: every note, and the values
    written in words (not ``9 / 9 / 9 / 6``, not a value that is one of the file's ids)."""
    from solotable.words.extract import NOTE_CONTEXT, VALUE_CONTEXT, data_assumptions

    data = {
        "cards": [{"id": "pub", "name": "Pub"}],
        "assumptions": [
            {"key": "a", "value": "9 / 9 / 9 / 6", "note": "Only the total is sourced."},
            {"key": "b", "value": "pub", "note": ""},
            {"key": "c", "value": "one beer face on every die"},
        ],
    }
    assert list(data_assumptions(data)) == [
        (NOTE_CONTEXT, "Only the total is sourced.", "a"),
        (VALUE_CONTEXT, "one beer face on every die", "c"),
    ]
