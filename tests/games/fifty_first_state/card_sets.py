"""Other card sets for tests: the Master Set with some cards changed, written as a card
file for the ``cards`` option (``--set cards=FILE``, the public way to play another set)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

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
