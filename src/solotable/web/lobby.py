"""The lobby's forms and lists, built from each game's ``GameInfo`` and said by its words.

Option fields come from the game's ``OptionSpec``s, so a new option appears in the browser
without new HTML; what a player reads about it (label, one-line help, the values of a choice,
the presets and what they change) comes from ``solotable.words`` in the page's language, never
the option's key. Every field starts empty, meaning "the default or the preset's value": only
what the player changes is sent, because explicit values override a preset in
``resolve_options``.

A data-file option never asks for a path (the server must not read a file the player did not
import): it offers the game's own table and the files already imported into the data folder by
the command line (``core.datafile``), and says how to import another one.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import solotable
from solotable.core.datafile import HASH_PREFIX, datafiles_home, refuse_paths
from solotable.core.errors import OptionError, SolotableError, UnknownNameError
from solotable.core.game import GameInfo
from solotable.core.message import Msg, msg
from solotable.core.options import OptionSpec, OptionValue, resolve_options
from solotable.core.registry import agent_names, game_class
from solotable.core.untrusted import ascii_int, shorten
from solotable.session.playstats import ai_level, game_stats, settings_of
from solotable.session.session import Seat
from solotable.session.store import Store
from solotable.web.dates import said_day
from solotable.words import Words, words
from solotable.words.registry import N_
from solotable.words.shared.web import level_label

PLAYING = "playing"
STANDARD_HELP = N_("The game as its rules describe it.")
MAX_DATA_FILES = 30
"""Imported data files offered per option (the newest first)."""
DATA_NAME_KEYS = ("name", "title", "set")
"""Fields of a data file that name it (shown next to its date, as the file gives them)."""


# -- the new-game form -------------------------------------------------------------------------
def value_label(w: Words, game: str, spec: OptionSpec, value: Any) -> str:
    """One value of an option in words: a choice's label, yes/no, a number as people write it,
    the built-in or an imported data file."""
    if spec.datafile:
        if not value:
            return w._("built-in")
        return w._("imported file %(id)s", id=str(value).removeprefix(HASH_PREFIX)[:8])
    if spec.type is bool or isinstance(value, bool):
        said = w.choice_label(game, spec, value)
        return said if said != str(value) else w.shared.value(bool(value))
    if spec.choices is not None:
        return w.choice_label(game, spec, value)
    if isinstance(value, int | float):
        return w.shared.num(value)
    return str(value)


def option_field(
    game: str, spec: OptionSpec, w: Words, files: Sequence[tuple[str, str]] = ()
) -> dict[str, Any]:
    """How one option is asked: a select for choices, booleans and data files, else an input;
    with its label, help and how its default reads."""
    field: dict[str, Any] = {
        "name": spec.name,
        "label": w.option_label(game, spec),
        "help": w.option_help(game, spec),
        "advanced": spec.advanced or spec.datafile,
        "default": value_label(w, game, spec, spec.default),
    }
    if spec.datafile:
        field.update(widget="datafile", choices=list(files))
    elif spec.choices is not None:
        field.update(
            widget="select",
            choices=[(str(c), value_label(w, game, spec, c)) for c in spec.choices],
        )
    elif spec.type is bool:
        field.update(
            widget="select",
            choices=[(v, value_label(w, game, spec, v == "true")) for v in ("true", "false")],
        )
    elif spec.type in (int, float):
        field.update(
            widget="number",
            step="1" if spec.type is int else "any",
            min=spec.minimum,
            max=spec.maximum,
            placeholder=value_label(w, game, spec, spec.default),
        )
    else:
        field.update(widget="text", placeholder=str(spec.default))
    return field


def presets(name: str, info: GameInfo, w: Words) -> list[dict[str, str]]:
    """The presets in the game's order (easiest first), each once, with what it changes.

    The first entry (value ``""``) is the game as it comes: a preset that changes nothing is
    that entry under its own name, never a second one; two presets that set the same values
    are one entry."""
    defaults = resolve_options(info.options, {}, info.presets)
    specs = {s.name: s for s in info.options}
    seen = [defaults]
    first: dict[str, str] | None = None
    out: list[dict[str, str]] = []
    for preset in info.presets:
        try:
            values = resolve_options(info.options, {"preset": preset}, info.presets)
        except OptionError:
            continue
        label, help_ = w.preset_label(name, preset), w.preset_help(name, preset)
        if values == defaults:
            if first is None:
                first = {"value": "", "label": label, "help": help_ or w._(STANDARD_HELP)}
            continue
        if values in seen:
            continue
        seen.append(values)
        if not help_:
            help_ = _changes(w, name, specs, defaults, values)
        out.append({"value": preset, "label": label, "help": help_})
    if not out and first is None:
        return []
    if first is None:
        first = {"value": "", "label": w._("Standard rules"), "help": w._(STANDARD_HELP)}
    return [first, *out]


def _changes(
    w: Words,
    game: str,
    specs: Mapping[str, OptionSpec],
    before: Mapping[str, OptionValue],
    after: Mapping[str, OptionValue],
) -> str:
    """What a preset changes, from its values (for a preset its game says nothing about)."""
    parts = [
        w._(
            "%(option)s: %(value)s",
            option=w.option_label(game, specs[k]),
            value=value_label(w, game, specs[k], v),
        )
        for k, v in after.items()
        if before.get(k) != v and k in specs
    ]
    return w.shared.join(parts)


def game_entries(w: Words) -> list[dict[str, Any]]:
    """Every game that loads, with its lobby form; a broken one is listed with its error."""
    out: list[dict[str, Any]] = []
    for name in solotable.game_names():
        try:
            info: GameInfo = game_class(name).info
        except SolotableError as e:
            out.append({"name": name, "title": name, "error": w.error(e)})
            continue
        fields = [
            option_field(name, s, w, data_files(name, s, w) if s.datafile else ())
            for s in info.options
        ]
        out.append(
            {
                "name": name,
                "info": info,
                "title": w.game_title(name, info.title),
                "summary": w.game_summary(name, info.summary),
                "fields": [f for f in fields if not f["advanced"]],
                "advanced": [f for f in fields if f["advanced"]],
                "presets": presets(name, info, w),
                "levels": [(lv, level_label(w.shared, lv)) for lv in info.ai_levels],
                "default_level": info.default_agent,
                "seats": [(i, w.seat_name(name, i)) for i in range(info.num_players)],
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
        raise OptionError(msg("web.lobby.bad-seed", given=shorten(text)))
    return int(text)


# -- data files imported by the command line ---------------------------------------------------
def data_files(game: str, spec: OptionSpec, w: Words) -> list[tuple[str, str]]:
    """``(sha256: name, label)`` of the imported files this option accepts, newest first."""
    home = datafiles_home()
    try:
        found = sorted(home.glob("*.json"), key=_mtime, reverse=True)
    except OSError:
        return []
    out: list[tuple[str, str]] = []
    for path in found:
        if len(out) >= MAX_DATA_FILES:
            break
        digest = path.stem
        if len(digest) != 64 or not all(c in "0123456789abcdef" for c in digest):
            continue
        value = HASH_PREFIX + digest
        if not _accepted(game, spec.name, value, str(home)):
            continue
        when = said_day(_mtime(path), w)
        title = _data_name(path)
        label = (
            w._("%(name)s (imported %(date)s)", name=title, date=when)
            if title
            else w._("file imported %(date)s (%(id)s)", date=when, id=digest[:8])
        )
        out.append((value, label))
    return out


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


@lru_cache(maxsize=256)
def _accepted(game: str, option: str, value: str, home: str) -> bool:
    """Whether ``game`` starts with this imported file as ``option`` (a dice table offered
    for cards would be refused). Files are named by their content, so the answer keeps."""
    try:
        game_class(game)(**{option: value})
    except SolotableError:
        return False
    return True


@lru_cache(maxsize=256)
def _data_name(path: Path) -> str:
    """The name a data file gives itself, if any (user data, shown as it is; a file is named
    by its content, so the answer keeps)."""
    try:
        doc = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return ""
    if isinstance(doc, dict):
        for key in DATA_NAME_KEYS:
            value = doc.get(key)
            if isinstance(value, str) and value.strip():
                return shorten(value.strip())
    return ""


# -- starting a game ---------------------------------------------------------------------------
def _check_value(game: str, spec: OptionSpec, raw: str) -> None:
    """One option's value from the form, refused in the player's words (the option's label
    and what it takes), not core's sentence with the option's key.

    A browser names a data file by the content hash an earlier `--set` stored, never by a
    path: the page must not make the server read a file the player did not import."""
    try:
        if spec.datafile:
            refuse_paths({spec.name}, {spec.name: raw}, "the new-game form")
        else:
            spec.coerce(raw)
    except SolotableError:
        key = "web.lobby.data-file" if spec.datafile else "web.lobby.bad-value"
        raise OptionError(msg(key, game=game, option=spec.name, given=shorten(raw))) from None


def offered(game: str, agent: str) -> bool:
    """Whether the web table offers ``agent`` at ``game``'s table (the lobby, an imported
    file): one of the game's AI levels, or a registered player agent by its bare name —
    never a research agent (it sees hidden information) nor a ``module:Class`` spec a page
    could make the server import."""
    return agent in game_class(game).info.ai_levels or agent in dict(agent_names(game))


def parse_new_game(form: Mapping[str, str]) -> tuple[str, dict[str, Any], list[Seat]]:
    """The game, options and seats a lobby form asks for; OptionError if they are bad."""
    name = form.get("game", "")
    if name not in solotable.game_names():
        raise UnknownNameError(msg("web.unknown-game", name=shorten(name)))
    info = game_class(name).info
    options: dict[str, Any] = {}
    preset = form.get("preset", "")
    if preset:
        if preset not in info.presets:
            raise OptionError(msg("web.lobby.preset", given=shorten(preset)))
        options["preset"] = preset
    for spec in info.options:
        raw = form.get(f"opt.{spec.name}", "").strip()
        if raw:
            options[spec.name] = raw
            _check_value(name, spec, raw)
    n = info.num_players
    seat_text = form.get("seat", "0") or "0"
    try:
        seat = ascii_int(seat_text, "seat", 0, n - 1, OptionError)
    except OptionError:
        raise OptionError(msg("web.lobby.seat", last=n - 1, given=shorten(seat_text))) from None
    level = form.get("level", "") or info.default_agent
    if info.ai_levels and level not in info.ai_levels:
        levels = list(info.ai_levels)
        raise OptionError(msg("web.lobby.level", levels=levels, given=shorten(level)))
    if n > 1 and not offered(name, level):
        raise OptionError(msg("web.lobby.unknown-ai", given=shorten(level)))
    seats = [Seat(None) if i == seat else Seat(level) for i in range(n)]
    # Validate now so a bad option is reported on the lobby, not as a failed start.
    game_class(name)(**options)
    return name, options, seats


# -- games kept in the store -------------------------------------------------------------------
def settings(w: Words, game: str, options: Any, stats: Any = None) -> list[str]:
    """The settings a stored game was played with, as "label: value" for every option that
    differs from the game's default. A setting fixed during play (a faction drawn at random)
    is reported by the game's ``stats()`` under the option's name, and that value is shown."""
    try:
        info = game_class(game).info
    except SolotableError:
        return []
    given = dict(options) if isinstance(options, Mapping) else {}
    played = dict(stats) if isinstance(stats, Mapping) else {}
    out = []
    for spec in info.options:
        value = played.get(spec.name, given.get(spec.name, spec.default))
        if value == spec.default or (spec.datafile and not value):
            continue
        out.append(
            w._(
                "%(option)s: %(value)s",
                option=w.option_label(game, spec),
                value=value_label(w, game, spec, value),
            )
        )
    return out


def opponents(w: Words, seats: Any) -> str:
    """The AI seats of a stored game in words ("hard"), empty for a solo game."""
    if not isinstance(seats, list) or len(seats) < 2:
        return ""
    levels = [
        level_label(w.shared, str(s["agent"]))
        for s in seats
        if isinstance(s, Mapping) and s.get("agent")
    ]
    return w.shared.join(levels)


def _with_moves(store: Store, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``moves``: the players' moves so far (``ply`` also counts every deal and draw)."""
    counts = store.decisions([str(r["id"]) for r in rows])
    return [r | {"moves": counts.get(str(r["id"]), 0)} for r in rows]


