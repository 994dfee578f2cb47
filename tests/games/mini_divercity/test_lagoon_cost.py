"""The extra discards a Lagoon card costs are in ``ActionInfo`` before the move is played.

``extra_discards`` (Identify with a Lagoon card; an Oil Platform on a Lagoon card whose
species is saved or eliminated) is checked against what the rules then ask: the ``pay``
decision and how many discards it says are left, for every such move met in seeded games.
"""

from __future__ import annotations

import random
from typing import Any

from solotable.core.players import CHANCE
from solotable.core.registry import load_game


def _after(state: Any, action: int) -> tuple[str | None, int]:
    """The decision the rules ask for next (chance resolved), and its ``left`` count."""
    s = state.clone()
    s.apply_action(action)
    while s.current_player() == CHANCE:
        s.apply_action(s.sample_chance())
    decision = s.observation(0)["decision"] or {}
    return decision.get("kind"), int(decision.get("left", 0))


def test_extra_discards_said_before_are_the_discards_asked_after() -> None:
    game = load_game("mini-divercity")
    seen = {"identify": 0, "oil": 0, "free": 0}
    for seed in range(1, 13):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(state.sample_chance())
                continue
            for info in state.legal_action_infos():
                if info.kind not in ("identify", "oil"):
                    continue
                cost = info.args.get("extra_discards", 0)
                kind, left = _after(state, info.action)
                if cost:
                    seen[info.kind] += 1
                    assert (kind, left) == ("pay", cost), info
                    assert info.args["slot"] in ("l1", "l2")
                else:
                    seen["free"] += 1
                    assert kind != "pay", info
            state.apply_action(rng.choice(state.legal_actions()))
    assert seen["identify"] > 0 and seen["oil"] > 0 and seen["free"] > 0, seen
