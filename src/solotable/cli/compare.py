"""``solotable compare`` and ``solotable sweep``: option sets played on common seeds.

Both are a list of cells (option sets) handed to ``core.compare.compare_cells``,
which pairs every cell with the first game by game; this module only parses the
command line, checks everything before the first game, and prints the table.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator
from itertools import product
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from solotable.cli.paths import check_results_file, import_data_options
from solotable.cli.plugins import add_current_folder_for
from solotable.cli.progress import progress_bar
from solotable.cli.simulate import AddressOption, BackendOption, JobsOption, check_backend
from solotable.cli.summary import fmt_ci, mark_research
from solotable.core.compare import Cell, compare_cells
from solotable.core.errors import UnknownNameError
from solotable.core.game import Game
from solotable.core.options import parse_assignments
from solotable.core.registry import RESEARCH_LABEL, is_research_spec, load_game
from solotable.core.results import RunContext, maybe_writer, result_row

MAX_VARY = 2
AgentSpecs = Callable[[Game, str], list[str]]

Games = Annotated[int, typer.Option("--games", "-n", min=1, max=10**9, help="Games per cell.")]
Seed = Annotated[int, typer.Option(min=0, max=2**63 - 1, help="Seed (same games in every cell).")]
TimeBudget = Annotated[
    float | None, typer.Option("--time", help="Seconds per move for search agents.")
]
Out = Annotated[
    Path | None, typer.Option(help="Also write one row per game to this .csv or .parquet file.")
]
Precision = Annotated[
    float,
    typer.Option(
        min=0.0, help="Half-width wanted for score changes; a wider interval says how many games."
    ),
]
RatePrecision = Annotated[
    float,
    typer.Option(min=0.0, help="Half-width wanted for win-rate changes, in percentage points."),
]
AsJson = Annotated[bool, typer.Option("--json", help="Print the comparison as JSON.")]


@contextlib.contextmanager
def _progress(err_console: Console, total: int, label: str) -> Iterator[Callable[[], None]]:
    """A bar on stderr when it is a terminal (as ``simulate``); ``advance()`` per game."""
    with progress_bar(err_console) as bar:
        task = bar.add_task(escape(label), total=total)
        yield lambda: bar.advance(task, 1)


def run_cells(
    err_console: Console,
    game: Game,
    cells: list[Cell],
    specs: list[str],
    games: int,
    seed: int,
    *,
    jobs: int | None,
    backend: str,
    address: str | None,
    time_budget: float | None,
    precision: float,
    rate_precision: float,
    out: Path | None,
    vary: list[str],
) -> dict[str, Any]:
    """Play every cell (rows to ``out`` as games finish) and return the comparison."""
    contexts = [RunContext(game.name, c.options, specs, seed, c.label, c.vary) for c in cells]
    with (
        maybe_writer(out, game.num_players(), vary) as writer,
        _progress(err_console, games * len(cells), game.name) as advance,
    ):

        def seen(k: int, r: Any) -> None:
            if writer is not None:
                writer.write(result_row(r, contexts[k]))
            advance()

        result = compare_cells(
            game.name,
            cells,
            specs,
            games,
            seed,
            num_players=game.num_players(),
            jobs=jobs,
            backend=backend,
            address=address,
            time_budget=time_budget,
            precision={"win_rate": rate_precision / 100.0, "mean_score": precision},
            on_result=seen,
        )
    # Research agents (they see hidden information) may run here, never unlabelled.
    for row in result["variants"]:
        mark_research(row["summary"], game, specs)
    seer = [s for s in specs if is_research_spec(s, game)]
    if seer:
        result["research"] = dict.fromkeys(seer, RESEARCH_LABEL)
    return result


def _fmt_change(entry: dict[str, Any] | None, pct: bool = False) -> str:
    if entry is None:
        return "baseline"
    if entry["diff"] is None:
        return "—"
    k = 100.0 if pct else 1.0
    unit = " pts" if pct else ""
    lo, hi = entry["ci95"]
    if lo is None or entry.get("note"):
        note = entry.get("note", "n too small")
        return f"{k * entry['diff']:+.2f}{unit} ({note}, n={entry['n']})"
    mark = " *" if entry.get("significant") else ""
    return f"{k * entry['diff']:+.2f}{unit} [{k * lo:+.2f}, {k * hi:+.2f}]{mark}"


def print_comparison(console: Console, result: dict[str, Any], vary: list[str]) -> None:
    """One row per cell and subject; the changes are paired, to the first cell."""
    subjects = result["subjects"]
    title = (
        f"{result['game']}: {result['games']} games per cell, seed {result['seed']}, "
        f"agents {', '.join(result['agents'])} (95% intervals)"
    )
    if result.get("research"):
        title += f" [{RESEARCH_LABEL}: {', '.join(result['research'])}]"
    title = escape(title)
    table = Table(
        title=title,
        caption="Δ = paired change from the first row (same seeds, per-seed differences, "
        "Student t); * = the interval excludes 0",
    )
    for col in vary or ["variant"]:
        table.add_column(col)
    if len(subjects) > 1:
        table.add_column("who")
    for col in ("win rate", "Δ win rate", "mean score", "Δ score"):
        table.add_column(col)
    for cell in result["variants"]:
        first = True
        for s in cell["subjects"]:
            keys = [cell["vary"][v] for v in vary] if vary else [cell["label"]]
            row = [escape(x) if first else "" for x in keys]
            if len(subjects) > 1:
                row.append(escape(s["name"]))
            rate = fmt_ci(s["win_rate"], "rate", pct=True) if "win_rate" in s else "—"
            win_change = _fmt_change(s.get("win_rate_change"), pct=True) if "win_rate" in s else "—"
            score_change = _fmt_change(s.get("mean_score_change"))
            row += [rate, win_change, fmt_ci(s["mean_score"]), score_change]
            table.add_row(*row)
            first = False
    console.print(table)
    for line in precision_lines(result):
        console.print(line)


def precision_lines(result: dict[str, Any]) -> list[str]:
    """What pairing bought, and the games needed where an interval is wider than asked."""
    lines: list[str] = []
    for metric, what, k, unit in (
        ("win_rate", "win-rate", 100.0, " pts"),
        ("mean_score", "score", 1.0, ""),
    ):
        changes = [
            s[f"{metric}_change"]
            for cell in result["variants"]
            for s in cell["subjects"]
            if s.get(f"{metric}_change", {}).get("half_width") is not None
            and "note" not in s[f"{metric}_change"]
        ]
        if not changes:
            continue
        paired = max(c["half_width"] for c in changes)
        unpaired = [c["unpaired_half_width"] for c in changes if "unpaired_half_width" in c]
        text = f"{what} changes: paired half-width up to ±{k * paired:.2f}{unit}"
        if unpaired:
            text += f" (unpaired would be up to ±{k * max(unpaired):.2f}{unit})"
        lines.append(text)
        needed = [c["games_needed"] for c in changes if c.get("games_needed")]
        if needed:
            asked = next(k * c["precision"] for c in changes if "precision" in c)
            lines.append(
                f"  ≈{max(needed):,} games per variant needed for ±{asked:g}{unit} "
                f"on every {what} change (--{'rate-' if metric == 'win_rate' else ''}precision)"
            )
    return lines


def variant_label(given: dict[str, str]) -> str:
    return ",".join(f"{k}={v}" for k, v in given.items()) or "default"


def _variant_options(text: str) -> dict[str, str]:
    text = text.strip()
    if text in ("", "default", "defaults"):
        return {}
    return parse_assignments([p for p in text.split(",") if p.strip()])


def parse_vary(items: list[str]) -> dict[str, list[str]]:
    """``["preset=normal,hard"]`` → ``{"preset": ["normal", "hard"]}``; UnknownNameError
    for a malformed, repeated or third ``--vary``."""
    if not items:
        raise UnknownNameError("sweep needs --vary key=v1,v2,… (one or two of them)")
    if len(items) > MAX_VARY:
        raise UnknownNameError(
            f"sweep varies one or two options, got {len(items)} --vary (run several sweeps)"
        )
    grid: dict[str, list[str]] = {}
    for item in items:
        key, sep, values = item.partition("=")
        key = key.strip()
        vals = [v.strip() for v in values.split(",")]
        if not sep or not key or not all(vals):
            raise UnknownNameError(f"--vary {item!r}: expected key=v1,v2,… (no empty value)")
        if key in grid:
            raise UnknownNameError(f"--vary {key}: given twice; list its values in one --vary")
        if len(set(vals)) != len(vals):
            raise UnknownNameError(f"--vary {key}: a value is listed twice")
        grid[key] = vals
    return grid


def register(
    app: typer.Typer,
    console: Console,
    err_console: Console,
    load: Callable[[str, list[str] | None], Game],
    agent_specs: AgentSpecs,
) -> None:
    """Add ``compare`` and ``sweep`` to the CLI."""

    @app.command()
    def compare(
        game: Annotated[str, typer.Argument(help="Game name.")],
        variant: Annotated[
            list[str],
            typer.Option(
                "--variant",
                "-v",
                help="An option set, e.g. 'preset=hard' or 'save_goal=8,eliminated_limit=4'; "
                "repeatable. 'default' is the game's defaults. The first is the baseline "
                "(defaults when only one is given).",
            ),
        ],
        agents: Annotated[str, typer.Option(help="Agent(s), comma-separated: A[,B].")] = "random",
        games: Games = 200,
        seed: Seed = 0,
        jobs: JobsOption = None,
        backend: BackendOption = "local",
        address: AddressOption = None,
        time_budget: TimeBudget = None,
        out: Out = None,
        precision: Precision = 1.0,
        rate_precision: RatePrecision = 2.0,
        as_json: AsJson = False,
    ) -> None:
        """Measure how variants change win rate and score: same seeds for every variant,
        every agent, paired differences from the first variant."""
        check_backend(backend, address, jobs)
        given = [import_data_options(game, _variant_options(v)) for v in variant]
        if len(given) == 1:
            given.insert(0, {})
        loaded = [load_game(game, **o) for o in given]  # validates every variant first
        add_current_folder_for(agents)  # a command-line plug-in may live in the current folder
        specs = agent_specs(loaded[0], agents)
        if out is not None:
            out = check_results_file(out)
        cells = [
            Cell(variant_label(o), dict(g.options)) for o, g in zip(given, loaded, strict=True)
        ]
        result = run_cells(
            err_console,
            loaded[0],
            cells,
            specs,
            games,
            seed,
            jobs=jobs,
            backend=backend,
            address=address,
            time_budget=time_budget,
            precision=precision,
            rate_precision=rate_precision,
            out=out,
            vary=[],
        )
        for row, o in zip(result["variants"], given, strict=True):
            row["given"] = o
        if as_json:
            print(json.dumps(result, ensure_ascii=False))
            return
        print_comparison(console, result, [])

    @app.command()
    def sweep(
        game: Annotated[str, typer.Argument(help="Game name.")],
        vary: Annotated[
            list[str] | None,
            typer.Option(
                help="An option and its values, key=v1,v2,…; give one or two (a grid). "
                "The first cell is the baseline.",
            ),
        ] = None,
        agents: Annotated[
            str | None, typer.Option(help="Agent(s), comma-separated (default: random).")
        ] = None,
        settings: Annotated[
            list[str] | None,
            typer.Option("--set", "-s", help="Fixed game option as key=value (repeatable)."),
        ] = None,
        games: Games = 200,
        seed: Seed = 0,
        jobs: JobsOption = None,
        backend: BackendOption = "local",
        address: AddressOption = None,
        time_budget: TimeBudget = None,
        out: Out = None,
        precision: Precision = 1.0,
        rate_precision: RatePrecision = 2.0,
        as_json: AsJson = False,
    ) -> None:
        """Play a grid over one or two options' values on common seeds, each cell compared
        (paired) to the first."""
        check_backend(backend, address, jobs)
        grid = parse_vary(vary or [])
        fixed = parse_assignments(settings or [])
        both = sorted(set(fixed) & set(grid))
        if both:
            raise UnknownNameError(f"--set and --vary both give {', '.join(both)}")
        keys = list(grid)
        cells: list[Cell] = []
        first: Game | None = None
        for values in product(*(grid[k] for k in keys)):
            cell_vary = dict(zip(keys, values, strict=True))
            options = import_data_options(game, {**fixed, **cell_vary})
            g = load_game(game, **options)  # every value checked before any game
            first = first or g
            cells.append(Cell(variant_label(cell_vary), dict(g.options), cell_vary))
        assert first is not None
        add_current_folder_for(agents)
        specs = agent_specs(first, agents or "random")
        if out is not None:
            out = check_results_file(out)
        result = run_cells(
            err_console,
            first,
            cells,
            specs,
            games,
            seed,
            jobs=jobs,
            backend=backend,
            address=address,
            time_budget=time_budget,
            precision=precision,
            rate_precision=rate_precision,
            out=out,
            vary=keys,
        )
        result["vary"] = grid
        if as_json:
            print(json.dumps(result, ensure_ascii=False))
            return
        print_comparison(console, result, keys)


__all__ = ["parse_vary", "print_comparison", "register", "run_cells"]
