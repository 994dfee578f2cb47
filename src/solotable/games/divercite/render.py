"""Terminal view of a Divercité observation, as Rich markup.

The board is drawn upright like the printed diamonds (spec §2.2): rows 9 to 1,
columns A to I, each square a 4-character cell, so a city's scoring
neighbours are the four diagonal cells around it. Colours are also spelt as
letters (R G B Y) so the board stays readable without colour.
"""

from __future__ import annotations

from typing import Any

from solotable.core.events import counted
from solotable.core.game import Observation
from solotable.games.divercite.board import PLAYER_NAMES

_STYLE = {"red": "red", "green": "green", "blue": "dodger_blue1", "yellow": "yellow"}
_LETTER = {"red": "R", "green": "G", "blue": "B", "yellow": "Y"}
_CELL = 4


def points(n: int) -> str:
    return counted(n, "point")


def _cell(square: str, piece: dict[str, Any] | None, last: str | None) -> str:
    is_city = square[0] in "BDFH"
    if piece is None:
        text = " ·  " if not is_city else " ▫  "
        return f"[bright_black]{text}[/]"
    if piece["piece"] == "neutral":
        body = " ◐  "
        style = "bold white"
    elif piece["piece"] == "resource":
        body = f" ●{_LETTER[piece['colour']]} "
        style = _STYLE[piece["colour"]]
    else:
        owner = "W" if piece["owner"] == 0 else "B"
        body = f"{owner}■{_LETTER[piece['colour']]} "
        style = "bold " + _STYLE[piece["colour"]]
    if last == square:
        style += " underline"
    return f"[{style}]{body}[/]"


def _square_exists(col: str, row: int) -> bool:
    i = "ABCDEFGHI".index(col)
    return (i % 2 == 0 and row % 2 == 1) or (i % 2 == 1 and row % 2 == 0)


def _supply_line(obs: Observation, p: int) -> str:
    sup = obs["supply"][p]
    parts = []
    for kind, label in (("cities", "cities"), ("resources", "resources")):
        items = " ".join(
            f"[{_STYLE[c]}]{_LETTER[c]}{n}[/]" if n else f"[bright_black]{_LETTER[c]}0[/]"
            for c, n in sup[kind].items()
        )
        parts.append(f"{label} {items}")
    return "  ".join(parts)


def render(obs: Observation) -> str:
    board: dict[str, dict[str, Any]] = obs["board"]
    moves: list[str] = obs.get("moves", [])
    last = moves[-1].split()[-1] if moves else None
    lines = ["     " + "".join(f"{c:<{_CELL}}" for c in "ABCDEFGHI")]
    for row in range(9, 0, -1):
        cells = []
        for col in "ABCDEFGHI":
            sq = f"{col}{row}"
            cells.append(_cell(sq, board.get(sq), last) if _square_exists(col, row) else "    ")
        lines.append(f"  {row}  " + "".join(cells))
    lines.append(
        "[bright_black]  ● resource   W■ B■ White's / Black's city   ◐ neutral   · ▫ empty[/]"
    )
    lines.append("")
    viewer = obs.get("player")
    for p in (0, 1):
        you = " (you)" if viewer == p else ""
        first = " ◐ first" if obs["first_player"] == p else ""
        arrow = "▶ " if obs.get("to_move") == p else "  "
        lines.append(
            f"{arrow}[bold]{PLAYER_NAMES[p]}{you}[/]{first}: [bold]{points(obs['scores'][p])}[/]   "
            + _supply_line(obs, p)
        )
    if moves:
        lines.append(f"[bright_black]ply {obs['ply']}/41, last move {moves[-1]}[/]")
    if obs.get("terminal"):
        lines.extend(_end_screen(obs))
    elif obs.get("to_move") is not None:
        hint = (
            "e.g. N E3 (neutral token)"
            if obs.get("neutral_turn")
            else "e.g. CR D6 (red city), RG C7 (green resource)"
        )
        lines.append(f"{PLAYER_NAMES[obs['to_move']]} to move: {hint}")
    return "\n".join(lines)


def _end_screen(obs: Observation) -> list[str]:
    result = obs["result"]
    w = result["winner"]
    head = "Shared result" if w is None else f"{PLAYER_NAMES[w]} wins"
    lines = ["", f"[bold reverse] {head} [/]", result["outcome"], "", "[bold]City scores[/]"]
    for p in (0, 1):
        rows = [b for b in result["breakdown"] if b["owner"] == p]
        lines.append(f"[bold]{PLAYER_NAMES[p]}[/] — {points(obs['scores'][p])}")
        for b in rows:
            neigh = " ".join(
                f"{sq}:" + ("◐" if what == "neutral" else _LETTER.get(what, "·"))
                for sq, what in b["neighbours"]
            )
            why = "Divercité!" if b["divercite"] else f"{b['points']} matching"
            style = _STYLE[b["colour"]]
            lines.append(
                f"  {b['square']} [{style}]{b['colour']:<6}[/] around {neigh}  → "
                f"[bold]{b['points']}[/] ({why})"
            )
    return lines
