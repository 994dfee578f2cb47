"""Divercité hint reasons in words, built from the position's facts.

A value alone ("+2.5 points ahead at the end") does not teach; the reason says
what the move does now: the points it brings each player, the Divercités it
completes, the opponent's best reply afterwards and, when the move lands on the
square of that reply had we played our greediest move elsewhere, the threat it
blocks. Everything is computed on a copy of the position the agent rebuilt from
its observation (Divercité has perfect information), never on the true state.
"""

from __future__ import annotations

from solotable.games.divercite import DiverciteState

NAMES = ("White", "Black")
"""Seat names as the board and the rules call them."""


def _square(state: DiverciteState, action: int) -> str:
    return state.action_to_string(action).split()[-1]


def _best_reply(state: DiverciteState) -> tuple[int, int] | None:
    """(score-difference gain, action) of the mover's best immediate placement, or None."""
    if state.is_terminal():
        return None
    moves = state.scored_moves()
    if not moves:
        return None
    gain, action = max(moves, key=lambda m: (m[0], -m[1]))
    return gain, action


def move_reason(state: DiverciteState, action: int) -> str:
    """Why ``action`` (for the player to move in ``state``) is what it is, in words."""
    me = state.current_player()
    opp = 1 - me
    before, made_before = state.scores(), state.divercites()
    after = state.clone()
    after.apply_legal_action(action)
    scores, made = after.scores(), after.divercites()
    parts = [
        f"{NAMES[me]} {scores[me] - before[me]:+g}, {NAMES[opp]} {scores[opp] - before[opp]:+g}"
    ]
    for p in (me, opp):
        if made[p] > made_before[p]:
            parts.append(f"completes a Divercité for {NAMES[p]}")
    if after.current_player() == opp:
        reply = _best_reply(after)
        if reply is not None and reply[0] > 0:
            parts.append(
                f"{NAMES[opp]}'s best reply: {after.action_to_string(reply[1])} ({reply[0]:+d} net)"
            )
    blocked = _blocked(state, action)
    if blocked is not None:
        parts.append(f"blocks {blocked[1]}, worth {blocked[0]:+d} net to {NAMES[opp]}")
    return "; ".join(parts)


def _blocked(state: DiverciteState, action: int) -> tuple[int, str] | None:
    """The opponent's best reply on ``action``'s square, had we played our greediest move
    elsewhere (the natural alternative), when it gains them something."""
    square = _square(state, action)
    elsewhere = [(g, a) for g, a in state.scored_moves() if _square(state, a) != square]
    if not elsewhere:
        return None
    alt = state.clone()
    alt.apply_legal_action(max(elsewhere, key=lambda m: (m[0], -m[1]))[1])
    if alt.is_terminal() or alt.current_player() != 1 - state.current_player():
        return None
    there = [(g, a) for g, a in alt.scored_moves() if _square(alt, a) == square]
    if not there:
        return None
    gain, reply = max(there, key=lambda m: (m[0], -m[1]))
    return (gain, alt.action_to_string(reply)) if gain > 0 else None
