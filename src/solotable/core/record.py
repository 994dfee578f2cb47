"""Game records: ``(game, options, seed, actions)`` plus the result.

A record is JSON written by :func:`record_to_json`. Actions are stored in
notation (chance outcomes included) so people can read and edit them.
Loading validates every field and names the first bad one; replaying
re-checks every action (and every chance outcome against the seed) and the
stored result.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solotable.core.datafile import parse_json, read_json, refuse_paths
from solotable.core.errors import RecordError, SolotableError
from solotable.core.game import Game, State
from solotable.core.message import Msg, Text, msg
from solotable.core.players import CHANCE
from solotable.core.registry import game_class, load_game
from solotable.core.untrusted import finite, shorten

FORMAT = "solotable-record"
VERSION = 1
MAX_ACTIONS = 200_000
"""Far above any game's ``max_game_length``; a longer list is not a record of ours."""
MAX_ACTION_TEXT = 200
MAX_NUMBER = 1e12
"""Scores, returns and option values are small; a larger number is a corruption."""


@dataclass
class Record:
    """One game, enough to replay it bit for bit."""

    game: str
    options: dict[str, Any]
    seed: int
    actions: list[str]
    result: dict[str, Any] | None = None
    players: list[str] = field(default_factory=list)
    forfeit: dict[str, Any] | None = None
    """``{"player": p, "reason": "..."}`` when a player lost on time."""


def result_of(state: State, forfeit: dict[str, Any] | None = None) -> dict[str, Any]:
    """The result block of a record for a finished (or forfeited) game.

    ``outcome`` is message data (``Msg.to_json()``), so a record says how the game ended in
    any language; a record written by an older version holds an English sentence there."""
    n = state.game.num_players()
    if forfeit is not None:
        loser = int(forfeit["player"])
        rets = [0.0] if n == 1 else [1.0 if p != loser else -1.0 for p in range(n)]
        return {
            "returns": rets,
            "scores": list(state.scores()),
            "outcome": forfeit_outcome(state.game, forfeit).to_json(),
        }
    outcome = state.outcome()
    return {
        "returns": list(state.returns()),
        "scores": list(state.scores()),
        "outcome": outcome.to_json() if isinstance(outcome, Msg) else outcome,
    }


def outcome_message(data: Any) -> Text:
    """Stored outcome data (message JSON, or an older version's sentence) as a ``Text``."""
    if isinstance(data, Msg | str):
        return data
    if is_outcome_data(data):
        return Msg.from_json(data)
    return ""


def forfeit_outcome(game: Game, forfeit: dict[str, Any]) -> Msg:
    """How a resigned or forfeited game ended: who gave it up, and why (data)."""
    loser = int(forfeit["player"])
    extra = {k: forfeit[k] for k in ("seconds", "limit") if k in forfeit}
    return msg(
        "core.outcome.forfeit",
        game=game.name,
        seat=loser,
        players=game.num_players(),
        reason=str(forfeit.get("reason", "")),
        **extra,
    )


def rebuild(game: Game, seed: int, actions: list[int]) -> State:
    """The state after ``actions`` (ids) from ``seed``, keeping the RNG in step.

    At chance nodes the RNG is drawn as in the original game, so the rebuilt
    state is identical to the original, RNG included (what undo relies on).
    """
    state = game.new_initial_state(seed)
    for _ in _walk(state, actions):
        pass
    return state


def _walk(state: State, actions: list[int]) -> Iterator[int]:
    """Apply ``actions`` to ``state`` one by one, yielding each just before it is
    applied (so callers can read the position it was played in). Chance nodes
    draw from the RNG as the original game did, keeping it in step."""
    for i, a in enumerate(actions):
        if state.current_player() == CHANCE and state.sample_chance() != a:
            raise RecordError(msg("core.record.chance-differs", i=i))
        yield a
        state.apply_legal_action(a)


