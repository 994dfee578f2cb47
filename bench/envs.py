"""Gymnasium environment steps per second against the raw API (issue 15 §8).

Three loops play random legal moves in each game for the same time, counting the learner's
decisions (chance and, in Divercité, the ``greedy`` opponent's moves happen in between in all
three):

- ``raw``: ``legal_actions`` + ``apply_action`` on the State (what a search agent pays);
- ``raw+obs``: the same plus ``observation(player)`` and its tensor at each decision (the
  least any learner needs: it must see something to decide);
- ``env``: ``gymnasium.make(...).step`` with the mask from the observation dict.

The overhead figure is ``raw / env`` (target ≤ 2); figures go into docs/benchmarks.md.
"""

from __future__ import annotations

import time

import gymnasium as gym
import numpy as np

import solotable.envs
from common import machine, parser, report
from solotable.core.agent import Turn
from solotable.core.registry import make_agent
from solotable.core.rng import Rng


def _raw(game_name: str, seconds: float, observe: bool) -> float:
    env = gym.make(game_name).unwrapped  # only for its game and opponent settings
    assert isinstance(env, solotable.envs.SolotableEnv)
    game = env.game
    rng = Rng(1)
    decisions = 0
    seed = 0
    deadline = time.perf_counter() + seconds
    start = time.perf_counter()
    while time.perf_counter() < deadline:
        state = game.new_initial_state(seed)
        opponents = {p: make_agent("greedy", game, p, seed) for p in range(1, game.num_players())}
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
    return decisions / (time.perf_counter() - start)


def _env(env_id: str, seconds: float) -> float:
    env = gym.make(env_id)
    rng = np.random.default_rng(1)
    steps = 0
    seed = 0
    deadline = time.perf_counter() + seconds
    start = time.perf_counter()
    while time.perf_counter() < deadline:
        obs, _ = env.reset(seed=seed)
        seed += 1
        done = False
        while not done:
            obs, _, terminated, truncated, _ = env.step(
                int(rng.choice(np.flatnonzero(obs["action_mask"])))
            )
            steps += 1
            done = terminated or truncated
    return steps / (time.perf_counter() - start)


def main() -> None:
    args = parser(__doc__.splitlines()[0]).parse_args()
    figures: dict[str, float] = {}
    for env_id in solotable.envs.ENV_IDS:
        raw = _raw(env_id, args.seconds, observe=False)
        with_obs = _raw(env_id, args.seconds, observe=True)
        env = _env(env_id, args.seconds)
        name = env_id.split("/")[1]
        figures[f"{name} raw decisions/s"] = raw
        figures[f"{name} raw+obs decisions/s"] = with_obs
        figures[f"{name} env steps/s"] = env
        figures[f"{name} overhead raw/env"] = raw / env
        figures[f"{name} overhead raw+obs/env"] = with_obs / env
    if not args.json:
        print(machine())
    report(figures, args.json)


if __name__ == "__main__":
    main()
