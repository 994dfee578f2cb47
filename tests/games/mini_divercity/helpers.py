"""Scenario builders: stack the decks by applying chosen chance outcomes by hand."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from solotable.core import CHANCE, IllegalActionError, Rng, load_game
from solotable.core.message import Msg
from solotable.games.mini_divercity.game import MiniDiverCityGame
from solotable.games.mini_divercity.state import MiniDiverCityState

SP = [
    "nudibranch",
    "crab",
    "hammerhead",
    "porcupinefish",
    "mandarinfish",
    "manta",
    "lobster",
    "eel",
    "octopus",
    "turtle",
    "oyster",
    "starfish",
]


def game(**options: Any) -> MiniDiverCityGame:
    g = load_game("mini-divercity", **options)
    assert isinstance(g, MiniDiverCityGame)
    return g


def play(state: MiniDiverCityState, *moves: str) -> MiniDiverCityState:
    """Apply moves (chance outcomes included) through the public, checked API."""
    for m in moves:
        state.apply_action(state.string_to_action(m))
    return state


def start(
    g: MiniDiverCityGame | None = None,
    divers: tuple[str, ...] = ("captain", "explorer", "swimmer"),
    hand: tuple[str, ...] = ("crab", "eel", "octopus", "turtle", "oyster"),
    corp: str | None = "hotels-red-blue",
) -> MiniDiverCityState:
    """Deal the given divers and hand (l1 l2 o1 o2 o3), then draw ``corp`` (None: stop before)."""
    s = (g or game()).new_initial_state(0)
    play(s, *[f"diver:{d}" for d in divers], *[f"draw:{c}" for c in hand])
    if corp is not None:
        play(s, f"corp:{corp}")
    return s


def edit(s: MiniDiverCityState, fn: Callable[[dict[str, Any]], None]) -> MiniDiverCityState:
    """A copy of ``s`` whose ``to_dict`` was changed by ``fn`` (test positions)."""
    d = s.to_dict()
    fn(d)
    assert isinstance(s.game, MiniDiverCityGame)
    return s.game.state_from_dict(d)


def set_pos(d: dict[str, Any], species: str, pos: int) -> None:
    """Move a token; keeps the saved/eliminated counters in step."""
    i = SP.index(species)
    old = d["pos"][i]
    d["saved"] += (pos == 2) - (old == 2)
    d["elim"] += (pos == -2) - (old == -2)
    d["pos"][i] = pos


def empty_deck(d: dict[str, Any]) -> None:
    """Move every unknown deck card to the discard (the deck is exhausted)."""
    for i, n in enumerate(d["deck"]):
        d["disc"][i] += n
    d["ndisc"] += d["ndeck"]
    d["deck"] = [0] * 12
    d["ndeck"] = 0


def refusal(s: MiniDiverCityState, move: str) -> str:
    """The message key of the reason ``move`` is refused (the state stays untouched)."""
    before = s.to_dict()
    with pytest.raises(IllegalActionError) as e:
        s.apply_action(s.string_to_action(move))
    assert s.to_dict() == before
    message = e.value.message
    assert isinstance(message, Msg)
    reason = message.args["reason"]
    assert isinstance(reason, Msg)
    return reason.key.removeprefix("mini-divercity.illegal.")


def log(s: MiniDiverCityState) -> list[dict[str, Any]]:
    """The public log's entries (ids and codes, no words)."""
    return list(s.observation(0)["log"])


def moves(s: MiniDiverCityState) -> set[str]:
    return {s.action_to_string(a) for a in s.legal_actions()}


def species_total(s: MiniDiverCityState) -> int:
    return s.ndeck + (s.top >= 0) + sum(x >= 0 for x in s.hand) + s.ndisc + len(s.cap)


def corp_total(s: MiniDiverCityState) -> int:
    return s.ncdeck + len(s.ctop) + s.ncdisc + len(s.vis) + len(s.vis_placed)


def long_playout(
    g: MiniDiverCityGame, seed: int, check: Callable[[MiniDiverCityState], None]
) -> None:
    """A random game that never resigns, so it reaches the late game (empty deck…)."""
    state = g.new_initial_state(seed)
    rng = Rng(seed + 1)
    resign = g.space.RESIGN
    while True:
        check(state)
        if state.is_terminal():
            return
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance())
        else:
            legal = [a for a in state.legal_actions() if a != resign]
            state.apply_action(rng.choice(legal))
