"""Which of two copies a Develop replaces (spec §3.4; assumption ``develop.copy``).

The copy with fewer uses left is replaced; between copies with as many uses left (two
features, or two unused action locations) it is the first in the tableau. The new card
takes the replaced one's place, so the order of the locations (public, and the order
in which storage cards fill) shows which copy went.
"""

from __future__ import annotations

from solotable.games.fifty_first_state.state import FiftyFirstStateState

from .helpers import play, staged


def _cards(s: FiftyFirstStateState) -> list[str]:
    return [loc["card"] for loc in s.observation(0)["locations"]]


def test_of_two_equal_features_the_first_is_replaced() -> None:
    s = staged(hand=("motel",), locs=("docks", "arena", "docks"), goods={"development": 1})
    play(s, "develop motel over docks token")
    obs = s.observation(0)
    assert _cards(s) == ["motel", "arena", "docks"]
    assert obs["discard"] == {"docks": 1}
    assert obs["vp"] == 1
    assert obs["hand"] == {}


def test_of_two_unused_action_locations_the_first_is_replaced() -> None:
    s = staged(hand=("oil-trader",), locs=("hideout", "docks", "hideout"), goods={"brick": 1})
    play(s, "develop oil-trader over hideout")
    assert _cards(s) == ["oil-trader", "docks", "hideout"]
    assert [loc["uses_left"] for loc in s.observation(0)["locations"]] == [2, 0, 2]


def test_the_second_copy_is_replaced_when_it_has_fewer_uses_left() -> None:
    s = staged(hand=("oil-trader",), locs=("hideout", "docks", "hideout"), goods={"brick": 1})
    d = s.to_dict()
    d["locs"][2][1] = 1  # the second Hideout was used once this round
    s = s.game.state_from_dict(d)
    play(s, "develop oil-trader over hideout")
    assert _cards(s) == ["hideout", "docks", "oil-trader"]
    assert [loc["uses_left"] for loc in s.observation(0)["locations"]] == [2, 0, 2]
