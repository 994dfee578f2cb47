"""What the player sees: the whole table, named for agents and the UI.

Dice Miner solo hides nothing but the order the bag will give dice in, and the
state does not store that (the bag is a count per type), so the observation
carries the full ``position`` and :func:`sample_state` rebuilds an exact state
from it with a fresh RNG. Agents and ``render`` read only this dict.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from solotable.core.game import Observation
from solotable.core.rng import Rng
from solotable.games.dice_miner.dice import FACES_PER_DIE, MAGIC
from solotable.games.dice_miner.phases import phase_of
from solotable.games.dice_miner.rules.mountain import dice_on_top
from solotable.games.dice_miner.rules.selection import tool_symbols
from solotable.games.dice_miner.state import DiceMinerState

if TYPE_CHECKING:
    from solotable.games.dice_miner.game import DiceMinerGame

F = FACES_PER_DIE


def tool_totals(state: DiceMinerState) -> dict[str, dict[str, int]]:
    shield, pickaxe, chest = tool_symbols(state)
    return {
        "shield": {"total": shield, "free": state.free_shield},
        "pickaxe": {"total": pickaxe, "free": state.free_pickaxe},
        "chest": {"total": chest, "free": state.free_chest},
    }


def observe(state: DiceMinerState) -> dict[str, Any]:
    """The player's view, which is the whole table (agents and the UI read only this).

    Keys: ``phase`` (main, recycle, start-face, setup-roll, filling, over); ``rows`` and
    ``slots`` (slot names, bottom row first); ``position`` (the :func:`~.position.load_position`
    format: ``mountain`` as ``"type face"`` or null per slot, ``bag`` counts per type,
    ``collection`` and ``hidden`` counts per ``"type face"``, ``removed``, ``refills_left``,
    ``recycles_left``, ``to_roll``, flags); ``exposed`` (slot names); ``open_runs``
    (``{"k": runs whose highest number is k}``) and ``full_runs``; ``tools`` (``shield``,
    ``pickaxe``, ``chest``: ``{"total", "free"}``); ``magic_dice`` and ``magic_symbols``;
    ``score`` (points by source and ``total``), ``band``, ``band_text``; ``over``, ``end``,
    ``outcome``; ``dice_file``.
    """
    g = state.game
    table = g.table
    parts = state.score_parts()
    band = g.ratings.band(parts["total"])
    magic = {
        table.labels[MAGIC * F + k]: state.coll[MAGIC * F + k]
        for k in g.magic_kinds
        if state.coll[MAGIC * F + k]
    }
    return {
        "game": g.name,
        "phase": phase_of(state).label,
        "rows": list(g.mtn.rows),
        "slots": list(g.mtn.names),
        "position": state.position(),
        "exposed": [g.mtn.names[s] for s in dice_on_top(state)],
        "open_runs": {str(n): state.runs[n] for n in range(1, 6) if state.runs[n]},
        "full_runs": state.runs[5],
        "tools": tool_totals(state),
        "magic_dice": magic,
        "magic_symbols": sum(
            state.coll[MAGIC * F + k] * table.magic[MAGIC * F + k] for k in g.magic_kinds
        ),
        "refills_left": state.refills_left,
        "recycles_left": state.recycles_left,
        "bag_total": state.bag_total,
        "score": parts,
        "band": band.name,
        "band_text": band.text,
        "over": bool(state.over),
        "end": state.over.label,
        "outcome": state.outcome(),
        "dice_file": table.source,
    }


def sample_state(game: DiceMinerGame, observation: Observation, rng: Rng) -> DiceMinerState:
    """A state the player cannot tell from the true one: the same table, a new RNG."""
    return DiceMinerState.from_position(game, observation["position"], rng.below(2**63))