def _title(w: Words, game: str) -> str:
    try:
        return w.game_title(game, game_class(game).info.title)
    except SolotableError:
        return game


STATUS = {
    "playing": N_("in play"),
    "finished": N_("finished"),
    "resigned": N_("resigned"),
    "forfeited": N_("lost by forfeit"),
}
"""A stored game's status in words (shown when it has no outcome)."""


def said_outcome(w: Words, outcome: Any, status: str) -> str:
    """How a game ended, in ``w``'s language: the outcome message said; an outcome kept as
    English text (by an older version) as it is in English, else the status in words."""
    if isinstance(outcome, Mapping | Msg):
        try:
            return w.say(outcome)
        except (KeyError, TypeError, ValueError, AttributeError):  # a damaged stored message
            outcome = ""
    if isinstance(outcome, str) and outcome and w.lang == "en":
        return str(outcome)
    return w._(STATUS.get(status, status)) if status in STATUS else ""


def _public_row(row: Mapping[str, Any], w: Words) -> dict[str, Any]:
    """The columns of a stored game a page may show (never the sealed seed), in words."""
    keep = ("id", "game", "status", "started", "updated", "ply", "won")
    out = {k: row.get(k) for k in keep}
    game = str(row.get("game", ""))
    result = row.get("result")
    outcome = result.get("outcome", "") if isinstance(result, Mapping) else ""
    status = str(row.get("status", ""))
    out["title"] = _title(w, game)
    out["outcome"] = said_outcome(w, outcome, status)
    out["score"] = w.shared.num(row["score"]) if isinstance(row.get("score"), int | float) else ""
    out["settings"] = settings(w, game, row.get("options"), row.get("stats"))
    out["opponents"] = opponents(w, row.get("seats"))
    out["level"] = ai_level(dict(row))
    out["lesson"] = bool(row.get("lesson"))  # a guided game: listed as one, never counted
    return out


