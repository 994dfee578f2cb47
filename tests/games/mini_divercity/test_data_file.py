"""The data file: refused precisely when damaged; every assumed value listed with its provenance."""

from __future__ import annotations

import copy
import json
from importlib import resources

import pytest

from solotable.core import DataFileError
from solotable.games.mini_divercity.game import load_tables
from solotable.games.mini_divercity.tables import parse_tables

from .helpers import game

DOC = json.loads(
    resources.files("solotable.games.mini_divercity")
    .joinpath("data", "mini_divercity.json")
    .read_text("utf-8")
)


def test_bad_data_files_are_rejected_precisely():
    """Data: a malformed data file fails at load with the faulty entry named."""
    with pytest.raises(DataFileError, match="line 1"):
        load_tables("{oops", "x.json")
    cases = [
        (lambda d: d.pop("colours"), "missing key 'colours'"),
        (lambda d: d["species"].pop(), "12 species"),
        (lambda d: d["divers"].pop(), "'divers' must be exactly"),
        (lambda d: d["corporation_cards"][2].update(events=["hotels:red:pink"]), "bad hotels"),
        (lambda d: d["corporation_cards"][0].update(events=["flood"]), "unknown event"),
        (lambda d: d["corporation_cards"][0].update(copies=0), "copies"),
        (lambda d: d["assumptions"][0].pop("source"), "assumptions\\[0\\].source"),
        (lambda d: d.update(copies_per_species="five"), "copies_per_species"),
    ]
    for change, message in cases:
        doc = copy.deepcopy(DOC)
        change(doc)
        with pytest.raises(DataFileError, match=message):
            parse_tables(doc, "x.json")
    assert parse_tables(copy.deepcopy(DOC)).total_corp_cards == 27


def test_every_assumption_is_listed_with_provenance():
    """Assumptions: the data file's entries are listed by game.assumptions()."""
    found = {a.key: a for a in game().assumptions()}
    for key in (
        "corporation_deck",
        "hotel_colour_pairs",
        "endurance_and_diving_specialists",
        "double_card_order",
        "corporation_reshuffle",
        "impossible_win",
        "french_names",
    ):
        assert found[key].source and found[key].confidence
    # The players' rules page says there is a list of assumptions; the data file's name is a
    # developer's fact (docs/engine/mini_divercity.md), no longer on the rules page.
    assert "assumptions" in game().rules_text()
