"""Divers phase start: special actions and Quick Exploration (seed: Phase Plongeurs A/B)."""

from __future__ import annotations

import pytest

from solotable.core import CHANCE, IllegalActionError

from .helpers import SP, edit, moves, play, start

ALL = (
    "captain",
    "environmentalist",
    "explorer",
    "swimmer",
    "communications",
    "endurance",
    "diving",
    "visionary",
)


def test_captain_draws_two_discards_one_returns_the_other_face_up():
    """Captain: draw up to 2, discard one to improve it, the other goes back face up on top."""
    s = start(divers=("captain", "explorer", "swimmer"))
    play(s, "captain", "draw:manta")
    assert moves(s) == {"cap:more", "cap:manta"}
    assert s.observation(0)["captain_cards"] == ["manta"]
    play(s, "cap:more", "draw:lobster")
    assert moves(s) == {"cap:manta", "cap:lobster"}
    play(s, "cap:lobster")
    obs = s.observation(0)
    assert obs["scale"]["lobster"] == "green" and obs["species_deck"]["top"] == "manta"
    assert obs["divers"]["captain"] == "used"
    # The returned card is drawn face up, even into an Ocean slot (seed: new Ocean card).
    play(s, "nopeek", "id:o1")
    assert s.current_player() == CHANCE  # next turn's Corporation card: no draw was needed
    assert s.observation(0)["hand"]["o1"] == "manta"


def test_captain_may_stop_after_one_card():
    """Captain: 'up to 2' — one card may be enough; nothing goes back on the deck."""
    s = start(divers=("captain", "explorer", "swimmer"))
    play(s, "captain", "draw:manta", "cap:manta")
    assert s.observation(0)["scale"]["manta"] == "green"
    assert s.observation(0)["species_deck"]["top"] is None


def test_environmentalist_closes_a_hotel_then_optional_swap():
    """Environmentalist: a Hotel back to Island, then swap Lagoon/Ocean (both face up)."""
    s = start(divers=("environmentalist", "explorer", "swimmer"))
    assert {m for m in moves(s) if m.startswith("environmentalist")} == {
        "environmentalist:red",
        "environmentalist:blue",
    }
    play(s, "environmentalist:red")
    assert s.observation(0)["islands"]["red"] == "island"
    assert "swap:l1o1" in moves(s) and "noswap" in moves(s)
    play(s, "swap:l1o1")
    hand = s.observation(0)["hand"]
    assert hand["l1"] == "octopus" and hand["o1"] == "crab"
    assert s.observation(0)["decision"]["kind"] == "peek"


def test_environmentalist_needs_a_hotel():
    """Environmentalist (assumption): without any Hotel there is nothing to flip."""
    s = start(divers=("environmentalist", "explorer", "swimmer"), corp="oil")
    play(s, "oil:o3", "draw:eel")
    assert not any(m.startswith("environmentalist") for m in moves(s))


def test_explorer_turns_all_ocean_cards_up():
    """Explorer: every unexplored Ocean card is turned face up."""
    s = start(divers=("explorer", "captain", "swimmer"))
    play(s, "explorer")
    assert s.observation(0)["hand"] == {
        "l1": "crab",
        "l2": "eel",
        "o1": "octopus",
        "o2": "turtle",
        "o3": "oyster",
    }


def test_swimmer_discards_a_face_down_ocean_card_to_improve_its_species():
    """Swimmer (French text): discard an Ocean card, face up or not; its species improves."""
    s = start(divers=("swimmer", "captain", "explorer"))
    assert {m for m in moves(s) if m.startswith("swimmer")} == {
        "swimmer:o1",
        "swimmer:o2",
        "swimmer:o3",
    }
    play(s, "swimmer:o2")
    assert s.observation(0)["scale"]["turtle"] == "green"
    play(s, "draw:manta")
    assert s.observation(0)["hand"]["o2"] == "?"


def test_communications_specialist_two_ocean_cards_then_deck_top():
    """Communications Specialist: turn 2 unexplored Ocean cards up, then the top Species card."""
    s = start(divers=("communications", "captain", "explorer"))
    play(s, "communications")
    assert moves(s) == {"flip:o1", "flip:o2", "flip:o3"}
    play(s, "flip:o3", "flip:o1")
    hand = s.observation(0)["hand"]
    assert hand["o1"] == "octopus" and hand["o2"] == "?" and hand["o3"] == "oyster"
    assert s.current_player() == CHANCE
    play(s, "draw:starfish")
    assert s.observation(0)["species_deck"]["top"] == "starfish"


def test_communications_with_one_face_down_card_flips_it_without_asking():
    """Communications Specialist: fewer than 2 unexplored cards: all of them are turned."""
    s = start(divers=("communications", "captain", "swimmer"))
    s = edit(s, lambda d: d["up"].__setitem__(slice(2, 4), [True, True]))
    play(s, "communications")
    assert s.current_player() == CHANCE and s.observation(0)["hand"]["o3"] == "oyster"


