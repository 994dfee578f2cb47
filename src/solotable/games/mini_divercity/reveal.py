"""What the player could not see, shown on the end screen (``State.reveal``).

The face-down Ocean cards, and what the two decks still held. The state keeps a deck as a
known top plus counts per card type: the order below the top is never drawn until a chance
node draws it at random, so the reveal gives the top in order and the rest as counts (there
is no hidden order to show, and inventing one would be a lie about the deal).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from solotable.games.mini_divercity.actions import N_SLOTS, SLOTS

if TYPE_CHECKING:
    from solotable.games.mini_divercity.state import MiniDiverCityState


def hidden_at_end(s: MiniDiverCityState) -> dict[str, Any]:
    """Ids and counts only: ``ocean`` (every slot's species, face-down ones included, with
    which were face down), ``species_deck`` and ``corporation_deck`` (``top``: the known
    top cards in order; ``rest``: ``{id: copies}`` in the data file's order)."""
    t = s.t
    sp, cids = t.species_ids, t.corp_ids
    ocean = [
        {"slot": SLOTS[k], "card": sp[s.hand[k]], "face_down": not s.up[k]}
        for k in range(N_SLOTS)
        if s.hand[k] >= 0
    ]
    return {
        "game": "mini-divercity",
        "ocean": ocean,
        "species_deck": {
            "top": [sp[s.top]] if s.top >= 0 else [],
            "rest": {sp[i]: n for i, n in enumerate(s.deck) if n},
            "size": s.deck_size(),
        },
        "corporation_deck": {
            "top": [cids[c] for c in s.ctop],
            "rest": {cids[i]: n for i, n in enumerate(s.cdeck) if n},
            "size": s.corp_deck_size(),
        },
    }
