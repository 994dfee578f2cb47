"""Shared helpers: build Dice Miner positions and drive moves via the public API."""

from __future__ import annotations

from typing import Any

import pytest

from solotable.core.errors import IllegalActionError
from solotable.core.message import Msg
from solotable.core.registry import load_game
from solotable.games.dice_miner.game import DiceMinerGame
from solotable.games.dice_miner.state import DiceMinerState


def game(**options: Any) -> DiceMinerGame:
    g = load_game("dice-miner", **options)
    assert isinstance(g, DiceMinerGame)
    return g


def position(
    g: DiceMinerGame,
    mountain: dict[str, str] | None = None,
    collection: dict[str, int] | None = None,
    **rest: Any,
) -> DiceMinerState:
    """A main-phase position: dice on named slots, a collection; the bag holds the rest."""
    slots: list[str | None] = [None] * g.mtn.size
    for name, die in (mountain or {}).items():
        slots[g.mtn.slot(name)] = die
    doc = {"mountain": slots, "collection": dict(collection or {}), **rest}
    return DiceMinerState.from_position(g, doc, seed=7)


def play(state: DiceMinerState, *moves: str) -> DiceMinerState:
    for m in moves:
        state.apply_action(state.parse_move(m))
    return state


def draw(state: DiceMinerState, *dice: str) -> DiceMinerState:
    """Resolve chance nodes with chosen outcomes ('tunnel n3'), as records do."""
    for d in dice:
        state.apply_action(state.string_to_action(f"draw {d}"))
    return state


def legal_texts(state: DiceMinerState) -> set[str]:
    return {state.action_to_string(a) for a in state.legal_actions()}


def bottom(*dice: str) -> dict[str, str]:
    """Dice on the bottom row a1, a2, … (all exposed while row b is empty)."""
    return {f"a{i + 1}": d for i, d in enumerate(dice)}


def takes(state: DiceMinerState) -> set[str]:
    """The legal 'take …' moves in notation."""
    return {t for t in legal_texts(state) if t.startswith("take")}


def refusal(state: DiceMinerState, move: str) -> Msg:
    """The reason (a message) why ``move`` is refused; the state must stay as it was."""
    before = state.to_dict()
    with pytest.raises(IllegalActionError) as caught:
        play(state, move)
    assert state.to_dict() == before
    reason = caught.value.reason
    assert isinstance(reason, Msg), reason
    return reason
