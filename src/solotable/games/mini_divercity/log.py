"""The public log and the pending procedure as structured data (ids and codes, no words).

The state keeps its log as ``(code, a, b)`` int triples (``codes.Log``: cheap to write on the
hot path, and part of the saved position). A player sees each entry as a small dict — a
``kind`` and ids (``{"kind": "harmed", "species": "crab", "to": "red"}``) — which
``solotable.words`` says in the player's language (``mini-divercity.event.<kind>``); the
same dicts are the game's events. The stack of pending steps is shown the same way
(``{"step": "hotels", "colours": ["red", "blue"]}``): what the table has still to resolve,
which the player knows, and what ``sample_state`` rebuilds a position from.

Both directions are table-driven (:data:`LOG_FIELDS`, :data:`STEP_NAMES`), so an entry reads
back into exactly the triple it came from.
"""

from __future__ import annotations

from typing import Any

from solotable.core.errors import SolotableError
from solotable.core.message import msg
from solotable.games.mini_divercity.actions import SLOTS
from solotable.games.mini_divercity.codes import CAUSES, POS_NAMES, Chance, Log, Step
from solotable.games.mini_divercity.tables import Tables

_SPECIES = (("species", "species"),)
LOG_FIELDS: dict[int, tuple[str, tuple[tuple[str, str], ...]]] = {
    Log.TURN: ("turn", (("turn", "int"),)),
    Log.CORP: ("corp-card", (("card", "corp"),)),
    Log.RESHUFFLE: ("reshuffle", (("count", "int"),)),
    Log.DISCARD: ("discard", (("slot", "slot"), ("species", "species"))),
    Log.HARM: ("harmed", (("species", "species"), ("to", "pos"))),
    Log.IMPROVE: ("improved", (("species", "species"), ("to", "pos"))),
    Log.HOTEL_BUILT: ("hotel-built", (("colour", "colour"),)),
    Log.HOTEL_ALREADY: ("hotel-already", (("colour", "colour"),)),
    Log.HOTEL_CLOSED: ("hotel-closed", (("colour", "colour"),)),
    Log.DYN_DECK: ("dynamite-deck", _SPECIES),
    Log.DYN_DISCARD: ("dynamite-discard", _SPECIES),
    Log.DYN_NONE: ("dynamite-none", ()),
    Log.DIVER: ("special-action", (("diver", "diver"),)),
    Log.OIL_EMPTY: ("oil-empty", ()),
    Log.PEEK: ("corp-peek", (("card", "corp"),)),
    Log.REVEAL_TOP: ("deck-top", _SPECIES),
    Log.QUICK: ("quick-exploration", ()),
    Log.EXPLORE: ("explored", ()),
    Log.SWAP: ("swapped", (("lagoon", "slot"), ("ocean", "slot"))),
    Log.CAP_RETURN: ("captain-return", _SPECIES),
    Log.LOOK: ("look", (("pile", "pile"),)),
    Log.END: ("over", (("cause", "cause"),)),
    Log.OIL_COST: ("extra-cost", (("count", "int"),)),
    Log.CAP_DRAW: ("captain-draw", _SPECIES),
    Log.NO_EFFECT: ("no-effect", (("species", "species"), ("at", "pos"))),
    Log.FLIP: ("flip", (("slot", "slot"), ("species", "species"))),
    Log.VIS_ORDER: ("visionary-ordered", (("count", "int"),)),
    Log.CAP_DISCARD: ("captain-discard", _SPECIES),
    Log.OUT_OF_REACH: ("out-of-reach", (("more_needed", "int"), ("max_more_saves", "int"))),
}
"""Per log code: the entry's ``kind`` and its fields, filled from ``a`` then ``b``."""
LOG_KINDS = tuple(kind for kind, _ in LOG_FIELDS.values())
PILES = ("species", "corporation")

STEP_NAMES: dict[int, str] = {
    Step.DEAL_DIVER: "deal-diver",
    Step.REFILL: "refill",
    Step.TURN: "turn",
    Step.CORP_DRAW: "corporation",
    Step.OIL: "oil",
    Step.DYNAMITE: "dynamite",
    Step.HOTELS: "hotels",
    Step.PAY: "pay",
    Step.SWAP: "swap",
    Step.PEEK: "peek",
    Step.PEEK_DRAW: "peek-draw",
    Step.FLIP: "flip",
    Step.VIS_DRAW: "visionary-draw",
    Step.VIS_ORDER: "visionary-order",
    Step.CAP_DRAW: "captain-draw",
    Step.CAP_CHOICE: "captain-choice",
    Step.COMMS_REVEAL: "communications-reveal",
    Step.DIVERS: "divers",
    Step.FLIP_ALL: "flip-all",
    Step.CAP_COUNT: "captain-count",
}
"""A pending step's name in the observation (``pending``)."""
COUNTED_STEPS = (Step.PAY, Step.FLIP, Step.VIS_DRAW)
"""Steps whose argument is a count (``left``)."""
DEALING: dict[int, str | None] = {
    Chance.NONE: None,
    Chance.DRAW: "species-card",
    Chance.PICK: "discarded-card",
    Chance.CORP: "corporation-card",
    Chance.DIVER: "diver",
}
"""What the table is dealing at a chance node (``dealing``)."""


