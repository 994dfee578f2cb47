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
PettingZoo environment for two learners is :mod:`solotable.envs.pettingzoo`.
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


def _register() -> None:
    for env_id, game in ENV_IDS.items():
        if env_id not in registry:
            register(
                id=env_id,
                entry_point="solotable.envs.gym_env:SolotableEnv",
                kwargs={"game": game},
                disable_env_checker=False,
            )


_register()

__all__ = ["ENV_IDS", "SolotableEnv"]
