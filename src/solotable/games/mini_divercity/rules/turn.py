"""The turn: a new turn, the Divers phase's choices, and why a move is refused.

Seed: Phase Plongeurs – début (A and B optional, either order, before one
main action) and Prochain tour (after the main action the next turn starts at
once: no special action or Quick Exploration after it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from solotable.core.message import Msg, msg
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


_WAITING: dict[int, str] = {
    Step.OIL: "oil",
    Step.PAY: "pay",
    Step.SWAP: "swap",
    Step.PEEK: "peek",
    Step.FLIP: "flip",
    Step.VIS_ORDER: "visionary",
    Step.CAP_CHOICE: "captain",
    Step.CAP_COUNT: "captain_draw",
}
"""The decision a refused move interrupts (the observation's ``decision.kind``)."""


def _no(reason: str, **args: object) -> Msg:
    return msg(f"mini-divercity.illegal.{reason}", **args)


def explain_illegal(s: MiniDiverCityState, a: int) -> Msg:
    """A specific reason for a player action that is not legal now (a message)."""
    A = s.A
    k = s.pending_kind()
    if k != Step.DIVERS:
        if (a in (A.LOOK_SPECIES, A.LOOK_CORP)) and k == Step.OIL:
            return _no("looked-already")
        return _no("waiting", decision=_WAITING.get(k, "other"))
    # Divers phase: explain the most common refusals.
    if a in (A.LOOK_SPECIES, A.LOOK_CORP):
        return _no("look-once")
    for base in (A.OIL, A.PAY):
        if base <= a < base + N_SLOTS:
            return _no("other-decision")
    if A.IDENTIFY <= a < A.IDENTIFY + N_SLOTS:
        return _no("slot-empty", slot=SLOTS[a - A.IDENTIFY])
    if A.CLOSE <= a < A.CLOSE + 6 * N_SLOTS:
        c, k2 = divmod(a - A.CLOSE, N_SLOTS)
        if not s.hotels[c]:
            return _no("not-a-hotel", colour=s.t.colours[c])
        return _no("slot-empty", slot=SLOTS[k2])
    if a == A.QUICK:
        if s.quick_turn:
            return _no("quick-done")
        if DiverState.READY not in s.divers:
            return _no("quick-no-diver")
        if not facedown(s):
            return _no("quick-no-face-down")
        return _no("quick-no-lagoon")
    d = _diver_of(s, a)
    if d >= 0:
        did = s.t.diver_ids[d]
        if s.divers[d] == DiverState.OUT:
            return _no("diver-not-dealt", diver=did)
        if s.divers[d] == DiverState.USED:
            return _no("diver-used", diver=did)
        if s.special_turn:
            return _no("one-special")
        return _no("no-target")
    return _no("not-divers-phase")


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
