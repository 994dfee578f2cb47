"""Refusal reasons and typed forms that recorded games rarely reach (docs/mutation.md).

Each refusal branch of spending, recycling, refilling and choosing a starting face is
reached through ``parse_move``/``apply_action`` at a position built for it, and the reason
(key, arguments and words) is asserted exactly; so are the notation's rarer forms: ``#N``
face numbers (``#9`` included), bare numbers, ``:`` between words and a face given to a
take on an empty slot.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from solotable.core.errors import NotationError
from solotable.core.message import Msg
from solotable.games.dice_miner.state import DiceMinerState
from tests.games.dice_miner.helpers import bottom, game, position, refusal

ALL_BUT_TUNNELS = {"treasure gem1": 9, "hazard dragon2": 9, "tool shield1": 9}
"""Collected dice that keep a position valid (each dragon neutralised by a shield)."""


def _reason(state: DiceMinerState, move: str) -> tuple[str, dict[str, Any], str]:
    reason = refusal(state, move)
    return reason.key.removeprefix("dice-miner.illegal."), dict(reason.args), str(reason)


def _notation_error(state: DiceMinerState, text: str) -> tuple[str, dict[str, Any], str]:
    with pytest.raises(NotationError) as caught:
        state.string_to_action(text)
    reason = caught.value.reason
    assert isinstance(reason, Msg), reason
    return reason.key.removeprefix("dice-miner.notation."), dict(reason.args), str(reason)


def test_spending_is_refused_for_no_such_face_a_die_not_owned_or_an_empty_mountain() -> None:
    s = position(game(), bottom("tunnel n1"), {"magic magic3": 1})
    # Magic faces are magic1, magic2, magic3 and beer (#0-#3): #4 and #5 name none.
    for text in ("spend #4", "spend #5"):
        assert _reason(s, text) == ("no-such-magic-face", {}, "a Magic die has no such face")
    assert _reason(s, "spend magic2") == (
        "no-magic-die",
        {"n": 2},
        "no Magic die with 2 magic symbols in your collection",
    )
    assert _reason(s, "spend #0") == (
        "no-magic-die",
        {"n": 1},
        "no Magic die with 1 magic symbol in your collection",
    )
    empty = position(game(), {}, {"magic magic3": 1})
    assert _reason(empty, "spend magic3") == (
        "empty-mountain",
        {},
        "the mountain is empty: there is nothing to recycle",
    )


def test_recycling_a_die_owed_is_refused_on_an_empty_or_a_covered_slot() -> None:
    mountain = {**bottom("tunnel n1", "tunnel n2"), "b1": "tunnel n3"}
    owed = position(game(), mountain, recycles_left=1)
    assert _reason(owed, "recycle a3") == ("empty-slot", {"slot": "a3"}, "no die on a3")
    assert _reason(owed, "recycle a1") == (
        "covered",
        {"slot": "a1", "by": ["b1"]},
        "the die on a1 is covered by b1",
    )
    assert _reason(position(game(), mountain), "recycle b1")[0] == "recycle-after-spend"


def test_refilling_is_refused_without_a_refill_then_with_an_empty_bag_then_on_a_full_mountain():
    g = game()
    assert _reason(position(g, bottom("tunnel n1"), refills_left=0), "refill") == (
        "no-refill-left",
        {},
        "no refill left",
    )
    # One refill left, every other die collected: the bag (not the refills) is empty.
    emptied = position(
        g,
        bottom("tunnel n1"),
        {"tunnel n1": 26, **ALL_BUT_TUNNELS, "magic magic1": 6},
        refills_left=1,
    )
    assert _reason(emptied, "refill") == ("bag-empty", {}, "the bag is empty")
    # One die left in the bag and no empty slot: the mountain is full.
    full = position(
        g,
        {name: "tunnel n1" for name in g.mtn.names},
        {"tunnel n1": 7, **ALL_BUT_TUNNELS, "magic magic1": 5},
        refills_left=1,
    )
    assert _reason(full, "refill") == ("mountain-full", {}, "the mountain is full")


def test_while_a_starting_face_is_awaited_only_a_magic_face_other_than_beer_is_taken() -> None:
    s = position(game(), bottom("tunnel n1"), {"magic beer": 1}, face_pending=True)
    not_a_face: tuple[str, dict[str, Any], str] = (
        "not-a-magic-face",
        {},
        "that is not a Magic face other than beer",
    )
    assert _reason(s, "face beer") == _reason(s, "face #5") == not_a_face
    first: tuple[str, dict[str, Any], str] = (
        "choose-face-first",
        {},
        "first choose the face of the starting Magic die that rolled beer",
    )
    # The first recycle id follows the last face id: it is not a face.
    assert _reason(s, "recycle a1") == _reason(s, "take a1") == _reason(s, "refill") == first
    later = position(game(), bottom("tunnel n1"))
    assert _reason(later, "face magic1") == (
        "no-face-pending",
        {},
        "no starting Magic die is waiting for a face",
    )


def test_a_dice_file_whose_first_magic_face_is_beer_refuses_face_number_0(
    tmp_path: Path,
) -> None:
    """The face ids start at the beer face when a dice file lists it first."""
    path = Path(__file__).parents[3] / "src/solotable/games/dice_miner/data/dice.json"
    doc = json.loads(path.read_text("utf-8"))
    doc["dice"]["magic"]["faces"] = [{"beer": 1}, *doc["dice"]["magic"]["faces"][:5]]
    (tmp_path / "dice.json").write_text(json.dumps(doc), "utf-8")
    g = game(dice=str(tmp_path / "dice.json"))
    s = position(g, bottom("tunnel n1"), {"magic beer": 1}, face_pending=True)
    assert s.action_to_string(s.string_to_action("face #0")) == "face beer"
    assert _reason(s, "face #0") == (
        "not-a-magic-face",
        {},
        "that is not a Magic face other than beer",
    )
    assert s.action_to_string(s.string_to_action("face #1")) == "face magic1"


def test_face_numbers_bare_numbers_and_colons_read_as_their_moves() -> None:
    s = position(game(), bottom("treasure beer", "tunnel n1"), {"magic magic2": 1})

    def reads(text: str) -> str:
        return s.action_to_string(s.string_to_action(text))

    assert reads("take:a1:as:gem3") == reads("take a1 as #0") == "take a1 as gem3"
    assert reads("spend:magic2") == reads("sp:#1") == reads("spend 2") == "spend magic2"
    assert reads("recycle:a1") == "recycle a1"
    # a2 holds a Tunnel die showing 1: face code 0, the first of all, still has faces.
    assert reads("take a2 as n1") == reads("take a2 as #0") == "take a2"
    assert reads("face 2") == "face magic2"
    assert reads("draw tunnel 3") == reads("draw:tunnel:n3") == "draw tunnel n3"
    assert reads("draw magic 2") == "draw magic magic2"
    assert reads("draw treasure #0") == "draw treasure gem3"
    assert reads("draw hazard #4") == "draw hazard dragon4"
    # The sixth Tool face (#5) has no name of its own: its number is its notation.
    assert reads("draw tool #5") == "draw tool #5"
    for text, word, kind in (
        ("draw treasure 3", "3", "treasure"),  # bare numbers are Tunnel and Magic faces only
        ("draw tool #6", "#6", "tool"),
        ("spend #9", "#9", "magic"),
        ("spend #²", "#²", "magic"),
        ("spend #?", "#?", "magic"),  # one character, but not a digit
        ("take a1 as #9", "#9", "treasure"),
    ):
        key, args, _ = _notation_error(s, text)
        assert (key, args["word"], args["type"]) == ("no-face", word, kind), text


def test_a_take_on_an_empty_slot_reads_a_face_number_only() -> None:
    s = position(game(), bottom("treasure beer", "tunnel n1"))

    def reads(text: str) -> str:
        return s.action_to_string(s.string_to_action(text))

    assert reads("take a3") == reads("take a3 as #0") == "take a3 as #0"
    assert reads("take a3 as #2") == "take a3 as #2"
    assert reads("take a3 as #5 h") == "take a3 as #5 hide"
    assert _notation_error(s, "take a3 as #9") == (
        "face-number",
        {},
        "face numbers go from #0 to #5",
    )
    for text in ("take a3 as #10", "take a3 as #x", "take a3 as #?", "take a3 as gem3"):
        assert _notation_error(s, text) == (
            "empty-slot",
            {"slot": "a3"},
            "slot a3 is empty, so it has no faces",
        ), text
    assert _reason(s, "take a3 as #2") == ("empty-slot", {"slot": "a3"}, "no die on a3")
