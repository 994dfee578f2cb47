"""Starting a game in the terminal: the chooser, the seats and the opening banner.

Kept apart from ``main`` so the command module stays small; everything here
asks questions or prints, and the session does the rest.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from solotable.cli.paths import import_data_options
from solotable.cli.session import TerminalPlay
from solotable.core.errors import SolotableError, UnknownNameError
from solotable.core.game import Game
from solotable.core.options import parse_assignments
from solotable.core.registry import agent_names, game_class, game_names, load_game, make_agent
from solotable.core.session import GameSession, Seat


def choose_game(console: Console) -> str:
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
        if answer.isascii() and answer.isdigit() and 1 <= int(answer) <= len(names):
            return names[int(answer) - 1]
        if answer in names:
            return answer
        console.print(f"[red]unknown choice {escape(repr(answer))}[/red]")


def choose_options(console: Console, name: str, show_rules: Callable[[str], None]) -> Game:
    """Options for a chosen game: Enter, a preset, key=value pairs, or ``rules`` first."""
    info = game_class(name).info
    presets = f" a preset ({', '.join(info.presets)})," if info.presets else ""
    keys = ", ".join(o.name for o in info.options)
    while True:
        answer = console.input(
            f"options: Enter for the defaults,{presets} key=value ({escape(keys)}), or 'rules'> "
        ).strip()
        if answer.lower() == "rules":
            show_rules(name)
            continue
        words = answer.split()
        if len(words) == 1 and words[0] in info.presets:
            words = [f"preset={words[0]}"]
        try:
            return load_game(name, **import_data_options(name, parse_assignments(words)))
        except SolotableError as e:
            console.print(f"[red]{escape(str(e))}[/red]")


def choose_seat(console: Console, game: Game) -> int:
    n = game.num_players()
    while True:
        answer = console.input(f"your seat (0 moves first … {n - 1}; Enter for 0)> ").strip()
        if not answer:
            return 0
        if answer.isascii() and answer.isdigit() and int(answer) < n:
            return int(answer)
        console.print(f"[red]no seat {escape(repr(answer))}[/red]")


def choose_level(console: Console, game: Game) -> str:
    names = [n for n, _ in agent_names(game.name)]
    levels = list(game.info.ai_levels) or names
    default = game.info.default_agent
    while True:
        answer = console.input(f"opponent ({', '.join(levels)}; Enter for {default})> ").strip()
        if not answer:
            return default
        if answer in names:
            return answer
        console.print(f"[red]unknown opponent {escape(repr(answer))}[/red]")


def seats_for(g: Game, ai: str | None, seat: int) -> list[Seat]:
    """Seats for a new game: the human at ``seat`` and ``ai`` elsewhere (solo: ``ai`` autoplays)."""
    n = g.num_players()
    if n == 1:
        seats = [Seat(ai)]
    else:
        if not 0 <= seat < n:
            raise UnknownNameError(f"--seat must be between 0 and {n - 1}")
        level = ai or g.info.default_agent
        seats = [Seat() if p == seat else Seat(level) for p in range(n)]
    for p, s in enumerate(seats):
        if s.agent is not None:
            # a bad name fails before the game starts; --ai was typed, so a plug-in may be named
            make_agent(s.agent, g, p, allow_plugins=True)
    return seats


def banner(console: Console, session: GameSession, resumed: bool) -> None:
    g = session.game
    others = [s.agent for s in session.seats if s.agent is not None]
    humans = [p for p, s in enumerate(session.seats) if s.human]
    if not humans:
        who = f"{others[0]} plays" if others else ""
    elif g.num_players() == 1:
        who = "you play"
    else:
        who = f"you are seat {humans[0]} against {', '.join(others)}"
    seed = ""
    if g.info.perfect_information and not g.info.has_chance and not resumed:
        seed = f" — seed {session.record(reveal=True).seed}"
    console.print(
        f"[bold]{escape(g.info.title)}[/bold] — {escape(who)}{seed}. Type [cyan]help[/cyan]."
    )
    if resumed:
        started = time.strftime("%Y-%m-%d %H:%M", time.localtime(session.started))
        console.print(
            f"continuing game {session.id[:8]} started {started}, after {session.ply} actions"
        )
        mine = [
            e.seq
            for e in session.events
            if e.kind in ("move", "undo") and e.player == session.viewer
        ]
        recent = session.events_since(mine[-1] if mine else 0)
        if recent:
            console.print("since your last move:")
            for e in recent[-12:]:
                console.print(f"  {escape(e.text)}")


def enable_completion(play: TerminalPlay) -> None:
    """Tab completes moves and commands when a person types at a terminal."""
    if not sys.stdin.isatty():
        return
    try:
        import readline
    except ImportError:  # pragma: no cover - Windows without pyreadline
        return

    def complete(text: str, state: int) -> str | None:
        options = play.completions(readline.get_line_buffer())
        return options[state] if state < len(options) else None

    readline.set_completer_delims("")
    readline.set_completer(complete)
    readline.parse_and_bind("tab: complete")
