"""Statistics over a player's finished games (``solotable stats``, the lobby's best scores and
the web table's history and stats pages).

Computed from the store's rows rather than kept as running totals, so they
can never disagree with the history and need no update that could be lost.
Every front end files a game under :func:`settings_of` and counts it with
:func:`counts_for_best`, here and nowhere else: the lobby's best scores, the
stats page and ``solotable stats`` cannot disagree about which games count or
under which settings (51st State's best was once filed under the faction
played while ``stats`` grouped by the faction *chosen*, "random").
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from solotable.core.errors import SolotableError
from solotable.core.options import resolve_options
from solotable.core.registry import game_class
from solotable.core.scorebook import settings_key

STANDARD = "standard"
"""The preset group of a game played with every default."""
CUSTOM = "custom"
"""The preset group of a game whose options match no preset."""
NO_AI = ""
"""The AI-level group of a game with no AI seat (a solo game)."""


def is_players(row: dict[str, Any]) -> bool:
    """A game with a human seat: an AI's games are not the player's."""
    return any(s.get("agent") is None for s in row.get("seats") or [])


def settings_of(row: dict[str, Any]) -> str:
    """The settings a finished game is filed under: the game's own score key when it has
    one (the settings that make scores comparable, such as the faction actually played),
    else every option it was played with."""
    key = row.get("score_key")
    if key:
        return str(key)
    return settings_key(str(row.get("game", "")), row.get("options") or {})


def counts_for_best(row: dict[str, Any]) -> bool:
    """Whether a game's score may be a best score: played to its end, and, for a game with a
    score key, kept as counting by the session (a human played it, mostly without hints)."""
    if row.get("status") != "finished" or row.get("score") is None:
        return False
    return bool(row.get("counts")) if row.get("score_key") else True


def has_win(rows: Iterable[dict[str, Any]]) -> bool:
    """Whether these games can be won or lost. A scoring game's returns are its score (Dice
    Miner, 51st State), so "won" would only mean "scored"; a game with a win returns
    something else (Divercité's ±1, Mini DiverCity's 1 or 0)."""
    for r in rows:
        result = r.get("result") or {}
        returns, scores = result.get("returns"), result.get("scores")
        if isinstance(returns, list) and isinstance(scores, list) and returns != scores:
            return True
    return False


def ai_level(row: dict[str, Any]) -> str:
    """The AI seats' levels (``"hard"``, or ``"easy+hard"``); :data:`NO_AI` when none."""
    levels = [str(s["agent"]) for s in row.get("seats") or [] if s.get("agent") is not None]
    return "+".join(dict.fromkeys(levels)) if levels else NO_AI


def levels_of(level: str) -> list[str]:
    """The AI levels an :func:`ai_level` group key names (the key's own format, read back
    here so that no front end parses it)."""
    return level.split("+") if level else []


def preset_of(row: dict[str, Any]) -> str:
    """The preset whose options the game was played with, :data:`STANDARD` for the defaults,
    :data:`CUSTOM` for anything else (the store keeps resolved options, not the preset)."""
    options = row.get("options") or {}
    try:
        info = game_class(str(row.get("game", ""))).info
        if options == resolve_options(info.options, {}, info.presets):
            return STANDARD
        for name in sorted(info.presets):
            if options == resolve_options(info.options, {"preset": name}, info.presets):
                return name
    except SolotableError:
        pass
    return CUSTOM


def _streaks(wins: Sequence[bool]) -> tuple[int, int]:
    """(longest run of wins, current run of wins at the end)."""
    best = run = 0
    for w in wins:
        run = run + 1 if w else 0
        best = max(best, run)
    return best, run


def _summary(rows: Sequence[dict[str, Any]], winnable: bool) -> dict[str, Any]:
    scores = [float(r["score"]) for r in rows if r.get("score") is not None]
    wins = [bool(r.get("won")) for r in rows]
    counted = [float(r["score"]) for r in rows if counts_for_best(r)]
    longest, current = _streaks(wins)
    return {
        "games": len(rows),
        "wins": sum(wins) if winnable else None,
        "win_rate": sum(wins) / len(rows) if rows and winnable else None,
        "mean_score": sum(scores) / len(scores) if scores else None,
        "best_score": max(counted) if counted else None,
        "longest_streak": longest if winnable else None,
        "current_streak": current if winnable else None,
    }


def _grouped(
    rows: Sequence[dict[str, Any]], key: Callable[[dict[str, Any]], str], winnable: bool
) -> dict[str, dict[str, Any]]:
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        groups[key(r)].append(r)
    return {k: _summary(v, winnable) for k, v in sorted(groups.items())}


def distribution(rows: Sequence[dict[str, Any]]) -> list[tuple[float, int]]:
    """How many finished games ended on each score, lowest score first."""
    counts: dict[float, int] = defaultdict(int)
    for r in rows:
        if r.get("score") is not None:
            counts[float(r["score"])] += 1
    return sorted(counts.items())


def game_stats(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Totals, and the same per settings (:func:`settings_of`), AI level, preset and category
    (faction, rating band…), over the player's games among ``rows`` (oldest first).

    ``has_win`` says whether the game can be won (:func:`has_win`); without a win, the
    wins, the win rate and the streaks are None (a score-only game shows no win rate)."""
    mine = [r for r in rows if is_players(r)]
    winnable = has_win(mine)
    out = _summary(mine, winnable)
    out["has_win"] = winnable
    settings: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in mine:
        settings[settings_of(r)].append(r)
    out["by_settings"] = {
        k: _summary(v, winnable) | {"options": dict(v[0].get("options") or {})}
        for k, v in sorted(settings.items())
    }
    out["by_level"] = _grouped(mine, ai_level, winnable)
    out["by_preset"] = _grouped(mine, preset_of, winnable)
    categories: dict[str, dict[str, list[dict[str, Any]]]] = defaultdict(lambda: defaultdict(list))
    for r in mine:
        for key, value in (r.get("stats") or {}).items():
            if isinstance(value, str):
                categories[key][value].append(r)
    out["by_category"] = {
        key: {value: _summary(v, winnable) for value, v in sorted(groups.items())}
        for key, groups in sorted(categories.items())
    }
    out["distribution"] = [[s, n] for s, n in distribution(mine)]
    return out


def best_scores(
    rows_by_game: Iterable[tuple[str, Sequence[dict[str, Any]]]],
) -> list[dict[str, Any]]:
    """One line per game and settings the player finished a game with: games, wins (None for
    a game without a win) and the best counted score (None when none counts). The very
    groups and numbers of :func:`game_stats`'s ``by_settings``, so the lobby and
    ``solotable stats`` always agree."""
    out: list[dict[str, Any]] = []
    for game, rows in rows_by_game:
        doc = game_stats(rows)
        for key, s in doc["by_settings"].items():
            out.append(
                {
                    "game": game,
                    "key": key,
                    "games": s["games"],
                    "wins": s["wins"] if doc["has_win"] else None,
                    "score": s["best_score"],
                }
            )
    return out
