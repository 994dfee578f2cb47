"""Choosing a die from the mountain and the selection rules that limit it.

Seed: Jeu (CHOISIR), Règles de Sélection and Neutraliser les Dangers. Magic,
Treasure and Tool dice are always selectable; a Tunnel die must start (1) or
extend a run; a Danger die needs an unused matching Tool die, which it then
uses up. Beer faces and hiding have their own module (``beer_and_hiding``).
"""

from __future__ import annotations

from enum import IntEnum
from typing import TYPE_CHECKING

from solotable.core.message import Msg, msg
from solotable.games.dice_miner.actions import TAKE_STRIDE
from solotable.games.dice_miner.dice import (
    FACES_PER_DIE,
    HAZARD,
    TOOL,
    TREASURE,
    TUNNEL,
    TYPES,
    DiceTable,
)
from solotable.games.dice_miner.rules.beer_and_hiding import (
    beer_face_problem,
    hide_problem,
    hide_treasure,
)
from solotable.games.dice_miner.rules.mountain import why_not_on_top

if TYPE_CHECKING:
    from solotable.games.dice_miner.state import DiceMinerState

F = FACES_PER_DIE


class Need(IntEnum):
    """What a die face needs to be selectable (one per code, precomputed on the game)."""

    ANY = 0
    """Magic, Treasure and Tool faces (and beer, whose chosen face is what counts)."""
    RUN = 1
    """A Tunnel number: 1, or the next number of an open run."""
    SHIELD = 2
    """A dragon Danger face: an unused shield."""
    PICKAXE = 3
    """A cave-in Danger face: an unused pickaxe."""


ANY, RUN, SHIELD, PICKAXE = Need
"""Global aliases: hot paths compare members read from globals, which is as fast as ints."""


def selection_need(table: DiceTable, code: int) -> Need:
    """The selection rule that applies to a die showing ``code`` (seed: Règles de Sélection)."""
    t, k = divmod(code, F)
    if t == TUNNEL:
        return RUN
    if t == HAZARD and k != table.beer_kind[t]:
        return SHIELD if table.dragon[code] else PICKAXE
    return ANY


def selectable(state: DiceMinerState, code: int) -> bool:
    """Whether a die on top counting as ``code`` may be chosen now.

    Seed: Règles de Sélection. Tunnel: a 1 always, a k only onto a run ending at
    k-1. Danger: only with a matching Tool die not yet used (Neutraliser les
    Dangers). Everything else always.
    """
    need = state.game.need[code]
    if need is ANY:
        return True
    if need is RUN:
        n = state.game.table.n[code]
        return n == 1 or state.runs[n - 1] > 0
    if need is SHIELD:
        return state.free_shield > 0
    return state.free_pickaxe > 0


def choose_die(state: DiceMinerState, action: int) -> None:
    """Take the die on top of a slot into the collection, as the face the action names.

    Seed: Jeu (CHOISIR). The die keeps its face (or the face chosen for beer);
    then the rule of its type books it: a run extended, a Danger neutralised, a
    Tool's symbols made available, a Treasure hidden if asked.
    """
    s, rest = divmod(action, TAKE_STRIDE)
    k, hide = divmod(rest, 2)
    t = state.mountain[s] // F
    code = t * F + k
    state.mountain[s] = -1
    state.on_mountain -= 1
    state.coll[code] += 1
    if t == TUNNEL:
        extend_tunnel_run(state, code)
    elif t == TREASURE:
        if hide:
            hide_treasure(state, code)
    elif t == HAZARD:
        neutralise_danger(state, code)
    elif t == TOOL:
        collect_tool(state, code)


def extend_tunnel_run(state: DiceMinerState, code: int) -> None:
    """A Tunnel n starts a run (n = 1) or extends a run that ended at n-1.

    Seed: Règles de Sélection, Dés Tunnel: each run holds one die of each number;
    ``runs[n]`` counts the open runs whose highest number is n (runs reaching 5
    are complete). Which of two equal runs grows does not matter (spec §5.4).
    """
    n = state.game.table.n[code]
    if n > 1:
        state.runs[n - 1] -= 1
    state.runs[n] += 1


def neutralise_danger(state: DiceMinerState, code: int) -> None:
    """A Danger die uses up the shield (dragon) or pickaxe (cave-in) that neutralises it.

    Seed: Neutraliser les Dangers: each Tool die neutralises a single Danger die.
    """
    if state.game.table.dragon[code]:
        state.free_shield -= 1
    else:
        state.free_pickaxe -= 1


def collect_tool(state: DiceMinerState, code: int) -> None:
    """A Tool die adds one shield or one pickaxe use, and one hiding place per chest.

    Seed: Neutraliser les Dangers (one Danger die per Tool die, whatever its
    symbol count) and Cacher les Gemmes (one Treasure die per chest symbol).
    """
    table = state.game.table
    state.free_shield += table.shield[code] > 0
    state.free_pickaxe += table.pickaxe[code] > 0
    state.free_chest += table.chest[code]


def why_not_choosable(state: DiceMinerState, action: int) -> Msg | None:
    """Why the take ``action`` is refused, in the order a player would check it."""
    g = state.game
    table = g.table
    s, rest = divmod(action, TAKE_STRIDE)
    k, hide = divmod(rest, 2)
    problem = why_not_on_top(state, s)
    if problem:
        return problem
    c = state.mountain[s]
    t = c // F
    if k >= len(table.kinds[t]):
        return msg("dice-miner.illegal.no-such-face", type=TYPES[t])
    problem = beer_face_problem(state, s, k)
    if problem:
        return problem
    code = t * F + k
    if not selectable(state, code):
        need = g.need[code]
        if need is RUN:
            n = table.n[code]
            return msg("dice-miner.illegal.run", n=n, below=n - 1)
        if need is SHIELD:
            return msg("dice-miner.illegal.needs-shield")
        return msg("dice-miner.illegal.needs-pickaxe")
    if hide:
        return hide_problem(state, t)
    return None


def tool_symbols(state: DiceMinerState) -> tuple[int, int, int]:
    """Danger dice the collected Tool dice can neutralise in all (shield, pickaxe) and
    Treasure dice their chests can hide, used or not (seed: Neutraliser les Dangers,
    Cacher les Gemmes): one per die with a shield or pickaxe, one per chest symbol."""
    table = state.game.table
    shield = pickaxe = chest = 0
    for c in range(TOOL * F, TOOL * F + F):
        shield += state.coll[c] * (table.shield[c] > 0)
        pickaxe += state.coll[c] * (table.pickaxe[c] > 0)
        chest += state.coll[c] * table.chest[c]
    return shield, pickaxe, chest
