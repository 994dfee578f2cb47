"""Mini DiverCity's Gymnasium steps and observations per CPU second (issue 21's speed-up).

``bench/envs.py`` times every environment by the wall clock, which on a shared, loaded
machine measures the neighbours as much as the code. This script times Mini DiverCity alone
by the process's CPU time (``time.process_time``), so a before/after comparison holds under
load. It uses only the public API (``gymnasium.make``, ``State.observation``,
``Game.observation_tensor``), so it runs against an older checkout too:
``PYTHONPATH=<old checkout>/src:bench python bench/mini_divercity_env.py``.

Figures: ``env steps/s`` (the loop of ``bench/envs.py``: random legal actions from the mask,
``--pick numpy`` sampling as the figures before issue 21's speed work did),
``observation µs`` and ``observation+tensor µs`` per call over positions reached by random
play, and the observation's JSON size in bytes.
"""

from __future__ import annotations

import json
import time

import gymnasium as gym

import solotable.envs  # noqa: F401  (registers the environments)
from common import parser, pick_from_mask, report
from solotable.core import load_game
from solotable.core.game import State
from solotable.core.rng import Rng

ENV_ID = "solotable/MiniDiverCity-v0"


def env_steps(seconds: float, pick_kind: str = "fast") -> float:
    env = gym.make(ENV_ID)
    pick = pick_from_mask(pick_kind)
    steps = seed = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        obs, _ = env.reset(seed=seed)
        seed += 1
        done = False
        while not done:
            obs, _, terminated, truncated, _ = env.step(pick(obs["action_mask"]))
            steps += 1
            done = terminated or truncated
    return steps / (time.process_time() - start)


def positions(games: int) -> list[State]:
    """Decision points of random games (about a third of them, for variety)."""
    game = load_game("mini-divercity")
    rng = Rng(3)
    out = []
    for seed in range(games):
        s = game.new_initial_state(seed)
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(s.sample_chance())
                continue
            if rng.random() < 0.3:
                out.append(s.clone())
            s.apply_action(rng.choice(s.legal_actions()))
    return out


def per_call(states: list[State], seconds: float, tensor: bool) -> float:
    """CPU µs per ``observation(0)`` (and its tensor when asked)."""
    game = states[0].game
    calls = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for s in states:
            obs = s.observation(0)
            if tensor:
                game.observation_tensor(obs)
        calls += len(states)
    return (time.process_time() - start) / calls * 1e6


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--pick", choices=("fast", "numpy"), default="fast", help="the step sampler")
    args = p.parse_args()
    states = positions(40)
    sizes = [len(json.dumps(s.observation(0))) for s in states]
    figures = {
        "env steps/s": env_steps(args.seconds, args.pick),
        "observation µs": per_call(states, args.seconds, tensor=False),
        "observation+tensor µs": per_call(states, args.seconds, tensor=True),
        "observation bytes": sum(sizes) / len(sizes),
    }
    report(figures, args.json)


if __name__ == "__main__":
    main()
