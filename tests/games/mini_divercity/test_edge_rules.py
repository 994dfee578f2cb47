"""Edge cases of the solo rules and of our documented readings (assumptions in the data file)."""

from __future__ import annotations

from solotable.core import CHANCE

from .helpers import SP, edit, empty_deck, game, moves, play, start


def test_face_up_ocean_card_stays_face_up_for_the_rest_of_the_game():
    """Hand: a card turned face up stays face up (here across later turns and events)."""
    s = start()
    play(s, "explore", "corp:hotels-red-orange", "id:o1", "draw:manta")
    hand = s.observation(0)["hand"]
    assert hand["o1"] == "?" and hand["o2"] == "turtle" and hand["o3"] == "oyster"
    play(s, "corp:oil", "oil:o1", "draw:lobster")
    assert s.observation(0)["hand"]["o2"] == "turtle"


def test_dynamite_hits_the_face_up_top_card_left_by_the_captain():
    """Dynamite Fishers take the top card: a face-up top is hit without a chance event."""
    s = start(divers=("captain", "explorer", "swimmer"))
    play(s, "captain", "draw:manta", "cap:more", "draw:lobster", "cap:lobster", "nopeek")
    play(s, "explore", "corp:dyn")
    assert s.observation(0)["scale"]["manta"] == "red"
    assert s.observation(0)["species_deck"]["top"] is None
    assert s.observation(0)["decision"]["kind"] == "divers"


def test_communications_reveal_with_a_face_up_top_has_no_further_effect():
    """Communications Specialist (assumption): a face-up top card cannot be turned again."""
    s = start(divers=("captain", "communications", "swimmer"))
    play(s, "captain", "draw:manta", "cap:more", "draw:lobster", "cap:lobster", "nopeek")
    play(s, "explore", "corp:hotels-red-orange", "communications")
    assert s.observation(0)["decision"]["kind"] == "peek"  # no reveal draw was needed
    assert s.observation(0)["species_deck"]["top"] == "manta"


def test_captain_not_offered_with_an_empty_species_deck():
    """Captain (assumption): with no Species card to draw the power cannot be used."""
    s = start(game(save_goal=1), divers=("captain", "explorer", "swimmer"), corp=None)
    s = edit(s, empty_deck)
    play(s, "corp:hotels-red-blue")
    assert "captain" not in moves(s) and "explorer" in moves(s)


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
    assert "no effect" in " ".join(s.observation(0)["log"])
    play(s, "endurance:crab")  # the free move still wins the lowered goal
    assert s.is_terminal() and s.returns() == [1.0]


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
