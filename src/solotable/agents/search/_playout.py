"""Sampled playouts: the rollout the searches share, and what their results say.

``pimc`` and ``ismcts`` value a move by finishing sampled games with the rule-based
player; both must play those games the same way (chance from the state's own
generator, a forced move played without asking the policy), judge a challenger the
same way (paired gains beyond noise) and word a hint the same way, so each of those
lives here once.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from solotable.core.agent import UNIT_SCORE, UNIT_WIN
from solotable.core.game import State
from solotable.core.message import Msg, msg
from solotable.core.players import CHANCE

Choose = Callable[[State, int, list[int]], int]
"""``choose(state, mover, legal)``: the policy's action (one of ``legal``)."""


def play_out(state: State, choose: Choose, max_steps: int) -> int:
    """Play ``state`` to the end (or ``max_steps`` steps): chance sampled, a single
    legal move played, any other decision left to ``choose``. Returns the steps played
    (a machine-independent measure of the work, for budgets that must be reproducible)."""
    steps = 0
    while not state.is_terminal() and steps < max_steps:
        steps += 1
        mover = state.current_player()
        if mover == CHANCE:
            state.apply_legal_action(state.sample_chance())
            continue
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_legal_action(legal[0])
            continue
        state.apply_legal_action(choose(state, mover, legal))
    return steps


def mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0


def stderr(xs: Sequence[float]) -> float:
    """Standard error of the mean (0 for fewer than two values)."""
    n = len(xs)
    if n < 2:
        return 0.0
    m = mean(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1) / n)


def significant(gains: Sequence[float], z: float) -> bool:
    """Mean gain positive and above ``z`` standard errors (paired samples)."""
    n = len(gains)
    m = mean(gains)
    if m <= 0:
        return False
    if n < 2:
        return z <= 0
    var = sum((g - m) ** 2 for g in gains) / (n - 1)
    return m > z * math.sqrt(var / n)


def playout_reason(
    probe: State,
    player: int,
    action: int,
    returns: Sequence[float],
    scores: Sequence[float],
    by_score: bool,
    sample: Msg,
) -> tuple[str, float, float, list[Msg]]:
    """``(unit, value, spread, parts)`` of a move from its playouts: the score change now,
    the expected end and the risk (the range over ``sample``, e.g. "8 deals"), each part a
    message that ``solotable.words`` says (:func:`reason` joins them)."""
    before = probe.scores()[player]
    after = probe.clone()
    after.apply_legal_action(action)
    now = after.scores()[player] - before
    parts = [msg("core.reason.score-now", delta=now) if now else msg("core.reason.no-points")]
    if by_score:
        value, spread = mean(scores), stderr(scores)
        parts.append(msg("core.reason.final-score", value=value, spread=spread))
        parts.append(msg("core.reason.risk", low=min(scores), high=max(scores), sample=sample))
        return UNIT_SCORE, value, spread, parts
    value, spread = mean(returns), stderr(returns)
    wins = sum(1 for r in returns if r > 0)
    parts.append(msg("core.reason.wins", wins=wins, sample=sample, chance=value))
    parts.append(
        msg("core.reason.final-range", value=mean(scores), low=min(scores), high=max(scores))
    )
    return UNIT_WIN, value, spread, parts


def reason(parts: Sequence[Msg]) -> Msg:
    """A candidate's reason: its parts, said one after the other ("score +2 now; …")."""
    return msg("core.reason.parts", parts=list(parts))
