"""``solotable simulate``: many games between agents, summarised as they finish.

Kept out of ``main`` so that it stays small. The run itself (journal, records,
stop and resume) is ``sim.run``; this is only its command line.
"""

from __future__ import annotations

import json
import shlex
import signal
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from solotable.cli.metrics import register as register_metrics
from solotable.cli.paths import check_output_dir, check_results_file
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
from solotable.cli.summary import mark_research, print_summary
from solotable.core.datafile import refuse_paths
from solotable.core.errors import UnknownNameError
from solotable.core.game import Game
from solotable.core.registry import game_class, load_game, names_plugin
from solotable.sim.run import RunFolder, RunSpec


def check_resumed_agents(
    resume: Path,
    spec: RunSpec,
    game: Game,
    agents: str | None,
    agent_specs: Callable[[Game, str], list[str]],
) -> None:
    """The run folder's agents, checked before any is built: the manifest is a file, so
    a plug-in it names (``module:Class``, nested ones too) is imported only when the
    player names the run's agents again with ``--agents`` (anything else there is refused:
    a resumed run keeps its settings)."""
    if agents is not None:
        if agent_specs(game, agents) != spec.agents:
            raise UnknownNameError(
                f"--resume {resume}: --agents must repeat the run's agents exactly "
                f"({shlex.quote(','.join(spec.agents))}), or be dropped"
            )
        return
    plugins = [a for a in spec.agents if names_plugin(a, game)]
    if plugins:
        raise UnknownNameError(
            f"--resume {resume}: the run plays the plug-in agent {plugins[0]!r}, which is "
            "imported only when you name it; if you trust it, add "
            f"--agents {shlex.quote(','.join(spec.agents))}"
        )
    if agent_specs(game, ",".join(spec.agents)) != spec.agents:
        raise UnknownNameError(
            f"--resume {resume}: damaged run manifest (agents: {len(spec.agents)} for "
            f"{game.num_players()} seats)"
        )


def register(
    app: typer.Typer,
    console: Console,
    err_console: Console,
    load: Callable[[str, list[str] | None], Game],
    agent_specs: Callable[[Game, str], list[str]],
) -> None:
    """Add ``simulate`` and ``metrics`` (the same runs, printed as game metrics) to the CLI."""
    register_metrics(app, console, err_console, load, agent_specs)

    @app.command()
    def simulate(
        game: Annotated[str | None, typer.Argument(help="Game name (omit with --resume).")] = None,
        agents: Annotated[
            str | None, typer.Option(help="Agent(s), comma-separated: A[,B] (default: random).")
        ] = None,
        games: Annotated[
            int | None, typer.Option("--games", "-n", min=1, max=10**9, help="Games (default 100).")
        ] = None,
        seed: Annotated[
            int | None,
            typer.Option(min=0, max=2**63 - 1, help="Seed of the whole run (default 0)."),
        ] = None,
        jobs: JobsOption = None,
        backend: BackendOption = "local",
        address: AddressOption = None,
        settings: SetOption = None,
        records: Annotated[
            Path | None,
            typer.Option(help="Write one record per game here, as games finish (resumable)."),
        ] = None,
        resume: Annotated[
            Path | None,
            typer.Option(help="Continue a stopped run in this --records folder (its settings)."),
        ] = None,
        time_budget: Annotated[
            float | None, typer.Option("--time", help="Seconds per move for search agents.")
        ] = None,
        as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
        out: Annotated[
            Path | None,
            typer.Option(help="Also write one row per game to this .csv or .parquet file."),
        ] = None,
        force: ForceOption = False,
    ) -> None:
        """Play many games between agents and summarise the results.

        Games are summarised as they finish (flat memory); with --records every finished
        game is kept at once, Ctrl-C or SIGTERM prints the summary of the games done, and
        --resume DIR plays only the missing games.
        """
        check_backend(backend, address, jobs)
        if time_budget is not None and not 0 < time_budget <= 86_400:
            raise UnknownNameError(f"--time: expected seconds in (0, 86400], got {time_budget}")
        if out is not None:
            out = check_results_file(out, force=force)
        folder: RunFolder | None = None
        if resume is not None:
            given = [
                n
                for n, v in (
                    ("--games", games),
                    ("--seed", seed),
                    ("--set", settings),
                    ("--records", records),
                    ("--time", time_budget),
                )
                if v
            ]
            if given:
                raise UnknownNameError(
                    f"--resume takes the run's settings from its folder: drop {', '.join(given)}"
                )
            folder = RunFolder.open(check_output_dir(resume, "--resume"))
            spec = folder.spec
            if game is not None and game != spec.game:
                raise UnknownNameError(f"--resume {resume}: that run is of {spec.game}, not {game}")
            refuse_paths(
                {o.name for o in game_class(spec.game).info.options if o.datafile},
                spec.options,
                f"--resume {resume}",
            )
            g = load_game(spec.game, **spec.options)
            add_current_folder_for(agents)  # only what the player typed again, never the file's
            check_resumed_agents(resume, spec, g, agents, agent_specs)
        else:
            if game is None:
                raise UnknownNameError("simulate needs a GAME (or --resume DIR)")
            if records is not None:
                records = check_output_dir(records, "--records")
            g = load(game, settings)
            add_current_folder_for(agents)  # typed here, never read from a file
            specs = agent_specs(g, agents or "random")
            spec = RunSpec(g.name, dict(g.options), specs, games or 100, seed or 0, time_budget)
            if records is not None:
                folder = RunFolder.create(records, spec)
        start = time.perf_counter()
        outcome = run_with_bar(
            spec,
            g.num_players(),
            err_console,
            out,
            jobs=jobs,
            backend=backend,
            address=address,
            folder=folder,
        )
        summary = outcome.summary
        summary["options"] = dict(g.options)
        mark_research(summary, g, list(spec.agents))
        if as_json:
            print(json.dumps(summary, ensure_ascii=False))
        else:
            print_summary(console, summary, time.perf_counter() - start)
        if outcome.error is not None:
            raise outcome.error
        if outcome.stopped_by is not None:
            how = "Ctrl-C" if outcome.stopped_by == signal.SIGINT else "SIGTERM"
            kept = f"; continue with --resume {folder.path}" if folder is not None else ""
            err_console.print(
                f"stopped by {how}: partial summary of {outcome.done} of {outcome.planned} games"
                + escape(kept),
                soft_wrap=True,
            )
            raise typer.Exit(128 + int(outcome.stopped_by))
