"""Each usable action location is listed once, in id order (spec §3.4).

``legal_actions`` is sorted and without repeats whatever the tableau: two copies of the
same action location with uses left give its moves once, and locations built in any
order are listed by card id.
"""

from __future__ import annotations

from .helpers import moves, staged


def test_two_copies_of_a_location_are_listed_once() -> None:
    s = staged(locs=("hideout", "hideout"), deals=("docks",))
    legal = s.legal_actions()
    assert legal == sorted(set(legal))
    assert [m for m in moves(s) if m.startswith("use ")] == ["use hideout docks"]


def test_locations_built_in_any_order_are_listed_by_id() -> None:
    s = staged(locs=("motel", "archive"), goods={"worker": 1})
    legal = s.legal_actions()
    assert legal == sorted(set(legal))
    assert [m for m in moves(s) if m.startswith("use ")] == ["use archive", "use motel"]
