"""The fixed action space and its text notation.

Ids are plain arithmetic so the hot paths never build objects:

- ``take``: ``slot * 12 + kind * 2 + hide`` — take the die on ``slot`` as face
  ``kind`` (its own face, or the face picked for a beer die), hiding it or not;
- ``spend``: ``+ kind`` — spend a collected Magic die showing that face;
- ``face``: ``+ kind`` — give a starting Magic die that rolled beer its face;
- ``recycle``: ``+ slot`` — send an exposed die back to the bag;
- ``refill``, ``stop``;
- ``draw``: ``+ type * 6 + kind`` — chance: a die of that type leaves the bag
  showing that face.

Notation: ``take c2``, ``take c2 hide``, ``take c2 as n3``, ``take c2 as gem3
hide``, ``spend magic2``, ``face magic2``, ``recycle c2``, ``refill``,
``stop``, ``draw tunnel n3``. Faces are named by their symbols (``n3``,
``gem2``, ``dragon4``, ``cavein1``, ``shield1``, ``chest2``, ``beer``).
``info.py`` gives each action as data (``State.action_info``), which words/ says.
"""

from __future__ import annotations

from dataclasses import dataclass

from solotable.core.errors import NotationError
from solotable.core.message import msg
from solotable.games.dice_miner.dice import FACES_PER_DIE, MAGIC, TUNNEL, TYPES, DiceTable
from solotable.games.dice_miner.rules.mountain import Mountain

TAKE_STRIDE = 2 * FACES_PER_DIE
F = FACES_PER_DIE


@dataclass(frozen=True, slots=True)
class Layout:
    """Where each action family starts for a mountain of ``slots`` slots."""

    slots: int
    spend: int
    face: int
    recycle: int
    refill: int
    stop: int
    draw: int
    size: int

    @classmethod
    def build(cls, slots: int) -> Layout:
        spend = slots * TAKE_STRIDE
        face = spend + FACES_PER_DIE
        recycle = face + FACES_PER_DIE
        refill = recycle + slots
        stop = refill + 1
        draw = stop + 1
        return cls(slots, spend, face, recycle, refill, stop, draw, draw + 5 * FACES_PER_DIE)


def _kind_label(table: DiceTable, t: int, k: int) -> str:
    return table.labels[t * FACES_PER_DIE + k] if k < len(table.kinds[t]) else f"#{k}"


def action_text(table: DiceTable, mtn: Mountain, lay: Layout, mountain: list[int], a: int) -> str:
    """Notation of action ``a`` given the current mountain (to name beer faces)."""
    if a < lay.spend:
        s, rest = divmod(a, TAKE_STRIDE)
        k, hide = divmod(rest, 2)
        text = f"take {mtn.names[s]}"
        code = mountain[s]
        if code < 0 or code % FACES_PER_DIE != k:
            t = code // FACES_PER_DIE if code >= 0 else -1
            text += f" as {_kind_label(table, t, k)}" if t >= 0 else f" as #{k}"
        return text + (" hide" if hide else "")
    if a < lay.face:
        return f"spend {_kind_label(table, MAGIC, a - lay.spend)}"
    if a < lay.recycle:
        return f"face {_kind_label(table, MAGIC, a - lay.face)}"
    if a < lay.refill:
        return f"recycle {mtn.names[a - lay.recycle]}"
    if a == lay.refill:
        return "refill"
    if a == lay.stop:
        return "stop"
    t, k = divmod(a - lay.draw, FACES_PER_DIE)
    return f"draw {TYPES[t]} {_kind_label(table, t, k)}"


_VERBS = {
    "take": "take",
    "t": "take",
    "spend": "spend",
    "sp": "spend",
    "face": "face",
    "recycle": "recycle",
    "rc": "recycle",
    "refill": "refill",
    "rf": "refill",
    "stop": "stop",
    "end": "stop",
    "draw": "draw",
}


def _digit(text: str) -> bool:
    """One ASCII digit: ``str.isdigit`` also accepts ``²``, which ``int()`` refuses."""
    return len(text) == 1 and "0" <= text <= "9"


def _parse_kind(table: DiceTable, t: int, word: str, text: str) -> int:
    if word.startswith("#") and _digit(word[1:]) and int(word[1:]) < FACES_PER_DIE:
        return int(word[1:])
    if word.isascii() and word.isdigit():
        word = ("n" if t == TUNNEL else "magic" if t == MAGIC else "") + word
    names = [table.labels[t * FACES_PER_DIE + k] for k in range(len(table.kinds[t]))]
    if word not in names:
        raise NotationError(
            text, msg("dice-miner.notation.no-face", type=TYPES[t], word=word, faces=names)
        )
    return names.index(word)


def _parse_slot(mtn: Mountain, word: str, text: str) -> int:
    try:
        return mtn.slot(word)
    except ValueError:
        raise NotationError(
            text,
            msg("dice-miner.notation.no-slot", word=word, first=mtn.names[0], last=mtn.names[-1]),
        ) from None


def parse_action(
    table: DiceTable, mtn: Mountain, lay: Layout, mountain: list[int], text: object
) -> int:
    """Read notation (case-insensitive, a few short aliases); NotationError if malformed,
    or if ``text`` is not text at all."""
    if not isinstance(text, str):
        raise NotationError(str(text), msg("dice-miner.notation.not-text"))
    words = text.strip().lower().replace(":", " ").split()
    if not words:
        raise NotationError(text, msg("dice-miner.notation.empty"))
    verb = _VERBS.get(words[0])
    if verb is None:
        raise NotationError(text, msg("dice-miner.notation.unknown-verb"))
    args = words[1:]
    if verb in ("refill", "stop"):
        if args:
            raise NotationError(text, msg("dice-miner.notation.no-argument", verb=verb))
        return lay.refill if verb == "refill" else lay.stop
    if verb in ("spend", "face"):
        if len(args) != 1:
            raise NotationError(text, msg("dice-miner.notation.magic-face", verb=verb))
        k = _parse_kind(table, MAGIC, args[0], text)
        return (lay.spend if verb == "spend" else lay.face) + k
    if verb == "recycle":
        if len(args) != 1:
            raise NotationError(text, msg("dice-miner.notation.recycle-slot"))
        return lay.recycle + _parse_slot(mtn, args[0], text)
    if verb == "draw":
        if len(args) != 2 or args[0] not in TYPES:
            raise NotationError(text, msg("dice-miner.notation.draw", types=TYPES))
        t = TYPES.index(args[0])
        return lay.draw + t * FACES_PER_DIE + _parse_kind(table, t, args[1], text)
    # take SLOT [as FACE] [hide]
    if not args:
        raise NotationError(text, msg("dice-miner.notation.take-slot"))
    s = _parse_slot(mtn, args[0], text)
    rest = args[1:]
    hide = 0
    if rest and rest[-1] in ("hide", "h"):
        hide = 1
        rest = rest[:-1]
    code = mountain[s]
    k = code % FACES_PER_DIE if code >= 0 else 0
    if rest:
        if len(rest) != 2 or rest[0] != "as":
            raise NotationError(text, msg("dice-miner.notation.take-form"))
        if code < 0:
            if not (rest[1].startswith("#") and _digit(rest[1][1:])):
                raise NotationError(text, msg("dice-miner.notation.empty-slot", slot=mtn.names[s]))
            k = int(rest[1][1:])
            if k >= FACES_PER_DIE:
                raise NotationError(text, msg("dice-miner.notation.face-number"))
        else:
            k = _parse_kind(table, code // FACES_PER_DIE, rest[1], text)
    return s * TAKE_STRIDE + k * 2 + hide
