"""Starting a game in the terminal: the chooser, the seats and the opening banner.

Kept apart from ``main`` so the command module stays small; everything here
asks questions or prints, and the session does the rest. Games are chosen by title,
options shown by label with their help and described values, presets in difficulty order
with what they change, seats and AI levels by name — all in the player's language
(``solotable.words``); what the player types (a game id, ``key=value``, a preset name)
stays as the engine names it.
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
from solotable.cli.session import Styled, TerminalPlay, command_word, styled
from solotable.core.errors import SolotableError, UnknownNameError
from solotable.core.game import Game, GameInfo
from solotable.core.message import msg
from solotable.core.options import OptionSpec, parse_assignments
from solotable.core.registry import agent_names, game_class, game_names, load_game, make_agent
from solotable.session.session import GameSession, Seat
from solotable.words import Words, words
from solotable.words.shared.session import level_name

QUIT = ("q", "quit", "quitter")
RULES_WORD = {"fr": "règles"}
"""The chooser's ``rules`` word in a language (the English word always works too)."""


def choose_game(console: Console) -> str:
    w = words()
    names = game_names()
    table = Table(title=w._("choose a game"))
    table.add_column("#")
    table.add_column(w._("game"), style="cyan")
    table.add_column(w._("to type"))
    table.add_column(w._("summary"))
    for i, n in enumerate(names, 1):
        info = game_class(n).info
        table.add_row(
            str(i),
            escape(w.game_title(n, info.title)),
            escape(n),
            escape(w.game_summary(n, info.summary)),
        )
    console.print(table)
    while True:
        answer = console.input(styled(w, "game number or name (q to quit)> ")).strip()
        if answer.lower() in QUIT:
            raise typer.Exit(0)
        if answer.isascii() and answer.isdigit() and 1 <= int(answer) <= len(names):
            return names[int(answer) - 1]
        if answer in names:
            return answer
        unknown = styled(w, "unknown choice %(answer)s", answer=repr(answer))
        console.print(f"[red]{unknown}[/red]")


def value_text(w: Words, game: str, spec: OptionSpec, value: object) -> str:
    """An option's value as the player reads it: a described choice, yes/no, a number."""
    if spec.choices is not None:
        label = w.choice_label(game, spec, value)
        return str(value) if label == str(value) else f"{value} ({label})"
    if isinstance(value, bool):
        return w._("yes") if value else w._("no")
    if isinstance(value, int | float):
        return w.shared.num(value)
    return w._("(built in)") if value == "" else str(value)


def options_table(w: Words, info: GameInfo) -> Table:
    """Every option by label: what to type, the default and what it does (designer options
    last, under "Advanced")."""
    table = Table(title=w._("options"))
    for col in (w._("option"), w._("to type"), w._("default"), w._("what it does")):
        table.add_column(col)
    ordered = [o for o in info.options if not o.advanced] + [o for o in info.options if o.advanced]
    shown_advanced = False
    for o in ordered:
        if o.advanced and not shown_advanced:
            table.add_section()
            advanced = escape(w._("Advanced"))
            table.add_row(f"[dim]{advanced}[/dim]", "", "", "")
            shown_advanced = True
        help_text = w.option_help(info.name, o)
        if o.choices is not None:
            values = w.shared.join(value_text(w, info.name, o, c) for c in o.choices)
            help_text = w._("%(help)s Values: %(values)s.", help=help_text, values=values)
        table.add_row(
            escape(w.option_label(info.name, o)),
            f"[cyan]{escape(o.name)}=…[/cyan]",
            escape(value_text(w, info.name, o, o.default)),
            escape(help_text),
        )
    return table


def presets_table(w: Words, info: GameInfo) -> Table:
    """The presets in the game's order (easiest first) with what each changes."""
    table = Table(title=w._("presets"))
    for col in (w._("preset"), w._("to type"), w._("what it changes")):
        table.add_column(col)
    specs = {o.name: o for o in info.options}
    for name, values in info.presets.items():
        what = w.preset_help(info.name, name)
        if not what:
            what = w.shared.join(
                f"{w.option_label(info.name, specs[k])} = {value_text(w, info.name, specs[k], v)}"
                for k, v in values.items()
                if k in specs
            )
        table.add_row(
            escape(w.preset_label(info.name, name)), f"[cyan]{escape(name)}[/cyan]", escape(what)
        )
    return table


def choose_options(console: Console, name: str, show_rules: Callable[[str], None]) -> Game:
    """Options for a chosen game: Enter, a preset, key=value pairs, or ``rules`` first."""
    w = words()
    info = game_class(name).info
    if info.options:
        console.print(options_table(w, info))
    if info.presets:
        console.print(presets_table(w, info))
    while True:
        if info.presets:
            prompt = styled(
                w,
                "options: Enter for the defaults, a preset, key=value, or %(rules)s> ",
                rules=Styled(RULES_WORD.get(w.lang, "rules")),
            )
        else:
            prompt = styled(
                w,
                "options: Enter for the defaults, key=value, or %(rules)s> ",
                rules=Styled(RULES_WORD.get(w.lang, "rules")),
            )
        answer = console.input(prompt).strip()
        if answer.lower() in ("rules", "règles", "regles"):
            show_rules(name)
            continue
        typed = answer.split()
        if len(typed) == 1 and typed[0] in info.presets:
            typed = [f"preset={typed[0]}"]
        try:
            return load_game(name, **import_data_options(name, parse_assignments(typed)))
        except SolotableError as e:
            console.print(f"[red]{escape(w.error(e))}[/red]")


