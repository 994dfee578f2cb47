"""``solotable``: list games, read rules, play, simulate, replay.

Every user error (unknown game, bad option, malformed record…) is a
``SolotableError``; :func:`main` prints its message and exits with status 2
instead of showing a traceback.
"""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

import solotable
from solotable.cli.agents import register as register_agents
from solotable.cli.chooser import (
    banner,
    choose_game,
    choose_level,
    choose_options,
    choose_seat,
    enable_completion,
    options_table,
    presets_table,
    seats_for,
)
from solotable.cli.compare import register as register_compare
from solotable.cli.helptext import SolotableGroup, install
from solotable.cli.paths import check_output_file, import_data_options
from solotable.cli.records import register as register_records
from solotable.cli.report import register as register_report
from solotable.cli.review import review
from solotable.cli.session import Styled, TerminalPlay, styled
from solotable.cli.simulate import register as register_simulate
from solotable.cli.usage import shows_help_only, usage_line, write_crash_log
from solotable.core.errors import (
    PluginRefusedError,
    RecordError,
    ReplayMismatchError,
    SolotableError,
    UnknownNameError,
)
from solotable.core.game import Game
from solotable.core.message import msg
from solotable.core.options import parse_assignments
from solotable.core.record import game_of, record_from_doc, replay
from solotable.core.registry import (
    agent_names,
    game_class,
    game_names,
    load_game,
    make_agent,
)
from solotable.core.untrusted import shorten
from solotable.session.savefile import is_session_save, load_session, read_save
from solotable.session.session import GameSession, Seat
from solotable.session.store import Store
from solotable.web.cli import serve
from solotable.words import LANGS, Words, choose_lang, words
from solotable.words.rules import translate_markdown

install()  # every --help through the catalog, in the command's language (cli.helptext)
app = typer.Typer(
    cls=SolotableGroup,
    no_args_is_help=True,
    help="Play tabletop games alone — against their solo rules or an AI — and study them.",
)
"""Shell completion is on: ``solotable --install-completion`` adds it to bash, zsh or fish."""
console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)


def _print_version(value: bool) -> None:
    """``--version`` answers and exits before any command runs (an eager option)."""
    if value:
        print(f"solotable {solotable.__version__}")
        raise typer.Exit()


def _set_lang(value: str | None) -> str | None:
    """``--lang fr``: the language of everything printed (``SOLOTABLE_LANG`` otherwise)."""
    if value is not None and value not in LANGS:
        raise typer.BadParameter(f"choose one of {', '.join(LANGS)}")
    choose_lang(value)  # None: this command has no --lang (forget an earlier one's)
    return value


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_print_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            callback=_set_lang,
            is_eager=True,
            help="Language of the game's words: en or fr (default: SOLOTABLE_LANG, else en).",
        ),
    ] = None,
) -> None:
    """Play tabletop games alone — against their solo rules or an AI — and study them."""


SetOption = Annotated[
    list[str] | None,
    typer.Option("--set", "-s", help="Game option as key=value (repeatable); preset=NAME too."),
]


def _load(game: str, settings: list[str] | None) -> Game:
    return load_game(game, **import_data_options(game, parse_assignments(settings or [])))


def _agent_specs(g: Game, agents: str) -> list[str]:
    """One agent spec per seat (a single agent plays every seat), checked up front.

    ``agents`` is what the player typed, so plug-ins (``module:Class``) may be named."""
    specs = split_agents(agents)
    n = g.num_players()
    if n == 1 and len(specs) != 1:
        raise UnknownNameError(f"{g.name} is a solo game: give one agent, got {len(specs)}")
    if n > 1 and len(specs) == 1:
        specs = specs * n
    if n > 1 and len(specs) != n:
        raise UnknownNameError(f"{g.name} needs {n} agents, got {len(specs)}")
    for p, spec in enumerate(specs):
        # Fail fast on a bad name, before any worker starts. simulate and compare are research
        # use: research agents may run there, and their output labels them (mark_research).
        make_agent(spec, g, p, 0, research=True, allow_plugins=True)
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
            err_console.print(
                "[yellow]" + styled(words(), "skipped: %(why)s", why=words().error(e)) + "[/yellow]"
            )
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
    w = words()
    table = Table(title=w._("solotable games"))
    table.add_column(w._("game"))
    table.add_column(w._("to type"), style="cyan")
    table.add_column(w._("players"))
    table.add_column(w._("summary"))
    table.add_column(w._("agents"), style="magenta")
    for r in rows:
        table.add_row(
            escape(w.game_title(r["name"], r["title"])),
            escape(r["name"]),
            str(r["players"]),
            escape(w.game_summary(r["name"], r["summary"])),
            escape(", ".join(r["agents"])),
        )
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

        w = words()
        console.print(Markdown(translate_markdown(g.rules_text(), g.name, w.lang)))
        if g.info.options:
            console.print(options_table(w, g.info))
            console.print(styled(w, "Set options with %(how)s.", how=Styled("--set key=value")))
        if g.info.presets:
            console.print(presets_table(w, g.info))
        return
    # The data files keep their assumptions in English; the values written in words and the
    # notes are said from the game's catalog (extracted from the files), the sources are
    # citations (file, section, source names) and are shown as they are.
    found = g.assumptions()
    w = words()
    title = w.game_title(g.name, g.info.title)
    head = w.shared.ngettext(
        "%(game)s: %(n)s assumed value", "%(game)s: %(n)s assumed values", len(found), game=title
    )
    console.print(f"[bold]{escape(head)}[/bold]\n")
    for a in found:
        level = _confidence(w).get(a.confidence, a.confidence)
        sure = w._("(confidence: %(confidence)s)", confidence=level)
        value = w.assumed_value(g.name, a.value)
        console.print(
            f"[cyan]{escape(a.key)}[/cyan] = [bold]{escape(value)}[/bold]  "
            f"[dim]{escape(sure)}[/dim]"
        )
        console.print("    " + escape(w._("source: %(source)s", source=a.source)))
        if a.note:
            note = w.assumption_note(g.name, a.note)
            console.print("    " + escape(w._("note: %(note)s", note=note)))


