"""Solo scoring and the rating bands.

The bands are data (``data/ratings.json``) because the seed's table has a
misprint (see the ``ratings.average`` assumption); validation insists on
contiguous bands from 0 so that every score gets exactly one rating.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solotable.core.errors import DataFileError
from solotable.core.game import Assumption, parse_assumptions

RUN_POINTS = 5
"""A Tunnel run that reaches 5 scores this much (seed scoring table)."""


@dataclass(frozen=True, slots=True)
class Band:
    name: str
    low: int
    high: int | None
    text: str


@dataclass(frozen=True, slots=True)
class Ratings:
    bands: tuple[Band, ...]
    assumptions: tuple[Assumption, ...]

    def band(self, score: int) -> Band:
        for b in self.bands:
            if score >= b.low and (b.high is None or score <= b.high):
                return b
        return self.bands[0]


def parse_ratings(doc: Any, source: str) -> Ratings:
    """Validate the bands: contiguous from 0, the last one open-ended."""
    if not isinstance(doc, dict) or not isinstance(doc.get("bands"), list) or not doc["bands"]:
        raise DataFileError(f"{source}: needs a non-empty 'bands' list")
    bands: list[Band] = []
    expect = 0
    for i, raw in enumerate(doc["bands"]):
        where = f"{source}: bands[{i}]"
        if not isinstance(raw, dict) or not isinstance(raw.get("name"), str) or not raw["name"]:
            raise DataFileError(f"{where}: needs a non-empty 'name'")
        low, high = raw.get("min"), raw.get("max")
        if low != expect:
            raise DataFileError(f"{where}: 'min' must be {expect} (bands are contiguous)")
        last = i == len(doc["bands"]) - 1
        if last and high is not None:
            raise DataFileError(f"{where}: the last band's 'max' must be null (open-ended)")
        if not last and (not isinstance(high, int) or isinstance(high, bool) or high < low):
            raise DataFileError(f"{where}: 'max' must be an integer >= min")
        bands.append(Band(raw["name"], low, high, str(raw.get("text", ""))))
        if high is not None:
            expect = high + 1
    return Ratings(tuple(bands), tuple(parse_assumptions(doc.get("assumptions", []), source)))


def breakdown(
    hazard_points: int, visible_gems: int, hidden_gems: int, full_runs: int
) -> dict[str, int]:
    """Points by source, as on the seed's scoring table, plus the total."""
    parts = {
        "dangers": hazard_points,
        "treasure": visible_gems,
        "hidden_treasure": 2 * hidden_gems,
        "tunnels": RUN_POINTS * full_runs,
    }
    parts["total"] = sum(parts.values())
    return parts
