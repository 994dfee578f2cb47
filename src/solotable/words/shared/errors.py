"""The errors a player meets, in words: options, names, files, saves and the store.

The core raises :class:`~solotable.core.errors.SolotableError`\\ s carrying messages (a key
and data: the option's key and game, the file, the reason as a code); these say them. An
option is named by its label in the player's language, and the value they typed is quoted
as typed. Registered on the core formatter (``words/core.py`` loads this module).

Left in English on purpose: what a designer meets (field-by-field validation of a record or
data file, plug-in import failures, ``SOLOTABLE_BUSY_TIMEOUT``), SQLite's and the JSON
parser's own details, and the operating system's words for rare file errors.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solotable.words.registry import N_, formatter_of
from solotable.words.shared import WORDS
from solotable.words.tr import Tr

# -- options ------------------------------------------------------------------------------


def option_label(t: Tr, game: str, key: str) -> str | None:
    """An option's label in the player's language (None when the game has no words for it)."""
    from solotable.words import words

    f = formatter_of(game) if game else None
    texts = f.options.get(key) if f is not None else None
    if texts is None:
        return None
    return words(t.lang).game(game)._(texts[0])


def option_name(t: Tr, game: str, key: str) -> str:
    """How an error names an option: its label, else ``option 'key'``."""
    label = option_label(t, game, key)
    return label if label is not None else t._("option '%(key)s'", key=key)


def _named(t: Tr, game: str, key: str) -> str:
    """An option in an error: its key (what ``--set`` and the API take) and its label."""
    if game and option_label(t, game, key) is not None:
        return _key_and_label(t, game, key)
    return option_name(t, game, key)


def _quoted(key: str) -> str:
    return key[1:-1] if len(key) > 1 and key[0] == key[-1] == "'" else key


@WORDS.message("option.bad-value")
def _bad_value(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "%(option)s: invalid value %(value)s; expected %(valid)s",
        option=_named(t, a.get("game", ""), a["option"]),
        value=a["value"],
        valid=a["valid"],
    )


@WORDS.message("option.check")
def _check(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "%(option)s: %(reason)s",
        option=_named(t, a.get("game", ""), a["option"]),
        reason=a["reason"],
    )


@WORDS.message("option.unknown")
def _unknown_option(t: Tr, a: Mapping[str, Any]) -> str:
    valid = list(a.get("valid") or [])
    if not valid:
        return t._("unknown option %(option)s: this game has no options", option=a["option"])
    game = a.get("game", "")
    named = [_key_and_label(t, game, k) for k in sorted(valid)]
    return t._(
        "unknown option %(option)s; valid options: %(valid)s",
        option=a["option"],
        valid=", ".join(named),
    )


def _key_and_label(t: Tr, game: str, key: str) -> str:
    label = option_label(t, game, key)
    return key if label is None else t._("%(key)s (%(label)s)", key=key, label=label)


@WORDS.message("option.unknown-preset")
def _unknown_preset(t: Tr, a: Mapping[str, Any]) -> str:
    from solotable.words import words

    valid = list(a.get("valid") or [])
    if not valid:
        return t._("unknown preset %(preset)s: this game has none", preset=a["preset"])
    game = a.get("game", "")
    w = words(t.lang)
    named = [
        p if not game or w.preset_label(game, p) == p else f"{p} ({w.preset_label(game, p)})"
        for p in valid
    ]
    return t._(
        "unknown preset %(preset)s; valid presets: %(valid)s",
        preset=a["preset"],
        valid=", ".join(named),
    )


WORDS.text("option.assignment", N_("expected key=value, got %(item)s"))
WORDS.text("option.valid.bool", N_("true or false"))
WORDS.text("option.valid.str", N_("text"))


@WORDS.message("option.valid.choices")
def _choices(t: Tr, a: Mapping[str, Any]) -> str:
    return t._("one of %(choices)s", choices=", ".join(repr(c) for c in a["choices"]))


def _number(t: Tr, a: Mapping[str, Any], whole: bool) -> str:
    lo, hi = a.get("minimum"), a.get("maximum")
    if lo is not None and hi is not None:
        if whole:
            return t._("a whole number from %(min)s to %(max)s", min=lo, max=hi)
        return t._("a number from %(min)s to %(max)s", min=lo, max=hi)
    if lo is not None:
        if whole:
            return t._("a whole number of at least %(min)s", min=lo)
        return t._("a number of at least %(min)s", min=lo)
    if hi is not None:
        if whole:
            return t._("a whole number of at most %(max)s", max=hi)
        return t._("a number of at most %(max)s", max=hi)
    return t._("a whole number") if whole else t._("a number")


WORDS.message("option.valid.int")(lambda t, a: _number(t, a, True))
WORDS.message("option.valid.float")(lambda t, a: _number(t, a, False))

# -- games and agents ---------------------------------------------------------------------


@WORDS.message("registry.unknown-game")
def _unknown_game(t: Tr, a: Mapping[str, Any]) -> str:
    known = ", ".join(a.get("known") or [])
    return t._("unknown game %(game)s; known games: %(known)s", game=a["game"], known=known)


@WORDS.message("registry.unknown-agent")
def _unknown_agent(t: Tr, a: Mapping[str, Any]) -> str:
    from solotable.words import words

    game = str(a.get("game", ""))
    return t._(
        "unknown agent %(agent)s for %(game)s; known agents: %(known)s",
        agent=a["agent"],
        game=words(t.lang).game_title(game, game),
        known=", ".join(a.get("known") or []),
    )


@WORDS.message("plugin.module")
def _plugin_module(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "agent %(agent)s names a Python module: plug-in agents are imported only when the "
        "player names them on the command line, never from a file or a form (agents for "
        "this game: %(known)s)",
        agent=a["agent"],
        known=", ".join(a.get("known") or []),
    )


WORDS.text(
    "plugin.not-an-agent",
    N_(
        "%(agent)s is neither an Agent subclass nor a factory: name a class derived from "
        "solotable.core.Agent, or a function f(game, player, seed, params) that returns one"
    ),
)
WORDS.text("registry.game-missing", N_("game '%(game)s' is not available (%(detail)s)"))
WORDS.text("registry.no-agent-name", N_("agent: expected a name, got %(got)s"))
WORDS.text(
    "registry.research",
    N_(
        "agent %(agent)s is a research agent (it sees hidden information): it runs only in "
        "simulate and compare, never as a player or a hint"
    ),
)

# -- files, saves and records ---------------------------------------------------------------

WORDS.text("file.what.save", N_("save"))
WORDS.text("file.what.record", N_("record"))
WORDS.text("file.nul", N_("%(what)s %(path)s: a file name cannot contain a NUL character"))
WORDS.text(
    "file.not-regular", N_("%(what)s %(path)s: not a regular file (a folder, device or pipe)")
)
WORDS.text("file.too-large", N_("%(what)s %(path)s: larger than %(mb)s MB"))
WORDS.text("file.unreadable", N_("%(what)s %(path)s: cannot read it (%(reason)s)"))
WORDS.text("file.not-utf8", N_("%(what)s %(path)s: cannot read it (not UTF-8 text at byte %(at)s)"))
WORDS.text("os.missing", N_("no such file"))
WORDS.text("os.denied", N_("permission denied"))
WORDS.text("os.folder", N_("it is a folder"))
WORDS.text("os.full", N_("the disk is full"))
WORDS.text("os.read-only", N_("the disk is read-only"))
WORDS.text("os.other", N_("%(text)s"))
WORDS.text("json.too-large", N_("%(source)s: larger than %(mb)s MB"))
WORDS.text(
    "json.invalid", N_("%(source)s: not valid JSON at line %(line)s column %(column)s: %(detail)s")
)
WORDS.text("json.deep", N_("%(source)s: nested deeper than %(levels)s levels"))
WORDS.text(
    "json.repeated-key",
    N_("%(source)s: the key %(name)s appears twice in one object (which value is meant?)"),
)
WORDS.text(
    "results.repeated-column",
    N_("%(path)s: the column %(column)s appears twice (which value is meant?)"),
)
WORDS.text("save.folder", N_("cannot save to %(path)s: give a file name, not a folder"))
WORDS.text("save.not-regular", N_("cannot save to %(path)s: not a regular file"))
WORDS.text("save.cannot-write", N_("cannot save to %(path)s: %(reason)s"))
WORDS.text("save.not-object", N_("%(path)s: the top level must be a JSON object"))
WORDS.text("save.version", N_("%(path)s: unsupported save version %(version)s"))
WORDS.text("save.invalid", N_("%(path)s: not a valid session save (%(detail)s)"))
WORDS.text("save.game", N_("save: %(reason)s"))
WORDS.text("record.game", N_("record: %(reason)s"))
WORDS.text("record.format", N_("%(path)s: field 'format' must be 'solotable-record', got %(got)s"))
WORDS.text(
    "record.version", N_("%(path)s: unsupported version %(version)s (this build reads %(reads)s)")
)
WORDS.text("record.missing", N_("%(path)s: missing field %(field)s"))
WORDS.text("record.field-type", N_("%(path)s: field %(field)s must be %(what)s, got %(got)s"))
WORDS.text("record.kind.integer", N_("an integer"))
WORDS.text("record.kind.game-name", N_("a game name"))
WORDS.text("record.kind.object", N_("an object"))
WORDS.text("record.kind.strings", N_("a list of strings"))
WORDS.text(
    "record.option-value",
    N_("%(path)s: options.%(option)s must be a string, number or true/false, got %(got)s"),
)
WORDS.text("record.seed-range", N_("%(path)s: field 'seed' must be in 0..2**63-1, got %(got)s"))
WORDS.text("record.too-many", N_("%(path)s: more than %(n)s actions"))
WORDS.text(
    "record.action-text",
    N_("%(path)s: actions[%(i)s] must be a string of at most %(n)s characters, got %(got)s"),
)
WORDS.text("record.players", N_("%(path)s: field 'players' must be a list of short strings"))
WORDS.text("record.result-type", N_("%(path)s: field 'result' must be an object or null"))
WORDS.text("record.result-list", N_("%(path)s: result.%(field)s must be a list of numbers"))
WORDS.text("record.outcome-type", N_("%(path)s: result.outcome must be a string or a message"))
WORDS.text(
    "record.forfeit", N_("%(path)s: field 'forfeit' must be an object with an integer 'player'")
)
WORDS.text("record.unknown-fields", N_("%(path)s: unknown field(s) %(fields)s"))
WORDS.text("record.chance-differs", N_("action %(i)s: chance outcome differs from the seed's"))
WORDS.text("record.already-over", N_("actions[%(i)s] %(text)s: the game was already over"))
WORDS.text(
    "record.chance-seed", N_("actions[%(i)s] %(text)s: the seed gives chance outcome %(expected)s")
)
WORDS.text("record.action-error", N_("actions[%(i)s] %(text)s: %(reason)s"))
WORDS.text(
    "record.unfinished-result",
    N_("the record has a result but its actions do not finish the game"),
)
WORDS.text(
    "record.result-differs", N_("result.%(field)s: record says %(record)s, replay gives %(replay)s")
)

WORDS.text("registry.agent-too-long", N_("agent %(agent)s: longer than %(n)s characters"))
WORDS.text(
    "registry.agent-bad-char", N_("agent %(agent)s: %(char)s is not allowed in an agent spec")
)
WORDS.text("registry.param-not-pair", N_("agent parameter %(param)s is not key=value"))
WORDS.text("registry.param-name", N_("agent parameter %(param)s is not a parameter name"))
WORDS.text(
    "registry.plugin-spec", N_("agent %(agent)s: expected module.path:ClassName[:key=value]")
)

# -- the store ----------------------------------------------------------------------------

WORDS.text("store.reason.disk-full", N_("the disk is full"))
WORDS.text("store.reason.read-only", N_("the data folder is read-only"))
WORDS.text("store.reason.busy", N_("the store is busy (another program holds it)"))
WORDS.text("store.reason.file-read-only", N_("the store file is read-only"))
WORDS.text("store.reason.closed", N_("the store is closed (solotable is shutting down)"))
WORDS.text("store.reason.damaged", N_("the store is damaged (%(detail)s)"))
WORDS.text("store.reason.other", N_("%(text)s"))

REMEDIES = {
    "core.store.reason.disk-full": N_("free some space and try again"),
    "core.store.reason.read-only": N_("make it writable and try again"),
    "core.store.reason.file-read-only": N_("make it writable and try again"),
    "core.store.reason.busy": N_("try again in a moment"),
}


def remedy(t: Tr, reason: Any) -> str:
    """What the player can do about a store fault (``core.store.reason.<code>``)."""
    key = reason.key if hasattr(reason, "key") else (reason or {}).get("key", "")
    return t._(REMEDIES.get(key, N_("try again")))


NOT_KEPT = {
    "move": N_("Your move was not kept because %(reason)s (%(remedy)s)"),
    "ai-move": N_("The AI's move was not kept because %(reason)s (%(remedy)s)"),
    "hint": N_("The hint was not kept because %(reason)s (%(remedy)s)"),
    "undo": N_("The undo was not kept because %(reason)s (%(remedy)s)"),
    "resignation": N_("The resignation was not kept because %(reason)s (%(remedy)s)"),
    "new-game": N_("The new game was not kept because %(reason)s (%(remedy)s)"),
    "loaded-game": N_("The loaded game was not kept because %(reason)s (%(remedy)s)"),
}
NOT_KEPT_ERROR = {
    "move": N_("Your move was not kept: %(error)s"),
    "ai-move": N_("The AI's move was not kept: %(error)s"),
    "hint": N_("The hint was not kept: %(error)s"),
    "undo": N_("The undo was not kept: %(error)s"),
    "resignation": N_("The resignation was not kept: %(error)s"),
    "new-game": N_("The new game was not kept: %(error)s"),
    "loaded-game": N_("The loaded game was not kept: %(error)s"),
}
MOVED_ON = {
    "move": N_(
        "this game was played in another window or terminal meanwhile, so your move was not "
        "played; here it is as saved there"
    ),
    "ai-move": N_(
        "this game was played in another window or terminal meanwhile, so the AI's move was "
        "not played; here it is as saved there"
    ),
    "hint": N_(
        "this game was played in another window or terminal meanwhile, so the hint was not "
        "given; here it is as saved there"
    ),
    "undo": N_(
        "this game was played in another window or terminal meanwhile, so the undo was not "
        "done; here it is as saved there"
    ),
    "resignation": N_(
        "this game was played in another window or terminal meanwhile, so the resignation was "
        "not kept; here it is as saved there"
    ),
}
MOVED_ON_ANY = N_(
    "this game was played in another window or terminal meanwhile; here it is as saved there"
)


@WORDS.message("store.not-kept")
def _not_kept(t: Tr, a: Mapping[str, Any]) -> str:
    template = NOT_KEPT.get(str(a.get("what")), NOT_KEPT["move"])
    return t._(template, reason=a["reason"], remedy=remedy(t, a["reason"]))


@WORDS.message("store.not-kept-because")
def _not_kept_because(t: Tr, a: Mapping[str, Any]) -> str:
    template = NOT_KEPT_ERROR.get(str(a.get("what")), NOT_KEPT_ERROR["move"])
    return t._(template, error=a["error"])


@WORDS.message("store.moved-on")
def _moved_on(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(MOVED_ON.get(str(a.get("what")), MOVED_ON_ANY))


WORDS.text("store.not-written", N_("the store %(path)s could not be written: %(reason)s"))
WORDS.text("store.no-folder", N_("cannot create the data folder %(path)s: %(reason)s"))
WORDS.text("store.cannot-open", N_("cannot open the store %(path)s: %(reason)s"))
WORDS.text("store.cannot-read", N_("cannot read the store %(path)s: %(reason)s"))
WORDS.text(
    "store.damaged-kept",
    N_("the store %(path)s is damaged (%(detail)s) and cannot be set aside: %(reason)s"),
)
WORDS.text(
    "store.set-aside",
    N_(
        "the store %(path)s was unreadable (%(detail)s); it was set aside as %(aside)s and a "
        "new one was started"
    ),
)
WORDS.text(
    "store.newer",
    N_(
        "the store %(path)s was written by a newer solotable (schema %(version)s); "
        "upgrade to open it"
    ),
)
WORDS.text(
    "store.unknown-version",
    N_(
        "the store %(path)s has a schema version solotable does not know (%(version)s); "
        "it was left as it is"
    ),
)
WORDS.text(
    "store.not-ours",
    N_(
        "%(path)s is not a solotable store (tables: %(tables)s); it was left as it is: move "
        "it away, or set SOLOTABLE_HOME to another folder"
    ),
)
WORDS.text(
    "store.not-a-file",
    N_("the store %(path)s is not a regular file (a folder, device or pipe); it was left as it is"),
)
WORDS.text("store.no-game", N_("no saved game with id '%(id)s'"))
WORDS.text("store.no-game-like", N_("no saved game with id '%(id)s' (see `solotable history`)"))
WORDS.text(
    "store.ambiguous-id", N_("more than one saved game with id '%(id)s' (see `solotable history`)")
)

# -- the command line ---------------------------------------------------------------------

WORDS.text("cli.bad-seat", N_("--seat must be between 0 and %(last)s"))
WORDS.text("cli.continue-alone", N_("--continue resumes the last game: give no GAME or --load"))
WORDS.text(
    "cli.nothing-to-continue", N_("no unfinished game to continue; start one with play GAME")
)
WORDS.text("cli.trust-plugin", N_("%(reason)s; if you trust it, resume with --ai %(ai)s"))
