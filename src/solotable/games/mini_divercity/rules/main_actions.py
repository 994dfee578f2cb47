"""Main actions, Quick Exploration, replacements, extra discards and the discard looks.

Seed: Phase Plongeurs – action principale (Explore, Close a Hotel, Identify),
Phase Plongeurs – début B (Quick Exploration), Phase Corporations (replace
every discarded card left to right, Lagoon first) and Précisions (each
discard pile looked through once; the empty-deck adjustments).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from solotable.games.mini_divercity.actions import N_LAGOON, N_SLOTS
from solotable.games.mini_divercity.codes import RESULT_LOSS, Chance, DiverState, Log, Step
from solotable.games.mini_divercity.rules.corporations import close_hotel
from solotable.games.mini_divercity.rules.ending import end_game
from solotable.games.mini_divercity.rules.hand import discard_slot, extra_cost, flip_all
from solotable.games.mini_divercity.rules.scale import improve

if TYPE_CHECKING:
    from solotable.games.mini_divercity.state import MiniDiverCityState

_NONE, _DRAW = int(Chance.NONE), int(Chance.DRAW)
_READY = int(DiverState.READY)
_TURN_STEP = int(Step.TURN) << 8
_REFILL_STEP = int(Step.REFILL) << 8
_SWAP_STEP = int(Step.SWAP) << 8
_PAY_STEP = int(Step.PAY) << 8
_FLIP_ALL_STEP = int(Step.FLIP_ALL) << 8
_L_EXPLORE = int(Log.EXPLORE)
_L_LOOK = int(Log.LOOK)
_L_OIL_COST = int(Log.OIL_COST)
_L_QUICK = int(Log.QUICK)
_L_SWAP = int(Log.SWAP)


def explore(s: MiniDiverCityState, _: int) -> None:
    """``explore``: the Ocean cards face up; the turn ends (Seed: action principale 1)."""
    st = s.stack
    st.pop()
    s._log(_L_EXPLORE)
    flip_all(s)
    st.append(_TURN_STEP)


def identify(s: MiniDiverCityState, k: int) -> None:
    """``id:SLOT``: discard a card to improve its species one space; with a
    Lagoon card, 2 more discards of the player's choice, whatever the token
    (allowed on an out-of-play species, to refresh the hand).

    Seed: action principale 3; Précisions (the cost shrinks with an empty deck).
    """
    st = s.stack
    st.pop()
    st += (_TURN_STEP, _REFILL_STEP)
    c = discard_slot(s, k)
    if k < N_LAGOON:
        n = extra_cost(s, 2)
        s._log(_L_OIL_COST, n)
        st.append(_PAY_STEP | n)
    improve(s, c)


def close_a_hotel(s: MiniDiverCityState, arg: int) -> None:
    """``close:COLOUR:SLOT``: discard any card (a Lagoon card costs nothing
    more) to turn that Hotel back to its Island side; replace the card, then
    the optional swap.

    Seed: action principale 2.
    """
    colour, k = divmod(arg, N_SLOTS)
    st = s.stack
    st.pop()
    st += (_TURN_STEP, _SWAP_STEP, _REFILL_STEP)
    discard_slot(s, k)
    close_hotel(s, colour)


def hotel_swap_offer(s: MiniDiverCityState, step: int) -> bool:
    """The swap needs a card on each side (Seed: Précisions, empty deck)."""
    hand = s.hand
    if (hand[0] >= 0 or hand[1] >= 0) and (hand[2] >= 0 or hand[3] >= 0 or hand[4] >= 0):
        s.chance = _NONE
        return True
    s.stack.pop()
    return False


def hotel_swap(s: MiniDiverCityState, arg: int) -> None:
    """``swap:lXoY``: a Lagoon and an Ocean card change places, both face up.

    Seed: action principale 2 (species "travel" between sectors).
    """
    li, j = divmod(arg, 3)
    o = N_LAGOON + j
    s.stack.pop()
    hand, up = s.hand, s.up
    hand[li], hand[o] = hand[o], hand[li]
    up[li] = True
    up[o] = True
    s._log(_L_SWAP, li, o)


def no_swap(s: MiniDiverCityState, _: int) -> None:
    """``noswap``: keep the hand as it is."""
    s.stack.pop()


def swap_actions(s: MiniDiverCityState) -> list[int]:
    A = s.A
    hand = s.hand
    out: list[int] = []
    for li in range(N_LAGOON):
        if hand[li] >= 0:
            out.extend(A.SWAP + li * 3 + j for j in range(3) if hand[N_LAGOON + j] >= 0)
    out.append(A.NOSWAP)
    return out


def quick_exploration(s: MiniDiverCityState, _: int) -> None:
    """``quick``: discard both Lagoon cards, replace them, then turn the Ocean
    cards up; no Diver is used.

    Seed: Phase Plongeurs – début B (conditions: an unused Diver, a face-down
    Ocean card, 2 Lagoon cards).
    """
    s.quick_turn = True
    s._log(_L_QUICK)
    discard_slot(s, 0)
    discard_slot(s, 1)
    s.stack += (_FLIP_ALL_STEP, _REFILL_STEP)


def quick_exploration_allowed(s: MiniDiverCityState) -> bool:
    """Seed: Phase Plongeurs – début B, its three conditions (and once a turn)."""
    hand, up = s.hand, s.up
    return (
        not s.quick_turn
        and hand[0] >= 0
        and hand[1] >= 0
        and (
            (hand[2] >= 0 and not up[2])
            or (hand[3] >= 0 and not up[3])
            or (hand[4] >= 0 and not up[4])
        )
        and _READY in s.divers
    )


def flip_all_step(s: MiniDiverCityState, step: int) -> bool:
    """Quick Exploration's flip, after the replacements (new Ocean cards too)."""
    s.stack.pop()
    flip_all(s)
    return False


