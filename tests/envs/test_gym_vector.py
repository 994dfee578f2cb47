"""The environments' vector is the game's encoding of the learner's observation.

``SolotableEnv`` writes it through ``Game.observation_tensor_into`` (the core's default for
Dice Miner and Divercité, a state encoder for Mini DiverCity and 51st State): at every step
of random episodes it must equal ``observation_tensor(observation(seat))`` in ``float32``,
and each step must hand out new arrays (a learner keeps them in its buffers)."""

from __future__ import annotations

import random

import pytest

gym = pytest.importorskip("gymnasium", reason="the rl extra (Gymnasium) is not installed")
np = pytest.importorskip("numpy")

import solotable.envs  # noqa: E402


@pytest.mark.parametrize("env_id", list(solotable.envs.ENV_IDS))
def test_every_step_shows_the_encoded_observation_in_fresh_arrays(env_id: str) -> None:
    env = gym.make(env_id, opponent="random") if "Divercite" in env_id else gym.make(env_id)
    inner = env.unwrapped
    rng = random.Random(7)
    steps = 0
    kept = []
    for seed in range(6):
        obs, _ = env.reset(seed=seed)
        done = False
        while not done and steps < 400:
            expected = np.asarray(
                inner.game.observation_tensor(inner.state.observation(inner.seat)),
                dtype=np.float32,
            )
            assert obs["observation"].dtype == np.float32
            assert np.array_equal(obs["observation"], expected)
            legal = inner.legal_actions()
            assert sorted(np.flatnonzero(obs["action_mask"]).tolist()) == sorted(legal)
            kept.append((obs, expected))
            obs, _, terminated, truncated, _ = env.step(legal[rng.randrange(len(legal))])
            steps += 1
            done = terminated or truncated
    for old, expected in kept[-20:]:  # later steps did not write into earlier arrays
        assert np.array_equal(old["observation"], expected)
    assert steps >= 30
