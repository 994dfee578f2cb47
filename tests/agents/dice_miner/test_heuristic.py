"""The Dice Miner heuristic: its cached notation stays true, and why it never stops early."""

from __future__ import annotations

import solotable
import solotable.agents
from solotable.agents.dice_miner.heuristic import DiceMinerHeuristic
from solotable.core.agent import Turn
from solotable.core.runner import advance_chance


def test_cached_notation_matches_the_state_across_games():
    # One agent across games, as a search's rollout policy is: its cache must never
    # name a move after a die that has since changed (beer faces name the die's type).
    game = solotable.load_game("dice-miner")
    agent = solotable.make_agent("heuristic", game, 0, 3)
    assert isinstance(agent, DiceMinerHeuristic)
    checked = 0
    for seed in range(6):
        state = game.new_initial_state(seed)
        advance_chance(state)
        while not state.is_terminal():
            legal = state.legal_actions()
            moves = agent._moves(state.observation(0), legal)
            assert moves == {a: state.action_to_string(a) for a in legal}
            checked += len(legal)
            state.apply_action(agent.act(Turn.for_state(state, 0)))
            advance_chance(state)
    assert checked > 500


def test_the_score_never_falls_so_stopping_early_never_gains():
    # No solo action costs points (taking, spending, recycling, refilling), so the
    # heuristic plays on until stopping is all that is left: the game ends "stuck".
    game = solotable.load_game("dice-miner")
    for seed in range(5):
        state = game.new_initial_state(seed)
        agent = solotable.make_agent("heuristic", game, 0, seed)
        advance_chance(state)
        best = state.scores()[0]
        while not state.is_terminal():
            state.apply_action(agent.act(Turn.for_state(state, 0)))
            advance_chance(state)
            assert state.scores()[0] >= best
            best = state.scores()[0]
        assert state.stats()["end"] == "stuck"