def _confidence(w: Words) -> dict[str, str]:
    """An assumption's confidence in words (another value is shown as the data file has it)."""
    t = w.shared
    return {
        "high": t.pgettext("confidence", "high"),
        "medium": t.pgettext("confidence", "medium"),
        "low": t.pgettext("confidence", "low"),
    }


def open_store() -> Store:
    store = Store()
    if store.warning_msg:
        err_console.print(f"[yellow]{escape(words().say(store.warning_msg))}[/yellow]")
    return store


@app.command()
def play(
    ctx: typer.Context,
    game: Annotated[str | None, typer.Argument(help="Game name; omit to choose.")] = None,
    ai: Annotated[
        str | None,
        typer.Option(
            help="Opponent (2-player games) or autoplayer (solo games): a level "
            "(easy/medium/hard/expert/master) or an agent name. With --load or --continue, names "
            "the game's plug-in agent (module:Class) again so that it may be imported.",
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            min=0,
            max=2**63 - 1,
            help="Random seed (default: from the OS's secure source).",
        ),
    ] = None,
    settings: SetOption = None,
    seat: Annotated[int, typer.Option(help="Your seat in 2-player games (0 moves first).")] = 0,
    save: Annotated[
        Path | None, typer.Option(help="Also keep the game in this file, after every move.")
    ] = None,
    load: Annotated[Path | None, typer.Option(help="Resume a saved game or record.")] = None,
    cont: Annotated[
        bool, typer.Option("--continue", help="Resume the last unfinished game.")
    ] = False,
) -> None:
    """Play a game in the terminal; every move is kept (see --continue, history)."""
    if save is not None:
        save = check_output_file(save, "--save")
    if cont and (load is not None or game is not None):
        raise UnknownNameError(msg("core.cli.continue-alone"))
    store = open_store()
    ctx.call_on_close(store.close)  # however play ends: folds the log back into solotable.db
    again: tuple[Seat, ...] | None = None
    # Only what the player typed may import a plug-in: a save or a stored game naming one
    # resumes when --ai names the same spec again.
    plugins = (ai,) if ai else ()
    while True:
        resumed = cont or load is not None
        if resumed:
            session = _resume(store, load, plugins)
        else:
            if game is None:
                game = choose_game(console)
                g = choose_options(console, game, rules)
                if g.num_players() > 1:
                    seat = choose_seat(console, g)
                    ai = choose_level(console, g)
            else:
                g = _load(game, settings)
            seats = list(again) if again is not None else seats_for(g, ai, seat)
            session = GameSession.start(
                g.name, g.options, seats, seed=seed, store=store, plugins=plugins
            )
        cont, load, seed = False, None, None
        banner(console, session, resumed)
        front = TerminalPlay(session, console, console.input, save_path=save)
        enable_completion(front)
        if session.is_over():  # a finished record: show how it ended
            front.draw()
            result = session.result()
            outcome = words().say(result.outcome_message) if result else ""
            console.print(f"[bold]{escape(outcome)}[/bold]")
            return
        choice = front.run()
        if choice == "quit":
            return
        if choice == "chooser":
            game, settings, ai, again = None, None, None, None
        else:
            game, again = session.game.name, session.seats
            settings = [f"{k}={v}" for k, v in session.game.options.items()]


def _resume(store: Store, load: Path | None, plugins: tuple[str, ...]) -> GameSession:
    """The game ``play --load FILE`` or ``play --continue`` resumes; a seat naming a plug-in
    that the player did not name again is one line saying what to add."""
    try:
        if load is not None:
            return load_session(load, store, plugins=plugins)
        last = store.last_unfinished()
        if last is None:
            raise UnknownNameError(msg("core.cli.nothing-to-continue"))
        return GameSession.resume(store, last, plugins=plugins)
    except PluginRefusedError as e:
        raise UnknownNameError(
            msg("core.cli.trust-plugin", reason=e.message, ai=shlex.quote(e.spec))
        ) from None


