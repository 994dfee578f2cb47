"""Save files: a whole session in one JSON file, secrets sealed until the end.

A finished game is saved as an ordinary record (``core.record``): it shows
everything, seed included, and replays anywhere. An unfinished game is saved
as a *session save*: the public part (game, options, seats, clocks, the moves
the player has seen) in plain JSON, and the seed with the full action list
only in a sealed blob (``session.seal``), so opening the file in an editor, or
``replay``-ing it, spoils no face-down card or future draw.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from solotable.core.datafile import parse_json, refuse_paths
from solotable.core.errors import RecordError, ReplayMismatchError, SolotableError
from solotable.core.game import Game
from solotable.core.message import msg
from solotable.core.record import MAX_ACTION_TEXT, MAX_ACTIONS, record_from_doc, record_to_json
from solotable.core.registry import check_spec, game_class, load_game, make_agent, names_plugin
from solotable.core.untrusted import os_error, read_text, shorten
from solotable.session.seal import NOTATION_ROOM, plain_bytes, seal, unseal
from solotable.session.session import GameSession, Seat
from solotable.session.store import Store

FORMAT = "solotable-session"
VERSION = 1


def save_text(session: GameSession) -> str:
    """The save file's text: a record when the game is over, a sealed save otherwise."""
    if session.is_over():
        return record_to_json(session.record())
    secret = session.record(reveal=True)
    doc: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": session.game.name,
        "options": dict(session.game.options),
        "seats": [{"agent": s.agent} for s in session.seats],
        "clocks": session.clocks,
        "status": session.status,
        "started": session.started,
        "hints": session.hints,
        "moves": [p.notation if p.public else None for p in session.plies],
        "sealed": seal({"seed": secret.seed, "actions": secret.actions}, _room(session)),
    }
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


def _room(session: GameSession) -> int:
    """The sealed part's size, from what the save shows anyway: the seed at its longest,
    the public moves as they are and every hidden move at :data:`NOTATION_ROOM` bytes.
    Two saves with the same public moves have sealed parts of the same length, whatever
    cards are face down (``session.seal``)."""
    hidden = "h" * (NOTATION_ROOM - 2)  # a JSON string of NOTATION_ROOM bytes
    shown = [p.notation if p.public else hidden for p in session.plies]
    return plain_bytes({"seed": 2**63 - 1, "actions": shown})


def write_save(path: Path, session: GameSession) -> None:
    """Write atomically; an error names ``path``, not a temporary file."""
    path = path.expanduser()
    if path.name in ("", ".", "..") or path.is_dir():
        raise RecordError(msg("core.save.folder", path=repr(shorten(str(path)))))
    if path.exists() and not path.is_file():
        # Renaming over /dev/full or a pipe would replace the device itself.
        raise RecordError(msg("core.save.not-regular", path=repr(shorten(str(path)))))
    text = save_text(session)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent or Path("."))
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except OSError as e:
        raise RecordError(
            msg("core.save.cannot-write", path=str(path), reason=os_error(e))
        ) from None


def parse_save(text: str, source: str) -> dict[str, Any]:
    """The parsed save or record document from its text (structure checked later): a file's
    text (:func:`read_save`) or an upload's (the web table's import), read as data only.
    ``source`` names it in errors (a path, or the uploaded file's name)."""
    doc = parse_json(text, shorten(source), RecordError)
    if not isinstance(doc, dict):
        raise RecordError(msg("core.save.not-object", path=source))
    return doc


def read_save(path: Path) -> dict[str, Any]:
    """The parsed save or record document of a file (structure checked later)."""
    path = path.expanduser()
    what = msg("core.file.what.save")
    return parse_save(read_text(path, what, RecordError), str(path))


def is_session_save(doc: dict[str, Any]) -> bool:
    return doc.get("format") == FORMAT


@dataclass(frozen=True)
class SavedGame:
    """A save or a record read and checked as data: nothing built, nothing stored yet.

    Kept apart from building the session so that a front end can look at what a file holds
    (its game, seats, seed and moves) before anything is built or stored: the web table
    refuses an AI it does not offer, and opens a game its store already holds instead of
    storing it twice."""

    game: Game
    seats: list[Seat]
    seed: int
    actions: list[str]
    clocks: list[float] | None = None
    hints: int = 0
    forfeit: dict[str, Any] | None = None
    finished: bool = False
    """A record with a result: shown (``replay``), not played on."""
    sealed: bool = False
    """From a session save: moves that do not replay are a :class:`ReplayMismatchError`."""
    playing: bool = True
    """Whether the seats are to be played (agents built) rather than only labels."""

    def session(self, store: Store | None = None, *, plugins: Collection[str] = ()) -> GameSession:
        """The session, replayed and checked, saved to ``store`` under a new id (None: not
        saved). Agents are built only when :attr:`playing`."""
        try:
            return GameSession.from_actions(
                self.game,
                self.seats,
                self.seed,
                self.actions,
                store=store,
                clocks=self.clocks,
                hints=self.hints,
                plugins=plugins,
                agents=self.playing,
                forfeit=self.forfeit,
            )
        except ReplayMismatchError:
            raise
        except RecordError as e:
            if not self.sealed:
                raise
            # the save is well formed: its moves do not replay
            raise ReplayMismatchError(e.message) from None


