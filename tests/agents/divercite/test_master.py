"""Divercité's ``master`` level (issue 25): the win/draw/loss solve and the kept table.

Every check counts nodes or compares with an exact solve, never a clock.
"""

from __future__ import annotations

import pytest

from solotable import make_agent
from solotable.agents.divercite import search as divercite_search
from solotable.agents.divercite.alphabeta import AlphaBetaAgent, choose_move
from solotable.agents.divercite.levels import LEVEL_COST, LEVEL_END, LEVEL_NODES
from solotable.agents.divercite.search import Searcher
from solotable.games.divercite import DiverciteState
from tests.agents.divercite.test_agents import _random_position, _turn

_ONE_NODE = 1 + LEVEL_COST["master"] + 40 // 4
"""The most a single node can cost master's budget: a budget check comes after it."""


def _sign(x: float) -> int:
    return (x > 0) - (x < 0)


def _outcome_after(state: DiverciteState, move: int) -> int:
    """-1/0/+1 for the mover of ``state`` after ``move`` and best play, by an exact solve."""
    child = state.clone()
    child.make(move)
    return -_sign(choose_move(child, seconds=None, solve=99).value)


@pytest.mark.parametrize(
    ("seed", "left"), [(22, 6), (33, 6), (22, 8), (38, 8), (0, 6), (3, 6), (5, 8), (9, 8)]
)
def test_the_outcome_solve_agrees_with_the_exact_solve(seed: int, left: int) -> None:
    """The sign of the game (and a move that gets it) from the (-1, +1) windows is the
    sign of the exact final score difference (the first four positions are draws)."""
    state = _random_position(seed, left)
    exact = choose_move(state.clone(), seconds=None, solve=99).value
    searcher = Searcher(state.clone())
    moves = searcher.state.legal_actions()
    searcher.search_root(2, moves)
    move, sign = searcher.solve_outcome(moves)
    assert sign == _sign(exact)
    if sign >= 0:
        assert _outcome_after(state, move) == sign


@pytest.mark.parametrize("seed", [15, 28])
def test_master_draws_an_end_game_that_expert_loses(seed: int) -> None:
    """Ten placements left (random play from seeds 15 and 28): expert's move loses with best
    play, master's draws, each valued by an exact solve of the rest of the game. Expert's
    20,000 nodes (twice its budget in its solve range) reach depth 7–8 of 10; master's
    win/draw/loss solve and the deepening after it stay within its one work budget (the
    solve, given four fifths of it, no longer ends there: the deepening finds the draw)."""
    state = _random_position(seed, 10)
    player = state.current_player()
    outcome = {}
    for level in ("expert", "master"):
        agent = make_agent(level, state.game, player, 1)
        assert isinstance(agent, AlphaBetaAgent)
        outcome[level] = _outcome_after(state, agent.act(_turn(state)))
        assert agent.last is not None
        if level == "master":
            assert LEVEL_END["master"] <= agent.last.spent <= LEVEL_END["master"] + _ONE_NODE
            assert agent.last.nodes < agent.last.spent // 4  # the end game's nodes are played
        else:
            assert not agent.last.exact and agent.last.depth < 10
    assert outcome == {"expert": -1, "master": 0}


def test_a_kept_table_makes_the_next_move_cheaper() -> None:
    """master keeps its table between moves: after its win/draw/loss solve 10 placements
    from the end, its next search (two placements later) is answered by the solve's bounds
    in a few dozen nodes; the same agent without the kept table needs hundreds."""
    state = _random_position(0, 10)
    player = state.current_player()
    agents = {
        "kept": make_agent("master", state.game, player, 1),
        "fresh": make_agent("master:keep=0", state.game, player, 1),
    }
    moves = {name: agent.act(_turn(state)) for name, agent in agents.items()}
    assert moves["kept"] == moves["fresh"]  # the same first search: same seed, empty tables
    state.apply_action(moves["kept"])
    state.apply_action(state.legal_actions()[0])
    nodes = {}
    for name, agent in agents.items():
        assert isinstance(agent, AlphaBetaAgent)
        moves[name] = agent.act(_turn(state))
        assert agent.last is not None and agent.last.depth == 8  # solved to the end
        nodes[name] = agent.last.nodes
    assert nodes["kept"] * 10 < nodes["fresh"], nodes
    assert _outcome_after(state, moves["kept"]) == _outcome_after(state, moves["fresh"])


