"""Every action id's notation, kind, arguments and table targets, for a table built afresh.

The ids are what records store, so each keeps its number (``actions.py``: ``cap:one`` was
added last for that); the notation is what a player types and reads; the kind and args are
what the words say; the targets are the table's elements a page makes clickable (a Diver's
card, a Hotel's isle, a hand slot, a pile). The expected table is written out here from the
rules' vocabulary, block by block, and compared with what a newly loaded game gives for each
of its 175 ids, so a slip in any entry of ``ActionSpace`` shows (docs/mutation.md: a table
is checked by a test that builds it again).
"""

from __future__ import annotations

from typing import Any

import pytest

from solotable.core import load_game
from solotable.core.errors import NotationError
from solotable.games.mini_divercity.game import MiniDiverCityGame
from tests.games.mini_divercity.helpers import SP, edit, set_pos, start

DIVERS = (
    "captain",
    "environmentalist",
    "explorer",
    "swimmer",
    "communications",
    "endurance",
    "diving",
    "visionary",
)
CORPS = (
    "oil",
    "dyn",
    "hotels-red-blue",
    "hotels-green-purple",
    "hotels-orange-yellow",
    "hotels-red-orange",
    "hotels-green-yellow",
    "hotels-blue-purple",
    "oil-hotels-red-purple",
    "oil-hotels-green-orange",
    "oil-hotels-blue-yellow",
    "dyn-hotels-red-yellow",
    "dyn-hotels-green-blue",
    "dyn-hotels-orange-purple",
    "oil-dyn",
)
COLOURS = ("red", "green", "blue", "orange", "purple", "yellow")
SLOTS = ("l1", "l2", "o1", "o2", "o3")
OCEAN = ("o1", "o2", "o3")

Row = tuple[str, str, dict[str, Any], tuple[str, ...]]


def _slot(name: str, kind: str, slot: str, *extra: str, **data: Any) -> Row:
    """An action on a hand slot: with no card dealt, its words name no species."""
    return name, kind, {**data, "slot": slot, "species": None}, (*extra, f"slot:{slot}")


def expected_table() -> list[Row]:
    """(notation, kind, args, targets) per id, in id order, before any card is dealt."""
    t: list[Row] = []
    t += [(f"diver:{d}", "deal-diver", {"diver": d}, (f"diver:{d}",)) for d in DIVERS]
    t += [(f"draw:{x}", "draw", {"species": x}, ()) for x in SP]
    t += [(f"pick:{x}", "pick", {"species": x}, ()) for x in SP]
    t += [(f"corp:{c}", "corp-draw", {"card": c}, ()) for c in CORPS]
    t += [_slot(f"oil:{k}", "oil", k) for k in SLOTS]
    t += [_slot(f"pay:{k}", "pay", k) for k in SLOTS]
    t += [("captain", "captain", {}, ("diver:captain",))]
    t += [("cap:more", "captain-two", {}, ())]
    t += [(f"cap:{x}", "captain-keep", {"species": x}, (f"captain:{x}",)) for x in SP]
    t += [
        (
            f"environmentalist:{c}",
            "environmentalist",
            {"colour": c},
            ("diver:environmentalist", f"isle:{c}"),
        )
        for c in COLOURS
    ]
    t += [("explorer", "explorer", {}, ("diver:explorer",))]
    t += [_slot(f"swimmer:{o}", "swimmer", o, "diver:swimmer") for o in OCEAN]
    t += [("communications", "communications", {}, ("diver:communications",))]
    t += [
        (f"endurance:{x}", "endurance", {"species": x}, ("diver:endurance", f"sp:{x}")) for x in SP
    ]
    t += [(f"diving:{x}", "diving", {"species": x}, ("diver:diving", f"sp:{x}")) for x in SP]
    t += [("visionary", "visionary", {}, ("diver:visionary",))]
    t += [(f"vtop:{c}", "visionary-order", {"card": c}, (f"vision:{c}",)) for c in CORPS]
    t += [(f"flip:{o}", "flip", {"slot": o}, (f"slot:{o}",)) for o in OCEAN]
    t += [("peek", "peek", {}, ()), ("nopeek", "no-peek", {}, ())]
    t += [("quick", "quick", {}, ()), ("explore", "explore", {}, ())]
    t += [
        _slot(f"close:{c}:{k}", "close", k, f"isle:{c}", colour=c) for c in COLOURS for k in SLOTS
    ]
    t += [
        (
            f"swap:{lag}{o}",
            "swap",
            {"lagoon": lag, "ocean": o, "lagoon_species": None, "ocean_species": None},
            (f"slot:{lag}", f"slot:{o}"),
        )
        for lag in SLOTS[:2]
        for o in OCEAN
    ]
    t += [("noswap", "no-swap", {}, ())]
    t += [_slot(f"id:{k}", "identify", k) for k in SLOTS]
    t += [("look:species", "look", {"pile": "species"}, ("pile:species",))]
    t += [("look:corp", "look", {"pile": "corporation"}, ("pile:corporation",))]
    t += [("resign", "resign", {}, ()), ("cap:one", "captain-one", {}, ())]
    return t


def _fresh_game() -> MiniDiverCityGame:
    g = load_game("mini-divercity")
    assert isinstance(g, MiniDiverCityGame)
    return g


def test_every_action_id_has_the_notation_kind_args_and_targets_of_the_rules_table():
    expected = expected_table()
    g = _fresh_game()
    s = g.new_initial_state(0)  # nothing dealt: every slot is empty
    assert g.num_distinct_actions() == len(expected) == 175
    for a, (name, kind, args, targets) in enumerate(expected):
        info = s.action_info(a)
        assert (info.action, info.notation, info.kind) == (a, name, kind)
        assert dict(info.args) == args, name
        assert info.targets == targets, name
        assert info.owner == "mini-divercity"


def test_every_notation_reads_back_as_its_id_whatever_its_case_and_spaces():
    g = _fresh_game()
    s = g.new_initial_state(0)
    for a, (name, _, _, _) in enumerate(expected_table()):
        assert s.action_to_string(a) == name
        assert s.string_to_action(name) == a
        assert s.string_to_action(f"  {name.upper()} ") == a
        assert s.string_to_action(" ".join(name)) == a
    with pytest.raises(NotationError):
        s.string_to_action("")  # an id with no notation would be found by its empty name


def test_a_slot_action_names_the_face_up_card_of_its_own_slot():
    """With every card face up (o1 o2 o3 turned up by hand) and the five species each on
    another place, each action on a slot names that slot's card and its place; the swaps
    name both cards; the other actions name no place."""
    hand = ("crab", "eel", "octopus", "turtle", "oyster")
    places = ("eliminated", "red", "blue", "green", "saved")

    def face_up_on_five_places(d: dict[str, Any]) -> None:
        d["up"] = [True] * 5
        for x, pos in zip(hand, (-2, -1, 0, 1, 2), strict=True):
            set_pos(d, x, pos)

    s = edit(start(hand=hand), face_up_on_five_places)
    held = dict(zip(SLOTS, hand, strict=True))
    place = dict(zip(hand, places, strict=True))
    for a, (name, kind, _, _) in enumerate(expected_table()):
        args = dict(s.action_info(a).args)
        if kind in ("oil", "pay", "identify", "close", "swimmer"):
            assert args["slot"] == name.rsplit(":", 1)[1]
            x = held[args["slot"]]
            assert (args["species"], args["place"]) == (x, place[x]), name
        elif kind == "swap":
            assert args["lagoon_species"] == held[args["lagoon"]]
            assert args["ocean_species"] == held[args["ocean"]]
        else:
            assert "place" not in args, name
