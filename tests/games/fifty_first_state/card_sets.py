"""Other card sets for tests: the Master Set with some cards changed, written as a card
file for the ``cards`` option (``--set cards=FILE``, the public way to play another set)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from .helpers import goods_of, moves, play, staged
from .test_data import base_data


def card_file(
    tmp_path: Path,
    change: dict[str, dict[str, Any]],
    connections: tuple[str, ...] = (),
    connection_change: dict[str, dict[str, Any]] | None = None,
    first: str = "",
) -> str:
    """The Master Set with some cards' fields replaced (card id → {field: value}) and,
    given ``connections`` (their ids), its connection cards listed in that order, some
    of their fields replaced as well (``connection_change``); given ``first``, that card
    moved to the front of the card list (card type 0)."""
    data = copy.deepcopy(base_data())
    for card in data["cards"]:
        card.update(change.get(card["id"], {}))
    if first:
        ids = [c["id"] for c in data["cards"]]
        data["cards"].insert(0, data["cards"].pop(ids.index(first)))
    for conn in data["connections"]:
        conn.update((connection_change or {}).get(conn["id"], {}))
    if connections:
        by_id = {c["id"]: c for c in data["connections"]}
        data["connections"] = [by_id[c] for c in connections]
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(data), "utf-8")
    return str(path)


def check_archive_cost(
    tmp_path: Path,
    cost: dict[str, int],
    held: dict[str, int],
    legal: bool,
    left: dict[str, int] | None,
) -> None:
    """Archive given ``cost`` in a card set, the player holding ``held``: offered by the move
    list, ``is_legal`` and the refusal reason alike exactly when ``legal``; a legal use pays,
    leaving ``left``, and scores its VP."""
    effect = {"type": "action", "cost": cost, "gain": {"vp": 1}, "uses": 2}
    s = staged(
        cards=card_file(tmp_path, {"archive": {"effect": effect}}), locs=("archive",), goods=held
    )
    a = s.string_to_action("use archive")
    assert s.is_legal(a) == ("use archive" in moves(s)) == (s.illegal_reason(a) is None) == legal
    if legal:
        play(s, "use archive")
        assert {g: n for g, n in goods_of(s).items() if n} == left
        assert s.observation(0)["vp"] == 1
