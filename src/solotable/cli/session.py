"""The interactive game loop behind ``solotable play``.

It talks to a game only through the core API: it renders the current
player's observation (so it cannot show hidden cards), resolves chance nodes
with the state's own RNG, and turns every bad input into a message and a new
prompt. Input and output are injected so tests can drive it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from rich.columns import Columns
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from solotable.core.agent import Agent, Turn
from solotable.core.errors import SolotableError
from solotable.core.game import Game, State
from solotable.core.record import Record, rebuild, record_of, replay, save_record
from solotable.core.registry import make_agent
from solotable.core.runner import advance_chance, overrun, turn_budget

HELP = """[bold]Commands[/bold]
  [cyan]<move>[/cyan]        play a move in the game's notation (see [cyan]moves[/cyan])
  [cyan]moves[/cyan] [PREFIX] list the legal moves (those starting with PREFIX) and their meaning
  [cyan]hint[/cyan]          ask the strongest AI what it would play
  [cyan]undo[/cyan]          take back your last move (perfect-information games)
  [cyan]save[/cyan] [FILE]   save the game record (resume with --load FILE)
  [cyan]board[/cyan]         draw the table again
  [cyan]help[/cyan]          this text
  [cyan]quit[/cyan]          leave (save first if you want to come back)"""

COMPACT_AFTER = 30


class PlaySession:
    """One interactive game: humans in ``human_seats``, agents elsewhere."""

    def __init__(
        self,
        game: Game,
        seed: int,
        console: Console,
        read: Callable[[str], str],
        *,
        human_seats: set[int],
        opponents: dict[int, Agent],
        save_path: Path | None = None,
        resume: Record | None = None,
        scorebook: None = None,
        clocks: list[float] | None = None,
    ) -> None:
        self.game = game
        self.seed = seed
        self.console = console
        self.read = read
        self.human_seats = human_seats
        self.opponents = opponents
        self.save_path = save_path
        self.scorebook = scorebook
        self.clocks = clocks
        self.forfeit: dict[str, object] | None = None
        self.state: State = (
            replay(resume, check_result=False) if resume else (game.new_initial_state(seed))
        )
        self.quit = False

    # -- main loop -------------------------------------------------------------
    def run(self) -> State:
        viewer = min(self.human_seats) if self.human_seats else 0
        self.resolve_chance()
        self.show(viewer)
        while not self.state.is_terminal() and not self.quit and self.forfeit is None:
            player = self.state.current_player()
            if player in self.human_seats:
                self.human_turn(player)
            else:
                self.agent_turn(player)
                self.resolve_chance()
                if not self.state.is_terminal() and self.forfeit is None:
                    self.show(viewer)
        if self.state.is_terminal() or self.forfeit is not None:
            self.finish(viewer)
        return self.state

    def resolve_chance(self) -> None:
        advance_chance(self.state)

    def show(self, viewer: int) -> None:
        self.console.print(self.game.render(self.state.observation(viewer)))

    def human_turn(self, player: int) -> None:
        legal = self.state.legal_actions()
        if len(legal) == 1:
            # A forced move (the closing neutral token, say): no need to type it.
            words = self.state.describe_action(legal[0])
            self.state.apply_action(legal[0])
            self.console.print(f"you (only legal move): [bold]{escape(words)}[/bold]")
            self.resolve_chance()
            if self.state.current_player() in self.human_seats:
                self.show(player)
            return
        start = time.perf_counter()
        try:
            left = self.clock_left(player)
            clock = "" if left is None else f" {left:.0f}s left"
            line = self.read(f"[{self.game.info.title}{clock}] your move> ")
        except (EOFError, KeyboardInterrupt):
            self.console.print("\nbye.")
            self.quit = True
            return
        if self.charge(player, time.perf_counter() - start):
            return
        self.handle(line.strip(), player)

    def handle(self, line: str, player: int) -> None:
        word, _, rest = line.partition(" ")
        cmd = word.lower()
        if not line:
            return
        if cmd in ("help", "?"):
            self.console.print(HELP)
        elif cmd in ("quit", "exit", "q"):
            self.quit = True
        elif cmd == "moves":
            self.list_moves(rest.strip())
        elif cmd == "board":
            self.show(player)
        elif cmd == "hint":
            self.hint(player)
        elif cmd == "undo":
            self.undo(player)
        elif cmd == "save":
            self.save(Path(rest.strip()) if rest.strip() else self.save_path)
        else:
            try:
                action = self.state.parse_move(line)
            except SolotableError as e:
                self.console.print(
                    f"[red]{escape(str(e))}[/red]  (type [cyan]moves[/cyan] or [cyan]help[/cyan])"
                )
                return
            words = self.state.describe_action(action)
            self.state.apply_action(action)
            self.console.print(f"you: [bold]{escape(words)}[/bold]")
            self.resolve_chance()
            if self.state.current_player() in self.human_seats:
                self.show(player)

    def agent_turn(self, player: int) -> None:
        agent = self.opponents[player]
        budget = turn_budget(None, self.clock_left(player), self.game.move_seconds())
        turn = Turn.for_state(self.state, player, budget)
        start = time.perf_counter()
        with self.console.status(f"{agent.label()} is thinking…"):
            action = agent.act(turn)
        if self.charge(player, time.perf_counter() - start):
            return
        words = self.state.describe_action(action)
        self.state.apply_action(action)
        self.console.print(f"[magenta]{agent.label()}[/magenta]: [bold]{escape(words)}[/bold]")

    def clock_left(self, player: int) -> float | None:
        return None if self.clocks is None else self.clocks[player]

    def charge(self, player: int, elapsed: float) -> bool:
        """Count a move's thinking time; True (and a forfeit) when it overran."""
        if self.clocks is not None:
            self.clocks[player] -= elapsed
        lost = overrun(elapsed, self.clock_left(player), self.game.move_seconds())
        if lost is not None:
            self.forfeit = {"player": player, "reason": lost}
        return lost is not None

    def list_moves(self, prefix: str = "") -> None:
        """The legal moves: a table with words, or compact columns when there are many."""
        moves = [
            (t, w) for t, w in self.state.legal_moves_text() if t.lower().startswith(prefix.lower())
        ]
        if not moves:
            self.console.print(f"[yellow]no legal move starts with {escape(prefix)!r}[/yellow]")
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
        for text, words in moves:
            table.add_row(escape(text), escape(words))
        self.console.print(table)

    def hint(self, player: int) -> None:
        name = self.game.info.hint_agent
        adviser = make_agent(name, self.game, player, self.seed + len(self.state.history))
        turn = Turn.for_state(self.state, player, 1.0)
        action = adviser.act(turn)
        self.console.print(
            f"hint ({name}): [bold]{escape(self.state.action_to_string(action))}[/bold] — "
            f"{escape(self.state.describe_action(action))}"
        )

    def undo(self, player: int) -> None:
        if not self.game.info.perfect_information:
            self.console.print(
                "[yellow]undo is off in this game: it would let you look at hidden cards "
                "and take the move back.[/yellow]"
            )
            return
        history = list(self.state.history)
        # Take back moves until the last move of this player is gone.
        cut = None
        probe = self.game.new_initial_state(self.seed)
        for i, a in enumerate(history):
            if probe.current_player() == player and len(probe.legal_actions()) > 1:
                cut = i
            probe.apply_legal_action(a)
        if cut is None:
            self.console.print("[yellow]nothing to undo[/yellow]")
            return
        self.state = rebuild(self.game, self.seed, history[:cut])
        self.resolve_chance()
        self.console.print(f"took back {len(history) - cut} move(s)")
        self.show(player)

    def record(self) -> Record:
        labels = []
        for p in range(self.game.num_players()):
            labels.append("human" if p in self.human_seats else self.opponents[p].label())
        return record_of(self.state, self.seed, labels, self.forfeit)

    def save(self, path: Path | None) -> None:
        if path is None:
            self.console.print("[yellow]say where: save FILE[/yellow]")
            return
        try:
            save_record(path, self.record())
        except OSError as e:
            self.console.print(f"[red]cannot save to {escape(str(path))}: {escape(str(e))}[/red]")
            return
        self.console.print(f"saved to {escape(str(path))}")

    def finish(self, viewer: int) -> None:
        if self.forfeit is not None:
            self.console.print(
                f"[bold red]player {self.forfeit['player']} {self.forfeit['reason']} "
                "and loses[/bold red]"
            )
        else:
            self.show(viewer)
            self.console.print(f"[bold]{escape(self.state.outcome())}[/bold]")
        scores = ", ".join(f"{s:g}" for s in self.state.scores())
        self.console.print(f"final scores: {scores}")
        key = self.state.best_score_key()
        if key is not None and self.scorebook is not None and self.forfeit is None:
            score = float(self.state.scores()[0])
            previous, is_new = self.scorebook.submit(key, score)
            if self.scorebook.warning:
                self.console.print(f"[yellow]{escape(self.scorebook.warning)}[/yellow]")
            if previous is None:
                self.console.print(f"first score recorded for these settings: {score:g}")
            elif is_new:
                self.console.print(f"[green]new best score! (previous best {previous:g})[/green]")
            else:
                self.console.print(f"best score for these settings: {previous:g}")
        if self.save_path is not None:
            self.save(self.save_path)
