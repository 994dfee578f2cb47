"""The generic PIMC agent: legal, deterministic, honest (observations only), useful."""

import pytest

import solotable
import tests.toy_game  # noqa: F401
from solotable.agents.search.pimc import PimcAgent, default_base
from solotable.core.agent import Turn
from solotable.core.errors import UnknownNameError
from solotable.core.rng import Rng
from solotable.core.runner import play_game
from solotable.sim.simulation import run_games
from tests.agents import fake_clock
from tests.agents.positions import SOLO_GAMES, frozen_turn, midgame


def test_pimc_prefers_the_obviously_better_move():
    # With a roll of 1, doubling (2 points) beats taking (1 point) in a race.
    g = solotable.load_game("toy-race", target=7)
    s = g.new_initial_state(0)
    s.apply_action(s.string_to_action("roll1"))
    agent = solotable.make_agent("pimc:samples=300,top=0", g, 0, seed=1)
    assert s.action_to_string(agent.act(frozen_turn(s))) == "double"
    assert isinstance(agent, PimcAgent)
    (double, take) = s.string_to_action("double"), s.string_to_action("take")
    assert agent.last_values[double][0] > agent.last_values[take][0]


def test_pimc_with_halving_still_prefers_the_better_move():
    g = solotable.load_game("toy-race", target=7, skipping=True)
    s = g.new_initial_state(0)
    s.apply_action(s.string_to_action("roll1"))
    agent = solotable.make_agent("pimc:samples=300,top=0,halve=1", g, 0, seed=2)
    assert s.action_to_string(agent.act(frozen_turn(s))) == "double"
    # "skip" is the worst move and is dropped at half time: fewer samples.
    assert isinstance(agent, PimcAgent)
    assert agent.last_values[s.string_to_action("skip")][2] == 150
    assert agent.last_values[s.string_to_action("double")][2] == 300


def test_base_policy_defaults_to_the_best_available():
    assert default_base(solotable.load_game("toy-race")) == "random"
    assert default_base(solotable.load_game("divercite")) == "greedy"
    for name in SOLO_GAMES:
        assert default_base(solotable.load_game(name)) == "heuristic"


def test_a_forced_move_is_played_without_search():
    g = solotable.load_game("toy-race", doubling=False)
    s = g.new_initial_state(0)
    s.apply_action(s.string_to_action("roll1"))
    agent = solotable.make_agent("pimc:samples=50", g, 0, seed=1)
    calls = []
    turn = Turn(0, s.legal_actions(), lambda: calls.append(1) or s.observation(0))
    assert s.action_to_string(agent.act(turn)) == "take"
    assert calls == []  # not even the observation was needed


def test_pimc_beats_an_agent_that_never_doubles():
    results = run_games("toy-race", {}, ["pimc:samples=20", "first"], 30, seed=3)
    wins = sum(1 for r in results if r.returns[r.seats.index(0)] > 0)
    assert wins > 15


@pytest.mark.parametrize("name", SOLO_GAMES)
def test_pimc_sees_only_the_observation(name: str):
    """Two true states that look the same to the player get the same decision."""
    state = midgame(name, seed=11, decisions=6)
    game = state.game
    obs = state.observation(0)
    # Other true states consistent with what the player saw: hidden parts re-dealt.
    others = [game.sample_state(obs, 0, Rng(k)) for k in (101, 202)]
    for other in others:
        assert other.observation(0) == obs
    assert any(o.to_dict() != state.to_dict() for o in others)
    picks = set()
    for true_state in [state, *others]:
        agent = solotable.make_agent("pimc:samples=2,top=2", game, 0, seed=5)
        picks.add(agent.act(frozen_turn(true_state)))
    assert len(picks) == 1


@pytest.mark.parametrize("name", SOLO_GAMES)
def test_pimc_is_deterministic_for_a_seed(name: str):
    state = midgame(name, seed=4, decisions=3)
    game = state.game
    a = solotable.make_agent("pimc:samples=2,top=3", game, 0, seed=9)
    b = solotable.make_agent("pimc:samples=2,top=3", game, 0, seed=9)
    assert isinstance(a, PimcAgent) and isinstance(b, PimcAgent)
    assert a.act(frozen_turn(state)) == b.act(frozen_turn(state))
    assert a.last_values == b.last_values
    assert len(a.last_values) == min(3, len(state.legal_actions()))


@pytest.mark.parametrize("name", SOLO_GAMES)
def test_pimc_plays_a_whole_solo_game_legally(name: str):
    # play_game raises on an illegal action; the game must end normally.
    game = solotable.load_game(name)
    agent = solotable.make_agent("pimc:samples=1,top=2", game, 0, seed=1)
    state, record = play_game(game, [agent], 21)
    assert state.is_terminal()
    assert record.result is not None and not record.result.get("forfeit")


def test_the_time_budget_cuts_the_search_short(monkeypatch):
    """With a clock that moves 10 ms per read, a 50 ms budget stops the search after the
    few deals whose next one would overrun it, not after the 10000 asked for."""
    from solotable.agents.search import pimc

    clock = fake_clock.install(monkeypatch, pimc, step=0.01)
    state = midgame("dice-miner", seed=3, decisions=2)
    agent = solotable.make_agent("pimc:samples=10000,top=2", state.game, 0, seed=1)
    assert isinstance(agent, PimcAgent)
    turn = frozen_turn(state)
    turn.time_budget = 0.05
    agent.act(turn)
    counts = [n for _, _, n in agent.last_values.values()]
    assert counts and max(counts) == 3, counts
    assert clock.reads == 1 + 2 * 3


def test_bad_parameters_are_reported():
    g = solotable.load_game("toy-race")
    with pytest.raises(UnknownNameError, match="unknown parameter"):
        solotable.make_agent("pimc:depth=3", g, 0)
    with pytest.raises(UnknownNameError, match="bad parameter value"):
        solotable.make_agent("pimc:samples=many", g, 0)
    with pytest.raises(UnknownNameError, match="cannot be pimc"):
        solotable.make_agent("pimc:base=pimc", g, 0)
    with pytest.raises(UnknownNameError, match="unknown agent"):
        solotable.make_agent("pimc:base=nosuch", g, 0)


def test_the_base_pick_is_kept_unless_beaten_beyond_noise():
    # The "first" policy always takes; doubling is better, but only by a little per deal.
    g = solotable.load_game("toy-race", target=7)
    s = g.new_initial_state(0)
    s.apply_action(s.string_to_action("roll1"))
    bold = solotable.make_agent("pimc:base=first,samples=200,top=0,z=0", g, 0, seed=3)
    shy = solotable.make_agent("pimc:base=first,samples=200,top=0,z=1000", g, 0, seed=3)
    assert s.action_to_string(bold.act(frozen_turn(s))) == "double"
    assert s.action_to_string(shy.act(frozen_turn(s))) == "take"
