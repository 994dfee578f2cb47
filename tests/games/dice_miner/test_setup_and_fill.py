"""Setup and mountain filling (seed: Mise en place; spec §3.3-3.4, §5.1)."""

from __future__ import annotations

import pytest

from solotable.core.errors import IllegalActionError
from solotable.core.players import CHANCE
from tests.games.dice_miner.helpers import draw, game, legal_texts, play, position


def test_setup_rolls_three_magic_dice_taken_from_the_bag() -> None:
    """Seed Mise en place: three Magic dice come out of the bag, rolled, into the collection."""
    g = game()
    s = g.new_initial_state(1)
    assert s.current_player() == CHANCE
    outcomes = dict(s.chance_outcomes())
    texts = {s.action_to_string(a) for a in outcomes}
    assert texts == {
        "draw magic magic1",
        "draw magic magic2",
        "draw magic magic3",
        "draw magic beer",
    }
    assert outcomes[s.string_to_action("draw magic magic1")] == pytest.approx(2 / 6)
    assert outcomes[s.string_to_action("draw magic magic3")] == pytest.approx(1 / 6)
    draw(s, "magic magic1", "magic magic2", "magic magic3")
    pos = s.position()
    assert pos["collection"] == {"magic magic1": 1, "magic magic2": 1, "magic magic3": 1}
    assert pos["bag"]["magic"] == g.table.counts[2] - 3
    assert s.observation(0)["phase"] == "filling"


@pytest.mark.parametrize("magic", [0, 1, 2])
def test_fewer_starting_magic_dice_is_the_difficulty_option(magic: int) -> None:
    """Seed MARQUER LES POINTS: raise the difficulty with fewer Magic dice."""
    g = game(magic_dice=magic)
    s = g.new_initial_state(3)
    for _ in range(magic):
        draw(s, "magic magic2")
    assert s.observation(0)["phase"] == "filling"
    assert sum(s.position()["collection"].values()) == magic


def test_hard_presets_lower_magic_dice() -> None:
    assert game(preset="hardest").options["magic_dice"] == 0
    assert game(preset="hard").options["magic_dice"] == 2


def test_starting_magic_die_rolling_beer_gets_its_face_chosen() -> None:
    """Spec §5.5/§7 Q15: a starting beer Magic die is a joker, its face picked at once."""
    g = game()
    s = g.new_initial_state(1)
    draw(s, "magic beer")
    assert s.current_player() == 0
    assert legal_texts(s) == {"face magic1", "face magic2", "face magic3"}
    with pytest.raises(IllegalActionError, match="beer"):
        play(s, "stop")
    play(s, "face magic3")
    assert s.current_player() == CHANCE
    draw(s, "magic magic1", "magic magic1")
    assert s.position()["collection"] == {"magic magic1": 2, "magic magic3": 1}


def test_fill_is_bottom_up_left_to_right_and_draw_odds_follow_the_bag() -> None:
    """Spec §3.4 (assumed fill order): slots fill a1…a6, b1…, each from the bag, rolled."""
    g = game(magic_dice=0)
    s = g.new_initial_state(2)
    outcomes = dict(s.chance_outcomes())
    tunnel_n3 = s.string_to_action("draw tunnel n3")
    assert outcomes[tunnel_n3] == pytest.approx(27 / 60 * 1 / 6)
    assert outcomes[s.string_to_action("draw treasure gem1")] == pytest.approx(9 / 60 * 3 / 6)
    draw(s, "tunnel n3")
    assert s.position()["mountain"][0] == "tunnel n3"
    assert dict(s.chance_outcomes())[tunnel_n3] == pytest.approx(26 / 59 * 1 / 6)
    draw(s, *["hazard dragon2"] * 5)
    assert s.position()["mountain"][:6] == ["tunnel n3"] + ["hazard dragon2"] * 5
    for _ in range(14):
        draw(s, "tunnel n1")
    assert s.current_player() == 0
    assert all(d is not None for d in s.position()["mountain"])
    assert s.position()["bag"]["tunnel"] == 27 - 15


def test_after_a_full_fill_only_the_top_row_is_exposed() -> None:
    """Spec §3.2-3.3: a die is on top iff no die rests on it; edge dice have one cover."""
    g = game(magic_dice=0)
    s = g.new_initial_state(2)
    for _ in range(20):
        draw(s, "tunnel n1")
    assert s.observation(0)["exposed"] == ["e1", "e2"]
    play(s, "take e1")
    assert s.observation(0)["exposed"] == ["d1", "e2"]
    play(s, "take e2")
    assert s.observation(0)["exposed"] == ["d1", "d2", "d3"]


def test_fill_stops_when_the_bag_runs_dry() -> None:
    """Spec §7 Q8: a short bag leaves the mountain partly filled (and stable)."""
    g = game(magic_dice=0, dice="")
    s = position(
        g,
        {},
        {
            "tunnel n1": 27,
            "treasure gem1": 9,
            "hazard dragon2": 0,
            "tool chest1": 9,
            "magic magic1": 6,
        },
        hidden={},
    )
    # Only the 9 Hazard dice are left in the bag.
    play(s, "refill")
    for _ in range(9):
        draw(s, "hazard cavein1")
    assert s.current_player() == 0
    filled = [d for d in s.position()["mountain"] if d]
    assert len(filled) == 9
    assert s.position()["mountain"][:6] == ["hazard cavein1"] * 6
