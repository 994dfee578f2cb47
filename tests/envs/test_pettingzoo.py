"""PettingZoo AEC environments (issue 15 §3, issue 23): PettingZoo's own tests on every game
(Divercité for two learners, the solo games for one), seeding on games with chance."""

from __future__ import annotations

from functools import partial

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra (PettingZoo) is not installed")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from solotable.envs.pettingzoo import env, raw_env  # noqa: E402

GAMES = ["divercite", "dice-miner", "mini-divercity", "51st-state"]
SOLO = GAMES[1:]


# The observation is a dict with an action mask, as in PettingZoo's own classic games (chess,
# go), which api_test's generic advice about Box observations does not cover.
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_api_test_passes(game):
    api_test(env(game=game), num_cycles=60, verbose_progress=False)


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_seed_test_passes(game):
    seed_test(partial(env, game=game), num_cycles=60)


@pytest.mark.parametrize("game", SOLO)
def test_the_seed_decides_the_chance_outcomes(game):
    """What seed_test cannot see when two runs agree: the seed reaches the game's chance
    (another seed deals another game; the same seed the same one)."""

    def first_observations(seed):
        e = raw_env(game=game)
        e.reset(seed=seed)
        return e.observe("player_0")["observation"]

    assert np.array_equal(first_observations(7), first_observations(7))
    assert sum(not np.array_equal(first_observations(7), first_observations(s)) for s in (8, 9))
    e = raw_env(game=game)
    e.reset(seed=1, options={"game_seed": 12345})  # the runner's game 12345
    expected = e.game.new_initial_state(12345)
    while expected.is_chance_node():
        expected.apply_action(expected.sample_chance())
    assert e.state.to_dict() == expected.to_dict()


def _random_game(e, seed, rng):
    e.reset(seed=seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    moves = 0
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        moves += 1
    return totals, moves


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


@pytest.mark.parametrize("game", SOLO)
def test_a_solo_game_has_one_agent_whose_rewards_add_up_to_the_score(game):
    e = raw_env(game=game)
    assert e.possible_agents == ["player_0"]
    totals, moves = _random_game(e, 3, np.random.default_rng(3))
    assert e.state.is_terminal() and moves > 0
    assert totals["player_0"] == pytest.approx(e.state.scores()[0])
    outcome = raw_env(game=game, reward="outcome")
    totals, _ = _random_game(outcome, 3, np.random.default_rng(3))
    assert totals["player_0"] == pytest.approx(outcome.state.returns()[0])
    with pytest.raises(ValueError, match="reward"):
        raw_env(game=game, reward="points")


def test_an_illegal_move_ends_the_game_against_its_author():
    e = raw_env()
    e.reset(seed=0)
    obs, *_ = e.last()
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    e.step(bad)
    assert all(e.terminations.values())
    assert e.rewards["player_0"] == -1.0 and e.rewards["player_1"] == 0.0
    assert e.infos["player_0"]["illegal"]
