"""Dice Miner's dice in words: die types, faces, whole dice, and the ``info`` texts.

A die reaches words as data (``DiceTable.die``: ``type``, ``face``, ``code``, ``symbols``):
a face is said from its symbols and counts, so a face from a user's dice file ("a shield and
a chest") is said as well as a built-in one. Type and symbol names are the French rule text's
vocabulary (seed: ``dice-miner-solo.fr.txt``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from solotable.words.tr import Tr

TypeWord = Callable[[Tr], str]

TYPE_NAMES: dict[str, TypeWord] = {
    # TRANSLATORS: a die type. seed: dice-miner-solo.fr.txt, Règles de Sélection (Dés Tunnel)
    "tunnel": lambda t: t.pgettext("term", "Tunnel"),
    # TRANSLATORS: a die type. seed: dice-miner-solo.fr.txt, Règles de Sélection (Dés Trésor)
    "treasure": lambda t: t.pgettext("term", "Treasure"),
    # TRANSLATORS: a die type. seed: dice-miner-solo.fr.txt, Mise en place (dés Magie)
    "magic": lambda t: t.pgettext("term", "Magic"),
    # TRANSLATORS: a die type. seed: dice-miner-solo.fr.txt, Règles de Sélection (Dés Danger)
    "hazard": lambda t: t.pgettext("term", "Danger"),
    # TRANSLATORS: a die type. seed: dice-miner-solo.fr.txt, Règles de Sélection (Dés Outil)
    "tool": lambda t: t.pgettext("term", "Tool"),
}
TYPE_ABBREVIATIONS: dict[str, TypeWord] = {
    # TRANSLATORS: three letters for a Tunnel die on the terminal's mountain
    "tunnel": lambda t: t.pgettext("abbreviation", "TUN"),
    # TRANSLATORS: three letters for a Treasure die on the terminal's mountain
    "treasure": lambda t: t.pgettext("abbreviation", "TRE"),
    # TRANSLATORS: three letters for a Magic die on the terminal's mountain
    "magic": lambda t: t.pgettext("abbreviation", "MAG"),
    # TRANSLATORS: three letters for a Danger die on the terminal's mountain
    "hazard": lambda t: t.pgettext("abbreviation", "DAN"),
    # TRANSLATORS: three letters for a Tool die on the terminal's mountain
    "tool": lambda t: t.pgettext("abbreviation", "TOO"),
}
TYPE_LETTERS: dict[str, TypeWord] = {
    # TRANSLATORS: the one letter drawn on a Tunnel die (so the type is not told by colour alone)
    "tunnel": lambda t: t.pgettext("die letter", "T"),
    # TRANSLATORS: the one letter drawn on a Treasure die (G for gems)
    "treasure": lambda t: t.pgettext("die letter", "G"),
    # TRANSLATORS: the one letter drawn on a Magic die
    "magic": lambda t: t.pgettext("die letter", "M"),
    # TRANSLATORS: the one letter drawn on a Danger die
    "hazard": lambda t: t.pgettext("die letter", "D"),
    # TRANSLATORS: the one letter drawn on a Tool die (K for kit)
    "tool": lambda t: t.pgettext("die letter", "K"),
}

SymbolWord = Callable[[Tr, int], str]

SYMBOL_WORDS: dict[str, SymbolWord] = {
    "n": lambda t, n: t.num(n),
    # TRANSLATORS: seed: dice-miner-solo.fr.txt, Cacher les Gemmes (gemmes)
    "gem": lambda t, n: t.ngettext("%(n)s gem", "%(n)s gems", n),
    # TRANSLATORS: seed: dice-miner-solo.fr.txt, Jeu (symbole magique)
    "magic": lambda t, n: t.ngettext("%(n)s magic symbol", "%(n)s magic symbols", n),
    # TRANSLATORS: seed: dice-miner-solo.fr.txt, Neutraliser les Dangers (dragons)
    "dragon": lambda t, n: t.ngettext("%(n)s dragon", "%(n)s dragons", n),
    # TRANSLATORS: seed: dice-miner-solo.fr.txt, Neutraliser les Dangers (effondrements)
    "cavein": lambda t, n: t.ngettext("%(n)s cave-in", "%(n)s cave-ins", n),
    # TRANSLATORS: seed: dice-miner-solo.fr.txt, Neutraliser les Dangers (boucliers)
    "shield": lambda t, n: t.ngettext("%(n)s shield", "%(n)s shields", n),
    # TRANSLATORS: seed: dice-miner-solo.fr.txt, Neutraliser les Dangers (pioches croisées)
    "pickaxe": lambda t, n: t.ngettext("%(n)s pickaxe", "%(n)s pickaxes", n),
    # TRANSLATORS: seed: dice-miner-solo.fr.txt, Cacher les Gemmes (coffres)
    "chest": lambda t, n: t.ngettext("%(n)s chest", "%(n)s chests", n),
    # TRANSLATORS: the joker face. seed: dice-miner-solo.fr.txt, Bière
    "beer": lambda t, n: t.pgettext("term", "beer"),
}
SYMBOL_ABBREVIATIONS: dict[str, TypeWord] = {
    # TRANSLATORS: a short symbol name on the terminal's mountain ("2 gem")
    "gem": lambda t: t.pgettext("abbreviation", "gem"),
    # TRANSLATORS: a short symbol name on the terminal's mountain ("2 mag")
    "magic": lambda t: t.pgettext("abbreviation", "mag"),
    # TRANSLATORS: a short symbol name on the terminal's mountain ("4 drag")
    "dragon": lambda t: t.pgettext("abbreviation", "drag"),
    # TRANSLATORS: a short symbol name on the terminal's mountain ("1 cave")
    "cavein": lambda t: t.pgettext("abbreviation", "cave"),
    # TRANSLATORS: a short symbol name on the terminal's mountain ("1 shld")
    "shield": lambda t: t.pgettext("abbreviation", "shld"),
    # TRANSLATORS: a short symbol name on the terminal's mountain ("1 pick")
    "pickaxe": lambda t: t.pgettext("abbreviation", "pick"),
    # TRANSLATORS: a short symbol name on the terminal's mountain ("2 chst")
    "chest": lambda t: t.pgettext("abbreviation", "chst"),
    # TRANSLATORS: the beer face, short, on the terminal's mountain
    "beer": lambda t: t.pgettext("abbreviation", "beer"),
}


def type_name(t: Tr, type_: str | None) -> str:
    """A die type's name (``hazard`` is the Danger die); an unknown type as it is."""
    word = TYPE_NAMES.get(type_ or "")
    return word(t) if word is not None else str(type_)


