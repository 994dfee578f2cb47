"""The chance nodes' outcomes: deck draws, the opponent's reveal, connection flips,
the random faction (the reference lists, with their probabilities)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from solotable.games.fifty_first_state.table import DRAWS, FLIP, LK_REVEAL, PICK

if TYPE_CHECKING:
    from solotable.games.fifty_first_state.state import FiftyFirstStateState


def chance_outcomes(self: FiftyFirstStateState) -> list[tuple[int, float]]:
    """Each outcome of the chance node and its probability (draws weighted by counts).

    The playout path samples without these lists (``State.sample_chance``,
    ``sample_flip``, ``sample_reveal``); the tests check both give the same outcome.
    """
    ph = self.phase
    L = self.L
    if self.pending_draws > 0 or DRAWS[ph]:
        inv = 1.0 / self.pile_n
        base = L.DRAW
        return [(base + t, c * inv) for t, c in enumerate(self.pile) if c]
    if ph == LK_REVEAL:
        tot = self.opp_n
        return [(L.REVEAL + t, c / tot) for t, c in enumerate(self.opp_deck) if c]
    if ph == FLIP:
        col = self.flip_idx
        deck = self.cs.conn_deck
        items = [(i, c) for i, c in enumerate(self.conn_pile) if c and deck[i] == col]
        tot = sum(c for _, c in items)
        return [(L.FLIP + i, c / tot) for i, c in items]
    if ph == PICK:
        k = len(self.game.factions.factions)
        return [(L.PICK + i, 1.0 / k) for i in range(k)]
    raise ValueError("not a chance node")
