"""The dice table: die types, counts and faces, loaded from a JSON file.

The real face distributions are mostly unknown (see ``data/dice.json``), so
everything about the dice is data a user can replace with ``--set dice=FILE``.
A table is validated completely at load: a bad file must fail at game
construction with a message naming the exact key, never deep inside a game.

Faces with identical symbols are merged into one *kind* with a weight (how
many of the six faces show it), so a chance node has one outcome per distinct
result and two equal faces never look like two different moves.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from solotable.core.datafile import load_data_option
from solotable.core.errors import DataFileError
from solotable.core.game import Assumption, parse_assumptions
from solotable.core.message import Msg, msg
from solotable.core.untrusted import shorten

TYPES: tuple[str, ...] = ("tunnel", "treasure", "magic", "hazard", "tool")
TUNNEL, TREASURE, MAGIC, HAZARD, TOOL = range(5)
NTYPES = 5
FACES_PER_DIE = 6
CODES = NTYPES * FACES_PER_DIE
"""A die on the table is ``type * 6 + kind``: at most six kinds per type."""

SYMBOLS: tuple[str, ...] = (
    "n",
    "gem",
    "magic",
    "dragon",
    "cavein",
    "pickaxe",
    "shield",
    "chest",
    "beer",
)
_ALLOWED: dict[int, frozenset[str]] = {
    TUNNEL: frozenset({"n"}),
    TREASURE: frozenset({"gem"}),
    MAGIC: frozenset({"magic"}),
    HAZARD: frozenset({"dragon", "cavein"}),
    TOOL: frozenset({"pickaxe", "shield", "chest"}),
}

Face = tuple[tuple[str, int], ...]
"""A face's symbols in :data:`SYMBOLS` order, e.g. ``(("gem", 3),)``."""


def face_label(face: Face) -> str:
    """Notation for a face: ``n3``, ``gem2``, ``dragon4``, ``shield1+chest1``, ``beer``."""
    if face == (("beer", 1),):
        return "beer"
    return "+".join(f"{s}{c}" for s, c in face)


@dataclass(frozen=True)
class DiceTable:
    """A validated dice file, with per-code lookup tables for the hot paths."""

    counts: tuple[int, ...]
    total: int
    kinds: tuple[tuple[Face, ...], ...]
    weights: tuple[tuple[int, ...], ...]
    source: str
    digest: str
    assumptions: tuple[Assumption, ...]

    def __post_init__(self) -> None:
        def per_code(symbol: str) -> tuple[int, ...]:
            out = [0] * CODES
            for t in range(NTYPES):
                for k, face in enumerate(self.kinds[t]):
                    out[t * FACES_PER_DIE + k] = dict(face).get(symbol, 0)
            return tuple(out)

        labels = [""] * CODES
        for t in range(NTYPES):
            for k, face in enumerate(self.kinds[t]):
                labels[t * FACES_PER_DIE + k] = face_label(face)
        object.__setattr__(self, "labels", tuple(labels))
        by_text = {f"{TYPES[c // FACES_PER_DIE]} {lab}": c for c, lab in enumerate(labels) if lab}
        object.__setattr__(self, "code_of", by_text)
        for sym in SYMBOLS:
            object.__setattr__(self, sym, per_code(sym))
        beer_kind = []
        for t in range(NTYPES):
            found = [k for k, f in enumerate(self.kinds[t]) if f == (("beer", 1),)]
            beer_kind.append(found[0] if found else -1)
        object.__setattr__(self, "beer_kind", tuple(beer_kind))

    # Filled in by __post_init__ (declared for type checkers).
    labels: tuple[str, ...] = field(init=False, default=())
    code_of: dict[str, int] = field(init=False, default_factory=dict, compare=False, hash=False)
    """``"tunnel n3"`` → its code."""
    n: tuple[int, ...] = field(init=False, default=())
    gem: tuple[int, ...] = field(init=False, default=())
    magic: tuple[int, ...] = field(init=False, default=())
    dragon: tuple[int, ...] = field(init=False, default=())
    cavein: tuple[int, ...] = field(init=False, default=())
    pickaxe: tuple[int, ...] = field(init=False, default=())
    shield: tuple[int, ...] = field(init=False, default=())
    chest: tuple[int, ...] = field(init=False, default=())
    beer: tuple[int, ...] = field(init=False, default=())
    beer_kind: tuple[int, ...] = field(init=False, default=())

    def code(self, t: int, label: str) -> int:
        """The code of type ``t`` showing the face named ``label`` (KeyError if none)."""
        return self.code_of[f"{TYPES[t]} {label}"]

    def die_text(self, code: int) -> str:
        """``"tunnel n3"``: how test positions and the notation name a die."""
        return f"{TYPES[code // FACES_PER_DIE]} {self.labels[code]}"

    def die(self, code: int) -> dict[str, Any]:
        """A die showing ``code`` as message arguments: ``type``, ``face`` (its label),
        ``code`` and ``symbols`` (``[[symbol, count], …]``), which words/ says in full."""
        t, k = divmod(code, FACES_PER_DIE)
        face = self.kinds[t][k] if k < len(self.kinds[t]) else ()
        return {
            "type": TYPES[t],
            "face": self.labels[code],
            "code": code,
            "symbols": [[s, c] for s, c in face],
        }


def _fail(source: str, where: str, reason: Msg) -> DataFileError:
    return DataFileError(msg("dice-miner.data.at", source=source, where=where, reason=reason))


