"""The PettingZoo AEC environment for Divercité (issue 15 §3): PettingZoo's own tests."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra (PettingZoo) is not installed")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from solotable.envs.pettingzoo import env, raw_env  # noqa: E402


# The observation is a dict with an action mask, as in PettingZoo's own classic games (chess,
# go), which api_test's generic advice about Box observations does not cover.
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
def test_pettingzoo_api_test_passes():
    api_test(env(), num_cycles=60, verbose_progress=False)


def test_pettingzoo_seed_test_passes():
    seed_test(env, num_cycles=60)


def test_a_game_to_the_end_gives_the_result_to_both_players():
    e = raw_env(neutral_first=True)
    e.reset(seed=4)
    rng = np.random.default_rng(0)
    moves = 0
    rewards = {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        rewards[agent] = reward
        if terminated or truncated:
            e.step(None)
            continue
        mine = obs["observation"][e.game.observation_tensor_spec().by_name["flags"].offset]
        assert mine == 1.0  # the observer is the player to move
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        moves += 1
    assert moves == 41 and e.state.is_terminal()
    assert rewards == {"player_0": e.state.returns()[0], "player_1": e.state.returns()[1]}


def test_an_illegal_move_ends_the_game_against_its_author():
    e = raw_env()
    e.reset(seed=0)
    obs, *_ = e.last()
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    e.step(bad)
    assert all(e.terminations.values())
    assert e.rewards["player_0"] == -1.0 and e.rewards["player_1"] == 0.0
    assert e.infos["player_0"]["illegal"]
    with pytest.raises(ValueError, match="solo game"):
        raw_env(game="dice-miner")
