"""Dice Miner's observation as numbers.

A die is its face code ``type * 6 + face`` (30 codes, ``dice.py``; a face named by the dice
table, which is game data, not state). The mountain is a plane of one-hot codes per slot, so
its size follows the ``rows`` option; everything else is counts and flags. Read from
``observation(player)`` only (Dice Miner shows the whole table; the bag's draw order is not
even stored).

Slices (``game.observation_tensor_spec().describe()`` prints them):

- ``mountain`` [slots, 31]: the die on each slot (codes 0–29), or 30 for an empty slot;
- ``exposed`` [slots]: the die can be taken now (nothing on top);
- ``collection``, ``hidden`` [30]: collected / hidden dice per code (/ 5);
- ``bag`` [5]: dice left in the bag per type (/ 20);
- ``counters`` [5]: refills left, recycles left, dice to roll (/ 5), dice removed (/ 20),
  the running score (/ 50);
- ``phase`` [6]: one-hot over main, recycle, start-face, setup-roll, filling, over;
- ``flags`` [2]: a start face is pending, the mountain is being filled;
- ``tools`` [6]: shield, pickaxe, chest symbols: total and free (/ 5);
- ``runs`` [6]: open tunnel runs whose highest number is 1..5, then full runs (/ 5);
- ``magic`` [1]: Magic symbols collected (/ 10).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from solotable.core.game import Observation
from solotable.core.tensor import TensorSpec, scaled
from solotable.games.dice_miner.dice import CODES

if TYPE_CHECKING:
    from solotable.games.dice_miner.game import DiceMinerGame

PHASES = ("main", "recycle", "start-face", "setup-roll", "filling", "over")
EMPTY = CODES


def build_spec(slots: int) -> TensorSpec:
    """The layout for a mountain of ``slots`` slots."""
    return TensorSpec.build(
        [
            ("mountain", (slots, CODES + 1), "die code on each slot, or 30 when empty"),
            ("exposed", (slots,), "the die on this slot can be taken now"),
            ("collection", (CODES,), "collected dice per face code / 5"),
            ("hidden", (CODES,), "hidden dice per face code / 5"),
            ("bag", (5,), "dice left in the bag per type / 20"),
            ("counters", (5,), "refills, recycles, to roll (/5); removed (/20); score (/50)"),
            ("phase", (len(PHASES),), "one-hot: " + ", ".join(PHASES)),
            ("flags", (2,), "start face pending, filling the mountain"),
            ("tools", (6,), "shield, pickaxe, chest: total and free / 5"),
            ("runs", (6,), "open runs ending at 1..5, then full runs / 5"),
            ("magic", (1,), "Magic symbols collected / 10"),
        ]
    )


def encode(game: DiceMinerGame, spec: TensorSpec, obs: Observation) -> list[float]:
    """The vector for ``obs`` (the player's whole-table view; dice are already codes)."""
    pos = obs["position"]
    w = spec.writer()
    slot_index = {name: i for i, name in enumerate(obs["slots"])}
    for s, code in enumerate(pos["mountain"]):
        w.set("mountain", 1.0, s, EMPTY if code is None else code)
    for name in obs["exposed"]:
        w.set("exposed", 1.0, slot_index[name])
    for part in ("collection", "hidden"):
        for code, n in enumerate(pos[part]):
            if n:
                w.set(part, scaled(n, 5), code)
    w.fill("bag", [scaled(n, 20) for n in pos["bag"]])
    w.fill(
        "counters",
        [
            scaled(pos["refills_left"], 5),
            scaled(pos["recycles_left"], 5),
            scaled(pos["to_roll"], 5),
            scaled(pos["removed"], 20),
            scaled(obs["score"]["total"], 50),
        ],
    )
    w.set("phase", 1.0, PHASES.index(obs["phase"]))
    w.fill("flags", [float(bool(pos["face_pending"])), float(bool(pos["filling"]))])
    tools = obs["tools"]
    w.fill(
        "tools",
        [scaled(tools[t][k], 5) for t in ("shield", "pickaxe", "chest") for k in ("total", "free")],
    )
    runs = obs["open_runs"]
    w.fill(
        "runs",
        [scaled(runs.get(str(k), 0), 5) for k in range(1, 6)] + [scaled(obs["full_runs"], 5)],
    )
    w.set("magic", scaled(obs["magic_symbols"], 10), 0)
    return w.values
