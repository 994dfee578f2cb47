"""The full text of a die type or face for ``info`` (``Game.card_text``).

Counts and faces come from the game's dice table, so a custom ``--set dice=FILE``
is described as it is, not as the built-in table would be. What each type is
for is in our own words and short: the rules summary has the details.
"""

from __future__ import annotations

from solotable.games.dice_miner.dice import FACES_PER_DIE, TYPES, DiceTable

USE = {
    "tunnel": "a 1 starts a run; k extends a run whose highest number is k-1; "
    "a run reaching 5 scores 5 points",
    "treasure": "1 point per gem, 2 if hidden in a free chest when taken",
    "magic": "spend it to send one exposed die back to the bag per magic symbol",
    "hazard": "needs a free shield (dragons) or pickaxe (cave-ins); scores 1 point per symbol",
    "tool": "shields and pickaxes neutralise Danger dice; chests hide Treasure dice",
}
ALIASES = {"danger": "hazard", "dangers": "hazard", "dice": "", "die": ""}
BEER = "beer is a joker: when taken, the die counts as any other face of its type you choose"


def _type_of(word: str) -> str | None:
    w = word.lower().rstrip("s") if word.lower() not in TYPES else word.lower()
    w = ALIASES.get(w, w)
    return w if w in TYPES else None


def die_type_text(table: DiceTable, tname: str) -> str:
    t = TYPES.index(tname)
    faces = []
    for k, label in enumerate(table.labels[t * FACES_PER_DIE : (t + 1) * FACES_PER_DIE]):
        if not label:
            continue
        w = table.weights[t][k]
        faces.append(f"{label}×{w}" if w > 1 else label)
    return (
        f"{tname.capitalize()} die — {table.counts[t]} in the bag\n"
        f"  faces: {', '.join(faces)}\n"
        f"  use: {USE[tname]}\n"
        f"  {BEER}"
    )


def die_text(table: DiceTable, name: str) -> str | None:
    """``tunnel``, ``tunnel die``, ``danger``, ``tunnel n3`` or a face such as ``dragon4``."""
    words = name.lower().replace("-", " ").split()
    if not words:
        return None
    if words[0] == "beer":
        return f"beer: {BEER}"
    tname = _type_of(words[0])
    if tname is not None:
        text = die_type_text(table, tname)
        if len(words) > 1 and words[1] not in ("die", "dice"):
            if f"{tname} {words[1]}" not in table.code_of:
                return None
            text = f"{tname} {words[1]} is a face of the\n" + text
        return text
    matches = [t for t in TYPES if f"{t} {words[0]}" in table.code_of]
    if not matches:
        return None
    return "\n\n".join(f"{words[0]} is a face of the\n" + die_type_text(table, t) for t in matches)
