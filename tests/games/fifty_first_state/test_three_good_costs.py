"""A printed cost of three goods, each with its own stand-in or none (spec §3.1).

Another card set (``--set cards=FILE``) may give an action location a cost of a basic
good, a contact and a worker: ammo stands in for the basic good, a universal contact for
the contact, nothing for the worker. The game loads such a set, and the location is
offered (move list, ``is_legal``, no refusal reason) exactly when all three are covered;
a legal use pays them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .card_sets import check_archive_cost

COST = {"fuel": 1, "grey": 1, "worker": 1}

CASES = [
    # (goods held, legal?, goods left after the use)
    ({"fuel": 1, "grey": 1, "worker": 1}, True, {}),
    ({"ammo": 1, "universal": 1, "worker": 1}, True, {}),
    ({"fuel": 1, "universal": 1, "worker": 2}, True, {"worker": 1}),
    ({"fuel": 1, "grey": 1}, False, None),
    ({"fuel": 1, "worker": 1}, False, None),
    ({"grey": 1, "worker": 1, "universal": 1}, False, None),
]


@pytest.mark.parametrize("held, legal, left", CASES)
def test_archive_costing_a_basic_good_a_contact_and_a_worker(
    tmp_path: Path, held: dict[str, int], legal: bool, left: dict[str, int] | None
) -> None:
    check_archive_cost(tmp_path, COST, held, legal, left)