def _bad(what: str) -> SolotableError:
    return SolotableError(msg("mini-divercity.observation.bad", what=what))


class LogBook:
    """Turns log triples and stack steps into entries and back, for one game's tables.

    Entries are cached by triple (the log repeats the same few dozen facts), and a copy is
    handed out each time so an observation never shares a dict with another."""

    def __init__(self, t: Tables) -> None:
        self.values: dict[str, tuple[Any, ...]] = {
            "species": t.species_ids,
            "slot": SLOTS,
            "colour": t.colours,
            "corp": t.corp_ids,
            "diver": t.diver_ids,
            "cause": CAUSES,
            "pile": PILES,
        }
        self._entries: dict[tuple[int, int, int], dict[str, Any]] = {}
        self._steps: dict[int, dict[str, Any]] = {}
        self._codes = {kind: code for code, (kind, _) in LOG_FIELDS.items()}
        self._step_codes = {name: int(step) for step, name in STEP_NAMES.items()}

    # -- log entries ----------------------------------------------------------------------
    def entry(self, e: tuple[int, int, int]) -> dict[str, Any]:
        """The entry a player sees for the triple ``e`` (a fresh dict)."""
        cached = self._entries.get(e)
        if cached is None:
            cached = self._entries[e] = self._build(e)
        return cached.copy()

    def entries(self, log: list[tuple[int, int, int]]) -> list[dict[str, Any]]:
        """``entry`` for each triple of ``log`` (the observation's hot path: one lookup and
        one copy per cached entry)."""
        cache = self._entries
        out = []
        for e in log:
            cached = cache.get(e)
            if cached is None:
                cached = cache[e] = self._build(e)
            out.append(cached.copy())
        return out

    def _build(self, e: tuple[int, int, int]) -> dict[str, Any]:
        code, a, b = e
        kind, fields = LOG_FIELDS[code]
        out: dict[str, Any] = {"kind": kind}
        for (name, conv), raw in zip(fields, (a, b), strict=False):
            out[name] = self._value(conv, raw)
        return out

    def _value(self, conv: str, raw: int) -> Any:
        if conv == "int":
            return raw
        if conv == "pos":
            return POS_NAMES[raw]
        return self.values[conv][raw]

    def code(self, entry: Any) -> tuple[int, int, int]:
        """The triple an entry came from; a SolotableError for an entry no game writes."""
        if not isinstance(entry, dict) or entry.get("kind") not in self._codes:
            raise _bad("log entry")
        code = self._codes[entry["kind"]]
        raw = [-1, -1]
        for i, (name, conv) in enumerate(LOG_FIELDS[code][1]):
            value = entry.get(name)
            if conv == "int":
                if not isinstance(value, int) or isinstance(value, bool):
                    raise _bad(f"log entry {name}")
                raw[i] = value
            elif conv == "pos":
                raw[i] = _index_of(POS_VALUES, value, name) - 2
            else:
                raw[i] = _index_of(self.values[conv], value, name)
        return (int(code), raw[0], raw[1])

    # -- pending steps --------------------------------------------------------------------
    def step(self, step: int) -> dict[str, Any]:
        """The pending step ``step`` (``kind << 8 | argument``) as data (a fresh dict)."""
        kind, arg = step >> 8, step & 255
        if kind == Step.HOTELS:
            colours = self.values["colour"]
            return {"step": "hotels", "colours": [colours[arg >> 4], colours[arg & 15]]}
        cached = self._steps.get(step)
        if cached is None:
            cached = {"step": STEP_NAMES[kind]}
            if kind in COUNTED_STEPS:
                cached["left"] = arg
            self._steps[step] = cached
        return cached.copy()

    def step_code(self, entry: Any) -> int:
        """The stack int a pending step came from (SolotableError when malformed)."""
        if not isinstance(entry, dict) or entry.get("step") not in self._step_codes:
            raise _bad("pending step")
        kind = self._step_codes[entry["step"]]
        if kind == Step.HOTELS:
            pair = entry.get("colours")
            if not isinstance(pair, list) or len(pair) != 2:
                raise _bad("pending hotels")
            colours = self.values["colour"]
            a, b = (_index_of(colours, c, "colour") for c in pair)
            return kind << 8 | a << 4 | b
        if kind in COUNTED_STEPS:
            left = entry.get("left")
            if not isinstance(left, int) or isinstance(left, bool) or not 0 <= left < 256:
                raise _bad("pending count")
            return kind << 8 | left
        return kind << 8


POS_VALUES = tuple(POS_NAMES[p] for p in sorted(POS_NAMES))
"""Position names in code order (eliminated … saved = -2 … 2)."""


def _index_of(values: tuple[Any, ...], value: Any, what: str) -> int:
    """``values.index(value)``, or the error an untrusted observation earns."""
    try:
        i = values.index(value)
    except ValueError:
        raise _bad(what) from None
    return i
