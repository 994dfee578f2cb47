"""Policy-gradient training on Dice Miner in pure NumPy: a learner that beats random play.

    python examples/train_dice_miner.py                  # the full run (a few minutes, 1 core)
    python examples/train_dice_miner.py --episodes 40 --eval 10   # a smoke test

REINFORCE with a running-mean baseline on a linear softmax policy over the *legal* actions
(the Gymnasium env's ``action_mask``), features = the game's observation tensor. Rewards are
the score changes, so an episode's return is the final score. Every ``--report`` episodes it
prints the mean training return; at the end it compares the learned policy (greedy) with
uniformly random legal play on the same evaluation seeds, which no training episode used.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt

import solotable.envs  # noqa: F401  (registers the solotable/… environments)

Array = npt.NDArray[np.float64]


class LinearPolicy:
    """``softmax(W x + b)`` restricted to the legal actions."""

    def __init__(self, n_features: int, n_actions: int, rng: np.random.Generator) -> None:
        self.w = rng.normal(0.0, 0.01, (n_actions, n_features))
        self.b = np.zeros(n_actions)

    def probabilities(self, x: Array, mask: npt.NDArray[Any]) -> Array:
        legal = np.flatnonzero(mask)
        logits = self.w[legal] @ x + self.b[legal]
        p = np.exp(logits - logits.max())
        out = np.zeros(len(mask))
        out[legal] = p / p.sum()
        return out


def play(
    env: Any, policy: LinearPolicy, seed: int, rng: np.random.Generator, mode: str
) -> tuple[float, list[tuple[Array, npt.NDArray[Any], int]]]:
    """One episode: ``mode`` is "sample" (training), "greedy" or "random"."""
    obs, _ = env.reset(seed=seed)
    total, steps, done = 0.0, [], False
    while not done:
        x, mask = obs["observation"].astype(np.float64), obs["action_mask"]
        if mode == "random":
            action = int(rng.choice(np.flatnonzero(mask)))
        else:
            p = policy.probabilities(x, mask)
            action = int(np.argmax(p)) if mode == "greedy" else int(rng.choice(len(p), p=p))
            steps.append((x, mask, action))
        obs, reward, terminated, truncated, _ = env.step(action)
        total += float(reward)
        done = terminated or truncated
    return total, steps


def reinforce(policy: LinearPolicy, steps: list[Any], advantage: float, lr: float) -> None:
    """``θ += lr · A · ∇ log π(a|x)`` for every decision of the episode."""
    for x, mask, action in steps:
        p = policy.probabilities(x, mask)
        grad = -p
        grad[action] += 1.0
        legal = np.flatnonzero(mask)
        policy.w[legal] += lr * advantage * np.outer(grad[legal], x)
        policy.b[legal] += lr * advantage * grad[legal]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=3000)
    parser.add_argument("--eval", type=int, default=200, help="evaluation episodes per policy")
    parser.add_argument("--report", type=int, default=250)
    parser.add_argument("--lr", type=float, default=0.01)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    env = gym.make("solotable/DiceMiner-v0")
    rng = np.random.default_rng(args.seed)
    size = env.observation_space["observation"].shape[0]  # type: ignore[index]
    policy = LinearPolicy(size, int(env.action_space.n), rng)  # type: ignore[attr-defined]
    baseline, window = 0.0, []
    start = time.perf_counter()
    for episode in range(1, args.episodes + 1):
        total, steps = play(env, policy, 10_000_000 + episode, rng, "sample")
        baseline += 0.05 * (total - baseline)
        reinforce(policy, steps, (total - baseline) / 10.0, args.lr)
        window.append(total)
        if episode % args.report == 0 or episode == args.episodes:
            elapsed = time.perf_counter() - start
            print(f"episodes {episode:>5}: mean return {np.mean(window):6.2f}  ({elapsed:.0f} s)")
            window = []

    seeds = range(args.eval)
    learned = [play(env, policy, s, rng, "greedy")[0] for s in seeds]
    random = [play(env, policy, s, rng, "random")[0] for s in seeds]
    for label, scores in (("learned (greedy)", learned), ("random legal", random)):
        a = np.array(scores)
        half = 1.96 * a.std(ddof=1) / np.sqrt(len(a)) if len(a) > 1 else 0.0
        print(f"{label:>17}: mean score {a.mean():6.2f} ± {half:.2f} over {len(a)} games")


if __name__ == "__main__":
    main()
