"""OpenSpiel registration (issue 15 §4): each game passes OpenSpiel's random simulation test."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the rl extra (OpenSpiel) is not installed")

import solotable.openspiel as so  # noqa: E402

# 51st State's games are long (hundreds of steps, each checked by OpenSpiel from every angle).
SIMS = {"divercite": 4, "dice-miner": 3, "mini-divercity": 2, "51st-state": 1}


@pytest.mark.parametrize("name", list(SIMS))
def test_openspiels_random_simulation_test_passes(name):
    so.register()
    game = pyspiel.load_game(so.short_name(name))
    pyspiel.random_sim_test(game, num_sims=SIMS[name], serialize=False, verbose=False)


def test_options_are_openspiel_parameters_and_the_api_forwards():
    assert "python_solotable_divercite" in so.register(["divercite"])
    game = pyspiel.load_game("python_solotable_divercite", {"neutral_first": True})
    assert game.get_type().parameter_specification["neutral_first"] is False
    assert game.inner.options["neutral_first"] is True
    state = game.new_initial_state()
    first = state.legal_actions()[0]
    assert state.action_to_string(first).startswith("N ")  # the neutral token goes first
    clone = state.clone()
    clone.apply_action(first)
    assert state.move_number() == 0 and clone.move_number() == 1  # clones are independent
    assert clone.current_player() == 1 and state.returns() == [0.0, 0.0]
    assert len(clone.observation_tensor(0)) == game.inner.observation_tensor_spec().size
    assert '"neutral_first": true' in clone.observation_string(1)
    with pytest.raises(Exception, match=r"illegal|not a legal"):
        clone.apply_action(first)  # the square is taken


def test_chance_is_explicit_in_openspiel_too():
    so.register(["dice-miner"])
    state = pyspiel.load_game("python_solotable_dice_miner").new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
