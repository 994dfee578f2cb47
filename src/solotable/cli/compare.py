"""``solotable compare`` and ``solotable sweep``: option sets or agents played on common seeds.

Both are a list of cells handed to ``sim.compare.compare_cells``, which pairs every
cell with the first game by game: option sets (``compare -v``, ``sweep``) or agents
(``compare --agents a,b[,c]`` without ``-v``, every game; a two-player game seats each
against ``--opponent``). ``compare --matrix`` plays every pair of agents of a two-player
game (``sim.matrix``). This module only parses the command line, checks everything
before the first game, and prints (``cli.compare_tables``).
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

from solotable.cli.compare_tables import precision_lines, print_comparison, print_matrix
from solotable.cli.paths import check_results_file, import_data_options
from solotable.cli.plugins import add_current_folder_for
from solotable.cli.progress import progress_bar
from solotable.cli.runopts import (
    AddressOption,
    BackendOption,
    ForceOption,
    JobsOption,
    check_backend,
)
from solotable.cli.summary import mark_research
from solotable.core.errors import UnknownNameError
from solotable.core.game import Game
from solotable.core.options import parse_assignments
from solotable.core.registry import RESEARCH_LABEL, is_research_spec, load_game
from solotable.sim.compare import Cell, compare_cells
from solotable.sim.matrix import agent_matrix, pair_cells
from solotable.sim.results import RunContext, maybe_writer, result_row

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
        min=0.0,
        max=1e9,  # finite: inf or nan is a usage error, not a comparison that never asks
        help="Half-width wanted for score changes; a wider interval says how many games.",
    ),
]
RatePrecision = Annotated[
    float,
    typer.Option(
        min=0.0,
        max=100.0,
        help="Half-width wanted for win-rate changes, in percentage points.",
    ),
]
AsJson = Annotated[bool, typer.Option("--json", help="Print the comparison as JSON.")]


@contextlib.contextmanager
def _progress(err_console: Console, total: int, label: str) -> Iterator[Callable[[], None]]:
    """A bar on stderr when it is a terminal (as ``simulate``); ``advance()`` per game."""
    with progress_bar(err_console) as bar:
        task = bar.add_task(escape(label), total=total)
        yield lambda: bar.advance(task, 1)


def _row_sink(
    writer: Any, contexts: list[RunContext], advance: Callable[[], None]
) -> Callable[[int, Any], None]:
    """What each finished game of cell ``k`` does: its row to the results file (when one is
    written) and one step of the progress bar — the same for the grid and the matrix."""

    def seen(k: int, r: Any) -> None:
        if writer is not None:
            writer.write(result_row(r, contexts[k]))
        advance()

    return seen


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
    """Play every cell (rows to ``out`` as games finish) and return the comparison. Rows of
    agent cells have no variant: their ``agents`` column tells them apart."""
    contexts = [
        RunContext(
            game.name, c.options, list(c.agents) or specs, seed, "" if c.agents else c.label, c.vary
        )
        for c in cells
    ]
    with (
        maybe_writer(out, game.num_players(), vary) as writer,
        _progress(err_console, games * len(cells), game.name) as advance,
    ):
        seen = _row_sink(writer, contexts, advance)

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
    every = list(dict.fromkeys([*specs, *(a for c in cells for a in c.agents)]))
    for row in result["variants"]:
        mark_research(row["summary"], game, every)
    seer = [s for s in every if is_research_spec(s, game)]
    if seer:
        result["research"] = dict.fromkeys(seer, RESEARCH_LABEL)
    return result


def _split(text: str) -> list[str]:
    """Agent specs from ``--agents``: commas separate agents and also an agent's parameters
    (a piece with ``=`` but no ``:`` continues the previous agent, as ``main.split_agents``)."""
    specs: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        if "=" in piece and ":" not in piece and specs:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


def _run_matrix(
    err_console: Console,
    game: Game,
    agents: list[str],
    games: int,
    seed: int,
    jobs: int | None,
    backend: str,
    address: str | None,
    time_budget: float | None,
    out: Path | None,
) -> dict[str, Any]:
    """Every pair of ``agents`` (rows to ``out`` as games finish), rated."""
    pairs = pair_cells(agents)
    contexts = [RunContext(game.name, game.options, [agents[i], agents[j]], seed) for i, j in pairs]
    with (
        maybe_writer(out, game.num_players()) as writer,
        _progress(err_console, games * len(pairs), game.name) as advance,
    ):
        seen = _row_sink(writer, contexts, advance)

        result = agent_matrix(
            game.name,
            dict(game.options),
            agents,
            games,
            seed,
            jobs=jobs,
            time_budget=time_budget,
            backend=backend,
            address=address,
            on_result=seen,
        )
    seer = [s for s in agents if is_research_spec(s, game)]
    if seer:
        result["research"] = dict.fromkeys(seer, RESEARCH_LABEL)
    return result


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
            list[str] | None,
            typer.Option(
                "--variant",
                "-v",
                help="An option set, e.g. 'preset=hard' or 'save_goal=8,eliminated_limit=4'; "
                "repeatable. 'default' is the game's defaults. The first is the baseline "
                "(defaults when only one is given). Without -v, the agents are compared.",
            ),
        ] = None,
        agents: Annotated[
            str,
            typer.Option(
                help="Agent(s), comma-separated. With -v: the players (A[,B]). Without: the "
                "agents to compare (a,b[,c]), the first the baseline."
            ),
        ] = "random",
        opponent: Annotated[
            str | None,
            typer.Option(
                help="Two-player games, comparing agents: the opponent each plays "
                "(default: the game's default agent)."
            ),
        ] = None,
        matrix: Annotated[
            bool,
            typer.Option(
                "--matrix", help="Two-player games: play every pair of the agents and rate them."
            ),
        ] = False,
        settings: Annotated[
            list[str] | None,
            typer.Option("--set", "-s", help="Game option for every cell, key=value (repeatable)."),
        ] = None,
        games: Games = 200,
        seed: Seed = 0,
        jobs: JobsOption = None,
        backend: BackendOption = "local",
        address: AddressOption = None,
        time_budget: TimeBudget = None,
        out: Out = None,
        force: ForceOption = False,
        precision: Precision = 1.0,
        rate_precision: RatePrecision = 2.0,
        as_json: AsJson = False,
    ) -> None:
        """Measure how variants, or agents, change win rate, score and the game's statistics:
        same seeds in every cell, paired differences from the first."""
        check_backend(backend, address, jobs)
        if variant:
            if matrix or opponent is not None or settings:
                raise UnknownNameError(
                    "compare: -v compares option sets; --matrix, --opponent and --set are for "
                    "comparing agents (drop -v)"
                )
            _compare_variants(
                game,
                variant,
                agents,
                games,
                seed,
                jobs,
                backend,
                address,
                time_budget,
                out,
                force,
                precision,
                rate_precision,
                as_json,
            )
            return
        fixed = import_data_options(game, parse_assignments(settings or []))
        g = load_game(game, **fixed)
        add_current_folder_for(agents)
        add_current_folder_for(opponent)
        tested = _split(agents)
        if len(tested) < 2:
            raise UnknownNameError(
                "compare needs option sets (-v default -v preset=hard) or two agents or more "
                "(--agents a,b)"
            )
        for a in tested:
            agent_specs(g, a)  # each checked before any game
        if out is not None:
            out = check_results_file(out, force=force)
        if matrix:
            if g.num_players() != 2:
                raise UnknownNameError(f"--matrix is for two-player games; {g.name} is not one")
            if opponent is not None:
                raise UnknownNameError("--matrix plays every pair: drop --opponent")
            result = _run_matrix(
                err_console, g, tested, games, seed, jobs, backend, address, time_budget, out
            )
            if as_json:
                print(json.dumps(result, ensure_ascii=False))
                return
            print_matrix(console, result)
            return
        against: list[str] = []
        if g.num_players() > 1:
            if g.num_players() != 2:
                raise UnknownNameError("comparing agents needs a solo or two-player game")
            against = [opponent or g.info.default_agent]
            agent_specs(g, against[0])
        elif opponent is not None:
            raise UnknownNameError(f"{g.name} is a solo game: --opponent has no seat to fill")
        cells = [Cell(a, dict(g.options), agents=(a, *against)) for a in tested]
        result = run_cells(
            err_console,
            g,
            cells,
            tested,
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
        if against:
            result["opponent"] = against[0]
        if as_json:
            print(json.dumps(result, ensure_ascii=False))
            return
        print_comparison(console, result, [])

    def _compare_variants(
        game: str,
        variant: list[str],
        agents: str,
        games: int,
        seed: int,
        jobs: int | None,
        backend: str,
        address: str | None,
        time_budget: float | None,
        out: Path | None,
        force: bool,
        precision: float,
        rate_precision: float,
        as_json: bool,
    ) -> None:
        given = [import_data_options(game, _variant_options(v)) for v in variant]
        if len(given) == 1:
            given.insert(0, {})
        loaded = [load_game(game, **o) for o in given]  # validates every variant first
        add_current_folder_for(agents)  # a command-line plug-in may live in the current folder
        specs = agent_specs(loaded[0], agents)
        if out is not None:
            out = check_results_file(out, force=force)
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
        force: ForceOption = False,
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
            out = check_results_file(out, force=force)
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


__all__ = ["parse_vary", "precision_lines", "print_comparison", "register", "run_cells"]
