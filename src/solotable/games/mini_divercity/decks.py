"""Mini DiverCity's decks as data: a species deck file and a Corporation deck file.

A designer asks "what if the Corporation deck had one more Dynamite Fishers?"; the answer
should be a file and a sweep, not an edit of the package. Two game options name deck files,
like 51st State's ``cards`` (``OptionSpec(datafile=True)``, ``core.datafile``): ``""`` is
the built-in deck of ``data/mini_divercity.json``; the command line turns ``--set
corporations=FILE`` into the file's ``sha256:`` content name, kept in the data folder, so a
record names the deck by its content and replays the same game anywhere the file was given
once. Both options can be swept (``sweep --vary corporations=A.json,B.json``).

Formats (docs/balance.md, "Decks as data"; every other key is refused)::

    {"format": "mini-divercity-species", "copies_per_species": 5,
     "species": [{"id": "nudibranch", "name": "Nudibranch"}, … 12 species]}

    {"format": "mini-divercity-corporations",
     "corporation_cards": [{"id": "dyn", "copies": 6, "events": ["dynamite"]}, …]}

A deck replaces the same keys of the built-in data document, and the whole document is then
checked by ``tables.parse_tables`` (the rules the built-in file obeys: 12 species, known
event kinds, colours of the game…), so a bad deck fails when the game is built, with one
line naming the file and the faulty entry — never mid-game.
"""

from __future__ import annotations

import copy
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from solotable.core.datafile import HASH_PREFIX, load_data_option, parse_json
from solotable.core.errors import DataFileError
from solotable.core.options import OptionSpec
from solotable.core.untrusted import shorten
from solotable.games.mini_divercity.tables import Tables, parse_tables

PACKAGE = "solotable.games.mini_divercity"
DATA_FILE = "mini_divercity.json"
DECKS: dict[str, tuple[str, tuple[str, ...], str]] = {
    "species": ("mini-divercity-species", ("species", "copies_per_species"), "species deck"),
    "corporations": ("mini-divercity-corporations", ("corporation_cards",), "Corporation deck"),
}
"""Option → (the file's ``format``, the data keys it replaces, what it is called in errors)."""
OPTIONS = (
    OptionSpec(
        "species",
        str,
        "",
        "species deck file (empty: the built-in deck; docs/balance.md, Decks as data)",
        advanced=True,
        datafile=True,
    ),
    OptionSpec(
        "corporations",
        str,
        "",
        "Corporation deck file (empty: the built-in deck; docs/balance.md, Decks as data)",
        advanced=True,
        datafile=True,
    ),
)
"""The game's deck options (``game.py`` adds them to its ``GameInfo``)."""


@lru_cache(maxsize=1)
def _builtin() -> dict[str, Any]:
    text = resources.files(PACKAGE).joinpath("data", DATA_FILE).read_text("utf-8")
    doc = parse_json(text, DATA_FILE)
    assert isinstance(doc, dict)
    return doc


def read_deck(option: str, value: str) -> dict[str, Any]:
    """The data keys a deck file gives (checked: an object of the right format, only the
    deck's own keys, all of them); DataFileError in one line otherwise."""
    fmt, keys, what = DECKS[option]
    where = _name(value)
    doc = load_data_option(value, what)
    if not isinstance(doc, dict):
        raise DataFileError(f"{what} {where}: the top level must be an object")
    if doc.get("format") != fmt:
        raise DataFileError(
            f"{what} {where}: 'format' must be {fmt!r}, got {shorten(repr(doc.get('format')))}"
        )
    extra = sorted(set(doc) - {"format", "note", *keys})
    if extra:
        raise DataFileError(
            f"{what} {where}: unknown key {shorten(extra[0])!r} (a {fmt} file has "
            f"{', '.join(keys)}, and an optional note)"
        )
    missing = [k for k in keys if k not in doc]
    if missing:
        raise DataFileError(f"{what} {where}: missing key {missing[0]!r}")
    return {k: doc[k] for k in keys}


def _name(value: str) -> str:
    """A deck as errors name it: the file's name, or the start of its content name."""
    if value.startswith(HASH_PREFIX):
        return value[: len(HASH_PREFIX) + 12] + "…"
    return shorten(Path(value).name)


def deck_tables(options: dict[str, Any]) -> Tables | None:
    """The game's tables with the decks the options name; None with the built-in decks
    (the game then uses its own cached tables)."""
    species, corporations = str(options.get("species", "")), str(options.get("corporations", ""))
    if not species and not corporations:
        return None
    if all(v == "" or v.startswith(HASH_PREFIX) for v in (species, corporations)):
        return _cached(species, corporations)  # content names: the same file, the same tables
    return _tables(species, corporations)


@lru_cache(maxsize=32)
def _cached(species: str, corporations: str) -> Tables:
    return _tables(species, corporations)


def _tables(species: str, corporations: str) -> Tables:
    doc = copy.deepcopy(_builtin())
    names = []
    for option, value in (("species", species), ("corporations", corporations)):
        if value:
            doc.update(read_deck(option, value))
            names.append(f"{DECKS[option][2]} {_name(value)}")
    return parse_tables(doc, " and ".join(names))


def deck_document(option: str) -> dict[str, Any]:
    """The built-in deck as a deck file's document: the start of a designer's own deck."""
    fmt, keys, _ = DECKS[option]
    builtin = _builtin()
    return {"format": fmt, **{k: copy.deepcopy(builtin[k]) for k in keys}}


__all__ = ["DECKS", "OPTIONS", "deck_document", "deck_tables", "read_deck"]
