"""The Captain's first card is the face-up top of the Species deck when there is one.

Seed: Phase Plongeurs A, Capitaine (cards from the top of the Species deck). A top turned
up by the Communications Specialist is taken as it is, with no draw; the next card, if any,
is a draw; the card kept goes back face up on top. Each step shows in the public log and
the observation (``rules/divers.py`` ``captain_draw``, ``captain_discard``).
"""

from __future__ import annotations

from solotable.core import CHANCE
from solotable.games.mini_divercity.state import MiniDiverCityState
from tests.games.mini_divercity.helpers import SP, log, moves, play, start


def _manta_face_up_on_top() -> MiniDiverCityState:
    """Turn 1: Communications turns o1, o2 and the top (a Manta Ray) up, then Explore
    (no card drawn); turn 2 draws a Hotels card: the Manta Ray is still face up on top."""
    s = start(divers=("captain", "communications", "explorer"))
    play(s, "communications", "flip:o1", "flip:o2", "draw:manta", "nopeek", "explore")
    play(s, "corp:hotels-green-purple")
    deck = s.observation(0)["species_deck"]
    assert deck["top"] == "manta"
    assert "captain" in moves(s)
    return s


def test_two_cards_are_the_face_up_top_then_a_draw():
    s = _manta_face_up_on_top()
    size = s.observation(0)["species_deck"]["size"]
    play(s, "captain", "cap:more")
    # the top is taken without a draw; the second card is a draw
    assert s.current_player() == CHANCE
    assert moves(s) == {f"draw:{x}" for x in SP}
    obs = s.observation(0)
    assert obs["species_deck"] == {"size": size - 1, "top": None}
    assert log(s)[-1] == {"kind": "captain-draw", "species": "manta"}
    play(s, "draw:lobster")
    assert s.current_player() == 0
    assert moves(s) == {"cap:manta", "cap:lobster"}
    assert log(s)[-1] == {"kind": "captain-draw", "species": "lobster"}
    assert s.observation(0)["species_deck"] == {"size": size - 2, "top": None}


def test_the_card_not_kept_goes_back_face_up_on_top_and_is_logged():
    s = _manta_face_up_on_top()
    size = s.observation(0)["species_deck"]["size"]
    play(s, "captain", "cap:more", "draw:lobster", "cap:lobster")
    entries = log(s)
    at = entries.index({"kind": "captain-discard", "species": "lobster"})
    assert entries[at + 1] == {"kind": "captain-return", "species": "manta"}
    assert s.observation(0)["species_deck"] == {"size": size - 1, "top": "manta"}


def test_one_card_is_the_face_up_top_with_no_draw():
    s = _manta_face_up_on_top()
    size = s.observation(0)["species_deck"]["size"]
    play(s, "captain", "cap:one")
    assert s.current_player() == 0
    assert moves(s) == {"cap:manta"}
    assert log(s)[-1] == {"kind": "captain-draw", "species": "manta"}
    assert s.observation(0)["species_deck"] == {"size": size - 1, "top": None}
    play(s, "cap:manta")
    assert not any(e["kind"] == "captain-return" for e in log(s))
    assert s.observation(0)["species_deck"] == {"size": size - 1, "top": None}
