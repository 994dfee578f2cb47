"""Passing, Cleanup and the next round (spec §3.3; seed: Les phases restantes).

At Cleanup the goods left in the supply are discarded unless kept on a
storage card, action locations get their uses back, the opponent's cards
and the faction actions are fresh again, and unclaimed face-up connection
cards are discarded (assumption ``connections.face_up``). Round 6 ends the
game without a Cleanup (seed: Objectif du jeu; assumption ``rounds``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from solotable.games.fifty_first_state.actions import DONE_ID
from solotable.games.fifty_first_state.cards import E_KEEP
from solotable.games.fifty_first_state.goods import BASIC, BRICK, FUEL, GUN, IRON, NUM_GOODS, WORKER
from solotable.games.fifty_first_state.rules.opponent import free_opponent_cards
from solotable.games.fifty_first_state.table import END, FLIP, ROUNDS, STORE

if TYPE_CHECKING:
    from solotable.games.fifty_first_state.state import FiftyFirstStateState

STORE_GOODS: Final = (FUEL, GUN, IRON, BRICK, WORKER)
"""The goods ``store`` names, in notation order (fuel gun iron brick worker)."""


def end_actions(s: FiftyFirstStateState) -> None:
    """Spec §3.4: passing ends the Actions phase; round 6 then ends the game.

    Otherwise Cleanup stops for a storage decision only when some storage card
    has room for a good the supply holds.
    """
    if s.round >= ROUNDS:
        s.phase = END
        return
    gcap, wcap = keep_room(s)
    g = s.goods
    if (gcap > 0 and any(g[i] for i in BASIC)) or (wcap > 0 and g[WORKER]):
        s.phase = STORE
        return
    finish_cleanup(s)


def keep_room(s: FiftyFirstStateState) -> tuple[int, int]:
    """Free room on keep-through-Cleanup cards (spec §6.2): (basic goods, workers)."""
    cs = s.cs
    gcap = wcap = 0
    for loc in s.locs:
        t = loc.card
        if cs.effect[t] == E_KEEP:
            st = loc.stored
            keep = cs.keep[t]
            gcap += keep.goods - (st[FUEL] + st[GUN] + st[IRON] + st[BRICK])
            wcap += keep.workers - st[WORKER]
    return gcap, wcap


def store_moves(s: FiftyFirstStateState) -> list[int]:
    """Cleanup's choices: ``done``, or store one more good that has room."""
    out = [DONE_ID]
    gcap, wcap = keep_room(s)
    g = s.goods
    first = s.L.STORE
    for i, good in enumerate(STORE_GOODS):
        room = wcap if good == WORKER else gcap
        if room > 0 and g[good] > 0:
            out.append(first + i)
    return out


def store_good(s: FiftyFirstStateState, good: int) -> None:
    """Spec §6.2 storage cards: one good from the supply onto the first card with room."""
    cs = s.cs
    for loc in s.locs:
        t = loc.card
        if cs.effect[t] != E_KEEP:
            continue
        st = loc.stored
        if good == WORKER:
            if st[WORKER] < cs.keep[t].workers:
                break
        elif st[FUEL] + st[GUN] + st[IRON] + st[BRICK] < cs.keep[t].goods:
            break
    else:
        raise AssertionError("no room to store")
    loc.stored[good] += 1
    s.st[good] += 1
    s.goods[good] -= 1


def finish_cleanup(s: FiftyFirstStateState) -> None:
    """Spec §3.3 Cleanup: discard the supply, refresh uses, discard face-up connections."""
    s.goods = [0] * NUM_GOODS
    uses = s.cs.act_uses
    for loc in s.locs:
        loc.uses = uses[loc.card]
    for o in s.opp:
        o.used = 0
    s.opp_free = free_opponent_cards(s.opp)
    s.fac_used = 0
    face_up = s.face_up
    for i in (0, 1):
        c = face_up[i]
        if c >= 0:
            s.conn_discard[c] += 1
            face_up[i] = -1
    start_round(s)


def start_round(s: FiftyFirstStateState) -> None:
    """A new round opens with the connection cards turned face up (spec §3.3)."""
    s.round += 1
    s.phase = FLIP
    s.flip_idx = 0
