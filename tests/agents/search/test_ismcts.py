"""The ISMCTS agent: honest (observations only), reproducible at a fixed budget,
explains its candidates, and finds the better move when there is one."""

from __future__ import annotations

import pytest

import solotable
import tests.toy_game  # noqa: F401
from solotable.agents.search.ismcts import IsmctsAgent
from solotable.core.agent import Turn
from solotable.core.errors import UnknownNameError
from solotable.core.rng import Rng
from solotable.core.runner import play_game
from solotable.words import words
from tests.agents.positions import SOLO_GAMES, frozen_turn, midgame


def test_ismcts_prefers_the_obviously_better_move():
    # With a roll of 1, doubling (2 points) beats taking (1 point) in a race.
    g = solotable.load_game("toy-race", target=7)
    s = g.new_initial_state(0)
    s.apply_action(s.string_to_action("roll1"))
    agent = solotable.make_agent("ismcts:iterations=400,z=0", g, 0, seed=1)
    assert s.action_to_string(agent.act(frozen_turn(s))) == "double"


def test_the_policy_pick_stands_unless_beaten_beyond_noise():
    # "first" always takes; doubling is better, but the guard needs evidence.
    g = solotable.load_game("toy-race", target=7)
    s = g.new_initial_state(0)
    s.apply_action(s.string_to_action("roll1"))
    bold = solotable.make_agent("ismcts:base=first,iterations=400,prior=0.3,z=0", g, 0, 3)
    shy = solotable.make_agent("ismcts:base=first,iterations=400,prior=0.3,z=1000", g, 0, 3)
    assert s.action_to_string(bold.act(frozen_turn(s))) == "double"
    assert s.action_to_string(shy.act(frozen_turn(s))) == "take"


@pytest.mark.parametrize("name", SOLO_GAMES)
def test_ismcts_sees_only_the_observation(name: str):
    """True states that look the same to the player get the same decision."""
    state = midgame(name, seed=11, decisions=6)
    game = state.game
    obs = state.observation(0)
    others = [game.sample_state(obs, 0, Rng(k)) for k in (101, 202)]
    for other in others:
        assert other.observation(0) == obs
    picks = set()
    for true_state in [state, *others]:
        agent = solotable.make_agent("ismcts:iterations=12,deals=4", game, 0, seed=5)
        picks.add(agent.act(frozen_turn(true_state)))
    assert len(picks) == 1


@pytest.mark.parametrize("name", SOLO_GAMES)
def test_a_fixed_budget_is_reproducible(name: str):
    state = midgame(name, seed=4, decisions=3)
    game = state.game
    spec = "ismcts:iterations=16,deals=4"
    a = solotable.make_agent(spec, game, 0, seed=9)
    b = solotable.make_agent(spec, game, 0, seed=9)
    assert a.act(frozen_turn(state)) == b.act(frozen_turn(state))
    ca = a.analyse(frozen_turn(state), k=3)
    cb = b.analyse(frozen_turn(state), k=3)
    assert ca == cb
    assert isinstance(a, IsmctsAgent) and a.last_iterations == 16


@pytest.mark.parametrize("name", SOLO_GAMES)
def test_analyse_ranks_candidates_with_values_and_reasons(name: str):
    state = midgame(name, seed=7, decisions=4)
    game = state.game
    agent = solotable.make_agent("ismcts:iterations=24,deals=4,prior=0.3", game, 0, seed=2)
    again = solotable.make_agent("ismcts:iterations=24,deals=4,prior=0.3", game, 0, seed=2)
    legal = state.legal_actions()
    played = legal[-1]
    cands = agent.analyse(frozen_turn(state), k=2, include=[played])
    # The first candidate is the move the agent plays with the same budget and seed.
    assert cands[0].action == again.act(frozen_turn(state))
    assert {c.action for c in cands} <= set(legal)
    assert played in {c.action for c in cands}
    assert len({c.action for c in cands}) == len(cands)
    unit = cands[0].unit
    assert unit in ("final score", "win chance")
    for c in cands:
        assert c.unit == unit and c.spread >= 0 and c.reason
    said = [words("en").say(c.reason) for c in cands]  # reasons are messages (issue 21)
    explored = [r for r in said if r != "not explored"]
    assert "≈" in explored[0]


def test_a_forced_move_needs_no_search():
    g = solotable.load_game("toy-race", doubling=False)
    s = g.new_initial_state(0)
    s.apply_action(s.string_to_action("roll1"))
    agent = solotable.make_agent("ismcts:iterations=50", g, 0, seed=1)
    calls: list[int] = []
    turn = Turn(0, s.legal_actions(), lambda: calls.append(1) or s.observation(0))
    assert s.action_to_string(agent.act(turn)) == "take"
    assert calls == []


def test_ismcts_plays_a_whole_dice_miner_game_legally():
    game = solotable.load_game("dice-miner")
    agent = solotable.make_agent("ismcts:iterations=4,deals=2", game, 0, seed=1)
    state, record = play_game(game, [agent], 21)
    assert state.is_terminal()
    assert record.result is not None and not record.result.get("forfeit")


def test_bad_parameters_are_reported():
    g = solotable.load_game("toy-race")
    with pytest.raises(UnknownNameError, match="unknown parameter"):
        solotable.make_agent("ismcts:samples=3", g, 0)
    with pytest.raises(UnknownNameError, match="bad parameter value"):
        solotable.make_agent("ismcts:iterations=lots", g, 0)
    with pytest.raises(UnknownNameError, match="rule-based"):
        solotable.make_agent("ismcts:base=pimc", g, 0)


def test_depth_one_keeps_the_tree_at_the_root():
    state = midgame("dice-miner", seed=5, decisions=3)
    flat = solotable.make_agent("ismcts:iterations=20,deals=4,depth=1", state.game, 0, seed=1)
    deep = solotable.make_agent("ismcts:iterations=20,deals=4", state.game, 0, seed=1)
    assert isinstance(flat, IsmctsAgent) and isinstance(deep, IsmctsAgent)
    flat.act(frozen_turn(state))
    deep.act(frozen_turn(state))
    assert flat._root.children and all(not c.children for c in flat._root.children.values())
    assert any(c.children for c in deep._root.children.values())
    assert sum(c.visits for c in flat._root.children.values()) == 20
