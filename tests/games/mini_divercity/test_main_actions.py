"""Main actions, replacements, next turn and discard looks
(seed: action principale, Phase Corporations replacements, Prochain tour, Précisions)."""

from __future__ import annotations

import pytest

from solotable.core import CHANCE, IllegalActionError

from .helpers import (
    SP,
    edit,
    moves,
    play,
    refusal,
    set_pos,
    start,
)


def test_explore_turns_ocean_up_and_ends_the_turn():
    """Main action 1: Explore turns the Ocean cards face up; the next turn begins."""
    s = start()
    play(s, "explore")
    assert s.current_player() == CHANCE and s.turn == 2
    assert "?" not in s.observation(0)["hand"].values()


def test_close_hotel_with_lagoon_card_no_extra_cost_then_swap_face_up():
    """Close a Hotel: discard any card (Lagoon: no extra cost), replace it, optional swap."""
    s = start()
    play(s, "close:red:l2")
    assert s.observation(0)["islands"]["red"] == "island"
    assert s.current_player() == CHANCE  # replacement first
    play(s, "draw:manta")
    assert s.observation(0)["decision"]["kind"] == "swap"
    assert moves(s) == {f"swap:{a}{b}" for a in ("l1", "l2") for b in ("o1", "o2", "o3")} | {
        "noswap"
    }
    play(s, "swap:l2o3")
    hand = s.observation(0)["hand"]
    assert hand["l2"] == "oyster" and hand["o3"] == "manta"  # both face up
    assert s.current_player() == CHANCE and s.turn == 2


def test_close_hotel_only_offered_for_hotels():
    """Close a Hotel needs a Hotel of that colour."""
    s = start()
    assert "close:green:l1" not in moves(s)
    assert refusal(s, "close:green:l1") == "not-a-hotel"


def test_identify_with_ocean_card_costs_nothing_more():
    """Identify: discard a card to improve its species one space."""
    s = start()
    play(s, "id:o3")
    assert s.observation(0)["scale"]["oyster"] == "green"
    assert s.current_player() == CHANCE and s.ndisc == 1


def test_identify_with_lagoon_card_costs_two_more_whatever_the_token():
    """Identify with a Lagoon card: 2 more discards of your choice, then the replacements."""
    s = start()
    play(s, "id:l1")
    obs = s.observation(0)
    assert obs["scale"]["crab"] == "green" and obs["decision"]["kind"] == "pay"
    assert obs["decision"]["left"] == 2
    play(s, "pay:o3", "pay:l2")
    assert s.ndisc == 3 and s.observation(0)["scale"]["eel"] == "blue"
    play(s, "draw:manta", "draw:lobster", "draw:starfish")
    assert s.observation(0)["hand"] == {
        "l1": "manta",
        "l2": "lobster",
        "o1": "?",
        "o2": "?",
        "o3": "?",
    }
    assert s.current_player() == CHANCE and s.turn == 2


def test_identify_out_of_play_species_is_allowed_to_refresh_the_hand():
    """Identify: allowed on a saved/eliminated species; nothing moves."""
    s = start(corp=None)
    s = edit(s, lambda d: set_pos(d, "octopus", -2))
    play(s, "corp:hotels-red-blue")
    assert "id:o1" in moves(s)
    before = list(s.pos)
    play(s, "id:o1")
    assert s.pos == before and s.ndisc == 1


def test_win_is_checked_at_once_before_the_extra_discards():
    """Spec 4 (end checked immediately): identifying the 7th species with a Lagoon card
    wins before the 2 extra discards or the replacement draw."""
    s = start(corp=None)
    s = edit(
        s,
        lambda d: (
            [set_pos(d, x, 2) for x in ("nudibranch", *SP[2:7])],
            set_pos(d, "crab", 1),
        ),
    )
    play(s, "corp:hotels-red-blue")
    assert s.saved == 6
    play(s, "id:l1")
    assert s.is_terminal() and s.returns() == [1.0]
    assert s.ndisc == 1 and s.observation(0)["hand"]["l2"] == "eel"


