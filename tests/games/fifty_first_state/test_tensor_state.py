"""The tensor written from the state equals the tensor of the observation (no leak, no drift).

``Game.observation_tensor_into`` reads the state directly for speed; if it wrote anything the
observation does not carry (the draw pile's order, the opponent deck's order) or rounded a sum
differently, some position of these random games would differ from encoding
``observation(player)``."""

from __future__ import annotations

import pytest

from solotable.core.rng import Rng
from solotable.games.fifty_first_state.state import FiftyFirstStateState

from .helpers import game


def _from_state(s: FiftyFirstStateState, player: int) -> list[float]:
    out = [0.0] * s.game.observation_tensor_spec().size
    s.game.observation_tensor_into(s, player, out)
    return out


@pytest.mark.parametrize("faction", ["random", "new-york", "appalachian", "mutants", "merchants"])
def test_state_encoding_equals_the_observation_encoding_at_every_position(faction: str) -> None:
    g = game(faction)
    positions = repeated = 0
    for seed in range(8):
        s = g.new_initial_state(seed)
        rng = Rng(1000 + seed)
        while True:
            for p in range(g.num_players()):
                assert _from_state(s, p) == g.observation_tensor(s.observation(p)), (seed, s.phase)
            positions += 1
            cards = [loc.card for loc in s.locs] + [o.card for o in s.opp]
            repeated += len(set(cards)) < len(cards)
            if s.is_terminal():
                break
            if s.is_chance_node():
                s.apply_action(s.sample_chance())
            else:
                s.apply_action(rng.choice(s.legal_actions()))
        assert s.locs and s.opp and any(s.discard)  # the sums and piles were exercised
    assert positions > 1000
    assert repeated  # a card twice on the table: the summed entries were compared
