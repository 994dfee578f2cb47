"""Agent parameters (``name:key=value``) are typed and checked the same way for every agent."""

import pytest

import solotable
from solotable.core.agent import agent_params
from solotable.core.errors import UnknownNameError


def test_values_take_the_type_of_their_default():
    p = agent_params("x", {"depth": "3", "c": "0.5"}, {"depth": 2, "c": 1.0, "mode": "a"})
    assert p == {"depth": 3, "c": 0.5, "mode": "a"}


def test_unknown_key_names_the_valid_ones():
    with pytest.raises(UnknownNameError, match=r"unknown parameter\(s\) deep; valid: depth"):
        agent_params("x", {"deep": "3"}, {"depth": 2})


def test_bad_value_says_the_expected_type():
    with pytest.raises(UnknownNameError, match=r"depth: expected a whole number, got 'three'"):
        agent_params("x", {"depth": "three"}, {"depth": 2})


@pytest.mark.parametrize("game", ["dice-miner", "mini-divercity", "51st-state"])
def test_every_heuristic_rejects_bad_parameters(game):
    g = solotable.load_game(game)
    with pytest.raises(UnknownNameError, match="unknown parameter"):
        solotable.make_agent("heuristic:nonsense=1", g, 0)
