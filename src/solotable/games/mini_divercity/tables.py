"""Component tables read from ``data/mini_divercity.json``.

The Corporation deck and several diver details are assumptions (no card list
was found), so they live in data and are validated here with errors that name
the faulty entry: a wrong data file must fail loudly at load, never mid-game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from solotable.core.errors import DataFileError
from solotable.core.game import Assumption, parse_assumptions

DIVER_IDS = (
    "captain",
    "environmentalist",
    "explorer",
    "swimmer",
    "communications",
    "endurance",
    "diving",
    "visionary",
)
"""The engine implements exactly these eight powers, so data must name them all."""
DIVER_POWERS = {
    "captain": "captain",
    "environmentalist": "environmentalist",
    "explorer": "explorer",
    "swimmer": "swimmer",
    "communications": "communications",
    "endurance": "free-step",
    "diving": "free-step",
    "visionary": "visionary",
}
"""Each Diver's power as the engine implements it (the Endurance and Diving Specialists
share one): the key under which ``solotable.words`` says the power (``power.<key>``)."""
EVENT_NAMES = ("oil", "dynamite", "hotels")
"""Corporation event kinds as data (``Event`` order): Oil Platform, Dynamite Fishers, Hotels."""


class Event(IntEnum):
    """Corporation event kinds; a Hotels event also carries its two colour indexes."""

    OIL = 0
    DYNAMITE = 1
    HOTELS = 2


_ID = re.compile(r"^[a-z][a-z0-9-]*$")


@dataclass(frozen=True)
class Tables:
    """Everything the rules need from the data file, as plain tuples."""

    species_ids: tuple[str, ...]
    species_names: tuple[str, ...]
    copies: int
    colours: tuple[str, ...]
    diver_ids: tuple[str, ...]
    diver_names: tuple[str, ...]
    divers_dealt: int
    corp_ids: tuple[str, ...]
    corp_copies: tuple[int, ...]
    corp_events: tuple[tuple[tuple[int, int, int], ...], ...]
    """Per card type: events as ``(kind, colour_a, colour_b)`` in resolution order."""
    assumptions: tuple[Assumption, ...]

    @property
    def n_species(self) -> int:
        return len(self.species_ids)

    @property
    def n_corp(self) -> int:
        return len(self.corp_ids)

    @property
    def total_species_cards(self) -> int:
        return self.n_species * self.copies

    @property
    def total_corp_cards(self) -> int:
        return sum(self.corp_copies)


def _need(doc: dict[str, Any], key: str, kind: type, source: str) -> Any:
    if key not in doc:
        raise DataFileError(f"{source}: missing key {key!r}")
    value = doc[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise DataFileError(f"{source}: {key!r} must be a {kind.__name__}")
    return value


def _ids(entries: Any, what: str, source: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    if not isinstance(entries, list) or not entries:
        raise DataFileError(f"{source}: {what!r} must be a non-empty list")
    ids: list[str] = []
    names: list[str] = []
    for i, e in enumerate(entries):
        if not isinstance(e, dict):
            raise DataFileError(f"{source}: {what}[{i}] must be an object")
        ident, name = e.get("id"), e.get("name")
        if not isinstance(ident, str) or not _ID.match(ident):
            raise DataFileError(f"{source}: {what}[{i}].id must be a lowercase identifier")
        if not isinstance(name, str) or not name:
            raise DataFileError(f"{source}: {what}[{i}].name must be a non-empty string")
        if ident in ids:
            raise DataFileError(f"{source}: {what}[{i}].id {ident!r} is repeated")
        ids.append(ident)
        names.append(name)
    return tuple(ids), tuple(names)


def parse_tables(doc: Any, source: str = "mini_divercity.json") -> Tables:
    """Validate the data document and build the tables (DataFileError if wrong)."""
    if not isinstance(doc, dict):
        raise DataFileError(f"{source}: the top level must be an object")
    species_ids, species_names = _ids(doc.get("species"), "species", source)
    if len(species_ids) != 12:
        raise DataFileError(f"{source}: 'species' must list 12 species, got {len(species_ids)}")
    copies = _need(doc, "copies_per_species", int, source)
    if copies < 1:
        raise DataFileError(f"{source}: 'copies_per_species' must be >= 1")
    colours_raw = _need(doc, "colours", list, source)
    if len(colours_raw) != 6 or len(set(colours_raw)) != 6:
        raise DataFileError(f"{source}: 'colours' must list 6 distinct colours")
    for c in colours_raw:
        if not isinstance(c, str) or not _ID.match(c):
            raise DataFileError(f"{source}: colour {c!r} must be a lowercase identifier")
    colours = tuple(colours_raw)
    diver_ids, diver_names = _ids(doc.get("divers"), "divers", source)
    if set(diver_ids) != set(DIVER_IDS) or len(diver_ids) != len(DIVER_IDS):
        raise DataFileError(f"{source}: 'divers' must be exactly {', '.join(DIVER_IDS)}")
    by_id = dict(zip(diver_ids, diver_names, strict=True))
    dealt = _need(doc, "divers_dealt", int, source)
    if not 0 <= dealt <= len(DIVER_IDS):
        raise DataFileError(f"{source}: 'divers_dealt' must be between 0 and 8")
    cards = _need(doc, "corporation_cards", list, source)
    corp_ids: list[str] = []
    corp_copies: list[int] = []
    corp_events: list[tuple[tuple[int, int, int], ...]] = []
    for i, card in enumerate(cards):
        where = f"{source}: corporation_cards[{i}]"
        if not isinstance(card, dict):
            raise DataFileError(f"{where} must be an object")
        ident = card.get("id")
        if not isinstance(ident, str) or not _ID.match(ident) or ident in corp_ids:
            raise DataFileError(f"{where}.id must be a new lowercase identifier")
        n = card.get("copies")
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise DataFileError(f"{where}.copies must be an integer >= 1")
        evs = card.get("events")
        if not isinstance(evs, list) or not evs:
            raise DataFileError(f"{where}.events must be a non-empty list")
        parsed: list[tuple[int, int, int]] = []
        for ev in evs:
            if ev == "oil":
                parsed.append((int(Event.OIL), -1, -1))
            elif ev == "dynamite":
                parsed.append((int(Event.DYNAMITE), -1, -1))
            elif isinstance(ev, str) and ev.startswith("hotels:"):
                parts = ev.split(":")
                if len(parts) != 3 or parts[1] not in colours or parts[2] not in colours:
                    raise DataFileError(f"{where}: bad hotels event {ev!r} (hotels:COLOUR:COLOUR)")
                if parts[1] == parts[2]:
                    raise DataFileError(f"{where}: hotels event {ev!r} names one colour twice")
                parsed.append((int(Event.HOTELS), colours.index(parts[1]), colours.index(parts[2])))
            else:
                raise DataFileError(f"{where}: unknown event {ev!r} (oil, dynamite, hotels:A:B)")
        corp_ids.append(ident)
        corp_copies.append(n)
        corp_events.append(tuple(parsed))
    if not corp_ids:
        raise DataFileError(f"{source}: 'corporation_cards' must not be empty")
    assumptions = parse_assumptions(doc.get("assumptions"), source)
    return Tables(
        species_ids=species_ids,
        species_names=species_names,
        copies=copies,
        colours=colours,
        diver_ids=DIVER_IDS,
        diver_names=tuple(by_id[d] for d in DIVER_IDS),
        divers_dealt=dealt,
        corp_ids=tuple(corp_ids),
        corp_copies=tuple(corp_copies),
        corp_events=tuple(corp_events),
        assumptions=tuple(assumptions),
    )
