"""The terminal front end of a :class:`~solotable.session.session.GameSession`.

There is no game loop here: the session decides whose turn it is, runs the
agents, resolves chance and autosaves. This module reads commands, prints the
session's events and draws the human seat's observation (so it cannot show
a hidden card). Input and output are injected so tests can drive it.

Every word comes from ``solotable.words`` in the player's language (``--lang`` or
``SOLOTABLE_LANG``): the board through ``Words.render``, events through ``Words.event``,
moves through their ``action_info`` message. Commands stay the English words (``moves``,
``hint``…), which also work in French next to their French aliases; notation is never
translated.

A move the store could not keep (full disk, busy store) is one red line and
the prompt again, the game as saved; a game another front end played
meanwhile is reloaded and drawn again.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.columns import Columns
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from solotable.core.errors import SolotableError
from solotable.core.events import Event
from solotable.core.message import Text, msg
from solotable.session.advice import hint_lines
from solotable.session.savefile import write_save
from solotable.session.session import GameMovedOn, GameSession, NotKept
from solotable.words import Words, words
from solotable.words.registry import N_
from solotable.words.shared.advice import count_of

FOLD_CHANCE_AFTER = 2
"""Chance outcomes shown in a row before the rest are folded into a count."""
COMMANDS = ("moves", "hint", "undo", "info", "log", "save", "board", "resign", "help", "quit")
ALIASES = {
    "fr": {
        "coups": "moves",
        "indice": "hint",
        "annuler": "undo",
        "carte": "info",
        "journal": "log",
        "sauver": "save",
        "plateau": "board",
        "abandon": "resign",
        "abandonner": "resign",
        "aide": "help",
        "quitter": "quit",
    }
}
"""Command words in the player's language, next to the English ones (which always work)."""
COMPACT_AFTER = 30
END_CHOICES = {
    "a": "again",
    "again": "again",
    "r": "again",
    "rejouer": "again",
    "c": "chooser",
    "chooser": "chooser",
    "choix": "chooser",
}
HELP = (
    ("", N_("<move>"), N_("a move in the notation (Tab completes; see moves)")),
    (
        "moves",
        N_("[PREFIX]"),
        N_("list the legal moves (those starting with PREFIX) and their meaning"),
    ),
    ("hint", N_("[MOVE]"), N_("the strongest AI's best three moves, with values and reasons")),
    ("", "", N_("with MOVE, what your move gives up against the best (hints are recorded)")),
    ("undo", "", N_("take back your last move (not past a card or die you have seen)")),
    ("info", N_("CARD"), N_("the full text of a card")),
    ("log", "", N_("what happened since your last move")),
    (
        "save",
        N_("[FILE]"),
        N_("write the game to FILE (default: the --save file, or one named for it)"),
    ),
    ("board", "", N_("draw the table again")),
    ("resign", "", N_("give up this game")),
    ("help", "", N_("this text")),
    ("quit", "", N_("leave; the game is kept (continue with solotable play --continue)")),
)
"""The commands (English words, shown as the language's alias), their arguments' names and
what they do."""


def command_word(lang: str, command: str) -> str:
    """How ``command`` is typed in ``lang`` (its alias, e.g. ``coups``), else the English."""
    for alias, cmd in ALIASES.get(lang, {}).items():
        if cmd == command:
            return alias
    return command


class Styled:
    """A placeholder's text shown in a Rich style (a command word in cyan)."""

    __slots__ = ("style", "text")

    def __init__(self, text: str, style: str = "cyan") -> None:
        self.text, self.style = text, style


def styled(w: Words, message: str, /, **args: object) -> str:
    """``message`` in ``w``'s language as Rich markup: the words escaped, :class:`Styled`
    arguments in their style (so a translation may move them)."""
    marks: dict[str, str] = {}
    plain: dict[str, object] = {}
    for k, v in args.items():
        if isinstance(v, Styled):
            token = f"\x00{len(marks)}\x00"
            marks[token] = f"[{v.style}]{escape(v.text)}[/{v.style}]"
            plain[k] = token
        else:
            plain[k] = v
    text = escape(w._(message, **plain))
    for token, markup in marks.items():
        text = text.replace(token, markup)
    return text


def points(w: Words, x: float) -> str:
    """``1 point``, ``2 points``, ``1.5 points`` in the player's language."""
    return w.shared.ngettext("%(n)s point", "%(n)s points", count_of(x), n=w.shared.num(x, 1))


