"""``solotable``: list games, read rules, play, simulate, replay.

Every user error (unknown game, bad option, malformed record…) is a
``SolotableError``; :func:`main` prints its message and exits with status 2
instead of showing a traceback.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn
from rich.table import Table

import solotable
from solotable.cli.session import PlaySession
from solotable.cli.summary import fmt_ci, print_summary
from solotable.core.errors import RecordError, SolotableError, UnknownNameError
from solotable.core.game import Game
from solotable.core.options import parse_assignments
from solotable.core.record import game_of, load_record, replay
from solotable.core.registry import agent_names, game_class, game_names, load_game, make_agent
from solotable.core.simulation import compare_variants, run_games, summarize
from solotable.web.cli import serve

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Play tabletop games alone — against their solo rules or an AI — and study them.",
)
console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)

SetOption = Annotated[
    list[str] | None,
    typer.Option("--set", "-s", help="Game option as key=value (repeatable); preset=NAME too."),
]


def _load(game: str, settings: list[str] | None) -> Game:
    return load_game(game, **parse_assignments(settings or []))


def _agent_specs(g: Game, agents: str) -> list[str]:
    """One agent spec per seat (a single agent plays every seat), checked up front."""
    specs = split_agents(agents)
    n = g.num_players()
    if n == 1 and len(specs) != 1:
        raise UnknownNameError(f"{g.name} is a solo game: give one agent, got {len(specs)}")
    if n > 1 and len(specs) == 1:
        specs = specs * n
    if n > 1 and len(specs) != n:
        raise UnknownNameError(f"{g.name} needs {n} agents, got {len(specs)}")
    for p, spec in enumerate(specs):
        make_agent(spec, g, p, 0)  # fail fast on a bad name, before any worker starts
    return specs


def split_agents(text: str) -> list[str]:
    """``"alphabeta:depth=2,solve=8,greedy"`` → ``["alphabeta:depth=2,solve=8", "greedy"]``.

    Commas separate agents and also an agent's parameters: a piece with ``=``
    but no ``:`` continues the previous agent's parameters.
    """
    specs: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        if "=" in piece and ":" not in piece and specs:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


@app.command()
def games(as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False) -> None:
    """List the games with a one-line summary."""
    rows: list[dict[str, Any]] = []
    for name in game_names():
        try:
            info = game_class(name).info
        except UnknownNameError as e:
            err_console.print(f"[yellow]skipped: {escape(str(e))}[/yellow]")
            continue
        rows.append(
            {
                "name": name,
                "title": info.title,
                "players": info.num_players,
                "summary": info.summary,
                "options": [o.name for o in info.options],
                "presets": sorted(info.presets),
                "agents": [n for n, _ in agent_names(name)],
            }
        )
    if as_json:
        print(json.dumps(rows, indent=1, ensure_ascii=False))
        return
    table = Table(title="solotable games")
    table.add_column("name", style="cyan")
    table.add_column("players")
    table.add_column("summary")
    table.add_column("agents", style="magenta")
    for r in rows:
        table.add_row(r["name"], str(r["players"]), r["summary"], ", ".join(r["agents"]))
    console.print(table)


@app.command()
def rules(
    game: Annotated[str, typer.Argument(help="Game name (see `solotable games`).")],
    assumptions: Annotated[
        bool, typer.Option("--assumptions", help="List every assumed value and its source.")
    ] = False,
) -> None:
    """Show a game's rules summary, or its assumptions."""
    g = load_game(game)
    if not assumptions:
        from rich.markdown import Markdown

        console.print(Markdown(g.rules_text()))
        opts = Table(title="options (--set key=value)")
        for col in ("option", "default", "valid", "meaning"):
            opts.add_column(col)
        for o in g.info.options:
            opts.add_row(o.name, repr(o.default), o.describe_valid(), o.help)
        console.print(opts)
        if g.info.presets:
            console.print(
                "presets: "
                + ", ".join(
                    f"[cyan]{k}[/cyan] ({', '.join(f'{a}={b}' for a, b in v.items())})"
                    for k, v in g.info.presets.items()
                )
            )
        return
    found = g.assumptions()
    console.print(f"[bold]{escape(g.info.title)}[/bold]: {len(found)} assumed values\n")
    for a in found:
        console.print(
            f"[cyan]{escape(a.key)}[/cyan] = [bold]{escape(a.value)}[/bold]  "
            f"[dim]({escape(a.confidence)} confidence)[/dim]"
        )
        console.print(f"    source: {escape(a.source)}")
        if a.note:
            console.print(f"    note: {escape(a.note)}")


