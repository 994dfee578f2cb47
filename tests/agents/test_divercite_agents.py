"""Divercité agents: greedy, alpha-beta and the named levels (issue §4)."""

from __future__ import annotations

import time

import pytest

from solotable import load_game, make_agent
from solotable.agents.divercite_alphabeta import AlphaBetaAgent, choose_move
from solotable.agents.divercite_greedy import GreedyAgent
from solotable.core.agent import Turn
from solotable.core.errors import UnknownNameError
from solotable.core.rng import Rng
from solotable.core.runner import play_game
from solotable.games.divercite import DiverciteState


def _state(moves: list[str], **options) -> DiverciteState:
    state = load_game("divercite", **options).new_initial_state(0)
    assert isinstance(state, DiverciteState)
    for m in moves:
        state.apply_action(state.parse_move(m))
    return state


def _turn(state: DiverciteState, budget: float | None = None) -> Turn:
    """A turn built from a frozen observation: the agent cannot reach the state."""
    obs = state.observation(state.current_player())
    return Turn(state.current_player(), state.legal_actions(), lambda: obs, budget)


def _random_position(seed: int, left: int) -> DiverciteState:
    state = load_game("divercite").new_initial_state(seed)
    assert isinstance(state, DiverciteState)
    rng = Rng(seed)
    while state.placements_left() > left:
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def _minimax(state: DiverciteState) -> int:
    """Plain minimax on clones through the public API: final score difference for the mover."""
    if state.is_terminal() or state.placements_left() == 0:
        s = state.scores()
        p = state.current_player() if not state.is_terminal() else 0
        diff = int(s[p] - s[1 - p])
        return diff
    best = -999
    for a in state.legal_actions():
        child = state.clone()
        child.apply_action(a)
        v = -_minimax(child)
        best = max(best, v)
    return best


SETUP_DIVERCITE = ["CG D6", "RR C7", "RB E7", "RY C5"]  # White to move: green on E5 makes 5


@pytest.mark.parametrize("spec", ["greedy", "easy", "alphabeta:depth=2", "medium"])
def test_agents_take_an_immediate_divercite(spec):
    state = _state(SETUP_DIVERCITE)
    game = state.game
    agent = make_agent(spec, game, 0, seed=3)
    action = agent.act(_turn(state))
    assert state.action_to_string(action) == "RG E5"


def test_greedy_maximises_score_difference_and_avoids_gifts():
    """Greedy weighs the opponent's gain: completing Black's Divercité is never chosen."""
    # Black's blue city D6 around green C7, yellow E7, red C5: blue on E5 completes it.
    state = _state(["CR H2", "CB D6", "RG C7", "RY E7", "RR C5"])
    assert state.current_player() == 1
    black = make_agent("greedy", state.game, 1, seed=0)
    assert state.action_to_string(black.act(_turn(state))) == "RB E5"
    state = _state(["CR H2", "CB D6", "RG C7", "RY E7", "RR C5", "CY B2"])
    white = GreedyAgent(state.game, 0, seed=1)
    for seed in range(5):
        white.rng = Rng(seed)
        choice = state.action_to_string(white.act(_turn(state)))
        assert choice != "RB E5"
        assert state.gain(state.string_to_action(choice)) == max(
            state.gain(a) for a in state.legal_actions()
        )


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_alphabeta_solves_small_endgames_exactly(seed):
    state = _random_position(seed, left=4)
    expected = _minimax(state.clone())
    result = choose_move(state.clone(), seconds=None, solve=4)
    assert result.exact
    assert result.value == expected
    child = state.clone()
    child.apply_action(result.move)
    assert -_minimax(child) == expected  # the chosen move achieves the minimax value


def test_alphabeta_fixed_depth_matches_plain_search_value():
    """TT, ordering and horizon shortcut must not change the depth-limited value."""
    state = _random_position(9, left=7)
    result = choose_move(state.clone(), seconds=None, max_depth=7)
    assert result.exact and result.value == _minimax(state.clone())


def test_alphabeta_search_leaves_the_position_unchanged():
    state = _random_position(4, left=20)
    before = state.to_dict()
    choose_move(state, seconds=None, max_depth=3)
    assert state.to_dict() == before


def test_alphabeta_respects_the_time_budget():
    state = load_game("divercite").new_initial_state(0)
    agent = make_agent("alphabeta", state.game, 0, seed=0)
    start = time.perf_counter()
    action = agent.act(_turn(state, budget=0.1))
    assert time.perf_counter() - start < 0.5
    assert action in state.legal_actions()
    assert isinstance(agent, AlphaBetaAgent) and agent.last is not None
    assert agent.last.depth >= 1 and agent.last.nodes > 0


def test_fixed_depth_is_reproducible_for_a_seed():
    game = load_game("divercite")
    moves = []
    for _ in range(2):
        agents = [
            make_agent("alphabeta:depth=2,solve=4", game, 0, 5),
            make_agent("greedy", game, 1, 6),
        ]
        _, record = play_game(game, agents, 11)
        moves.append(record.actions)
    assert moves[0] == moves[1]


def test_alphabeta_beats_random_and_greedy():
    game = load_game("divercite")
    wins = 0
    for i in range(4):
        seat = i % 2
        opponent = "random" if i < 2 else "greedy"
        agents = [make_agent(opponent, game, 0, i), make_agent(opponent, game, 1, i)]
        agents[seat] = make_agent("alphabeta:depth=2,solve=6", game, seat, i)
        state, _ = play_game(game, agents, i)
        wins += state.returns()[seat] > 0
    assert wins >= 3


def test_levels_and_parameters():
    game = load_game("divercite")
    assert isinstance(make_agent("easy", game, 0), GreedyAgent)
    medium = make_agent("medium", game, 0)
    hard = make_agent("hard:time=2", game, 1)
    assert isinstance(medium, AlphaBetaAgent) and medium.seconds == 0.2
    assert isinstance(hard, AlphaBetaAgent) and hard.seconds == 2.0 and hard.solve == 10
    assert medium.label() == "medium"
    with pytest.raises(UnknownNameError, match="valid: time, depth, solve"):
        make_agent("alphabeta:speed=3", game, 0)
    with pytest.raises(UnknownNameError, match="bad parameter value"):
        make_agent("alphabeta:time=fast", game, 0)
    with pytest.raises(UnknownNameError, match="valid: none"):
        make_agent("greedy:x=1", game, 0)


def test_neutral_first_opening_and_forced_neutral_are_handled():
    game = load_game("divercite", neutral_first=True)
    state = game.new_initial_state(0)
    agent = make_agent("alphabeta:depth=2", game, 0, 0)
    assert state.action_to_string(agent.act(_turn(state))).startswith("N ")
    final = _random_position(3, left=0)
    only = final.legal_actions()
    assert len(only) == 1
    assert make_agent("greedy", final.game, final.current_player()).act(_turn(final)) == only[0]


def test_open_neighbours_heuristic_counts_empty_squares_around_unfinished_cities():
    state = _state(["CR D6"])
    assert state.open_neighbours() == -4  # Black to move; White's city has 4 open squares
    state = _state(["CR D6", "CB H2", "RG C7"])
    assert state.open_neighbours() == 4 - 3  # Black to move: own H2 (4) minus White's D6 (3)
    state = _state(["CR D6", "RG C7", "RB E7", "RY C5", "RR E5"])
    assert state.observation(0)["board"]["D6"]["points"] == 5
    assert state.open_neighbours() == 0  # a finished Divercité has nothing left to gain
