"""Diver special actions, one per turn, and the look that follows (seed: Phase Plongeurs A)."""

from __future__ import annotations

import pytest

from solotable.core import CHANCE
from solotable.games.mini_divercity.tables import DIVER_IDS

from .helpers import (
    SP,
    corp_total,
    edit,
    empty_deck,
    game,
    moves,
    play,
    refusal,
    start,
)

ALL = DIVER_IDS


def test_captain_draws_two_discards_one_returns_the_other_face_up():
    """Captain: draw up to 2, discard one to improve it, the other goes back face up on top.

    Seed: Phase Plongeurs A, Capitaine (assumption captain_draw: the number of cards is
    chosen before any is seen, so the second draw cannot depend on the first card).
    """
    s = start(divers=("captain", "explorer", "swimmer"))
    play(s, "captain")
    assert moves(s) == {"cap:more", "cap:one"}
    assert s.observation(0)["captain_cards"] == []
    assert s.observation(0)["decision"]["kind"] == "captain_draw"
    play(s, "cap:more", "draw:manta")
    assert s.current_player() == CHANCE  # the second card comes before any choice
    assert s.observation(0)["captain_cards"] == ["manta"]
    play(s, "draw:lobster")
    assert moves(s) == {"cap:manta", "cap:lobster"}
    play(s, "cap:lobster")
    obs = s.observation(0)
    assert obs["scale"]["lobster"] == "green" and obs["species_deck"]["top"] == "manta"
    assert obs["divers"]["captain"] == "used"
    # The returned card is drawn face up, even into an Ocean slot (seed: new Ocean card).
    play(s, "nopeek", "id:o1")
    assert s.current_player() == CHANCE  # next turn's Corporation card: no draw was needed
    assert s.observation(0)["hand"]["o1"] == "manta"


def test_captain_may_ask_for_one_card_only():
    """Captain: 'up to 2' — one card may be asked for (before seeing it); nothing goes back
    on the deck. Seed: Phase Plongeurs A, Capitaine."""
    s = start(divers=("captain", "explorer", "swimmer"))
    play(s, "captain", "cap:one", "draw:manta")
    assert moves(s) == {"cap:manta"}
    play(s, "cap:manta")
    assert s.observation(0)["scale"]["manta"] == "green"
    assert s.observation(0)["species_deck"]["top"] is None


def test_captain_with_one_card_left_cannot_ask_for_a_second():
    """Captain: 'up to 2' cards — with a single card left in the deck only one is drawn."""
    s = start(divers=("captain", "explorer", "swimmer"))

    def one_left(d):
        empty_deck(d)
        i = SP.index("manta")
        d["disc"][i] -= 1
        d["ndisc"] -= 1
        d["deck"][i] = 1
        d["ndeck"] = 1

    s = edit(s, one_left)
    play(s, "captain")
    assert s.chance_outcomes() == [(s.string_to_action("draw:manta"), 1.0)]
    play(s, "draw:manta")
    assert moves(s) == {"cap:manta"}


def test_captain_not_offered_with_an_empty_species_deck():
    """Captain (assumption): with no Species card to draw the power cannot be used."""
    s = start(game(save_goal=1), divers=("captain", "explorer", "swimmer"), corp=None)
    s = edit(s, empty_deck)
    play(s, "corp:hotels-red-blue")
    assert "captain" not in moves(s) and "explorer" in moves(s)


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
    """Environmentalist with no Hotel showing: not offered, so the swap alone is not allowed
    either (assumption environmentalist_needs_hotel: the swap follows the Hotel flip).
    Seed: Phase Plongeurs A, Environnementaliste; action principale 2."""
    s = start(divers=("environmentalist", "explorer", "swimmer"), corp="oil")
    play(s, "oil:o3", "draw:eel")
    assert not any(m.startswith("environmentalist") for m in moves(s))
    assert not any(m.startswith("swap") or m == "noswap" for m in moves(s))
    assert refusal(s, "environmentalist:red") == "no-target"


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


