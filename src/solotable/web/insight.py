"""Score previews and hint reasons, computed from the observation alone.

Both work on ``game.sample_state(observation, seat, Rng(0))``: for a game of
perfect information that is the position itself; for one with hidden parts the
unknown pieces are dealt from a fixed seed, which is harmless because a preview
applies one decision and reads the scores, before any chance event. Building
from the observation (never the session's state) is what keeps this code from
leaking anything: its output is a function of what the player already sees.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from solotable.core.errors import SolotableError
from solotable.core.game import Game, Observation, State
from solotable.core.rng import Rng
from solotable.web.pages.base import Move

PREVIEW_LIMIT = 400
"""Above this many legal moves a page shows no previews (each costs a clone)."""


def _sample(game: Game, obs: Observation, seat: int) -> State | None:
    try:
        return game.sample_state(obs, seat, Rng(0))
    except (SolotableError, ValueError, KeyError, TypeError):
        return None


def _after(state: State, action: int) -> list[float]:
    s = state.clone()
    s.apply_action(action)
    return s.scores()


def previews(game: Game, obs: Observation, seat: int, moves: Sequence[Move]) -> dict[str, Any]:
    """``{notation: [change of each player's score]}`` for every legal move."""
    if not moves or len(moves) > PREVIEW_LIMIT:
        return {}
    state = _sample(game, obs, seat)
    if state is None or state.current_player() != seat:
        return {}
    base = state.scores()
    out: dict[str, Any] = {}
    for m in moves:
        try:
            after = _after(state, m.id)
        except SolotableError:
            continue
        out[m.notation] = [_num(a - b) for a, b in zip(after, base, strict=True)]
    return out


def _num(x: float) -> int | float:
    return int(x) if float(x).is_integer() else round(x, 2)


def _signed(x: float) -> str:
    return f"{_num(x):+}"


def hint_reason(game: Game, obs: Observation, seat: int, action: int, names: Sequence[str]) -> str:
    """Why a hinted move is good, in words: its score swing and, in a two-player game,
    what it takes away from the opponent's best reply."""
    state = _sample(game, obs, seat)
    if state is None or state.current_player() != seat or not state.is_legal(action):
        return ""
    base = state.scores()
    after_state = state.clone()
    after_state.apply_action(action)
    after = after_state.scores()
    deltas = [a - b for a, b in zip(after, base, strict=True)]
    if game.num_players() == 1:
        return f"score {_signed(deltas[0])} now" if deltas[0] else "no points now; it sets up later"
    opp = 1 - seat
    parts = [f"{names[seat]} {_signed(deltas[seat])}, {names[opp]} {_signed(deltas[opp])}"]
    threat = _best_reply(after_state, opp)
    if threat is not None:
        gain, notation = threat
        parts.append(f"{names[opp]}'s best reply afterwards: {_signed(gain)} ({notation})")
    blocked = _blocked(state, action, seat, opp)
    if blocked is not None:
        gain, notation = blocked
        parts.append(f"it blocks {notation}, worth {_signed(gain)} to {names[opp]}")
    return "; ".join(parts)


def _best_reply(state: State, player: int) -> tuple[float, str] | None:
    """The reply that gains ``player`` the most points over their rival, or None."""
    if state.current_player() != player:
        return None
    base = state.scores()
    best: tuple[float, str] | None = None
    for a in state.legal_actions():
        after = _after(state, a)
        gain = (after[player] - base[player]) - (after[1 - player] - base[1 - player])
        if best is None or gain > best[0]:
            best = (gain, state.action_to_string(a))
    return best


def _square(notation: str) -> str:
    return notation.split()[-1]


def _blocked(state: State, action: int, seat: int, opp: int) -> tuple[float, str] | None:
    """The opponent's best reply on the hinted move's square, had we played elsewhere.

    "Elsewhere" is our greediest move on another square, the natural alternative.
    """
    square = _square(state.action_to_string(action))
    base = state.scores()
    alternative: tuple[float, int] | None = None
    for a in state.legal_actions():
        if _square(state.action_to_string(a)) == square:
            continue
        after = _after(state, a)
        gain = after[seat] - base[seat]
        if alternative is None or gain > alternative[0]:
            alternative = (gain, a)
    if alternative is None:
        return None
    other = state.clone()
    other.apply_action(alternative[1])
    if other.current_player() != opp:
        return None
    best: tuple[float, str] | None = None
    for a in other.legal_actions():
        notation = other.action_to_string(a)
        if _square(notation) != square:
            continue
        gain = _after(other, a)[opp] - other.scores()[opp]
        if gain > 0 and (best is None or gain > best[0]):
            best = (gain, notation)
    return best
