"""Paired comparison of solo-game agents on the same seeds, with decisions/s.

Every agent plays games ``seed0 … seed0+games-1`` (the game's own seed, so
the deals and draws match, and the agent's seed is the game seed); the report
gives each agent's mean return (final score, or win rate for win/loss games)
with a 95% interval, the paired mean difference to the first agent with its
interval, and the agent's time per decision (wall clock, which grows with the
machine's load, and CPU time of the process, which does not; the budgets are
fixed, so the scores do not depend on either).

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


def play(game_name: str, spec: str, seed: int) -> tuple[float, float, int, float, float]:
    """(return, score, decisions, wall seconds thinking, CPU seconds thinking) of one game."""
    game = load_game(game_name)
    agent = make_agent(spec, game, 0, seed)
    state = game.new_initial_state(seed)
    decisions = 0
    thinking = cpu = 0.0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_legal_action(state.sample_chance())
            continue
        turn = Turn.for_state(state, 0)
        start, start_cpu = time.perf_counter(), time.process_time()
        action = agent.act(turn)
        if len(turn.legal_actions) > 1:  # forced moves cost nothing and are not counted
            thinking += time.perf_counter() - start
            cpu += time.process_time() - start_cpu
            decisions += 1
        state.apply_action(action)
    return state.returns()[0], state.scores()[0], decisions, thinking, cpu


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
    p.add_argument("--log", help="append one JSON line per game to this file (partial runs)")
    args = p.parse_args()
    seeds = range(args.seed0, args.seed0 + args.games)
    rows = {}
    for spec in args.agents:
        out = []
        for s in seeds:
            out.append(play(args.game, spec, s))
            if args.log:
                with open(args.log, "a", encoding="utf-8") as f:
                    f.write(json.dumps({"agent": spec, "seed": s, "result": out[-1]}) + "\n")
        rows[spec] = out
    first = rows[args.agents[0]]
    report = []
    for spec, out in rows.items():
        rets = [x[0] for x in out]
        scores = [x[1] for x in out]
        m, h = interval(rets)
        sm, sh = interval(scores)
        d, dh = interval([a[0] - b[0] for a, b in zip(out, first, strict=True)])
        ds, dsh = interval([a[1] - b[1] for a, b in zip(out, first, strict=True)])
        decisions = sum(x[2] for x in out)
        secs = sum(x[3] for x in out)
        cpu = sum(x[4] for x in out)
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
                "cpu_s_per_decision": round(cpu / decisions, 4) if decisions else None,
            }
        )
    load = os.getloadavg()[0]
    if args.json:
        print(json.dumps({"game": args.game, "seeds": [seeds.start, seeds.stop], "rows": report}))
        return
    print(f"{args.game}: seeds {seeds.start}..{seeds.stop - 1}, load at the end {load:.2f}")
    for r in report:
        print(
            f"  {r['agent']:<40} ret {r['return']:.3f} ± {r['return_ci']:.3f}  "
            f"score {r['score']:.2f} ± {r['score_ci']:.2f}  "
            f"Δret {r['diff_return']:+.3f} ± {r['diff_return_ci']:.3f}  "
            f"Δscore {r['diff_score']:+.2f} ± {r['diff_score_ci']:.2f}  "
            f"{r['s_per_decision']} s/dec (CPU {r['cpu_s_per_decision']})"
        )


if __name__ == "__main__":
    main()
