"""The named codes of the engine: pending steps, chance kinds, log events, positions.

They are ``IntEnum``s because their int values are part of the saved position
(``to_dict()["stack"]``, ``["chance"]``, ``["log"]``, ``["pos"]``, ``["divers"]``)
and of records made before the names existed: never renumber a member, only
add new ones at the end. Hot paths compare against the ``int(...)`` copies
that the rule modules take once at import (an enum attribute lookup costs
several times an int comparison).
"""

from __future__ import annotations

from enum import IntEnum


class Step(IntEnum):
    """A pending step on the stack; the stack holds ``kind << 8 | argument``."""

    DEAL_DIVER = 1
    """Setup: one Diver is dealt face up (chance)."""
    REFILL = 2
    """Replacement draws: empty slots filled left to right, Lagoon first."""
    TURN = 3
    """A new turn begins (Corporations phase, then Divers phase)."""
    CORP_DRAW = 4
    """Corporations phase: the top Corporation card is drawn and resolved."""
    OIL = 5
    """Oil Platform: the player picks the card of the hand to discard."""
    DYNAMITE = 6
    """Dynamite Fishers: the top Species card (or a random discard) is hit."""
    HOTELS = 7
    """Hotels event; argument ``colour_a << 4 | colour_b``."""
    PAY = 8
    """Extra discards owed; argument = how many are left to pay."""
    SWAP = 9
    """After closing a Hotel: optional Lagoon/Ocean swap."""
    PEEK = 10
    """After a special action: optional look at the top Corporation card."""
    PEEK_DRAW = 11
    """The looked-at Corporation card comes off the deck (chance)."""
    FLIP = 12
    """Turn face-down Ocean cards up, the player choosing; argument = how many."""
    VIS_DRAW = 13
    """Visionary: the next Corporation cards are taken; argument = how many left."""
    VIS_ORDER = 14
    """Visionary: the player puts the taken cards back, next one first."""
    CAP_DRAW = 15
    """Captain: one Species card is drawn."""
    CAP_CHOICE = 16
    """Captain: the player discards one drawn card to improve its species."""
    COMMS_REVEAL = 17
    """Communications Specialist: the top Species card is turned face up."""
    DIVERS = 18
    """Divers phase: specials, Quick Exploration, then one main action."""
    FLIP_ALL = 19
    """Every face-down Ocean card is turned up (Quick Exploration, after refills)."""
    CAP_COUNT = 20
    """Captain: the player says how many cards (1 or 2) before any is seen."""


class Chance(IntEnum):
    """What the current chance node deals (``to_dict()["chance"]``)."""

    NONE = 0
    DRAW = 1
    """A Species card off the deck."""
    PICK = 2
    """A random card of the Species discard (Dynamite Fishers, empty deck)."""
    CORP = 3
    """A Corporation card off the deck."""
    DIVER = 4
    """A Diver dealt at setup."""


class Log(IntEnum):
    """Event-log codes; an entry is ``(code, a, b)``, shown as structured data (``log.py``)."""

    TURN = 0
    CORP = 1
    RESHUFFLE = 2
    DISCARD = 3
    HARM = 4
    IMPROVE = 5
    HOTEL_BUILT = 6
    HOTEL_ALREADY = 7
    HOTEL_CLOSED = 8
    DYN_DECK = 9
    DYN_DISCARD = 10
    DYN_NONE = 11
    DIVER = 12
    OIL_EMPTY = 13
    PEEK = 14
    REVEAL_TOP = 15
    QUICK = 16
    EXPLORE = 17
    SWAP = 18
    CAP_RETURN = 19
    LOOK = 20
    END = 21
    OIL_COST = 22
    CAP_DRAW = 23
    NO_EFFECT = 24
    FLIP = 25
    VIS_ORDER = 26
    CAP_DISCARD = 27
    OUT_OF_REACH = 28
    """The win became impossible and play goes on (``end_when_impossible`` off)."""


class Pos(IntEnum):
    """A token on the Scale: two steps either way from the blue start decide it."""

    ELIMINATED = -2
    RED = -1
    BLUE = 0
    GREEN = 1
    SAVED = 2


class Diver(IntEnum):
    """Diver indexes (the order of ``tables.DIVER_IDS``)."""

    CAPTAIN = 0
    ENVIRONMENTALIST = 1
    EXPLORER = 2
    SWIMMER = 3
    COMMUNICATIONS = 4
    ENDURANCE = 5
    DIVING = 6
    VISIONARY = 7


class DiverState(IntEnum):
    """A Diver card: not dealt, face up and unused, or turned over (used)."""

    OUT = 0
    READY = 1
    USED = 2


LOG_KEEP = 14
"""Log entries kept at the start of a turn (the screen shows the recent ones)."""

RESULT_WIN = "win"
RESULT_LOSS = "loss"
CAUSES = ("saved", "eliminated", "hotels", "impossible", "resigned")
"""End causes; ``Log.END`` entries carry the index."""

POS_NAMES: dict[int, str] = {
    Pos.ELIMINATED: "eliminated",
    Pos.RED: "red",
    Pos.BLUE: "blue",
    Pos.GREEN: "green",
    Pos.SAVED: "saved",
}
"""A position's code in the observation (``solotable.words`` says it)."""
