"""Corporations phase: Oil Platform, Dynamite Fishers, Hotels, double cards, reshuffle
(seed: Phase Corporations, Précisions; standard rules 3.1)."""

from __future__ import annotations

import pytest

from solotable.core import CHANCE

from .helpers import (
    SP,
    corp_total,
    edit,
    empty_deck,
    game,
    log,
    moves,
    play,
    set_pos,
    start,
)


def test_oil_platform_any_card_of_the_hand_moves_its_species_down():
    """Oil Platform: the card may be chosen from the whole hand; its species goes 1 down."""
    s = start(corp="oil")
    assert moves(s) >= {"oil:l1", "oil:l2", "oil:o1", "oil:o2", "oil:o3"}
    play(s, "oil:o2")  # the face-down turtle
    obs = s.observation(0)
    assert obs["scale"]["turtle"] == "red"
    assert obs["species_discard"]["top"] == "turtle" and obs["hand"]["o2"] is None
    assert s.current_player() == CHANCE  # the replacement draw


def test_oil_platform_lagoon_of_saved_species_costs_two_more():
    """Oil Platform: a Lagoon card of a saved/eliminated species costs 2 more discards."""
    s = start(corp=None)
    s = edit(s, lambda d: set_pos(d, "crab", 2))
    play(s, "corp:oil", "oil:l1")
    assert s.observation(0)["decision"] == {"kind": "pay", "left": 2}
    assert moves(s) == {"pay:l2", "pay:o1", "pay:o2", "pay:o3"}
    play(s, "pay:o1", "pay:l2")
    assert s.ndisc == 3 and s.pos == [0, 2] + [0] * 10  # nothing else moved
    # Replacements: left to right, Lagoon first (l1, l2 face up; o1 face down).
    play(s, "draw:manta", "draw:lobster", "draw:starfish")
    assert s.observation(0)["hand"] == {
        "l1": "manta",
        "l2": "lobster",
        "o1": "?",
        "o2": "?",
        "o3": "?",
    }


def test_oil_platform_lagoon_of_eliminated_species_costs_two_more():
    """Oil Platform: the extra cost applies to an eliminated species too."""
    s = start(corp=None)
    s = edit(s, lambda d: set_pos(d, "eel", -2))
    play(s, "corp:oil", "oil:l2")
    assert s.observation(0)["decision"]["kind"] == "pay"


def test_oil_platform_ocean_card_out_of_play_costs_nothing_more():
    """Oil Platform: an Ocean card (face up or down) of an out-of-play species: only it goes."""
    s = start(corp=None)
    s = edit(s, lambda d: set_pos(d, "octopus", 2))
    play(s, "corp:oil", "oil:o1")  # face-down octopus, already saved
    assert s.current_player() == CHANCE and s.ndisc == 1
    assert s.observation(0)["scale"]["octopus"] == "saved"


def test_oil_platform_face_up_ocean_card_out_of_play_costs_nothing_more():
    """Corporations phase: an Ocean card already face up, of a saved species: only it goes."""
    s = start(corp=None)
    s = edit(s, lambda d: set_pos(d, "octopus", 2))
    play(s, "corp:hotels-red-blue", "explore", "corp:oil")
    assert s.observation(0)["hand"]["o1"] == "octopus"
    play(s, "oil:o1")
    assert s.current_player() == CHANCE and s.ndisc == 1  # the replacement, no extra cost
    assert s.observation(0)["scale"]["octopus"] == "saved"


def test_oil_platform_lagoon_of_in_play_species_is_a_plain_discard():
    """Oil Platform: the extra cost is only for out-of-play Lagoon cards."""
    s = start(corp="oil")
    play(s, "oil:l1")
    assert s.observation(0)["scale"]["crab"] == "red" and s.current_player() == CHANCE


def test_oil_platform_with_an_empty_hand_does_nothing():
    """Empty deck and hand: an Oil Platform finds no card and has no effect."""
    s = start(game(save_goal=1), divers=("endurance", "explorer", "swimmer"), corp=None)

    def no_hand(d):
        empty_deck(d)
        for k in range(5):
            d["disc"][d["hand"][k]] += 1
            d["hand"][k] = -1
            d["up"][k] = False
        d["ndisc"] += 5
        d["pos"][SP.index("crab")] = 1

    s = edit(s, no_hand)
    play(s, "corp:oil")
    assert s.observation(0)["decision"]["kind"] == "divers"
    assert {"kind": "oil-empty"} in log(s)
    play(s, "endurance:crab")  # the free move still wins the lowered goal
    assert s.is_terminal() and s.returns() == [1.0]


def test_dynamite_fishers_top_species_card_moves_down():
    """Dynamite Fishers: the top Species card is discarded and its species moves down."""
    s = start(corp="dyn")
    assert s.current_player() == CHANCE
    play(s, "draw:manta")
    obs = s.observation(0)
    assert obs["scale"]["manta"] == "red" and obs["species_discard"]["top"] == "manta"
    assert obs["species_deck"]["size"] == 54


