"""Which rule function handles each step, chance outcome and player action.

Three tables, built once: automatic steps by step kind, chance outcomes by
(chance kind, step kind), legal decisions by step kind, and a ``(function,
argument)`` pair per player action id. ``state.py`` only looks them up, so a
rule is found by its name in ``rules/`` and its trigger here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from solotable.games.mini_divercity.actions import N_SLOTS, ActionSpace
from solotable.games.mini_divercity.codes import Step
from solotable.games.mini_divercity.rules import corporations as corp
from solotable.games.mini_divercity.rules import divers, main_actions, turn
from solotable.games.mini_divercity.rules.hand import facedown

if TYPE_CHECKING:
    from solotable.games.mini_divercity.state import MiniDiverCityState

Auto = Callable[["MiniDiverCityState", int], bool]
"""An automatic step: True when it stopped for input (``chance`` is set)."""
Handler = Callable[["MiniDiverCityState", int], None]
"""Applies one chance outcome or player action, given its index or argument."""


def _table(entries: dict[Step, Any]) -> list[Any]:
    out: list[Any] = [None] * (max(Step) + 1)
    for k, v in entries.items():
        out[k] = v
    return out


AUTOMATIC: list[Auto] = _table(
    {
        Step.DEAL_DIVER: divers.deal_diver,
        Step.REFILL: main_actions.refill,
        Step.TURN: turn.new_turn,
        Step.CORP_DRAW: corp.corporations_phase,
        Step.OIL: corp.oil_platform_offer,
        Step.DYNAMITE: corp.dynamite_fishers,
        Step.HOTELS: corp.hotels_event,
        Step.PAY: main_actions.pay_offer,
        Step.SWAP: main_actions.hotel_swap_offer,
        Step.PEEK: divers.peek_offer,
        Step.PEEK_DRAW: divers.peek_draw,
        Step.FLIP: divers.flip_offer,
        Step.VIS_DRAW: divers.visionary_draw,
        Step.VIS_ORDER: divers.visionary_order_offer,
        Step.CAP_DRAW: divers.captain_draw,
        Step.CAP_CHOICE: divers.captain_choice_offer,
        Step.CAP_COUNT: divers.captain_count_offer,
        Step.COMMS_REVEAL: divers.communications_reveal,
        Step.DIVERS: turn.divers_phase,
        Step.FLIP_ALL: main_actions.flip_all_step,
    }
)
"""Automatic step functions, indexed by step kind."""

ON_CHANCE: list[list[Handler]] = [
    [],
    _table(
        {
            Step.REFILL: main_actions.refill_drew,
            Step.DYNAMITE: corp.dynamite_hits_deck_card,
            Step.CAP_DRAW: divers.captain_drew,
            Step.COMMS_REVEAL: divers.communications_revealed,
        }
    ),
    _table({Step.DYNAMITE: corp.dynamite_hits_discarded_card}),
    _table(
        {
            Step.CORP_DRAW: corp.corporation_card_drawn,
            Step.VIS_DRAW: divers.visionary_took,
            Step.PEEK_DRAW: divers.peek_revealed,
        }
    ),
    _table({Step.DEAL_DIVER: divers.diver_dealt}),
]
"""Chance outcome handlers by chance kind, then by the step that asked."""


def _decision_tables() -> list[Callable[[MiniDiverCityState], list[int]]]:
    def vis_order(s: MiniDiverCityState) -> list[int]:
        return [s.A.VIS_ORDER + c for c in sorted(set(s.vis))]

    def flip(s: MiniDiverCityState) -> list[int]:
        return [s.A.FLIP + k - 2 for k in facedown(s)]

    def cap_choice(s: MiniDiverCityState) -> list[int]:
        return [s.A.CAP_KEEP + c for c in sorted(set(s.cap))]

    return _table(
        {
            Step.DIVERS: turn.divers_phase_actions,
            Step.OIL: corp.oil_platform_actions,
            Step.PAY: main_actions.pay_actions,
            Step.SWAP: main_actions.swap_actions,
            Step.PEEK: lambda s: [s.A.PEEK, s.A.NOPEEK],
            Step.FLIP: flip,
            Step.VIS_ORDER: vis_order,
            Step.CAP_CHOICE: cap_choice,
            Step.CAP_COUNT: lambda s: [s.A.CAP_MORE, s.A.CAP_ONE],
        }
    )


DECISIONS = _decision_tables()
"""Legal player actions by the step kind awaiting input."""


def player_handlers(A: ActionSpace, n_species: int, n_corp: int) -> list[tuple[Handler, int]]:
    """``(rule function, argument)`` for every player action id (one lookup per move)."""
    table: list[tuple[Handler, int] | None] = [None] * A.size

    def block(base: int, n: int, fn: Handler) -> None:
        for i in range(n):
            table[base + i] = (fn, i)

    block(A.OIL, N_SLOTS, corp.oil_platform)
    block(A.PAY, N_SLOTS, main_actions.pay_extra_discard)
    block(A.IDENTIFY, N_SLOTS, main_actions.identify)
    block(A.CLOSE, 6 * N_SLOTS, main_actions.close_a_hotel)
    block(A.SWAP, 6, main_actions.hotel_swap)
    block(A.FLIP, 3, divers.flip_choice)
    block(A.VIS_ORDER, n_corp, divers.visionary_order)
    block(A.CAP_KEEP, n_species, divers.captain_discard)
    block(A.ENV, 6, divers.environmentalist)
    block(A.SWIM, 3, divers.swimmer)
    block(A.ENDU, n_species, divers.endurance_specialist)
    block(A.DIVE, n_species, divers.diving_specialist)
    table[A.LOOK_SPECIES] = (main_actions.look_discard, 0)
    table[A.LOOK_CORP] = (main_actions.look_discard, 1)
    table[A.RESIGN] = (main_actions.resign, 0)
    table[A.EXPLORE] = (main_actions.explore, 0)
    table[A.NOSWAP] = (main_actions.no_swap, 0)
    table[A.QUICK] = (main_actions.quick_exploration, 0)
    table[A.PEEK] = (divers.peek, 0)
    table[A.NOPEEK] = (divers.no_peek, 0)
    table[A.CAP_MORE] = (divers.captain_draw_count, 2)
    table[A.CAP_ONE] = (divers.captain_draw_count, 1)
    table[A.CAPTAIN] = (divers.captain, 0)
    table[A.EXPLORER] = (divers.explorer, 0)
    table[A.COMMS] = (divers.communications, 0)
    table[A.VISIONARY] = (divers.visionary, 0)
    return [(chance_only, 0) if h is None else h for h in table]


def chance_only(s: MiniDiverCityState, arg: int) -> None:
    """The handler of a chance outcome's id: never called at a decision. Module-level,
    so that the game (which holds the table) pickles."""
    raise AssertionError("a chance outcome applied at a decision")
