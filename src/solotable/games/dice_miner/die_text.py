"""The full text of a die type or face for ``info`` (``Game.card_text``), as a message.

Counts and faces come from the game's dice table, so a custom ``--set dice=FILE`` is
described as it is, not as the built-in table would be; what each type is for is said by
words/ (``dice-miner.card.*``). Names are read the way the notation writes them: a type
(``tunnel``, ``danger``, ``tunnel die``), a type and a face (``tunnel n3``) or a face alone
(``dragon4``).
"""

from __future__ import annotations

from solotable.core.message import Msg, msg
from solotable.games.dice_miner.dice import FACES_PER_DIE, TYPES, DiceTable

ALIASES = {"danger": "hazard", "dangers": "hazard", "dice": "", "die": ""}


def _type_of(word: str) -> str | None:
    w = word.lower().rstrip("s") if word.lower() not in TYPES else word.lower()
    w = ALIASES.get(w, w)
    return w if w in TYPES else None


def die_type_text(table: DiceTable, tname: str) -> Msg:
    """``dice-miner.card.type``: a type, how many are in the bag and its faces (each a
    ``dice-miner.face`` message with its ``weight``, the faces showing it)."""
    t = TYPES.index(tname)
    faces = [
        msg("dice-miner.face", weight=table.weights[t][k], **table.die(t * FACES_PER_DIE + k))
        for k in range(len(table.kinds[t]))
    ]
    return msg("dice-miner.card.type", type=tname, count=table.counts[t], faces=faces)


def die_text(table: DiceTable, name: str) -> Msg | None:
    """``tunnel``, ``tunnel die``, ``danger``, ``tunnel n3`` or a face such as ``dragon4``."""
    words = name.lower().replace("-", " ").split()
    if not words:
        return None
    if words[0] == "beer":
        return msg("dice-miner.card.beer")
    tname = _type_of(words[0])
    if tname is not None:
        text = die_type_text(table, tname)
        if len(words) > 1 and words[1] not in ("die", "dice"):
            code = table.code_of.get(f"{tname} {words[1]}")
            if code is None:
                return None
            return msg(
                "dice-miner.card.face", face=msg("dice-miner.face", **table.die(code)), of=text
            )
        return text
    matches = [t for t in TYPES if f"{t} {words[0]}" in table.code_of]
    if not matches:
        return None
    return msg(
        "dice-miner.card.faces",
        texts=[
            msg(
                "dice-miner.card.face",
                face=msg("dice-miner.face", **table.die(table.code_of[f"{t} {words[0]}"])),
                of=die_type_text(table, t),
            )
            for t in matches
        ],
    )
