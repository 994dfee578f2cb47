"""MaskablePPO (sb3-contrib) learns Dice Miner: a worked example with its learning curve.

Not part of ``make test``: PyTorch is large, so install it in an environment of its own (the
CPU build is enough; this is the version the figure in docs/research.md was made with)::

    python3 -m venv ppo-venv
    ppo-venv/bin/pip install torch==2.13.0
    ppo-venv/bin/pip install sb3-contrib matplotlib -e '.[rl]'
    nice -n 15 ppo-venv/bin/python examples/maskable_ppo_dice_miner.py

It trains ``MaskablePPO`` on ``solotable/DiceMiner-v0`` (score rewards: an episode's rewards
add up to the final score; illegal moves are masked out with the env's ``action_masks()``)
for a fixed number of environment steps (``--steps``), on one CPU thread. Every ``--every``
steps it plays the greedy policy on the evaluation games: game ``i`` of a ``simulate`` run
with seed 0 (``sim.simulation.game_seed(0, i)``, the games of docs/ai.md), reached with
``reset(options={"game_seed": ...})``, so its scores pair with every other agent's. At the end
the same games are played by ``random``, ``heuristic``, ``pimc`` and the research agent
``clairvoyant:rollouts=4`` (the bound of docs/ai.md: it sees the hidden dice), and the script
writes the learning curve (PNG) and every figure (JSON) to ``--out``.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

import solotable
from solotable.core.runner import play_game
from solotable.sim.simulation import game_seed
from solotable.stats.intervals import t_crit

INSTALL = (
    "this example needs PyTorch, sb3-contrib and matplotlib, in an environment of their own:\n"
    "  python3 -m venv ppo-venv && ppo-venv/bin/pip install torch==2.13.0 && "
    "ppo-venv/bin/pip install sb3-contrib matplotlib -e '.[rl]'"
)
ENV_ID = "solotable/DiceMiner-v0"
BASELINES = ("random", "heuristic", "pimc", "clairvoyant:rollouts=4")


def mean_ci(values: list[float]) -> tuple[float, float]:
    """Mean and Student-t 95% half-width."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, float("nan")
    return mean, t_crit(len(values) - 1) * statistics.stdev(values) / math.sqrt(len(values))


def mask_of(env: Any) -> Any:
    """The legal moves of the env under the wrappers (what MaskablePPO must choose from)."""
    return env.unwrapped.action_masks()


def masked_env() -> Any:
    """The registered env, its action mask given to MaskablePPO by sb3-contrib's wrapper."""
    import gymnasium as gym
    from sb3_contrib.common.wrappers import ActionMasker

    return ActionMasker(gym.make(ENV_ID), mask_of)


def evaluate(model: Any, seeds: list[int]) -> list[float]:
    """The greedy policy's final score on each game seed."""
    env = masked_env()
    scores = []
    for seed in seeds:
        obs, _ = env.reset(seed=0, options={"game_seed": seed})
        done = False
        while not done:
            action, _ = model.predict(
                obs, action_masks=env.unwrapped.action_masks(), deterministic=True
            )
            obs, _, terminated, truncated, _ = env.step(int(action))
            done = terminated or truncated
        scores.append(float(env.unwrapped.state.scores()[0]))
    return scores


def baseline(spec: str, seeds: list[int]) -> list[float]:
    """An agent's final score on each game seed (research agents allowed, as in simulate)."""
    game = solotable.load_game("dice-miner")
    scores = []
    for i, seed in enumerate(seeds):
        agent = solotable.make_agent(spec, game, 0, seed=i, research=True)
        state, _ = play_game(game, [agent], seed=seed)
        scores.append(float(state.scores()[0]))
    return scores


