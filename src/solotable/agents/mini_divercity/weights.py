"""The Mini DiverCity heuristic's weights: the hand-set values and the tuned data file.

The rule-based player (``mini_divercity_heuristic``) reads every constant it weighs
moves by from a mapping, so the values can be tuned by simulation
(``tools/tune_mini_divercity.py``) and kept as data: ``agents/data/mini_divercity_weights.json``
holds the tuned values with their provenance (command, training seeds, budget, date).
The file is read as JSON and checked here: every key known, every value a finite number
of the right kind in its range, so a bad file is refused at load with one sentence
naming the entry, never half-used mid-game. ``HAND_SET`` keeps the values the player
had before tuning (the structural switches off), so the gain stays measurable.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from solotable.core.errors import DataFileError
from solotable.core.untrusted import parse_json, read_json

Weights = dict[str, float]

INT_KEYS = ("close_at", "extra", "rescue", "count_corp", "weighted_blind", "quick_down", "cycle")
"""Weights that are counts or switches (whole numbers)."""

HAND_SET: dict[str, float] = {
    "close_at": 4,  # Hotels from which the Islands are guarded (no card counting)
    "blind": 3.5,  # mean worth of a face-down card above which it is identified unseen
    "quick": 4.0,  # Lagoon worth below which a Quick Exploration is made
    "extra": 1,  # target species kept beyond the number still needed
    "rescue": 0,  # spare eliminations at or below which red species are rescued first
    "v_green": 10.0,  # worth of a step up for a green / blue / red target species
    "v_blue": 6.0,
    "v_red": 5.0,
    "v_rescue": 11.0,
    "v_other": 0.5,  # … for a species that is not a target
    "h_red": 12.0,  # harm of a step down: red target, red other, green, blue, other
    "h_red_other": 1.5,
    "h_green": 6.0,
    "h_blue": 5.0,
    "h_other": 0.5,
    "lagoon": 0.35,  # a Lagoon card's worth relative to an Ocean card's
    "id_known": 4.0,  # worth of a known Ocean card from which it is identified
    "swim": 5.0,  # … from which the Swimmer discards it
    "swap_gain": 1.0,  # gain a Lagoon/Ocean swap must bring
    "promise_rank": 2.0,  # target choice: scale position, spare copies, copies enough
    "promise_spare": 1.0,
    "promise_enough": 3.0,
    "count_corp": 0,  # 1: guard the Islands by the Corporation cards left (card counting)
    "close_risk": 0.0,  # … when the next card ends the game with at least this chance
    "weighted_blind": 0,  # 1: a face-down card's worth weighs species by unseen copies
    "blind_down": 0.0,  # added to ``blind`` per face-down card beyond the first
    "quick_down": 2,  # face-down Ocean cards from which a Quick Exploration may be made
    "cycle": 0,  # 1: with nothing face down, identify a dead card rather than Explore
}
"""The player's values before tuning (issue 25): the old heuristic, exactly."""

RANGES: dict[str, tuple[float, float]] = {k: (0.0, 1000.0) for k in HAND_SET}
RANGES.update(
    {
        "close_at": (0, 6),
        "extra": (0, 12),
        "rescue": (0, 5),
        "count_corp": (0, 1),
        "weighted_blind": (0, 1),
        "cycle": (0, 1),
        "quick_down": (1, 3),
        "close_risk": (0.0, 1.0),
        "lagoon": (0.0, 1.0),
    }
)

DATA_FILE = "mini_divercity_weights.json"


def check_weights(data: Any, where: str) -> Weights:
    """The weights of a parsed file, or a ``DataFileError`` naming the bad entry.

    Every key of ``HAND_SET`` must be there (a file from an older player fails
    loudly rather than silently mixing values), and no other.
    """
    if not isinstance(data, dict) or not isinstance(data.get("weights"), dict):
        raise DataFileError(f"{where}: expected an object with a 'weights' object")
    raw = data["weights"]
    missing = sorted(set(HAND_SET) - set(raw))
    unknown = sorted(set(raw) - set(HAND_SET))
    if missing or unknown:
        raise DataFileError(
            f"{where}: weights missing {missing or 'none'}, unknown {unknown or 'none'}"
        )
    out: Weights = {}
    for key, value in raw.items():
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not math.isfinite(value)
        ):
            raise DataFileError(f"{where}: weight {key} must be a number, not {value!r:.40}")
        low, high = RANGES[key]
        if not low <= value <= high:
            raise DataFileError(f"{where}: weight {key}={value} is outside [{low}, {high}]")
        if key in INT_KEYS and value != int(value):
            raise DataFileError(f"{where}: weight {key}={value} must be a whole number")
        out[key] = float(value)
    return out


def load_weights(path: str | Path | None = None) -> Weights:
    """The weights of ``path`` (by default the packaged, tuned file), checked."""
    if path is None:
        return dict(_packaged())
    return check_weights(read_json(path, "Mini DiverCity weights"), str(path))


@cache
def _packaged() -> Weights:
    text = resources.files("solotable.agents").joinpath("data", DATA_FILE).read_text("utf-8")
    return check_weights(parse_json(text, DATA_FILE), DATA_FILE)


def merged(base: Mapping[str, float], overrides: Mapping[str, float]) -> Weights:
    """``base`` with some values replaced (agent parameters given on the command line)."""
    out = dict(base)
    out.update(overrides)
    return out
