"""Divercité action ids, their notation and their structure (``ActionInfo``).

Action ids (a fixed space of 189, so search tables can be flat lists):

* ``0..63``    city of colour ``k`` on city square ``c``:        ``k * 16 + c``
* ``64..163``  resource of colour ``k`` on resource square ``r``: ``64 + k * 25 + r``
* ``164..188`` the neutral token on resource square ``r``:        ``164 + r``

Colours are ``k`` = 0 red, 1 green, 2 blue, 3 yellow; squares as in :mod:`.board`.
The notation is a piece then a square; the parser also takes words and omitted
piece kinds, and the canonical text reads back to the same id:

>>> action_to_string(string_to_action("city red d6"))
'CR D6'
>>> string_to_action("RG C7") == RES_BASE + 1 * 25 + 6
True
>>> info = action_info(string_to_action("n e3"))
>>> info.kind, dict(info.args), info.targets
('neutral', {'square': 'E3'}, ('square:E3', 'supply:neutral'))

What a move does is said by ``solotable.words`` from :func:`action_info` (kind ``city``,
``resource`` or ``neutral``, the colour and the square); refusals are messages
``divercite.notation.*``.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final

from solotable.core.errors import NotationError
from solotable.core.game import ActionInfo
from solotable.core.message import msg
from solotable.games.divercite.board import (
    CITY_INDEX,
    CITY_NAMES,
    COLOURS,
    NUM_CITY_SQUARES,
    NUM_RES_SQUARES,
    RES_INDEX,
    RES_NAMES,
)

CITY_BASE: Final = 0
RES_BASE: Final = 64
NEUTRAL_BASE: Final = 164
NUM_ACTIONS: Final = 189
COLOUR_LETTERS: Final = "RGBY"

CITY_ACTS_BY_COLOUR: Final = tuple(
    tuple(CITY_BASE + k * 16 + c for c in range(NUM_CITY_SQUARES)) for k in range(4)
)
"""Every city action of colour ``k``: the move list of a colour still in supply."""
RES_ACTS_BY_COLOUR: Final = tuple(
    tuple(RES_BASE + k * 25 + r for r in range(NUM_RES_SQUARES)) for k in range(4)
)
"""Every resource action of colour ``k``."""
CITY_ACTS_ON: Final = tuple(
    tuple(CITY_BASE + k * 16 + c for k in range(4)) for c in range(NUM_CITY_SQUARES)
)
"""The four city actions on city square ``c`` (one per colour), in colour order."""
RES_ACTS_ON: Final = tuple(
    tuple(RES_BASE + k * 25 + r for k in range(4)) for r in range(NUM_RES_SQUARES)
)
"""The four resource actions on resource square ``r``, in colour order."""


def action_to_string(action: int) -> str:
    """``CR D6`` (red city), ``RG C7`` (green resource), ``N E3`` (neutral token)."""
    if action < RES_BASE:
        k, c = divmod(action, 16)
        return f"C{COLOUR_LETTERS[k]} {CITY_NAMES[c]}"
    if action < NEUTRAL_BASE:
        k, r = divmod(action - RES_BASE, 25)
        return f"R{COLOUR_LETTERS[k]} {RES_NAMES[r]}"
    return f"N {RES_NAMES[action - NEUTRAL_BASE]}"


def piece_of(action: int) -> tuple[str, str | None, str]:
    """``(kind, colour, square)`` of an action: ``("city", "red", "D6")``, ``("neutral",
    None, "E3")``; the structure pages and words read instead of the notation."""
    if action < RES_BASE:
        k, c = divmod(action, 16)
        return "city", COLOURS[k], CITY_NAMES[c]
    if action < NEUTRAL_BASE:
        k, r = divmod(action - RES_BASE, 25)
        return "resource", COLOURS[k], RES_NAMES[r]
    return "neutral", None, RES_NAMES[action - NEUTRAL_BASE]


def supply_target(kind: str, colour: str | None) -> str:
    """The supply element a piece is taken from: ``supply:city-red``, ``supply:neutral``."""
    return "supply:neutral" if colour is None else f"supply:{kind}-{colour}"


def action_info(action: int) -> ActionInfo:
    """The action as data: kind ``city``/``resource``/``neutral``, its colour and square, and
    the table elements it acts on (the square, the supply the piece comes from)."""
    kind, colour, square = piece_of(action)
    args = {"square": square} if colour is None else {"colour": colour, "square": square}
    return ActionInfo(
        action,
        action_to_string(action),
        kind,
        args,
        (f"square:{square}", supply_target(kind, colour)),
        "divercite",
    )


_WORDS = {
    "city": "c",
    "resource": "r",
    "res": "r",
    "neutral": "n",
    "red": "r",
    "green": "g",
    "blue": "b",
    "yellow": "y",
    # French words (seed: Ordre du tour, Décompte des points), accents folded.
    "cite": "c",
    "ressource": "r",
    "neutre": "n",
    "rouge": "r",
    "vert": "g",
    "verte": "g",
    "bleu": "b",
    "bleue": "b",
    "jaune": "y",
}
_WORD_RE = re.compile(r"[a-z]+")
_COMPACT_RE = re.compile(r"^(?:([cr])?([rgby])|(n))([a-z])([0-9]{1,3})$")


def _fold(text: str) -> str:
    """``cité`` → ``cite``: accents dropped, so French words parse too."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def string_to_action(text: object) -> int:
    """Parse notation; the piece kind may be omitted (the square tells it).

    Accepted: ``CR D6``, ``cr-d6``, ``crd6``, ``R D6`` (kind from the square),
    ``RG C7``, ``city red D6``, ``resource green c7``, ``N E3``, ``neutral e3``, and the
    same in French (``cité rouge d6``, ``ressource verte c7``, ``neutre e3``).
    """
    if not isinstance(text, str):
        raise NotationError(str(text), msg("divercite.notation.not-text"))
    low = _fold(text.strip().lower())
    if not low:
        raise NotationError(text, msg("divercite.notation.empty"))
    compact = _WORD_RE.sub(lambda m: _WORDS.get(m.group(0), m.group(0)), low)
    compact = re.sub(r"[\s\-_@:=,./]+", "", compact)
    m = _COMPACT_RE.match(compact)
    if m is None:
        raise NotationError(text, msg("divercite.notation.shape"))
    kind, colour, neutral, letter, row = m.groups()
    square = f"{letter.upper()}{row}"
    is_city_sq = square in CITY_INDEX
    if not is_city_sq and square not in RES_INDEX:
        if letter > "i" or not 1 <= int(row) <= 9:
            raise NotationError(text, msg("divercite.notation.off-board", square=square))
        raise NotationError(text, msg("divercite.notation.no-square", square=square))
    if neutral:
        if is_city_sq:
            raise NotationError(text, msg("divercite.notation.neutral-on-city", square=square))
        return NEUTRAL_BASE + RES_INDEX[square]
    k = COLOUR_LETTERS.lower().index(colour)
    if kind is None:
        kind = "c" if is_city_sq else "r"
    if kind == "c":
        if not is_city_sq:
            raise NotationError(text, msg("divercite.notation.city-on-resource", square=square))
        return CITY_BASE + k * 16 + CITY_INDEX[square]
    if is_city_sq:
        raise NotationError(text, msg("divercite.notation.resource-on-city", square=square))
    return RES_BASE + k * 25 + RES_INDEX[square]
