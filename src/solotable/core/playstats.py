"""Statistics over a player's finished games (``solotable stats``).

Computed from the store's rows rather than kept as running totals, so they
can never disagree with the history and need no update that could be lost.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any


def _streaks(wins: Sequence[bool]) -> tuple[int, int]:
    """(longest run of wins, current run of wins at the end)."""
    best = run = 0
    for w in wins:
        run = run + 1 if w else 0
        best = max(best, run)
    return best, run


def win_of(row: dict[str, Any]) -> bool | None:
    """Whether a finished game was won; None for a game without a win condition.

    A solo game wins or loses only when its ``stats()`` say so (``result``: ``win``…, as
    ``core.compare`` reads it); a score-only solo game (Dice Miner, 51st State) has no win
    to count, whatever its returns."""
    seats = row.get("seats") or []
    if len(seats) == 1:
        result = (row.get("stats") or {}).get("result")
        return None if not isinstance(result, str) else result == "win"
    return bool(row.get("won"))


def _summary(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    scores = [float(r["score"]) for r in rows if r.get("score") is not None]
    outcomes = [win_of(r) for r in rows]
    has_win = bool(rows) and all(w is not None for w in outcomes)
    wins = [bool(w) for w in outcomes]
    counted = [float(r["score"]) for r in rows if r.get("counts") and r.get("score") is not None]
    longest, current = _streaks(wins)
    return {
        "games": len(rows),
        "wins": sum(wins) if has_win else None,
        "win_rate": sum(wins) / len(rows) if has_win else None,
        "mean_score": sum(scores) / len(scores) if scores else None,
        "best_score": max(counted) if counted else None,
        "longest_streak": longest if has_win else None,
        "current_streak": current if has_win else None,
    }


def game_stats(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Totals, and the same per settings and per category (faction, rating band…).

    Only games with a human seat count: an AI's games are not the player's.
    """
    mine = [r for r in rows if any(s.get("agent") is None for s in r.get("seats") or [])]
    out = _summary(mine)
    by_settings: dict[str, list[dict[str, Any]]] = defaultdict(list)
    categories: dict[str, dict[str, list[dict[str, Any]]]] = defaultdict(lambda: defaultdict(list))
    for r in mine:
        options = r.get("options") or {}
        label = ", ".join(f"{k}={v}" for k, v in sorted(options.items()))
        by_settings[label or "defaults"].append(r)
        for key, value in (r.get("stats") or {}).items():
            if isinstance(value, str):
                categories[key][value].append(r)
    out["by_settings"] = {
        k: _summary(v) | {"options": dict(v[0].get("options") or {})}
        for k, v in sorted(by_settings.items())
    }
    out["by_category"] = {
        key: {value: _summary(v) for value, v in sorted(groups.items())}
        for key, groups in sorted(categories.items())
    }
    return out
