"""51st State promises that every chance outcome is shown to the player
(``State.chance_outcomes_are_public``): the table then names each draw without testing
the other cards on clones. The promise is checked the slow way here: at every chance
node of seeded random games, each possible outcome leaves the player a different
observation, so naming the one that happened tells nothing the table does not show."""

import json

import pytest

from solotable.core.registry import load_game
from solotable.core.rng import Rng


def seen_after(state, action):
    probe = state.clone()
    probe.apply_action(action)
    return json.dumps(probe.observation(0), sort_keys=True, default=str)


@pytest.mark.parametrize("faction", ["random", "mutants"])
def test_every_chance_outcome_looks_different_to_the_player(faction):
    game = load_game("51st-state", faction=faction)
    rng = Rng(11)
    checked = 0
    for seed in range(3):
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                assert state.chance_outcomes_are_public()
                outcomes = [a for a, _ in state.chance_outcomes()]
                if len(outcomes) > 1:
                    views = {seen_after(state, a) for a in outcomes}
                    assert len(views) == len(outcomes), (seed, state.history)
                    checked += 1
                state.apply_action(state.sample_chance())
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 50
