"""The card-set and faction data files: content and validation (spec §6.2, §3.5, §3.6, §9)."""

from __future__ import annotations

import copy
import json
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from solotable.core.errors import DataFileError, OptionError
from solotable.games.fifty_first_state.cards import load_card_set
from solotable.games.fifty_first_state.factions import load_factions
from solotable.games.fifty_first_state.goods import GOOD_INDEX

from .helpers import game, idx


def base_data() -> dict[str, Any]:
    text = (
        resources.files("solotable.games.fifty_first_state")
        .joinpath("data", "base_deck.json")
        .read_text("utf-8")
    )
    data: dict[str, Any] = json.loads(text)
    return data


def test_base_deck_has_88_cards_and_16_open_production_spec_6_2() -> None:
    cs = game().cards
    assert cs.total_cards == 88
    assert sum(c for c, o in zip(cs.copies, cs.open, strict=True) if o) == 16
    assert len(cs.conn_ids) == 4 and sum(cs.conn_copies) == 12


def test_card_rows_match_spec_table_samples_spec_6_2() -> None:
    g = game()
    cs = g.cards
    arena = idx(g, "arena")
    assert (cs.copies[arena], cs.distance[arena], cs.kind[arena]) == (2, 2, 0)
    assert cs.per_icon[arena][0] == GOOD_INDEX["gun"] and cs.per_icon[arena][2] == 3
    gs = idx(g, "gun-shop")
    assert cs.act_cost[gs] == ((GOOD_INDEX["gun"], 2), (GOOD_INDEX["worker"], 1))
    assert cs.act_gain[gs] == ((GOOD_INDEX["vp"], 3),) and cs.act_uses[gs] == 1
    assert cs.raze[gs] == ((GOOD_INDEX["gun"], 3), (GOOD_INDEX["vp"], 1))
    ct = idx(g, "construction-vehicles")
    assert cs.open[ct] and cs.copies[ct] == 3
    assert cs.bonus_gain[ct] == ((GOOD_INDEX["grey"], 1),)


def test_solo_overrides_are_in_data_seed_card_changes() -> None:
    g = game()
    cs = g.cards
    tc = idx(g, "thieves-caravan")
    assert cs.act_cost[tc] == ((GOOD_INDEX["worker"], 2),)
    assert cs.act_choice[tc] == 1 and cs.act_uses[tc] == 2
    assert cs.deal_reroll[idx(g, "pub")] and not cs.built_reroll[idx(g, "pub")]
    assert cs.built_reroll[idx(g, "ruined-library")]
    assert cs.names_fr[tc] == "Caravane de pillards"


def test_assumptions_listed_with_provenance_spec_9() -> None:
    keys = {a.key for a in game().assumptions()}
    for k in ("A2.opponent_cards", "A3.opponent_use", "A4.final_score", "A5.faction_goods"):
        assert k in keys
    for k in ("A6.other_player_effects", "A7.lookout_reroll", "A8.reshuffle"):
        assert k in keys
    assert any(k.startswith("name_fr.") for k in keys)
    assert all(a.source and a.confidence for a in game().assumptions())


def _bad(tmp_path: Path, data: Any) -> str:
    p = tmp_path / "cards.json"
    p.write_text(json.dumps(data) if not isinstance(data, str) else data, "utf-8")
    return str(p)


@pytest.mark.parametrize(
    ("mutate", "expected"),
    [
        (
            lambda d: d["cards"][2].pop("distance"),
            "card 'arena' (cards[2]): missing field 'distance'",
        ),
        (
            lambda d: d["cards"][2].__setitem__("deal", {"gold": 1}),
            "arena' (cards[2]).deal: unknown good 'gold'",
        ),
        (
            lambda d: d["cards"][0].__setitem__("kind", "tower"),
            "cards[0]).kind: 'tower' is not one of",
        ),
        (lambda d: d["cards"][1].__setitem__("id", "abandoned-suburbs"), "duplicate id"),
        (lambda d: d["cards"][0]["effect"].__setitem__("uses", 3), "effect.uses: must be 1 or 2"),
        (
            lambda d: d["cards"][2]["effect"].__setitem__("icon", "gold"),
            "is not an icon of any card",
        ),
        (lambda d: d["cards"][3].__setitem__("copies", 0), "copies: must be 1..10"),
        (
            lambda d: d["cards"][0].__setitem__("effect", {"type": "produce", "gain": {"gun": 1}}),
            "'produce' is not an effect for action locations",
        ),
        (
            lambda d: d.__setitem__("cards", [c for c in d["cards"] if not c["open_production"]]),
            "at least 3 open-production cards",
        ),
        (
            lambda d: d["connections"][0].__setitem__("deck", "green"),
            "deck: must be 'blue' or 'red'",
        ),
        (
            lambda d: d["provenance"].__setitem__("confidence", "medium-high"),
            "provenance: confidence must be one of high, medium, low",
        ),
        (
            lambda d: d["assumptions"][0].__setitem__("confidence", "High"),
            "assumptions[0]: confidence must be one of high, medium, low",
        ),
    ],
)
def test_bad_card_file_names_card_and_field(tmp_path: Path, mutate: Any, expected: str) -> None:
    data = copy.deepcopy(base_data())
    mutate(data)
    with pytest.raises(DataFileError, match=None) as e:
        game(cards=_bad(tmp_path, data))
    assert expected in str(e.value)


def test_unreadable_or_malformed_card_file(tmp_path: Path) -> None:
    with pytest.raises(DataFileError, match="cannot read"):
        game(cards=str(tmp_path / "missing.json"))
    with pytest.raises(DataFileError, match="line 1 column"):
        game(cards=_bad(tmp_path, "{not json"))
    with pytest.raises(DataFileError, match="top level must be an object"):
        load_card_set([], "x.json")


def test_other_card_set_runs_without_code_change(tmp_path: Path) -> None:
    """issue 5: another card set is a data file (--set cards=FILE)."""
    data = copy.deepcopy(base_data())
    data["cards"] = [c for c in data["cards"] if c["kind"] != "feature"]
    g = game(cards=_bad(tmp_path, data))
    assert g.cards.n == len(data["cards"])
    s = g.new_initial_state(3)
    from solotable.core.conformance import random_playout
    from solotable.core.rng import Rng

    end = random_playout(g, 3, Rng(3))
    assert end.is_terminal() and s.cs is g.cards


def test_bad_options_are_rejected() -> None:
    with pytest.raises(OptionError, match="faction"):
        game(faction="texas")
    with pytest.raises(OptionError, match="unknown option"):
        game(colour="red")


def test_every_confidence_in_the_data_files_is_high_medium_or_low() -> None:
    """Provenance and assumptions alike (issue 8): validated at load, so this holds."""
    for name in ("base_deck.json", "factions.json"):
        data = game().load_data(name)
        found = [data["provenance"]["confidence"]]
        found += [a["confidence"] for a in data.get("assumptions", [])]
        assert set(found) <= {"high", "medium", "low"}, name


def test_faction_file_provenance_confidence_is_validated() -> None:
    data = copy.deepcopy(game().load_data("factions.json"))
    data["provenance"]["confidence"] = "sure"
    with pytest.raises(DataFileError, match="provenance: confidence must be one of"):
        load_factions(data, "factions.json")