def test_no_special_or_quick_after_the_main_action():
    """Next turn: after the main action the turn ends at once (a new Corporations phase)."""
    s = start(divers=("captain", "explorer", "swimmer"))
    play(s, "id:o1", "draw:manta")
    assert s.current_player() == CHANCE  # straight to the Corporation draw
    play(s, "corp:hotels-red-orange")
    assert s.observation(0)["this_turn"] == {
        "special_action_used": False,
        "quick_exploration_used": False,
    }


def test_no_diver_action_while_the_swap_after_closing_a_hotel_is_pending():
    """Next turn: once the main action is taken, only its own follow-up (the swap) remains."""
    s = start(divers=("captain", "explorer", "swimmer"))
    play(s, "close:red:o1", "draw:manta")
    assert moves(s) == {f"swap:{a}{b}" for a in ("l1", "l2") for b in ("o1", "o2", "o3")} | {
        "noswap"
    }
    play(s, "noswap")
    assert s.current_player() == CHANCE and s.turn == 2


def test_refill_uses_first_empty_slots_left_to_right():
    """Replacement: discarded cards are replaced left to right, Lagoon first."""
    s = start()
    play(s, "id:l2", "pay:o2", "pay:l1")
    play(s, "draw:manta")
    assert s.hand[0] == SP.index("manta") and s.hand[1] == -1
    play(s, "draw:lobster", "draw:starfish")
    assert s.observation(0)["hand"] == {
        "l1": "manta",
        "l2": "lobster",
        "o1": "?",
        "o2": "?",
        "o3": "?",
    }
    assert s.hand[3] == SP.index("starfish")


def test_card_revealed_by_communications_is_drawn_face_up_into_the_ocean():
    """New Ocean card: face up when a special action (Communications) revealed it on the deck."""
    s = start(divers=("communications", "captain", "explorer"))
    play(s, "communications", "flip:o1", "flip:o2", "draw:starfish", "nopeek", "id:o3")
    assert s.current_player() == CHANCE and s.turn == 2  # no draw: the known top was taken
    assert s.observation(0)["hand"]["o3"] == "starfish"
    assert s.observation(0)["species_deck"]["top"] is None


def test_face_up_ocean_card_stays_face_up_for_the_rest_of_the_game():
    """Hand: a card turned face up stays face up (here across later turns and events)."""
    s = start()
    play(s, "explore", "corp:hotels-red-orange", "id:o1", "draw:manta")
    hand = s.observation(0)["hand"]
    assert hand["o1"] == "?" and hand["o2"] == "turtle" and hand["o3"] == "oyster"
    play(s, "corp:oil", "oil:o1", "draw:lobster")
    assert s.observation(0)["hand"]["o2"] == "turtle"


def test_each_discard_pile_may_be_consulted_once():
    """Précisions: each discard pile may be looked through once; shown for one decision."""
    s = start()
    play(s, "id:o1", "draw:manta", "corp:hotels-red-orange")
    assert s.observation(0)["species_discard"]["contents"] is None
    play(s, "look:species")
    obs = s.observation(0)
    assert obs["species_discard"]["contents"] == {"octopus": 1}
    assert obs["species_discard"]["looked"] and "look:species" not in moves(s)
    with pytest.raises(IllegalActionError, match="only once"):
        s.apply_action(s.string_to_action("look:species"))
    play(s, "look:corp")
    obs = s.observation(0)
    assert obs["corporation_discard"]["contents"] == {"hotels-red-blue": 1, "hotels-red-orange": 1}
    assert obs["species_discard"]["contents"] is None  # the species look is over
    play(s, "explore")
    assert s.observation(0)["corporation_discard"]["contents"] is None


def test_look_is_offered_at_an_oil_platform_choice():
    """Précisions: the one-time look may inform an Oil Platform choice."""
    s = start(corp="oil")
    assert {"look:species", "look:corp"} <= moves(s)
    play(s, "look:corp")
    assert s.observation(0)["decision"]["kind"] == "oil"
