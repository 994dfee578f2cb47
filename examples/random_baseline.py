"""The baseline every learner must beat: uniformly random *legal* actions, through Gymnasium.

    python examples/random_baseline.py --env solotable/DiceMiner-v0 --episodes 200

It shows the whole loop a learning agent needs: ``reset``, pick among the actions the
``action_mask`` allows, ``step`` until ``terminated`` or ``truncated``. Episodes are seeded
(episode i uses seed ``seed + i``), so two runs print the same numbers.
"""

from __future__ import annotations

import argparse
from typing import Any

import gymnasium as gym
import numpy as np

import solotable.envs  # registers the solotable/… environments; ENV_IDS lists them


def run(env_id: str, episodes: int, seed: int, **options: Any) -> list[float]:
    """The total reward of each episode."""
    env = gym.make(env_id, **options)
    rng = np.random.default_rng(seed)
    returns = []
    for i in range(episodes):
        obs, _ = env.reset(seed=seed + i)
        total, done = 0.0, False
        while not done:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            obs, reward, terminated, truncated, _ = env.step(action)
            total += float(reward)
            done = terminated or truncated
        returns.append(total)
    env.close()
    return returns


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--env", default="solotable/DiceMiner-v0", choices=solotable.envs.ENV_IDS)
    parser.add_argument("--episodes", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    returns = np.array(run(args.env, args.episodes, args.seed))
    half = 1.96 * returns.std(ddof=1) / np.sqrt(len(returns)) if len(returns) > 1 else 0.0
    print(f"{args.env}: random legal actions, {len(returns)} episodes")
    print(f"mean return {returns.mean():.2f} ± {half:.2f} (95%), best {returns.max():.1f}")


if __name__ == "__main__":
    main()
