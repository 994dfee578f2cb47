"""Beer joker (seed: Bière; spec §5.5) and hiding gems (seed: Cacher les Gemmes; spec §5.4)."""

from __future__ import annotations

import pytest

from solotable.core.errors import IllegalActionError
from tests.games.dice_miner.helpers import (
    bottom,
    game,
    legal_texts,
    play,
    position,
    refusal,
    takes,
)


def test_beer_die_must_be_given_a_face_when_taken() -> None:
    """Seed Bière: pick the face of a beer die as it joins the collection."""
    s = position(game(), bottom("treasure beer"))
    assert legal_texts(s) >= {"take a1 as gem3", "take a1 as gem2", "take a1 as gem1"}
    assert "take a1" not in legal_texts(s)
    reason = refusal(s, "take a1")
    assert reason.key == "dice-miner.illegal.beer-needs-face" and reason.arg("slot") == "a1"
    assert "choose the face" in str(reason)
    play(s, "take a1 as gem3")
    assert s.position()["collection"] == {"treasure gem3": 1}
    assert s.score() == 3


def test_beer_tunnel_face_must_make_the_die_selectable() -> None:
    """Spec §5.5: the chosen face follows the selection rules (a 3 needs a run at 2)."""
    s = position(game(), bottom("tunnel beer"), {"tunnel n1": 1})
    assert {t for t in legal_texts(s) if t.startswith("take")} == {
        "take a1 as n1",
        "take a1 as n2",
    }
    with pytest.raises(IllegalActionError, match="ends at 2"):
        play(s, "take a1 as n3")
    play(s, "take a1 as 2")
    assert s.observation(0)["open_runs"] == {"2": 1}


def test_beer_hazard_needs_the_tool_of_the_chosen_face() -> None:
    """Spec §5.5: a beer Danger die counts as a dragon only with a free shield."""
    s = position(game(), bottom("hazard beer"), {"tool pickaxe1": 1})
    assert {t for t in legal_texts(s) if t.startswith("take")} == {
        "take a1 as cavein1",
        "take a1 as cavein2",
    }
    with pytest.raises(IllegalActionError, match="unused shield"):
        play(s, "take a1 as dragon4")
    play(s, "take a1 as cavein2")
    assert s.score() == 2


def test_beer_face_must_not_be_beer_and_plain_dice_are_not_jokers() -> None:
    s = position(game(), bottom("tool beer", "tool shield1"))
    assert refusal(s, "take a1 as beer").key == "dice-miner.illegal.beer-needs-face"
    reason = refusal(s, "take a2 as chest2")
    assert reason.key == "dice-miner.illegal.not-beer"
    assert reason.arg("face") == "shield1" and reason.arg("symbols") == [["shield", 1]]
    assert str(reason) == "the die on a2 shows 1 shield; only beer is a joker"


def test_hiding_needs_a_free_chest_on_a_tool_die() -> None:
    """Seed Cacher les Gemmes: chests on Tool faces hide that many Treasure dice."""
    s = position(game(), bottom("treasure gem3", "treasure gem2", "treasure gem1", "tool chest2"))
    assert "take a1 hide" not in legal_texts(s)
    with pytest.raises(IllegalActionError, match="no free chest"):
        play(s, "take a1 hide")
    play(s, "take a4")
    assert {"take a1 hide", "take a2 hide", "take a3 hide"} <= legal_texts(s)
    play(s, "take a1 hide", "take a2 hide")
    assert "take a3 hide" not in legal_texts(s)
    play(s, "take a3")
    assert s.score_parts() == {
        "dangers": 0,
        "treasure": 1,
        "hidden_treasure": 10,
        "tunnels": 0,
        "total": 11,
    }


def test_hiding_is_decided_at_take_and_is_final() -> None:
    """Seed Cacher les Gemmes: decide when taking; no way to hide it afterwards."""
    s = position(game(), bottom("treasure gem2", "tool chest1"))
    play(s, "take a1", "take a2")
    assert not any("hide" in t for t in legal_texts(s))
    assert s.score() == 2


def test_only_treasure_can_be_hidden() -> None:
    s = position(game(), bottom("tunnel n1"), {"tool chest1": 1})
    with pytest.raises(IllegalActionError, match="only Treasure"):
        play(s, "take a1 hide")


def test_beer_treasure_can_be_hidden_with_its_chosen_face() -> None:
    s = position(game(), bottom("treasure beer"), {"tool chest1": 1})
    play(s, "take a1 as gem3 hide")
    assert s.score() == 6
    assert s.position()["hidden"] == {"treasure gem3": 1}


def test_a_beer_tool_die_taken_as_a_shield_neutralises_a_dragon() -> None:
    """Seed Bière + Neutraliser: the face picked for a beer Tool die is the one that counts."""
    s = position(game(), bottom("tool beer", "hazard dragon3"))
    assert takes(s) == {
        "take a1 as pickaxe1",
        "take a1 as shield1",
        "take a1 as chest1",
        "take a1 as chest2",
    }
    play(s, "take a1 as shield1", "take a2")
    assert s.score_parts()["dangers"] == 3


def test_chests_of_several_tool_dice_add_up() -> None:
    """Seed Cacher les Gemmes: each chest symbol on the collection's Tool dice hides one die."""
    s = position(
        game(),
        bottom("treasure gem1", "treasure gem2", "treasure gem3", "treasure gem1"),
        {"tool chest1": 1, "tool chest2": 1},
    )
    play(s, "take a1 hide", "take a2 hide", "take a3 hide")
    assert "take a4 hide" not in legal_texts(s)
    play(s, "take a4")
    assert s.score_parts()["hidden_treasure"] == 12
    assert s.score_parts()["treasure"] == 1