@pytest.mark.parametrize("diver", ["endurance", "diving"])
def test_endurance_and_diving_specialists_move_a_token_up(diver):
    """Endurance / Diving Specialist: move a token one space toward safety (assumption A4)."""
    s = start(divers=(diver, "captain", "explorer"))
    s = edit(s, lambda d: d["pos"].__setitem__(SP.index("manta"), 2))
    offered = {m.split(":")[1] for m in moves(s) if m.startswith(diver + ":")}
    assert offered == set(SP) - {"manta"}  # only species still in play
    play(s, f"{diver}:hammerhead")
    assert s.observation(0)["scale"]["hammerhead"] == "green"


def test_visionary_orders_the_next_four_corporation_cards_then_two_ocean_cards():
    """Visionary: draw the next 4 Corporation cards, put them back in any order, 2 Ocean up."""
    s = start(divers=("visionary", "captain", "explorer"))
    play(s, "visionary", "corp:oil", "corp:dyn", "corp:oil", "corp:hotels-green-purple")
    assert moves(s) == {"vtop:oil", "vtop:dyn", "vtop:hotels-green-purple"}
    assert sorted(s.observation(0)["visionary_cards"]) == sorted(
        ["oil", "dyn", "oil", "hotels-green-purple"]
    )
    play(s, "vtop:hotels-green-purple", "vtop:oil", "vtop:dyn")
    assert s.observation(0)["corporation_deck"]["known_top"] == [
        "hotels-green-purple",
        "oil",
        "dyn",
        "oil",
    ]
    play(s, "flip:o1", "flip:o2")
    # The top is already known, so no optional look is offered; the order holds.
    assert s.observation(0)["decision"]["kind"] == "divers"
    play(s, "explore")
    assert s.observation(0)["islands"]["purple"] == "hotel"
    assert s.observation(0)["decision"]["kind"] == "divers"
    play(s, "explore")
    assert s.observation(0)["decision"]["kind"] == "oil"


def test_look_at_top_corporation_card_after_a_special_action():
    """After a special action the top Corporation card may be turned up; it is drawn next."""
    s = start(divers=("explorer", "captain", "swimmer"))
    play(s, "explorer")
    assert moves(s) == {"peek", "nopeek"}
    play(s, "peek", "corp:dyn")
    assert s.observation(0)["corporation_deck"]["known_top"] == ["dyn"]
    play(s, "explore")
    # The known top is drawn without a chance event: next is the Dynamite's species draw.
    assert s.observation(0)["corporation_discard"]["top"] == "dyn"
    assert s.current_player() == CHANCE


def test_one_special_action_per_turn_and_each_diver_once_per_game():
    """Special actions: one per turn; a used Diver is turned over for the rest of the game."""
    s = start(divers=("explorer", "captain", "swimmer"))
    play(s, "explorer", "nopeek")
    assert "captain" not in moves(s)
    with pytest.raises(IllegalActionError, match="only one Diver special action per turn"):
        s.apply_action(s.string_to_action("captain"))
    play(s, "explore", "corp:hotels-red-orange")
    assert "captain" in moves(s) and "explorer" not in moves(s)
    with pytest.raises(IllegalActionError, match="already used"):
        s.apply_action(s.string_to_action("explorer"))
    with pytest.raises(IllegalActionError, match="not dealt"):
        s.apply_action(s.string_to_action("visionary"))


def test_quick_exploration_cost_and_effect_without_using_a_diver():
    """Quick Exploration: discard both Lagoon cards (replaced), turn the Ocean up; no Diver used."""
    s = start(divers=("explorer", "captain", "swimmer"))
    assert "quick" in moves(s)
    play(s, "quick")
    assert s.current_player() == CHANCE
    play(s, "draw:manta", "draw:lobster")
    obs = s.observation(0)
    assert obs["hand"] == {
        "l1": "manta",
        "l2": "lobster",
        "o1": "octopus",
        "o2": "turtle",
        "o3": "oyster",
    }
    assert set(obs["divers"].values()) == {"ready"} and s.ndisc == 2
    assert "quick" not in moves(s)
    assert "captain" in moves(s)  # A after B is allowed


def test_quick_exploration_after_a_special_action_same_turn():
    """Phase start: A and B in either order — B after A is allowed while a Diver is unused."""
    s = start(divers=("captain", "explorer", "swimmer"))
    play(s, "captain", "draw:manta", "cap:manta", "nopeek")
    assert "quick" in moves(s)


def test_quick_exploration_conditions():
    """Quick Exploration needs an unused Diver, a face-down Ocean card and 2 Lagoon cards."""
    s = start(divers=("captain", "explorer", "swimmer"))
    used = edit(s, lambda d: d["divers"].__setitem__(slice(0, 8), [2, 0, 2, 2, 0, 0, 0, 0]))
    assert "quick" not in moves(used)
    with pytest.raises(IllegalActionError, match="unused Diver"):
        used.apply_action(used.string_to_action("quick"))
    explored = edit(s, lambda d: d["up"].__setitem__(slice(0, 5), [True] * 5))
    assert "quick" not in moves(explored)
    one_lagoon = edit(
        s,
        lambda d: (
            d["hand"].__setitem__(1, -1),
            d.update(ndisc=1),
            d["disc"].__setitem__(SP.index("eel"), 1),
        ),
    )
    assert "quick" not in moves(one_lagoon)
    with pytest.raises(IllegalActionError, match="two Lagoon cards"):
        one_lagoon.apply_action(one_lagoon.string_to_action("quick"))
    assert set(ALL) >= set(s.observation(0)["divers"])
