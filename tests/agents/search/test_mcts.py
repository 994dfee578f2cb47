"""The generic ISMCTS agent: legal, deterministic, searches from observations only."""

import pytest

import solotable
import tests.toy_game  # noqa: F401
from solotable.core.agent import Turn
from solotable.core.errors import UnknownNameError
from solotable.sim.simulation import run_games, summarize


def test_mcts_prefers_the_obviously_better_move():
    # With a roll of 1, doubling (2 points) beats taking (1 point) in a race.
    g = solotable.load_game("toy-race", target=7)
    s = g.new_initial_state(0)
    s.apply_action(s.string_to_action("roll1"))
    agent = solotable.make_agent("mcts:iterations=300", g, 0, seed=1)
    turn = Turn(0, s.legal_actions(), lambda: s.observation(0))
    assert s.action_to_string(agent.act(turn)) == "double"


def test_mcts_beats_an_agent_that_never_doubles():
    results = run_games("toy-race", {}, ["mcts:iterations=60", "first"], 40, seed=3)
    summary = summarize("toy-race", ["mcts", "first"], 3, results, 2)
    assert summary["agents"][0]["wins"] > summary["agents"][0]["losses"]


def test_mcts_is_deterministic_for_a_seed():
    a = run_games("toy-race", {}, ["mcts:iterations=30", "random"], 6, seed=9)
    b = run_games("toy-race", {}, ["mcts:iterations=30", "random"], 6, seed=9)
    assert [r.scores for r in a] == [r.scores for r in b]


def test_bad_parameters_are_reported():
    g = solotable.load_game("toy-race")
    with pytest.raises(UnknownNameError, match="unknown parameter"):
        solotable.make_agent("mcts:depth=3", g, 0)
    with pytest.raises(UnknownNameError, match="bad parameter value"):
        solotable.make_agent("mcts:iterations=many", g, 0)


def test_mcts_can_roll_out_with_the_game_heuristic():
    g = solotable.load_game("dice-miner")
    a = run_games("dice-miner", {}, ["mcts:iterations=4,rollout=heuristic"], 1, seed=4)
    b = run_games("dice-miner", {}, ["mcts:iterations=4,rollout=base"], 1, seed=4)
    # "base" means the game's heuristic here, and the search stays deterministic.
    assert [r.scores for r in a] == [r.scores for r in b]
    agent = solotable.make_agent("mcts:rollout=heuristic", g, 0)
    assert agent.policies is not None and agent.policies[0].name == "heuristic"


def test_bad_rollout_policies_are_reported():
    g = solotable.load_game("toy-race")
    with pytest.raises(UnknownNameError, match="unknown agent"):
        solotable.make_agent("mcts:rollout=nosuch", g, 0)
    with pytest.raises(UnknownNameError, match="cannot be mcts"):
        solotable.make_agent("mcts:rollout=mcts", g, 0)