def refill(s: MiniDiverCityState, step: int) -> bool:
    """Replace discarded cards left to right, Lagoon first; a face-up top card
    comes face up; nothing is drawn from an empty deck.

    Seed: Phase Corporations (replacements; new Lagoon cards face up, new
    Ocean cards face down unless revealed) and Précisions (empty deck).
    """
    hand = s.hand
    slot = -1
    for i in range(N_SLOTS):
        if hand[i] < 0:
            slot = i
            break
    if slot < 0 or (s.ndeck == 0 and s.top < 0):
        s.stack.pop()
        return False
    if s.top >= 0:
        hand[slot] = s.top
        s.up[slot] = True
        s.top = -1
        return False
    s.chance = _DRAW
    return True


def refill_drew(s: MiniDiverCityState, c: int) -> None:
    """Chance outcome: the card goes to the first empty slot (Lagoon: face up)."""
    hand = s.hand
    for i in range(N_SLOTS):
        if hand[i] < 0:
            hand[i] = c
            s.up[i] = i < N_LAGOON
            break


def pay_offer(s: MiniDiverCityState, step: int) -> bool:
    """Extra discards are owed while the hand still holds cards."""
    if step & 255 and any(x >= 0 for x in s.hand):
        s.chance = _NONE
        return True
    s.stack.pop()
    return False


def pay_extra_discard(s: MiniDiverCityState, k: int) -> None:
    """``pay:SLOT``: one of the extra discards, chosen from the whole hand."""
    discard_slot(s, k)
    s.stack[-1] -= 1


def pay_actions(s: MiniDiverCityState) -> list[int]:
    return [s.A.PAY + i for i in range(N_SLOTS) if s.hand[i] >= 0]


def look_discard(s: MiniDiverCityState, which: int) -> None:
    """``look:species`` / ``look:corp``: the pile is shown for this decision only.

    Seed: Précisions (each discard pile may be looked through once).
    """
    s.looked[which] = True
    s.showing = which + 1
    s._log(_L_LOOK, which)


def resign(s: MiniDiverCityState, _: int) -> None:
    """``resign``: the game is lost (offered in the Divers phase)."""
    end_game(s, RESULT_LOSS, "resigned")
