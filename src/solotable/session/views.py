"""What a play session shows: whose turn it is, the seats' names, observations, legal
moves and events (a mixin of :class:`~solotable.session.session.GameSession`).

Apart from the session's acting code so that each stays a readable size; everything here
only reads the session (under its lock where a front end may call it from another thread).
"""

from __future__ import annotations

import threading
from typing import Any

from solotable.core.events import Event
from solotable.core.game import ActionInfo, Game, Observation, State
from solotable.core.message import Msg, Text, msg
from solotable.session.parts import Result, Seat, SessionError, action_words


class SessionViews:
    """The read side of :class:`~solotable.session.session.GameSession`."""

    id: str
    game: Game
    state: State
    seats: tuple[Seat, ...]
    status: str
    clocks: list[float] | None
    started: float
    hints: int
    viewer: int
    lock: threading.RLock
    _events: list[Event]
    _result: Result | None

    # -- whose turn ------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.status != "playing"

    def to_move(self) -> int | None:
        """The seat whose decision it is, or None (game over)."""
        if self.is_over() or self.state.is_terminal():
            return None
        p = self.state.current_player()
        return p if p >= 0 else None

    def human_to_move(self) -> int | None:
        p = self.to_move()
        return p if p is not None and self.seats[p].human else None

    def agent_to_move(self) -> int | None:
        p = self.to_move()
        return p if p is not None and not self.seats[p].human else None

    def clock_left(self, seat: int) -> float | None:
        return None if self.clocks is None else self.clocks[seat]

    @property
    def ply(self) -> int:
        return len(self.state.history)

    def seat_msg(self, seat: int) -> Msg:
        """How events name a seat, as data: "you" for the viewer, else the seat as the game
        names it (White, Black) with its AI level; ``solotable.words`` says it."""
        return msg(
            "core.seat",
            game=self.game.name,
            seat=seat,
            agent=self.seats[seat].agent,
            you=self.seats[seat].human and seat == self.viewer,
            players=self.game.num_players(),
        )

    def seat_name(self, seat: int) -> str:
        """:meth:`seat_msg` in English."""
        return str(self.seat_msg(seat))

    # -- views -------------------------------------------------------------------------
    def observation(self, seat: int) -> Observation:
        self._check_seat(seat)
        return self.state.observation(seat)

    def legal_moves(self, seat: int) -> list[tuple[int, str, str]]:
        with self.lock:
            if self.to_move() != seat:
                return []
            s = self.state
            return [(a, s.action_to_string(a), s.describe_action(a)) for a in s.legal_actions()]

    def move_words(self, seat: int) -> list[tuple[int, str, Text]]:
        """``(action, notation, what it does)`` for every legal move of ``seat``: what it
        does as data (its ``action_info`` message; the English of a game without words)."""
        with self.lock:
            if self.to_move() != seat:
                return []
            s = self.state
            return [(a, s.action_to_string(a), action_words(s, a)) for a in s.legal_actions()]

    def legal_infos(self, seat: int) -> list[ActionInfo]:
        """The legal moves of ``seat`` as data (``State.action_info``), for front ends."""
        with self.lock:
            if self.to_move() != seat:
                return []
            return self.state.legal_action_infos()

    def events_since(self, seq: int) -> list[Event]:
        with self.lock:
            return [e for e in self._events if e.seq > seq]

    @property
    def events(self) -> list[Event]:
        return list(self._events)

    def result(self) -> Result | None:
        return self._result

    def public_summary(self) -> dict[str, Any]:
        """What anyone may know about the session: never the seed or a hidden card."""
        with self.lock:
            return {
                "id": self.id,
                "game": self.game.name,
                "title": self.game.info.title,
                "options": dict(self.game.options),
                "seats": [{"agent": s.agent, "human": s.human} for s in self.seats],
                "status": self.status,
                "ply": self.ply,
                "to_move": self.to_move(),
                "clocks": self.clocks,
                "started": self.started,
                "hints": self.hints,
                "result": None if self._result is None else self._result.to_dict(),
            }

    # -- checks ------------------------------------------------------------------
    def _check_seat(self, seat: int) -> None:
        if not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            raise SessionError(msg("core.session.no-seat", seat=repr(seat), game=self.game.name))

    def _check_human(self, seat: int) -> None:
        self._check_seat(seat)
        if not self.seats[seat].human:
            raise SessionError(msg("core.session.agent-seat", who=self.seat_msg(seat)))

    def _check_turn(self, seat: int, human: bool) -> None:
        (self._check_human if human else self._check_seat)(seat)
        if self.is_over():
            raise SessionError(msg("core.illegal.game-over"))
        if self.to_move() != seat:
            raise SessionError(msg("core.session.not-your-turn", who=self.seat_msg(seat)))


__all__ = ["SessionViews"]