def choose_seat(console: Console, game: Game) -> int:
    """The player's seat, by the game's names for its seats (numbered from 1)."""
    w = words()
    n = game.num_players()
    names = [w.seat_name(game.name, p) for p in range(n)]
    listed = ", ".join(f"{p + 1} {name}" for p, name in enumerate(names))
    while True:
        answer = console.input(
            styled(
                w,
                "your seat: %(seats)s (Enter: %(first)s, who moves first)> ",
                seats=listed,
                first=names[0],
            )
        ).strip()
        if not answer:
            return 0
        if answer.isascii() and answer.isdigit() and 1 <= int(answer) <= n:
            return int(answer) - 1
        by_name = [p for p, name in enumerate(names) if name.lower() == answer.lower()]
        if by_name:
            return by_name[0]
        unknown = styled(w, "no seat %(answer)s", answer=repr(answer))
        console.print(f"[red]{unknown}[/red]")


def choose_level(console: Console, game: Game) -> str:
    """The opponent: an AI level by name in the player's language (or an agent's name)."""
    w = words()
    t = w.shared
    names = [n for n, _ in agent_names(game.name)]
    levels = list(game.info.ai_levels) or names
    default = game.info.default_agent
    by_words = {level_name(t, lv).lower(): lv for lv in levels}
    listed = ", ".join(f"{i} {level_name(t, lv)}" for i, lv in enumerate(levels, 1))
    while True:
        answer = console.input(
            styled(
                w,
                "opponent: %(levels)s (Enter: %(default)s)> ",
                levels=listed,
                default=level_name(t, default),
            )
        ).strip()
        if not answer:
            return default
        if answer.isascii() and answer.isdigit() and 1 <= int(answer) <= len(levels):
            return levels[int(answer) - 1]
        if answer in names:
            return answer
        if answer.lower() in by_words:
            return by_words[answer.lower()]
        unknown = styled(w, "unknown opponent %(answer)s", answer=repr(answer))
        console.print(f"[red]{unknown}[/red]")


def seats_for(g: Game, ai: str | None, seat: int) -> list[Seat]:
    """Seats for a new game: the human at ``seat`` and ``ai`` elsewhere (solo: ``ai`` autoplays)."""
    n = g.num_players()
    if n == 1:
        seats = [Seat(ai)]
    else:
        if not 0 <= seat < n:
            raise UnknownNameError(msg("core.cli.bad-seat", last=n - 1))
        level = ai or g.info.default_agent
        seats = [Seat() if p == seat else Seat(level) for p in range(n)]
    for p, s in enumerate(seats):
        if s.agent is not None:
            # a bad name fails before the game starts; --ai was typed, so a plug-in may be named
            make_agent(s.agent, g, p, allow_plugins=True)
    return seats


def banner(console: Console, session: GameSession, resumed: bool) -> None:
    w = words()
    g = session.game
    title = w.game_title(g.name, g.info.title)
    agents = [p for p, s in enumerate(session.seats) if s.agent is not None]
    humans = [p for p, s in enumerate(session.seats) if s.human]
    if not humans:
        who = w._("%(who)s plays", who=w.say(session.seat_msg(agents[0]))) if agents else ""
    elif g.num_players() == 1:
        who = w._("you play")
    else:
        others = w.shared.join(w.say(session.seat_msg(p)) for p in agents)
        who = w._(
            "you are %(seat)s, against %(others)s",
            seat=w.seat_name(g.name, humans[0]),
            others=others,
        )
    seed = ""
    if g.info.perfect_information and not g.info.has_chance and not resumed:
        seed = " — " + w._("seed %(seed)s", seed=str(session.record(reveal=True).seed))
    console.print(
        f"[bold]{escape(title)}[/bold] — {escape(who)}{escape(seed)}. "
        + styled(w, "Type %(help)s.", help=Styled(command_word(w.lang, "help")))
    )
    if resumed:
        started = time.strftime("%Y-%m-%d %H:%M", time.localtime(session.started))
        continuing = w.shared.ngettext(
            "continuing game %(id)s started %(started)s, after %(n)s action",
            "continuing game %(id)s started %(started)s, after %(n)s actions",
            session.ply,
            id=session.id[:8],
            started=started,
        )
        console.print(escape(continuing))
        mine = [
            e.seq
            for e in session.events
            if e.kind in ("move", "undo") and e.player == session.viewer
        ]
        recent = session.events_since(mine[-1] if mine else 0)
        if recent:
            console.print(styled(w, "since your last move:"))
            for e in recent[-12:]:
                console.print(f"  {escape(w.event(g.name, e))}")


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
