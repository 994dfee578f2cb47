"""The 51st State heuristic agent plays legal games and beats random play."""

from __future__ import annotations

import statistics

import solotable.agents  # noqa: F401  (registers the agents)
from solotable.core.registry import agent_names, load_game, make_agent
from solotable.core.runner import play_game


def test_heuristic_is_registered_for_51st_state() -> None:
    assert "heuristic" in dict(agent_names("51st-state"))


def test_heuristic_plays_legal_games_and_outscores_random() -> None:
    game = load_game("51st-state", faction="random")
    heur, rand = [], []
    for i in range(12):
        s, _ = play_game(game, [make_agent("heuristic", game, 0, seed=i)], seed=i)
        assert s.is_terminal()
        heur.append(s.scores()[0])
        s, _ = play_game(game, [make_agent("random", game, 0, seed=i)], seed=i)
        rand.append(s.scores()[0])
    assert statistics.mean(heur) > statistics.mean(rand) + 10


def test_heuristic_accepts_a_keep_threshold_parameter() -> None:
    game = load_game("51st-state", faction="mutants")
    s, rec = play_game(game, [make_agent("heuristic:keep=99", game, 0, seed=1)], seed=1)
    assert s.is_terminal()
    assert "refuse" in rec.actions  # with a huge threshold every optional card is refused
