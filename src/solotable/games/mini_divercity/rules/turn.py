"""The turn: a new turn, the Divers phase's choices, and why a move is refused.

Seed: Phase Plongeurs – début (A and B optional, either order, before one
main action) and Prochain tour (after the main action the next turn starts at
once: no special action or Quick Exploration after it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from solotable.games.mini_divercity.actions import N_SLOTS, SLOTS
from solotable.games.mini_divercity.codes import LOG_KEEP, Chance, Diver, DiverState, Log, Step
from solotable.games.mini_divercity.rules.divers import special_actions
from solotable.games.mini_divercity.rules.hand import facedown
from solotable.games.mini_divercity.rules.main_actions import quick_exploration_allowed

if TYPE_CHECKING:
    from solotable.games.mini_divercity.state import MiniDiverCityState

_NONE = int(Chance.NONE)
_DIVERS_STEP = int(Step.DIVERS) << 8
_CORP_DRAW_STEP = int(Step.CORP_DRAW) << 8
_TURN = int(Log.TURN)


def new_turn(s: MiniDiverCityState, step: int) -> bool:
    """A new turn: Corporations phase, then Divers phase (Seed: Prochain tour)."""
    st = s.stack
    st.pop()
    s.turn += 1
    if len(s.log) > LOG_KEEP:
        del s.log[:-LOG_KEEP]
    s.special_turn = False
    s.quick_turn = False
    s._log(_TURN, s.turn)
    st += (_DIVERS_STEP, _CORP_DRAW_STEP)
    return False


def divers_phase(s: MiniDiverCityState, step: int) -> bool:
    """The Divers phase waits for the player (it ends with the main action)."""
    s.chance = _NONE
    return True


def divers_phase_actions(s: MiniDiverCityState) -> list[int]:
    """Special action (once a turn), Quick Exploration, the main actions, the
    one-time looks and resigning.

    Seed: Phase Plongeurs – début A/B and action principale.
    """
    A = s.A
    hand = s.hand
    out: list[int] = []
    if not s.special_turn:
        special_actions(s, out)
    if quick_exploration_allowed(s):
        out.append(A.QUICK)
    out.append(A.EXPLORE)
    hotels = s.hotels
    if min(hand) >= 0:
        rows = A.close_rows
        for c in range(6):
            if hotels[c]:
                out += rows[c]
        out += A.identify_all
    else:
        held = [i for i in range(N_SLOTS) if hand[i] >= 0]
        for c in range(6):
            if hotels[c]:
                base = A.CLOSE + c * N_SLOTS
                out += [base + i for i in held]
        out += [A.IDENTIFY + i for i in held]
    if not s.looked[0]:
        out.append(A.LOOK_SPECIES)
    if not s.looked[1]:
        out.append(A.LOOK_CORP)
    out.append(A.RESIGN)
    return out


_PROMPTS: dict[int, str] = {
    Step.OIL: "an Oil Platform is being resolved: choose the card to discard (oil:SLOT)",
    Step.PAY: "pay the extra discards first (pay:SLOT)",
    Step.SWAP: "closing a Hotel allows one swap now (swap:lXoY) or noswap",
    Step.PEEK: "decide whether to look at the top Corporation card (peek / nopeek)",
    Step.FLIP: "choose an unexplored Ocean card to turn face up (flip:oN)",
    Step.VIS_ORDER: "the Visionary is ordering the Corporation cards (vtop:CARD)",
    Step.CAP_CHOICE: "the Captain must choose a drawn card to discard (cap:SPECIES)",
    Step.CAP_COUNT: "the Captain draws 2 cards (cap:more) or only 1 (cap:one)",
}


def explain_illegal(s: MiniDiverCityState, a: int) -> str:
    """A specific reason for a player action that is not legal now."""
    A = s.A
    k = s.pending_kind()
    name = A.names[a]
    if k != Step.DIVERS:
        if (a in (A.LOOK_SPECIES, A.LOOK_CORP)) and k == Step.OIL:
            return "that discard pile was already looked through this game"
        return _PROMPTS.get(k, "not possible now") + f"; {name!r} is not allowed here"
    # Divers phase: explain the most common refusals.
    if a in (A.LOOK_SPECIES, A.LOOK_CORP):
        return "each discard pile may be looked through only once per game"
    for base in (A.OIL, A.PAY):
        if base <= a < base + N_SLOTS:
            return f"{name!r} belongs to another decision"
    if A.IDENTIFY <= a < A.IDENTIFY + N_SLOTS:
        return f"slot {SLOTS[a - A.IDENTIFY]} is empty"
    if A.CLOSE <= a < A.CLOSE + 6 * N_SLOTS:
        c, k2 = divmod(a - A.CLOSE, N_SLOTS)
        if not s.hotels[c]:
            return f"the {s.t.colours[c]} card shows its Island side, not a Hotel"
        return f"slot {SLOTS[k2]} is empty"
    if a == A.QUICK:
        if s.quick_turn:
            return "Quick Exploration was already done this turn"
        if DiverState.READY not in s.divers:
            return "Quick Exploration needs at least one unused Diver"
        if not facedown(s):
            return "Quick Exploration needs an unexplored (face-down) Ocean card"
        return "Quick Exploration needs two Lagoon cards"
    d = _diver_of(s, a)
    if d >= 0:
        if s.divers[d] == DiverState.OUT:
            return f"the {s.t.diver_names[d]} was not dealt in this game"
        if s.divers[d] == DiverState.USED:
            return f"the {s.t.diver_names[d]} was already used"
        if s.special_turn:
            return "only one Diver special action per turn"
        return "that special action has no valid target now"
    return f"{name!r} is not a decision of the Divers phase"


def _diver_of(s: MiniDiverCityState, a: int) -> int:
    """The Diver whose special action ``a`` is, or -1."""
    A = s.A
    ns = s.t.n_species
    single = {
        A.CAPTAIN: Diver.CAPTAIN,
        A.EXPLORER: Diver.EXPLORER,
        A.COMMS: Diver.COMMUNICATIONS,
        A.VISIONARY: Diver.VISIONARY,
    }
    if a in single:
        return int(single[a])
    for base, n, d in (
        (A.ENV, 6, Diver.ENVIRONMENTALIST),
        (A.SWIM, 3, Diver.SWIMMER),
        (A.ENDU, ns, Diver.ENDURANCE),
        (A.DIVE, ns, Diver.DIVING),
    ):
        if base <= a < base + n:
            return int(d)
    return -1
