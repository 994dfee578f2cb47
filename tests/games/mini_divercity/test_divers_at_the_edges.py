"""Diver powers at the edges of their conditions: an eliminated species is out of the
free moves' reach, the Captain's "up to 2" with exactly two cards left (or one and a
face-up top card), and a look at the top Corporation card that leaves the discard alone.

Seed: Phase Plongeurs A (Capitaine, Spécialistes, the look at the top Corporation card).
"""

from __future__ import annotations

from typing import Any

import pytest

from solotable.core import CHANCE

from .helpers import SP, edit, empty_deck, moves, play, set_pos, start


@pytest.mark.parametrize("diver", ["endurance", "diving"])
def test_the_free_moves_skip_an_eliminated_species(diver: str) -> None:
    s = start(divers=(diver, "captain", "explorer"))
    s = edit(s, lambda d: set_pos(d, "manta", -2))
    offered = {m.split(":")[1] for m in moves(s) if m.startswith(diver + ":")}
    assert offered == set(SP) - {"manta"}


def _deck_of(*cards: str) -> Any:
    """The Species deck holds exactly ``cards``; every other unseen card is discarded."""

    def change(d: dict[str, Any]) -> None:
        empty_deck(d)
        for x in cards:
            i = SP.index(x)
            d["disc"][i] -= 1
            d["ndisc"] -= 1
            d["deck"][i] += 1
            d["ndeck"] += 1

    return change


def test_the_captain_may_ask_for_two_when_exactly_two_cards_are_left() -> None:
    s = edit(start(divers=("captain", "explorer", "swimmer")), _deck_of("manta", "lobster"))
    play(s, "captain")
    assert s.observation(0)["decision"]["kind"] == "captain_draw"
    assert moves(s) == {"cap:more", "cap:one"}
    play(s, "cap:more", "draw:manta", "draw:lobster")
    assert moves(s) == {"cap:manta", "cap:lobster"}


def test_a_face_up_top_card_counts_toward_the_captains_two() -> None:
    """One card in the deck under a face-up top card (a nudibranch, the first species):
    two cards can be drawn."""
    s = start(divers=("communications", "captain", "explorer"))
    play(s, "communications", "flip:o1", "flip:o2", "draw:nudibranch", "nopeek", "explore")
    play(s, "corp:hotels-green-purple")
    s = edit(s, _deck_of("lobster"))
    assert s.observation(0)["species_deck"] == {"size": 2, "top": "nudibranch"}
    play(s, "captain")
    assert moves(s) == {"cap:more", "cap:one"}
    play(s, "cap:more")  # the known top first, then the last card of the deck
    assert s.current_player() == CHANCE
    assert s.chance_outcomes() == [(s.string_to_action("draw:lobster"), 1.0)]


def test_a_look_at_the_top_corporation_card_leaves_the_discard_in_place() -> None:
    s = start(divers=("explorer", "captain", "swimmer"))
    before = s.observation(0)["corporation_discard"]
    assert before["size"] == 1 and before["top"] == "hotels-red-blue"
    play(s, "explorer", "peek")
    assert s.current_player() == CHANCE and len(s.chance_outcomes()) == 14
    play(s, "corp:dyn")
    assert s.observation(0)["corporation_discard"] == before
    assert s.observation(0)["corporation_deck"] == {"size": 26, "known_top": ["dyn"]}


def test_communications_with_exactly_two_face_down_cards_turns_both_without_asking() -> None:
    """Two face-down Ocean cards for "turn 2 up": nothing to choose, both are turned."""
    s = start(divers=("communications", "captain", "swimmer"))
    s = edit(s, lambda d: d["up"].__setitem__(3, True))
    play(s, "communications")
    assert s.current_player() == CHANCE  # the top Species card is turned next
    hand = s.observation(0)["hand"]
    assert (hand["o1"], hand["o2"], hand["o3"]) == ("octopus", "turtle", "oyster")
    assert s.up == [True] * 5