def _choose_game() -> str:
    names = game_names()
    table = Table(title="choose a game")
    table.add_column("#")
    table.add_column("game", style="cyan")
    table.add_column("summary")
    for i, n in enumerate(names, 1):
        table.add_row(str(i), n, game_class(n).info.summary)
    console.print(table)
    while True:
        answer = console.input("game number or name (q to quit)> ").strip()
        if answer.lower() in ("q", "quit"):
            raise typer.Exit(0)
        if answer.isdigit() and 1 <= int(answer) <= len(names):
            return names[int(answer) - 1]
        if answer in names:
            return answer
        console.print(f"[red]unknown choice {escape(answer)!r}[/red]")


def _choose_level(game: Game) -> str:
    names = [n for n, _ in agent_names(game.name)]
    levels = list(game.info.ai_levels) or names
    default = game.info.default_agent
    while True:
        answer = console.input(f"opponent ({', '.join(levels)}; Enter for {default})> ").strip()
        if not answer:
            return default
        if answer in names:
            return answer
        console.print(f"[red]unknown opponent {escape(answer)!r}[/red]")


@app.command()
def play(
    game: Annotated[str | None, typer.Argument(help="Game name; omit to choose.")] = None,
    ai: Annotated[
        str | None,
        typer.Option(
            help="Opponent (2-player games) or autoplayer (solo games): a level "
            "(easy/medium/hard) or an agent name."
        ),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Random seed (default: from the clock).")] = None,
    settings: SetOption = None,
    seat: Annotated[int, typer.Option(help="Your seat in 2-player games (0 moves first).")] = 0,
    save: Annotated[Path | None, typer.Option(help="Save the game record here at the end.")] = None,
    load: Annotated[Path | None, typer.Option(help="Resume a saved game record.")] = None,
) -> None:
    """Play a game in the terminal."""
    resume = None
    if load is not None:
        resume = load_record(load)
        g = game_of(resume)
        seed = resume.seed
    else:
        chosen = game is None
        if game is None:
            game = _choose_game()
        g = _load(game, settings)
        if chosen and ai is None and g.num_players() > 1:
            ai = _choose_level(g)
    if seed is None:
        seed = int(time.time() * 1000) % 1_000_000_007
    n = g.num_players()
    opponents = {}
    if n == 1:
        humans = set() if ai else {0}
        if ai:
            opponents[0] = make_agent(ai, g, 0, seed)
    else:
        if not 0 <= seat < n:
            raise UnknownNameError(f"--seat must be between 0 and {n - 1}")
        humans = {seat}
        level = ai or g.info.default_agent
        for p in range(n):
            if p != seat:
                opponents[p] = make_agent(level, g, p, seed + p)
    clock = g.clock_seconds()
    clocks = [clock] * n if clock else None
    console.print(f"[bold]{escape(g.info.title)}[/bold] — seed {seed}. Type [cyan]help[/cyan].")
    session = PlaySession(
        g,
        seed,
        console,
        console.input,
        human_seats=humans,
        opponents=opponents,
        save_path=save,
        resume=resume,
        scorebook=None,
        clocks=clocks,
    )
    session.run()


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="Game name.")],
    agents: Annotated[str, typer.Option(help="Agent(s), comma-separated: A[,B].")] = "random",
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Number of games.")] = 100,
    seed: Annotated[int, typer.Option(help="Seed of the whole run.")] = 0,
    jobs: Annotated[int, typer.Option(min=1, help="Worker processes.")] = 1,
    settings: SetOption = None,
    records: Annotated[Path | None, typer.Option(help="Write one record per game here.")] = None,
    time_budget: Annotated[
        float | None, typer.Option("--time", help="Seconds per move for search agents.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
) -> None:
    """Play many games between agents and summarise the results."""
    g = _load(game, settings)
    specs = _agent_specs(g, agents)
    n = g.num_players()
    start = time.perf_counter()
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err_console,
        transient=True,
        disable=not sys.stderr.isatty(),
    ) as progress:
        task = progress.add_task(f"{game}", total=games)
        results = run_games(
            game,
            dict(g.options),
            specs,
            games,
            seed,
            jobs=jobs,
            time_budget=time_budget,
            records_dir=records,
            progress=lambda k: progress.advance(task, k),
        )
    summary = summarize(game, specs, seed, results, n)
    summary["options"] = dict(g.options)
    if as_json:
        print(json.dumps(summary, ensure_ascii=False))
    else:
        print_summary(console, summary, time.perf_counter() - start)


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
    games: Annotated[int, typer.Option("--games", "-n", min=2, help="Games per variant.")] = 200,
    seed: Annotated[int, typer.Option(help="Seed of every run (same games per variant).")] = 0,
    jobs: Annotated[int, typer.Option(min=1, help="Worker processes.")] = 1,
    time_budget: Annotated[
        float | None, typer.Option("--time", help="Seconds per move for search agents.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the comparison as JSON.")] = False,
) -> None:
    """Measure how variants change win rate and score (same seeds for every variant)."""
    option_sets = [_variant_options(v) for v in variant]
    if len(option_sets) == 1:
        option_sets.insert(0, {})
    loaded = [load_game(game, **o) for o in option_sets]  # validates every variant first
    specs = _agent_specs(loaded[0], agents)
    result = compare_variants(
        game,
        [dict(g.options) for g in loaded],
        specs,
        games,
        seed,
        jobs=jobs,
        time_budget=time_budget,
        num_players=loaded[0].num_players(),
    )
    for row, given in zip(result["variants"], option_sets, strict=True):
        row["given"] = given
    if as_json:
        print(json.dumps(result, ensure_ascii=False))
        return
    table = Table(title=f"{game}: {games} games per variant, agent {specs[0]} (95% intervals)")
    for col in ("variant", "win rate", "change", "mean score", "change"):
        table.add_column(col)
    for row in result["variants"]:
        label = ", ".join(f"{k}={v}" for k, v in row["given"].items()) or "defaults"
        entry = row["summary"]["agents"][0]
        rate = fmt_ci(entry["win_rate"], "rate", pct=True) if "win_rate" in entry else "—"
        table.add_row(
            escape(label),
            rate,
            _fmt_change(row.get("win_rate_change"), pct=True),
            fmt_ci(entry["mean_score"]),
            _fmt_change(row.get("mean_score_change")),
        )
    console.print(table)


