"""``solotable agents``: the agents a player may pick, and apart, the research ones.

Research agents see hidden information (``core.agent.ResearchAgent``), so they
are never listed with the players' agents: ``--research`` lists them on their
own, each marked, for use in ``simulate`` and ``compare`` only.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from solotable.core.registry import (
    RESEARCH_LABEL,
    agent_names,
    game_class,
    game_names,
    research_agent_names,
)


def register(app: typer.Typer, console: Console) -> None:
    """Add ``agents`` to the CLI."""

    @app.command("agents")
    def agents_cmd(
        game: Annotated[str | None, typer.Argument(help="Game name (default: every game).")] = None,
        research: Annotated[
            bool,
            typer.Option(
                "--research",
                help="List the research agents instead (they see hidden information; "
                "simulate and compare only).",
            ),
        ] = False,
        as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    ) -> None:
        """List the agents you can play with (or, with --research, the research ones)."""
        names = [game_class(game).info.name] if game is not None else game_names()
        rows: list[dict[str, Any]] = []
        for name in names:
            found = research_agent_names(name) if research else agent_names(name)
            for agent, summary in found:
                row = {"game": name, "agent": agent, "summary": summary}
                if research:
                    row["research"] = RESEARCH_LABEL
                rows.append(row)
        if as_json:
            print(json.dumps(rows, ensure_ascii=False))
            return
        title = f"research agents — {RESEARCH_LABEL}" if research else "agents"
        table = Table(title=title)
        for col in ("game", "agent", "summary"):
            table.add_column(col)
        for r in rows:
            table.add_row(escape(r["game"]), escape(r["agent"]), escape(r["summary"]))
        console.print(table)
        if research:
            console.print(
                "[yellow]These see hidden information: use them with simulate or compare "
                "to measure an upper bound; play, hints and the web table refuse them.[/yellow]"
            )
