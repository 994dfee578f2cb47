"""The terminal front end of a :class:`~solotable.core.session.GameSession`.

There is no game loop here: the session decides whose turn it is, runs the
agents, resolves chance and autosaves. This module reads commands, prints the
session's events and draws the human seat's observation (so it cannot show
a hidden card). Input and output are injected so tests can drive it.

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

from solotable.core.advice import hint_lines
from solotable.core.errors import SolotableError
from solotable.core.events import Event
from solotable.core.savefile import write_save
from solotable.core.session import GameMovedOn, GameSession, NotKept
from solotable.words import words

HELP = """[bold]Commands[/bold]
  [cyan]<move>[/cyan]        a move in the notation (Tab completes; see [cyan]moves[/cyan])
  [cyan]moves[/cyan] [PREFIX] list the legal moves (those starting with PREFIX) and their meaning
  [cyan]hint[/cyan] [MOVE]   the strongest AI's best three moves, with values and reasons;
                with MOVE, what your move gives up against the best (hints are recorded)
  [cyan]undo[/cyan]          take back your last move (not past a card or die you have seen)
  [cyan]info[/cyan] CARD     the full text of a card
  [cyan]log[/cyan]           what happened since your last move
  [cyan]save[/cyan] [FILE]   write the game to FILE (default: the --save file, or one named for it)
  [cyan]board[/cyan]         draw the table again
  [cyan]resign[/cyan]        give up this game
  [cyan]help[/cyan]          this text
  [cyan]quit[/cyan]          leave; the game is kept (continue with solotable play --continue)"""

FOLD_CHANCE_AFTER = 2
"""Chance outcomes shown in a row before the rest are folded into a count."""
COMMANDS = ("moves", "hint", "undo", "info", "log", "save", "board", "resign", "help", "quit")
COMPACT_AFTER = 30
END_CHOICES = {"a": "again", "again": "again", "c": "chooser", "chooser": "chooser"}


def points(x: float) -> str:
    """``1 point``, ``2 points``, ``1.5 points``."""
    return f"{x:g} point" + ("" if x == 1 else "s")


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
        self._drawn_at: int | None = None
        self._since = session.events[-1].seq if session.events else 0
        self._last_seen = self._since

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
        self.console.print(
            "game kept: continue with [cyan]solotable play --continue[/cyan]"
            + (f" (or --load {escape(str(self.save_path))})" if self.save_path else "")
        )
        return "quit"

    def agent_turn(self) -> None:
        s = self.session
        agent = s.seats[s.agent_to_move() or 0].agent
        try:
            with self.console.status(f"{agent} is thinking…"):
                self.show_events(s.step_agent())
        except GameMovedOn as e:
            self.moved_on(e)
            return
        except SolotableError as e:  # not kept (full disk…): the game is as saved
            self.console.print(f"[red]{escape(str(e))}[/red]")
            try:
                answer = self.read("Enter to let the AI try again, q to quit> ")
            except (EOFError, KeyboardInterrupt):
                answer = "q"
            self.quit = answer.strip().lower() in ("q", "quit")
            return
        self.autosave()
        if s.human_to_move() is not None:
            self.draw()

    def moved_on(self, e: SolotableError | None = None) -> None:
        """The game was played elsewhere (the web table): say so and draw it as saved."""
        text = str(e) if e else "this game was played in another window or terminal meanwhile"
        self.console.print(f"[yellow]{escape(text)}[/yellow]")
        self.draw(force=True)

    def draw(self, force: bool = False) -> None:
        """Draw the table once per position (``board`` forces it)."""
        if force or self._drawn_at != self.session.ply:
            self._drawn_at = self.session.ply
            s = self.session
            self.console.print(s.game.render(s.observation(s.viewer)))

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
                    self.console.print(f"[dim]… and {more} more (type log to see them)[/dim]")
                continue
            style = {"move": "bold", "undo": "yellow", "resign": "red"}.get(e.kind, "dim")
            if e.kind == "move" and e.player is not None and e.player != self.session.viewer:
                style = "magenta"
            self.console.print(f"[{style}]{escape(e.text)}[/{style}]")
        if events:
            self._last_seen = events[-1].seq

    def human_turn(self, seat: int) -> None:
        s = self.session
        if s.refresh():
            self.moved_on()
            return
        left = s.clock_left(seat)
        clock = "" if left is None else f" {left:.0f}s left"
        try:
            line = self.read(f"[{s.game.info.title}{clock}] your move> ")
        except (EOFError, KeyboardInterrupt):
            self.console.print()
            self.quit = True
            return
        self.handle(line.strip(), seat)

    def handle(self, line: str, seat: int) -> None:
        word, _, rest = line.partition(" ")
        cmd, rest = word.lower(), rest.strip()
        if not line:
            return
        try:
            if cmd in ("help", "?"):
                self.console.print(HELP)
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
            self.console.print(f"[red]{escape(str(e))}[/red]")
        except SolotableError as e:
            tip = "  (type [cyan]moves[/cyan] or [cyan]help[/cyan])" if cmd not in COMMANDS else ""
            self.console.print(f"[red]{escape(str(e))}[/red]{tip}")

    def show_hint(self, seat: int, move: str) -> None:
        names = {a: n for a, n, _ in self.session.legal_moves(seat)}
        h = self.session.hint(seat, move or None)
        for line in hint_lines(h, lambda a: names.get(a, str(a))):
            self.console.print(escape(line), highlight=False)

    def info(self, name: str) -> None:
        if not name:
            self.console.print("[yellow]say which card: info CARD[/yellow]")
            return
        text = self.session.game.card_text(name)
        if text is None:
            self.console.print(
                f"[yellow]no card text for {escape(repr(name))} in this game[/yellow]"
            )
        else:
            self.console.print(escape(words().say(text)))

    def show_log(self) -> None:
        events = self.session.events_since(self._since)
        if not events:
            self.console.print("[dim]nothing has happened yet[/dim]")
        for e in events[-40:]:
            self.console.print(f"[dim]{e.ply:>4}[/dim] {escape(e.text)}")

    def completions(self, text: str) -> list[str]:
        """Moves and commands starting with ``text`` (readline's tab completion)."""
        seat = self.session.human_to_move()
        moves = [m for _, m, _ in self.session.legal_moves(seat)] if seat is not None else []
        low = text.lower()
        return [c for c in (*moves, *COMMANDS) if c.lower().startswith(low)]

    def list_moves(self, seat: int, prefix: str = "") -> None:
        """The legal moves: a table with words, or compact columns when there are many."""
        moves = [
            (t, w)
            for _, t, w in self.session.legal_moves(seat)
            if t.lower().startswith(prefix.lower())
        ]
        if not moves:
            self.console.print(f"[yellow]no legal move starts with {escape(repr(prefix))}[/yellow]")
            return
        if len(moves) > COMPACT_AFTER:
            self.console.print(
                f"{len(moves)} legal moves (type [cyan]moves PREFIX[/cyan] for their meaning):"
            )
            self.console.print(Columns([f"[cyan]{escape(t)}[/cyan]" for t, _ in moves]))
            return
        table = Table(title="legal moves", show_lines=False)
        table.add_column("notation", style="cyan")
        table.add_column("meaning")
        for text, meaning in moves:
            table.add_row(escape(text), escape(meaning))
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
            self.console.print(f"[red]{escape(str(e))}[/red]")
            return
        if not quiet:
            self.console.print(f"saved to {escape(str(path))} (resume with --load)")

    def finish(self) -> str:
        s = self.session
        result = s.result()
        assert result is not None
        self.draw()
        self.console.print(f"[bold]{escape(result.outcome)}[/bold]")
        if len(result.scores) == 1:
            self.console.print(f"your score: {points(result.scores[0])}")
        else:
            scores = ", ".join(f"{s.seat_name(p)} {points(x)}" for p, x in enumerate(result.scores))
            self.console.print(f"final scores: {escape(scores)}")
        mine = result.scores[s.viewer]
        if result.score_key is not None:
            if not result.counted:
                self.console.print("[dim]not counted for best scores (played from hints)[/dim]")
            elif result.previous_best is None:
                self.console.print(f"first score recorded for these settings: {mine:g}")
            elif result.new_best:
                self.console.print(
                    f"[green]new best score! (previous best {result.previous_best:g})[/green]"
                )
            else:
                self.console.print(f"best score for these settings: {result.previous_best:g}")
        if result.hints:
            self.console.print(f"[dim]hints used: {result.hints}[/dim]")
        if s.store is not None:
            self.console.print(
                f"[dim]kept as game {s.id[:8]} (solotable export {s.id[:8]} FILE)[/dim]"
            )
        self.autosave()
        try:
            answer = self.read("play again (a), back to the chooser (c), or Enter to quit> ")
        except (EOFError, KeyboardInterrupt):
            return "quit"
        return END_CHOICES.get(answer.strip().lower(), "quit")
