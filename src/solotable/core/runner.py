"""Drive a game between agents: the loop that simulate, play and tests share."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from solotable.core.agent import Agent, Turn
from solotable.core.errors import IllegalActionError
from solotable.core.game import Game, State
from solotable.core.players import CHANCE
from solotable.core.record import Record, record_of


def advance_chance(state: State) -> None:
    """Resolve chance nodes with the state's own RNG until a player must act."""
    while state.current_player() == CHANCE:
        state.apply_legal_action(state.sample_chance())


def play_game(
    game: Game,
    agents: Sequence[Agent],
    seed: int,
    *,
    time_budget: float | None = None,
    clocks: Sequence[float] | None = None,
    on_action: Callable[[State, int], None] | None = None,
) -> tuple[State, Record]:
    """Play one game to the end and return the final state and its record.

    ``clocks`` are per-player total thinking times in seconds: a player whose
    clock runs out loses (recorded as a forfeit). An agent returning an illegal
    action is a bug in that agent and raises.
    """
    state = game.new_initial_state(seed)
    remaining = list(clocks) if clocks is not None else None
    forfeit = None
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            action = state.sample_chance()
        else:
            budget = time_budget
            if remaining is not None:
                share = remaining[player] / 10.0
                budget = share if budget is None else min(budget, share)
            turn = Turn(player, state.legal_actions(), _observer(state, player), budget)
            start = time.perf_counter()
            action = agents[player].act(turn)
            if remaining is not None:
                remaining[player] -= time.perf_counter() - start
                if remaining[player] < 0:
                    forfeit = {"player": player, "reason": "ran out of time"}
                    break
            reason = state.illegal_reason(action)
            if reason is not None:
                raise IllegalActionError(action, f"agent {agents[player].label()}: {reason}")
        if on_action is not None:
            on_action(state, action)
        state.apply_legal_action(action)
    record = record_of(state, seed, [a.label() for a in agents], forfeit)
    return state, record


def _observer(state: State, player: int) -> Callable[[], dict[str, object]]:
    return lambda: state.observation(player)
