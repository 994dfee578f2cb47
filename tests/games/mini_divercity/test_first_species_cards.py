"""Cards of the first species (the nudibranch, number 0 in the data) are cards like any
other: in every hand slot, on top of the Species deck and in the refills they count as a
card, never as an empty place.

The rules ask "is there a card here" all over (hand slots, the face-up top card); these
tests put the first species in each of those places and check the moves offered, the
decisions and what the player sees.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from solotable.core import CHANCE
from solotable.games.mini_divercity.state import MiniDiverCityState

from .helpers import SP, edit, empty_deck, game, log, moves, play, refusal, start

NUDI = ("nudibranch",) * 5
SLOT_NAMES = ("l1", "l2", "o1", "o2", "o3")


def _hand_of(slots: tuple[str | None, ...], up: tuple[bool, ...]) -> Any:
    """The hand set to ``slots`` (None: empty) with ``up`` face-up flags; the Species deck is
    then exhausted, as it is when slots stay empty."""

    def change(d: dict[str, Any]) -> None:
        for c in d["hand"]:
            if c >= 0:
                d["deck"][c] += 1
                d["ndeck"] += 1
        for k, x in enumerate(slots):
            if x is None:
                d["hand"][k], d["up"][k] = -1, False
            else:
                i = SP.index(x)
                d["deck"][i] -= 1
                d["ndeck"] -= 1
                d["hand"][k], d["up"][k] = i, up[k]
        empty_deck(d)

    return change


def _position(slots: tuple[str | None, ...], up: tuple[bool, ...]) -> MiniDiverCityState:
    """Divers phase of turn 1 (red and blue are Hotels), the win left open to the player."""
    s = start(game(end_when_impossible=False), corp=None)
    s = edit(s, _hand_of(slots, up))
    return play(s, "corp:hotels-red-blue")


def test_a_hand_of_nudibranchs_offers_every_move_of_a_full_hand() -> None:
    s = start(hand=NUDI)
    slots = SLOT_NAMES
    assert moves(s) == {
        "captain",
        "explorer",
        *(f"swimmer:{o}" for o in slots[2:]),
        "quick",
        "explore",
        *(f"close:{c}:{k}" for c in ("red", "blue") for k in slots),
        *(f"id:{k}" for k in slots),
        "look:species",
        "look:corp",
        "resign",
    }


def test_identifying_a_lagoon_nudibranch_costs_two_more_paid_with_nudibranchs() -> None:
    s = start(hand=NUDI)
    play(s, "id:l1")
    assert s.observation(0)["decision"] == {"kind": "pay", "left": 2}
    assert moves(s) == {"pay:l2", "pay:o1", "pay:o2", "pay:o3"}
    play(s, "pay:o3")
    assert s.observation(0)["decision"] == {"kind": "pay", "left": 1}
    assert moves(s) == {"pay:l2", "pay:o1", "pay:o2"}
    play(s, "pay:l2")
    assert s.current_player() == CHANCE  # the replacements: l1, l2 then o3
    play(s, "draw:crab", "draw:eel", "draw:octopus")
    hand = s.observation(0)["hand"]
    assert hand == {"l1": "crab", "l2": "eel", "o1": "?", "o2": "?", "o3": "?"}
    assert s.hand == [1, 7, 0, 0, 8]
    assert s.current_player() == CHANCE and s.turn == 2  # the next turn's Corporation card


def test_the_refill_skips_the_slots_that_hold_a_nudibranch() -> None:
    """The closing card came from o1: the new card goes there, the nudibranchs stay."""
    s = start(hand=NUDI)
    play(s, "close:red:o1")
    assert s.current_player() == CHANCE
    play(s, "draw:crab")
    assert s.hand == [0, 0, 1, 0, 0] and s.up == [True, True, False, False, False]
    assert s.observation(0)["decision"]["kind"] == "swap"


def test_the_oil_platform_takes_any_nudibranch_of_the_hand() -> None:
    s = start(hand=NUDI, corp=None)
    play(s, "corp:oil")
    assert s.observation(0)["decision"]["kind"] == "oil"
    assert moves(s) == {*(f"oil:{k}" for k in SLOT_NAMES), "look:species", "look:corp"}


def test_exploring_turns_the_face_down_nudibranchs_up() -> None:
    s = start(hand=NUDI)
    play(s, "explore")
    assert s.observation(0)["hand"] == dict.fromkeys(SLOT_NAMES, "nudibranch")
    assert s.up == [True] * 5


@pytest.mark.parametrize(
    ("slots", "swaps"),
    [
        (("nudibranch", None, "crab", "eel", None), {"swap:l1o1"}),
        ((None, "nudibranch", None, "crab", "eel"), {"swap:l2o2"}),
        (("crab", None, "nudibranch", "eel", None), {"swap:l1o1"}),
        (("crab", None, None, "nudibranch", "eel"), {"swap:l1o2"}),
        (("crab", None, "eel", None, "nudibranch"), {"swap:l1o3"}),
    ],
)
def test_a_lone_nudibranch_on_either_side_still_allows_the_swap(
    slots: tuple[str | None, ...], swaps: set[str]
) -> None:
    """Empty Species deck: after closing a Hotel with the eel, one card is left on each
    side; a nudibranch is one of them."""
    s = _position(slots, (True,) * 5)
    play(s, f"close:red:{SLOT_NAMES[slots.index('eel')]}")
    assert s.observation(0)["decision"]["kind"] == "swap"
    assert moves(s) == swaps | {"noswap"}


def test_closing_and_identifying_with_a_hand_that_has_holes_and_nudibranchs() -> None:
    s = _position(
        ("nudibranch", None, "nudibranch", None, "crab"), (True, False, False, False, False)
    )
    assert {m for m in moves(s) if m.startswith(("id:", "close:"))} == {
        *(f"close:{c}:{k}" for c in ("red", "blue") for k in ("l1", "o1", "o3")),
        "id:l1",
        "id:o1",
        "id:o3",
    }


_OCEAN = {"down": ("nudibranch", False), "up": ("nudibranch", True), "empty": (None, False)}


@pytest.mark.parametrize("ocean", list(itertools.product(_OCEAN, repeat=3)))
def test_quick_exploration_needs_a_face_down_ocean_card(ocean: tuple[str, str, str]) -> None:
    cards = tuple(_OCEAN[o][0] for o in ocean)
    up = tuple(_OCEAN[o][1] for o in ocean)
    s = _position(("nudibranch", "nudibranch", *cards), (True, True, *up))
    allowed = "down" in ocean
    assert ("quick" in moves(s)) is allowed
    if not allowed:
        assert refusal(s, "quick") == "quick-no-face-down"


@pytest.mark.parametrize("lagoon", [("nudibranch", None), (None, "nudibranch"), (None, None)])
def test_quick_exploration_needs_both_lagoon_cards(lagoon: tuple[str | None, ...]) -> None:
    s = _position((*lagoon, "nudibranch", "nudibranch", "nudibranch"), (True, True) + (False,) * 3)
    assert "quick" not in moves(s)
    assert refusal(s, "quick") == "quick-no-lagoon"


def _nudibranch_on_top(divers: tuple[str, ...]) -> MiniDiverCityState:
    """Turn 1: the Communications Specialist turns the top Species card up: a nudibranch."""
    s = start(divers=divers)
    play(s, "communications", "flip:o1", "flip:o2", "draw:nudibranch")
    assert s.observation(0)["species_deck"]["top"] == "nudibranch"
    return s


def test_a_face_up_nudibranch_on_top_is_the_next_replacement() -> None:
    s = _nudibranch_on_top(("communications", "captain", "explorer"))
    play(s, "nopeek", "id:o3")  # the replacement is the known top: no draw
    assert s.hand[4] == 0 and s.up[4] is True
    assert s.observation(0)["species_deck"]["top"] is None
    assert s.current_player() == CHANCE and s.turn == 2  # the next turn's Corporation card


def test_dynamite_hits_a_face_up_nudibranch_on_top_without_a_draw() -> None:
    s = _nudibranch_on_top(("communications", "captain", "explorer"))
    play(s, "nopeek", "explore", "corp:dyn")
    assert s.current_player() == 0 and s.observation(0)["decision"]["kind"] == "divers"
    assert {"kind": "dynamite-deck", "species": "nudibranch"} in log(s)
    assert s.observation(0)["scale"]["nudibranch"] == "red"


def test_the_captain_takes_a_face_up_nudibranch_on_top_without_a_draw() -> None:
    s = _nudibranch_on_top(("communications", "captain", "explorer"))
    play(s, "nopeek", "explore", "corp:hotels-green-purple", "captain", "cap:more")
    assert s.observation(0)["captain_cards"] == ["nudibranch"]
    assert s.current_player() == CHANCE  # the second card is drawn
    play(s, "draw:crab")
    assert s.observation(0)["captain_cards"] == ["nudibranch", "crab"]


def test_the_captain_is_offered_when_only_a_face_up_nudibranch_is_left() -> None:
    """Empty deck but for the face-up top card: the Captain can still draw it (one card,
    no choice of how many)."""
    s = _nudibranch_on_top(("communications", "captain", "explorer"))
    play(s, "nopeek", "explore", "corp:hotels-green-purple")
    s = edit(s, empty_deck)
    assert "captain" in moves(s)
    play(s, "captain")
    assert s.observation(0)["decision"]["kind"] == "captain"
    assert s.observation(0)["captain_cards"] == ["nudibranch"]


def test_communications_leave_a_face_up_nudibranch_on_top_as_it_is() -> None:
    s = start(divers=("communications", "captain", "explorer"))
    play(s, "captain", "cap:more", "draw:nudibranch", "draw:crab", "cap:crab")
    assert s.observation(0)["species_deck"]["top"] == "nudibranch"
    play(s, "nopeek", "explore", "corp:hotels-green-purple", "communications")
    # the top is known already: no draw, the look at the Corporation deck comes next
    assert s.observation(0)["decision"]["kind"] == "peek"
    assert s.observation(0)["species_deck"]["top"] == "nudibranch"
