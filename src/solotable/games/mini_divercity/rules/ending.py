"""How a game ends: the goals, the out-of-reach win, and the outcome as a message.

Seed: Objectif (save 7; lose at 5 eliminated or 6 Hotels) and Précisions
(with an empty Species deck, play goes on while saving 7 is still possible).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from solotable.core.message import Msg, msg
from solotable.games.mini_divercity.codes import (
    CAUSES,
    RESULT_LOSS,
    Chance,
    Diver,
    DiverState,
    Log,
    Pos,
)

if TYPE_CHECKING:
    from solotable.games.mini_divercity.state import MiniDiverCityState

_SAVED = int(Pos.SAVED)
_READY = int(DiverState.READY)
_ENDURANCE = int(Diver.ENDURANCE)
_DIVING = int(Diver.DIVING)
_L_END = int(Log.END)
_L_OUT_OF_REACH = int(Log.OUT_OF_REACH)


def end_game(s: MiniDiverCityState, result: str, cause: str) -> None:
    """The game is over at once (a goal or a loss is checked after every event).

    Seed: Objectif; spec 4 (the end is checked immediately, even between the
    two events of a double card).
    """
    s.result = result
    s.cause = cause
    s.stack.clear()
    s.chance = int(Chance.NONE)
    s._log(_L_END, CAUSES.index(cause))


def max_more_saves(s: MiniDiverCityState, enough: int = 12) -> int:
    """Sound upper bound on how many more species can still reach SAVED.

    Cards never come back from the Species discard, so the cards of a species
    still usable (deck, hand, Captain's hand) are its copies minus its
    discards; each step up needs one of them, except the free steps of an
    unused Endurance or Diving Specialist, spent on the species short of the
    fewest. Counting stops early once ``enough`` is reached (the hot-path check).
    """
    base = _SAVED - s.t.copies
    disc = s.disc
    pos = s.pos
    reach = 0
    deficits = []
    for c in range(len(pos)):
        p = pos[c]
        if -2 < p < 2:
            d = base - p + disc[c]
            if d <= 0:
                reach += 1
            else:
                deficits.append(d)
    if reach >= enough or not deficits:
        return reach
    free = (s.divers[_ENDURANCE] == _READY) + (s.divers[_DIVING] == _READY)
    for d in sorted(deficits):
        if d > free:
            break
        free -= d
        reach += 1
    return reach


def win_out_of_reach(s: MiniDiverCityState) -> bool:
    """True once even the best use of every card and free move cannot reach the goal."""
    need = s.goal - s.saved
    return max_more_saves(s, need) < need


def impossible_win(s: MiniDiverCityState) -> None:
    """Called after a move that may have cost the last chance to win.

    Seed: Précisions ("the game continues if you believe it is still possible
    to save 7"). By default (option ``end_when_impossible``) the engine ends
    the game as a loss as soon as the win is provably out of reach, even with
    cards left; with the option off, play goes on and the moment is recorded
    (``out_of_reach_turn``, a log line with the counts) for the observation
    and the statistics.
    """
    if s.hopeless or not win_out_of_reach(s):
        return
    if s.end_when_impossible:
        end_game(s, RESULT_LOSS, "impossible")
        return
    s.hopeless = max(s.turn, 1)
    s._log(_L_OUT_OF_REACH, s.goal - s.saved, max_more_saves(s))


def out_of_reach_turn(s: MiniDiverCityState) -> int:
    """The turn from which the win was out of reach (0: never)."""
    if s.cause == "impossible":
        return s.turn
    return s.hopeless


def outcome_message(s: MiniDiverCityState) -> Msg:
    """How the game ended (or where it stands), as a message: short, because simulation
    reports tally outcomes as categories; the end screens add the counts from the
    observation (``result``, ``win``)."""
    if not s.result:
        return msg(
            "mini-divercity.outcome.in-progress",
            saved=s.saved,
            eliminated=s.elim,
            hotels=sum(s.hotels),
            turn=s.turn,
        )
    return msg(f"mini-divercity.outcome.{s.cause}", goal=s.goal, limit=s.limit)
