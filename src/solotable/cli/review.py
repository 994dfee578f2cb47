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
from solotable.core.errors import RecordError
from solotable.core.message import msg
from solotable.core.record import Record, game_of, record_from_doc
from solotable.core.registry import game_class
from solotable.session.advice import amount
from solotable.session.review import Review, agent_spec, review_record
from solotable.session.savefile import is_session_save, load_session, read_save
from solotable.words import words


def load_finished(path: Path) -> Record:
    """A finished game's record, from a record file or a finished session save."""
    doc = read_save(path)
    if is_session_save(doc):
        session = load_session(path, play=False)  # shown: no agent is built
        if not session.is_over():
            raise RecordError(msg("core.review.unfinished", path=str(path)))
        return session.record()
    return record_from_doc(doc, str(path))


def print_review(console: Console, review: Review) -> None:
    """Every reviewed move (marks, the best alternative and its reason), then a summary,
    in the player's language; seats by the game's names for them."""
    w = words()
    t = w.shared
    n_players = game_class(review.game).info.num_players  # the record replayed: a known game

    def seat(p: int) -> str:
        return w.say(msg("core.seat", game=review.game, seat=p, agent=None, players=n_players))

    for n in review.notes:
        line = f"{n.index + 1:>4} {seat(n.seat)} {n.played}{n.mark}  {w.say(n.annotation())}"
        close = n.close
        style = None if close else "bold red" if n.mark == "??" else ("yellow" if n.mark else None)
        console.print(escape(line), style=style)
    for p, s in review.summary().items():
        worst = sorted((n for n in review.notes if n.seat == p and n.mark), key=lambda n: -n.loss)[
            :3
        ]
        decisions = t.ngettext("%(n)s decision", "%(n)s decisions", s["decisions"])
        mistakes = t.ngettext("%(n)s mistake (?)", "%(n)s mistakes (?)", s["mistakes"])
        blunders = t.ngettext("%(n)s blunder (??)", "%(n)s blunders (??)", s["blunders"])
        loss = w._(
            "expected loss %(total)s in all (%(mean)s a move)",
            total=amount(s["total_loss"], s["unit"]),
            mean=amount(s["mean_loss"], s["unit"]),
        )
        console.print(
            escape(
                w._(
                    "%(seat)s: %(decisions)s, %(loss)s, %(mistakes)s, %(blunders)s",
                    seat=seat(p),
                    decisions=decisions,
                    loss=loss,
                    mistakes=mistakes,
                    blunders=blunders,
                )
            )
        )
        for n in worst:
            console.print(
                escape(
                    "  "
                    + w._(
                        "worst: move %(n)s %(played)s%(mark)s → %(best)s",
                        n=n.index + 1,
                        played=n.played,
                        mark=n.mark,
                        best=n.best,
                    )
                )
            )


def review(
    record: Annotated[Path, typer.Argument(help="A finished game's record or save (JSON).")],
    seat: Annotated[
        list[int] | None,
        typer.Option("--seat", help="Seat to review (repeatable; default: the human seats)."),
    ] = None,
    budget: Annotated[
        str | None,
        typer.Option(help="Hint agent parameters, e.g. upto=16 (deals) or depth=2 (Divercité)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Annotate every move with the best alternative and its expected loss; mark mistakes."""
    console = Console(highlight=False)
    rec = load_finished(record)
    spec = agent_spec(game_of(rec).info.hint_agent, budget)
    # a 51st State review takes a minute: show that it moves (stderr, tty only)
    with progress_bar(Console(stderr=True, highlight=False)) as progress:
        task = progress.add_task(words()._("reviewing moves"), total=len(rec.actions))
        result = review_record(
            rec, spec, seat or None, lambda done, total: progress.update(task, completed=done)
        )
    if as_json:
        print(json.dumps(result.to_dict(), indent=2, ensure_ascii=False))
        return
    print_review(console, result)