def record_of(
    state: State,
    seed: int,
    players: list[str] | None = None,
    forfeit: dict[str, Any] | None = None,
) -> Record:
    """The record of ``state``'s game so far, rebuilt from its history."""
    game = state.game
    replay_state = game.new_initial_state(seed)
    notation = [replay_state.action_to_string(a) for a in _walk(replay_state, state.history)]
    finished = state.is_terminal() or forfeit is not None
    return Record(
        game=game.name,
        options=dict(game.options),
        seed=seed,
        actions=notation,
        result=result_of(state, forfeit) if finished else None,
        players=list(players or []),
        forfeit=forfeit,
    )


MAX_KEY = 100


def is_outcome_data(value: Any, depth: int = 0) -> bool:
    """A stored outcome: a sentence (older records), or message data that
    :meth:`Msg.from_json` reads (a short key, arguments of JSON values)."""
    if isinstance(value, str):
        return True
    if not isinstance(value, dict) or set(value) != {"key", "args"} or depth > 4:
        return False
    key, args = value["key"], value["args"]
    return (
        isinstance(key, str)
        and 0 < len(key) <= MAX_KEY
        and isinstance(args, dict)
        and all(_is_arg(v, depth) for v in args.values())
    )


def _is_arg(v: Any, depth: int) -> bool:
    if v is None or isinstance(v, bool | int | float | str):
        return True
    if isinstance(v, list):
        return all(_is_arg(x, depth + 1) for x in v)
    if isinstance(v, dict) and set(v) == {"$msg"}:
        return is_outcome_data(v["$msg"], depth + 1)
    return False


def record_to_json(record: Record) -> str:
    doc: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": record.game,
        "options": record.options,
        "seed": record.seed,
        "players": record.players,
        "actions": record.actions,
        "result": record.result,
    }
    if record.forfeit is not None:
        doc["forfeit"] = record.forfeit
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


def record_from_json(text: str, source: str = "record") -> Record:
    """Parse and validate a record's structure (not yet its moves)."""
    return record_from_doc(parse_json(text, source, RecordError), source)


