"""The "How strong is the hint?" page (``GET /hints``): what a hint is, in plain words.

A player who asks for a hint should know how far to trust it: whether asking again may name
another move, how often the hint is sure of itself, and how well the AI plays compared with
the rule-based player and with a player who could see the hidden cards. The figures are
measured (docs/ai.md, docs/ladder.md); they live in ``data/hint_strength.json`` with their
provenance, and ``tests/web/test_hint_strength_page.py`` recomputes them from the committed
result lines, so the page cannot drift from the measurements. The file is data: it is read
with the project's guarded JSON reader and each figure checked for its type, never evaluated;
a bad file is a ``DataFileError`` like every other data file's.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import HTMLResponse

from solotable.core.errors import DataFileError
from solotable.core.untrusted import parse_json
from solotable.web.looking_back import game_titles, render_page

DATA = Path(__file__).resolve().parent / "data" / "hint_strength.json"
router = APIRouter()


def _number(row: dict[str, Any], key: str) -> float:
    value = row.get(key)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise DataFileError(f"{DATA.name}: {row.get('game')!r} needs a number for {key!r}")
    return float(value)


def _scale(row: dict[str, Any], key: str) -> dict[str, float]:
    part = row.get(key)
    if not isinstance(part, dict):
        raise DataFileError(f"{DATA.name}: {row.get('game')!r} needs {key!r}")
    return {"games": _number(part, "games"), "value": _number(part, "value")}


@cache
def figures() -> dict[str, list[dict[str, Any]]]:
    """The measured figures, checked: per sampled game and per searched game."""
    doc = parse_json(DATA.read_text("utf-8"), DATA.name)
    sampled = []
    for row in doc["sampled"]:
        sampled.append(
            {
                "game": str(row["game"]),
                "agent": str(row["agent"]),
                "wins": row.get("figure") == "win rate",
                **{
                    k: _number(row, k)
                    for k in (
                        "positions",
                        "repeats",
                        "same_move_pct",
                        "all_agree_pct",
                        "clearly_best_pct",
                        "cpu_mean_s",
                    )
                },
                "rule_based": _scale(row, "rule_based"),
                "bound": _scale(row, "bound"),
                # The hint's own moves played as a player, where measured.
                "as_player": _scale(row, "as_player") if "as_player" in row else None,
            }
        )
    searched = []
    for row in doc["searched"]:
        keys: tuple[str, ...] = ("elo_over_hard", "cpu_mean_s", "cpu_max_s")
        # The record against the outside program only where the hint agent played it.
        keys += ("course_games", "course_wins") if "course_games" in row else ()
        found = {"course_games": 0.0, "course_wins": 0.0} | {k: _number(row, k) for k in keys}
        # The Elo model's expected score against the level below (what the gap means).
        found["expected_pct"] = 100 / (1 + 10 ** (-found["elo_over_hard"] / 400))
        searched.append({"game": str(row["game"]), "agent": str(row["agent"])} | found)
    return {"sampled": sampled, "searched": searched}


@router.get("/hints", response_class=HTMLResponse)
def hint_strength_page(request: Request) -> HTMLResponse:
    """Per game: how the hint decides, how steady and how sure it is, and for scale."""

    def page(w: Any) -> dict[str, Any]:
        titles = dict(game_titles(w))
        data = figures()
        return {
            "sampled": [dict(r, title=titles.get(r["game"], r["game"])) for r in data["sampled"]],
            "searched": [dict(r, title=titles.get(r["game"], r["game"])) for r in data["searched"]],
            "num": w.shared.num,
        }

    return render_page(request, "hint_strength.html", page)


def install_hint_strength(app: FastAPI) -> None:
    """Add ``/hints`` to ``app``."""
    app.include_router(router)
