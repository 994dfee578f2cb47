"""The end of a solo game, its score and the rating bands.

Seed: Marquer les points: the game ends when the player cannot or will not act
any more; the collection is then scored with the seed's table and the total
rated. The bands are data (``data/ratings.json``) because the seed's table has a
misprint (see the ``ratings.average`` assumption); validation insists on
contiguous bands from 0 so that every score gets exactly one rating.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from solotable.core.errors import DataFileError
from solotable.core.game import Assumption, parse_assumptions
from solotable.games.dice_miner.dice import FACES_PER_DIE, HAZARD, MAGIC, TREASURE
from solotable.games.dice_miner.phases import STOPPED, STUCK
from solotable.games.dice_miner.rules.magic_and_refill import can_refill
from solotable.games.dice_miner.rules.selection import selectable

if TYPE_CHECKING:
    from solotable.games.dice_miner.state import DiceMinerState

F = FACES_PER_DIE

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


def score_parts(state: DiceMinerState) -> dict[str, int]:
    """The collection scored with the seed's table (seed: Marquer les points).

    Neutralised Danger dice: 1 per danger symbol; Treasure: 1 per gem, 2 when
    hidden; Tunnel: 5 per run that reached 5 (incomplete runs score nothing).
    """
    table = state.game.table
    hazard = visible = hidden = 0
    coll = state.coll
    for c in range(HAZARD * F, HAZARD * F + F):
        hazard += coll[c] * (table.dragon[c] + table.cavein[c])
    for c in range(TREASURE * F, TREASURE * F + F):
        visible += (coll[c] - state.hidden[c]) * table.gem[c]
        hidden += state.hidden[c] * table.gem[c]
    return breakdown(hazard, visible, hidden, state.runs[5])


def has_move(state: DiceMinerState) -> bool:
    """Whether any action besides stopping is left (spec §5.6).

    A die on top that some face makes selectable, a Magic die to spend on a
    non-empty mountain, or a refill that would pour at least one die.
    """
    g = state.game
    if state.on_mountain:
        coll = state.coll
        for k in g.magic_kinds:
            if coll[MAGIC * F + k]:
                return True
        m = state.mountain
        covers = g.mtn.covers
        options_of = g.options_of
        for s in range(len(m)):
            c = m[s]
            if c < 0:
                continue
            for x in covers[s]:  # rules.mountain.dice_on_top, inlined to stop early
                if m[x] >= 0:
                    break
            else:
                for code in options_of[c]:
                    if selectable(state, code):
                        return True
    return can_refill(state)


def end_if_stuck(state: DiceMinerState) -> None:
    """End the game when stopping is the only action left.

    Seed: Marquer les points ("quand vous ne pouvez plus réaliser d'actions");
    checked whenever the player is about to choose freely.
    """
    if not has_move(state):
        state.over = STUCK


def stop_digging(state: DiceMinerState) -> None:
    """The player stops and scores (seed: Marquer les points: "ou que vous ne voulez plus")."""
    state.over = STOPPED
