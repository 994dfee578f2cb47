"""Synthetic results files (schema 1) with known effects, for the report's tests."""

from __future__ import annotations

import csv
import json
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

BASE = ["schema", "game", "variant", "options", "agents", "run_seed", "index", "seed", "players"]


def write(path: Path, rows: Sequence[dict[str, Any]], players: int = 1) -> Path:
    """Rows (dicts) as a results CSV with the schema's column order."""
    extra = sorted({k for r in rows for k in r if k.startswith(("stat.", "vary.", "metric."))})
    stats = [k for k in extra if k.startswith(("metric.", "stat."))]
    vary = [k for k in extra if k.startswith("vary.")]
    cols = [*BASE]
    cols += [f"agent_{p}" for p in range(players)]
    cols += [f"score_{p}" for p in range(players)]
    cols += [f"return_{p}" for p in range(players)]
    cols += ["outcome", "plies", "seconds", *stats, *vary]
    with path.open("w", encoding="utf-8", newline="") as f:
        w = csv.writer(f)
        w.writerow(cols)
        for r in rows:
            w.writerow([r.get(c, "") for c in cols])
    return path


def solo_rows(
    game: str,
    variants: Sequence[tuple[str, Callable[[random.Random, int], dict[str, Any]]]],
    games: int,
    agent: str = "random",
    vary: Callable[[str], dict[str, str]] | None = None,
) -> list[dict[str, Any]]:
    """``games`` rows per variant on seeds 1000+i; ``make(rng, i)`` gives score and stats."""
    out = []
    for label, make in variants:
        rng = random.Random(f"{label}-{game}")
        for i in range(games):
            row = {
                "schema": 1,
                "game": game,
                "variant": label,
                "options": json.dumps({"v": label}, separators=(",", ":")),
                "agents": agent,
                "run_seed": 0,
                "index": i,
                "seed": 1000 + i,
                "players": 1,
                "agent_0": agent,
                "outcome": f"game {i}",
                "plies": 30 + i % 7,
                "seconds": 0.01,
            }
            row.update(make(rng, i))
            row.setdefault("return_0", row["score_0"])
            row.update({f"vary.{k}": v for k, v in (vary(label) if vary else {}).items()})
            out.append(row)
    return out


def duel_rows(game: str, variants: Sequence[tuple[str, float]], games: int) -> list[dict[str, Any]]:
    """Two-player rows: seat 0 wins with the given probability per variant (no draws)."""
    out = []
    for label, p_first in variants:
        rng = random.Random(label)
        for i in range(games):
            first = rng.random() < p_first
            out.append(
                {
                    "schema": 1,
                    "game": game,
                    "variant": label,
                    "options": "{}",
                    "agents": "greedy,random",
                    "run_seed": 3,
                    "index": i,
                    "seed": 50 + i,
                    "players": 2,
                    "agent_0": "greedy" if i % 2 == 0 else "random",
                    "agent_1": "random" if i % 2 == 0 else "greedy",
                    "score_0": 20 if first else 15,
                    "score_1": 15 if first else 20,
                    "return_0": 1 if first else -1,
                    "return_1": -1 if first else 1,
                    "outcome": "White wins" if first else "Black wins",
                    "plies": 40 + i % 3,
                    "seconds": 0.02,
                }
            )
    return out
