"""Cards as data: the card catalog front ends draw from, and ``info CARD`` as a message.

Counts and Corporation events come from the data file through the tables; each Diver's
power is a key (``tables.DIVER_POWERS``) that ``solotable.words`` says, so no sentence is
built here and a front end never has to read the rules text to learn what a Diver does.
"""

from __future__ import annotations

from typing import Any

from solotable.core.message import Msg, msg
from solotable.games.mini_divercity.tables import DIVER_POWERS, EVENT_NAMES, Tables


def corp_events(t: Tables, c: int) -> list[dict[str, Any]]:
    """Corporation card ``c``'s events in resolution order: ``{"event": "oil"}``,
    ``{"event": "hotels", "colours": ["red", "blue"]}``…"""
    out: list[dict[str, Any]] = []
    for kind, a, b in t.corp_events[c]:
        e: dict[str, Any] = {"event": EVENT_NAMES[kind]}
        if a >= 0:
            e["colours"] = [t.colours[a], t.colours[b]]
        out.append(e)
    return out


def card_catalog(t: Tables) -> list[dict[str, Any]]:
    """Every card type's public facts (``Game.card_catalog``): species, Divers, Corporation
    cards, each with ``id``, ``type`` and ``name`` (the data file's English name, the key of
    its translation; a Corporation card is named by its events, so its ``name`` is its id)."""
    out: list[dict[str, Any]] = []
    for sid, name in zip(t.species_ids, t.species_names, strict=True):
        out.append({"id": sid, "type": "species", "name": name, "copies": t.copies})
    for did, name in zip(t.diver_ids, t.diver_names, strict=True):
        out.append({"id": did, "type": "diver", "name": name, "power": DIVER_POWERS[did]})
    for c, cid in enumerate(t.corp_ids):
        out.append(
            {
                "id": cid,
                "type": "corporation",
                "name": cid,
                "copies": t.corp_copies[c],
                "events": corp_events(t, c),
            }
        )
    return out


def _key(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def card_text(t: Tables, name: str) -> Msg | None:
    """A Diver, a Corporation card or a species, by id or English name (any case)."""
    key = _key(name)
    for d, did in enumerate(t.diver_ids):
        if key in (_key(did), _key(t.diver_names[d])):
            return msg("mini-divercity.card.diver", diver=did, power=DIVER_POWERS[did])
    for c, cid in enumerate(t.corp_ids):
        if key == _key(cid):
            return msg(
                "mini-divercity.card.corporation",
                card=cid,
                copies=t.corp_copies[c],
                total=t.total_corp_cards,
            )
    for i, sid in enumerate(t.species_ids):
        if key in (_key(sid), _key(t.species_names[i])):
            return msg("mini-divercity.card.species", species=sid, copies=t.copies)
    return None
