"""The plain records a position is made of: phases, locations, opponent cards, tallies.

They live apart from ``state.py`` so that the rule modules, the action
words and the observation can name them without importing the State.
The State keeps its phase as a plain int and compares it with the
module-level aliases below (``ACTIONS`` is ``int(Phase.ACTIONS)``): an enum
attribute lookup, or a comparison and a tuple index with an enum member,
costs several times the exact-int ones in the hot loops. ``Phase(s.phase)``
names a phase when debugging.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Final

ROUNDS: Final = 6
"""Seed: Objectif du jeu — the solo game lasts six rounds."""
START_HAND: Final = 4
"""Seed: Mise en place — four cards in hand once the opponent deck is formed."""
OPPONENT_START: Final = 3
"""Seed: Mise en place — setup reveals cards until three open-production ones."""
LOOKOUT_EXTRA: Final = 3
"""Seed: La phase de pioche — three more cards after the player's three."""


class Phase(IntEnum):
    """Where a round stands; the values are the ``phase`` of ``to_dict`` and records."""

    PICK = 0
    """A random faction is being dealt (chance)."""
    SETUP = 1
    """Cards are revealed until three open-production ones form the opponent deck."""
    FLIP = 2
    """The top blue and red connection cards are turned face up (chance)."""
    LK_DRAW = 3
    """Lookout: the next card comes from the draw pile (chance)."""
    LK_DECIDE = 4
    """Lookout: the player keeps or refuses the card drawn."""
    LK_EXTRA = 5
    """Lookout: the three extra cards feed the opponent deck or the discard (chance)."""
    LK_REVEAL = 6
    """Lookout: the opponent deck reveals its top card (chance)."""
    ACTIONS = 7
    """Production is done; the player acts until passing."""
    STORE = 8
    """Cleanup: goods may be put on storage cards before the supply is discarded."""
    END = 9


PICK: Final = int(Phase.PICK)
SETUP: Final = int(Phase.SETUP)
FLIP: Final = int(Phase.FLIP)
LK_DRAW: Final = int(Phase.LK_DRAW)
LK_DECIDE: Final = int(Phase.LK_DECIDE)
LK_EXTRA: Final = int(Phase.LK_EXTRA)
LK_REVEAL: Final = int(Phase.LK_REVEAL)
ACTIONS: Final = int(Phase.ACTIONS)
STORE: Final = int(Phase.STORE)
END: Final = int(Phase.END)

PHASE_NAMES: Final = (
    "faction",
    "setup",
    "lookout",
    "lookout",
    "lookout",
    "lookout",
    "lookout",
    "actions",
    "cleanup",
    "end",
)
"""The phase as players name it, indexed by :class:`Phase`."""
IS_CHANCE: Final = (True, True, True, True, False, True, True, False, False, False)
"""Whether a phase is resolved by chance, indexed by :class:`Phase`."""
DRAWS: Final = tuple(ph in (SETUP, LK_DRAW, LK_EXTRA) for ph in range(len(Phase)))
"""Whether a phase's chance node is a draw from the pile (the setup's, the Lookout's
three cards and three extra ones), indexed by :class:`Phase`; pending draws are the
others. A table, so that the hot path does not build a tuple of phases per test."""


class LookoutCard(IntEnum):
    """Which of the player's three Lookout cards is being drawn (``lk_step``)."""

    FIRST = 0
    SECOND = 1
    THIRD = 2
    """Kept without a choice unless a reroll source lets it go (seed: Pub coopération)."""
    DONE = 3


FIRST_CARD: Final = int(LookoutCard.FIRST)
THIRD_CARD: Final = int(LookoutCard.THIRD)
LOOKOUT_DONE: Final = int(LookoutCard.DONE)


class Tally(IntEnum):
    """Indices of the per-game counters in ``tally`` (end screen and stats)."""

    BUILT = 0
    DEALS = 1
    RAZED = 2
    DEVELOPED = 3
    RESHUFFLES = 4
    LOCATION_USES = 5
    OPPONENT_USES = 6


T_BUILT: Final = int(Tally.BUILT)
T_DEALS: Final = int(Tally.DEALS)
T_RAZED: Final = int(Tally.RAZED)
T_DEVELOPED: Final = int(Tally.DEVELOPED)
T_RESHUFFLES: Final = int(Tally.RESHUFFLES)
T_LOCATION_USES: Final = int(Tally.LOCATION_USES)
T_OPPONENT_USES: Final = int(Tally.OPPONENT_USES)

BLUE_DECK: Final = 0
RED_DECK: Final = 1
"""Indices of ``face_up`` and values of ``CardSet.conn_deck``."""


@dataclass(slots=True)
class Location:
    """A card built in the player's state; ``to_dict`` writes ``[card, uses, stored]``."""

    card: int
    """Card type."""
    uses: int
    """Uses left this round (action locations)."""
    stored: list[int]
    """Goods kept on the card, a vector over the goods."""

    def plain(self) -> list[object]:
        return [self.card, self.uses, list(self.stored)]


@dataclass(slots=True)
class OpponentCard:
    """A revealed card of the virtual opponent; ``to_dict`` writes ``[card, used]``."""

    card: int
    used: int
    """1 once a worker used it this round (spec §9 A3: once per round)."""

    def plain(self) -> list[int]:
        return [self.card, self.used]
