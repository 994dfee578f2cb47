"""End of the game: out-of-reach win, resignation and the end screens
(seed: Objectif, Précisions)."""

from __future__ import annotations

import pytest
from rich.console import Console

from solotable.core.message import Msg
from solotable.games.mini_divercity.codes import Log

from .helpers import (
    edit,
    empty_deck,
    game,
    long_playout,
    play,
    set_pos,
    start,
)


def test_game_ends_as_a_loss_when_winning_is_impossible():
    """Empty deck: the game goes on only while saving the goal is still possible."""
    s = start(corp=None)
    s = edit(s, empty_deck)
    play(s, "corp:oil", "oil:o3")
    assert s.is_terminal() and s.returns() == [0.0]
    assert s.stats()["cause"] == "impossible"
    assert s.outcome() == Msg("mini-divercity.outcome.impossible", {"goal": 7, "limit": 5})
    assert str(s.outcome()) == "Lost: saving 7 species became impossible"


@pytest.mark.parametrize(
    ("divers", "over"),
    [(("endurance", "captain", "explorer"), False), (("captain", "explorer", "swimmer"), True)],
)
def test_impossibility_counts_free_specialist_moves(divers, over):
    """Impossibility bound: an unused Endurance Specialist can still supply a missing step."""
    s = start(game(save_goal=1), divers=divers, corp=None)
    s = edit(s, empty_deck)
    play(s, "corp:oil", "oil:o3")
    assert s.is_terminal() is over


def test_end_screen_explains_an_impossible_win_with_numbers():
    """Précisions (empty deck) + issue: the loss when winning became impossible says why."""
    for first, more in (("captain", 0), ("endurance", 1)):
        s = start(divers=(first, "explorer", "swimmer"), corp=None)
        s = edit(s, empty_deck)
        play(s, "corp:oil", "oil:o3")
        # Crab, eel, octopus, turtle: 1 card each for 2 steps; oyster: none for 3 steps;
        # an unused Endurance Specialist mends one one-step gap.
        assert s.is_terminal()
        obs = s.observation(0)
        assert obs["result"]["cause"] == "impossible"
        assert obs["win"]["more_needed"] == 7 and obs["win"]["max_more_saves"] == more
        text = " ".join(_plain(s.game.render(obs)).split())
        assert "DEFEAT" in text and "0 saved, 0 eliminated, and 0 Hotels" in text
        assert f"7 more were needed, but at most {more} could still reach Saved" in text


def test_max_more_saves_counts_cards_outside_the_discard_and_free_moves():
    """Impossibility bound (assumption impossible_win): one free Diver move mends one gap."""
    s = start(game(save_goal=2), divers=("endurance", "diving", "explorer"), corp=None)
    s = edit(s, empty_deck)
    # Five hand species with 1 card each, 2 steps each: none can be saved by cards alone;
    # two free moves (Endurance + Diving) close two gaps of one step.
    assert s.max_more_saves() == 2
    play(s, "corp:hotels-red-blue", "endurance:crab")
    assert s.max_more_saves() == 2  # crab is now green: its one card suffices
    assert not s.is_terminal()


def test_resign_ends_the_game_as_a_loss():
    """The player may resign (offered in the Divers phase)."""
    s = start()
    play(s, "resign")
    assert s.is_terminal() and s.returns() == [0.0] and s.stats()["cause"] == "resigned"
    assert s.observation(0)["result"]["result"] == "loss"


def test_end_screens_for_hotels_eliminated_and_win():
    """End screen: the result, its cause and the saved / eliminated / hotels counts."""
    s = start(corp="hotels-red-blue")
    play(s, "explore", "corp:hotels-green-purple", "explore", "corp:hotels-orange-yellow")
    text = _plain(game().render(s.observation(0)))
    assert "DEFEAT" in text and "all 6 Islands became Hotels" in text
    assert "0 saved, 0 eliminated, and 6 Hotels" in text
    s = start(corp=None)
    s = edit(
        s,
        lambda d: (
            [set_pos(d, x, -2) for x in ("nudibranch", "hammerhead", "porcupinefish", "manta")],
            set_pos(d, "crab", -1),
        ),
    )
    play(s, "corp:oil", "oil:l1")
    text = _plain(game().render(s.observation(0)))
    assert "DEFEAT" in text and "Lost: 5 species eliminated" in text
    assert "0 saved, 5 eliminated, and 0 Hotels" in text
    s = start(game(save_goal=1))
    s = edit(s, lambda d: set_pos(d, "oyster", 1))
    play(s, "id:o3")
    text = _plain(game().render(s.observation(0)))
    assert "VICTORY" in text and "Won: 1 species saved" in text
    assert "1 saved, 0 eliminated, and 2 Hotels" in text


