"""Mini DiverCity's words, part 1: the formatter, names and the small words the others use.

Names come from the game's data file through its card catalog (the English name is the key
of the term's translation, ``Tr.term``); colours, Island and Hotel cards, hand places and a
token's place on the scale are said here, so every message names things the same way. French
game terms follow the French solo rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from solotable.words.registry import N_, Formatter
from solotable.words.tr import Tr

WORDS = Formatter("mini-divercity", "mini_divercity")
WORDS.title = N_("Mini DiverCity — digital solo mode")
WORDS.summary = N_(
    "Save 7 reef species before the Corporations eliminate 5 or turn all 6 Islands into "
    "Hotels; a hand of 2 Lagoon cards and 3 hidden Ocean cards, and 3 Divers to help."
)

# -- names -------------------------------------------------------------------------------


@cache
def catalog() -> Mapping[tuple[str, str], Mapping[str, Any]]:
    """The game's cards by (type, id), from its data file (``Game.card_catalog``)."""
    from solotable.core.registry import load_game

    return {(c["type"], c["id"]): c for c in load_game("mini-divercity").card_catalog()}


def _term(t: Tr, kind: str, ident: Any) -> str:
    card = catalog().get((kind, str(ident)))
    return t.term(str(card["name"])) if card is not None else str(ident)


def species(t: Tr, sid: Any) -> str:
    """A species by its id, in the player's language."""
    return _term(t, "species", sid)


def diver(t: Tr, did: Any) -> str:
    """A Diver by its id, in the player's language."""
    return _term(t, "diver", did)


COLOURS = {
    "red": N_("red"),
    "green": N_("green"),
    "blue": N_("blue"),
    "orange": N_("orange"),
    "purple": N_("purple"),
    "yellow": N_("yellow"),
}
"""Island colours as nouns (a chip, a list)."""
ISLANDS = {
    "red": N_("the red Island"),
    "green": N_("the green Island"),
    "blue": N_("the blue Island"),
    "orange": N_("the orange Island"),
    "purple": N_("the purple Island"),
    "yellow": N_("the yellow Island"),
}
HOTELS = {
    "red": N_("the red Hotel"),
    "green": N_("the green Hotel"),
    "blue": N_("the blue Hotel"),
    "orange": N_("the orange Hotel"),
    "purple": N_("the purple Hotel"),
    "yellow": N_("the yellow Hotel"),
}
"""An Island/Hotel card named by its colour, on either side (French agrees the colour)."""
SLOTS = {
    "l1": N_("Lagoon 1"),
    "l2": N_("Lagoon 2"),
    "o1": N_("Ocean 1"),
    "o2": N_("Ocean 2"),
    "o3": N_("Ocean 3"),
}
PLACES = {
    "eliminated": N_("eliminated"),
    "red": N_("red"),
    "blue": N_("blue"),
    "green": N_("green"),
    "saved": N_("saved"),
}
"""Where a species' token stands, as a short word (a card's state, a scale cell)."""
ON = {
    "red": N_("on red"),
    "blue": N_("on blue"),
    "green": N_("on green"),
}
"""A token's space on the scale after a move."""


def _from(t: Tr, table: Mapping[str, str], key: Any) -> str:
    text = table.get(str(key))
    return t._(text) if text is not None else str(key)


def colour(t: Tr, c: Any) -> str:
    return _from(t, COLOURS, c)


def island(t: Tr, c: Any) -> str:
    return _from(t, ISLANDS, c)


def hotel(t: Tr, c: Any) -> str:
    return _from(t, HOTELS, c)


def slot(t: Tr, s: Any) -> str:
    return _from(t, SLOTS, s)


def place(t: Tr, p: Any) -> str:
    return _from(t, PLACES, p)


@WORDS.message("colour")
def _colour(t: Tr, a: Mapping[str, Any]) -> str:
    return colour(t, a.get("colour"))


@WORDS.message("island")
def _island(t: Tr, a: Mapping[str, Any]) -> str:
    return island(t, a.get("colour"))


@WORDS.message("hotel")
def _hotel(t: Tr, a: Mapping[str, Any]) -> str:
    return hotel(t, a.get("colour"))


@WORDS.message("slot")
def _slot(t: Tr, a: Mapping[str, Any]) -> str:
    return slot(t, a.get("slot"))


@WORDS.message("place")
def _place(t: Tr, a: Mapping[str, Any]) -> str:
    return place(t, a.get("place"))


def card_in(t: Tr, a: Mapping[str, Any], key: str = "species") -> str:
    """The card a move uses: its species and token when face up, else "face down"."""
    sid = a.get(key)
    if sid is None:
        return t._("face down")
    if a.get("place") is None or key != "species":
        return species(t, sid)
    return t._("%(species)s, %(place)s", species=species(t, sid), place=place(t, a["place"]))


def longest_word(name: str) -> int:
    """The length of a name's longest word (long ones get a smaller type on a card)."""
    return max((len(w) for w in name.split()), default=0)


def _main_words(name: str) -> list[str]:
    """A name's words without the short ones ("de" in "Étoile de mer")."""
    words = [w for w in name.replace("-", " ").split() if w]
    return [w for w in words if len(w) > 2] or words


def marks(names: Mapping[str, str]) -> dict[str, str]:
    """A short, distinct mark for each name (a token on the scale, an Island chip).

    Initials first ("HS" for Hammerhead Shark); names whose marks clash take more letters
    of their first word ("Oc" and "Oy" for Octopus and Oyster, "Or" for the orange Island),
    so no two marks on the table are alike, in any language."""
    words = {k: _main_words(n) or [k] for k, n in names.items()}

    def mark(k: str, level: int) -> str:
        ws = words[k]
        if level == 0:
            return "".join(w[0] for w in ws[:2]).upper()
        first = ws[0]
        return first[0].upper() + first[1 : 1 + level].lower()

    level = dict.fromkeys(names, 0)
    for _ in range(12):
        got = {k: mark(k, level[k]) for k in names}
        seen: dict[str, int] = {}
        for m in got.values():
            seen[m] = seen.get(m, 0) + 1
        clash = [k for k in names if seen[got[k]] > 1]
        if not clash:
            return got
        for k in clash:
            level[k] += 1
    return {k: f"{i + 1}" for i, k in enumerate(names)}


def counts(t: Tr, a: Mapping[str, Any]) -> str:
    """Where a game stands: 3 saved, 1 eliminated and 2 Hotels."""
    return t.join(
        [
            t.ngettext("%(n)s saved", "%(n)s saved", int(a.get("saved", 0))),
            t.ngettext("%(n)s eliminated", "%(n)s eliminated", int(a.get("eliminated", 0))),
            t.ngettext("%(n)s Hotel", "%(n)s Hotels", int(a.get("hotels", 0))),
        ]
    )
