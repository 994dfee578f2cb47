"""How many decisions a game takes: the measurement behind the envs' ``max_episode_steps``.

For each game, plays ``--games`` games with random legal moves and with the game's
rule-based agent (Divercité: ``greedy``) in the learner's seat, the environment's default
opponent (``greedy``) in the other, and counts per game the learner's decisions (an
environment step each) and every action (chance and the opponent included: OpenSpiel's
``max_game_length``). Prints min / mean / p99 / max of each.
"""

from __future__ import annotations

import json
import statistics

from common import machine, parser
from solotable.core.agent import Turn
from solotable.core.registry import load_game, make_agent

GAMES = {"dice-miner": "heuristic", "mini-divercity": "heuristic", "51st-state": "heuristic"}
GAMES["divercite"] = "greedy"


def lengths(name: str, agent: str, games: int) -> tuple[list[int], list[int]]:
    """(decisions of seat 0, all actions) per game, seeds 0..games-1."""
    game = load_game(name)
    decisions, actions = [], []
    for seed in range(games):
        state = game.new_initial_state(seed)
        seats = {
            p: make_agent(agent if p == 0 else "greedy", game, p, seed + 7919 * p)
            for p in range(game.num_players())
        }
        mine = 0
        while not state.is_terminal():
            p = state.current_player()
            if state.is_chance_node():
                state.apply_legal_action(state.sample_chance())
                continue
            mine += p == 0
            state.apply_legal_action(seats[p].act(Turn.for_state(state, p)))
        decisions.append(mine)
        actions.append(len(state.history))
    return decisions, actions


def summary(values: list[int]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "min": ordered[0],
        "mean": round(statistics.fmean(ordered), 1),
        "p99": ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))],
        "max": ordered[-1],
    }


def main() -> None:
    p = parser(__doc__ or "")
    p.add_argument("--games", type=int, default=200, help="games per game and agent")
    args = p.parse_args()
    out: dict[str, object] = {"machine": machine(), "games": args.games}
    for name, rule_based in GAMES.items():
        for agent in ("random", rule_based):
            decisions, actions = lengths(name, agent, args.games)
            out[f"{name} {agent}"] = {
                "decisions": summary(decisions),
                "actions": summary(actions),
            }
            if not args.json:
                print(name, agent, "decisions", summary(decisions), "actions", summary(actions))
    if args.json:
        print(json.dumps(out))


if __name__ == "__main__":
    main()