def _variant_options(text: str) -> dict[str, str]:
    text = text.strip()
    if text in ("", "default", "defaults"):
        return {}
    return parse_assignments([p for p in text.split(",") if p.strip()])


def _fmt_change(entry: dict[str, Any] | None, pct: bool = False) -> str:
    if not entry or entry["diff"] is None:
        return "baseline" if entry is None else "—"
    k = 100.0 if pct else 1.0
    unit = " pts" if pct else ""
    lo, hi = entry["ci95"]
    return f"{k * entry['diff']:+.2f}{unit} [{k * lo:+.2f}, {k * hi:+.2f}]"


@app.command("replay")
def replay_cmd(
    file: Annotated[Path, typer.Argument(help="A game record (JSON).")],
    check: Annotated[bool, typer.Option(help="Only verify; exit 1 on the first mismatch.")] = False,
    step: Annotated[bool, typer.Option(help="Wait for Enter between moves.")] = False,
) -> None:
    """Step through a game record, or verify it."""
    record = load_record(file)
    if check:
        try:
            state = replay(record)
        except RecordError as e:
            console.print(f"[red]mismatch: {escape(str(e))}[/red]")
            raise typer.Exit(1) from None
        console.print(f"ok: {len(record.actions)} actions replayed; {escape(state.outcome())}")
        return
    g = game_of(record)
    state = g.new_initial_state(record.seed)
    viewer = 0
    for i, text in enumerate(record.actions):
        try:
            action = state.string_to_action(text)
            words = state.describe_action(action)
            state.apply_action(action)
        except SolotableError as e:
            console.print(f"[red]actions[{i}] {escape(text)!r}: {escape(str(e))}[/red]")
            raise typer.Exit(1) from None
        console.print(f"[dim]{i + 1:>4}[/dim] {escape(text):<14} {escape(words)}")
        if step:
            console.print(g.render(state.observation(viewer)))
            console.input("[dim]Enter for the next move[/dim]")
    console.print(g.render(state.observation(viewer)))
    if state.is_terminal():
        console.print(f"[bold]{escape(state.outcome())}[/bold]")


app.command("serve")(serve)  # the web table (solotable.web.cli)


def main(argv: list[str] | None = None) -> None:
    """Console entry point: user errors become a message and exit status 2."""
    try:
        app(args=argv)
    except SolotableError as e:
        err_console.print(f"[red]error:[/red] {escape(str(e))}")
        sys.exit(2)


__all__ = ["app", "main", "solotable"]