def type_abbreviation(t: Tr, type_: str) -> str:
    word = TYPE_ABBREVIATIONS.get(type_)
    return word(t) if word is not None else type_[:3].upper()


def type_letter(t: Tr, type_: str) -> str:
    word = TYPE_LETTERS.get(type_)
    return word(t) if word is not None else type_[:1].upper()


def _pairs(symbols: Any) -> list[tuple[str, int]]:
    return [(str(s), int(n)) for s, n in symbols or ()]


def face_words(t: Tr, symbols: Sequence[Sequence[Any]]) -> str:
    """A face in words: ``3``, ``2 gems``, ``1 shield and 1 chest``, ``beer``."""
    parts = []
    for s, n in _pairs(symbols):
        word = SYMBOL_WORDS.get(s)
        parts.append(word(t, n) if word is not None else f"{s} {t.num(n)}")
    return t.join(parts) if parts else "—"


def face_short(t: Tr, symbols: Sequence[Sequence[Any]]) -> str:
    """A face in a few letters for the terminal's mountain: ``3``, ``2 gem``, ``beer``."""
    parts = []
    for s, n in _pairs(symbols):
        if s == "n":
            parts.append(t.num(n))
        elif s == "beer":
            parts.append(SYMBOL_ABBREVIATIONS["beer"](t))
        else:
            word = SYMBOL_ABBREVIATIONS.get(s)
            parts.append(f"{t.num(n)} {word(t) if word is not None else s}")
    return "+".join(parts)


def is_beer(symbols: Any) -> bool:
    return any(s == "beer" for s, _ in _pairs(symbols))


def die_words(t: Tr, a: Mapping[str, Any]) -> str:
    """A die showing a face: ``Tunnel die (3)``, ``Danger die (4 dragons)``."""
    return t._(
        "%(type)s die (%(face)s)",
        type=type_name(t, a.get("type")),
        face=face_words(t, a["symbols"]),
    )


def type_die(t: Tr, type_: str | None) -> str:
    """``Tunnel die``: a die of a type, whatever it shows."""
    return t._("%(type)s die", type=type_name(t, type_))


USES: dict[str, TypeWord] = {
    "tunnel": lambda t: t._(
        "a 1 starts a run; k extends a run whose highest number is k−1; "
        "a run reaching 5 scores 5 points"
    ),
    "treasure": lambda t: t._("1 point per gem, 2 if hidden in a free chest when taken"),
    "magic": lambda t: t._(
        "spend it to send one die from the top of the mountain back to the bag per magic symbol"
    ),
    "hazard": lambda t: t._(
        "needs a free shield (dragons) or pickaxe (cave-ins); scores 1 point per symbol"
    ),
    "tool": lambda t: t._("shields and pickaxes neutralise Danger dice; chests hide Treasure dice"),
}


def beer_use(t: Tr) -> str:
    return t._(
        "beer is a joker: when taken, the die counts as any other face of its type you choose"
    )


def card_type(t: Tr, a: Mapping[str, Any]) -> str:
    """``info tunnel``: the type, how many are in the bag, its faces, what it is for."""
    faces = []
    for f in a["faces"]:
        args = f.args
        words = face_words(t, args["symbols"])
        weight = int(args.get("weight", 1))
        faces.append(t._("%(face)s ×%(n)s", face=words, n=weight) if weight > 1 else words)
    use = USES.get(str(a["type"]))
    lines = [
        t._("%(die)s — %(n)s in the bag", die=type_die(t, a["type"]), n=a["count"]),
        "  " + t._("faces: %(faces)s", faces=", ".join(faces)),
    ]
    if use is not None:
        lines.append("  " + t._("use: %(use)s", use=use(t)))
    lines.append("  " + beer_use(t))
    return "\n".join(lines)
