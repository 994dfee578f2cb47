"""The card set: a JSON data file, validated at load into flat per-type tables.

A card *type* is an index into these tables; decks, hands and deals are
count vectors over types, so the engine never copies card objects. Another
card set (e.g. the 2010 edition once transcribed) is another JSON file with
the same schema; every problem is reported as ``DataFileError`` naming the
card and the field.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, NamedTuple

from solotable.core.datafile import load_data_option
from solotable.core.errors import DataFileError
from solotable.core.game import Assumption, check_confidence, parse_assumptions
from solotable.core.untrusted import check_name, shorten
from solotable.games.fifty_first_state.goods import (
    CARD,
    GOOD_INDEX,
    GOOD_NAMES,
    NUM_GOODS,
    VP,
    Vector,
)

KINDS = ("production", "feature", "action")
PRODUCTION, FEATURE, ACTION = 0, 1, 2

# Final literals: the compiled rules read them as constants (solotable.accel).
E_NONE: Final = 0
E_PRODUCE: Final = 1
E_PER_ICON: Final = 2
E_KEEP: Final = 3
E_ACTION: Final = 4
EFFECT_TYPES = ("none", "produce", "produce_per_icon", "keep", "action")
BONUS_TYPES = ("gain", "store", "vp_per_icon")

REAL_GOODS = GOOD_NAMES[:NUM_GOODS]
REWARD_GOODS = GOOD_NAMES
CONNECTION_DECKS = ("blue", "red")


class PerIcon(NamedTuple):
    """A "1 good per X-type location, up to a maximum" production."""

    good: int
    icon_mask: int
    max: int


class Keep(NamedTuple):
    """How much a storage feature keeps through Cleanup."""

    goods: int
    """Basic goods."""
    workers: int


class VpPerIcon(NamedTuple):
    """A "1 VP per X-type location, up to a maximum" build bonus."""

    icon_mask: int
    max: int


@dataclass(frozen=True)
class CardSet:
    """Per-type tables (tuples indexed by card type) of one validated card set."""

    title: str
    ids: tuple[str, ...]
    names: tuple[str, ...]
    names_fr: tuple[str | None, ...]
    copies: tuple[int, ...]
    kind: tuple[int, ...]
    open: tuple[bool, ...]
    distance: tuple[int, ...]
    icons: tuple[tuple[str, ...], ...]
    icon_mask: tuple[int, ...]
    effect: tuple[int, ...]
    prod_gain: tuple[Vector, ...]
    per_icon: tuple[PerIcon, ...]
    keep: tuple[Keep, ...]
    act_cost: tuple[Vector, ...]
    act_any: tuple[int, ...]
    """Basic goods of the player's choice in an action's cost."""
    act_deal: tuple[int, ...]
    """Deals to give up in an action's cost."""
    act_gain: tuple[Vector, ...]
    act_choice: tuple[int, ...]
    """Basic goods of the player's choice an action yields."""
    act_uses: tuple[int, ...]
    bonus_gain: tuple[Vector, ...]
    bonus_store: tuple[Vector, ...]
    bonus_vpi: tuple[VpPerIcon | None, ...]
    deal: tuple[Vector, ...]
    raze: tuple[Vector, ...]
    deal_reroll: tuple[bool, ...]
    built_reroll: tuple[bool, ...]
    solo_note: tuple[str, ...]
    icon_names: tuple[str, ...]
    conn_ids: tuple[str, ...]
    conn_names: tuple[str, ...]
    conn_deck: tuple[int, ...]
    conn_copies: tuple[int, ...]
    conn_cost: tuple[Vector, ...]
    conn_gain: tuple[Vector, ...]
    assumptions: tuple[Assumption, ...]
    provenance: str

    @property
    def n(self) -> int:
        return len(self.ids)

    @property
    def total_cards(self) -> int:
        return sum(self.copies)


