"""Score previews and hint reasons, computed from the observation alone.

Both work on ``game.sample_state(observation, seat, Rng(0))``: for a game of
perfect information that is the position itself; for one with hidden parts the
unknown pieces are dealt from a fixed seed, which is harmless because a preview
applies one decision and reads the scores, before any chance event. Building
from the observation (never the session's state) is what keeps this code from
leaking anything: its output is a function of what the player already sees.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from solotable.core.agent import Candidate
from solotable.core.errors import SolotableError
from solotable.core.game import Game, Observation, State
from solotable.core.message import Msg, Text, msg
from solotable.core.rng import Rng
from solotable.session.advice import verdict_msg
from solotable.session.session import Hint
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


def hint_reason(game: Game, obs: Observation, seat: int, action: int) -> Msg | None:
    """Why a hinted move is good, as a message (said in the page's language): its score
    swing and, in a two-player game, what it takes away from the opponent's best reply.

    Moves in the reason are their ``ActionInfo`` messages (words, never notation); "the same
    place" is a move's first target (``square:D6``), never read from its notation."""
    state = _sample(game, obs, seat)
    if state is None or state.current_player() != seat or not state.is_legal(action):
        return None
    base = state.scores()
    after_state = state.clone()
    after_state.apply_action(action)
    after = after_state.scores()
    deltas = [_num(a - b) for a, b in zip(after, base, strict=True)]
    if game.num_players() == 1:
        if deltas[0]:
            return msg("web.hint.solo-score", delta=deltas[0])
        return msg("web.hint.solo-nothing")
    opp = 1 - seat
    who = {"game": game.name, "seat": seat, "opponent": opp}
    parts = [msg("web.hint.swing", **who, mine=deltas[seat], theirs=deltas[opp])]
    threat = _best_reply(after_state, opp)
    if threat is not None:
        gain, reply = threat
        parts.append(msg("web.hint.reply", **who, gain=_num(gain), move=reply))
    blocked = _blocked(state, action, seat, opp)
    if blocked is not None:
        gain, reply = blocked
        parts.append(msg("web.hint.blocks", **who, gain=_num(gain), move=reply))
    return msg("web.hint.parts", parts=parts)


def _best_reply(state: State, player: int) -> tuple[float, Msg] | None:
    """The reply that gains ``player`` the most points over their rival, or None."""
    if state.current_player() != player:
        return None
    base = state.scores()
    best: tuple[float, int] | None = None
    for a in state.legal_actions():
        after = _after(state, a)
        gain = (after[player] - base[player]) - (after[1 - player] - base[1 - player])
        if best is None or gain > best[0]:
            best = (gain, a)
    return None if best is None else (best[0], state.action_info(best[1]).message)


def _place(state: State, action: int) -> str | None:
    """Where a move acts on the table: its first target (``square:D6``), or None."""
    targets = state.action_info(action).targets
    return targets[0] if targets else None


def _blocked(state: State, action: int, seat: int, opp: int) -> tuple[float, Msg] | None:
    """The opponent's best reply on the hinted move's place, had we played elsewhere.

    "Elsewhere" is our greediest move on another place, the natural alternative.
    """
    place = _place(state, action)
    if place is None:
        return None
    base = state.scores()
    alternative: tuple[float, int] | None = None
    for a in state.legal_actions():
        if _place(state, a) == place:
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
    best: tuple[float, int] | None = None
    for a in other.legal_actions():
        if _place(other, a) != place:
            continue
        gain = _after(other, a)[opp] - other.scores()[opp]
        if gain > 0 and (best is None or gain > best[0]):
            best = (gain, a)
    return None if best is None else (best[0], other.action_info(best[1]).message)


def hint_value(c: Candidate) -> Msg:
    """A searched move's value for the page: with its interval only where it has one (a
    sampled estimate), bare for a deterministic search."""
    return msg(
        "web.hint.value", unit=c.unit, value=c.value, spread=c.spread if c.interval else None
    )


def hint_verdict(hint: Hint, words: Mapping[int, Text]) -> Msg | None:
    """ "clearly best" or "about as good as …" (the second move in words, never notation)."""
    if len(hint.candidates) < 2:
        return None
    other = hint.candidates[1].action
    return verdict_msg(hint.candidates, words.get(other, ""))
