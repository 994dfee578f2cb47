"""Gymnasium environments for solotable's games (the ``rl`` extra).

Importing this module registers them::

    import gymnasium as gym
    import solotable.envs  # noqa: F401

    env = gym.make("solotable/DiceMiner-v0", magic_dice=2)   # game options as kwargs
    obs, info = env.reset(seed=0)
    obs["observation"], obs["action_mask"]                   # float32 vector, int8 mask

``solotable/MiniDiverCity-v0``, ``solotable/DiceMiner-v0``, ``solotable/51stState-v0`` are the
solo games; ``solotable/Divercite-v0`` plays one seat (``seat=0``) against a built-in agent
(``opponent="greedy"``, or any agent spec such as ``"alphabeta:depth=2"``). Rewards, illegal
actions and the observation encoding are described in :mod:`solotable.envs.gym_env`; the
PettingZoo environments (every game, one agent per seat) are in :mod:`solotable.envs.pettingzoo`.

Each id has a step limit (``max_episode_steps``, :data:`MAX_EPISODE_STEPS`): Gymnasium's
``TimeLimit`` ends an episode that reaches it with ``truncated=True`` (``terminated`` stays
False: the game is not over). No real game comes near it; it is there for a learner stuck
repeating ignored illegal actions (``illegal="ignore"``). ``gymnasium.make(id,
max_episode_steps=N)`` sets another.
"""

from __future__ import annotations

from gymnasium.envs.registration import register, registry

from solotable.envs.gym_env import SolotableEnv

ENV_IDS: dict[str, str] = {
    "solotable/MiniDiverCity-v0": "mini-divercity",
    "solotable/DiceMiner-v0": "dice-miner",
    "solotable/51stState-v0": "51st-state",
    "solotable/Divercite-v0": "divercite",
}
"""Gymnasium id → solotable game name."""

MAX_EPISODE_STEPS: dict[str, int] = {
    "solotable/MiniDiverCity-v0": 200,
    "solotable/DiceMiner-v0": 200,
    "solotable/51stState-v0": 400,
    "solotable/Divercite-v0": 100,
}
"""Learner decisions after which an episode is truncated: about three times the longest game
measured (``bench/episode_lengths.py``, 1,000 games with random and with rule-based play, seat
0 against ``greedy`` in Divercité): Dice Miner 69 decisions, Mini DiverCity 73, 51st State
116; a Divercité seat always plays 21 or 20 (docs/research.md has the distributions)."""


def _register() -> None:
    for env_id, game in ENV_IDS.items():
        if env_id not in registry:
            register(
                id=env_id,
                entry_point="solotable.envs.gym_env:SolotableEnv",
                kwargs={"game": game},
                max_episode_steps=MAX_EPISODE_STEPS[env_id],
                disable_env_checker=False,
            )


_register()

__all__ = ["ENV_IDS", "MAX_EPISODE_STEPS", "SolotableEnv"]