def _need(obj: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in obj:
        raise DataFileError(f"{where}: missing field {key!r}")
    v = obj[key]
    if isinstance(v, bool) and kind is not bool:
        raise DataFileError(f"{where}.{key}: expected {_kind_name(kind)}, got {v!r}")
    if not isinstance(v, kind):
        raise DataFileError(f"{where}.{key}: expected {_kind_name(kind)}, got {v!r}")
    return v


def _kind_name(kind: type | tuple[type, ...]) -> str:
    if isinstance(kind, tuple):
        return " or ".join(k.__name__ for k in kind)
    return {"int": "an integer", "str": "a string", "list": "a list", "dict": "an object"}.get(
        kind.__name__, kind.__name__
    )


def parse_vector(
    obj: Any, where: str, allowed: tuple[str, ...], extra: tuple[str, ...] = ()
) -> tuple[Vector, dict[str, int]]:
    """Read ``{"good": n, ...}``; ``extra`` keys are returned apart (e.g. any_basic)."""
    if not isinstance(obj, dict):
        raise DataFileError(f"{where}: expected an object of good -> amount, got {obj!r}")
    vec: list[tuple[int, int]] = []
    rest: dict[str, int] = {}
    for k, v in obj.items():
        if isinstance(v, bool) or not isinstance(v, int) or v < 1 or v > 20:
            raise DataFileError(f"{where}.{k}: amount must be an integer 1..20, got {v!r}")
        if k in extra:
            rest[k] = v
        elif k in allowed:
            vec.append((GOOD_INDEX[k], v))
        else:
            valid = ", ".join((*allowed, *extra))
            raise DataFileError(f"{where}: unknown good {k!r}; expected one of {valid}")
    vec.sort()
    return tuple(vec), rest


def load_card_set(data: Any, source: str) -> CardSet:
    """Validate a parsed card-set file; the error names the card and field."""
    if not isinstance(data, dict):
        raise DataFileError(f"{source}: the top level must be an object")
    raw_cards = _need(data, "cards", list, source)
    if not raw_cards:
        raise DataFileError(f"{source}: 'cards' is empty")
    icon_names: list[str] = []
    for c in raw_cards:
        icons = c.get("icons") if isinstance(c, dict) else None
        if isinstance(icons, list):
            icon_names.extend(x for x in icons if isinstance(x, str) and x not in icon_names)
    rows: list[dict[str, Any]] = []
    seen: set[str] = set()
    for i, c in enumerate(raw_cards):
        where = f"{source}: cards[{i}]"
        if not isinstance(c, dict):
            raise DataFileError(f"{where}: expected an object")
        cid = _need(c, "id", str, where)
        where = f"{source}: card {shorten(repr(cid))} (cards[{i}])"
        if (
            not cid
            or not all(ch.isascii() and (ch.isalnum() or ch == "-") for ch in cid)
            or cid != cid.lower()
        ):
            raise DataFileError(f"{where}.id: use lowercase letters, digits and '-'")
        if cid in seen:
            raise DataFileError(f"{where}.id: duplicate id")
        seen.add(cid)
        rows.append(_parse_card(c, where, icon_names))
    open_total = sum(r["copies"] for r in rows if r["open"])
    if open_total < 3:
        raise DataFileError(
            f"{source}: the solo setup needs at least 3 open-production cards, found {open_total}"
        )
    conns = _need(data, "connections", list, source)
    conn_rows = [_parse_connection(c, f"{source}: connections[{i}]") for i, c in enumerate(conns)]
    cids = [r["id"] for r in conn_rows]
    if len(set(cids)) != len(cids):
        raise DataFileError(f"{source}: connections: duplicate id")
    clash = set(cids) & seen
    if clash:
        raise DataFileError(f"{source}: connections: id {sorted(clash)[0]!r} is also a card id")
    assumptions = parse_assumptions(data.get("assumptions", []), source)
    prov_text = provenance_text(data.get("provenance"), source)

    def col(key: str) -> tuple[Any, ...]:
        return tuple(r[key] for r in rows)

    def ccol(key: str) -> tuple[Any, ...]:
        return tuple(r[key] for r in conn_rows)

    icon_bit = {n: 1 << i for i, n in enumerate(icon_names)}
    masks = []
    for r in rows:
        m = 0
        for ic in r["icons"]:
            m |= icon_bit[ic]
        masks.append(m)
    per_icon = tuple(
        PerIcon(g, icon_bit.get(ic, 0), mx) for (g, ic, mx) in (r["per_icon"] for r in rows)
    )
    bonus_vpi = tuple(
        None
        if r["bonus_vpi"] is None
        else VpPerIcon(icon_bit.get(r["bonus_vpi"][0], 0), r["bonus_vpi"][1])
        for r in rows
    )
    return CardSet(
        title=str(data.get("set", source)),
        ids=col("id"),
        names=col("name"),
        names_fr=col("name_fr"),
        copies=col("copies"),
        kind=col("kind"),
        open=col("open"),
        distance=col("distance"),
        icons=col("icons"),
        icon_mask=tuple(masks),
        effect=col("effect"),
        prod_gain=col("prod_gain"),
        per_icon=per_icon,
        keep=tuple(Keep(*k) for k in col("keep")),
        act_cost=col("act_cost"),
        act_any=col("act_any"),
        act_deal=col("act_deal"),
        act_gain=col("act_gain"),
        act_choice=col("act_choice"),
        act_uses=col("act_uses"),
        bonus_gain=col("bonus_gain"),
        bonus_store=col("bonus_store"),
        bonus_vpi=bonus_vpi,
        deal=col("deal"),
        raze=col("raze"),
        deal_reroll=col("deal_reroll"),
        built_reroll=col("built_reroll"),
        solo_note=col("solo_note"),
        icon_names=tuple(icon_names),
        conn_ids=ccol("id"),
        conn_names=ccol("name"),
        conn_deck=ccol("deck"),
        conn_copies=ccol("copies"),
        conn_cost=ccol("cost"),
        conn_gain=ccol("gain"),
        assumptions=tuple(assumptions),
        provenance=prov_text,
    )


def provenance_text(prov: Any, source: str) -> str:
    """A data file's ``provenance`` object in words, its confidence validated.

    The confidence must be high, medium or low like every other one in the
    project (``core.game.check_confidence``), so it can be sorted and filtered.
    A card set without provenance (a user's own file) is allowed and says so.
    """
    if prov is None:
        return " (confidence ?)"
    if not isinstance(prov, dict):
        raise DataFileError(f"{source}: provenance must be an object with source and confidence")
    if not isinstance(prov.get("source"), str) or not prov["source"]:
        raise DataFileError(f"{source}: provenance.source must be a non-empty string")
    confidence = check_confidence(prov.get("confidence"), f"{source}: provenance")
    return f"{prov['source']} (confidence {confidence})"


def _parse_card(c: dict[str, Any], where: str, icon_names: list[str]) -> dict[str, Any]:
    r: dict[str, Any] = {"id": c["id"]}
    r["name"] = check_name(_need(c, "name", str, where), f"{where}.name")
    fr = c.get("name_fr")
    if fr is not None:
        check_name(fr, f"{where}.name_fr")
    r["name_fr"] = fr
    copies = _need(c, "copies", int, where)
    if not 1 <= copies <= 10:
        raise DataFileError(f"{where}.copies: must be 1..10, got {copies}")
    r["copies"] = copies
    kind = _need(c, "kind", str, where)
    if kind not in KINDS:
        raise DataFileError(f"{where}.kind: {kind!r} is not one of {', '.join(KINDS)}")
    r["kind"] = KINDS.index(kind)
    op = c.get("open_production", False)
    if not isinstance(op, bool):
        raise DataFileError(f"{where}.open_production: expected true or false")
    if op and kind != "production":
        raise DataFileError(f"{where}.open_production: only production locations can be open")
    r["open"] = op
    dist = _need(c, "distance", int, where)
    if not 1 <= dist <= 5:
        raise DataFileError(f"{where}.distance: must be 1..5, got {dist}")
    r["distance"] = dist
    icons = _need(c, "icons", list, where)
    if not all(isinstance(x, str) and x for x in icons):
        raise DataFileError(f"{where}.icons: expected a list of icon names")
    for k, icon in enumerate(icons):
        check_name(icon, f"{where}.icons[{k}]")
    r["icons"] = tuple(icons)
    _parse_effect(_need(c, "effect", dict, where), f"{where}.effect", kind, r, icon_names)
    _parse_bonus(c.get("build_bonus") or {}, f"{where}.build_bonus", r, icon_names)
    r["deal"], _ = parse_vector(_need(c, "deal", dict, where), f"{where}.deal", REWARD_GOODS)
    if not r["deal"]:
        raise DataFileError(f"{where}.deal: a deal must yield something")
    r["raze"], _ = parse_vector(_need(c, "raze", dict, where), f"{where}.raze", REWARD_GOODS)
    solo = c.get("solo", {})
    if not isinstance(solo, dict):
        raise DataFileError(f"{where}.solo: expected an object")
    for k, v in solo.items():
        if k in ("deal_lookout_reroll", "built_lookout_reroll") and not isinstance(v, bool):
            raise DataFileError(f"{where}.solo.{k}: expected true or false")
        if k not in ("deal_lookout_reroll", "built_lookout_reroll", "replaces", "source"):
            raise DataFileError(f"{where}.solo: unknown key {k!r}")
    r["deal_reroll"] = bool(solo.get("deal_lookout_reroll", False))
    r["built_reroll"] = bool(solo.get("built_lookout_reroll", False))
    r["solo_note"] = str(solo.get("replaces", ""))
    return r


def _parse_effect(
    e: dict[str, Any], where: str, kind: str, r: dict[str, Any], icon_names: list[str]
) -> None:
    t = _need(e, "type", str, where)
    if t not in EFFECT_TYPES:
        raise DataFileError(f"{where}.type: {t!r} is not one of {', '.join(EFFECT_TYPES)}")
    expected = {
        "produce": "production",
        "produce_per_icon": "production",
        "action": "action",
        "keep": "feature",
        "none": "feature",
    }[t]
    if kind != expected:
        raise DataFileError(f"{where}.type: {t!r} is not an effect for {kind} locations")
    r["effect"] = EFFECT_TYPES.index(t)
    r["prod_gain"] = ()
    r["per_icon"] = (0, "", 0)
    r["keep"] = (0, 0)
    r["act_cost"] = ()
    r["act_any"] = 0
    r["act_deal"] = 0
    r["act_gain"] = ()
    r["act_choice"] = 0
    r["act_uses"] = 0
    if t == "produce":
        r["prod_gain"], _ = parse_vector(
            _need(e, "gain", dict, where), f"{where}.gain", REWARD_GOODS
        )
    elif t == "produce_per_icon":
        good = _need(e, "good", str, where)
        if good not in REAL_GOODS:
            raise DataFileError(f"{where}.good: unknown good {good!r}")
        icon = _need(e, "icon", str, where)
        if icon not in icon_names:
            raise DataFileError(f"{where}.icon: {icon!r} is not an icon of any card")
        mx = _need(e, "max", int, where)
        if not 1 <= mx <= 10:
            raise DataFileError(f"{where}.max: must be 1..10")
        r["per_icon"] = (GOOD_INDEX[good], icon, mx)
    elif t == "keep":
        g = _need(e, "goods", int, where)
        w = e.get("workers", 0)
        if not isinstance(w, int) or isinstance(w, bool) or not 0 <= g <= 10 or not 0 <= w <= 10:
            raise DataFileError(f"{where}: goods and workers must be integers 0..10")
        if g + w == 0:
            raise DataFileError(f"{where}: a keep effect must keep something")
        r["keep"] = (g, w)
    elif t == "action":
        cost, rest = parse_vector(
            _need(e, "cost", dict, where), f"{where}.cost", REAL_GOODS, ("any_basic", "deal")
        )
        gain, grest = parse_vector(
            _need(e, "gain", dict, where), f"{where}.gain", REWARD_GOODS, ("choice_basic",)
        )
        if (
            rest.get("any_basic", 0) > 1
            or rest.get("deal", 0) > 1
            or grest.get("choice_basic", 0) > 1
        ):
            raise DataFileError(f"{where}: any_basic, deal and choice_basic may only be 1")
        if rest and grest:
            raise DataFileError(f"{where}: a choice in both cost and gain is not supported")
        if rest.get("any_basic") and rest.get("deal"):
            raise DataFileError(f"{where}.cost: any_basic and deal cannot be combined")
        if not gain and not grest:
            raise DataFileError(f"{where}.gain: an action must yield something")
        uses = _need(e, "uses", int, where)
        if uses not in (1, 2):
            raise DataFileError(f"{where}.uses: must be 1 or 2, got {uses}")
        r["act_cost"] = cost
        r["act_any"] = rest.get("any_basic", 0)
        r["act_deal"] = rest.get("deal", 0)
        r["act_gain"] = gain
        r["act_choice"] = grest.get("choice_basic", 0)
        r["act_uses"] = uses


def _parse_bonus(b: Any, where: str, r: dict[str, Any], icon_names: list[str]) -> None:
    r["bonus_gain"] = ()
    r["bonus_store"] = ()
    r["bonus_vpi"] = None
    if not isinstance(b, dict):
        raise DataFileError(f"{where}: expected an object")
    if not b:
        return
    t = _need(b, "type", str, where)
    if t == "gain":
        r["bonus_gain"], _ = parse_vector(
            _need(b, "gain", dict, where), f"{where}.gain", REWARD_GOODS
        )
    elif t == "store":
        vec, _ = parse_vector(_need(b, "goods", dict, where), f"{where}.goods", REAL_GOODS)
        r["bonus_store"] = vec
    elif t == "vp_per_icon":
        icon = _need(b, "icon", str, where)
        if icon not in icon_names:
            raise DataFileError(f"{where}.icon: {icon!r} is not an icon of any card")
        mx = _need(b, "max", int, where)
        if not 1 <= mx <= 10:
            raise DataFileError(f"{where}.max: must be 1..10")
        r["bonus_vpi"] = (icon, mx)
    else:
        raise DataFileError(f"{where}.type: {t!r} is not one of {', '.join(BONUS_TYPES)}")


def _parse_connection(c: Any, where: str) -> dict[str, Any]:
    if not isinstance(c, dict):
        raise DataFileError(f"{where}: expected an object")
    cid = _need(c, "id", str, where)
    where = f"{where} ({shorten(repr(cid))})"
    deck = _need(c, "deck", str, where)
    if deck not in CONNECTION_DECKS:
        raise DataFileError(f"{where}.deck: must be 'blue' or 'red'")
    copies = _need(c, "copies", int, where)
    if not 1 <= copies <= 10:
        raise DataFileError(f"{where}.copies: must be 1..10")
    cost, _ = parse_vector(c.get("cost", {}), f"{where}.cost", REAL_GOODS)
    gain, _ = parse_vector(_need(c, "gain", dict, where), f"{where}.gain", REWARD_GOODS)
    return {
        "id": cid,
        "name": check_name(_need(c, "name", str, where), f"{where}.name"),
        "deck": CONNECTION_DECKS.index(deck),
        "copies": copies,
        "cost": cost,
        "gain": gain,
    }


def read_card_file(path: str) -> CardSet:
    """Load a card set from a file path given with ``--set cards=FILE``."""
    return load_card_set(load_data_option(path, "card file"), shorten(Path(path).name))


__all__ = [
    "CARD",
    "VP",
    "CardSet",
    "Keep",
    "PerIcon",
    "VpPerIcon",
    "load_card_set",
    "read_card_file",
]
