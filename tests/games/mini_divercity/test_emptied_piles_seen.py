"""What a player sees when a pile runs out: the rebuilt Corporation deck leaves an empty
discard with no top card, and Dynamite Fishers on an empty Species deck say which
discarded card they hit.

Seed: Précisions (empty Corporation deck: its discard is shuffled into a new deck; empty
Species deck: Dynamite Fishers hit a random card of the discard, which stays there).
"""

from __future__ import annotations

from typing import Any

from solotable.core import CHANCE
from solotable.games.mini_divercity.state import MiniDiverCityState

from .helpers import SP, edit, empty_deck, log, play, start

_EMPTY_DISCARD = {"size": 0, "top": None, "looked": False, "contents": None}


def _exhaust_corporations(d: dict[str, Any]) -> None:
    """Every Corporation card of the deck goes to the discard (the deck is empty)."""
    d["cdisc"] = [a + b for a, b in zip(d["cdisc"], d["cdeck"], strict=True)]
    d["ncdisc"] += d["ncdeck"]
    d["cdeck"] = [0] * len(d["cdeck"])
    d["ncdeck"] = 0


def _corp_discard(s: MiniDiverCityState) -> dict[str, Any]:
    discard = s.observation(0)["corporation_discard"]
    assert isinstance(discard, dict)
    return discard


def test_the_corporations_phase_rebuilds_the_deck_and_the_discard_shows_no_top() -> None:
    s = start(corp=None)
    play(s, "corp:oil", "oil:o3", "draw:eel")
    s = edit(s, _exhaust_corporations)
    assert _corp_discard(s)["top"] == "oil" and _corp_discard(s)["size"] == 27
    play(s, "explore")  # next turn: the Corporation deck is empty, its discard is shuffled in
    assert s.current_player() == CHANCE
    assert _corp_discard(s) == _EMPTY_DISCARD
    assert s.observation(0)["corporation_deck"] == {"size": 27, "known_top": []}
    play(s, "corp:dyn")  # the card drawn from the rebuilt deck is the new discard's top
    assert _corp_discard(s)["top"] == "dyn" and _corp_discard(s)["size"] == 1


def test_the_visionary_rebuilds_the_deck_and_the_discard_shows_no_top() -> None:
    s = start(divers=("visionary", "captain", "explorer"))
    s = edit(s, _exhaust_corporations)
    assert _corp_discard(s)["top"] == "hotels-red-blue"
    play(s, "visionary", "corp:oil", "corp:dyn", "corp:oil-dyn", "corp:hotels-green-purple")
    assert s.observation(0)["decision"]["kind"] == "visionary"
    assert _corp_discard(s) == _EMPTY_DISCARD


def test_a_look_at_the_top_rebuilds_the_deck_and_the_discard_shows_no_top() -> None:
    s = start(divers=("explorer", "captain", "swimmer"))
    s = edit(s, _exhaust_corporations)
    play(s, "explorer")
    assert s.observation(0)["decision"]["kind"] == "peek"
    play(s, "peek")
    assert s.current_player() == CHANCE and _corp_discard(s) == _EMPTY_DISCARD
    play(s, "corp:oil")
    assert s.observation(0)["corporation_deck"] == {"size": 27, "known_top": ["oil"]}
    assert _corp_discard(s) == _EMPTY_DISCARD
    assert {"kind": "reshuffle", "count": 27} in log(s)


def test_dynamite_on_an_empty_species_deck_logs_the_discarded_species_it_hit() -> None:
    s = start(corp=None)
    s = edit(s, empty_deck)
    play(s, "corp:dyn")
    assert s.current_player() == CHANCE
    n, seen = s.ndisc, len(log(s))
    play(s, "pick:manta")
    assert log(s)[seen : seen + 2] == [
        {"kind": "dynamite-discard", "species": "manta"},
        {"kind": "harmed", "species": "manta", "to": "red"},
    ]
    assert s.ndisc == n and s.disc[SP.index("manta")] > 0  # the hit card stays discarded
