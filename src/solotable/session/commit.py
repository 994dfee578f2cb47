"""Commit, then show: how a play session's steps reach the store, and what a failed
write leaves behind.

A session applies a step in memory and then writes it in one transaction. If
the write fails (full disk, read-only folder, a store busy past its timeout)
or another front end's newer steps overtook this one, the session reloads the
game as saved and the front end is told, in one sentence, that the step was
not kept and why. So the store never has a gap: the next step is written after
the last saved one, whatever happened in memory. Kept apart from
:mod:`solotable.session.session` (the game loop) so that the loop stays readable.
"""

from __future__ import annotations

import threading
import time
from contextlib import suppress
from typing import Any, NoReturn, Self

from solotable.core.errors import SolotableError
from solotable.core.events import Event
from solotable.core.game import State
from solotable.session.parts import Ply, Result
from solotable.session.save import finished_fields, lost_change, move_rows
from solotable.session.store import MARK, Store, StoreError


class SavedSteps:
    """The store side of :class:`~solotable.session.session.GameSession` (a mixin)."""

    id: str
    store: Store | None
    state: State
    status: str
    clocks: list[float] | None
    hints: int
    undos: int
    viewer: int
    lock: threading.RLock
    _plies: list[Ply]
    _result: Result | None
    _saved: dict[str, Any] | None
    """The store row's ``MARK`` as this session last wrote or read it."""
    _stale: bool
    """A write failed and the game could not be read back yet: act only after a reload."""

    @classmethod
    def resume(cls, store: Store, session_id: str) -> Self:
        raise NotImplementedError

    def _row(self) -> dict[str, Any]:
        raise NotImplementedError

    @property
    def version(self) -> str:
        """Names this point of the game: it changes with every move, undo, hint and the
        end, never comes back, and is the same in every front end (a page sends it back
        so that a stale or repeated request is refused). Public: no hidden card in it."""
        end = "" if self.status == "playing" else "-end"
        return f"{self.undos}-{len(self.state.history)}-{self.hints}{end}"

    def _commit(
        self,
        from_ply: int,
        events: list[Event],
        what: str,
        *,
        truncate: bool = False,
        create: bool = False,
    ) -> None:
        """Save the plies from ``from_ply`` on, the events and the game row: one transaction.

        If it fails, the session goes back to the game as saved and ``what`` (your move,
        the undo…) is reported as not kept, with the reason."""
        if self.store is None:
            return
        update: dict[str, Any] = {
            "status": self.status,
            "updated": time.time(),
            "ply": len(self.state.history),
            "clocks": self.clocks,
            "hints": self.hints,
            "undos": self.undos,
        }
        if self._result is not None:
            update.update(finished_fields(self._result, self.viewer, self.state.stats()))
        moves = move_rows(self._plies, from_ply)
        try:
            self.store.write_step(
                self.id,
                moves,
                events,
                update,
                from_ply if truncate else None,
                expect=None if create else self._saved,
                create=self._row() if create else None,
            )
        except StoreError as e:
            self._fall_back(what, e, create)
        self._saved = {k: update[k] for k in MARK}

    def _fall_back(self, what: str, error: StoreError, created: bool) -> NoReturn:
        """After a failed write: become the game as saved, then say what was lost and why."""
        self._stale = True
        if not created:
            with suppress(SolotableError):  # still stale: the next action reloads first
                self.reload()
        raise lost_change(what, error)

    def reload(self) -> None:
        """Become the game as stored: after a failed write, or another front end's steps.

        Done in place (the front ends and the web table hold this object and its lock)."""
        if self.store is None:
            return
        with self.lock:
            fresh = type(self).resume(self.store, self.id)
            lock = self.lock
            self.__dict__.update(fresh.__dict__)
            self.lock = lock

    def refresh(self) -> bool:
        """Reload if the stored game changed since this session saw it; whether it had."""
        if self.store is None:
            return False
        with self.lock:
            if not self._stale and self.store.mark(self.id) == self._saved:
                return False
            self.reload()
            return True

    def _check_saved(self) -> None:
        """A session whose last write failed acts only once it is the saved game again."""
        if self._stale:
            self.reload()
