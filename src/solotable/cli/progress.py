"""One progress bar for every long command (simulate, compare, sweep, review, report).

On stderr, and only when stderr is a terminal: piped output and ``--json`` stay clean,
and the bar disappears when the work is done (``transient``).
"""

from __future__ import annotations

import sys

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn


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
