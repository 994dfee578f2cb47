"""51st State's Gymnasium environment and observation, per CPU second (issue 21's speed target).

``bench/envs.py`` counts steps per wall-clock second, which on the shared 2-core machine (load
average 10 and more) measures the other jobs as much as ours. This script counts **CPU time of
this process** (``time.process_time``), so two versions measured minutes apart compare fairly:

- ``env steps/cpu-s``: ``gymnasium.make("solotable/51stState-v0").step`` with a random legal
  action from the mask (the loop of ``bench/envs.py``), for ``--steps`` steps; ``--pick numpy``
  samples as the figures before issue 21's speed work did (see ``pick_from_mask``);
- ``observation us`` / ``tensor us``: ``state.observation(0)`` and
  ``game.observation_tensor(obs)`` per decision, over every decision of three random games.

Run it against another version's source to compare (the command is the same)::

    git archive <commit> src | tar -x -C /tmp/old
    PYTHONPATH=/tmp/old/src python bench/fifty_first_state_env.py
    PYTHONPATH=src python bench/fifty_first_state_env.py
"""

from __future__ import annotations

import argparse
import json
import time

import gymnasium as gym

import solotable.envs  # noqa: F401  (registers the environments)
from common import pick_from_mask
from solotable.core.game import State
from solotable.core.registry import load_game
from solotable.core.rng import Rng


def env_steps_per_cpu_second(steps: int, pick_kind: str = "fast") -> float:
    env = gym.make("solotable/51stState-v0")
    pick = pick_from_mask(pick_kind)
    done_steps = 0
    seed = 0
    start = time.process_time()
    while done_steps < steps:
        obs, _ = env.reset(seed=seed)
        seed += 1
        over = False
        while not over and done_steps < steps:
            action = pick(obs["action_mask"])
            obs, _, terminated, truncated, _ = env.step(action)
            done_steps += 1
            over = terminated or truncated
    return done_steps / (time.process_time() - start)


def observation_costs(games: int) -> tuple[float, float]:
    """Microseconds of CPU per ``observation(0)`` and per ``observation_tensor``."""
    game = load_game("51st-state", faction="random")
    states: list[State] = []
    for seed in range(games):
        state = game.new_initial_state(seed)
        rng = Rng(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance())
                continue
            states.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
    start = time.process_time()
    observations = [s.observation(0) for s in states]
    built = time.process_time()
    for o in observations:
        game.observation_tensor(o)
    encoded = time.process_time()
    n = len(states)
    return (built - start) / n * 1e6, (encoded - built) / n * 1e6


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--steps", type=int, default=5000, help="environment steps to time")
    p.add_argument("--games", type=int, default=3, help="games whose decisions are observed")
    p.add_argument("--pick", choices=("fast", "numpy"), default="fast", help="the step sampler")
    args = p.parse_args()
    observation, tensor = observation_costs(args.games)
    figures = {
        "env steps/cpu-s": round(env_steps_per_cpu_second(args.steps, args.pick)),
        "observation us": round(observation, 1),
        "tensor us": round(tensor, 1),
    }
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