def test_swimmer_may_use_a_face_up_ocean_card():
    """Swimmer (French text): the Ocean card may already be face up; it is replaced face down."""
    s = start(divers=("swimmer", "captain", "explorer"))
    play(s, "explore", "corp:hotels-green-purple")
    assert s.observation(0)["hand"]["o3"] == "oyster"
    play(s, "swimmer:o3", "draw:eel")
    obs = s.observation(0)
    assert obs["scale"]["oyster"] == "green" and obs["hand"]["o3"] == "?"
    assert obs["decision"]["kind"] == "peek"  # after a special action: the optional look


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


def test_communications_reveal_with_a_face_up_top_has_no_further_effect():
    """Communications Specialist (assumption): a face-up top card cannot be turned again."""
    s = start(divers=("captain", "communications", "swimmer"))
    play(s, "captain", "cap:more", "draw:manta", "draw:lobster", "cap:lobster", "nopeek")
    play(s, "explore", "corp:hotels-red-orange", "communications")
    assert s.observation(0)["decision"]["kind"] == "peek"  # no reveal draw was needed
    assert s.observation(0)["species_deck"]["top"] == "manta"


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


def test_visionary_on_an_empty_corporation_deck_reshuffles_first():
    """Visionary (assumption): an empty Corporation deck is rebuilt before the 4 are taken."""
    s = start(divers=("visionary", "captain", "explorer"), corp=None)

    def exhaust(d):
        d["cdisc"] = [a + b for a, b in zip(d["cdisc"], d["cdeck"], strict=True)]
        d["ncdisc"] += d["ncdeck"]
        d["cdeck"] = [0] * len(d["cdeck"])
        d["ncdeck"] = 0

    play(s, "corp:hotels-red-blue")
    s = edit(s, exhaust)
    play(s, "visionary")
    assert s.current_player() == CHANCE and s.ncdeck == 27
    play(s, "corp:oil", "corp:oil", "corp:oil", "corp:oil")
    assert s.observation(0)["corporation_deck"]["known_top"] == ["oil"] * 4


def test_visionary_with_a_short_deck_completes_the_four_from_the_reshuffled_discard():
    """Visionary: "the next 4 cards" — when the Corporation deck runs out part-way, its
    discard is shuffled into a new deck to complete the 4 (fixed: only the cards left were
    taken). Seed: Phase Plongeurs A, Visionnaire; Précisions (empty Corporation deck)."""
    s = start(divers=("visionary", "captain", "explorer"))

    def two_left(d):
        oil, dyn = 0, 1  # data order: oil, dyn, …
        d["cdisc"] = [a + b for a, b in zip(d["cdisc"], d["cdeck"], strict=True)]
        d["cdisc"][oil] -= 1
        d["cdisc"][dyn] -= 1
        d["cdeck"] = [0] * len(d["cdeck"])
        d["cdeck"][oil] = d["cdeck"][dyn] = 1
        d["ncdisc"] += d["ncdeck"] - 2
        d["ncdeck"] = 2

    s = edit(s, two_left)
    play(s, "visionary", "corp:oil", "corp:dyn")
    assert s.current_player() == CHANCE and s.ncdeck == 25 and s.ncdisc == 0
    assert s.observation(0)["log"][-1]["kind"] == "reshuffle"
    play(s, "corp:hotels-green-purple", "corp:oil-dyn")
    assert moves(s) == {"vtop:oil", "vtop:dyn", "vtop:hotels-green-purple", "vtop:oil-dyn"}
    play(s, "vtop:dyn", "vtop:oil-dyn", "vtop:hotels-green-purple", "flip:o1", "flip:o3")
    assert s.observation(0)["corporation_deck"] == {
        "size": 27,
        "known_top": ["dyn", "oil-dyn", "hotels-green-purple", "oil"],
    }
    assert corp_total(s) == 27


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
    assert refusal(s, "captain") == "one-special"
    play(s, "explore", "corp:hotels-red-orange")
    assert "captain" in moves(s) and "explorer" not in moves(s)
    assert refusal(s, "explorer") == "diver-used"
    assert refusal(s, "visionary") == "diver-not-dealt"
