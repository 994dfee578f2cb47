"""Selection rules (seed: Règles de Sélection, Neutraliser les Dangers; spec §5.4)."""

from __future__ import annotations

import pytest

from solotable.core.errors import IllegalActionError
from tests.games.dice_miner.helpers import bottom, game, play, position, takes


def test_magic_treasure_and_tool_dice_are_always_selectable() -> None:
    """Seed Règles de Sélection: Magic, Treasure and Tool dice can always be taken."""
    s = position(game(), bottom("magic magic2", "treasure gem3", "tool shield1", "tool chest2"))
    assert takes(s) == {"take a1", "take a2", "take a3", "take a4"}
    play(s, "take a1", "take a2", "take a3")
    coll = s.position()["collection"]
    assert coll == {"magic magic2": 1, "treasure gem3": 1, "tool shield1": 1}


def test_tunnel_one_is_always_selectable_and_starts_a_run() -> None:
    """Seed Dés Tunnel: a face-one Tunnel die can always be taken."""
    s = position(game(), bottom("tunnel n1", "tunnel n1"))
    assert takes(s) == {"take a1", "take a2"}
    play(s, "take a1", "take a2")
    assert s.observation(0)["open_runs"] == {"1": 2}


def test_tunnel_k_only_extends_a_run_ending_at_k_minus_one() -> None:
    """Seed Dés Tunnel: holding 1-2-3 you may take a 4 but not a 5."""
    s = position(
        game(),
        bottom("tunnel n4", "tunnel n5", "tunnel n2"),
        {"tunnel n1": 1, "tunnel n2": 1, "tunnel n3": 1},
    )
    assert takes(s) == {"take a1"}
    with pytest.raises(IllegalActionError, match="extend a run that ends at 4"):
        play(s, "take a2")
    with pytest.raises(IllegalActionError, match="ends at 1"):
        play(s, "take a3")
    play(s, "take a1", "take a2")
    assert s.observation(0)["full_runs"] == 1
    assert s.score() == 5


def test_each_run_holds_one_of_each_number() -> None:
    """Seed Dés Tunnel: one 1 goes with one 2 only; a second 2 needs a second run."""
    s = position(game(), bottom("tunnel n2", "tunnel n2", "tunnel n3"), {"tunnel n1": 1})
    play(s, "take a1")
    with pytest.raises(IllegalActionError, match="ends at 1"):
        play(s, "take a2")
    play(s, "take a3")
    assert s.observation(0)["open_runs"] == {"3": 1}


def test_two_runs_grow_independently() -> None:
    """Seed Dés Tunnel: several runs may be built; each number extends one run."""
    s = position(
        game(),
        bottom("tunnel n2", "tunnel n2", "tunnel n3", "tunnel n3", "tunnel n4"),
        {"tunnel n1": 2},
    )
    play(s, "take a1", "take a2", "take a3", "take a4", "take a5")
    assert s.observation(0)["open_runs"] == {"3": 1, "4": 1}


def test_dragon_needs_an_unused_shield_and_uses_it() -> None:
    """Seed Neutraliser les Dangers: shields neutralise dragons, one Danger die per Tool."""
    s = position(game(), bottom("hazard dragon4", "hazard dragon2", "tool shield1"))
    assert takes(s) == {"take a3"}
    with pytest.raises(IllegalActionError, match="unused shield"):
        play(s, "take a1")
    play(s, "take a3")
    assert takes(s) == {"take a1", "take a2"}
    play(s, "take a1")
    assert takes(s) == set()
    with pytest.raises(IllegalActionError, match="unused shield"):
        play(s, "take a2")
    assert s.score() == 4


def test_cave_in_needs_a_pickaxe_not_a_shield() -> None:
    """Seed Neutraliser les Dangers: crossed pickaxes neutralise cave-ins, shields do not."""
    s = position(game(), bottom("hazard cavein2", "tool pickaxe1"), {"tool shield1": 1})
    with pytest.raises(IllegalActionError, match="unused pickaxe"):
        play(s, "take a1")
    play(s, "take a2", "take a1")
    assert s.observation(0)["tools"]["pickaxe"] == {"total": 1, "free": 0}
    assert s.observation(0)["tools"]["shield"] == {"total": 1, "free": 1}
    assert s.score() == 2


def test_pickaxe_does_not_neutralise_a_dragon() -> None:
    s = position(game(), bottom("hazard dragon3"), {"tool pickaxe1": 1})
    assert takes(s) == set()


def test_covered_dice_cannot_be_taken() -> None:
    """Spec §3.2: only a die with no die resting on it may be taken."""
    s = position(
        game(),
        {"a1": "tool shield1", "a2": "tool chest1", "a3": "magic magic1", "b1": "tunnel n1"},
    )
    assert takes(s) == {"take b1", "take a3"}
    with pytest.raises(IllegalActionError, match="covered by b1"):
        play(s, "take a1")
    with pytest.raises(IllegalActionError, match="covered by b1"):
        play(s, "take a2")
    play(s, "take b1")
    assert takes(s) == {"take a1", "take a2", "take a3"}


def test_taking_from_an_empty_slot_is_refused() -> None:
    s = position(game(), bottom("tool shield1"))
    with pytest.raises(IllegalActionError, match="no die on a4"):
        play(s, "take a4")


def test_a_full_run_takes_no_more_numbers() -> None:
    """Seed Dés Tunnel: a run holds each number once, so after 1-5 a 2 needs a new 1."""
    full = {f"tunnel n{n}": 1 for n in range(1, 6)}
    s = position(game(), bottom("tunnel n2", "tunnel n1"), full)
    assert takes(s) == {"take a2"}
    with pytest.raises(IllegalActionError, match="ends at 1"):
        play(s, "take a1")
    play(s, "take a2", "take a1")
    assert s.observation(0)["open_runs"] == {"2": 1, "5": 1}
    assert s.score() == 5


def test_a_chest_neutralises_no_danger() -> None:
    """Seed Neutraliser les Dangers: only shields (dragons) and pickaxes (cave-ins) neutralise."""
    s = position(game(), bottom("hazard dragon2", "hazard cavein1"), {"tool chest2": 1})
    assert takes(s) == set()
