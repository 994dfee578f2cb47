"""A Lagoon card's two extra discards shrink to what the hand holds once it is gone.

Identify with a Lagoon card costs two more discards (``rules/main_actions``); with an
empty Species deck the hand shrinks, and the cost is then what is left in it
(``rules.hand.extra_cost``). ``ActionInfo.args["extra_discards"]`` says it before the
click (``actions.py`` ``_lagoon_cost``), and the rules then log exactly that cost.
"""

from __future__ import annotations

from typing import Any

import pytest

from solotable.games.mini_divercity.state import MiniDiverCityState
from tests.games.mini_divercity.helpers import SP, edit, empty_deck, log, start

HAND = ("crab", "eel", "octopus", "turtle", "oyster")


def _hand_of(n: int) -> MiniDiverCityState:
    """The Divers phase with an empty Species deck and only the first ``n`` cards of the
    hand (l1 first); the others are in the discard."""

    def shrink(d: dict[str, Any]) -> None:
        empty_deck(d)
        for k in range(n, 5):
            d["disc"][SP.index(HAND[k])] += 1
            d["ndisc"] += 1
            d["hand"][k] = -1
            d["up"][k] = False

    return edit(start(hand=HAND), shrink)


@pytest.mark.parametrize(("held", "extra"), [(1, 0), (2, 1), (3, 2), (5, 2)])
def test_identify_with_l1_costs_at_most_what_the_hand_holds_after_it(held, extra):
    s = _hand_of(held)
    identify = s.string_to_action("id:l1")
    assert identify in s.legal_actions()
    assert s.action_info(identify).args.get("extra_discards", 0) == extra
    before = len(log(s))
    s.apply_action(identify)
    costs = [e for e in log(s)[before:] if e["kind"] == "extra-cost"]
    assert costs == [{"kind": "extra-cost", "count": extra}]
