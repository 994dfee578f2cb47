"""Time per decision of solo-game agents on fixed positions (decisions/s, rollouts/s).

Positions come from the game's heuristic playing seeds ``0 … positions-1``
(every ``stride``-th real decision, a real decision having two legal moves or
more). Each agent decides each position once from a frozen copy of the
observation. Wall time grows with the machine's load; CPU time of the process
does not, so both are printed with the load average.

    PYTHONPATH=src python bench/agent_speed.py dice-miner heuristic pimc ismcts:iterations=100
"""

from __future__ import annotations

import argparse
import json
import os
import time

import solotable.agents  # noqa: F401  (registers the agents)
from solotable.core.agent import Turn
from solotable.core.game import Game, Observation, State
from solotable.core.registry import load_game, make_agent
from solotable.core.runner import advance_chance


def positions(game: Game, seeds: int, stride: int) -> list[State]:
    """Real decisions of the heuristic's games, every ``stride``-th one."""
    out: list[State] = []
    for seed in range(seeds):
        state = game.new_initial_state(seed)
        agent = make_agent("heuristic", game, 0, seed)
        n = 0
        advance_chance(state)
        while not state.is_terminal():
            legal = state.legal_actions()
            if len(legal) > 1:
                n += 1
                if n % stride == 0:
                    out.append(state.clone())
            state.apply_action(agent.act(Turn.for_state(state, 0)))
            advance_chance(state)
    return out


def frozen_turn(state: State) -> Turn:
    """The turn for ``state`` with a JSON copy of its observation and no link to it."""
    obs: Observation = json.loads(json.dumps(state.observation(0)))
    return Turn(0, list(state.legal_actions()), lambda: obs)


def rollouts_of(agent: object) -> int | None:
    """Rollouts of the agent's last decision, when it says (ismcts, pimc)."""
    n = getattr(agent, "last_iterations", None)
    if n is not None:
        return int(n)
    values = getattr(agent, "last_values", None)
    if values:
        return sum(int(v[2]) for v in values.values())
    return None


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("game")
    p.add_argument("agents", nargs="+")
    p.add_argument("--seeds", type=int, default=3)
    p.add_argument("--stride", type=int, default=10)
    args = p.parse_args()
    game = load_game(args.game)
    states = positions(game, args.seeds, args.stride)
    rows = []
    for spec in args.agents:
        agent = make_agent(spec, game, 0, 1)
        wall = cpu = 0.0
        rollouts = 0
        for state in states:
            turn = frozen_turn(state)
            t0, c0 = time.perf_counter(), time.process_time()
            agent.act(turn)
            wall += time.perf_counter() - t0
            cpu += time.process_time() - c0
            rollouts += rollouts_of(agent) or 0
        n = len(states)
        rows.append(
            {
                "agent": spec,
                "decisions": n,
                "wall_s_per_decision": round(wall / n, 4),
                "cpu_s_per_decision": round(cpu / n, 4),
                "decisions_per_cpu_s": round(n / cpu, 2) if cpu else None,
                "rollouts_per_cpu_s": round(rollouts / cpu, 1) if cpu and rollouts else None,
            }
        )
    print(json.dumps({"game": args.game, "load": round(os.getloadavg()[0], 2), "rows": rows}))


if __name__ == "__main__":
    main()
