"""The open tables: one play session each, its human seat, and its AI worker.

The session (``session.session``) holds the true state and saves every step to
the store; this module only adds what a web server needs around it: a cache
of open sessions (resumed from the store on first use after a restart), a
worker thread that lets the AI think while requests are still answered, and
the last page context so a page can be drawn while the AI holds the lock.

The session's step is saved before it is shown; when it cannot be (full disk,
busy store) or another front end played the game meanwhile, the session is
back at the game as saved, and the worker says so on the page instead of
dying silently. Reloading the page lets the AI try again.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass, field
from typing import Any

from solotable.core.errors import SolotableError
from solotable.core.message import Msg, Text, msg
from solotable.session.session import GameMovedOn, GameSession, Seat
from solotable.session.store import Store

log = logging.getLogger(__name__)


class TableError(SolotableError):
    """A request the table refuses (not your turn, AI thinking, unknown game)."""


class StalePage(TableError):
    """A request from a page drawn before the game's last change (or sent twice)."""


@dataclass
class Hint:
    """A hint as data: the move, why it is good, and the search's best moves.

    Kept between requests, so nothing here is in words: the page says the move (from its
    legal moves' words), the reason and the values in the language it is drawn in.
    ``candidates`` are the search's best moves, best first, as ``(action, value, reason)``
    (the value a ``web.hint.value`` message: "+2.5 ± 1 points ahead at the end"), so the
    player sees how close the alternatives are."""

    action: int
    notation: str
    reason: Text | None
    ply: int
    candidates: tuple[tuple[int, Text, Text | None], ...] = ()


@dataclass
class Table:
    """One open game in the browser."""

    session: GameSession
    seat: int
    """The human seat this page plays (a solo game's only seat)."""
    thinking: bool = False
    hint: Hint | None = None
    agent_error: Msg | None = None
    """Why the AI could not move (shown until it tries again)."""
    notice: Text | None = None
    """A message for the next page drawn only (the game was reloaded from the store)."""
    cached: dict[str, Any] | None = None
    """The last page context, shown while the AI worker holds the session."""
    said: dict[Any, Any] = field(default_factory=dict)
    """The log's events in words, kept per event object for one language (``web.view``)."""
    finals: dict[str, Any] | None = None
    """The moves undo could not take back, for one version (``web.finals``)."""
    guard: threading.Lock = field(default_factory=threading.Lock)

    @property
    def id(self) -> str:
        return self.session.id

    @property
    def version(self) -> str:
        """The point of the game this table shows; forms send it back (stale ones are refused)."""
        return self.session.version


def human_seat(seats: Sequence[Seat]) -> int:
    for i, seat in enumerate(seats):
        if seat.human:
            return i
    raise TableError(msg("web.no-human-seat"))


class Tables:
    """Every table this server has opened, keyed by the session's unguessable id."""

    def __init__(self, store: Store, workers: int = 2, *, inline: bool = False) -> None:
        """``inline``: the AI moves within the request that gave it the turn, for Python
        without threads (the browser build, where the whole app is one Web Worker and the
        page stays responsive anyway); ``serve`` thinks in ``workers`` threads."""
        self.store = store
        self._tables: dict[str, Table] = {}
        self._lock = threading.Lock()
        self._pool = (
            None
            if inline
            else ThreadPoolExecutor(max_workers=workers, thread_name_prefix="solotable-ai")
        )

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)

    def start(
        self,
        game: str,
        options: Mapping[str, Any],
        seats: Sequence[Seat],
        seed: int | None = None,
        lesson: bool = False,
    ) -> Table:
        session = GameSession.start(
            game, options, seats, seed=seed, store=self.store, lesson=lesson
        )
        return self.adopt(session)

    def adopt(self, session: GameSession) -> Table:
        """Open a table on a session made elsewhere (a resumed or a test-crafted one)."""
        table = Table(session, human_seat(session.seats))
        with self._lock:
            table = self._tables.setdefault(session.id, table)
        self.kick(table)
        return table

    def delete(self, table_id: str) -> bool:
        """Delete an unfinished game from the store and close its table (the lobby's
        "Delete…"); False when there is no such game still in play. An open table's
        session lock is held meanwhile, so no move of it is being written as it goes."""
        with self._lock:
            table = self._tables.get(table_id)
        with nullcontext() if table is None else table.session.lock:
            deleted = self.store.delete_unfinished(table_id)
        if deleted:
            with self._lock:
                self._tables.pop(table_id, None)
        return deleted

    def get(self, table_id: str) -> Table:
        """The open table, or the stored game resumed; TableError if there is none."""
        with self._lock:
            table = self._tables.get(table_id)
        if table is not None:
            self.catch_up(table)
            return table
        if not table_id or len(table_id) > 64:
            raise TableError(msg("web.no-such-game"))
        try:
            session = GameSession.resume(self.store, table_id)
        except SolotableError as e:
            raise TableError(msg("web.no-such-game-because", reason=e.message)) from None
        return self.adopt(session)

    def catch_up(self, table: Table) -> None:
        """Show the game as saved if another front end (the terminal, another server) played
        it since; skipped while the AI holds the session (its own write would notice)."""
        session = table.session
        if table.thinking or not session.lock.acquire(blocking=False):
            return
        try:
            moved = session.refresh()
        except SolotableError as e:
            table.notice, moved = e.message, False
        finally:
            session.lock.release()
        if moved:
            table.hint = None
            table.notice = msg("web.played-elsewhere")
            self.kick(table)

    def kick(self, table: Table) -> None:
        """Start the AI worker if an agent is to move and none is running."""
        with table.guard:
            if table.thinking or table.session.agent_to_move() is None:
                return
            table.thinking = True
            table.agent_error = None
        if self._pool is None:
            self._think(table)
        else:
            self._pool.submit(self._think, table)

    def _think(self, table: Table) -> None:
        try:
            while True:
                with table.session.lock:
                    if table.session.is_over() or table.session.agent_to_move() is None:
                        break
                    try:
                        table.session.step_agent()
                    except GameMovedOn as e:  # reloaded: go on from the saved game
                        table.notice = e.message
        except SolotableError as e:  # not kept (full disk…): the game is as saved
            table.agent_error = msg("web.agent-not-kept", error=e.message)
        except Exception:  # an agent bug must not kill the worker silently
            # The exception's text is a developer's (English, maybe internals): the log has it,
            # the page says what happened in the player's words.
            log.exception("agent failed in game %s", table.id)
            table.agent_error = msg("web.agent-failed")
        finally:
            with table.guard:
                table.thinking = False