def _bad_face(source: str, where: str, t: int, raw: Any) -> DataFileError:
    """A face its type may not show (the message says what the type's faces look like)."""
    return _fail(source, where, msg("dice-miner.data.bad-face", type=TYPES[t], face=repr(raw)))


def _parse_face(source: str, where: str, t: int, raw: Any) -> Face:
    if not isinstance(raw, dict) or not raw:
        raise _fail(source, where, msg("dice-miner.data.face-object", got=shorten(repr(raw))))
    for sym, cnt in raw.items():
        if sym not in SYMBOLS:
            raise _fail(
                source,
                where,
                msg("dice-miner.data.unknown-symbol", symbol=shorten(repr(sym)), known=SYMBOLS),
            )
        if not isinstance(cnt, int) or isinstance(cnt, bool) or cnt < 1:
            raise _fail(
                source,
                where,
                msg("dice-miner.data.symbol-count", symbol=repr(sym), got=shorten(repr(cnt))),
            )
    if "beer" in raw:
        if raw != {"beer": 1}:
            raise _fail(source, where, msg("dice-miner.data.beer-alone"))
        return (("beer", 1),)
    if not set(raw) <= _ALLOWED[t]:
        raise _bad_face(source, where, t, raw)
    if t == TUNNEL and not 1 <= raw["n"] <= 5:
        raise _bad_face(source, where, t, raw)
    if t == HAZARD and len(raw) != 1:
        raise _bad_face(source, where, t, raw)
    if t == TOOL and "shield" in raw and "pickaxe" in raw:
        raise _fail(source, where, msg("dice-miner.data.shield-and-pickaxe", face=repr(raw)))
    return tuple((s, raw[s]) for s in SYMBOLS if s in raw)


def parse_dice(doc: Any, source: str) -> DiceTable:
    """Validate a parsed dice document; every problem names its key."""
    if not isinstance(doc, dict):
        raise DataFileError(msg("dice-miner.data.not-object", source=source))
    for key in ("total", "dice"):
        if key not in doc:
            raise DataFileError(msg("dice-miner.data.missing", source=source, name=repr(key)))
    total = doc["total"]
    if not isinstance(total, int) or isinstance(total, bool) or total < 1:
        raise _fail(source, "total", msg("dice-miner.data.count", least=1, got=_got(total)))
    dice = doc["dice"]
    if not isinstance(dice, dict):
        raise _fail(source, "dice", msg("dice-miner.data.dice-object"))
    unknown = sorted(set(dice) - set(TYPES))
    if unknown:
        raise _fail(
            source,
            "dice",
            msg("dice-miner.data.unknown-type", type=shorten(repr(unknown[0])), known=TYPES),
        )
    counts: list[int] = []
    kinds: list[tuple[Face, ...]] = []
    weights: list[tuple[int, ...]] = []
    for t, name in enumerate(TYPES):
        if name not in dice:
            raise _fail(source, "dice", msg("dice-miner.data.missing-type", type=repr(name)))
        entry = dice[name]
        where = f"dice.{name}"
        if not isinstance(entry, dict):
            raise _fail(source, where, msg("dice-miner.data.entry-object"))
        for key in ("count", "faces"):
            if key not in entry:
                raise _fail(source, where, msg("dice-miner.data.missing-key", name=repr(key)))
        extra = sorted(set(entry) - {"count", "faces", "note"})
        if extra:
            raise _fail(
                source, where, msg("dice-miner.data.unknown-key", name=shorten(repr(extra[0])))
            )
        count = entry["count"]
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise _fail(
                source, f"{where}.count", msg("dice-miner.data.count", least=0, got=_got(count))
            )
        faces = entry["faces"]
        if not isinstance(faces, list) or len(faces) != FACES_PER_DIE:
            got = str(len(faces)) if isinstance(faces, list) else _got(faces)
            raise _fail(
                source, f"{where}.faces", msg("dice-miner.data.six-faces", n=FACES_PER_DIE, got=got)
            )
        parsed = [_parse_face(source, f"{where}.faces[{i}]", t, f) for i, f in enumerate(faces)]
        if all(f == (("beer", 1),) for f in parsed):
            raise _fail(source, f"{where}.faces", msg("dice-miner.data.all-beer"))
        distinct: list[Face] = []
        for f in parsed:
            if f not in distinct:
                distinct.append(f)
        counts.append(count)
        kinds.append(tuple(distinct))
        weights.append(tuple(parsed.count(f) for f in distinct))
    if sum(counts) != total:
        detail = " + ".join(f"{n} {name}" for n, name in zip(counts, TYPES, strict=True))
        raise _fail(
            source,
            "dice",
            msg("dice-miner.data.sum", sum=sum(counts), detail=detail, total=total),
        )
    assumptions = tuple(parse_assumptions(doc.get("assumptions", []), source))
    canonical = json.dumps([counts, [list(k) for k in kinds], weights], sort_keys=True)
    digest = hashlib.sha256(canonical.encode()).hexdigest()[:10]
    return DiceTable(
        tuple(counts), total, tuple(kinds), tuple(weights), source, digest, assumptions
    )


def _got(value: Any) -> str:
    """A bad value as the file wrote it (shortened: a file is not to flood a message)."""
    return shorten(repr(value))


def load_dice_file(path: str) -> DiceTable:
    """Read a user's dice file (``--set dice=FILE`` or its ``sha256:`` name) with a
    precise error; a device, pipe or oversized file is refused (``core.untrusted``)."""
    return parse_dice(load_data_option(path, "dice file"), shorten(path))
