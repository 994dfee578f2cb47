"""Gymnasium environment steps per second against the raw API (issues 15 §8 and 23).

Three loops play random legal moves in each game for the same time, counting the learner's
decisions (chance and, in Divercité, the opponent's moves happen in between in all three):

- ``raw``: ``legal_actions`` + ``apply_action`` on the State (what a search agent pays);
- ``raw+obs``: the same plus ``observation(player)`` and its tensor at each decision (the
  least any learner needs: it must see something to decide);
- ``env``: ``gymnasium.make(...).step`` with the mask from the observation dict.

The overhead figure is ``raw / env`` (target ≤ 2); figures go into docs/benchmarks.md.

``--cpu`` times by the process's CPU time (``time.process_time``) instead of the wall clock:
on a shared, loaded machine the wall clock measures the neighbours as much as the code.
``--env ID`` (repeatable) measures only those environments; ``--opponent SPEC`` sets
Divercité's opponent (the environment's default is ``greedy``, whose one-ply search costs
more than the environment itself; ``random`` leaves the environment's own cost).
``--pick numpy`` samples the env loop's actions as these figures did before issue 21's speed
work (``rng.choice(np.flatnonzero(mask))``, about as costly as a fast step); the default
``fast`` takes the mask's ``nonzero()`` and ``random.randrange``, so the figure is the
environment's.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import gymnasium as gym
import numpy as np

import solotable.envs
from common import machine, parser, pick_from_mask, report
from solotable.core.agent import Turn
from solotable.core.registry import make_agent
from solotable.core.rng import Rng


def _make(env_id: str, opponent: str | None) -> Any:
    """The environment, with ``opponent`` only where the game has other seats."""
    two_players = env_id.endswith("Divercite-v0")
    extra: dict[str, Any] = {"opponent": opponent} if opponent and two_players else {}
    return gym.make(env_id, **extra)


def _raw(
    env_id: str, seconds: float, observe: bool, clock: Callable[[], float], opponent: str | None
) -> float:
    env = _make(env_id, opponent).unwrapped  # only for its game and opponent settings
    assert isinstance(env, solotable.envs.SolotableEnv)
    game = env.game
    rng = Rng(1)
    decisions = 0
    seed = 0
    start = clock()
    deadline = start + seconds
    while clock() < deadline:
        state = game.new_initial_state(seed)
        opponents = {
            p: make_agent(env.opponent_spec, game, p, seed) for p in range(1, game.num_players())
        }
        seed += 1
        while not state.is_terminal():
            p = state.current_player()
            if state.is_chance_node():
                state.apply_action(state.sample_chance())
            elif p in opponents:
                state.apply_action(opponents[p].act(Turn.for_state(state, p)))
            else:
                if observe:
                    np.asarray(game.observation_tensor(state.observation(p)), dtype=np.float32)
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
    return decisions / (clock() - start)


def _env(
    env_id: str,
    seconds: float,
    clock: Callable[[], float],
    opponent: str | None,
    pick_kind: str = "fast",
) -> float:
    env = _make(env_id, opponent)
    pick = pick_from_mask(pick_kind)
    steps = 0
    seed = 0
    start = clock()
    deadline = start + seconds
    while clock() < deadline:
        obs, _ = env.reset(seed=seed)
        seed += 1
        done = False
        while not done:
            obs, _, terminated, truncated, _ = env.step(pick(obs["action_mask"]))
            steps += 1
            done = terminated or truncated
    return steps / (clock() - start)


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--cpu", action="store_true", help="time by CPU time, not the wall clock")
    p.add_argument(
        "--env", action="append", choices=list(solotable.envs.ENV_IDS), help="only this id"
    )
    p.add_argument("--opponent", help="Divercité's opponent (default: the environment's)")
    p.add_argument("--env-only", action="store_true", help="only the env loop (no raw loops)")
    p.add_argument(
        "--pick",
        choices=("fast", "numpy"),
        default="fast",
        help="env loop's sampler: nonzero + randrange (fast) or rng.choice(flatnonzero(mask))",
    )
    args = p.parse_args()
    clock = time.process_time if args.cpu else time.perf_counter
    figures: dict[str, float] = {}
    for env_id in args.env or solotable.envs.ENV_IDS:
        name = env_id.split("/")[1]
        env = _env(env_id, args.seconds, clock, args.opponent, args.pick)
        figures[f"{name} env steps/s"] = env
        if args.env_only:
            continue
        raw = _raw(env_id, args.seconds, False, clock, args.opponent)
        with_obs = _raw(env_id, args.seconds, True, clock, args.opponent)
        figures[f"{name} raw decisions/s"] = raw
        figures[f"{name} raw+obs decisions/s"] = with_obs
        figures[f"{name} overhead raw/env"] = raw / env
        figures[f"{name} overhead raw+obs/env"] = with_obs / env
    if not args.json:
        print(machine(), "· CPU time" if args.cpu else "· wall clock")
    report(figures, args.json)


if __name__ == "__main__":
    main()
