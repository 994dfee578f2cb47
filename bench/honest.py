"""Paired comparison of solo-game agents on the same seeds, with decisions/s.

Every agent plays games ``seed0 … seed0+games-1`` (the game's own seed, so
the deals and draws match, and the agent's seed is the game seed); the report
gives each agent's mean return (final score, or win rate for win/loss games)
with a 95% interval, the paired mean difference to the first agent with its
interval, and the agent's decisions per second (wall clock, so under load it
varies; the budgets are fixed, so the scores do not).

    PYTHONPATH=src python bench/honest.py dice-miner heuristic pimc --games 300
"""

from __future__ import annotations

import argparse
import json
import math
import os
import time
from collections.abc import Sequence

import solotable.agents  # noqa: F401  (registers the agents)
from solotable.core.agent import Turn
from solotable.core.players import CHANCE
from solotable.core.registry import load_game, make_agent


def play(game_name: str, spec: str, seed: int) -> tuple[float, float, int, float]:
    """(return, score, decisions, seconds thinking) of one game."""
    game = load_game(game_name)
    agent = make_agent(spec, game, 0, seed)
    state = game.new_initial_state(seed)
    decisions = 0
    thinking = 0.0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_legal_action(state.sample_chance())
            continue
        turn = Turn.for_state(state, 0)
        start = time.perf_counter()
        action = agent.act(turn)
        thinking += time.perf_counter() - start
        decisions += 1
        state.apply_action(action)
    return state.returns()[0], state.scores()[0], decisions, thinking


def interval(xs: Sequence[float]) -> tuple[float, float]:
    """Mean and 95% half-width (normal approximation)."""
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, 0.0
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, 1.96 * math.sqrt(var / n)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("game")
    p.add_argument("agents", nargs="+")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed0", type=int, default=0)
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    seeds = range(args.seed0, args.seed0 + args.games)
    rows = {}
    for spec in args.agents:
        out = [play(args.game, spec, s) for s in seeds]
        rows[spec] = out
    first = rows[args.agents[0]]
    report = []
    for spec, out in rows.items():
        rets = [r for r, _, _, _ in out]
        scores = [s for _, s, _, _ in out]
        m, h = interval(rets)
        sm, sh = interval(scores)
        d, dh = interval([a[0] - b[0] for a, b in zip(out, first, strict=True)])
        ds, dsh = interval([a[1] - b[1] for a, b in zip(out, first, strict=True)])
        decisions = sum(x[2] for x in out)
        secs = sum(x[3] for x in out)
        report.append(
            {
                "agent": spec,
                "n": len(out),
                "return": round(m, 4),
                "return_ci": round(h, 4),
                "score": round(sm, 3),
                "score_ci": round(sh, 3),
                "diff_return": round(d, 4),
                "diff_return_ci": round(dh, 4),
                "diff_score": round(ds, 3),
                "diff_score_ci": round(dsh, 3),
                "decisions_per_s": round(decisions / secs, 2) if secs else None,
                "s_per_decision": round(secs / decisions, 4) if decisions else None,
            }
        )
    load = os.getloadavg()[0]
    if args.json:
        print(json.dumps({"game": args.game, "seeds": [seeds.start, seeds.stop], "rows": report}))
        return
    print(f"{args.game}: seeds {seeds.start}..{seeds.stop - 1}, load {load:.2f}")
    for r in report:
        print(
            f"  {r['agent']:<40} ret {r['return']:.3f} ± {r['return_ci']:.3f}  "
            f"score {r['score']:.2f} ± {r['score_ci']:.2f}  "
            f"Δret {r['diff_return']:+.3f} ± {r['diff_return_ci']:.3f}  "
            f"Δscore {r['diff_score']:+.2f} ± {r['diff_score_ci']:.2f}  "
            f"{r['s_per_decision']} s/dec"
        )


if __name__ == "__main__":
    main()
