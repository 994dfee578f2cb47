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


def encode(obs: Observation) -> list[float]:
    """The vector for ``obs``, from the point of view of ``obs["player"]``."""
    me = int(obs["player"])
    w = SPEC.writer()
    for square, piece in obs["board"].items():
        kind = piece["piece"]
        if kind == "city":
            c = CITY_INDEX[square]
            plane = "my_cities" if piece["owner"] == me else "their_cities"
            w.set(plane, 1.0, c, COLOUR_INDEX[piece["colour"]])
            w.set("city_points", scaled(piece.get("points", 0), 4), c)
        elif kind == "resource":
            w.set("resources", 1.0, RES_INDEX[square], COLOUR_INDEX[piece["colour"]])
        else:
            w.set("neutral", 1.0, RES_INDEX[square])
    for who, plane in ((me, "my_supply"), (1 - me, "their_supply")):
        supply = obs["supply"][who]
        for row, part in enumerate(("cities", "resources")):
            for colour, n in supply[part].items():
                w.set(plane, scaled(n, 3), row, COLOUR_INDEX[colour])
    scores = obs["scores"]
    w.fill("scores", [scaled(scores[me], 40), scaled(scores[1 - me], 40)])
    w.fill(
        "flags",
        [
            float(obs["to_move"] == me),
            float(bool(obs["neutral_turn"])),
            float(bool(obs["terminal"])),
            float(obs["first_player"] == me),
        ],
    )
    w.set("progress", scaled(obs["ply"], TOTAL_PLIES), 0)
    return w.values
