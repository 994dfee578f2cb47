"""What each game's end screen draws of what was hidden (``GamePage.reveal``).

``hidden`` is ``Session.reveal()``: ids and counts, given only once the game is over (the
core checks it). These functions only name the cards and dice in the player's language,
with the helpers the game's own page uses; the headings are words of the game's template.
They are attached to the pages in ``pages/__init__.py`` (the page modules do not import
them, so the helpers they borrow stay where they are).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solotable.core.game import Game, Observation
from solotable.web.pages import fifty_first_state as ffs
from solotable.web.pages import mini_divercity as mdc
from solotable.words import Words
from solotable.words.dice_miner.dice import type_name


def mini_divercity(game: Game, obs: Observation, hidden: Observation, w: Words) -> dict[str, Any]:
    """The Ocean (face-down cards marked), and each deck: known top in order, then the rest."""
    n = mdc._Names(game, w)
    mark: Mapping[str, str] = {}
    ocean = [
        {
            "slot": o["slot"],
            "label": n.say("slot", slot=o["slot"]),
            "down": o["face_down"],
            "card": mdc.species_card(n, obs, o["card"], mark),
        }
        for o in hidden["ocean"]
    ]
    sdeck, cdeck = hidden["species_deck"], hidden["corporation_deck"]
    return {
        "ocean": ocean,
        "species_size": sdeck["size"],
        "species_top": [mdc.species_card(n, obs, s, mark) for s in sdeck["top"]],
        "species_rest": [
            {**mdc.species_card(n, obs, s, mark), "n": c} for s, c in sdeck["rest"].items()
        ],
        "corp_size": cdeck["size"],
        "corp_top": [mdc.corp_card(n, c) for c in cdeck["top"]],
        "corp_rest": [{**mdc.corp_card(n, c), "n": k} for c, k in cdeck["rest"].items()],
    }


def fifty_first_state(
    game: Game, obs: Observation, hidden: Observation, w: Words
) -> dict[str, Any]:
    """Each pile's cards (faces as the table draws them) with their copies, biggest first."""
    t = w.game(ffs.GAME)

    def pile(counts: Mapping[str, int]) -> dict[str, Any]:
        cards = [{**ffs.face(game, c, t), "n": k} for c, k in counts.items()]
        cards.sort(key=lambda f: (-f["n"], f["name"]))
        return {"size": sum(counts.values()), "cards": cards}

    return {
        "draw_pile": pile(hidden["draw_pile"]),
        "connection_pile": pile(hidden["connection_pile"]),
        "opponent_deck": pile(hidden["opponent_deck"]),
    }


def dice_miner(game: Game, obs: Observation, hidden: Observation, w: Words) -> dict[str, Any]:
    """The dice left in the bag, per type (every type, an empty one as 0)."""
    t = w.game(game.name)
    bag: Mapping[str, int] = hidden["bag"]
    return {
        "bag": [{"type": k, "name": type_name(t, k), "n": n} for k, n in bag.items()],
        "bag_total": sum(bag.values()),
    }
