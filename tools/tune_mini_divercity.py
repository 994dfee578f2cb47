"""Tune the Mini DiverCity heuristic's weights by simulation, on training seeds only.

A coordinate search (issue 25): from a start (the hand-set values, or the current file),
each weight in turn is tried a step up and a step down; a trial is kept when it wins more
of the same training games (common random numbers: every trial plays the same seeds, so
the comparison is paired), by at least ``--margin`` games. Steps halve after a pass that
kept nothing. The training games are games ``0 … n-1`` of a ``simulate`` run with seed
``--seed`` (default 1); the held-out evaluation of docs/ai.md uses seed 0, never seen
here. The result is written as the weights file with its provenance::

    nice -n 5 python tools/tune_mini_divercity.py --games 1000 --passes 3 \\
        --out src/solotable/agents/data/mini_divercity_weights.json

Deterministic: the same command gives the same file (only ``date`` and the CPU
seconds differ). One process, one core.
"""

from __future__ import annotations

import argparse
import datetime
import json
import shlex
import sys
import time
from importlib import resources
from pathlib import Path

import solotable.agents  # noqa: F401  (registers the agents)
from solotable.agents.mini_divercity.heuristic import MiniDiverCityHeuristic
from solotable.agents.mini_divercity.weights import (
    DATA_FILE,
    HAND_SET,
    INT_KEYS,
    RANGES,
    Weights,
    load_weights,
)
from solotable.core.agent import Turn
from solotable.core.game import Game
from solotable.core.registry import load_game
from solotable.core.runner import advance_chance
from solotable.sim.simulation import game_seed

SWITCHES = ("count_corp", "weighted_blind", "cycle")


def wins(game: Game, weights: Weights, seed: int, games: int) -> int:
    """Games won out of ``games`` training games (agent seeded as ``simulate`` seeds it)."""
    won = 0
    for i in range(games):
        gseed = game_seed(seed, i)
        agent = MiniDiverCityHeuristic(game, 0, gseed + 104_729, weights=weights)
        state = game.new_initial_state(gseed)
        advance_chance(state)
        while not state.is_terminal():
            state.apply_action(agent.act(Turn.for_state(state, 0)))
            advance_chance(state)
        won += state.returns()[0] > 0
    return won


def packaged_provenance() -> object:
    """The provenance of the packaged weights file (read as data)."""
    text = resources.files("solotable.agents").joinpath("data", DATA_FILE).read_text("utf-8")
    return json.loads(text).get("provenance")


def trials(key: str, value: float, step: float) -> list[float]:
    """Neighbours of ``value`` for ``key``, inside its range."""
    low, high = RANGES[key]
    if key in SWITCHES:
        cands = [1.0 - value]
    elif key in INT_KEYS:
        cands = [value + 1, value - 1]
    elif key == "close_risk" or key == "lagoon":
        cands = [value + 0.1 * step * 2, value - 0.1 * step * 2]
    else:
        cands = [value * (1 + step), value / (1 + step)]
    out = []
    for c in cands:
        c = round(min(max(c, low), high), 4)
        if c != value:
            out.append(c)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1, help="simulate seed of the training games")
    ap.add_argument("--passes", type=int, default=3)
    ap.add_argument("--step", type=float, default=0.5, help="first relative step")
    ap.add_argument("--margin", type=int, default=3, help="games a trial must win more by")
    ap.add_argument("--start", choices=("hand", "file"), default="hand")
    ap.add_argument("--init", default="", help="KEY=VALUE,… applied to the start")
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)
    if args.seed == 0:
        print("seed 0 is the held-out evaluation's: train on another", file=sys.stderr)
        return 2
    game = load_game("mini-divercity")
    w = dict(HAND_SET) if args.start == "hand" else load_weights()
    args.earlier = None if args.start == "hand" else packaged_provenance()
    for item in filter(None, args.init.split(",")):
        k, _, v = item.partition("=")
        w[k] = float(v)
    cpu0 = time.process_time()
    best = wins(game, w, args.seed, args.games)
    start_wins = best
    print(f"start: {best}/{args.games}", flush=True)
    evaluations = 1
    step = args.step
    for p in range(args.passes):
        kept = 0
        for key in HAND_SET:
            for value in trials(key, w[key], step):
                trial = dict(w, **{key: value})
                n = wins(game, trial, args.seed, args.games)
                evaluations += 1
                if n >= best + args.margin:
                    print(f"pass {p}: {key} {w[key]} -> {value}: {n}/{args.games}", flush=True)
                    w, best = trial, n
                    kept += 1
                    write(args, argv, w, evaluations, time.process_time() - cpu0, start_wins, best)
                    break
        if not kept:
            step /= 2
    write(args, argv, w, evaluations, time.process_time() - cpu0, start_wins, best)
    return 0


def write(
    args: argparse.Namespace,
    argv: list[str] | None,
    w: Weights,
    evaluations: int,
    cpu: float,
    start_wins: int,
    best: int,
) -> None:
    """The weights file with its provenance (written after every kept trial, so a run
    stopped early leaves its best weights so far, saying how far it got)."""
    doc: dict[str, dict[str, object]] = {
        "provenance": {
            "what": "weights of the Mini DiverCity heuristic (agents/mini_divercity/heuristic.py)",
            "command": "python tools/tune_mini_divercity.py " + shlex.join(argv or sys.argv[1:]),
            "method": f"coordinate search from the {args.start} values (with --init), paired"
            " on the training games (common random numbers)",
            "training_seeds": f"games 0-{args.games - 1} of simulate seed {args.seed} "
            "(sim.simulation.game_seed); held-out evaluation: seed 0",
            "budget": f"{evaluations} evaluations x {args.games} games, {cpu:.0f} CPU s",
            "training_wins": f"start {start_wins}/{args.games}, end {best}/{args.games}",
            "date": datetime.date.today().isoformat(),
        },
        "weights": {k: (int(v) if k in INT_KEYS else v) for k, v in w.items()},
    }
    if args.earlier is not None:  # tuned on from the packaged file: say how that was made
        doc["provenance"]["started_from"] = args.earlier
    args.out.write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    print(f"{best}/{args.games} after {evaluations} evaluations, {cpu:.0f} CPU s", flush=True)


if __name__ == "__main__":
    raise SystemExit(main())
