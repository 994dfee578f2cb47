"""The lobby's forms and lists, built from each game's ``GameInfo``.

Option fields come from the game's ``OptionSpec``s, so a new option appears in
the browser without new HTML. Every field starts empty, meaning "the default or
the preset's value": only what the player changes is sent, because explicit
values override a preset in ``resolve_options``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import solotable
from solotable.core.datafile import refuse_paths
from solotable.core.errors import OptionError, SolotableError, UnknownNameError
from solotable.core.game import GameInfo
from solotable.core.options import OptionSpec
from solotable.core.playstats import ai_level
from solotable.core.playstats import best_scores as filed_best_scores
from solotable.core.registry import agent_names, game_class
from solotable.core.session import Seat
from solotable.core.store import Store
from solotable.core.untrusted import ascii_int, shorten

PLAYING = "playing"


def option_field(spec: OptionSpec) -> dict[str, Any]:
    """How one option is asked: a select for choices and booleans, else an input."""
    field: dict[str, Any] = {
        "name": spec.name,
        "help": spec.help,
        "default": spec.default,
        "valid": spec.describe_valid(),
    }
    if spec.choices is not None:
        field.update(widget="select", choices=[str(c) for c in spec.choices])
    elif spec.type is bool:
        field.update(widget="select", choices=["true", "false"])
    elif spec.type in (int, float):
        field.update(
            widget="number",
            step="1" if spec.type is int else "any",
            min=spec.minimum,
            max=spec.maximum,
        )
    else:
        field.update(widget="text")
    return field


def game_entries() -> list[dict[str, Any]]:
    """Every game that loads, with its lobby form; a broken one is listed with its error."""
    out: list[dict[str, Any]] = []
    for name in solotable.game_names():
        try:
            info: GameInfo = game_class(name).info
        except SolotableError as e:
            out.append({"name": name, "error": str(e)})
            continue
        out.append(
            {
                "name": name,
                "info": info,
                "fields": [option_field(s) for s in info.options],
                "presets": sorted(info.presets),
                "levels": list(info.ai_levels),
                "default_level": info.default_agent,
            }
        )
    return out


MAX_SEED = 2**63
"""Seeds are what records keep (``core.record``: 0..2**63-1)."""


def parse_seed(form: Mapping[str, str]) -> int | None:
    """The deal a new-game form asks for (its ``seed`` field), or None for a fresh one.

    The same values as ``solotable play --seed`` and a record's seed: a whole number in
    0..2**63-1. A seed lets a player replay a deal, and the browser tests start every
    game from a known one, so a failure can be reproduced.
    """
    text = form.get("seed", "").strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit()) or len(text) > 19 or int(text) >= MAX_SEED:
        raise OptionError(f"seed must be a whole number from 0 to 2**63-1, not {text[:30]!r}")
    return int(text)


def parse_new_game(form: Mapping[str, str]) -> tuple[str, dict[str, Any], list[Seat]]:
    """The game, options and seats a lobby form asks for; OptionError if they are bad."""
    name = form.get("game", "")
    if name not in solotable.game_names():
        raise UnknownNameError(f"unknown game {shorten(name)!r}")
    info = game_class(name).info
    options: dict[str, Any] = {}
    preset = form.get("preset", "")
    if preset:
        options["preset"] = preset
    for spec in info.options:
        raw = form.get(f"opt.{spec.name}", "").strip()
        if raw:
            options[spec.name] = raw
    # A browser names a data file by the content hash an earlier `--set` stored, never by a
    # path: the page must not make the server read a file the player did not import.
    refuse_paths({s.name for s in info.options if s.datafile}, options, "the new-game form")
    n = info.num_players
    seat_text = form.get("seat", "0") or "0"
    try:
        seat = ascii_int(seat_text, "seat", 0, n - 1, OptionError)
    except OptionError:
        shown = shorten(seat_text)
        raise OptionError(f"seat must be between 0 and {n - 1}, not {shown!r}") from None
    level = form.get("level", "") or info.default_agent
    if info.ai_levels and level not in info.ai_levels:
        levels = ", ".join(info.ai_levels)
        raise OptionError(f"AI level must be one of {levels}, not {shorten(level)!r}")
    # Only a registered player agent by name: never a research agent (it sees hidden
    # information) nor a ``module:Class`` spec a page could make the server import.
    if n > 1 and level not in info.ai_levels and level not in dict(agent_names(name)):
        raise OptionError(f"unknown AI {shorten(level)!r}; choose one of the listed levels")
    seats = [Seat(None) if i == seat else Seat(level) for i in range(n)]
    # Validate now so a bad option is reported on the lobby, not as a failed start.
    game_class(name)(**options)
    return name, options, seats


def _public_row(row: Mapping[str, Any]) -> dict[str, Any]:
    """The columns of a stored game a page may show (never the sealed seed)."""
    keep = ("id", "game", "options", "status", "started", "updated", "ply", "score", "won")
    out = {k: row.get(k) for k in keep}
    result = row.get("result")
    out["outcome"] = result.get("outcome", "") if isinstance(result, Mapping) else ""
    out["level"] = ai_level(dict(row))
    return out


def _with_moves(store: Store, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``moves``: the players' moves so far (``ply`` also counts every deal and draw)."""
    counts = store.decisions([str(r["id"]) for r in rows])
    return [r | {"moves": counts.get(str(r["id"]), 0)} for r in rows]


def unfinished(store: Store, limit: int = 20) -> list[dict[str, Any]]:
    rows = [_public_row(r) for r in store.history(limit=200) if r.get("status") == PLAYING]
    return _with_moves(store, rows[:limit])


def finished(store: Store, limit: int = 20) -> list[dict[str, Any]]:
    return [_public_row(r) for r in store.history(limit=200) if r.get("status") != PLAYING][:limit]


def best_scores(store: Store) -> list[dict[str, Any]]:
    """Per game and settings: games, wins and the best counted score, filed and counted
    exactly as ``solotable stats`` does (``core.playstats``)."""
    return filed_best_scores((name, store.finished(name)) for name in solotable.game_names())
