"""The win goes out of reach at the very move that costs its last chance, whatever that
move is: a species' third discarded card, an elimination, or the last free Diver move
spent elsewhere. The game (option ``end_when_impossible``, on by default) ends there.

Seed: Précisions (play goes on only while saving the goal is still possible). Copies: 5
per species, so a species one step below blue needs 3 usable cards; its third discard
leaves it 2.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from solotable.core import CHANCE
from solotable.games.mini_divercity.state import MiniDiverCityState

from .helpers import SP, edit, game, log, play, set_pos, start


def _discard_from_deck(d: dict[str, Any], species: str, n: int) -> None:
    i = SP.index(species)
    d["deck"][i] -= n
    d["ndeck"] -= n
    d["disc"][i] += n
    d["ndisc"] += n


def _all_hopeless_but(keep: str, deficit: int = 1) -> Callable[[dict[str, Any]], None]:
    """Every species except ``keep`` lacks ``deficit`` (1 or 2) usable cards to be saved."""

    def change(d: dict[str, Any]) -> None:
        for x in SP:
            if x == keep:
                continue
            # 4 of its 5 cards discarded: 1 usable card; on blue 2 are needed, one step
            # below 3
            _discard_from_deck(d, x, 4)
            if deficit == 2:
                set_pos(d, x, -1)

    return change


def _win(s: MiniDiverCityState) -> Any:
    return s.observation(0)["win"]


def _one_to_save(
    divers: tuple[str, ...] = ("captain", "explorer", "swimmer"),
) -> MiniDiverCityState:
    return start(game(save_goal=1), divers=divers, corp=None)


def test_a_third_discard_of_a_species_below_blue_ends_the_game() -> None:
    """Crab one step below blue with 2 discards: 3 usable cards, just enough. Closing a
    Hotel with the crab of l1 discards the third: only 2 are left, the win is gone."""
    for discarded, over in ((2, True), (1, False)):
        s = _one_to_save()

        def crab_short(d: dict[str, Any], n: int = discarded) -> None:
            _all_hopeless_but("crab")(d)
            set_pos(d, "crab", -1)
            _discard_from_deck(d, "crab", n)

        s = edit(s, crab_short)
        play(s, "corp:hotels-red-blue")
        assert s.max_more_saves() == 1 and _win(s)["reachable"]
        play(s, "close:red:l1")
        assert s.is_terminal() is over
        if over:
            assert s.stats()["cause"] == "impossible"
            assert _win(s) == {
                "reachable": False,
                "more_needed": 1,
                "max_more_saves": 0,
                "out_of_reach_since": None,
            }
        else:
            assert s.current_player() == CHANCE  # the replacement draw, play goes on


def test_an_elimination_that_removes_the_last_reachable_species_ends_the_game() -> None:
    """The Oil Platform on a crab one step below blue eliminates it (one discard only): the
    crab was the one species that could still be saved."""
    s = _one_to_save()

    def crab_below(d: dict[str, Any]) -> None:
        _all_hopeless_but("crab")(d)
        set_pos(d, "crab", -1)

    s = edit(s, crab_below)
    assert s.max_more_saves() == 1
    play(s, "corp:oil", "oil:l1")
    assert s.observation(0)["scale"]["crab"] == "eliminated"
    assert s.is_terminal() and s.stats()["cause"] == "impossible"
    assert _win(s)["max_more_saves"] == 0 and s.stats()["eliminated"] == 1.0


def test_the_free_move_spent_on_a_species_that_stays_short_ends_the_game() -> None:
    """The crab lacks one card, which the Endurance Specialist's free move could make up;
    spending it on the eel (two short, now one short) leaves no species within reach."""
    s = _one_to_save(divers=("endurance", "captain", "explorer"))

    def short(d: dict[str, Any]) -> None:
        _all_hopeless_but("crab", deficit=2)(d)
        _discard_from_deck(d, "crab", 4)  # on blue, 1 usable card of the 2 needed

    s = edit(s, short)
    play(s, "corp:hotels-red-blue")
    assert s.max_more_saves() == 1
    play(s, "endurance:eel")
    assert s.is_terminal() and s.stats()["cause"] == "impossible"
    assert _win(s)["max_more_saves"] == 0


def test_the_free_move_spent_on_the_species_it_was_saving_keeps_the_game_going() -> None:
    s = _one_to_save(divers=("endurance", "captain", "explorer"))

    def short(d: dict[str, Any]) -> None:
        _all_hopeless_but("crab", deficit=2)(d)
        _discard_from_deck(d, "crab", 4)

    s = edit(s, short)
    play(s, "corp:hotels-red-blue", "endurance:crab")
    assert not s.is_terminal() and s.current_player() != CHANCE
    assert s.observation(0)["scale"]["crab"] == "green" and s.max_more_saves() == 1


def test_eliminated_and_saved_species_are_not_counted_as_still_reachable() -> None:
    """At the start every species can be saved (12); one eliminated or one saved species
    is out of play and no longer counts, even with no card of it discarded."""
    for place in (-2, 2):

        def out_of_play(d: dict[str, Any], p: int = place) -> None:
            set_pos(d, "nudibranch", p)

        s = edit(start(), out_of_play)
        assert s.max_more_saves() == 11
        assert s.observation(0)["win"]["max_more_saves"] == 11


def _one_saved_crab_left(d: dict[str, Any]) -> None:
    """Goal 2 with the nudibranch saved: one more is needed, and only the crab (one step
    below blue, 2 of its cards discarded: 3 usable cards for 3 steps) can still make it."""
    _all_hopeless_but("crab")(d)
    set_pos(d, "nudibranch", 2)
    set_pos(d, "crab", -1)
    _discard_from_deck(d, "crab", 2)


def test_species_already_saved_lower_what_is_still_needed() -> None:
    """The eel's last card goes (a check is due): one more save is needed, one species can
    still make it, so play goes on."""
    s = start(game(save_goal=2), corp=None)
    s = edit(s, _one_saved_crab_left)
    play(s, "corp:hotels-red-blue", "close:red:l2")
    assert not s.is_terminal()
    assert _win(s) == {
        "reachable": True,
        "more_needed": 1,
        "max_more_saves": 1,
        "out_of_reach_since": None,
    }


def test_the_out_of_reach_line_counts_the_saves_still_needed() -> None:
    """Option end_when_impossible off: the crab's third discard puts the one save still
    needed out of reach; the log line says 1 needed, 0 possible."""
    s = start(game(save_goal=2, end_when_impossible=False), corp=None)
    s = edit(s, _one_saved_crab_left)
    play(s, "corp:hotels-red-blue", "close:red:l1")
    assert not s.is_terminal()
    assert {"kind": "out-of-reach", "more_needed": 1, "max_more_saves": 0} in log(s)
    assert _win(s) == {
        "reachable": False,
        "more_needed": 1,
        "max_more_saves": 0,
        "out_of_reach_since": 1,
    }