def _out_of_reach(**options):
    """Empty deck, then an Oil Platform: saving 7 goes out of reach (4 species with one card
    for two steps, the oyster with none)."""
    s = start(game(**options), corp=None)
    s = edit(s, empty_deck)
    return play(s, "corp:oil", "oil:o3")


def test_out_of_reach_counts_in_stats_by_default():
    """Option end_when_impossible (default on): the game ends at once; stats() and the
    observation record the cause and the counts. Seed: Précisions (pile Espèces vide)."""
    s = _out_of_reach()
    assert s.is_terminal() and s.stats()["cause"] == "impossible"
    stats = s.stats()
    assert stats["more_needed"] == 7.0 and stats["max_more_saves"] == 0.0
    assert stats["out_of_reach_turn"] == float(s.turn) == 1.0
    win = s.observation(0)["win"]
    assert win == {
        "reachable": False,
        "more_needed": 7,
        "max_more_saves": 0,
        "out_of_reach_since": None,
    }


def test_out_of_reach_win_with_the_option_off_play_goes_on():
    """Option end_when_impossible=false: the seed speaks of an impossible win only with an
    empty Species deck and leaves the call to the player, so play goes on; the observation
    says the win is out of reach (with the counts), stats() records when and why.
    Seed: Précisions (pile Espèces vide)."""
    s = _out_of_reach(end_when_impossible=False)
    assert not s.is_terminal() and s.current_player() == 0
    obs = s.observation(0)
    assert obs["win"] == {
        "reachable": False,
        "more_needed": 7,
        "max_more_saves": 0,
        "out_of_reach_since": 1,
    }
    assert obs["log"][-1] == {"kind": "out-of-reach", "more_needed": 7, "max_more_saves": 0}
    assert "hopeless" in s.to_dict() and s.clone().to_dict() == s.to_dict()
    assert s.game.state_from_dict(s.to_dict()).observation(0) == obs
    play(s, "explore", "corp:oil", "oil:o2")  # still playing, still out of reach
    assert s.observation(0)["win"]["out_of_reach_since"] == 1
    assert sum(1 for e in s.log if e[0] == Log.OUT_OF_REACH) == 1  # said once
    play(s, "resign")
    stats = s.stats()
    assert stats["cause"] == "resigned" and stats["out_of_reach_turn"] == 1.0
    assert stats["more_needed"] == 7.0 and stats["max_more_saves"] == 0.0
    assert s.observation(0)["win"]["out_of_reach_since"] == 1
    text = " ".join(_plain(s.game.render(s.observation(0))).split())
    assert "(the win was out of reach from turn 1)" in text


def test_end_when_impossible_is_a_settable_option():
    """The option is declared like the others, so ``--set end_when_impossible=false`` works."""
    assert game(end_when_impossible="false").options["end_when_impossible"] is False
    assert game().options["end_when_impossible"] is True
    s = game().new_initial_state(0)
    assert "hopeless" not in s.to_dict()  # to_dict keys unchanged unless the option bites


def test_win_field_is_reachable_until_the_engine_ends_the_game():
    """Default option: every position still in play reports the win as reachable."""
    g = game()

    def check(st):
        if not st.is_terminal():
            assert st.observation(0)["win"]["reachable"]

    for seed in range(6):
        long_playout(g, seed, check)


def _plain(markup: str) -> str:
    console = Console(width=110, record=True, color_system=None)
    console.print(markup)
    return console.export_text()