def read_game(
    doc: dict[str, Any], source: str, *, plugins: Collection[str] = (), play: bool = True
) -> SavedGame:
    """What a parsed save or record holds, checked (a :class:`RecordError` names the first
    bad field); its moves are replayed only by :meth:`SavedGame.session`.

    Files are data: a seat is built only as a registered agent, or as a plug-in the player
    named again (``plugins``, from the command line). With ``play=False`` (``replay``,
    ``review``) the seats are only labels."""
    if not is_session_save(doc):
        record = record_from_doc(doc, source)
        game = _game(record.game, record.options)
        finished = record.result is not None
        playing = play and not finished
        seats = (
            seats_from_labels(game, record.players, plugins)
            if playing
            else label_seats(game, record.players)
        )
        forfeit = record.forfeit
        if forfeit is not None and not 0 <= forfeit["player"] < game.num_players():
            raise RecordError(msg("core.record.forfeit", path=source))
        return SavedGame(
            game, seats, record.seed, record.actions, None, 0, forfeit, finished, False, playing
        )
    if doc.get("version") != VERSION:
        raise RecordError(
            msg("core.save.version", path=source, version=shorten(repr(doc.get("version"))))
        )
    try:
        game = _game(str(doc["game"]), dict(doc["options"]))
        seats = [_seat(s) for s in doc["seats"]]
        secret = unseal(doc["sealed"])
        seed, actions = secret["seed"], secret["actions"]
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError("the sealed seed is not a whole number")
        if not isinstance(actions, list) or not all(
            isinstance(a, str) and len(a) <= MAX_ACTION_TEXT for a in actions
        ):
            raise ValueError("the sealed actions are not a list of moves")
        clocks = doc.get("clocks")
        hints = int(doc.get("hints", 0))
        _check_session(game, seats, seed, actions, clocks, hints)
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise RecordError(msg("core.save.invalid", path=source, detail=shorten(str(e)))) from None
    return SavedGame(game, seats, seed, actions, clocks, hints, None, False, True, play)


def session_from_doc(
    doc: dict[str, Any],
    source: str,
    store: Store | None = None,
    *,
    plugins: Collection[str] = (),
    play: bool = True,
) -> GameSession:
    """:func:`load_session` of a document already parsed (:func:`parse_save`)."""
    saved = read_game(doc, source, plugins=plugins, play=play)
    # A finished record is shown, not played on nor added to the player's history again;
    # a session save is kept only when it is played on.
    keep = (store if play else None) if saved.sealed else (None if saved.finished else store)
    return saved.session(keep, plugins=plugins)


def load_session(
    path: Path,
    store: Store | None = None,
    *,
    plugins: Collection[str] = (),
    play: bool = True,
) -> GameSession:
    """A session from a save or a record, with its seats; saved to ``store`` under a new id.

    A malformed file is a :class:`RecordError`; a well-formed session save whose moves do
    not replay is a :class:`ReplayMismatchError` (``replay --check`` tells them apart).

    Files are data: a seat is built only as a registered agent, or as a plug-in the player
    named again (``plugins``, from the command line). With ``play=False`` (``replay``,
    ``review``) no agent is built at all and the seats are only labels.
    """
    return session_from_doc(read_save(path), str(path), store, plugins=plugins, play=play)


def _seat(doc: Any) -> Seat:
    """A save's seat: a human, or an agent named by a short spec (checked, never built here)."""
    agent = doc.get("agent")
    if agent is None:
        return Seat()
    try:
        return Seat(check_spec(agent))
    except SolotableError as e:
        raise ValueError(f"seat: {e}") from None


def _check_session(
    game: Any, seats: list[Seat], seed: int, actions: list[str], clocks: Any, hints: int
) -> None:
    """The numbers of a session save in range (ValueError names the first that is not)."""
    n = game.num_players()
    if len(seats) != n:
        raise ValueError(f"{len(seats)} seats for a {n}-player game")
    if not 0 <= seed < 2**63 or not 0 <= hints <= 10**6 or len(actions) > MAX_ACTIONS:
        raise ValueError("seed, hints or the number of actions out of range")
    if clocks is not None and (
        not isinstance(clocks, list)
        or len(clocks) != n
        or not all(
            isinstance(c, int | float) and not isinstance(c, bool) and 0 <= c <= 10**7
            for c in clocks
        )
    ):
        raise ValueError("clocks must be one number of seconds per seat")


def label_seats(game: Any, labels: list[str]) -> list[Seat]:
    """Seats that only name who played (a record's labels, as written): nothing is built."""
    if len(labels) != game.num_players():
        return [Seat()] * game.num_players()
    return [Seat() if label == "human" else Seat(label) for label in labels]


def seats_from_labels(game: Any, labels: list[str], plugins: Collection[str] = ()) -> list[Seat]:
    """Seats to play on from a record's player labels ("human", or an agent spec).

    Records written before sessions existed name agents by label; one that
    is not a valid spec becomes the game's default agent. Without labels,
    seat 0 is the human. A label naming a plug-in is never imported unless the
    player named that spec again (``plugins``): it is refused with the spec to name.
    """
    n = game.num_players()
    if len(labels) != n:
        return [Seat()] + [Seat(game.info.default_agent)] * (n - 1)
    seats = []
    for p, label in enumerate(labels):
        if label == "human":
            seats.append(Seat())
            continue
        named = label in plugins
        if not named and names_plugin(label, game):
            seats.append(Seat(label))  # refused, naming the seat, when the session is built
            continue
        try:
            make_agent(label, game, p, allow_plugins=named)
            seats.append(Seat(label))
        except SolotableError:
            seats.append(Seat(game.info.default_agent))
    return seats


def _game(name: str, options: dict[str, Any]) -> Any:
    """The saved game; data files only by content hash (``core.datafile``)."""
    try:
        datafiles = {o.name for o in game_class(name).info.options if o.datafile}
    except SolotableError as e:
        raise RecordError(msg("core.save.game", reason=e.message)) from e
    refuse_paths(datafiles, options, "save")
    try:
        return load_game(name, **options)
    except SolotableError as e:
        raise RecordError(msg("core.save.game", reason=e.message)) from e
