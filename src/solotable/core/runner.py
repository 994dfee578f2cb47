"""Drive a game between agents: the loop that simulate, play and tests share."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from solotable.core.agent import Agent, ResearchTurn, Turn, is_research
from solotable.core.errors import IllegalActionError
from solotable.core.game import Game, State
from solotable.core.message import msg
from solotable.core.players import CHANCE
from solotable.core.record import Record, record_of

if TYPE_CHECKING:  # a simulation passes one; the core never builds one (core imports only core)
    from solotable.stats.metrics import DecisionTally


def advance_chance(state: State) -> None:
    """Resolve chance nodes with the state's own RNG until a player must act."""
    while state.current_player() == CHANCE:
        state.apply_legal_action(state.sample_chance())


def turn_budget(
    time_budget: float | None, clock_left: float | None, move_limit: float | None
) -> float | None:
    """The thinking time to offer an agent: the tightest of the three limits.

    A tenth of the remaining clock, and a safety margin under a per-move limit,
    leave room for the bookkeeping around the agent's own search.
    """
    limits = [t for t in (time_budget, None if clock_left is None else clock_left / 10) if t]
    if move_limit:
        limits.append(move_limit * 0.8)
    return min(limits) if limits else None


def overrun(elapsed: float, clock_left: float | None, move_limit: float | None) -> str | None:
    """Why a move that took ``elapsed`` seconds loses the game, or None."""
    if move_limit and elapsed > move_limit:
        return f"took {elapsed:.2f} s for one move (limit {move_limit:g} s)"
    if clock_left is not None and clock_left < 0:
        return OUT_OF_TIME
    return None


def forfeit_of(
    player: int, elapsed: float, clock_left: float | None, move_limit: float | None
) -> dict[str, Any] | None:
    """The forfeit a move that took ``elapsed`` seconds causes, or None.

    ``reason`` is what records have always said (``"ran out of time"``); a move over the
    per-move limit also carries ``seconds`` and ``limit``, so front ends say it in the
    player's language without reading the sentence."""
    lost = overrun(elapsed, clock_left, move_limit)
    if lost is None:
        return None
    out: dict[str, Any] = {"player": player, "reason": lost}
    if lost != OUT_OF_TIME and move_limit:
        out |= {"seconds": round(elapsed, 2), "limit": move_limit}
    return out


OUT_OF_TIME = "ran out of time"


def research_turn(state: State, player: int, budget: float | None) -> ResearchTurn:
    """The turn of a research agent: the legal actions and a clone of the true state
    (the clone carries the random generator, so the agent knows every future draw)."""
    return ResearchTurn(state.clone(), player, state.legal_actions(), budget)


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """How a game played by :func:`play_to_end` ended."""

    state: State
    forfeit: dict[str, Any] | None
    """``{"player": p, "reason": "..."}`` when a player lost on time."""
    decisions: int
    """Player decisions applied (chance steps not counted)."""


def play_to_end(
    game: Game,
    agents: Sequence[Agent],
    seed: int,
    *,
    time_budget: float | None = None,
    clocks: Sequence[float] | None = None,
    move_limit: float | None = None,
    on_action: Callable[[State, int], None] | None = None,
    tally: DecisionTally | None = None,
) -> PlayedGame:
    """Play one game to the end: the final state, the forfeit if a player lost on
    time, and the number of player decisions (what a simulation needs, without the
    cost of a record).

    ``tally`` (simulations) is told each decision's legal-move count and, in two-player
    games, the scores after it: the counts behind the game metrics (``stats.metrics``).

    ``clocks`` are per-player total thinking times in seconds and
    ``move_limit`` the time allowed per move: a player who overruns either
    loses (recorded as a forfeit). An agent returning an illegal
    action is a bug in that agent and raises.

    Research agents (:func:`~solotable.core.agent.is_research`) get a
    :class:`ResearchTurn` with a copy of the true state; every other agent gets
    a plain :class:`Turn`. Only research callers (simulations) build research
    agents at all: ``make_agent`` refuses them elsewhere.
    """
    state = game.new_initial_state(seed)
    seers = [is_research(a) for a in agents]
    remaining = list(clocks) if clocks is not None else None
    forfeit = None
    decisions = 0
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            action = state.sample_chance()
        else:
            left = None if remaining is None else remaining[player]
            budget = turn_budget(time_budget, left, move_limit)
            turn: Turn = (
                research_turn(state, player, budget)
                if seers[player]
                else Turn.for_state(state, player, budget)
            )
            start = time.perf_counter()
            action = agents[player].act(turn)
            elapsed = time.perf_counter() - start
            if remaining is not None:
                remaining[player] -= elapsed
                left = remaining[player]
            forfeit = forfeit_of(player, elapsed, left, move_limit)
            if forfeit is not None:
                break
            reason = state.illegal_reason(action)
            if reason is not None:
                raise IllegalActionError(
                    action, msg("core.agent-illegal", agent=agents[player].label(), reason=reason)
                )
            decisions += 1
            if tally is not None:
                tally.decision(player, len(turn.legal_actions))
        if on_action is not None:
            on_action(state, action)
        state.apply_legal_action(action)
        if tally is not None and tally.track_lead and player != CHANCE:
            tally.position(state.scores())
    return PlayedGame(state, forfeit, decisions)


def play_game(
    game: Game,
    agents: Sequence[Agent],
    seed: int,
    *,
    time_budget: float | None = None,
    clocks: Sequence[float] | None = None,
    move_limit: float | None = None,
    on_action: Callable[[State, int], None] | None = None,
) -> tuple[State, Record]:
    """Play one game to the end (:func:`play_to_end`) and return the final state and
    its record."""
    played = play_to_end(
        game,
        agents,
        seed,
        time_budget=time_budget,
        clocks=clocks,
        move_limit=move_limit,
        on_action=on_action,
    )
    labels = [a.label() for a in agents]
    return played.state, record_of(played.state, seed, labels, played.forfeit)
