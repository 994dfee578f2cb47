"""Counts kept by Tool and Treasure dice as they are taken (seed: Neutraliser les Dangers,
Cacher les Gemmes): each die adds or uses exactly its own share, shown in the observation."""

from __future__ import annotations

import pytest

from solotable.core.errors import IllegalActionError

from .helpers import bottom, game, legal_texts, play, position


def _tools(s) -> dict[str, dict[str, int]]:
    return s.observation(0)["tools"]


def test_each_tool_die_taken_adds_its_own_chests() -> None:
    """Two Tool dice taken from the mountain: their chest symbols add up (2 + 1 = 3)."""
    s = position(
        game(),
        bottom("tool chest2", "tool chest1", "treasure gem1", "treasure gem2", "treasure gem3"),
    )
    play(s, "take a1")
    assert _tools(s)["chest"] == {"total": 2, "free": 2}
    play(s, "take a2")
    assert _tools(s)["chest"] == {"total": 3, "free": 3}
    play(s, "take a3 hide", "take a4 hide", "take a5 hide")
    assert _tools(s)["chest"]["free"] == 0


def test_one_dragon_uses_exactly_one_shield() -> None:
    """Two shield dice taken, one dragon neutralised: one shield is still free."""
    s = position(game(), bottom("tool shield1", "tool shield1", "hazard dragon2", "hazard dragon4"))
    play(s, "take a1", "take a2")
    assert _tools(s)["shield"] == {"total": 2, "free": 2}
    play(s, "take a3")
    assert _tools(s)["shield"]["free"] == 1
    play(s, "take a4")
    assert _tools(s)["shield"]["free"] == 0


def test_one_cave_in_uses_exactly_one_pickaxe() -> None:
    s = position(game(), bottom("tool pickaxe1", "tool pickaxe1", "hazard cavein2"))
    play(s, "take a1", "take a2", "take a3")
    assert _tools(s)["pickaxe"] == {"total": 2, "free": 1}


def test_two_hidden_dice_of_the_same_face_both_count_double() -> None:
    s = position(game(), bottom("treasure gem2", "treasure gem2"), {"tool chest2": 1})
    play(s, "take a1 hide", "take a2 hide")
    assert s.score_parts()["hidden_treasure"] == 8
    code = {c["id"]: c.get("code") for c in s.game.card_catalog()}["treasure gem2"]
    hidden = s.observation(0)["position"]["hidden"]
    assert hidden[code] == 2 and sum(hidden) == 2


def test_the_last_free_chest_can_still_hide_a_die() -> None:
    s = position(game(), bottom("treasure gem3", "treasure gem1"), {"tool chest1": 1})
    assert "take a1 hide" in legal_texts(s)
    play(s, "take a1 hide")
    with pytest.raises(IllegalActionError, match="chest"):
        play(s, "take a2 hide")