def unfinished(store: Store, w: Words | None = None, limit: int = 20) -> list[dict[str, Any]]:
    """The games still in play, the one played last first, in ``w``'s words (English by
    default)."""
    rows = [r for r in store.history(limit=200) if r.get("status") == PLAYING]
    rows = sorted(rows, key=lambda r: float(r.get("updated") or 0), reverse=True)[:limit]
    return _with_moves(store, [_public_row(r, w or words("en")) for r in rows])


def finished(store: Store, w: Words | None = None, limit: int = 20) -> list[dict[str, Any]]:
    """The games that ended, newest first, in ``w``'s words (English by default)."""
    rows = [r for r in store.history(limit=200) if r.get("status") != PLAYING][:limit]
    return [_public_row(r, w or words("en")) for r in rows]


def best_scores(store: Store, w: Words | None = None) -> list[dict[str, Any]]:
    """Per game and settings: games, wins (None for a game without a win) and the best
    counted score, filed and counted exactly as ``solotable stats`` does
    (``session.playstats.game_stats``), in ``w``'s words."""
    w = w or words("en")
    out = []
    for name in solotable.game_names():
        rows = store.finished(name)
        doc = game_stats(rows)
        first: dict[str, dict[str, Any]] = {}
        for r in rows:
            first.setdefault(settings_of(r), r)
        for key, s in doc["by_settings"].items():
            row = first[key]
            best = s["best_score"]
            out.append(
                {
                    "game": name,
                    "key": key,
                    "title": _title(w, name),
                    "settings": settings(w, name, row.get("options"), row.get("stats")),
                    "opponents": opponents(w, row.get("seats")),
                    "games": s["games"],
                    "wins": s["wins"] if doc["has_win"] else None,
                    "score": w.shared.num(best) if best is not None else "",
                    "when": row.get("ended"),
                }
            )
    return out
