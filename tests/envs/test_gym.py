"""Gymnasium environments (issue 15 §2): registered ids, Gymnasium's own checker, rewards,
seeding, options as kwargs, illegal actions."""

from __future__ import annotations

import pytest

gym = pytest.importorskip("gymnasium", reason="the rl extra (Gymnasium) is not installed")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import solotable.envs  # noqa: E402

IDS = list(solotable.envs.ENV_IDS)


def _random_episode(env, seed, rng):
    obs, _ = env.reset(seed=seed)
    total, steps, done = 0.0, 0, False
    while not done:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        assert "illegal" not in info
        total += reward
        steps += 1
        done = terminated or truncated
    return total, steps, obs


@pytest.mark.parametrize("env_id", IDS)
@pytest.mark.parametrize("mode", ["ansi", "rgb_array"])
def test_gymnasiums_env_checker_passes(env_id, mode):
    """check_env, which also checks what render() returns in the env's mode."""
    env = gym.make(env_id, render_mode=mode)
    with np.errstate(all="raise"):
        check_env(env.unwrapped)
    env.reset(seed=0)
    assert isinstance(env.render(), str if mode == "ansi" else np.ndarray)


@pytest.mark.parametrize("env_id", IDS)
def test_score_rewards_add_up_to_the_final_score_and_seeds_reproduce(env_id):
    env = gym.make(env_id, reward="score").unwrapped
    first = _random_episode(env, 3, np.random.default_rng(1))
    again = _random_episode(env, 3, np.random.default_rng(1))
    assert first[:2] == again[:2]
    assert np.array_equal(first[2]["observation"], again[2]["observation"])
    assert env.state.is_terminal()
    assert first[0] == pytest.approx(env.state.scores()[env.seat])
    assert first[2]["action_mask"].sum() == 0  # nothing is legal once the game is over


def test_divercite_outcome_reward_is_the_result_and_the_opponent_is_chosen():
    env = gym.make("solotable/Divercite-v0", opponent="random", seat=1).unwrapped
    total, steps, _ = _random_episode(env, 0, np.random.default_rng(0))
    assert total == env.state.returns()[1] and total in (-1.0, 0.0, 1.0)
    assert 15 <= steps <= 25  # the learner plays about half of the 41 plies
    assert type(env.opponents[0]).__name__ == "RandomAgent"
    with pytest.raises(ValueError, match="seat"):
        gym.make("solotable/Divercite-v0", seat=2)


def test_game_options_are_make_kwargs():
    env = gym.make("solotable/DiceMiner-v0", rows="4-3-2-1").unwrapped
    assert env.game.options["rows"] == "4-3-2-1"
    assert env.observation_space["observation"].shape == (env.game.observation_tensor_spec().size,)
    assert gym.make("solotable/DiceMiner-v0").unwrapped.observation_space != env.observation_space
    with pytest.raises(solotable.core.errors.OptionError, match="magic_dice"):
        gym.make("solotable/DiceMiner-v0", magic_dice=99)


def test_an_illegal_action_terminates_with_the_penalty_and_the_reason():
    env = gym.make("solotable/Divercite-v0", illegal_penalty=-5.0).unwrapped
    obs, _ = env.reset(seed=0)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs2, reward, terminated, truncated, info = env.step(bad)
    assert (reward, terminated, truncated) == (-5.0, True, False)
    assert info["illegal"] and np.array_equal(obs2["observation"], obs["observation"])


def test_ignored_illegal_actions_leave_the_state_and_truncate_eventually():
    env = gym.make("solotable/DiceMiner-v0", illegal="ignore", max_illegal=3).unwrapped
    obs, _ = env.reset(seed=0)
    before = env.state.to_dict()
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    results = [env.step(bad)[1:4] for _ in range(3)]
    assert results == [(-1.0, False, False), (-1.0, False, False), (-1.0, False, True)]
    assert env.state.to_dict() == before
    good = int(np.flatnonzero(obs["action_mask"])[0])
    env.step(good)  # a legal action is still accepted afterwards
    _, reward, _, _, info = env.step(10**6)  # outside the action space: same treatment
    assert reward == -1.0 and info["illegal"] == "outside the game's action space"


@pytest.mark.parametrize("env_id", IDS)
def test_registered_ids_carry_the_measured_step_limit(env_id):
    assert gym.spec(env_id).max_episode_steps == solotable.envs.MAX_EPISODE_STEPS[env_id]
    env = gym.make(env_id)
    assert env.spec.max_episode_steps == solotable.envs.MAX_EPISODE_STEPS[env_id]


def test_reaching_the_step_limit_is_a_truncation_with_the_legal_moves_still_masked():
    env = gym.make("solotable/51stState-v0", max_episode_steps=3)
    obs, _ = env.reset(seed=0)
    results = []
    for _ in range(3):
        obs, _, terminated, truncated, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        results.append((terminated, truncated))
    assert results == [(False, False), (False, False), (False, True)]
    assert not env.unwrapped.state.is_terminal()
    assert obs["action_mask"].sum() > 0  # the game goes on: its legal moves are in the mask
    assert np.array_equal(obs["action_mask"].astype(bool), env.unwrapped.action_masks())


def test_rule_based_games_stay_far_below_the_step_limit():
    """The limit is about three times the longest game measured (bench/episode_lengths.py);
    a sample of the rule-based player's Dice Miner games (its longest kind) stays below half."""
    from solotable.core.agent import Turn
    from solotable.core.registry import make_agent

    env = gym.make("solotable/DiceMiner-v0").unwrapped
    longest = 0
    for seed in range(10):
        env.reset(seed=seed)
        agent = make_agent("heuristic", env.game, 0, seed)
        steps, done = 0, False
        while not done:
            action = agent.act(Turn.for_state(env.state, 0))
            _, _, done, truncated, _ = env.step(action)
            assert not truncated
            steps += 1
        longest = max(longest, steps)
    assert 20 < longest < solotable.envs.MAX_EPISODE_STEPS["solotable/DiceMiner-v0"] / 2


def test_a_game_seed_option_plays_the_same_game_as_the_runner():
    """``reset(options={"game_seed": n})`` deals what ``play_game(..., seed=n)`` deals: the
    rule-based player scores the same through the env as through the runner."""
    from solotable.core.agent import Turn
    from solotable.core.registry import make_agent
    from solotable.core.runner import play_game

    env = gym.make("solotable/DiceMiner-v0").unwrapped
    for n in (12345, 20264):
        env.reset(seed=0, options={"game_seed": n})
        agent = make_agent("heuristic", env.game, 0, 1)
        done = False
        while not done:
            _, _, done, _, _ = env.step(agent.act(Turn.for_state(env.state, 0)))
        state, _ = play_game(env.game, [make_agent("heuristic", env.game, 0, 1)], seed=n)
        assert env.state.history == state.history and env.state.scores() == state.scores()
    env.reset(seed=0, options={"game_seed": 12345})
    first = env.state.to_dict()
    env.reset(seed=0)
    assert env.state.to_dict() != first
