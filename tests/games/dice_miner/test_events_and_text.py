"""Dice Miner's events, die texts and screen (issue 9 items 2 and 6), through the play session."""

from __future__ import annotations

from solotable.session.session import GameSession, Seat
from solotable.words import words
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
    faces = {e["code"]: e for e in s.game.card_catalog() if e["kind"] == "face"}
    on_mountain = {n: d for n, d in zip(obs["slots"], obs["position"]["mountain"], strict=True)}
    beer_slots = sorted(n for n, d in on_mountain.items() if d is not None and faces[d]["beer"])
    assert beer_slots, "seed 5 pours at least one beer die (precondition)"
    beer = of_kind(s, "beer")
    assert sorted(e.data["slot"] for e in beer) == beer_slots
    assert all(e.data["type"] == faces[on_mountain[e.data["slot"]]]["type"] for e in beer)
    (fill,) = of_kind(s, "fill")
    assert fill.data["mountain"] == {n: d for n, d in on_mountain.items() if d is not None}
    assert fill.data["refill"] is False and fill.data["bag"] == obs["bag_total"]
    assert fill.data["beer"] == beer_slots and sum(fill.data["types"].values()) == 20
    assert fill.text == "", "events are data: words/ says them"
    said = words("en").event("dice-miner", fill)
    assert said.startswith("the mountain is filled: 20 dice (")
    assert said.endswith(f"; {obs['bag_total']} dice left in the bag")
    (roll,) = of_kind(s, "roll")
    collected = obs["position"]["collection"]
    assert {d["code"]: d["n"] for d in roll.data["dice"]} == {
        c: n for c, n in enumerate(collected) if n and faces[c]["type"] == "magic"
    }
    assert roll.data["symbols"] == obs["magic_symbols"]


def test_a_refill_is_reported_once_the_mountain_is_full_again() -> None:
    s = start()
    dig(s, 3)
    events = s.play(0, "refill")
    fills = [e for e in events if e.kind == "fill"]
    assert len(fills) == 1 and fills[0].data["refill"] is True
    assert fills[0].data["refills_left"] == 1
    assert words("en").event("dice-miner", fills[0]).startswith("the mountain is refilled")
    assert len(fills[0].data["mountain"]) == 20


def test_the_end_reason_and_score_are_an_event() -> None:
    s = start()
    events = s.play(0, "stop")
    (over,) = [e for e in events if e.kind == "over"]
    result = s.result()
    assert result is not None
    assert over.data["reason"] == "stopped" and over.data["score"] == result.scores[0]
    # Why it ended is said once, by the outcome; the event says the final score.
    said = words("en").event("dice-miner", over)
    assert said.startswith("the game is over: ") and "stopped digging" not in said
    assert "you stopped digging" in words("en").say(s.state.outcome())


def test_a_starting_magic_die_showing_beer_is_an_event() -> None:
    s = start(1)
    assert s.observation(0)["phase"] == "start-face"
    last = of_kind(s, "beer")[-1].data
    assert last == {"slot": None, "type": "magic", "start": True}
    assert not of_kind(s, "fill"), "the mountain fills after the face is chosen"
    s.play(0, "face magic3")
    assert len(of_kind(s, "fill")) == 1 and len(of_kind(s, "roll")) == 1


def test_one_point_is_worded_in_the_singular() -> None:
    g = game()
    s = play(position(g, {"a1": "tunnel n2"}, {"treasure gem1": 1}), "stop")
    assert str(s.outcome()).startswith("1 point (") and "1 points" not in str(s.outcome())


def test_die_texts_come_from_the_dice_table() -> None:
    g = game()
    danger = g.card_text("danger")
    assert danger is not None and danger.key == "dice-miner.card.type"
    assert danger.arg("type") == "hazard" and danger.arg("count") == 9
    assert [f.arg("face") for f in danger.arg("faces")][-2:] == ["dragon4", "beer"]
    text = str(danger)
    assert "Danger die — 9 in the bag" in text and "4 dragons" in text and "beer" in text
    face = g.card_text("dragon4")
    assert face is not None and "4 dragons is a face of this die" in str(face)
    assert "Danger die" in str(face)
    assert "1 shield ×2" in str(g.card_text("tool"))
    assert g.card_text("tunnel n9") is None and g.card_text("unicorn") is None


def test_a_mid_game_screen_fits_100_by_30() -> None:
    s = start(7)
    dig(s, 8)
    lines = assert_fits(s.game.render(s.observation(0)))
    assert any("full runs" in line or "full run " in line for line in lines)
    assert assert_fits(words("fr").render(s.game, s.observation(0)))
    assert not any("(s)" in line or "die/dice" in line for line in lines)
