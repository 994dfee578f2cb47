"""Faction boards (``data/factions.json``): income good and three actions."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solotable.core.errors import DataFileError
from solotable.core.game import Assumption, parse_assumptions
from solotable.games.fifty_first_state.cards import (
    REAL_GOODS,
    REWARD_GOODS,
    parse_vector,
    provenance_text,
)
from solotable.games.fifty_first_state.goods import GOOD_INDEX, Vector


@dataclass(frozen=True)
class Faction:
    id: str
    name: str
    name_fr: str
    good: int
    action_cost: tuple[Vector, Vector, Vector]
    action_card: tuple[int, int, int]
    """Cards from hand to discard as part of each action's cost."""
    action_gain: tuple[Vector, Vector, Vector]


@dataclass(frozen=True)
class FactionSet:
    factions: tuple[Faction, ...]
    income: Vector
    assumptions: tuple[Assumption, ...]

    def ids(self) -> tuple[str, ...]:
        return tuple(f.id for f in self.factions)


def load_factions(data: Any, source: str) -> FactionSet:
    if not isinstance(data, dict) or not isinstance(data.get("factions"), list):
        raise DataFileError(f"{source}: expected an object with a 'factions' list")
    provenance_text(data.get("provenance"), source)
    income, _ = parse_vector(data.get("income"), f"{source}: income", REWARD_GOODS)
    out = []
    for i, f in enumerate(data["factions"]):
        where = f"{source}: factions[{i}]"
        if not isinstance(f, dict):
            raise DataFileError(f"{where}: expected an object")
        for k in ("id", "name", "good"):
            if not isinstance(f.get(k), str):
                raise DataFileError(f"{where}.{k}: expected a string")
        if f["good"] not in REAL_GOODS:
            raise DataFileError(f"{where}.good: unknown good {f['good']!r}")
        acts = f.get("actions")
        if not isinstance(acts, list) or len(acts) != 3:
            raise DataFileError(f"{where}.actions: expected exactly 3 actions")
        costs, cards, gains = [], [], []
        for j, a in enumerate(acts):
            w = f"{where}.actions[{j}]"
            if not isinstance(a, dict):
                raise DataFileError(f"{w}: expected an object")
            c, rest = parse_vector(a.get("cost"), f"{w}.cost", REAL_GOODS, ("hand_card",))
            g, _ = parse_vector(a.get("gain"), f"{w}.gain", REWARD_GOODS)
            costs.append(c)
            cards.append(rest.get("hand_card", 0))
            gains.append(g)
        out.append(
            Faction(
                f["id"],
                f["name"],
                str(f.get("name_fr", f["name"])),
                GOOD_INDEX[f["good"]],
                (costs[0], costs[1], costs[2]),
                (cards[0], cards[1], cards[2]),
                (gains[0], gains[1], gains[2]),
            )
        )
    if not out:
        raise DataFileError(f"{source}: no faction")
    return FactionSet(
        tuple(out), income, tuple(parse_assumptions(data.get("assumptions", []), source))
    )