class TerminalPlay:
    """Drive one session from a terminal; ``run`` says what the player wants next."""

    def __init__(
        self,
        session: GameSession,
        console: Console,
        read: Callable[[str], str],
        *,
        save_path: Path | None = None,
    ) -> None:
        self.session = session
        self.console = console
        self.read = read
        self.save_path = save_path.expanduser() if save_path else None
        self.quit = False
        self.w = words()
        self._drawn_at: int | None = None
        self._since = session.events[-1].seq if session.events else 0
        self._last_seen = self._since

    def _(self, message: str, /, **args: object) -> str:
        """A terminal string in the player's language, escaped for Rich
        (a :class:`Styled` argument keeps its style)."""
        return styled(self.w, message, **args)

    def cmd(self, command: str) -> str:
        """A command word as the player types it in their language."""
        return command_word(self.w.lang, command)

    def say(self, text: Text) -> str:
        return escape(self.w.say(text))

    # -- main loop -------------------------------------------------------------
    def run(self) -> str:
        """Play until the end or ``quit``; returns "again", "chooser" or "quit"."""
        s = self.session
        self.draw()
        while not s.is_over() and not self.quit:
            if s.agent_to_move() is not None:
                self.agent_turn()
            else:
                seat = s.human_to_move()
                assert seat is not None
                self.human_turn(seat)
        if s.is_over():
            return self.finish()
        if self.save_path:
            kept = self._(
                "game kept: continue with %(command)s (or --load %(file)s)",
                command=Styled("solotable play --continue"),
                file=str(self.save_path),
            )
        else:
            kept = self._(
                "game kept: continue with %(command)s",
                command=Styled("solotable play --continue"),
            )
        self.console.print(kept)
        return "quit"

    def agent_turn(self) -> None:
        s = self.session
        seat = s.agent_to_move() or 0
        try:
            with self.console.status(
                self._("%(who)s is thinking…", who=self.w.say(s.seat_msg(seat)))
            ):
                self.show_events(s.step_agent())
        except GameMovedOn as e:
            self.moved_on(e)
            return
        except SolotableError as e:  # not kept (full disk…): the game is as saved
            self.console.print(f"[red]{self.say(self.w.error(e))}[/red]")
            try:
                answer = self.read(self._("Enter to let the AI try again, q to quit> "))
            except (EOFError, KeyboardInterrupt):
                answer = "q"
            self.quit = answer.strip().lower() in ("q", "quit", "quitter")
            return
        self.autosave()
        if s.human_to_move() is not None:
            self.draw()

    def moved_on(self, e: SolotableError | None = None) -> None:
        """The game was played elsewhere (the web table): say so and draw it as saved."""
        text = self.w.error(e) if e else self.w.say(msg("core.store.moved-on", what=""))
        self.console.print(f"[yellow]{escape(text)}[/yellow]")
        self.draw(force=True)

    def draw(self, force: bool = False) -> None:
        """Draw the table once per position (``board`` forces it)."""
        if force or self._drawn_at != self.session.ply:
            self._drawn_at = self.session.ply
            s = self.session
            self.console.print(self.w.render(s.game, s.observation(s.viewer)))

    def event_text(self, e: Event) -> str:
        return self.w.event(self.session.game.name, e)

    def show_events(self, events: list[Event]) -> None:
        """Print what happened; a long run of chance outcomes (a refill's twenty dice) is
        folded to its first line and a count, since the game's own event sums it up."""
        run = 0
        for i, e in enumerate(events):
            if e.kind == "end":
                continue  # the result is printed once, by finish()
            run = run + 1 if e.kind == "chance" else 0
            if run > FOLD_CHANCE_AFTER:
                more = 1
                while i + more < len(events) and events[i + more].kind == "chance":
                    more += 1
                if run == FOLD_CHANCE_AFTER + 1:
                    folded = self.w.shared.ngettext(
                        "… and %(n)s more (type %(command)s to see them)",
                        "… and %(n)s more (type %(command)s to see them)",
                        more,
                        command=self.cmd("log"),
                    )
                    self.console.print(f"[dim]{escape(folded)}[/dim]")
                continue
            style = {"move": "bold", "undo": "yellow", "resign": "red"}.get(e.kind, "dim")
            if e.kind == "move" and e.player is not None and e.player != self.session.viewer:
                style = "magenta"
            self.console.print(f"[{style}]{escape(self.event_text(e))}[/{style}]")
        if events:
            self._last_seen = events[-1].seq

    def human_turn(self, seat: int) -> None:
        s = self.session
        if s.refresh():
            self.moved_on()
            return
        left = s.clock_left(seat)
        title = self.w.game_title(s.game.name, s.game.info.title)
        if left is None:
            prompt = self.w._("[%(game)s] your move> ", game=title)
        else:
            prompt = self.w._(
                "[%(game)s %(seconds)s s left] your move> ", game=title, seconds=round(left)
            )
        try:
            line = self.read(escape(prompt))
        except (EOFError, KeyboardInterrupt):
            self.console.print()
            self.quit = True
            return
        self.handle(line.strip(), seat)

    def command(self, word: str) -> str:
        """The command a typed word names (an English word, or an alias of the language)."""
        low = word.lower()
        return ALIASES.get(self.w.lang, {}).get(low, low)

    def handle(self, line: str, seat: int) -> None:
        word, _, rest = line.partition(" ")
        cmd, rest = self.command(word), rest.strip()
        if not line:
            return
        try:
            if cmd in ("help", "?"):
                self.show_help()
            elif cmd in ("quit", "exit", "q"):
                self.quit = True
            elif cmd == "moves":
                self.list_moves(seat, rest)
            elif cmd == "board":
                self.draw(force=True)
            elif cmd == "hint":
                self.show_hint(seat, rest)
            elif cmd == "undo":
                self.show_events(self.session.undo(seat))
                self.autosave()
                self.draw()
            elif cmd == "resign":
                self.show_events(self.session.resign(seat))
                self.autosave()
            elif cmd == "info":
                self.info(rest)
            elif cmd == "log":
                self.show_log()
            elif cmd == "save":
                self.save(Path(rest) if rest else None)
            else:
                self.show_events(self.session.play(seat, line))
                self.autosave()
                if self.session.human_to_move() is not None:
                    self.draw()
        except GameMovedOn as e:
            self.moved_on(e)
        except NotKept as e:  # the game is as saved: the same command may be typed again
            self.console.print(f"[red]{escape(self.w.error(e))}[/red]")
        except SolotableError as e:
            tip = ""
            if cmd not in COMMANDS:
                tip = "  " + self._(
                    "(type %(moves)s or %(help)s)",
                    moves=Styled(self.cmd("moves")),
                    help=Styled(self.cmd("help")),
                )
            self.console.print(f"[red]{escape(self.w.error(e))}[/red]{tip}")

    def show_help(self) -> None:
        title = self._("Commands")
        lines = [f"[bold]{title}[/bold]"]
        for command, arg, text in HELP:
            word = command_word(self.w.lang, command) if command else ""
            shown = " ".join(x for x in (word, self.w._(arg) if arg else "") if x)
            lines.append(f"  [cyan]{escape(shown):<16}[/cyan] {self._(text)}")
        aliases = ALIASES.get(self.w.lang)
        if aliases:
            pairs = ", ".join(f"{alias} = {cmd}" for alias, cmd in aliases.items())
            lines.append(self._("Also in this language: %(aliases)s", aliases=pairs))
        self.console.print("\n".join(lines))

    def show_hint(self, seat: int, move: str) -> None:
        names = {a: n for a, n, _ in self.session.legal_moves(seat)}
        h = self.session.hint(seat, move or None)
        for line in hint_lines(h, lambda a: names.get(a, str(a))):
            self.console.print(self.say(line), highlight=False)

    def info(self, name: str) -> None:
        if not name:
            usage = self.cmd("info") + " " + self.w._("CARD")
            ask = self._("say which card: %(command)s", command=Styled(usage))
            self.console.print(f"[yellow]{ask}[/yellow]")
            return
        text = self.session.game.card_text(name)
        if text is None:
            none = self._("no card text for %(name)s in this game", name=repr(name))
            self.console.print(f"[yellow]{none}[/yellow]")
        else:
            self.console.print(self.say(text))

    def show_log(self) -> None:
        events = self.session.events_since(self._since)
        if not events:
            nothing = self._("nothing has happened yet")
            self.console.print(f"[dim]{nothing}[/dim]")
        for e in events[-40:]:
            self.console.print(f"[dim]{e.ply:>4}[/dim] {escape(self.event_text(e))}")

    def completions(self, text: str) -> list[str]:
        """Moves and commands starting with ``text`` (readline's tab completion)."""
        seat = self.session.human_to_move()
        moves = [m for _, m, _ in self.session.legal_moves(seat)] if seat is not None else []
        low = text.lower()
        commands = (*COMMANDS, *ALIASES.get(self.w.lang, {}))
        return [c for c in (*moves, *commands) if c.lower().startswith(low)]

    def list_moves(self, seat: int, prefix: str = "") -> None:
        """The legal moves: a table with words, or compact columns when there are many."""
        moves = [
            (t, m)
            for _, t, m in self.session.move_words(seat)
            if t.lower().startswith(prefix.lower())
        ]
        if not moves:
            none = self._("no legal move starts with %(prefix)s", prefix=repr(prefix))
            self.console.print(f"[yellow]{none}[/yellow]")
            return
        if len(moves) > COMPACT_AFTER:
            header = self.w.shared.ngettext(
                "%(n)s legal move (type %(command)s for its meaning):",
                "%(n)s legal moves (type %(command)s for their meaning):",
                len(moves),
                command=self.cmd("moves") + " " + self.w._("PREFIX"),
            )
            self.console.print(escape(header))
            self.console.print(Columns([f"[cyan]{escape(t)}[/cyan]" for t, _ in moves]))
            return
        table = Table(title=self.w._("legal moves"), show_lines=False)
        table.add_column(self.w._("notation"), style="cyan")
        table.add_column(self.w._("meaning"))
        for text, meaning in moves:
            table.add_row(escape(text), self.say(meaning))
        self.console.print(table)

    # -- saving and the end --------------------------------------------------------
    def autosave(self) -> None:
        """The store saved the step already; keep the --save file in step too."""
        if self.save_path is not None:
            self.save(self.save_path, quiet=True)

    def save(self, path: Path | None, quiet: bool = False) -> None:
        if path is None:
            path = self.save_path or Path(f"{self.session.game.name}-{self.session.id[:8]}.json")
        path = path.expanduser()
        try:
            write_save(path, self.session)
        except SolotableError as e:
            self.console.print(f"[red]{escape(self.w.error(e))}[/red]")
            return
        if not quiet:
            self.console.print(self._("saved to %(file)s (resume with --load)", file=str(path)))

    def finish(self) -> str:
        s, w = self.session, self.w
        result = s.result()
        assert result is not None
        self.draw()
        outcome = w.say(result.outcome_message)
        if outcome:
            self.console.print(f"[bold]{escape(outcome)}[/bold]")
        if len(result.scores) == 1:
            self.console.print(self._("your score: %(points)s", points=points(w, result.scores[0])))
        else:
            scores = w.shared.join(
                w._("%(seat)s %(points)s", seat=w.say(s.seat_msg(p)), points=points(w, x))
                for p, x in enumerate(result.scores)
            )
            self.console.print(self._("final scores: %(scores)s", scores=scores))
        mine = result.scores[s.viewer]
        if result.score_key is not None:
            if not result.counted:
                if result.forfeit is not None:
                    line = self._("not counted for best scores (the game was given up)")
                else:
                    line = self._("not counted for best scores (played from hints)")
                self.console.print(f"[dim]{line}[/dim]")
            elif result.previous_best is None:
                self.console.print(
                    self._("first score recorded for these settings: %(score)s", score=mine)
                )
            elif result.new_best:
                line = self._(
                    "new best score! (previous best %(score)s)", score=result.previous_best
                )
                self.console.print(f"[green]{line}[/green]")
            else:
                self.console.print(
                    self._("best score for these settings: %(score)s", score=result.previous_best)
                )
        if result.hints:
            used = w.shared.ngettext("%(n)s hint used", "%(n)s hints used", result.hints)
            self.console.print(f"[dim]{escape(used)}[/dim]")
        if s.store is not None:
            command = "solotable export " + s.id[:8] + " FILE"
            kept = self._("kept as game %(id)s (%(command)s)", id=s.id[:8], command=command)
            self.console.print(f"[dim]{kept}[/dim]")
        self.autosave()
        try:
            answer = self.read(
                self._("play again (a), back to the chooser (c), or Enter to quit> ")
            )
        except (EOFError, KeyboardInterrupt):
            return "quit"
        return END_CHOICES.get(answer.strip().lower(), "quit")
