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
from solotable.games.divercite.actions import NUM_ACTIONS, action_to_string, piece_of
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


_COLOUR_OF_BIT = {1 << k: name for k, name in enumerate(COLOURS)}
"""Colour bit → colour name, a dict look-up on the observation's path."""
_NOTATION = tuple(action_to_string(a) for a in range(NUM_ACTIONS))
"""Every action's notation, computed once: the observation lists the moves played."""
_SQUARE = tuple(piece_of(a)[2] for a in range(NUM_ACTIONS))
"""Every action's square (the observation's ``last``)."""
_ACTION_OF = {text: a for a, text in enumerate(_NOTATION)}
"""Canonical notation → action: the observed moves replay without the parser (agents that
rebuild the position from their observation, such as ``greedy``, do it at every move)."""


def board_view(state: DiverciteState) -> dict[str, dict[str, Any]]:
    """Occupied squares by name: cities with colour, owner and points; resources; the token."""
    out: dict[str, dict[str, Any]] = {}
    owner, cbit, pts = state._owner, state._cbit, state._pts
    for c in range(16):
        o = owner[c]
        if o >= 0:
            out[CITY_NAMES[c]] = {
                "piece": "city",
                "colour": _COLOUR_OF_BIT[cbit[c]],
                "owner": o,
                "points": pts[c],
            }
    res = state._res
    for r in range(25):
        bit = res[r]
        if bit == NEUTRAL_BIT:
            out[RES_NAMES[r]] = {"piece": "neutral"}
        elif bit:
            out[RES_NAMES[r]] = {"piece": "resource", "colour": _COLOUR_OF_BIT[bit]}
    return out


def supply_view(state: DiverciteState, p: int) -> dict[str, dict[str, int]]:
    """Player ``p``'s pieces still to place, by kind and colour."""
    s = state._supply
    b = p * 8
    return {
        "cities": {"red": s[b], "green": s[b + 1], "blue": s[b + 2], "yellow": s[b + 3]},
        "resources": {"red": s[b + 4], "green": s[b + 5], "blue": s[b + 6], "yellow": s[b + 7]},
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
        "moves": [_NOTATION[a] for a in state.history],
        "last": _SQUARE[state.history[-1]] if state.history else None,
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
    state = game.new_initial_state(rng.below(2**31))
    for text in observation.get("moves", []):
        a = _ACTION_OF.get(text) if isinstance(text, str) else None
        if a is not None and state.is_legal(a):
            state.apply_legal_action(a)
        else:  # not canonical, or illegal: the parser reads it or says what is wrong
            state.apply_action(state.parse_move(text))
    if board_view(state) != observation.get("board") or state._scores != observation.get("scores"):
        raise SolotableError(msg("divercite.sample.mismatch"))
    return state
