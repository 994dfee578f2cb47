"""What the solo player could not see, shown on the end screen (``State.reveal``).

The draw pile, the Connection pile and the virtual opponent's deck. The state keeps each as
counts per card (a draw takes a random card at a chance node), so there is no order to show:
the reveal is each pile's content, by card id in the card file's order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from solotable.games.fifty_first_state.state import FiftyFirstStateState


def _counts(ids: tuple[str, ...], vec: list[int]) -> dict[str, int]:
    return {i: n for i, n in zip(ids, vec, strict=True) if n}


def hidden_at_end(s: FiftyFirstStateState) -> dict[str, Any]:
    """Ids and counts only: ``draw_pile``, ``connection_pile`` and ``opponent_deck``."""
    cs = s.cs
    return {
        "game": "51st-state",
        "draw_pile": _counts(cs.ids, s.pile),
        "connection_pile": _counts(cs.conn_ids, s.conn_pile),
        "opponent_deck": _counts(cs.ids, s.opp_deck),
    }
