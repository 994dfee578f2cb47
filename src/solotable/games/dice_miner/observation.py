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
from solotable.games.dice_miner.position import position_codes
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

    Data only, no prose (words/ says it). Dice are face codes (``type * 6 + face``; the game's
    ``card_catalog()`` gives each code's type, label and symbols). Keys: ``phase`` (main,
    recycle, start-face, setup-roll, filling, over); ``rows`` and ``slots`` (slot names,
    bottom row first); ``position`` (:func:`~.position.position_codes`: ``mountain`` a code or
    null per slot, ``bag`` counts per type, ``collection`` and ``hidden`` counts per code,
    ``removed``, ``refills_left``, ``recycles_left``, ``to_roll``, flags); ``exposed`` (slot
    names); ``open_runs`` (``{"k": runs whose highest number is k}``) and ``full_runs``;
    ``tools`` (``shield``, ``pickaxe``, ``chest``: ``{"total", "free"}``); ``magic_symbols``;
    ``score`` (points by source and ``total``); ``band`` (the rating band's name in
    ``ratings.json``, a term); ``over`` and ``end`` (``stopped``, ``stuck`` or null);
    ``dice_file`` (the dice table's source: ``dice.json`` or the user's file).
    """
    g = state.game
    table = g.table
    parts = state.score_parts()
    coll = state.coll
    runs = state.runs
    names = g.mtn.names
    return {
        "game": g.name,
        "phase": phase_of(state).label,
        "rows": list(g.mtn.rows),
        "slots": list(names),
        "position": position_codes(state),
        "exposed": [names[s] for s in dice_on_top(state)],
        "open_runs": {str(n): runs[n] for n in range(1, 6) if runs[n]},
        "full_runs": runs[5],
        "tools": tool_totals(state),
        "magic_symbols": sum(
            coll[MAGIC * F + k] * table.magic[MAGIC * F + k] for k in g.magic_kinds
        ),
        "refills_left": state.refills_left,
        "recycles_left": state.recycles_left,
        "bag_total": state.bag_total,
        "score": parts,
        "band": g.ratings.band(parts["total"]).name,
        "over": bool(state.over),
        "end": state.over.label,
        "dice_file": table.source,
    }


def sample_state(game: DiceMinerGame, observation: Observation, rng: Rng) -> DiceMinerState:
    """A state the player cannot tell from the true one: the same table, a new RNG
    (``position`` holds codes, which ``from_position`` reads as well as die names)."""
    return DiceMinerState.from_position(game, observation["position"], rng.below(2**63))
