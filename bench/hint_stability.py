"""Hint stability: does a repeated hint name the same move? (issue 25, docs/ai.md)

For each solo game, positions are the real decisions (two legal moves or more) of games
played by the game's rule-based player (``heuristic``) from seeds ``--first-seed`` on,
every ``--stride``-th one, ``--positions`` of them. At each position the hint is asked
``--repeats`` times with different sampling seeds, exactly as the table asks it
(``session.parts.advise``: the game's ``hint_agent``, or ``--spec``). A position's
stability is the share of its hints that name its most frequent move; the table gives
the mean over positions, the share of positions where every repeat agrees, the CPU time
per hint (``time.process_time``: what a hint costs on an idle core; the machine is
shared, so wall time is larger) and how often the hint said "clearly best".

    PYTHONPATH=src nice -n 5 python bench/hint_stability.py dice-miner mini-divercity 51st-state

Not a test: it takes minutes. ``--out FILE`` appends every hint as a JSON line as it
comes (``--summary FILE`` tabulates such a file again, e.g. after an interrupted run).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import solotable.agents  # noqa: F401  (registers the agents)
from solotable.core.agent import Turn
from solotable.core.game import Game, State
from solotable.core.registry import load_game, make_agent
from solotable.core.runner import advance_chance
from solotable.session.parts import advise

SEED_STEP = 1_000_003
"""Repeat ``r`` of position ``i`` uses sampling seed ``SEED_STEP * (r + 1) + i``."""


def positions(game: Game, count: int, stride: int, first_seed: int) -> list[tuple[int, State]]:
    """``(game seed, state)`` of every ``stride``-th real decision of the heuristic's games."""
    out: list[tuple[int, State]] = []
    seed = first_seed
    n = 0
    while len(out) < count:
        state = game.new_initial_state(seed)
        agent = make_agent("heuristic", game, 0, seed)
        advance_chance(state)
        while not state.is_terminal() and len(out) < count:
            legal = state.legal_actions()
            if len(legal) > 1:
                n += 1
                if n % stride == 0:
                    out.append((seed, state.clone()))
            state.apply_action(agent.act(Turn.for_state(state, 0)))
            advance_chance(state)
        seed += 1
    return out


def measure(
    name: str,
    count: int,
    repeats: int,
    stride: int,
    first_seed: int,
    spec: str | None,
    out: Path | None = None,
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The summary of one game and every hint (appended to ``out`` as it comes, so an
    interrupted run keeps what it measured)."""
    game = load_game(name)
    if spec is not None:
        cls = type(game)
        cls.info = dataclasses.replace(cls.info, hint_agent=spec)
    rows: list[dict[str, Any]] = []
    for i, (seed, state) in enumerate(positions(game, count, stride, first_seed)):
        picks: list[int] = []
        for r in range(repeats):
            start = time.process_time()
            hint = advise(game, state, 0, SEED_STEP * (r + 1) + i, None)
            cpu = time.process_time() - start
            picks.append(hint.action)
            second = hint.candidates[1] if len(hint.candidates) > 1 else None
            row = {
                "game": name,
                "position": i,
                "game_seed": seed,
                "ply": len(state.history),
                "repeat": r,
                "move": hint.notation,
                "cpu": round(cpu, 4),
                "clear": second is None or not second.close,
                "values": [round(c.value, 4) for c in hint.candidates],
            }
            rows.append(row)
            if out is not None:
                with out.open("a") as f:
                    f.write(json.dumps(row) + "\n")
        top = Counter(picks).most_common(1)[0][1]
        print(f"{name} position {i}: {top}/{repeats}", file=sys.stderr, flush=True)
    return summarise(name, game.info.hint_agent, rows), rows


def summarise(name: str, spec: str, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """One game's row of the table from its hints."""
    mine = [r for r in rows if r["game"] == name]
    by_position: dict[int, list[str]] = {}
    for r in mine:
        by_position.setdefault(r["position"], []).append(r["move"])
    stabilities = [
        Counter(moves).most_common(1)[0][1] / len(moves) for moves in by_position.values()
    ]
    return {
        "game": name,
        "spec": spec,
        "positions": len(stabilities),
        "repeats": max(len(m) for m in by_position.values()),
        "stability": sum(stabilities) / len(stabilities),
        "all_agree": sum(1 for s in stabilities if s == 1.0) / len(stabilities),
        "cpu_mean": sum(r["cpu"] for r in mine) / len(mine),
        "cpu_p90": sorted(r["cpu"] for r in mine)[int(0.9 * len(mine))],
        "cpu_max": max(r["cpu"] for r in mine),
        "clear": sum(1 for r in mine if r["clear"]) / len(mine),
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("games", nargs="+")
    p.add_argument("--positions", type=int, default=100)
    p.add_argument("--repeats", type=int, default=4)
    p.add_argument("--stride", type=int, default=5)
    p.add_argument("--first-seed", type=int, default=5000)
    p.add_argument("--spec", help="hint agent spec instead of the game's hint_agent")
    p.add_argument("--out", type=Path, help="append every hint to this file (JSON lines)")
    p.add_argument("--summary", type=Path, help="tabulate this file of hints; measure nothing")
    args = p.parse_args()
    print(
        "| game | hint agent | positions | repeats | same top move | positions all agreeing "
        "| clearly best | CPU s/hint (mean, 90th pct, max) |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---|")
    for name in args.games:
        if args.summary is not None:
            rows = [json.loads(line) for line in args.summary.read_text().splitlines()]
            if not any(r["game"] == name for r in rows):
                print(f"--summary {args.summary}: no hint of {name} in it", file=sys.stderr)
                sys.exit(2)
            s = summarise(name, args.spec or load_game(name).info.hint_agent, rows)
        else:
            s, _ = measure(
                name,
                args.positions,
                args.repeats,
                args.stride,
                args.first_seed,
                args.spec,
                args.out,
            )
        print(
            f"| {s['game']} | `{s['spec']}` | {s['positions']} | {s['repeats']} "
            f"| {s['stability']:.1%} | {s['all_agree']:.0%} | {s['clear']:.0%} "
            f"| {s['cpu_mean']:.2f}, {s['cpu_p90']:.2f}, {s['cpu_max']:.2f} |",
            flush=True,
        )
    print(f"\nload average {os.getloadavg()}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")


if __name__ == "__main__":
    main()
