"""``solotable metrics GAME``: what the play looks like — choices, forced moves, leads, length.

The games are played exactly as ``simulate`` plays them (``sim.run``, any backend); the
metrics come from the per-decision counts the runner keeps (``stats.metrics``), so a run
gives its game metrics, its summary and its results file in one pass. Registered by
``cli.simulate.register`` (the two commands share their options).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from solotable.cli.paths import check_results_file
from solotable.cli.plugins import add_current_folder_for
from solotable.cli.progress import run_with_bar
from solotable.cli.runopts import (
    AddressOption,
    BackendOption,
    ForceOption,
    JobsOption,
    SetOption,
    check_backend,
)
from solotable.core.game import Game
from solotable.sim.run import RunSpec
from solotable.stats.metrics import METRIC_ORDER, SHARES
from solotable.words import words
from solotable.words.shared.lab import metric_help, metric_label, metric_value


def metric_rows(game: str, metrics: dict[str, Any], lang: str | None = None) -> list[list[str]]:
    """(label, value [interval], description) for every metric the run gave, in order."""
    t = words(lang).shared
    return [
        [
            metric_label(t, key),
            metric_value(t, key, metrics[key], key in SHARES),
            metric_help(t, key),
        ]
        for key in METRIC_ORDER
        if key in metrics
    ]


def print_metrics(console: Console, doc: dict[str, Any], seconds: float) -> None:
    t = words().shared
    title = t._(
        "%(game)s: game metrics of %(games)s games (agents %(agents)s, seed %(seed)s, %(time)s s)",
        game=doc["game"],
        games=doc["games"],
        agents=", ".join(doc["agents"]),
        seed=doc["seed"],
        time=t.num(round(seconds, 1), 1),
    )
    table = Table(
        title=escape(title),
        caption=escape(t._("95% intervals; definitions and sources: docs/balance.md.")),
    )
    table.add_column(t._("metric"))
    table.add_column(t._("value"))
    table.add_column(t._("what it measures"))
    for row in metric_rows(doc["game"], doc["metrics"]):
        table.add_row(*(escape(c) for c in row))
    console.print(table)
    if doc.get("partial"):
        console.print(escape(t._("stopped early: the metrics of the games finished")))


def register(
    app: typer.Typer,
    console: Console,
    err_console: Console,
    load: Callable[[str, list[str] | None], Game],
    agent_specs: Callable[[Game, str], list[str]],
) -> None:
    """Add ``metrics`` to the CLI."""

    @app.command()
    def metrics(
        game: Annotated[str, typer.Argument(help="Game name.")],
        agents: Annotated[
            str | None, typer.Option(help="Agent(s), comma-separated: A[,B] (default: random).")
        ] = None,
        settings: SetOption = None,
        games: Annotated[int, typer.Option("--games", "-n", min=1, max=10**9, help="Games.")] = 200,
        seed: Annotated[int, typer.Option(min=0, max=2**63 - 1, help="Seed of the run.")] = 0,
        jobs: JobsOption = None,
        backend: BackendOption = "local",
        address: AddressOption = None,
        out: Annotated[
            Path | None,
            typer.Option(help="Also write one row per game to this .csv or .parquet file."),
        ] = None,
        force: ForceOption = False,
        as_json: Annotated[bool, typer.Option("--json", help="Print the metrics as JSON.")] = False,
    ) -> None:
        """Measure the play itself: legal moves per decision, forced moves, length, lead
        changes, drama, how early games are settled, draws, the first player's advantage."""
        check_backend(backend, address, jobs)
        if out is not None:
            out = check_results_file(out, force=force)
        g = load(game, settings)
        add_current_folder_for(agents)
        specs = agent_specs(g, agents or "random")
        spec = RunSpec(g.name, dict(g.options), specs, games, seed)
        start = time.perf_counter()
        outcome = run_with_bar(
            spec, g.num_players(), err_console, out, jobs=jobs, backend=backend, address=address
        )
        summary = outcome.summary
        doc = {
            "game": g.name,
            "options": dict(g.options),
            "agents": list(specs),
            "games": summary["games"],
            "seed": seed,
            "metrics": summary["metrics"],
        }
        if summary.get("partial"):
            doc["partial"] = True
        if as_json:
            print(json.dumps(doc, ensure_ascii=False))
        else:
            print_metrics(console, doc, time.perf_counter() - start)
        if outcome.error is not None:
            raise outcome.error
        if outcome.stopped_by is not None:
            raise typer.Exit(128 + int(outcome.stopped_by))


__all__ = ["metric_rows", "print_metrics", "register"]
