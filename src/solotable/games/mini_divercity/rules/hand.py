"""The hand: discards, flips and the extra-discard cost shared by several rules.

Seed: Mise en place (2 Lagoon cards face up, 3 Ocean cards face down) and the
Species discard pile (face up; never reshuffled).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from solotable.games.mini_divercity.actions import N_LAGOON, N_SLOTS
from solotable.games.mini_divercity.codes import Log

if TYPE_CHECKING:
    from solotable.games.mini_divercity.state import MiniDiverCityState

_DISCARD = int(Log.DISCARD)
_FLIP = int(Log.FLIP)


def discard_slot(s: MiniDiverCityState, k: int) -> int:
    """Discard the card in slot ``k`` face up; returns its species."""
    c = s.hand[k]
    s.hand[k] = -1
    s.up[k] = False
    n = s.disc[c] + 1  # as to_discard, inlined: every discard passes here
    s.disc[c] = n
    s.ndisc += 1
    s.disc_top = c
    if n >= s.t.copies - 2:
        s.dirty = True
    s._log(_DISCARD, k, c)
    return c


def to_discard(s: MiniDiverCityState, c: int) -> None:
    """A card of species ``c`` goes on top of the Species discard (the player sees it)."""
    n = s.disc[c] + 1
    s.disc[c] = n
    s.ndisc += 1
    s.disc_top = c
    if n >= s.t.copies - 2:  # below this no species can lack cards: no need to recheck
        s.dirty = True


def flip(s: MiniDiverCityState, k: int) -> None:
    """Turn the Ocean card in slot ``k`` face up; it stays face up for the rest of the game.

    Seed: Phase Corporations (a card turned face up stays so).
    """
    s.up[k] = True
    s._log(_FLIP, k, s.hand[k])


def flip_all(s: MiniDiverCityState) -> None:
    """Every face-down Ocean card face up (Explore, Explorer, Quick Exploration)."""
    hand, up = s.hand, s.up
    for k in range(N_LAGOON, N_SLOTS):
        if hand[k] >= 0 and not up[k]:
            flip(s, k)


def facedown(s: MiniDiverCityState) -> list[int]:
    """Slots of the unexplored (face-down) Ocean cards."""
    hand, up = s.hand, s.up
    return [k for k in range(N_LAGOON, N_SLOTS) if hand[k] >= 0 and not up[k]]


def extra_cost(s: MiniDiverCityState, n: int) -> int:
    """Extra discards owed: ``n``, shrunk to what the hand still holds.

    Seed: Précisions, empty Species deck (2 more discards become 1 when only 1
    card is left; the action stays allowed).
    """
    held = sum(1 for x in s.hand if x >= 0)
    return min(n, held)
