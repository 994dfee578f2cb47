"""``solotable history``, ``stats`` and ``export``: the player's games, from the store."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from solotable.cli.chooser import value_text
from solotable.cli.paths import check_output_file
from solotable.cli.session import Styled, styled
from solotable.core.errors import SolotableError
from solotable.core.record import outcome_message
from solotable.core.registry import game_class
from solotable.session.playstats import game_stats
from solotable.session.savefile import write_save
from solotable.session.session import GameSession
from solotable.session.store import Store
from solotable.words import Words, words
from solotable.words.registry import N_
from solotable.words.shared.advice import percent
from solotable.words.shared.session import level_name


def _seats(w: Words, row: dict[str, Any]) -> str:
    seats = row.get("seats") or []
    labels = [
        w._("you") if s.get("agent") is None else level_name(w.shared, str(s["agent"]))
        for s in seats
    ]
    # TRANSLATORS: between the seats of a game in the history ("you vs hard")
    return w.shared.pgettext("versus", " vs ").join(labels)


def _settings(w: Words, row: dict[str, Any]) -> str:
    """The options that differ from the defaults, by label and value in words."""
    try:
        specs = {o.name: o for o in game_class(row["game"]).info.options}
    except SolotableError:
        specs = {}
    changed = {
        k: v
        for k, v in (row.get("options") or {}).items()
        if k not in specs or specs[k].default != v
    }
    parts = []
    for k, v in sorted(changed.items()):
        spec = specs.get(k)
        if spec is None:
            parts.append(f"{k}={v}")
        else:
            label = w.option_label(row["game"], spec)
            parts.append(f"{label} = {value_text(w, row['game'], spec, v)}")
    return ", ".join(parts) or w._("defaults")


MAX_LIMIT = 1_000_000
"""The most games ``history -n`` lists: checked where it is parsed, so a count too large for
SQLite is a usage error, not an internal one."""

STATUS = {
    "finished": N_("finished"),
    "resigned": N_("resigned"),
    "forfeited": N_("forfeited"),
}


def _result(w: Words, row: dict[str, Any]) -> str:
    """How a listed game stands: unfinished at which move, or how it ended."""
    if row["status"] == "playing":
        return w._("unfinished (move %(ply)s)", ply=row["ply"])
    result = row.get("result") or {}
    said = w.say(outcome_message(result.get("outcome") or ""))
    return said or w._(STATUS.get(row["status"], row["status"]))


def history(
    console: Console,
    store: Store,
    game: str | None,
    limit: int,
    as_json: bool,
) -> None:
    w = words()
    rows = store.history(game, limit)
    if as_json:
        keep = ("id", "game", "options", "seats", "status", "started", "ended", "score", "won")
        english = words("en")
        docs = [
            {k: r.get(k) for k in keep}
            | {"outcome": _result(english, r), "lesson": bool(r.get("lesson"))}
            for r in rows
        ]
        print(json.dumps(docs, ensure_ascii=False))
        return
    if not rows:
        console.print(
            styled(w, "no games yet: start one with %(play)s", play=Styled("solotable play"))
        )
        return
    table = Table(title=w._("your games, newest first"))
    for col in (N_("id"), N_("date"), N_("game"), N_("settings"), N_("seats"), N_("result")):
        table.add_column(w._(col))
    table.add_column(w._("score"))
    for r in rows:
        date = time.strftime("%Y-%m-%d %H:%M", time.localtime(r["started"]))
        score = "" if r.get("score") is None else w.shared.num(r["score"])
        result = _result(w, r)
        if r.get("lesson"):  # a guided game: listed, but never in stats or best scores
            result = w._("lesson: %(result)s", result=result)
        table.add_row(
            r["id"][:8],
            date,
            escape(w.game_title(r["game"], r["game"])),
            escape(_settings(w, r)),
            escape(_seats(w, r)),
            escape(result),
            score,
        )
    console.print(table)


def _pct(w: Words, x: float | None) -> str:
    return "—" if x is None else percent(w.shared, x)


def _num(w: Words, x: float | None) -> str:
    return "—" if x is None else w.shared.num(x, 1)


def stats(console: Console, store: Store, game: str, as_json: bool) -> None:
    info = game_class(game).info  # an unknown name is an error, not "no games"
    w = words()
    doc = game_stats(store.finished(game))
    if as_json:
        print(json.dumps(doc, ensure_ascii=False))
        return
    title = w.game_title(game, info.title)
    if not doc["games"]:
        console.print(
            styled(w, "no finished games of %(game)s with you at the table yet", game=title)
        )
        return
    t = w.shared
    parts = [t.ngettext("%(n)s game", "%(n)s games", doc["games"])]
    if doc["win_rate"] is not None:
        parts.append(
            t.ngettext(
                "%(n)s won (%(rate)s)",
                "%(n)s won (%(rate)s)",
                doc["wins"],
                rate=_pct(w, doc["win_rate"]),
            )
        )
    parts.append(
        w._(
            "mean score %(mean)s, best %(best)s",
            mean=_num(w, doc["mean_score"]),
            best=_num(w, doc["best_score"]),
        )
    )
    if doc["win_rate"] is not None:
        parts.append(
            w._(
                "longest winning streak %(longest)s, current %(current)s",
                longest=doc["longest_streak"],
                current=doc["current_streak"],
            )
        )
    # TRANSLATORS: between the parts of a summary line ("3 games; mean score 40, best 52")
    summary = t.pgettext("parts separator", "; ").join(parts)
    console.print(styled(w, "%(game)s: %(summary)s", game=Styled(title, "bold"), summary=summary))
    wins = doc["win_rate"] is not None
    table = Table(title=w._("by settings and category"))
    columns = (
        (N_("group"), N_("games"), N_("win rate"), N_("mean"), N_("best"))
        if wins
        else (N_("group"), N_("games"), N_("mean"), N_("best"))
    )
    for col in columns:
        table.add_column(w._(col))
    for g in doc["by_settings"].values():
        table.add_row(escape(_group(w, game, g)), *_cells(w, g, wins))
    for key, groups in doc["by_category"].items():
        for value, g in groups.items():
            name = w._(
                "%(label)s: %(value)s",
                label=w.stat_label(game, key),
                value=w.stat_value(game, key, value),
            )
            table.add_row(escape(name), *_cells(w, g, wins))
    console.print(table)


def _group(w: Words, game: str, group: dict[str, Any]) -> str:
    """A settings group in words: the options that differ from the defaults."""
    return _settings(w, {"game": game, "options": group.get("options") or {}})


def _cells(w: Words, s: dict[str, Any], wins: bool) -> list[str]:
    cells = [str(s["games"])]
    if wins:
        cells.append(_pct(w, s["win_rate"]))
    return [*cells, _num(w, s["mean_score"]), _num(w, s["best_score"])]


def export(console: Console, store: Store, game_id: str, file: Path) -> None:
    path = check_output_file(file, "export file")
    session = GameSession.resume(store, store.find(game_id), agents=False)  # written, not played
    write_save(path, session)
    w = words()
    if session.is_over():
        line = w._("wrote the record of game %(id)s to %(file)s", id=session.id[:8], file=str(path))
    else:
        line = w._(
            "wrote the save of game %(id)s to %(file)s (unfinished: hidden cards sealed)",
            id=session.id[:8],
            file=str(path),
        )
    console.print(escape(line))


def register(app: typer.Typer, console: Console, open_store: Any) -> None:
    """Add the three commands to the CLI (kept here so ``main`` stays small)."""

    @app.command("history")
    def history_cmd(
        game: Annotated[str | None, typer.Argument(help="Only this game.")] = None,
        limit: Annotated[
            int, typer.Option("--limit", "-n", min=1, max=MAX_LIMIT, help="How many.")
        ] = 30,
        as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    ) -> None:
        """List your games: date, settings, seats, result and score."""
        if game is not None:
            game_class(game)
        history(console, open_store(), game, limit, as_json)

    @app.command("stats")
    def stats_cmd(
        game: Annotated[str, typer.Argument(help="Game name.")],
        as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    ) -> None:
        """Your record at a game: win rate, mean and best score, streaks, per setting."""
        stats(console, open_store(), game, as_json)

    @app.command("export")
    def export_cmd(
        game_id: Annotated[str, typer.Argument(help="A game id (or its start) from history.")],
        file: Annotated[Path, typer.Argument(help="Where to write the record.")],
    ) -> None:
        """Write a game's record (a sealed save if it is unfinished)."""
        export(console, open_store(), game_id, file)
