"""Divercité hint reasons, as messages built from the position's facts.

A value alone ("+2.5 points ahead at the end") does not teach; the reason says
what the move does now: the points it brings each player, the Divercités it
completes, the opponent's best reply afterwards and, when the move lands on the
square of that reply had we played our greediest move elsewhere, the threat it
blocks. Everything is computed on a copy of the position the agent rebuilt from
its observation (Divercité has perfect information), never on the true state.

A reason is a message (``divercite.hint.reason`` with its parts) that ``solotable.words``
says in the player's language; ``str(reason)`` is English.
"""

from __future__ import annotations

from solotable.core.message import Msg, msg
from solotable.games.divercite import DiverciteState
from solotable.games.divercite.actions import piece_of


def _square(action: int) -> str:
    return piece_of(action)[2]


def placed(action: int) -> Msg:
    """The piece an action places, as a noun phrase message ("a red city on D6")."""
    kind, colour, square = piece_of(action)
    return msg("divercite.placed", kind=kind, colour=colour, square=square)


def _best_reply(state: DiverciteState) -> tuple[int, int] | None:
    """(score-difference gain, action) of the mover's best immediate placement, or None."""
    if state.is_terminal():
        return None
    moves = state.scored_moves()
    if not moves:
        return None
    gain, action = max(moves, key=lambda m: (m[0], -m[1]))
    return gain, action


def move_reason(state: DiverciteState, action: int) -> Msg:
    """Why ``action`` (for the player to move in ``state``) is what it is, as a message."""
    me = state.current_player()
    opp = 1 - me
    before, made_before = state.scores(), state.divercites()
    after = state.clone()
    after.apply_legal_action(action)
    scores, made = after.scores(), after.divercites()
    parts = [
        msg(
            "divercite.hint.swing",
            seat=me,
            gain=int(scores[me] - before[me]),
            other_gain=int(scores[opp] - before[opp]),
        )
    ]
    for p in (me, opp):
        if made[p] > made_before[p]:
            parts.append(msg("divercite.hint.completes", seat=p))
    if after.current_player() == opp:
        reply = _best_reply(after)
        if reply is not None and reply[0] > 0:
            parts.append(msg("divercite.hint.reply", seat=opp, move=placed(reply[1]), net=reply[0]))
    blocked = _blocked(state, action)
    if blocked is not None:
        parts.append(
            msg("divercite.hint.blocks", seat=opp, move=placed(blocked[1]), net=blocked[0])
        )
    return msg("divercite.hint.reason", parts=parts)


def _blocked(state: DiverciteState, action: int) -> tuple[int, int] | None:
    """The opponent's best reply on ``action``'s square, had we played our greediest move
    elsewhere (the natural alternative), when it gains them something: (gain, action)."""
    square = _square(action)
    elsewhere = [(g, a) for g, a in state.scored_moves() if _square(a) != square]
    if not elsewhere:
        return None
    alt = state.clone()
    alt.apply_legal_action(max(elsewhere, key=lambda m: (m[0], -m[1]))[1])
    if alt.is_terminal() or alt.current_player() != 1 - state.current_player():
        return None
    there = [(g, a) for g, a in alt.scored_moves() if _square(a) == square]
    if not there:
        return None
    gain, reply = max(there, key=lambda m: (m[0], -m[1]))
    return (gain, reply) if gain > 0 else None
