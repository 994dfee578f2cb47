"""How the game stands or ended, as a message (``State.outcome`` and the end screen).

The final score is said from the faction's name and the score's two parts, which the
observation shows too, so the terminal view and the web page say the same outcome from
the observation alone.
"""

from __future__ import annotations

from solotable.core.message import Msg, msg
from solotable.games.fifty_first_state.factions import Faction
from solotable.games.fifty_first_state.table import PHASE_NAMES, ROUNDS


def playing_msg(round_: int, phase: int) -> Msg:
    """``round 3 of 6, actions phase``."""
    return msg("51st-state.outcome.playing", round=round_, rounds=ROUNDS, phase=PHASE_NAMES[phase])


def final_msg(faction: Faction, vp: int, locations: int) -> Msg:
    """``New York: 84 points after 6 rounds (60 VP + 24 for locations)``."""
    return msg(
        "51st-state.outcome.final",
        faction=faction.id,
        name=faction.name,
        score=vp + locations,
        vp=vp,
        locations=locations,
        rounds=ROUNDS,
    )
