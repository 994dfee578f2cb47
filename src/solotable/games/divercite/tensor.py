"""Divercité's observation as numbers, seen from the observing player.

Planes over the board's squares (16 city squares, 25 resource squares, in ``board.py``'s
order) say what stands where, "mine" and "theirs" relative to the observer, so one network
plays either seat. Everything is read from ``observation(player)``; Divercité hides nothing,
but the rule is the same for every game.

Slices (``DivercitéGame.observation_tensor_spec().describe()`` prints them):

- ``my_cities``, ``their_cities`` [16, 4]: a city of colour k on city square c;
- ``city_points`` [16]: the city's current points / 4;
- ``resources`` [25, 4]: a resource of colour k on resource square r;
- ``neutral`` [25]: the neutral token;
- ``my_supply``, ``their_supply`` [2, 4]: cities then resources left per colour (/ 3);
- ``scores`` [2]: my and their score (/ 40);
- ``flags`` [4]: my turn, the neutral token's turn, the game is over, I move first;
- ``progress`` [1]: plies played / 41.
"""

from __future__ import annotations

from solotable.core.game import Observation
from solotable.core.tensor import TensorSpec, scaled
from solotable.games.divercite.board import (
    CITY_INDEX,
    COLOURS,
    NUM_CITY_SQUARES,
    NUM_RES_SQUARES,
    RES_INDEX,
    TOTAL_PLIES,
)

NC = len(COLOURS)
COLOUR_INDEX = {c: k for k, c in enumerate(COLOURS)}

SPEC = TensorSpec.build(
    [
        ("my_cities", (NUM_CITY_SQUARES, NC), "my city of colour k on city square c"),
        ("their_cities", (NUM_CITY_SQUARES, NC), "the opponent's city of colour k on square c"),
        ("city_points", (NUM_CITY_SQUARES,), "the city's current points / 4"),
        ("resources", (NUM_RES_SQUARES, NC), "a resource of colour k on resource square r"),
        ("neutral", (NUM_RES_SQUARES,), "the neutral token on resource square r"),
        ("my_supply", (2, NC), "my cities, then resources, left per colour / 3"),
        ("their_supply", (2, NC), "the opponent's cities, then resources, left per colour / 3"),
        ("scores", (2,), "my score, their score / 40"),
        ("flags", (4,), "my turn, neutral token's turn, game over, I move first"),
        ("progress", (1,), "plies played / 41"),
    ]
)


_AT = {s.name: s.offset for s in SPEC.slices}
"""Each slice's offset: ``encode`` writes flat positions directly (it runs at every env step;
``tests/envs/test_tensors.py`` checks the layout against ``SPEC.split``)."""
_CITY = {(sq, c): i * NC + k for sq, i in CITY_INDEX.items() for c, k in COLOUR_INDEX.items()}
_RES = {(sq, c): i * NC + k for sq, i in RES_INDEX.items() for c, k in COLOUR_INDEX.items()}


def encode(obs: Observation) -> list[float]:
    """The vector for ``obs``, from the point of view of ``obs["player"]``."""
    me = int(obs["player"])
    v = [0.0] * SPEC.size
    mine, theirs, points = _AT["my_cities"], _AT["their_cities"], _AT["city_points"]
    resources, neutral = _AT["resources"], _AT["neutral"]
    for square, piece in obs["board"].items():
        kind = piece["piece"]
        if kind == "city":
            base = mine if piece["owner"] == me else theirs
            v[base + _CITY[square, piece["colour"]]] = 1.0
            v[points + CITY_INDEX[square]] = scaled(piece.get("points", 0), 4)
        elif kind == "resource":
            v[resources + _RES[square, piece["colour"]]] = 1.0
        else:
            v[neutral + RES_INDEX[square]] = 1.0
    for who, plane in ((me, "my_supply"), (1 - me, "their_supply")):
        supply = obs["supply"][who]
        at = _AT[plane]
        for row, part in enumerate(("cities", "resources")):
            for colour, n in supply[part].items():
                v[at + row * NC + COLOUR_INDEX[colour]] = scaled(n, 3)
    scores = obs["scores"]
    at = _AT["scores"]
    v[at], v[at + 1] = scaled(scores[me], 40), scaled(scores[1 - me], 40)
    at = _AT["flags"]
    v[at : at + 4] = [
        float(obs["to_move"] == me),
        float(bool(obs["neutral_turn"])),
        float(bool(obs["terminal"])),
        float(obs["first_player"] == me),
    ]
    v[_AT["progress"]] = scaled(obs["ply"], TOTAL_PLIES)
    return v
