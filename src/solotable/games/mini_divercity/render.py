"""The table drawn as Rich markup, from the observation only (so nothing hidden shows)."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from solotable.games.mini_divercity.game import MiniDiverCityGame

_ZONE = {"red": 0, "blue": 1, "green": 2}
_COLOUR_STYLE = {
    "red": "red",
    "green": "green",
    "blue": "blue",
    "orange": "dark_orange",
    "purple": "magenta",
    "yellow": "yellow",
}


COLUMN = 50
"""Where the second column of the scale starts: 12 species in 6 lines keeps the screen short."""
RECENT = 4
"""Log lines on the table; the front end shows every event since the last move anyway."""
TRACK_WIDTH = {"saved": 10, "eliminated": 11}


def _visible(state: str) -> int:
    """Screen width of a scale cell (name and track), for aligning the second column."""
    return 2 + 22 + 1 + TRACK_WIDTH.get(state, 9)


def _scale_cell(names: dict[str, str], sid: str, state: str) -> str:
    return f"  {names[sid]:<22} {_track(state)}"


def _track(state: str) -> str:
    """Three coloured cells with the token (●) on its zone, or the final status."""
    if state == "saved":
        return "[bold green]  SAVED ✔ [/]"
    if state == "eliminated":
        return "[bold red]ELIMINATED ✘[/]"
    cells = []
    for zone, style in (
        ("red", "white on red"),
        ("blue", "white on blue"),
        ("green", "black on green"),
    ):
        mark = " ● " if zone == state else "   "
        cells.append(f"[{style}]{mark}[/]")
    return "".join(cells)


def render(game: MiniDiverCityGame, obs: dict[str, Any]) -> str:
    t = game.tables
    names = dict(zip(t.species_ids, t.species_names, strict=True))
    diver_names = dict(zip(t.diver_ids, t.diver_names, strict=True))
    goal = obs["goal"]
    out: list[str] = []
    out.append(
        f"[bold cyan]Mini DiverCity — solo[/]   turn {obs['turn']}   "
        f"saved [bold green]{obs['saved']}[/]/{goal['save']}   "
        f"eliminated [bold red]{obs['eliminated']}[/]/{goal['eliminated_limit']}   "
        f"hotels [bold]{obs['hotels']}[/]/6"
    )
    out.append("[bold]Scale[/]  (red ← blue → green; two steps decide a species)")
    head = f"  {'':<22} [red] R [/][blue] B [/][green] G [/]"
    out.append(head + " " * (COLUMN - 2 - 22 - 1 - 9) + head)
    scale = list(obs["scale"].items())
    half = (len(scale) + 1) // 2
    for left, right in zip(scale[:half], [*scale[half:], None], strict=False):
        line = _scale_cell(names, *left)
        if right is not None:
            line += " " * (COLUMN - _visible(left[1])) + _scale_cell(names, *right)
        out.append(line)
    islands = []
    for col, side in obs["islands"].items():
        style = _COLOUR_STYLE.get(col, "white")
        label = "HOTEL" if side == "hotel" else "island"
        islands.append(
            f"[{style}]{col}[/]:{'[bold]' + label + '[/]' if side == 'hotel' else label}"
        )
    out.append("[bold]Islands[/] " + "  ".join(islands))
    divers = [
        f"{diver_names[d]} ({'[green]ready[/]' if v == 'ready' else '[dim]used[/]'})"
        for d, v in obs["divers"].items()
    ]
    out.append("[bold]Divers[/]  " + ", ".join(divers))
    hand = obs["hand"]

    def card(slot: str) -> str:
        v = hand[slot]
        if v is None:
            return f"{slot}: [dim]—[/]"
        if v == "?":
            return f"{slot}: [reverse] ?? [/]"
        state = obs["scale"][v]
        return f"{slot}: [bold]{names[v]}[/] [dim]({state})[/]"

    out.append("[bold]Lagoon[/] " + "   ".join(card(s) for s in ("l1", "l2")))
    out.append("[bold]Ocean[/]  " + "   ".join(card(s) for s in ("o1", "o2", "o3")))
    sd, sx = obs["species_deck"], obs["species_discard"]
    cd, cx = obs["corporation_deck"], obs["corporation_discard"]
    top = f", top face up: [bold]{names[sd['top']]}[/]" if sd["top"] else ""
    out.append(f"Species deck {sd['size']}{top}   discard {sx['size']}" + _seen(sx, names))
    known = ", ".join(cd["known_top"])
    ktxt = f", known from the top: {known}" if known else ""
    out.append(f"Corporation deck {cd['size']}{ktxt}   discard {cx['size']}" + _seen(cx, None))
    for key, label in (("captain_cards", "Captain drew"), ("visionary_cards", "Visionary holds")):
        if obs[key]:
            out.append(f"{label}: " + ", ".join(obs[key]))
    if obs["visionary_placed"]:
        out.append("Visionary order so far (top first): " + ", ".join(obs["visionary_placed"]))
    out.append("[bold]Recent events[/] ('log' lists everything since your last move)")
    for line in obs["log"][-RECENT:]:
        out.extend(_wrap(line, "  "))
    res = obs["result"]
    if res is not None:
        colour = "green" if res["result"] == "win" else "red"
        out.append(f"[bold {colour}]{'VICTORY' if res['result'] == 'win' else 'DEFEAT'}[/]")
        out.extend(_wrap(res["text"], ""))
        out.append(
            f"saved {res['saved']} / eliminated {res['eliminated']} / hotels {res['hotels']}"
        )
    elif obs["decision"] is not None:
        win = obs.get("win")
        if win is not None and not win["reachable"]:
            out.append(
                f"[bold red]The win is out of reach[/]: {win['more_needed']} more needed, "
                f"at most {win['max_more_saves']} can still be saved (you may play on or resign)"
            )
        tt = obs["this_turn"]
        flags = []
        if tt["special_action_used"]:
            flags.append("special action done")
        if tt["quick_exploration_used"]:
            flags.append("quick exploration done")
        extra = f"  [dim]({', '.join(flags)})[/]" if flags else ""
        lines = _wrap(obs["decision"]["text"], "")
        lines[0] = "[bold yellow]›[/] " + lines[0]
        lines[-1] += extra
        out.extend(lines)
    return "\n".join(out)


def _wrap(text: str, indent: str) -> list[str]:
    """Plain text wrapped to the screen, with Rich's ``[`` escaped."""
    return [
        indent + line.replace("[", "\\[")
        for line in textwrap.wrap(text, 94, subsequent_indent="  ")
    ] or [indent]


def _seen(pile: dict[str, Any], names: dict[str, str] | None) -> str:
    txt = ""
    if pile["top"]:
        top = names[pile["top"]] if names else pile["top"]
        txt += f" (top: {top})"
    if pile["looked"]:
        txt += " [dim]\\[looked through][/]"
    if pile["contents"] is not None:
        items = ", ".join(
            f"{(names[k] if names else k)}×{n}" for k, n in sorted(pile["contents"].items())
        )
        txt += f"\n  contents: {items}"
    return txt
