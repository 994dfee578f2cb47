"""Divercité's events, piece texts and screen (issue 9 items 2 and 6), through the play session."""

from __future__ import annotations

import random

from solotable.core.message import msg
from solotable.session.session import GameSession, Seat
from solotable.words import words
from tests.games.screen import assert_fits


def play_out(s: GameSession, plies: int = 99, seed: int = 0) -> None:
    """The human plays random legal moves, the agent its own, for ``plies`` plies or to the end."""
    rnd = random.Random(seed)
    while not s.is_over() and s.ply < plies:
        if s.agent_to_move() is not None:
            s.step_agent()
        else:
            seat = s.human_to_move()
            assert seat is not None
            s.play(seat, rnd.choice(s.legal_moves(seat))[0])


def test_score_events_add_up_to_the_final_scores_and_name_every_divercite() -> None:
    s = GameSession.start("divercite", {}, [Seat(), Seat("easy")], seed=3, clocks=False)
    play_out(s)
    result = s.observation(0)["result"]
    scores = [e for e in s.events if e.kind == "score"]
    totals = [sum(e.data["gains"][p] for e in scores) for p in (0, 1)]
    assert totals == s.observation(0)["scores"]
    made = sorted(e.data["square"] for e in s.events if e.kind == "divercite")
    assert made == sorted(b["square"] for b in result["breakdown"] if b["divercite"])
    assert made, "seed 3 makes at least one Divercité (precondition)"


def test_the_opponents_placement_says_what_it_scored() -> None:
    s = GameSession.start("divercite", {}, [Seat(), Seat("easy")], seed=5, clocks=False)
    play_out(s, 20, 5)
    theirs = [e for e in s.events if e.kind == "score" and e.player == 1]
    assert theirs, "the greedy opponent scores in 20 plies (precondition)"
    for e in theirs:
        said = words("en").event("divercite", e)
        assert e.text == "" and e.data["square"] in said
        assert ("Black +" in said or "White +" in said) and "player 1" not in said
        assert sum(e.data["gains"]) > 0
        assert s.events[s.events.index(e) - 1].kind == "move"


def test_piece_texts_and_no_card_names() -> None:
    g = GameSession.start("divercite", {}, [Seat(), Seat("easy")], seed=1, clocks=False).game
    assert g.card_text("city") == msg("divercite.piece.city")
    assert "5 points" in str(g.card_text("city"))
    assert "every city it touches" in str(g.card_text("Resources"))
    assert "no colour" in str(g.card_text("neutral"))
    assert g.card_text("cité") == g.card_text("city")  # the French names work too
    assert "cinq" not in words("fr").say(g.card_text("city")) and "cases de pavés" in words(
        "fr"
    ).say(g.card_text("city"))
    assert g.card_text("dragon") is None


def test_a_mid_game_screen_fits_100_by_30_and_says_points() -> None:
    s = GameSession.start("divercite", {}, [Seat(), Seat("easy")], seed=7, clocks=False)
    play_out(s, 20, 7)
    lines = assert_fits(s.game.render(s.observation(0)))
    assert any(" points " in line or " point " in line for line in lines)
    assert not any(" pts" in line for line in lines)
