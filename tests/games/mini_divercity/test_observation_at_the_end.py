"""What the observation says once the game is over: the result with its counts, no pending
step, no decision, and the win's counts (none more needed after a win; out of reach after
an "impossible" end).

The random games behind the golden views are lost early by a random player, so a won end
is checked here.
"""

from __future__ import annotations

from .helpers import edit, empty_deck, game, play, set_pos, start


def test_a_won_game_needs_no_more_saves():
    s = start(game(save_goal=1))
    s = edit(s, lambda d: set_pos(d, "oyster", 1))
    play(s, "id:o3")
    obs = s.observation(0)
    assert obs["result"] == {
        "result": "win",
        "cause": "saved",
        "saved": 1,
        "eliminated": 0,
        "hotels": 2,  # red and blue, by the turn-1 Corporation card
    }
    # The 11 other species are all on the blue space with no card discarded: each could
    # still be saved.
    assert obs["win"] == {
        "reachable": True,
        "more_needed": 0,
        "max_more_saves": 11,
        "out_of_reach_since": None,
    }
    assert obs["pending"] == [] and obs["decision"] is None and obs["dealing"] is None


def test_an_impossible_end_shows_the_win_out_of_reach():
    """Empty deck, then an Oil Platform: 7 saves are out of reach, the game ends at once;
    the observation's counts say why."""
    s = start(corp=None)
    s = edit(s, empty_deck)
    play(s, "corp:oil", "oil:o3")
    obs = s.observation(0)
    assert obs["result"]["cause"] == "impossible"
    assert obs["win"] == {
        "reachable": False,
        "more_needed": 7,
        "max_more_saves": 0,
        "out_of_reach_since": None,
    }
    assert obs["pending"] == [] and obs["decision"] is None
