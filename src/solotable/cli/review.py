"""``solotable review RECORD``: a finished game annotated move by move.

Kept in its own module so ``cli/main`` only registers it. The budget is the
hint agent's parameters (``--budget samples=4`` for PIMC, ``depth=2`` for
Divercité); it is fixed, not a time, so the same record always gets the same
review.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from solotable.cli.progress import progress_bar
from solotable.core.advice import amount
from solotable.core.errors import RecordError
from solotable.core.record import Record, game_of, record_from_doc
from solotable.core.review import Review, agent_spec, review_record
from solotable.core.savefile import is_session_save, load_session, read_save


def load_finished(path: Path) -> Record:
    """A finished game's record, from a record file or a finished session save."""
    doc = read_save(path)
    if is_session_save(doc):
        session = load_session(path, play=False)  # shown: no agent is built
        if not session.is_over():
            raise RecordError(f"{path}: the game is not finished; review needs a finished game")
        return session.record()
    return record_from_doc(doc, str(path))


def print_review(console: Console, review: Review) -> None:
    """Every reviewed move (marks, the best alternative and its reason), then a summary."""
    for n in review.notes:
        line = f"{n.index + 1:>4} seat {n.seat} {n.played}{n.mark}"
        if n.played == n.best or n.loss <= n.spread:
            console.print(escape(f"{line}  best or close ({n.played_reason})"))
            continue
        console.print(
            escape(
                f"{line}  best: {n.best}, loses ≈ {amount(n.loss, n.unit)} "
                f"(± {n.spread:.2g}) — {n.best_reason}"
            ),
            style="bold red" if n.mark == "??" else ("yellow" if n.mark else None),
        )
    for seat, s in review.summary().items():
        worst = sorted(
            (n for n in review.notes if n.seat == seat and n.mark), key=lambda n: -n.loss
        )[:3]
        console.print(
            f"seat {seat}: {s['decisions']} decisions, expected loss "
            f"{amount(s['total_loss'], s['unit'])} in all ({amount(s['mean_loss'], s['unit'])} "
            f"a move), {s['mistakes']} mistakes (?), {s['blunders']} blunders (??)"
        )
        for n in worst:
            console.print(escape(f"  worst: move {n.index + 1} {n.played}{n.mark} → {n.best}"))


def review(
    record: Annotated[Path, typer.Argument(help="A finished game's record or save (JSON).")],
    seat: Annotated[
        list[int] | None,
        typer.Option("--seat", help="Seat to review (repeatable; default: the human seats)."),
    ] = None,
    budget: Annotated[
        str | None,
        typer.Option(help="Hint agent parameters, e.g. samples=4 (PIMC) or depth=2 (Divercité)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Annotate every move with the best alternative and its expected loss; mark mistakes."""
    console = Console(highlight=False)
    rec = load_finished(record)
    spec = agent_spec(game_of(rec).info.hint_agent, budget)
    # a 51st State review takes a minute: show that it moves (stderr, tty only)
    with progress_bar(Console(stderr=True, highlight=False)) as progress:
        task = progress.add_task("reviewing moves", total=len(rec.actions))
        result = review_record(
            rec, spec, seat or None, lambda done, total: progress.update(task, completed=done)
        )
    if as_json:
        print(json.dumps(result.to_dict(), indent=2, ensure_ascii=False))
        return
    print_review(console, result)
