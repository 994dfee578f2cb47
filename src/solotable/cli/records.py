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

from solotable.cli.paths import check_output_file
from solotable.core.playstats import game_stats
from solotable.core.registry import game_class
from solotable.core.savefile import write_save
from solotable.core.session import GameSession
from solotable.core.store import Store


def _seats(row: dict[str, Any]) -> str:
    seats = row.get("seats") or []
    labels = ["you" if s.get("agent") is None else str(s["agent"]) for s in seats]
    return " vs ".join(labels) if len(labels) > 1 else (labels[0] if labels else "")


def _settings(row: dict[str, Any]) -> str:
    try:
        defaults = {o.name: o.default for o in game_class(row["game"]).info.options}
    except Exception:
        defaults = {}
    changed = {k: v for k, v in (row.get("options") or {}).items() if defaults.get(k) != v}
    return ", ".join(f"{k}={v}" for k, v in sorted(changed.items())) or "defaults"


def _result(row: dict[str, Any]) -> str:
    if row["status"] == "playing":
        return f"unfinished (ply {row['ply']})"
    result = row.get("result") or {}
    return str(result.get("outcome") or row["status"])


def history(
    console: Console,
    store: Store,
    game: str | None,
    limit: int,
    as_json: bool,
) -> None:
    rows = store.history(game, limit)
    if as_json:
        keep = ("id", "game", "options", "seats", "status", "started", "ended", "score", "won")
        docs = [{k: r.get(k) for k in keep} | {"outcome": _result(r)} for r in rows]
        print(json.dumps(docs, ensure_ascii=False))
        return
    if not rows:
        console.print("no games yet: start one with [cyan]solotable play[/cyan]")
        return
    table = Table(title="your games, newest first")
    for col in ("id", "date", "game", "settings", "seats", "result", "score"):
        table.add_column(col)
    for r in rows:
        date = time.strftime("%Y-%m-%d %H:%M", time.localtime(r["started"]))
        score = "" if r.get("score") is None else f"{r['score']:g}"
        table.add_row(
            r["id"][:8],
            date,
            r["game"],
            escape(_settings(r)),
            escape(_seats(r)),
            escape(_result(r)),
            score,
        )
    console.print(table)


def _pct(x: float | None) -> str:
    return "—" if x is None else f"{100 * x:.0f}%"


def _num(x: float | None) -> str:
    return "—" if x is None else f"{x:.1f}".removesuffix(".0")


def stats(console: Console, store: Store, game: str, as_json: bool) -> None:
    game_class(game)  # an unknown name is an error, not "no games"
    doc = game_stats(store.finished(game))
    if as_json:
        print(json.dumps(doc, ensure_ascii=False))
        return
    if not doc["games"]:
        console.print(f"no finished {game} games with you at the table yet")
        return
    console.print(
        f"[bold]{escape(game)}[/bold]: {doc['games']} games, {doc['wins']} won "
        f"({_pct(doc['win_rate'])}); mean score {_num(doc['mean_score'])}, "
        f"best {_num(doc['best_score'])}; longest winning streak {doc['longest_streak']}, "
        f"current {doc['current_streak']}"
    )
    table = Table(title="by settings and category")
    for col in ("group", "games", "win rate", "mean", "best"):
        table.add_column(col)
    for label, s in doc["by_settings"].items():
        table.add_row(
            escape(label),
            str(s["games"]),
            _pct(s["win_rate"]),
            _num(s["mean_score"]),
            _num(s["best_score"]),
        )
    for key, groups in doc["by_category"].items():
        for value, s in groups.items():
            table.add_row(
                escape(f"{key}: {value}"),
                str(s["games"]),
                _pct(s["win_rate"]),
                _num(s["mean_score"]),
                _num(s["best_score"]),
            )
    console.print(table)


def export(console: Console, store: Store, game_id: str, file: Path) -> None:
    path = check_output_file(file, "export file")
    session = GameSession.resume(store, store.find(game_id), agents=False)  # written, not played
    write_save(path, session)
    kind = "record" if session.is_over() else "save (unfinished: hidden cards sealed)"
    console.print(f"wrote the {kind} of game {session.id[:8]} to {escape(str(path))}")


def register(app: typer.Typer, console: Console, open_store: Any) -> None:
    """Add the three commands to the CLI (kept here so ``main`` stays small)."""

    @app.command("history")
    def history_cmd(
        game: Annotated[str | None, typer.Argument(help="Only this game.")] = None,
        limit: Annotated[int, typer.Option("--limit", "-n", min=1, help="How many.")] = 30,
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