register_simulate(app, console, err_console, _load, _agent_specs)
register_agents(app, console)


register_compare(app, console, err_console, _load, _agent_specs)


@app.command("replay")
def replay_cmd(
    file: Annotated[Path, typer.Argument(help="A game record or save (JSON).")],
    check: Annotated[bool, typer.Option(help="Only verify; exit 1 on the first mismatch.")] = False,
    step: Annotated[bool, typer.Option(help="Wait for Enter between moves.")] = False,
) -> None:
    """Step through a game record or save, or verify it (no hidden card of an unfinished game)."""
    doc = read_save(file)
    w = words()
    if check:
        # A malformed record or save is a user error (2), not a mismatch (1).
        record = None if is_session_save(doc) else record_from_doc(doc, str(file))
        try:
            if record is None:
                session = load_session(file, play=False)
                console.print(
                    styled(w, "ok: %(n)s actions replayed; the game is not over", n=session.ply)
                )
                return
            game_of(record)
        except ReplayMismatchError as e:
            _mismatch(e)
        try:
            state = replay(record)
        except RecordError as e:
            _mismatch(e)
        console.print(
            styled(
                w,
                "ok: %(n)s actions replayed; %(outcome)s",
                n=len(record.actions),
                outcome=w.say(state.outcome()),
            )
        )
        return
    session = load_session(file, play=False)  # labels only: no agent is built
    g, finished = session.game, session.is_over()
    last = None
    for i, (ply, obs) in enumerate(session.replay_steps()):
        shown = finished or ply.public
        who = w._("chance") if ply.who < 0 else w.say(session.seat_msg(ply.who))
        text = ply.notation if shown else w._("(hidden)")
        said = (
            w.say(ply.words or ply.notation) if shown else w._("a card or draw you have not seen")
        )
        console.print(f"[dim]{i + 1:>4}[/dim] {escape(who):<10} {escape(text):<14} {escape(said)}")
        last = obs
        if step:
            console.print(w.render(g, obs))
            console.input("[dim]" + styled(w, "Enter for the next move") + "[/dim]")
    if last is not None and not step:
        console.print(w.render(g, last))
    result = session.result()
    if result is not None:
        console.print(f"[bold]{escape(w.say(result.outcome_message))}[/bold]")
    else:
        line = styled(w, "the game is not finished: hidden cards stay hidden")
        console.print(f"[dim]{line}[/dim]")


def _mismatch(e: RecordError) -> NoReturn:
    why = styled(words(), "mismatch: %(why)s", why=words().error(e))
    console.print(f"[red]{why}[/red]")
    raise typer.Exit(1) from None


register_records(app, console, open_store)


app.command("serve")(serve)  # the web table (solotable.web.cli)
app.command("review")(review)  # annotate a finished game (solotable.cli.review)
register_report(app)  # results files → an HTML page (solotable.cli.report)


def main(argv: list[str] | None = None, prog_name: str | None = None) -> None:
    """Console entry point; the exit status says what happened.

    0 ok; 1 a ``replay --check`` mismatch of a well-formed record; 2 a user error
    (bad input, a malformed or out-of-range file) with one line; 3 a bug: one
    "please report" line, the traceback in a log file of the data folder (not on
    screen); 130/143 a run stopped by Ctrl-C/SIGTERM (``simulate`` keeps its games).
    ``prog_name`` names the command in help text when run as ``python -m solotable``.
    """
    try:
        # Not standalone: Click's usage errors reach this function instead of being drawn by
        # Typer as a multi-line box, so that every usage error is one line (cli.usage).
        code = app(args=argv, prog_name=prog_name or "solotable", standalone_mode=False)
    except SolotableError as e:
        _say_error(words().error(e))
        sys.exit(2)
    except typer.TyperException as e:  # Click's UsageError, BadParameter… (Typer's own copy)
        if not shows_help_only(e):
            _say_error(usage_line(words(), e))
        sys.exit(e.exit_code)
    except typer.Abort:  # end of input at a prompt (Ctrl-D)
        aborted = words()._("Aborted.")
        err_console.print(f"[red]{escape(aborted)}[/red]")
        sys.exit(1)
    except Exception as e:
        log = write_crash_log(e)
        err_console.print(
            f"[red]internal error[/red] ({escape(type(e).__name__)}): this is a bug in "
            f"solotable, please report it with the log {escape(str(log))}",
            soft_wrap=True,
        )
        sys.exit(3)
    # typer.Exit(n) and Ctrl-C (130) are returned when not standalone; success is 0, as before
    sys.exit(code if isinstance(code, int) and not isinstance(code, bool) else 0)


def _say_error(text: str) -> None:
    """The project's one error line: ``error:`` and one sentence, on standard error."""
    label = escape(words()._("error:"))
    err_console.print(f"[red]{label}[/red] {escape(shorten(text, 400))}", soft_wrap=True)


__all__ = ["app", "main", "solotable"]
