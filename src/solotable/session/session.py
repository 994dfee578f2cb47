"""A play session: one game with its seats, clocks and history, for any front end.

The terminal and the web table both drive a :class:`GameSession`, so there
is one game loop: whose turn it is, who is an agent and at which level, the
clocks, hints, undo and the autosave all live here and are restored on
resume. Every step is saved to the :class:`~solotable.session.store.Store` in
one transaction, and becomes the game's state only once it is: a step that
cannot be written (full disk, read-only folder, busy store) or that another
front end's newer steps overtook leaves the session at the game as saved
(:meth:`GameSession.reload`), so the store never has a gap. Everything a
front end shows comes from the human seat's observation or from
:class:`Event`\\ s derived from it, never from the state.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Collection, Iterator, Mapping, Sequence
from functools import partial
from typing import Any

from solotable.core.agent import Agent, Turn
from solotable.core.errors import IllegalActionError, RecordError, SolotableError
from solotable.core.events import Event
from solotable.core.game import Game, Observation
from solotable.core.message import Msg, msg
from solotable.core.players import CHANCE
from solotable.core.record import Record, rebuild, record_of
from solotable.core.registry import load_game
from solotable.core.runner import forfeit_of, turn_budget
from solotable.session.commit import SavedSteps
from solotable.session.consequences import irreversible_actions
from solotable.session.parts import (
    GameMovedOn,
    Hint,
    NotKept,
    Ply,
    Result,
    Seat,
    SessionError,
    UndoRefused,
    action_words,
    advise,
    chance_visibility,
    decision_visible,
    ply_events,
    seat_agents,
)
from solotable.session.save import final_result, saved_actions, session_row
from solotable.session.seal import unseal
from solotable.session.store import MARK, MoveRow, Store
from solotable.session.views import SessionViews

__all__ = [
    "Event",
    "GameMovedOn",
    "GameSession",
    "Hint",
    "NotKept",
    "Result",
    "Seat",
    "SessionError",
    "UndoRefused",
]


def new_game_id() -> str:
    """An unguessable game id (128 random bits) that starts with a letter or digit.

    Players type ids (``solotable export ID``); one starting with ``-`` reads as an option.
    """
    while True:
        game_id = secrets.token_urlsafe(16)
        if game_id[0].isalnum():
            return game_id


class GameSession(SessionViews, SavedSteps):
    """One game being played; see ``docs``/``session_contract.md`` for the contract."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[Seat],
        seed: int,
        *,
        store: Store | None = None,
        session_id: str | None = None,
        clocks: list[float] | None = None,
        started: float | None = None,
        plugins: Collection[str] = (),
        agents: bool = True,
    ) -> None:
        """``plugins``: the plug-in agent specs the player named on the command line (a seat
        naming another is refused: seats come from files and the store); ``agents=False``
        builds no agent (a game opened to be shown: ``replay``, ``review``)."""
        n = game.num_players()
        if len(seats) != n:
            raise SessionError(msg("core.session.seat-count", game=game.name, n=n, got=len(seats)))
        self.id = session_id or new_game_id()
        self.game = game
        self.seats = tuple(seats)
        self.lock = threading.RLock()
        self.store = store
        self.clocks = clocks
        self.started = time.time() if started is None else started
        self.status = "playing"
        self.forfeit: dict[str, Any] | None = None
        self.hints = 0
        self.undos = 0
        self.lesson = False
        """A guided game ("Learn to play"): filed apart, never in best scores or stats."""
        self._seed = seed
        self._agents: dict[int, Agent] = (
            seat_agents(game, self.seats, seed, plugins) if agents else {}
        )
        humans = [p for p, s in enumerate(self.seats) if s.human]
        self.viewer = humans[0] if humans else 0
        """The seat whose observation front ends show (the first human, else seat 0)."""
        self.state = game.new_initial_state(seed)
        self._plies: list[Ply] = []
        self._events: list[Event] = []
        self._result: Result | None = None
        self._last_hint: tuple[int, int] | None = None
        self._pending: list[Event] = []
        self._turn_started = time.monotonic()
        self._saved: dict[str, Any] | None = None
        self._stale = False

    # -- creating ----------------------------------------------------------------
    @classmethod
    def start(
        cls,
        game: str,
        options: Mapping[str, Any],
        seats: Sequence[Seat],
        *,
        seed: int | None = None,
        store: Store | None = None,
        clocks: bool = True,
        plugins: Collection[str] = (),
        lesson: bool = False,
    ) -> GameSession:
        """A new game; the seed comes from the OS's secure source unless given.
        ``lesson``: a guided game, filed apart from the player's games (no best, no stats)."""
        g = load_game(game, **options)
        seed = secrets.randbelow(2**53) if seed is None else seed
        clock = g.clock_seconds() if clocks else None
        session = cls(
            g,
            seats,
            seed,
            store=store,
            clocks=[clock] * g.num_players() if clock else None,
            plugins=plugins,
        )
        session.lesson = lesson
        pending = session._advance()
        if session.state.is_terminal():  # forced moves alone can end a game
            pending += session._finish("finished")
        session._commit(0, pending, "new-game", create=True)
        return session

    @classmethod
    def resume(
        cls,
        store: Store,
        session_id: str,
        *,
        plugins: Collection[str] = (),
        agents: bool = True,
    ) -> GameSession:
        """The stored game, with its seats, levels, clocks and turn as they were
        (``agents=False``: to be shown or exported, not played on)."""
        saved = store.load(session_id)
        row = saved.row
        session = cls(
            load_game(row["game"], **row["options"]),
            [Seat(s.get("agent")) for s in row["seats"]],
            int(unseal(row["sealed"])["seed"]),
            store=store,
            session_id=row["id"],
            clocks=row["clocks"],
            started=row["started"],
            plugins=plugins,
            agents=agents and row["status"] == "playing",  # a finished game needs none
        )
        session._replay(saved_actions(saved.moves), saved.moves)
        session._events = list(saved.events)
        session.status = row["status"]
        session.hints = row["hints"]
        session.undos = row["undos"]
        session.lesson = bool(row.get("lesson"))
        session._saved = {k: row[k] for k in MARK}
        if row["result"]:
            session._result = Result(**row["result"])
            session.forfeit = session._result.forfeit
        return session

    @classmethod
    def from_actions(
        cls,
        game: Game,
        seats: Sequence[Seat],
        seed: int,
        actions: Sequence[str],
        *,
        store: Store | None = None,
        clocks: list[float] | None = None,
        hints: int = 0,
        plugins: Collection[str] = (),
        agents: bool = True,
        forfeit: dict[str, Any] | None = None,
    ) -> GameSession:
        """A session rebuilt from a save or record (a new id), saved to ``store``.

        Actions are replayed and checked; a finished record gives a finished
        session with its result (``forfeit``: a resigned or timed-out one, ended as it was).
        """
        session = cls(game, seats, seed, store=store, clocks=clocks, plugins=plugins, agents=agents)
        session.hints = hints
        session._replay(actions)
        if forfeit is not None and not session.state.is_terminal():
            session.forfeit = dict(forfeit)
            resigned = forfeit.get("reason") == "resigned"
            events = session._finish("resigned" if resigned else "forfeited")
        else:
            events = session._advance() if not session.state.is_terminal() else []
            if session.state.is_terminal():
                events += session._finish("finished")
        session._commit(0, events, "loaded-game", create=True)
        return session

    @property
    def plies(self) -> list[Ply]:
        """Every applied action with what the viewer may know of it."""
        return list(self._plies)

    def replay_steps(self) -> Iterator[tuple[Ply, Observation]]:
        """Each ply with the viewer's observation after it, from the start.

        What ``replay`` shows: an unfinished game's plies that are not public
        stay unnamed, and boards come from the viewer's observation only.
        """
        probe = self.game.new_initial_state(self._seed)
        for ply, action in zip(self._plies, list(self.state.history), strict=False):
            if probe.is_chance_node():
                probe.sample_chance()
            probe.apply_legal_action(action)
            yield ply, probe.observation(self.viewer)

    def record(self, *, reveal: bool = False) -> Record:
        """The game as a record: the seed and every action.

        Only a finished game's record may be shown (``reveal`` says the caller
        seals it otherwise): it holds the seed and every face-down card.
        """
        if not (reveal or self.is_over()):
            raise SessionError(msg("core.session.unsealed-record"))
        return record_of(self.state, self._seed, [s.label() for s in self.seats], self.forfeit)

    def _replay(self, actions: Sequence[str], moves: Sequence[MoveRow] = ()) -> None:
        for i, text in enumerate(actions):
            state = self.state
            try:
                if state.current_player() == CHANCE:
                    action = state.sample_chance()
                    if state.action_to_string(action) != text:
                        raise RecordError(msg("core.save.chance-differs", move=i))
                else:
                    action = state.parse_move(text)
            except SolotableError as e:
                raise RecordError(msg("core.save.no-replay", reason=e.message)) from None
            ply = self._apply(action, emit=False)
            if i < len(moves):
                ply.hinted, ply.think, ply.at = moves[i].hinted, moves[i].think, moves[i].at

    # -- acting ----------------------------------------------------------------------------
    def play(self, seat: int, move: int | str) -> list[Event]:
        """The human ``seat`` plays ``move`` (an id or notation); chance then resolves."""
        with self.lock:
            self._check_saved()
            self._check_turn(seat, human=True)
            action = self._action_of(move)
            return self._decide(seat, action, self._last_hint == (self.ply, action))

    def step_agent(self) -> list[Event]:
        """One agent decision (and the chance that follows); autosaved."""
        with self.lock:
            self._check_saved()
            seat = self.agent_to_move()
            if seat is None:
                raise SessionError(msg("core.session.no-agent-to-move"))
            agent = self._agents.get(seat)
            if agent is None:
                raise SessionError(msg("core.session.shown-only"))
            budget = turn_budget(None, self.clock_left(seat), self.game.move_seconds())
            action = agent.act(Turn.for_state(self.state, seat, budget))
            reason = self.state.illegal_reason(action)
            if reason is not None:
                raise IllegalActionError(
                    action, msg("core.agent-illegal", agent=agent.label(), reason=reason)
                )
            return self._decide(seat, action, False)

    def hint(self, seat: int, move: int | str | None = None) -> Hint:
        """What the game's hint agent would play, its next best moves and, with ``move``,
        how that move compares; its use is recorded.

        The turn has no time budget, so the hint agent's own budget decides (depth,
        samples, work): the same position and seed get the same hint, unless the agent's CPU
        cap (about a second) ends the search first, which only the slowest hints meet.
        """
        with self.lock:
            self._check_saved()
            self._check_turn(seat, human=True)
            mine = None if move is None else self._action_of(move)
            hint = advise(self.game, self.state, seat, (self._seed + 31 * self.ply) % 2**31, mine)
            self.hints += 1
            self._commit(self.ply, [], "hint")
            self._last_hint = (self.ply, hint.action)
            return hint

    def _action_of(self, move: int | str) -> int:
        """A legal action from an id or notation (IllegalActionError otherwise)."""
        if isinstance(move, str):
            return self.state.parse_move(move)
        reason = self.state.illegal_reason(move)
        if reason is not None:
            raise IllegalActionError(move, reason)
        return move

    def undo_refusal(self, seat: int) -> Msg | None:
        """Why :meth:`undo` would be refused now, or None when it would take a move back.

        Pages disable their Undo button with these words instead of letting a click fail
        (Dice Miner's Undo after a refill used to answer HTTP 422)."""
        with self.lock:
            return self._undo_cut(seat)[1]

    def _undo_cut(self, seat: int) -> tuple[int, Msg | None]:
        """Where undo would cut the plies, or why it cannot (the one rule for both)."""
        if self.is_over():
            return 0, msg("core.illegal.game-over")
        cut = next(
            (
                i
                for i in range(len(self._plies) - 1, -1, -1)
                if self._plies[i].who == seat and not self._plies[i].forced
            ),
            None,
        )
        if cut is None:
            return 0, msg("core.undo.nothing")
        for ply in self._plies[cut:]:
            if ply.revealed:
                # named as the game says it (the chance action's own message), never
                # by its notation; what the viewer could not see stays unnamed
                if ply.public and ply.words:
                    return cut, msg("core.undo.revealed", what=ply.words)
                return cut, msg("core.undo.hidden-revealed")
        return cut, None

    def irreversible(self, seat: int) -> frozenset[int]:
        """``seat``'s legal moves that undo could not take back (``session.consequences``):
        pages ask once before playing them."""
        with self.lock:
            if self.to_move() != seat or not self.seats[seat].human:
                return frozenset()
            return irreversible_actions(self.state, self.viewer, lambda p: self.seats[p].human)

    def reveal(self) -> Observation | None:
        """What was hidden from the players (``State.hidden_at_end``), only once the game is
        over — by its rules, a resignation or the clock; None while it is being played."""
        with self.lock:
            if not self.is_over():
                return None
            return self.state.hidden_at_end()

    def undo(self, seat: int) -> list[Event]:
        """Take back moves to ``seat``'s previous decision, unless something was revealed."""
        with self.lock:
            self._check_saved()
            self._check_human(seat)
            cut, refusal = self._undo_cut(seat)
            if refusal is not None:
                raise UndoRefused(refusal)
            taken = len(self._plies) - cut
            self.state = rebuild(self.game, self._seed, self.state.history[:cut])
            del self._plies[cut:]
            self.undos += 1
            self._turn_started = time.monotonic()
            events = [self._stamp(Event(0, 0, "undo", seat, "", {"moves": taken}))]
            self._commit(cut, events, "undo", truncate=True)
            return events

    def resign(self, seat: int) -> list[Event]:
        with self.lock:
            self._check_saved()
            self._check_human(seat)
            if self.is_over():
                raise SessionError(msg("core.illegal.game-over"))
            self.forfeit = {"player": seat, "reason": "resigned"}
            who = self.seat_msg(seat).to_json()
            events = [self._stamp(Event(0, 0, "resign", seat, "", {"who": who, "seat": seat}))]
            ply = self.ply
            events += self._finish("resigned")
            self._commit(ply, events, "resignation")
            return events

    # -- internals -----------------------------------------------------------------------------
    def _decide(self, seat: int, action: int, hinted: bool) -> list[Event]:
        """Apply a checked decision, charge the clock, resolve chance, save."""
        think = time.monotonic() - self._turn_started
        start_ply = self.ply
        if self.clocks is not None:
            self.clocks[seat] -= think
        forfeit = forfeit_of(seat, think, self.clock_left(seat), self.game.move_seconds())
        events: list[Event] = []
        if forfeit is not None:
            self.forfeit = forfeit
            data = {**forfeit, "who": self.seat_msg(seat).to_json(), "seat": seat}
            events.append(self._stamp(Event(0, 0, "forfeit", seat, "", data)))
            events += self._finish("forfeited")
        else:
            ply = self._apply(action)
            ply.hinted, ply.think = hinted, think
            events += self._pending
            events += self._advance()
            if self.state.is_terminal():
                events += self._finish("finished")
        self._commit(start_ply, events, "move" if self.seats[seat].human else "ai-move")
        return events

    def _advance(self) -> list[Event]:
        """Resolve chance, and the human's forced moves, up to the next real decision."""
        out: list[Event] = []
        while not self.state.is_terminal():
            p = self.state.current_player()
            if p == CHANCE:
                self._apply(self.state.sample_chance())
            elif self.seats[p].human and len(self.state.legal_actions()) == 1:
                self._apply(self.state.legal_actions()[0], forced=True)
            else:
                break
            out += self._pending
        self._turn_started = time.monotonic()
        return out

    def _apply(self, action: int, *, forced: bool = False, emit: bool = True) -> Ply:
        """Apply one action, noting what the viewer learnt; events go to ``_pending``."""
        state, viewer = self.state, self.viewer
        who = state.current_player()
        notation = state.action_to_string(action)
        public, revealed = True, False
        if who == CHANCE:
            public, revealed = chance_visibility(state, action, viewer)
        elif who != viewer and not self.game.info.perfect_information:
            public = decision_visible(state, action, viewer)
        words = action_words(state, action) if public else ""
        before = state.observation(viewer) if emit else None
        state.apply_legal_action(action)
        ply = Ply(notation, who, public, revealed, words, forced=forced)
        self._plies.append(ply)
        self._pending = []
        if not emit:
            return ply
        assert before is not None
        name = None if who == CHANCE else self.seat_msg(who)
        after = state.observation(viewer)
        at = len(state.history) - 1
        found = ply_events(self.game, ply, name, before, after, viewer, at=at)
        self._pending = [self._stamp(e) for e in found]
        return ply

    def _stamp(self, e: Event) -> Event:
        seq = self._events[-1].seq + 1 if self._events else 1
        stamped = Event(seq, e.ply or self.ply, e.kind, e.player, e.text, e.data)
        self._events.append(stamped)
        return stamped

    def _finish(self, status: str) -> list[Event]:
        self.status = status
        self._result = final_result(
            self.state,
            status,
            self.forfeit,
            has_human=any(s.human for s in self.seats) and not self.lesson,
            viewer=self.viewer,
            plies=self._plies,
            hints=self.hints,
            best=None if self.store is None else partial(self.store.best, exclude=self.id),
        )
        return [self._stamp(Event(0, self.ply, "end", None, "", self._result.to_dict()))]

    def _row(self) -> dict[str, Any]:
        row = session_row(
            self.id, self.game, self.seats, self.status, self.started, self.clocks, self._seed
        )
        return {**row, "lesson": self.lesson}
