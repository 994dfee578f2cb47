"""Diver special actions and what follows them.

Seed: Mise en place (3 Divers dealt face up) and Phase Plongeurs – début, A
(one special action per turn, each Diver once per game, then an optional look
at the top Corporation card).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from solotable.games.mini_divercity.actions import N_LAGOON
from solotable.games.mini_divercity.codes import Chance, Diver, DiverState, Log, Step
from solotable.games.mini_divercity.rules.corporations import close_hotel, reshuffle_corporations
from solotable.games.mini_divercity.rules.hand import (
    discard_slot,
    facedown,
    flip,
    flip_all,
    to_discard,
)
from solotable.games.mini_divercity.rules.scale import improve

if TYPE_CHECKING:
    from solotable.games.mini_divercity.state import MiniDiverCityState

_NONE, _DRAW, _CORP, _DIVER = (
    int(Chance.NONE),
    int(Chance.DRAW),
    int(Chance.CORP),
    int(Chance.DIVER),
)
_READY, _USED = int(DiverState.READY), int(DiverState.USED)
_FREE_MOVES = (int(Diver.ENDURANCE), int(Diver.DIVING))
_PEEK_STEP = int(Step.PEEK) << 8
_PEEK_DRAW_STEP = int(Step.PEEK_DRAW) << 8
_SWAP_STEP = int(Step.SWAP) << 8
_REFILL_STEP = int(Step.REFILL) << 8
_FLIP2_STEP = int(Step.FLIP) << 8 | 2
_CAP_DRAW_STEP = int(Step.CAP_DRAW) << 8
_CAP_CHOICE_STEP = int(Step.CAP_CHOICE) << 8
_CAP_COUNT_STEP = int(Step.CAP_COUNT) << 8
_COMMS_STEP = int(Step.COMMS_REVEAL) << 8
_VIS_DRAW4_STEP = int(Step.VIS_DRAW) << 8 | 4
_VIS_ORDER_STEP = int(Step.VIS_ORDER) << 8
_L_CAP_DISCARD = int(Log.CAP_DISCARD)
_L_CAP_DRAW = int(Log.CAP_DRAW)
_L_CAP_RETURN = int(Log.CAP_RETURN)
_L_DIVER = int(Log.DIVER)
_L_PEEK = int(Log.PEEK)
_L_REVEAL_TOP = int(Log.REVEAL_TOP)
_L_VIS_ORDER = int(Log.VIS_ORDER)


def deal_diver(s: MiniDiverCityState, step: int) -> bool:
    """Setup: a Diver is dealt at random (Seed: Mise en place, 3 Divers face up)."""
    s.chance = _DIVER
    return True


def diver_dealt(s: MiniDiverCityState, d: int) -> None:
    """Chance outcome: Diver ``d`` is face up and unused."""
    s.stack.pop()
    s.divers[d] = _READY


def use_diver(s: MiniDiverCityState, d: int) -> None:
    """The Diver card is turned over for the game; no other special action this turn.

    Seed: Phase Plongeurs A (after the action, turn the Diver's card over).
    """
    s.divers[d] = _USED
    s.special_turn = True
    if d in _FREE_MOVES:  # a free move is gone
        s.dirty = True
    s._log(_L_DIVER, d)


# ----------------------------------------------------------------- Captain
def captain(s: MiniDiverCityState, _: int) -> None:
    """``captain``: draw up to 2 Species cards, then keep one to improve.

    Seed: Phase Plongeurs A, Capitaine. The number of cards is chosen before
    any is seen (assumption ``captain_draw``).
    """
    use_diver(s, Diver.CAPTAIN)
    s.stack += (_PEEK_STEP, _CAP_CHOICE_STEP, _CAP_COUNT_STEP)


def captain_count_offer(s: MiniDiverCityState, step: int) -> bool:
    """Ask 1 or 2 cards when the deck holds 2; with a single card it is drawn.

    Seed: Phase Plongeurs A, Capitaine ("jusqu'à 2 cartes").
    """
    if s.ndeck + (s.top >= 0) >= 2:
        s.chance = _NONE
        return True
    s.stack[-1] = _CAP_DRAW_STEP
    return False


def captain_draw_count(s: MiniDiverCityState, n: int) -> None:
    """``cap:more`` (2 cards) or ``cap:one`` (1 card), decided blind."""
    st = s.stack
    st.pop()
    st += (_CAP_DRAW_STEP,) * n


def captain_draw(s: MiniDiverCityState, step: int) -> bool:
    """One card for the Captain: a face-up top is taken as it is, else a chance draw.

    Seed: Phase Plongeurs A, Capitaine (cards from the top of the Species deck).
    """
    if s.top >= 0:
        s.stack.pop()
        s.cap.append(s.top)
        s._log(_L_CAP_DRAW, s.top)
        s.top = -1
        return False
    if s.ndeck:
        s.chance = _DRAW
        return True
    s.stack.pop()
    return False


def captain_drew(s: MiniDiverCityState, c: int) -> None:
    """Chance outcome of a Captain's draw."""
    s.stack.pop()
    s.cap.append(c)
    s._log(_L_CAP_DRAW, c)


def captain_choice_offer(s: MiniDiverCityState, step: int) -> bool:
    """With the cards in hand (and seen), the player picks the one to discard."""
    if s.cap:
        s.chance = _NONE
        return True
    s.stack.pop()
    return False


def captain_discard(s: MiniDiverCityState, c: int) -> None:
    """``cap:SPECIES``: discard it to improve its species; the other card goes
    back face up on top of the Species deck.

    Seed: Phase Plongeurs A, Capitaine.
    """
    s.stack.pop()
    cap = s.cap
    cap.remove(c)
    to_discard(s, c)
    s._log(_L_CAP_DISCARD, c)
    if cap:
        s.top = cap.pop()
        s._log(_L_CAP_RETURN, s.top)
    improve(s, c)


# -------------------------------------------------------- other Divers
def environmentalist(s: MiniDiverCityState, colour: int) -> None:
    """``environmentalist:COLOUR``: a Hotel back to its Island side, then the
    optional Lagoon/Ocean swap of Close a Hotel.

    Seed: Phase Plongeurs A, Environnementaliste. Only offered while a Hotel
    shows (assumption ``environmentalist_needs_hotel``).
    """
    use_diver(s, Diver.ENVIRONMENTALIST)
    close_hotel(s, colour)
    s.stack += (_PEEK_STEP, _SWAP_STEP)


def explorer(s: MiniDiverCityState, _: int) -> None:
    """``explorer``: every face-down Ocean card face up (Seed: Phase Plongeurs A, Exploratrice)."""
    use_diver(s, Diver.EXPLORER)
    flip_all(s)
    s.stack.append(_PEEK_STEP)


def swimmer(s: MiniDiverCityState, j: int) -> None:
    """``swimmer:oN``: discard an Ocean card, face up or not, to improve its own species.

    Seed: Phase Plongeurs A, Nageuse (French: "l'espèce correspondante").
    """
    use_diver(s, Diver.SWIMMER)
    s.stack += (_PEEK_STEP, _REFILL_STEP)
    improve(s, discard_slot(s, N_LAGOON + j))


def communications(s: MiniDiverCityState, _: int) -> None:
    """``communications``: 2 face-down Ocean cards up, then the top Species card face up.

    Seed: Phase Plongeurs A, Spécialiste en communications.
    """
    use_diver(s, Diver.COMMUNICATIONS)
    s.stack += (_PEEK_STEP, _COMMS_STEP, _FLIP2_STEP)


def communications_reveal(s: MiniDiverCityState, step: int) -> bool:
    """The top Species card is turned face up (a face-up top stays as it is)."""
    if s.top < 0 and s.ndeck:
        s.chance = _DRAW
        return True
    s.stack.pop()
    return False


def communications_revealed(s: MiniDiverCityState, c: int) -> None:
    """Chance outcome: the revealed top card is of species ``c``."""
    s.stack.pop()
    s.top = c
    s._log(_L_REVEAL_TOP, c)


def endurance_specialist(s: MiniDiverCityState, c: int) -> None:
    """``endurance:SPECIES``: move a token one space toward safety, no card needed.

    Seed: Phase Plongeurs A (as by standard rules); spec A4 for the effect.
    """
    use_diver(s, Diver.ENDURANCE)
    s.stack.append(_PEEK_STEP)
    improve(s, c)


def diving_specialist(s: MiniDiverCityState, c: int) -> None:
    """``diving:SPECIES``: the same move as the Endurance Specialist (spec A4)."""
    use_diver(s, Diver.DIVING)
    s.stack.append(_PEEK_STEP)
    improve(s, c)


# ---------------------------------------------------------------- Visionary
def visionary(s: MiniDiverCityState, _: int) -> None:
    """``visionary``: take the next 4 Corporation cards, put them back in any
    order, then turn 2 face-down Ocean cards up.

    Seed: Phase Plongeurs A, Visionnaire.
    """
    use_diver(s, Diver.VISIONARY)
    s.stack += (_PEEK_STEP, _FLIP2_STEP, _VIS_ORDER_STEP, _VIS_DRAW4_STEP)


def visionary_draw(s: MiniDiverCityState, step: int) -> bool:
    """One of the next 4 Corporation cards: known tops first, then the deck; a
    deck that runs out is rebuilt from its shuffled discard to complete the 4.

    Seed: Phase Plongeurs A, Visionnaire ("the next 4 cards") and Précisions
    (an empty Corporation deck is rebuilt from the discard).
    """
    n = step & 255
    if n:
        if s.ctop:
            s.vis.append(s.ctop.pop(0))
            s.stack[-1] = step - 1
            return False
        if not s.ncdeck:
            reshuffle_corporations(s)
        if s.ncdeck:
            s.chance = _CORP
            return True
    s.stack.pop()
    return False


def visionary_took(s: MiniDiverCityState, c: int) -> None:
    """Chance outcome: the Visionary takes Corporation card ``c``."""
    s.vis.append(c)
    s.stack[-1] -= 1


def visionary_order_offer(s: MiniDiverCityState, step: int) -> bool:
    """Ask for the next card while different ones remain; then the order is set."""
    if len(set(s.vis)) > 1:  # identical cards need no ordering
        s.chance = _NONE
        return True
    s.stack.pop()
    s.vis_placed.extend(s.vis)
    s.vis.clear()
    s.ctop[:0] = s.vis_placed
    s._log(_L_VIS_ORDER, len(s.vis_placed))
    s.vis_placed.clear()
    return False


def visionary_order(s: MiniDiverCityState, c: int) -> None:
    """``vtop:CARD``: card ``c`` goes next (the first chosen is drawn first)."""
    s.vis.remove(c)
    s.vis_placed.append(c)


# ------------------------------------------------------ shared follow-ups
def flip_offer(s: MiniDiverCityState, step: int) -> bool:
    """Turn up to N face-down Ocean cards; the player chooses only when there are more."""
    n = step & 255
    down = facedown(s)
    if n and down:
        if len(down) > n:
            s.chance = _NONE
            return True
        for k in down:
            flip(s, k)
    s.stack.pop()
    return False


def flip_choice(s: MiniDiverCityState, j: int) -> None:
    """``flip:oN``: that Ocean card face up."""
    flip(s, N_LAGOON + j)
    s.stack[-1] -= 1


def peek_offer(s: MiniDiverCityState, step: int) -> bool:
    """After a special action, offer to turn up the top Corporation card.

    Seed: Phase Plongeurs A (last paragraph). Not offered when the top is
    already known or no Corporation card is left anywhere.
    """
    if s.ctop or not (s.ncdeck or s.ncdisc):
        s.stack.pop()
        return False
    s.chance = _NONE
    return True


def peek(s: MiniDiverCityState, _: int) -> None:
    """``peek``: the top Corporation card is turned up (drawn next turn)."""
    s.stack[-1] = _PEEK_DRAW_STEP


def no_peek(s: MiniDiverCityState, _: int) -> None:
    """``nopeek``."""
    s.stack.pop()


def peek_draw(s: MiniDiverCityState, step: int) -> bool:
    """The looked-at card comes off the deck (an empty deck is rebuilt first)."""
    if not s.ncdeck and not s.ctop:
        reshuffle_corporations(s)
    if s.ncdeck and not s.ctop:
        s.chance = _CORP
        return True
    s.stack.pop()
    return False


def peek_revealed(s: MiniDiverCityState, c: int) -> None:
    """Chance outcome: the top Corporation card is ``c``, now known."""
    s.stack.pop()
    s.ctop.append(c)
    s._log(_L_PEEK, c)


def special_actions(s: MiniDiverCityState, out: list[int]) -> None:
    """Append the legal special actions (the caller checked none was used this turn)."""
    A = s.A
    dv = s.divers
    hand = s.hand
    if dv[0] == _READY and (s.ndeck or s.top >= 0):  # Captain: needs a card to draw
        out.append(A.CAPTAIN)
    if dv[1] == _READY:  # Environmentalist: needs a Hotel to close
        out += [A.ENV + c for c in range(6) if s.hotels[c]]
    if dv[2] == _READY:
        out.append(A.EXPLORER)
    if dv[3] == _READY:
        out += [A.SWIM + j for j in range(3) if hand[N_LAGOON + j] >= 0]
    if dv[4] == _READY:
        out.append(A.COMMS)
    if dv[5] == _READY or dv[6] == _READY:
        pos = s.pos
        alive = [c for c in range(len(pos)) if -2 < pos[c] < 2]
        if dv[5] == _READY:
            out += [A.ENDU + c for c in alive]
        if dv[6] == _READY:
            out += [A.DIVE + c for c in alive]
    if dv[7] == _READY and (s.ncdeck or s.ctop or s.ncdisc):
        out.append(A.VISIONARY)
