"""The observation tensor: the fast encoder writes what the slice-by-slice reference writes."""

from __future__ import annotations

import pytest

from solotable.core.rng import Rng
from solotable.games.fifty_first_state.tensor import encode

from .helpers import game


@pytest.mark.parametrize("seed", [3, 4])
def test_fast_encoder_matches_the_reference_at_every_decision(seed: int) -> None:
    g = game("random")
    spec = g.observation_tensor_spec()
    s = g.new_initial_state(seed)
    rng = Rng(seed)
    decisions = 0
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(s.sample_chance())
            continue
        obs = s.observation(0)
        assert g.observation_tensor(obs) == encode(g, spec, obs)
        s.apply_action(rng.choice(s.legal_actions()))
        decisions += 1
    obs = s.observation(0)
    assert g.observation_tensor(obs) == encode(g, spec, obs)
    assert decisions > 50