def test_a_kept_table_past_its_cap_starts_empty(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table kept from move to move cannot grow without bound (a fixed cap, so the same
    calls still give the same moves)."""
    state = _random_position(2, 20)
    searcher = Searcher(state)
    choose_move(state, seconds=None, max_nodes=3000, searcher=searcher)
    assert len(searcher.tt) > 100
    monkeypatch.setattr(divercite_search, "KEPT_TABLE_CAP", 100)
    searcher.rebind(state)
    assert searcher.tt == {} and searcher.nodes == 0


@pytest.mark.parametrize(("seed", "left", "depth"), [(7, 20, 4), (4, 12, 5), (5, 16, 5)])
def test_null_windows_find_the_same_value(seed: int, left: int, depth: int) -> None:
    """master's principal variation search (null windows after each node's first move, no
    reductions) values a position as the plain alpha-beta does at the same depth."""
    state = _random_position(seed, left)
    plain = choose_move(state.clone(), seconds=None, max_depth=depth)
    s = state.clone()
    pvs = choose_move(s, seconds=None, max_depth=depth, searcher=Searcher(s, pvs=True))
    assert pvs.depth == plain.depth == depth and pvs.value == plain.value


@pytest.mark.parametrize(("seed", "left"), [(3, 8), (9, 8)])
def test_reductions_never_touch_an_exact_solve(seed: int, left: int) -> None:
    """Late move reductions are off where a search reaches the end of the game: its exact
    values stay exact (the table keeps them for every later search)."""
    state = _random_position(seed, left)
    exact = choose_move(state.clone(), seconds=None, solve=99)
    s = state.clone()
    reduced = choose_move(s, seconds=None, solve=99, searcher=Searcher(s, pvs=True, reduce=1))
    assert reduced.exact and reduced.value == exact.value


def test_reductions_search_deeper_on_the_same_nodes() -> None:
    """With late moves searched one ply shallower first, master's node budget reaches a
    deeper iteration in the middle game (counted in nodes, not seconds)."""
    deeper = 0
    for seed in range(4):
        state = _random_position(seed, 26)
        plain = choose_move(state.clone(), seconds=None, max_nodes=40_000)
        s = state.clone()
        reduced = choose_move(
            s, seconds=None, max_nodes=40_000, searcher=Searcher(s, pvs=True, reduce=6)
        )
        assert reduced.depth >= plain.depth
        deeper += reduced.depth > plain.depth
    assert deeper >= 2


def test_a_cut_short_iteration_keeps_a_better_move() -> None:
    """With ``partial``, a budget that ends inside an iteration returns that iteration's
    best so far once its first move is searched; the move is then at least as good, at that
    deeper depth, as the last complete iteration's (the one returned without ``partial``)."""
    changed = 0
    for seed, budget in ((0, 4000), (1, 6000), (2, 5000), (3, 7000), (4, 3000), (5, 9000)):
        state = _random_position(seed, 24)
        runs = {}
        for partial in (False, True):
            s = state.clone()
            searcher = Searcher(s, pvs=True)
            runs[partial] = choose_move(
                s, seconds=None, max_nodes=budget, searcher=searcher, partial=partial
            )
        old, new = runs[False], runs[True]
        assert new.depth == old.depth and new.nodes == old.nodes
        if new.move != old.move:
            changed += 1
            deeper = old.depth + 1
            values = {}
            for move in (old.move, new.move):
                child = state.clone()
                child.make(move)
                values[move] = -choose_move(child, seconds=None, max_depth=deeper - 1).value
            assert values[new.move] >= values[old.move]
    assert changed >= 1


_EXPERT_BEFORE = [
    (1, 36, 21, 9294, 3),
    (2, 26, 19, 9396, 3),
    (3, 18, 13, 7651, 5),
    (4, 12, 39, 14629, 6),
]
"""expert's (seed, placements left, move, horizon nodes, depth) on random positions, recorded
before master's work-weighted budget existed: the levels below master search as before."""


def test_expert_searches_node_for_node_as_before() -> None:
    for seed, left, move, leaves, depth in _EXPERT_BEFORE:
        state = _random_position(seed, left)
        agent = make_agent("expert", state.game, state.current_player(), seed)
        assert isinstance(agent, AlphaBetaAgent)
        assert agent.act(_turn(state)) == move
        assert agent.last is not None
        assert (agent.last.leaves, agent.last.depth, agent.last.spent) == (
            leaves,
            depth,
            agent.last.nodes,
        )


def test_a_work_weighted_budget_gives_the_middle_game_fewer_nodes() -> None:
    """master's budget counts work units: a node it plays costs ``cost + left // 4`` more
    than a child valued from a table. Every search spends the same budget (to one node's
    charge), the opening, whose nodes are mostly table children, on more nodes than the
    middle game; the plain node budget of the same search spends it all on nodes."""
    budget = LEVEL_NODES["master"]
    nodes = {}
    for left in (38, 22):
        state = _random_position(5, left)
        agent = make_agent("master", state.game, state.current_player(), 1)
        assert isinstance(agent, AlphaBetaAgent)
        agent.act(_turn(state))
        assert agent.last is not None
        assert budget <= agent.last.spent <= budget + _ONE_NODE
        nodes[left] = agent.last.nodes
        plain = make_agent(f"master:cost=0,nodes={budget}", state.game, state.current_player(), 1)
        assert isinstance(plain, AlphaBetaAgent)
        plain.act(_turn(state))
        assert plain.last is not None and plain.last.spent == plain.last.nodes == budget
    assert nodes[38] > 1.5 * nodes[22], nodes
