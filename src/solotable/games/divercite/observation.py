"""What a player sees of a Divercité position, and the position rebuilt from it.

Divercité has perfect information: both players see the whole board, both
supplies, the scores and every move, so an observation differs between the
players only in its ``player`` field, and :func:`rebuild_state` (the game's
``sample_state``) replays the moves into an exact copy of the position.

An observation carries no prose: squares, colour and piece codes, seats, counts, the
moves' notation, and at the end the outcome as a message (``Msg.to_json``) that
``solotable.words`` says.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from solotable.core.errors import SolotableError
from solotable.core.game import Observation
from solotable.core.message import msg
from solotable.core.rng import Rng
from solotable.games.divercite.actions import action_to_string, piece_of
from solotable.games.divercite.board import (
    CITY_NAMES,
    CITY_RES,
    COLOURS,
    NEUTRAL_BIT,
    RES_NAMES,
    TOTAL_PLIES,
    colour_name,
)

if TYPE_CHECKING:
    from solotable.games.divercite.game import DiverciteGame
    from solotable.games.divercite.state import DiverciteState


def board_view(state: DiverciteState) -> dict[str, dict[str, Any]]:
    """Occupied squares by name: cities with colour, owner and points; resources; the token."""
    out: dict[str, dict[str, Any]] = {}
    for c in range(16):
        if state._owner[c] >= 0:
            out[CITY_NAMES[c]] = {
                "piece": "city",
                "colour": colour_name(state._cbit[c]),
                "owner": state._owner[c],
                "points": state._pts[c],
            }
    for r in range(25):
        bit = state._res[r]
        if bit == NEUTRAL_BIT:
            out[RES_NAMES[r]] = {"piece": "neutral"}
        elif bit:
            out[RES_NAMES[r]] = {"piece": "resource", "colour": colour_name(bit)}
    return out


def supply_view(state: DiverciteState, p: int) -> dict[str, dict[str, int]]:
    """Player ``p``'s pieces still to place, by kind and colour."""
    s = state._supply
    return {
        "cities": {COLOURS[k]: s[p * 8 + k] for k in range(4)},
        "resources": {COLOURS[k]: s[p * 8 + 4 + k] for k in range(4)},
    }


def city_breakdown(state: DiverciteState) -> list[dict[str, Any]]:
    """Per city: square, owner, colour, neighbours and points (the end screen's table)."""
    rows = []
    for c in range(16):
        o = state._owner[c]
        if o < 0:
            continue
        neigh = []
        for r in CITY_RES[c]:
            bit = state._res[r]
            what = "neutral" if bit == NEUTRAL_BIT else (colour_name(bit) if bit else "empty")
            neigh.append([RES_NAMES[r], what])
        rows.append(
            {
                "square": CITY_NAMES[c],
                "owner": o,
                "colour": colour_name(state._cbit[c]),
                "neighbours": neigh,
                "points": state._pts[c],
                "divercite": state._pts[c] == 5,
            }
        )
    return rows


def observe(state: DiverciteState, player: int) -> Observation:
    """The whole position as ``player`` sees it (everything: perfect information)."""
    terminal = state._ply >= TOTAL_PLIES
    obs: Observation = {
        "game": "divercite",
        "player": player,
        "to_move": None if terminal else state.current_player(),
        "first_player": state._first,
        "neutral_first": state.game.neutral_first,
        "ply": state._ply,
        "board": board_view(state),
        "supply": [supply_view(state, 0), supply_view(state, 1)],
        "scores": list(state._scores),
        "moves": [action_to_string(a) for a in state.history],
        "last": piece_of(state.history[-1])[2] if state.history else None,
        "terminal": terminal,
        "neutral_turn": state._ply == state._neutral_ply,
    }
    if terminal:
        obs["result"] = {
            "winner": state.winner(),
            "returns": state.returns(),
            "outcome": state.outcome().to_json(),
            "divercites": state.divercites(),
            "breakdown": city_breakdown(state),
        }
    return obs


def rebuild_state(game: DiverciteGame, observation: Observation, rng: Rng) -> DiverciteState:
    """Perfect information: replay the observed moves into an exact copy of the position.

    The observation's board and scores are checked against the replay, so a
    forged or stale observation is reported instead of silently searched.
    """
    if (
        observation.get("first_player") != game.first_player
        or bool(observation.get("neutral_first")) != game.neutral_first
    ):
        raise SolotableError(msg("divercite.sample.other-options"))
    state = game.state_after(list(observation.get("moves", [])), rng.below(2**31))
    if board_view(state) != observation.get("board") or state._scores != observation.get("scores"):
        raise SolotableError(msg("divercite.sample.mismatch"))
    return state
