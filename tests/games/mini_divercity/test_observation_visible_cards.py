"""The observation counts every face-up copy of a species, wherever it shows: the Lagoon,
the face-up top of the deck, the Captain's cards. Checked with the first species of the
data file (index 0, the nudibranch), so a test of "is there a top card" that forgets
index 0 shows."""

from __future__ import annotations

from .helpers import play, start


def test_a_face_up_deck_top_is_shown_and_counted_with_the_lagoon():
    s = start(
        divers=("captain", "communications", "swimmer"),
        hand=("nudibranch", "eel", "octopus", "turtle", "oyster"),
    )
    play(s, "communications", "flip:o1", "flip:o2", "draw:nudibranch")
    obs = s.observation(0)
    assert obs["hand"] == {
        "l1": "nudibranch",
        "l2": "eel",
        "o1": "octopus",
        "o2": "turtle",
        "o3": "?",
    }
    assert obs["species_deck"] == {"size": 55, "top": "nudibranch"}
    assert obs["species_cards"]["nudibranch"] == {
        "copies": 5,
        "discarded": 0,
        "visible": 2,
        "unseen": 3,
    }
    assert obs["species_cards"]["oyster"] == {
        "copies": 5,
        "discarded": 0,
        "visible": 0,
        "unseen": 5,
    }


def test_the_captains_cards_are_counted_as_visible():
    s = start(
        divers=("captain", "communications", "swimmer"),
        hand=("nudibranch", "eel", "octopus", "turtle", "oyster"),
    )
    play(s, "communications", "flip:o1", "flip:o2", "draw:nudibranch", "nopeek", "explore")
    play(s, "corp:hotels-green-purple", "captain", "cap:more", "draw:nudibranch")
    obs = s.observation(0)
    assert obs["captain_cards"] == ["nudibranch", "nudibranch"]
    assert obs["species_deck"] == {"size": 53, "top": None}
    assert obs["species_cards"]["nudibranch"] == {
        "copies": 5,
        "discarded": 0,
        "visible": 3,
        "unseen": 2,
    }
