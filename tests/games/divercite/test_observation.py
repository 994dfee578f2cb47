"""What a player sees, the state rebuilt from it, and the terminal view (observation.py,
render.py)."""

from __future__ import annotations

import json

import pytest
from rich.console import Console

from solotable import load_game
from solotable.core.conformance import check_sampling
from solotable.core.errors import (
    IllegalActionError,
    SolotableError,
)
from solotable.core.game import State
from solotable.core.rng import Rng

from .helpers import OPTION_SETS, WORKED_EXAMPLE, play


def test_observation_is_the_same_for_both_players_but_the_viewer():
    state = load_game("divercite").new_initial_state(0)
    state.apply_action(state.parse_move("CR D6"))
    o0, o1 = state.observation(0), state.observation(1)
    assert o0.pop("player") == 0 and o1.pop("player") == 1
    assert o0 == o1


def test_sample_state_rebuilds_the_exact_position():
    """Perfect information: the observation holds everything; search rebuilds it exactly."""
    for seed in range(5):
        game = load_game("divercite", neutral_first=seed % 2 == 1)
        state = game.new_initial_state(seed)
        rng = Rng(seed)
        while not state.is_terminal():
            for p in (0, 1):
                obs = state.observation(p)
                json.dumps(obs)
                twin = game.sample_state(obs, p, Rng(7))
                assert twin.observation(p) == obs
                assert twin.legal_actions() == state.legal_actions()
                assert twin.to_dict() | {"seed": 0} == state.to_dict() | {"seed": 0}
            state.apply_action(rng.choice(state.legal_actions()))


def test_sample_state_rejects_inconsistent_observations():
    game = load_game("divercite")
    state = play(["CR D6"])
    obs = state.observation(1)
    obs["scores"] = [3, 0]
    with pytest.raises(SolotableError, match="does not match"):
        game.sample_state(obs, 1, Rng(0))
    with pytest.raises(SolotableError, match="different options"):
        load_game("divercite", first_player="black").sample_state(state.observation(1), 1, Rng(0))
    obs = state.observation(1)
    obs["moves"] = ["CR D6", "CB D6"]
    with pytest.raises(IllegalActionError, match="occupied"):
        game.sample_state(obs, 1, Rng(0))


def _plain(markup: str) -> str:
    console = Console(width=100, record=True, color_system=None)
    console.print(markup)
    return console.export_text()


def test_render_shows_board_supplies_scores_and_coordinates():
    state = play(WORKED_EXAMPLE, neutral_first=True)
    text = _plain(state.game.render(state.observation(0)))
    assert "A   B   C" in text
    assert "W■R" in text and "B■B" in text and "●Y" in text and "◐" in text
    assert "White (you)" in text and "6 points" in text and "2 points" in text
    assert "Black to move" in text
    assert max(len(line.rstrip()) for line in text.splitlines()) <= 80


def test_end_screen_shows_result_cause_and_city_breakdown():
    game = load_game("divercite")
    state = game.new_initial_state(0)
    rng = Rng(4)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    text = _plain(game.render(state.observation(1)))
    assert str(state.outcome()) in text
    assert text.count("→") == 16  # one entry per city, White's and Black's side by side
    assert ("wins" in text) or ("Shared result" in text)
    assert len(text.rstrip().splitlines()) <= 30
    assert max(len(line.rstrip()) for line in text.splitlines()) <= 80


def _same_position(true: State, sampled: State) -> None:
    """Perfect information: the sampled state is the true one, its seed (its RNG) aside."""
    assert sampled.to_dict() | {"seed": 0} == true.to_dict() | {"seed": 0}


def test_sampled_states_are_the_true_position():
    """``check_sampling`` at every ply of random games, for both players."""
    for i, opts in enumerate(OPTION_SETS):
        game = load_game("divercite", **opts)
        state = game.new_initial_state(i)
        rng = Rng(i)
        while not state.is_terminal():
            for p in (0, 1):
                check_sampling(state, p, Rng(50 + i), samples=2, consistent=_same_position)
            state.apply_action(rng.choice(state.legal_actions()))
