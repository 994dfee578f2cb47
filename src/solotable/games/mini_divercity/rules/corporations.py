"""Corporations phase: the card drawn each turn and its events.

Seed: Phase Corporations (draw the top card, resolve it as in the standard
game; the solo Oil Platform rules) and Précisions (empty Corporation deck;
Dynamite Fishers with an empty Species deck). Spec 3.1 gives the events.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from solotable.games.mini_divercity.actions import N_LAGOON, N_SLOTS
from solotable.games.mini_divercity.codes import RESULT_LOSS, Chance, Log, Pos, Step
from solotable.games.mini_divercity.rules.ending import end_game
from solotable.games.mini_divercity.rules.hand import discard_slot, extra_cost, to_discard
from solotable.games.mini_divercity.rules.scale import harm
from solotable.games.mini_divercity.tables import Event

if TYPE_CHECKING:
    from solotable.games.mini_divercity.state import MiniDiverCityState

_NONE, _DRAW, _PICK, _CORP = int(Chance.NONE), int(Chance.DRAW), int(Chance.PICK), int(Chance.CORP)
_OIL_STEP = int(Step.OIL) << 8
_DYN_STEP = int(Step.DYNAMITE) << 8
_HOTELS_STEP = int(Step.HOTELS) << 8
_REFILL_STEP = int(Step.REFILL) << 8
_PAY_STEP = int(Step.PAY) << 8
_EV_OIL, _EV_DYN = int(Event.OIL), int(Event.DYNAMITE)
_SAVED, _ELIMINATED = int(Pos.SAVED), int(Pos.ELIMINATED)
_L_CORP = int(Log.CORP)
_L_DYN_DECK = int(Log.DYN_DECK)
_L_DYN_DISCARD = int(Log.DYN_DISCARD)
_L_DYN_NONE = int(Log.DYN_NONE)
_L_HOTEL_ALREADY = int(Log.HOTEL_ALREADY)
_L_HOTEL_BUILT = int(Log.HOTEL_BUILT)
_L_HOTEL_CLOSED = int(Log.HOTEL_CLOSED)
_L_OIL_COST = int(Log.OIL_COST)
_L_OIL_EMPTY = int(Log.OIL_EMPTY)
_L_RESHUFFLE = int(Log.RESHUFFLE)


def corporations_phase(s: MiniDiverCityState, step: int) -> bool:
    """Draw the top Corporation card: a known top (looked at, or ordered by the
    Visionary) is taken as it is; otherwise a chance draw, after rebuilding an
    empty deck from the discard.

    Seed: Phase Corporations; Précisions (empty Corporation deck).
    """
    st = s.stack
    if not s.ctop:
        if not s.ncdeck:
            reshuffle_corporations(s)
        if s.ncdeck:
            s.chance = _CORP
            return True
        st.pop()  # no Corporation card exists at all (degenerate data)
        return False
    st.pop()
    resolve_corporation_card(s, s.ctop.pop(0))
    return False


def corporation_card_drawn(s: MiniDiverCityState, c: int) -> None:
    """Chance outcome of the Corporations phase draw."""
    s.stack.pop()
    resolve_corporation_card(s, c)


def reshuffle_corporations(s: MiniDiverCityState) -> None:
    """An empty Corporation deck is rebuilt from its shuffled discard.

    Seed: Précisions ("si la pile Corporations est vide … mélangez la
    défausse"). Decks are unordered counts, so the shuffle is the later
    chance draws; the discard's top is gone.
    """
    if not s.ncdisc:
        return
    cd, cx = s.cdeck, s.cdisc
    for c in range(len(cd)):
        cd[c] += cx[c]
        cx[c] = 0
    s.ncdeck += s.ncdisc
    s._log(_L_RESHUFFLE, s.ncdisc)
    s.ncdisc = 0
    s.cdisc_top = -1


def resolve_corporation_card(s: MiniDiverCityState, c: int) -> None:
    """The card goes to the discard face up; its events are stacked in printed order.

    Seed: Phase Corporations; spec A14 (double cards: events in the order listed).
    """
    s.cdisc[c] += 1
    s.ncdisc += 1
    s.cdisc_top = c
    s._log(_L_CORP, c)
    st = s.stack
    for kind, a, b in reversed(s.t.corp_events[c]):
        if kind == _EV_OIL:
            st.append(_OIL_STEP)
        elif kind == _EV_DYN:
            st.append(_DYN_STEP)
        else:
            st.append(_HOTELS_STEP | a << 4 | b)


def oil_platform_offer(s: MiniDiverCityState, step: int) -> bool:
    """The Oil Platform waits for the player's card; with an empty hand it does nothing.

    Seed: Phase Corporations (plateforme pétrolière); our reading for an empty hand.
    """
    if any(x >= 0 for x in s.hand):
        s.chance = _NONE
        return True
    s.stack.pop()
    s._log(_L_OIL_EMPTY)
    return False


def oil_platform(s: MiniDiverCityState, k: int) -> None:
    """``oil:SLOT``: discard any card of the hand; its species moves down one.

    A Lagoon card of a saved or eliminated species (no effect) costs 2 more
    discards; an Ocean card of such a species (face up or not) costs nothing
    more. Seed: Phase Corporations, Oil Platform (three paragraphs).
    """
    st = s.stack
    st.pop()
    c = discard_slot(s, k)
    st.append(_REFILL_STEP)
    p = s.pos[c]
    if k < N_LAGOON and (p in (_SAVED, _ELIMINATED)):
        n = extra_cost(s, 2)
        s._log(_L_OIL_COST, n)
        st.append(_PAY_STEP | n)
    else:
        harm(s, c)


def oil_platform_actions(s: MiniDiverCityState) -> list[int]:
    """Any card of the hand, plus the one-time discard looks."""
    A = s.A
    hand = s.hand
    out = [A.OIL + i for i in range(N_SLOTS) if hand[i] >= 0]
    if not s.looked[0]:
        out.append(A.LOOK_SPECIES)
    if not s.looked[1]:
        out.append(A.LOOK_CORP)
    return out


def dynamite_fishers(s: MiniDiverCityState, step: int) -> bool:
    """The top Species card is discarded and its species moves down one.

    A face-up top (left by the Captain or the Communications Specialist) is
    hit without a draw; with an empty deck a random card of the Species
    discard is hit and stays there. Seed: spec 3.1 (Dynamite Fishers);
    Précisions (empty Species deck: a random card of the discard).
    """
    if s.top >= 0:
        s.stack.pop()
        c = s.top
        s.top = -1
        to_discard(s, c)
        s._log(_L_DYN_DECK, c)
        harm(s, c)
        return False
    if s.ndeck:
        s.chance = _DRAW
        return True
    if s.ndisc:
        s.chance = _PICK
        return True
    s.stack.pop()
    s._log(_L_DYN_NONE)
    return False


def dynamite_hits_deck_card(s: MiniDiverCityState, c: int) -> None:
    """Chance outcome: the top Species card, of species ``c``, is hit."""
    s.stack.pop()
    to_discard(s, c)
    s._log(_L_DYN_DECK, c)
    harm(s, c)


def dynamite_hits_discarded_card(s: MiniDiverCityState, c: int) -> None:
    """Chance outcome (empty deck): a discarded card of species ``c`` is hit; it stays."""
    s.stack.pop()
    s._log(_L_DYN_DISCARD, c)
    harm(s, c)


def hotels_event(s: MiniDiverCityState, step: int) -> bool:
    """Both printed Islands become Hotels (a Hotel already there stays one).

    Seed: Objectif (6 Hotels lose); spec 3.1 (Hotels).
    """
    s.stack.pop()
    build_hotel(s, (step >> 4) & 15)
    if not s.result:
        build_hotel(s, step & 15)
    return False


def build_hotel(s: MiniDiverCityState, colour: int) -> None:
    """One Island turns to its Hotel side; the sixth Hotel loses the game."""
    if s.hotels[colour]:
        s._log(_L_HOTEL_ALREADY, colour)
        return
    s.hotels[colour] = True
    s._log(_L_HOTEL_BUILT, colour)
    if all(s.hotels):
        end_game(s, RESULT_LOSS, "hotels")


def close_hotel(s: MiniDiverCityState, colour: int) -> None:
    """A Hotel back to its Island side (Close a Hotel, Environmentalist)."""
    s.hotels[colour] = False
    s._log(_L_HOTEL_CLOSED, colour)