def plot(curve: list[dict[str, Any]], baselines: dict[str, list[float]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps = [c["steps"] for c in curve]
    means = np.array([c["mean"] for c in curve])
    half = np.array([c["ci95"] for c in curve])
    fig, ax = plt.subplots(figsize=(8, 4.5))
    ax.plot(steps, means, marker="o", color="tab:blue", label="MaskablePPO (greedy policy)")
    ax.fill_between(steps, means - half, means + half, color="tab:blue", alpha=0.2)
    styles = {"random": "tab:gray", "heuristic": "tab:green", "pimc": "tab:orange"}
    for spec, scores in baselines.items():
        mean, _ = mean_ci(scores)
        label = "clairvoyant (bound)" if spec.startswith("clairvoyant") else spec
        ax.axhline(
            mean, linestyle="--", color=styles.get(spec, "tab:red"), label=f"{label}: {mean:.1f}"
        )
    ax.set_xlabel("environment steps (learner decisions)")
    ax.set_ylabel(f"mean score on {len(curve[0]['scores'])} evaluation games")
    ax.set_title("Dice Miner: MaskablePPO learning curve (95% intervals)")
    ax.legend(loc="lower right", fontsize=8)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--steps", type=int, default=250_000, help="training steps in all")
    parser.add_argument("--every", type=int, default=25_000, help="steps between evaluations")
    parser.add_argument("--eval-games", type=int, default=40, help="evaluation game seeds")
    parser.add_argument("--envs", type=int, default=4, help="environments stepped together")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--baselines", default=",".join(BASELINES), help="agents to compare")
    parser.add_argument("--out", type=Path, default=Path("docs/research"))
    args = parser.parse_args()
    try:
        import torch
        from sb3_contrib import MaskablePPO
        from sb3_contrib.common.wrappers import ActionMasker
        from stable_baselines3.common.env_util import make_vec_env
    except ImportError:
        print(INSTALL, file=sys.stderr)
        return 2
    import solotable.envs  # noqa: F401  (registers the Gymnasium ids)

    torch.set_num_threads(1)  # one core: the figure's CPU minutes are per core
    seeds = [game_seed(0, i) for i in range(args.eval_games)]
    vec = make_vec_env(  # SB3's own way from the registered id
        ENV_ID,
        n_envs=args.envs,
        seed=args.seed,
        wrapper_class=ActionMasker,
        wrapper_kwargs={"action_mask_fn": mask_of},
    )
    model = MaskablePPO(
        "MultiInputPolicy",
        vec,
        n_steps=512,
        batch_size=256,
        n_epochs=4,
        learning_rate=3e-4,
        gamma=0.995,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [256, 256]},
        seed=args.seed,
        device="cpu",
        verbose=0,
    )
    args.out.mkdir(parents=True, exist_ok=True)
    start = time.process_time()
    curve: list[dict[str, Any]] = []
    done = 0
    while True:
        scores = evaluate(model, seeds)
        mean, half = mean_ci(scores)
        curve.append({"steps": done, "mean": mean, "ci95": half, "scores": scores})
        print(f"{done:>8} steps  mean score {mean:6.2f} ± {half:.2f}", flush=True)
        if done >= args.steps:
            break
        chunk = min(args.every, args.steps - done)
        model.learn(total_timesteps=chunk, reset_num_timesteps=False)
        done = model.num_timesteps
    train_cpu = time.process_time() - start
    results: dict[str, Any] = {
        "command": " ".join(["python", *sys.argv]),
        "steps": done,
        "train_and_eval_cpu_seconds": round(train_cpu, 1),
        "eval_game_seeds": seeds,
        "curve": curve,
        "baselines": {},
    }
    baselines: dict[str, list[float]] = {}
    for spec in filter(None, args.baselines.split(",")):
        t0 = time.process_time()
        baselines[spec] = baseline(spec, seeds)
        mean, half = mean_ci(baselines[spec])
        cpu = time.process_time() - t0
        results["baselines"][spec] = {"mean": mean, "ci95": half, "scores": baselines[spec]}
        print(f"{spec:>24}  mean score {mean:6.2f} ± {half:.2f}  ({cpu:.0f} CPU s)", flush=True)
    final = curve[-1]["scores"]
    for spec, scores in baselines.items():
        diffs = [a - b for a, b in zip(final, scores, strict=True)]
        mean, half = mean_ci(diffs)
        results["baselines"][spec]["ppo_minus_it"] = {"mean": mean, "ci95": half}
        print(f"  PPO − {spec}: {mean:+.2f} ± {half:.2f} (paired seeds)")
    results["total_cpu_seconds"] = round(time.process_time() - start, 1)
    (args.out / "maskable_ppo_dice_miner.json").write_text(json.dumps(results, indent=1) + "\n")
    plot(curve, baselines, args.out / "maskable_ppo_dice_miner.png")
    print(f"wrote {args.out}/maskable_ppo_dice_miner.png and .json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
