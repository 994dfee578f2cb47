"""Dice Miner's events, die texts and screen (issue 9 items 2 and 6), through the play session."""

from __future__ import annotations

from solotable.core.session import GameSession, Seat
from tests.games.dice_miner.helpers import game, play, position
from tests.games.screen import assert_fits, of_kind


def start(seed: int = 5, **options: object) -> GameSession:
    return GameSession.start("dice-miner", options, [Seat()], seed=seed, clocks=False)


def dig(s: GameSession, moves: int) -> None:
    """Play ``moves`` moves, preferring to take, then recycle, spend, choose a face (never stop)."""
    for _ in range(moves):
        legal = [m for _, m, _ in s.legal_moves(0)]
        for word in ("take", "recycle", "face", "spend"):
            pick = [m for m in legal if m.startswith(word)]
            if pick:
                s.play(0, pick[0])
                break


def test_the_first_fill_reports_every_beer_die_and_the_whole_mountain() -> None:
    s = start()
    obs = s.observation(0)
    on_mountain = {n: d for n, d in zip(obs["slots"], obs["position"]["mountain"], strict=True)}
    beer_slots = sorted(n for n, d in on_mountain.items() if d and d.endswith("beer"))
    assert beer_slots, "seed 5 pours at least one beer die (precondition)"
    assert sorted(e.data["slot"] for e in of_kind(s, "beer")) == beer_slots
    (fill,) = of_kind(s, "fill")
    assert fill.data["mountain"] == {n: d for n, d in on_mountain.items() if d}
    assert fill.data["refill"] is False and fill.data["bag"] == obs["bag_total"]
    assert f"{obs['bag_total']} dice left in the bag" in fill.text
    (roll,) = of_kind(s, "roll")
    assert roll.data["dice"] == obs["magic_dice"]


def test_a_refill_is_reported_once_the_mountain_is_full_again() -> None:
    s = start()
    dig(s, 3)
    events = s.play(0, "refill")
    fills = [e for e in events if e.kind == "fill"]
    assert len(fills) == 1 and fills[0].data["refill"] is True
    assert fills[0].data["refills_left"] == 1 and fills[0].text.startswith(
        "the mountain is refilled"
    )
    assert len(fills[0].data["mountain"]) == 20


def test_the_end_reason_and_score_are_an_event() -> None:
    s = start()
    events = s.play(0, "stop")
    (over,) = [e for e in events if e.kind == "over"]
    result = s.result()
    assert result is not None
    assert over.data["reason"] == "stopped" and "you stopped digging" in over.text
    assert over.data["score"] == result.scores[0]


def test_a_starting_magic_die_showing_beer_is_an_event() -> None:
    s = start(1)
    assert s.observation(0)["phase"] == "start-face"
    assert [e.data["die"] for e in of_kind(s, "beer")][-1] == "magic beer"
    assert not of_kind(s, "fill"), "the mountain fills after the face is chosen"
    s.play(0, "face magic3")
    assert len(of_kind(s, "fill")) == 1 and len(of_kind(s, "roll")) == 1


def test_one_point_is_worded_in_the_singular() -> None:
    g = game()
    s = play(position(g, {"a1": "tunnel n2"}, {"treasure gem1": 1}), "stop")
    assert s.outcome().startswith("1 point (") and "1 points" not in s.outcome()


def test_die_texts_come_from_the_dice_table() -> None:
    g = game()
    danger = g.card_text("danger")
    assert danger is not None and "9 in the bag" in danger
    assert "dragon4" in danger and "beer" in danger
    assert g.card_text("dragon4") is not None and "Hazard die" in (g.card_text("dragon4") or "")
    assert "shield1×2" in (g.card_text("tool") or "")
    assert g.card_text("tunnel n9") is None and g.card_text("unicorn") is None


def test_a_mid_game_screen_fits_100_by_30() -> None:
    s = start(7)
    dig(s, 8)
    lines = assert_fits(s.game.render(s.observation(0)))
    assert any("full runs" in line or "full run " in line for line in lines)
    assert not any("(s)" in line or "die/dice" in line for line in lines)
