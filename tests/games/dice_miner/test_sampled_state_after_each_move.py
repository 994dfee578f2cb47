"""The state dealt from the player's view is the true state, field by field, after each move.

Dice Miner hides nothing but the order of the bag (docs/engine: the bag is a count per type),
so ``sample_state`` must rebuild exactly the state the moves made: the same mountain codes
(an emptied slot is -1 however it was emptied), the same open Tunnel runs, the same tools.
The whole-game property tests check this on random games (``consistent`` in
``test_properties.py``) but are left out of the mutation runs; these positions reach the moves
that write the mountain and the runs directly: a take that starts a run, a take that extends
one, a Magic die spent and its recycles (docs/mutation.md).
"""

from __future__ import annotations

from typing import Any

from solotable.core.rng import Rng
from solotable.games.dice_miner.state import DiceMinerState
from tests.games.dice_miner.helpers import bottom, draw, game, play, position

NOT_ON_THE_TABLE = {"game", "rng", "history"}


def fields(state: DiceMinerState) -> dict[str, Any]:
    """Every field of the state but the game, the RNG and the move list."""
    return {
        name: getattr(state, name)
        for name in DiceMinerState.__slots__
        if name not in NOT_ON_THE_TABLE
    }


def dealt(state: DiceMinerState) -> DiceMinerState:
    sampled = state.game.sample_state(state.observation(0), 0, Rng(5))
    assert isinstance(sampled, DiceMinerState)
    return sampled


def test_the_dealt_state_matches_after_runs_start_and_grow_and_dice_are_recycled() -> None:
    mountain = bottom("tunnel n1", "tunnel n2", "treasure gem2", "tunnel n1", "treasure gem1")
    s = position(game(), mountain, {"magic magic2": 1})
    assert fields(dealt(s)) == fields(s)
    steps = {
        "take a1": {"runs": [0, 1, 0, 0, 0, 0]},  # a run starts at 1
        "take a2": {"runs": [0, 0, 1, 0, 0, 0]},  # and grows to 2
        "take a4": {"runs": [0, 1, 1, 0, 0, 0]},  # a second run starts
        "spend magic2": {"recycles_left": 2},
        "recycle a3": {"recycles_left": 1},
        "recycle a5": {"recycles_left": 0},
    }
    for move, expected in steps.items():
        play(s, move)
        for name, value in expected.items():
            assert getattr(s, name) == value, (move, name)
        assert fields(dealt(s)) == fields(s), move
    # Every slot the moves emptied reads -1, as on a slot never filled.
    assert s.mountain[:6] == [-1, -1, -1, -1, -1, -1]


EVERY_DIE_BUT_ONE_TUNNEL = {
    "tunnel n1": 26,
    "treasure gem1": 9,
    "hazard dragon2": 9,
    "tool shield1": 9,
    "magic magic1": 6,
}
"""A collection that leaves a single Tunnel die in the bag (each dragon met by a shield)."""


def test_the_dealt_state_matches_when_a_fill_ends_on_a_full_mountain_or_an_empty_bag() -> None:
    g = game(rows="2-1")
    # The bag runs out first: one die left for three empty slots.
    s = position(g, {}, EVERY_DIE_BUT_ONE_TUNNEL, filling=True)
    draw(s, "tunnel n1")
    assert (s.bag_total, s.filling, s.position()["mountain"]) == (
        0,
        False,
        ["tunnel n1", None, None],
    )
    assert fields(dealt(s)) == fields(s)
    # The mountain fills up first: three dice poured from a full bag.
    s = position(g, {}, {}, filling=True)
    draw(s, "tunnel n1", "treasure gem2", "tool shield1")
    assert (s.bag_total, s.filling) == (57, False)
    assert s.position()["mountain"] == ["tunnel n1", "treasure gem2", "tool shield1"]
    assert fields(dealt(s)) == fields(s)
