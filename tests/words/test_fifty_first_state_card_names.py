"""Every card name in 51st State's data files has a French name (issue 35).

A first French game showed 27 English card names out of 36 because the catalog "translated"
them with their English. Here every ``name`` of the game's data files (location cards,
connection cards, factions) must have a French entry in the ``fifty_first_state`` catalog that
differs from the English, unless its translator comment says the French name is the same on
purpose (Pub, New York). A name of our own (no French edition name known) says so with
``# ours: …``, so a later translator knows which names to check against a French box.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from solotable.words import words
from solotable.words.extract import data_terms

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "src/solotable/games/fifty_first_state/data"
PO = ROOT / "src/solotable/words/locale/fr/LC_MESSAGES/fifty_first_state.po"
SAME = "the French name is the same"
"""What the translator comment of a deliberately identical French name says."""


def card_names() -> list[str]:
    """Every name of every data file of the game (cards, connections, factions)."""
    names: list[str] = []
    for path in sorted(DATA.glob("*.json")):
        data = json.loads(path.read_text("utf-8"))
        names += [n for n in data_terms(data) if n not in names]
    return names


def french_entries() -> dict[str, tuple[str, list[str]]]:
    with PO.open("rb") as f:
        catalog = read_po(f, locale="fr")
    return {
        str(m.id): (str(m.string), list(m.user_comments))
        for m in catalog
        if m.id and m.context == "term"
    }


def test_the_walk_finds_every_card_connection_and_faction() -> None:
    names = card_names()
    assert {"Abandoned Suburbs", "Wrecked Tank", "Punks", "Junk Train", "Mutants Union"} <= set(
        names
    )
    assert len(names) >= 60 + 4 + 4


@pytest.mark.parametrize("name", card_names())
def test_every_card_name_has_a_french_name(name: str) -> None:
    entries = french_entries()
    assert name in entries, f"{name!r} is not in the French catalog"
    french, comments = entries[name]
    assert french, f"{name!r} has no French"
    assert words("fr").game("51st-state").term(name) == french
    if french == name:
        assert SAME in " ".join(comments), (
            f"{name!r} is shown in English to a French player; give it a French name, or say "
            f"'{SAME}' in its translator comment if that is deliberate"
        )


def test_names_of_our_own_say_so() -> None:
    """A French name that comes from no French text is marked ``ours:`` (and the sources of
    the others are named), so nobody mistakes our names for the French edition's."""
    unmarked = [
        n
        for n, (_fr, comments) in french_entries().items()
        if n in card_names()
        and not any(c.startswith(("ours:", "seed:", "data:")) for c in comments)
    ]
    assert unmarked == []