def test_dynamite_hits_the_face_up_top_card_left_by_the_captain():
    """Dynamite Fishers take the top card: a face-up top is hit without a chance event."""
    s = start(divers=("captain", "explorer", "swimmer"))
    play(s, "captain", "cap:more", "draw:manta", "draw:lobster", "cap:lobster", "nopeek")
    play(s, "explore", "corp:dyn")
    assert s.observation(0)["scale"]["manta"] == "red"
    assert s.observation(0)["species_deck"]["top"] is None
    assert s.observation(0)["decision"]["kind"] == "divers"


def test_dynamite_on_an_out_of_play_species_moves_nothing():
    """Corporations phase / spec A6: Dynamite Fishers hitting a saved species: the card is
    discarded, the token stays."""
    s = start(corp=None)
    s = edit(s, lambda d: set_pos(d, "manta", 2))
    play(s, "corp:dyn", "draw:manta")
    obs = s.observation(0)
    assert obs["scale"]["manta"] == "saved" and obs["species_discard"]["top"] == "manta"
    assert obs["log"][-1] == {"kind": "no-effect", "species": "manta", "at": "saved"}


def test_hotels_event_flips_both_colours_and_a_hotel_stays_a_hotel():
    """Hotels: the two printed Islands become Hotels; an existing Hotel stays one."""
    s = start(corp="hotels-red-blue")
    assert s.observation(0)["islands"]["red"] == "hotel"
    assert s.observation(0)["islands"]["blue"] == "hotel"
    play(s, "explore", "corp:hotels-red-orange")
    isl = s.observation(0)["islands"]
    assert [c for c, v in isl.items() if v == "hotel"] == ["red", "blue", "orange"]
    assert {"kind": "hotel-already", "colour": "red"} in log(s)


def test_double_card_resolves_both_events_in_order():
    """Double cards: both events are resolved, the species event first (assumption A14)."""
    s = start(corp="oil-dyn")
    assert s.observation(0)["decision"]["kind"] == "oil"
    play(s, "oil:l2", "draw:lobster")  # eel down, replacement drawn
    assert s.current_player() == CHANCE  # now the Dynamite Fishers
    play(s, "draw:manta")
    obs = s.observation(0)
    assert obs["scale"]["eel"] == "red" and obs["scale"]["manta"] == "red"
    assert obs["decision"]["kind"] == "divers"
    s = start(corp="oil-hotels-red-purple")
    play(s, "oil:l1", "draw:lobster")
    assert s.observation(0)["islands"]["purple"] == "hotel"


def test_double_card_stops_after_a_losing_first_event():
    """Spec 3.1 double cards (assumption A14): the loss is checked between the two events;
    an Oil Platform that eliminates the 5th species ends the game before its Hotels."""
    s = start(corp=None)
    s = edit(
        s,
        lambda d: (
            [set_pos(d, x, -2) for x in ("nudibranch", "hammerhead", "porcupinefish", "manta")],
            set_pos(d, "crab", -1),
        ),
    )
    play(s, "corp:oil-hotels-red-purple", "oil:l1")
    obs = s.observation(0)
    assert s.is_terminal() and obs["result"]["cause"] == "eliminated"
    assert obs["islands"]["red"] == "island" and obs["islands"]["purple"] == "island"


def test_empty_corporation_deck_reshuffles_its_discard():
    """Précisions: an empty Corporation deck is rebuilt from its shuffled discard."""
    s = start(corp=None)

    def exhaust(d):
        d["cdisc"] = [a + b for a, b in zip(d["cdisc"], d["cdeck"], strict=True)]
        d["ncdisc"] += d["ncdeck"]
        d["cdeck"] = [0] * len(d["cdeck"])
        d["ncdeck"] = 0
        d["cdisc_top"] = 0

    play(s, "corp:oil", "oil:o3", "draw:eel")
    s = edit(s, exhaust)
    counts = [c for c in s.to_dict()["cdisc"] if c]
    # The next turn's draw comes from the whole reshuffled discard, each card as likely.
    play(s, "explore")
    assert s.current_player() == CHANCE and len(s.chance_outcomes()) == 15
    assert sorted(p for _, p in s.chance_outcomes()) == pytest.approx(
        sorted(c / 27 for c in counts)
    )
    assert s.observation(0)["corporation_discard"]["size"] == 0
    assert s.ncdeck == 27 and s.ncdisc == 0 and corp_total(s) == 27
    for _ in range(3):  # draws from the rebuilt deck follow its counts
        s.clone().apply_action(s.clone().sample_chance())
    assert all(s.clone().is_legal(a) for a, _ in s.chance_outcomes())
    # Nothing stays behind in the discard (looking through it later shows no card).
    assert sum(s.to_dict()["cdisc"]) == 0 and sum(s.to_dict()["cdeck"]) == 27
    assert {"kind": "reshuffle", "count": 27} in log(s)
