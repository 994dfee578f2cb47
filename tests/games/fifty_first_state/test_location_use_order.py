"""Which copy of an action location a use is taken from (spec §3.4, §6.2).

Each use spends one of the uses left on a copy that still has one: a copy already used
up this round is passed over, the next copy with uses left pays (the first such copy in
the tableau). ``uses_left`` per location is public.
"""

from __future__ import annotations

from .helpers import play, staged


def test_a_used_up_copy_is_passed_over() -> None:
    s = staged(locs=("hideout", "arena", "hideout"), deals=("docks", "docks"))
    d = s.to_dict()
    d["locs"][0][1] = 0  # the first Hideout has no use left this round
    s = s.game.state_from_dict(d)
    play(s, "use hideout docks")
    locs = s.observation(0)["locations"]
    assert [(loc["card"], loc["uses_left"]) for loc in locs] == [
        ("hideout", 0),
        ("arena", 0),
        ("hideout", 1),
    ]
    play(s, "use hideout docks")
    locs = s.observation(0)["locations"]
    assert [loc["uses_left"] for loc in locs] == [0, 0, 0]
    assert "use hideout docks" not in [m for m, _ in s.legal_moves_text()]


def test_uses_are_taken_from_the_first_copy_with_uses_left() -> None:
    s = staged(locs=("hideout", "arena", "hideout"), deals=("docks",))
    play(s, "use hideout docks")
    locs = s.observation(0)["locations"]
    assert [loc["uses_left"] for loc in locs] == [1, 0, 2]
