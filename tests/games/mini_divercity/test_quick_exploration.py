"""Quick Exploration (seed: Phase Plongeurs – début B)."""

from __future__ import annotations

import pytest

from solotable.core import CHANCE, IllegalActionError
from solotable.games.mini_divercity.tables import DIVER_IDS

from .helpers import (
    SP,
    edit,
    moves,
    play,
    start,
)

ALL = DIVER_IDS


def test_quick_exploration_cost_and_effect_without_using_a_diver():
    """Quick Exploration: discard both Lagoon cards (replaced), turn the Ocean up; no Diver used."""
    s = start(divers=("explorer", "captain", "swimmer"))
    assert "quick" in moves(s)
    play(s, "quick")
    assert s.current_player() == CHANCE
    play(s, "draw:manta", "draw:lobster")
    obs = s.observation(0)
    assert obs["hand"] == {
        "l1": "manta",
        "l2": "lobster",
        "o1": "octopus",
        "o2": "turtle",
        "o3": "oyster",
    }
    assert set(obs["divers"].values()) == {"ready"} and s.ndisc == 2
    assert "quick" not in moves(s)
    assert "captain" in moves(s)  # A after B is allowed


def test_quick_exploration_after_a_special_action_same_turn():
    """Phase start: A and B in either order — B after A is allowed while a Diver is unused."""
    s = start(divers=("captain", "explorer", "swimmer"))
    play(s, "captain", "cap:one", "draw:manta", "cap:manta", "nopeek")
    assert "quick" in moves(s)


def test_quick_exploration_conditions():
    """Quick Exploration needs an unused Diver, a face-down Ocean card and 2 Lagoon cards."""
    s = start(divers=("captain", "explorer", "swimmer"))
    used = edit(s, lambda d: d["divers"].__setitem__(slice(0, 8), [2, 0, 2, 2, 0, 0, 0, 0]))
    assert "quick" not in moves(used)
    with pytest.raises(IllegalActionError, match="unused Diver"):
        used.apply_action(used.string_to_action("quick"))
    explored = edit(s, lambda d: d["up"].__setitem__(slice(0, 5), [True] * 5))
    assert "quick" not in moves(explored)
    one_lagoon = edit(
        s,
        lambda d: (
            d["hand"].__setitem__(1, -1),
            d.update(ndisc=1),
            d["disc"].__setitem__(SP.index("eel"), 1),
        ),
    )
    assert "quick" not in moves(one_lagoon)
    with pytest.raises(IllegalActionError, match="two Lagoon cards"):
        one_lagoon.apply_action(one_lagoon.string_to_action("quick"))
    assert set(ALL) >= set(s.observation(0)["divers"])


def test_peek_only_follows_a_special_action_not_quick_exploration():
    """Divers phase A: the look at the top Corporation card comes with a special action only."""
    s = start(divers=("captain", "explorer", "swimmer"))
    play(s, "quick", "draw:manta", "draw:lobster")
    assert s.observation(0)["decision"]["kind"] == "divers"
    assert "peek" not in moves(s)
