"""Terminal view of a Divercité observation, as Rich markup, in the player's language.

The board is drawn upright like the printed diamonds (spec §2.2): rows 9 to 1,
columns A to I, each square a 4-character cell, so a city's scoring
neighbours are the four diagonal cells around it. Colours are also spelt as
the notation's letters (R G B Y) so the board stays readable without colour; a
key line says them in words. Every word comes through the ``Translator`` handed in
(``t``), so the same view serves English, French and the test pseudo-locale; the screen
fits 100 × 30, the end screen's per-city table included (two columns, one per player).
"""

from __future__ import annotations

from typing import Any

from solotable.core.game import Observation
from solotable.core.message import Msg, Translator

_STYLE = {"red": "red", "green": "green", "blue": "dodger_blue1", "yellow": "yellow"}
_LETTER = {"red": "R", "green": "G", "blue": "B", "yellow": "Y"}
"""The notation's colour letters (``CR D6``), kept in every language like the notation."""
_CELL = 4
_COLUMN = 42
"""Where Black's column of the end screen's city table starts."""


def seat_name(t: Translator, seat: int) -> str:
    """White or Black (seed: Préparation du jeu), in the player's language."""
    return t._("White") if seat == 0 else t._("Black")


def seat_letter(t: Translator, seat: int) -> str:
    """The one-letter mark of a city's owner on the board (W/B, in French B/N)."""
    return t.pgettext("seat letter", "W") if seat == 0 else t.pgettext("seat letter", "B")


def points(t: Translator, n: int) -> str:
    return t.ngettext("%(n)s point", "%(n)s points", n)


def _cell(t: Translator, square: str, piece: dict[str, Any] | None, last: str | None) -> str:
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
        body = f"{seat_letter(t, piece['owner'])}■{_LETTER[piece['colour']]} "
        style = "bold " + _STYLE[piece["colour"]]
    if last == square:
        style += " underline"
    return f"[{style}]{body}[/]"


def _square_exists(col: str, row: int) -> bool:
    i = "ABCDEFGHI".index(col)
    return (i % 2 == 0 and row % 2 == 1) or (i % 2 == 1 and row % 2 == 0)


def _supply_line(t: Translator, obs: Observation, p: int) -> str:
    sup = obs["supply"][p]
    parts = []
    for kind, label in (("cities", t._("cities")), ("resources", t._("resources"))):
        items = " ".join(
            f"[{_STYLE[c]}]{_LETTER[c]}{n}[/]" if n else f"[bright_black]{_LETTER[c]}0[/]"
            for c, n in sup[kind].items()
        )
        parts.append(f"{label} {items}")
    return "  ".join(parts)


def _legend(t: Translator) -> list[str]:
    w, b = seat_letter(t, 0), seat_letter(t, 1)
    return [
        "[bright_black]  "
        + t._(
            "● resource   %(w)s■ %(b)s■ White's / Black's city   ◐ neutral token   · ▫ empty",
            w=w,
            b=b,
        )
        + "[/]",
        "[bright_black]  " + t._("R red   G green   B blue   Y yellow") + "[/]",
    ]


def _player_line(t: Translator, obs: Observation, p: int) -> str:
    name = seat_name(t, p)
    if obs.get("player") == p:
        name = t._("%(seat)s (you)", seat=name)
    first = " " + t._("◐ first") if obs["first_player"] == p else ""
    arrow = "▶ " if obs.get("to_move") == p else "  "
    score = points(t, obs["scores"][p])
    who, worth = "[bold]" + name + "[/]" + first, "[bold]" + score + "[/]"
    head = t._("%(seat)s: %(points)s", seat=who, points=worth)
    return f"{arrow}{head}   " + _supply_line(t, obs, p)


def render(obs: Observation, t: Translator) -> str:
    board: dict[str, dict[str, Any]] = obs["board"]
    moves: list[str] = obs.get("moves", [])
    last = obs.get("last")
    lines = ["     " + "".join(f"{c:<{_CELL}}" for c in "ABCDEFGHI")]
    for row in range(9, 0, -1):
        cells = []
        for col in "ABCDEFGHI":
            sq = f"{col}{row}"
            cells.append(_cell(t, sq, board.get(sq), last) if _square_exists(col, row) else "    ")
        lines.append(f"  {row}  " + "".join(cells))
    lines.extend(_legend(t))
    lines.append("")
    lines.extend(_player_line(t, obs, p) for p in (0, 1))
    if moves:
        lines.append(
            "[bright_black]"
            + t._("ply %(ply)s/41, last move %(move)s", ply=obs["ply"], move=moves[-1])
            + "[/]"
        )
    if obs.get("terminal"):
        lines.extend(_end_screen(t, obs))
    elif obs.get("to_move") is not None:
        seat = seat_name(t, obs["to_move"])
        if obs.get("neutral_turn"):
            lines.append(t._("%(seat)s to move: e.g. N E3 (neutral token)", seat=seat))
        else:
            lines.append(
                t._("%(seat)s to move: e.g. CR D6 (red city), RG C7 (green resource)", seat=seat)
            )
    return "\n".join(lines)


def _city_entry(t: Translator, b: dict[str, Any]) -> tuple[str, int]:
    """One city of the end screen's table as markup, with its visible width."""
    neigh = " ".join(
        f"{sq}:" + ("◐" if what == "neutral" else _LETTER.get(what, "·"))
        for sq, what in b["neighbours"]
    )
    mark = " ★" if b["divercite"] else ""
    plain = f"  {b['square']} {_LETTER[b['colour']]}  {neigh}  → {b['points']}{mark}"
    style = _STYLE[b["colour"]]
    markup = (
        f"  {b['square']} [{style}]{_LETTER[b['colour']]}[/]  {neigh}  → "
        f"[bold]{b['points']}[/]{mark}"
    )
    return markup, len(plain)


def _end_screen(t: Translator, obs: Observation) -> list[str]:
    result = obs["result"]
    w = result["winner"]
    head = t._("Shared result") if w is None else t._("%(seat)s wins", seat=seat_name(t, w))
    outcome = t.say(Msg.from_json(result["outcome"]))
    lines = ["", f"[bold reverse] {head} [/]", outcome]
    titles = [
        t._("%(seat)s — %(points)s", seat=seat_name(t, p), points=points(t, obs["scores"][p]))
        for p in (0, 1)
    ]
    lines.append(
        f"[bold]{titles[0]}[/]" + " " * max(1, _COLUMN - len(titles[0])) + f"[bold]{titles[1]}[/]"
    )
    columns = [[_city_entry(t, b) for b in result["breakdown"] if b["owner"] == p] for p in (0, 1)]
    for i in range(max(len(c) for c in columns)):
        left, width = columns[0][i] if i < len(columns[0]) else ("", 0)
        right = columns[1][i][0] if i < len(columns[1]) else ""
        lines.append(left + " " * max(1, _COLUMN - width) + right)
    lines.append("[bright_black]  " + t._("★ Divercité: four different colours, 5 points") + "[/]")
    return lines
