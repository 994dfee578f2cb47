"""The tensor written from the state equals the tensor of the observation (no leak, no drift).

``Game.observation_tensor_into`` reads the state directly for speed; if it wrote anything the
observation does not carry (a face-down Ocean card, the deck's order, a discard pile nobody is
looking at) or rounded a sum differently, some position of these random games would differ
from encoding ``observation(player)``."""

from __future__ import annotations

from typing import Any

import pytest

from solotable.core.game import State
from solotable.core.registry import load_game
from solotable.core.rng import Rng


def _from_state(s: State, player: int) -> list[float]:
    out = [0.0] * s.game.observation_tensor_spec().size
    s.game.observation_tensor_into(s, player, out)
    return out


@pytest.mark.parametrize(
    "options",
    [{}, {"end_when_impossible": False}, {"save_goal": 3, "eliminated_limit": 9}],
    ids=["standard", "play-on", "easy"],
)
def test_state_encoding_equals_the_observation_encoding_at_every_position(
    options: dict[str, Any],
) -> None:
    g = load_game("mini-divercity", **options)
    positions = 0
    seen_kinds: set[str] = set()
    showing = hidden = 0
    for seed in range(30):
        s = g.new_initial_state(seed)
        rng = Rng(500 + seed)
        while True:
            for p in range(g.num_players()):
                obs = s.observation(p)
                assert _from_state(s, p) == g.observation_tensor(obs), (seed, positions)
                if obs["decision"]:
                    seen_kinds.add(obs["decision"]["kind"])
                showing += obs["species_discard"]["contents"] is not None
                showing += obs["corporation_discard"]["contents"] is not None
                hidden += "?" in obs["hand"].values()
            positions += 1
            if s.is_terminal():
                break
            if s.is_chance_node():
                s.apply_action(s.sample_chance())
            else:
                s.apply_action(rng.choice(s.legal_actions()))
    assert positions > 1000
    assert showing and hidden  # looked-at discards and face-down cards were compared
    assert len(seen_kinds) >= 5, seen_kinds


def test_repeated_captain_and_visionary_cards_are_summed_as_the_observation_sums_them() -> None:
    """A species twice among the Captain's cards (rare: a few positions in 200 games) and
    the Visionary's Corporation cards: the entries the state encoder adds up."""
    g = load_game("mini-divercity")
    repeated = visionary = 0
    for seed in range(300):
        s = g.new_initial_state(seed)
        rng = Rng(seed)
        while not s.is_terminal():
            if len(set(s.cap)) < len(s.cap) or s.vis or s.vis_placed:
                assert _from_state(s, 0) == g.observation_tensor(s.observation(0)), seed
                repeated += len(set(s.cap)) < len(s.cap)
                visionary += bool(s.vis or s.vis_placed)
            if s.is_chance_node():
                s.apply_action(s.sample_chance())
            else:
                s.apply_action(rng.choice(s.legal_actions()))
    assert repeated and visionary
