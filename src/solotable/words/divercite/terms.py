"""Divercité's formatter and its terms: the seats, the colours of the pieces.

The French names come from the seed (``divercite.fr.txt``): the players are **Blanc** and
**Noir** (Préparation du jeu); cities (*cités*) and resources (*ressources*) are both
feminine in French, so a piece's colour is its own message, said in agreement with them
(context ``piece colour``), apart from a colour named on its own (the board's key).
"""

from __future__ import annotations

from solotable.words.registry import N_, Formatter
from solotable.words.tr import Tr

WORDS = Formatter("divercite", "divercite")
WORDS.title = N_("Divercité")
WORDS.summary = N_(
    "Two-player abstract placement: surround your cities with matching or four different resources"
)
WORDS.seats = (N_("White"), N_("Black"))


def seat(t: Tr, p: object) -> str:
    """White (0) or Black (1)."""
    return t._("White") if p == 0 else t._("Black")


def colour(t: Tr, name: object) -> str:
    """A piece's colour as an adjective agreeing with "city" and "resource" (context
    ``piece colour``; the catalog's comments name the seed's words)."""
    if name == "red":
        return t.pgettext("piece colour", "red")
    if name == "green":
        return t.pgettext("piece colour", "green")
    if name == "blue":
        return t.pgettext("piece colour", "blue")
    if name == "yellow":
        return t.pgettext("piece colour", "yellow")
    return str(name)
