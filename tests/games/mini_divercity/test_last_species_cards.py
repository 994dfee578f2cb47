"""The last Species cards still replace the cards played: the very last card of the deck
is drawn, and a face-up top card left alone on the deck is dealt as it is.

Seed: Phase Corporations (replacements; a revealed card is dealt face up) and Précisions
(empty Species deck: nothing is drawn once no card is left).
"""

from __future__ import annotations

from typing import Any

from solotable.core import CHANCE

from .helpers import SP, edit, empty_deck, game, play, start


def _one_left(species: str) -> Any:
    def change(d: dict[str, Any]) -> None:
        empty_deck(d)
        i = SP.index(species)
        d["disc"][i] -= 1
        d["ndisc"] -= 1
        d["deck"][i] = 1
        d["ndeck"] = 1

    return change


def test_the_last_card_of_the_deck_replaces_the_card_played() -> None:
    s = edit(start(game(end_when_impossible=False)), _one_left("manta"))
    play(s, "id:o1")
    assert s.current_player() == CHANCE
    assert s.chance_outcomes() == [(s.string_to_action("draw:manta"), 1.0)]
    play(s, "draw:manta")
    assert s.hand[2] == SP.index("manta") and s.up[2] is False
    assert s.observation(0)["species_deck"] == {"size": 0, "top": None}


def test_a_face_up_nudibranch_alone_on_the_deck_is_dealt() -> None:
    s = start(game(end_when_impossible=False), divers=("communications", "captain", "explorer"))
    play(s, "communications", "flip:o1", "flip:o2", "draw:nudibranch", "nopeek")
    s = edit(s, empty_deck)
    assert s.observation(0)["species_deck"] == {"size": 1, "top": "nudibranch"}
    play(s, "id:o3")
    assert s.hand[4] == SP.index("nudibranch") and s.up[4] is True
    assert s.observation(0)["hand"]["o3"] == "nudibranch"
    assert s.observation(0)["species_deck"] == {"size": 0, "top": None}