def record_from_doc(doc: Any, source: str = "record") -> Record:
    """Validate a parsed record document; the first bad field is named."""
    if not isinstance(doc, dict):
        raise RecordError(msg("core.save.not-object", path=source))

    def need(key: str, kind: type | tuple[type, ...], what: str) -> Any:
        if key not in doc:
            raise RecordError(msg("core.record.missing", path=source, field=repr(key)))
        value = doc[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise RecordError(
                msg(
                    "core.record.field-type",
                    path=source,
                    field=repr(key),
                    what=msg(f"core.record.kind.{what}"),
                    got=shorten(repr(value)),
                )
            )
        return value

    if doc.get("format") != FORMAT:
        raise RecordError(
            msg("core.record.format", path=source, got=shorten(repr(doc.get("format"))))
        )
    version = need("version", int, "integer")
    if version != VERSION:
        raise RecordError(msg("core.record.version", path=source, version=version, reads=VERSION))
    game = need("game", str, "game-name")
    options = need("options", dict, "object")
    for key, value in options.items():
        if isinstance(value, bool | str) or (
            isinstance(value, int | float) and abs(value) <= MAX_NUMBER
        ):
            continue
        raise RecordError(
            msg(
                "core.record.option-value",
                path=source,
                option=shorten(key),
                got=shorten(repr(value)),
            )
        )
    seed = need("seed", int, "integer")
    if not 0 <= seed < 2**63:
        raise RecordError(msg("core.record.seed-range", path=source, got=shorten(str(seed))))
    actions = need("actions", list, "strings")
    if len(actions) > MAX_ACTIONS:
        raise RecordError(msg("core.record.too-many", path=source, n=str(MAX_ACTIONS)))
    for i, a in enumerate(actions):
        if not isinstance(a, str) or len(a) > MAX_ACTION_TEXT:
            raise RecordError(
                msg(
                    "core.record.action-text",
                    path=source,
                    i=i,
                    n=MAX_ACTION_TEXT,
                    got=shorten(repr(a)),
                )
            )
    players = doc.get("players", [])
    if (
        not isinstance(players, list)
        or len(players) > 16
        or not all(isinstance(p, str) and len(p) <= MAX_ACTION_TEXT for p in players)
    ):
        raise RecordError(msg("core.record.players", path=source))
    result = doc.get("result")
    if result is not None:
        if not isinstance(result, dict):
            raise RecordError(msg("core.record.result-type", path=source))
        for key in ("returns", "scores"):
            v = result.get(key)
            if not isinstance(v, list) or len(v) > 16:
                raise RecordError(msg("core.record.result-list", path=source, field=key))
            for k, x in enumerate(v):
                finite(x, f"{source}: result.{key}[{k}]", MAX_NUMBER, RecordError)
        if not is_outcome_data(result.get("outcome", "")):
            raise RecordError(msg("core.record.outcome-type", path=source))
    forfeit = doc.get("forfeit")
    if forfeit is not None and (
        not isinstance(forfeit, dict)
        or not isinstance(forfeit.get("player"), int)
        or isinstance(forfeit.get("player"), bool)
        or not 0 <= forfeit["player"] < 16
    ):
        raise RecordError(msg("core.record.forfeit", path=source))
    unknown = set(doc) - {
        "format",
        "version",
        "game",
        "options",
        "seed",
        "players",
        "actions",
        "result",
        "forfeit",
    }
    if unknown:
        fields = shorten(", ".join(sorted(unknown)))
        raise RecordError(msg("core.record.unknown-fields", path=source, fields=fields))
    return Record(game, options, seed, actions, result, players, forfeit)


def load_record(path: str | Path) -> Record:
    return record_from_doc(read_json(path, msg("core.file.what.record"), RecordError), str(path))


def save_record(path: str | Path, record: Record) -> None:
    p = Path(path)
    tmp = p.with_name(p.name + ".tmp")
    tmp.write_text(record_to_json(record), "utf-8")
    tmp.replace(p)


def game_of(record: Record) -> Game:
    """The record's game with its options; data files only by content hash (a shared
    record must not make us read a local path: ``core.datafile``)."""
    try:
        datafiles = {o.name for o in game_class(record.game).info.options if o.datafile}
    except SolotableError as e:
        raise RecordError(msg("core.record.game", reason=e.message)) from e
    refuse_paths(datafiles, record.options, "record")
    try:
        return load_game(record.game, **record.options)
    except SolotableError as e:
        raise RecordError(msg("core.record.game", reason=e.message)) from e


def replay(record: Record, *, upto: int | None = None, check_result: bool = True) -> State:
    """Re-play the record and return the final state; the first mismatch raises.

    Every action is parsed and checked for legality; chance outcomes must be
    those the seed produces; the stored result must equal the recomputed one.
    """
    game = game_of(record)
    state = game.new_initial_state(record.seed)
    actions = record.actions if upto is None else record.actions[:upto]
    for i, text in enumerate(actions):
        if state.is_terminal():
            raise RecordError(msg("core.record.already-over", i=i, text=repr(text)))
        try:
            if state.current_player() == CHANCE:
                expected = state.sample_chance()
                got = state.string_to_action(text)
                if got != expected:
                    raise RecordError(
                        msg(
                            "core.record.chance-seed",
                            i=i,
                            text=repr(text),
                            expected=repr(state.action_to_string(expected)),
                        )
                    )
                state.apply_action(got)
            else:
                state.apply_action(state.parse_move(text))
        except RecordError:
            raise
        except SolotableError as e:
            raise RecordError(
                msg("core.record.action-error", i=i, text=repr(text), reason=e.message)
            ) from e
    if upto is None and check_result and record.result is not None:
        if record.forfeit is None and not state.is_terminal():
            raise RecordError(msg("core.record.unfinished-result"))
        expected_result = result_of(state, record.forfeit)
        for key in ("returns", "scores"):
            a, b = record.result.get(key), expected_result[key]
            if (
                not isinstance(a, list)
                or len(a) != len(b)
                or any(not math.isclose(x, y, abs_tol=1e-9) for x, y in zip(a, b, strict=True))
            ):
                raise RecordError(
                    msg("core.record.result-differs", field=key, record=str(a), replay=str(b))
                )
    return state
