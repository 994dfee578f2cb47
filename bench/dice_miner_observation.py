"""What Dice Miner's ``observation(0)`` costs, as a fixed workload (issue 21).

Plays ``GAMES`` random games from fixed seeds (chance by ``sample_chance``, moves by a seeded
choice among the legal ones other than ``stop``, so that games dig to the end) and, at each
decision, builds nothing (``none``), the observation (``obs``), or the observation and its
tensor (``tensor``); ``env`` plays ``GAMES`` episodes of the Gymnasium environment instead.
The workload is the same on any tree, so it can be counted in instructions (which do not
depend on the machine's load) on the trees before and after a change; the cost of an
observation is ``(obs - none) / decisions``, that of an env step the difference of two sizes::

    PYTHONPATH=TREE/src valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        python bench/dice_miner_observation.py obs 80

Without valgrind it prints the decisions played and the wall-clock time per observation
(noisy on a loaded machine: compare back-to-back runs only).
"""

from __future__ import annotations

import argparse
import random
import time

import solotable


def play(mode: str, games: int) -> tuple[int, float]:
    """Decisions played and seconds spent building observations (and tensors)."""
    game = solotable.load_game("dice-miner")
    decisions = 0
    spent = 0.0
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance())
                continue
            if mode != "none":
                start = time.perf_counter()
                obs = state.observation(0)
                if mode == "tensor":
                    game.observation_tensor(obs)
                spent += time.perf_counter() - start
            legal = state.legal_actions()
            digging = [a for a in legal if state.action_to_string(a) != "stop"] or legal
            state.apply_action(rng.choice(digging))
            decisions += 1
    return decisions, spent


def steps(episodes: int) -> int:
    """Steps of ``episodes`` Gymnasium episodes of ``solotable/DiceMiner-v0`` (random masked
    actions, fixed seeds); count it at two sizes and subtract to remove start-up."""
    import gymnasium as gym
    import numpy as np

    import solotable.envs  # noqa: F401  (registers the environments)

    env = gym.make("solotable/DiceMiner-v0")
    rng = np.random.default_rng(1)
    done_steps = 0
    for seed in range(episodes):
        obs, _ = env.reset(seed=seed)
        done = False
        while not done:
            obs, _, terminated, truncated, _ = env.step(
                int(rng.choice(np.flatnonzero(obs["action_mask"])))
            )
            done_steps += 1
            done = terminated or truncated
    return done_steps


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("mode", nargs="?", default="obs", choices=("none", "obs", "tensor", "env"))
    p.add_argument("games", nargs="?", type=int, default=40)
    args = p.parse_args()
    if args.mode == "env":
        print(f"env {args.games} episodes: {steps(args.games)} steps")
        return
    decisions, spent = play(args.mode, args.games)
    per = spent / decisions * 1e6 if decisions else 0.0
    print(f"{args.mode} {args.games} games: {decisions} decisions, {per:.1f} µs per decision")


if __name__ == "__main__":
    main()
