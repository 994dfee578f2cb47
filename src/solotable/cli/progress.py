"""One progress bar for every long command (simulate, compare, sweep, review, report).

On stderr, and only when stderr is a terminal: piped output and ``--json`` stay clean,
and the bar disappears when the work is done (``transient``).
"""

from __future__ import annotations

import sys
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

from solotable.sim import run as simrun
from solotable.sim.results import RunContext, maybe_writer, result_row
from solotable.sim.run import RunFolder, RunOutcome, RunSpec


def progress_bar(err_console: Console) -> Progress:
    """A bar with a label, the count done of the total and the time taken."""
    return Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err_console,
        transient=True,
        disable=not sys.stderr.isatty(),
    )


def run_with_bar(
    spec: RunSpec,
    num_players: int,
    err_console: Console,
    out: Path | None,
    *,
    jobs: int | None,
    backend: str,
    address: str | None,
    folder: RunFolder | None = None,
) -> RunOutcome:
    """Play a run under the bar, streaming each game's row into ``--out`` when asked.

    ``simulate`` and ``metrics`` play their games this one way, so the bar, the results
    file and the run's settings cannot drift apart between them.
    """
    with progress_bar(err_console) as progress, maybe_writer(out, num_players) as writer:
        task = progress.add_task(escape(spec.game), total=spec.games)
        context = RunContext(spec.game, spec.options, spec.agents, spec.seed)
        return simrun.run(
            spec,
            num_players=num_players,
            jobs=jobs,
            folder=folder,
            progress=lambda k: progress.advance(task, k),
            backend=backend,
            address=address,
            on_result=None if writer is None else lambda r: writer.write(result_row(r, context)),
        )
