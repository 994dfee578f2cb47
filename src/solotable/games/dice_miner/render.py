"""The table as Rich markup, drawn from an observation only.

The mountain is a pyramid, top row first, each row indented by half a cell so
every die sits between its two supports; exposed dice are bold and starred,
covered ones dim. The collection is grouped the way the score is counted.
"""

from __future__ import annotations

from typing import Any

from solotable.core.events import counted

CELL = 16
COLOURS = {
    "tunnel": "white",
    "treasure": "yellow",
    "magic": "blue",
    "hazard": "red",
    "tool": "green",
}


def _cell(name: str, die: str, exposed: bool, cell: int) -> str:
    tname, label = die.split()
    colour = COLOURS.get(tname, "white")
    short = tname[:3].upper()
    text = f"{name}:{short} {label}"
    pad = " " * max(1, cell - len(text) - 1)
    if exposed:
        return f"[bold {colour}]*{text}[/bold {colour}]{pad}"
    return f"[dim {colour}] {text}[/dim {colour}]{pad}"


def render_mountain(obs: dict[str, Any]) -> list[str]:
    rows: list[int] = obs["rows"]
    names: list[str] = obs["slots"]
    dice: list[str | None] = obs["position"]["mountain"]
    exposed = set(obs["exposed"])
    lines: list[str] = []
    first = [sum(rows[:r]) for r in range(len(rows))]
    cell = max(10, min(CELL, 98 // rows[0]))
    for r in range(len(rows) - 1, -1, -1):
        indent = " " * ((rows[0] - rows[r]) * cell // 2)
        cells = []
        for i in range(rows[r]):
            s = first[r] + i
            d = dice[s]
            if d is None:
                cells.append(f"[dim] {names[s]}: ·[/dim]" + " " * max(1, cell - len(names[s]) - 4))
            else:
                cells.append(_cell(names[s], d, names[s] in exposed, cell))
        lines.append(indent + "".join(cells).rstrip())
    return lines


def _dice_list(collection: dict[str, int], tname: str, hidden: dict[str, int]) -> list[str]:
    out = []
    for die, n in collection.items():
        t, label = die.split()
        if t != tname:
            continue
        shown = n - hidden.get(die, 0)
        if shown:
            out.append(f"{label}×{shown}" if shown > 1 else label)
    return out


def render_collection(obs: dict[str, Any]) -> list[str]:
    pos = obs["position"]
    coll: dict[str, int] = pos["collection"]
    hidden: dict[str, int] = pos["hidden"]
    tools = obs["tools"]
    runs = obs["open_runs"]
    lines = ["[bold]Collection[/bold]"]
    run_text = ", ".join(f"{n} ending at {top}" for top, n in sorted(runs.items()) if top != "5")
    lines.append(
        f"  [white]Tunnels[/white]: {counted(obs['full_runs'], 'full run')} 1–5"
        + (f"; open: {run_text}" if run_text else "; no open run")
    )
    gems = _dice_list(coll, "treasure", hidden)
    hid = [f"{d.split()[1]}×{n}" if n > 1 else d.split()[1] for d, n in hidden.items()]
    lines.append(
        f"  [yellow]Treasure[/yellow]: {', '.join(gems) or '—'}"
        f"   hidden (×2): {', '.join(hid) or '—'}"
    )
    dangers = _dice_list(coll, "hazard", {})
    lines.append(
        f"  [red]Dangers neutralised[/red]: {', '.join(dangers) or '—'}"
        "  (dragons on shields, cave-ins on pickaxes)"
    )
    tool_bits = []
    for name in ("shield", "pickaxe", "chest"):
        t = tools[name]
        tool_bits.append(f"{name} {t['free']}/{t['total']} free")
    lines.append(f"  [green]Tools[/green]: {', '.join(tool_bits)}")
    magic = ", ".join(f"{k}×{n}" if n > 1 else k for k, n in obs["magic_dice"].items())
    symbols = counted(obs["magic_symbols"], "magic symbol")
    lines.append(
        f"  [blue]Magic[/blue]: {magic or '—'}  ({symbols} available; {pos['removed']} spent)"
    )
    return lines


def render(obs: dict[str, Any]) -> str:
    pos = obs["position"]
    bag = ", ".join(f"{t} {n}" for t, n in pos["bag"].items())
    lines = [
        "[bold]Dice Miner — solo[/bold]",
        f"Refills left: {obs['refills_left']}   "
        f"Bag: {counted(obs['bag_total'], 'die', 'dice')} ({bag})",
        "",
        "[bold]Mountain[/bold] ([bold]*[/bold] = exposed, can be taken; top row first)",
        *render_mountain(obs),
        "",
        *render_collection(obs),
        "",
    ]
    score = obs["score"]
    if obs["over"]:
        lines += [
            "[bold]Game over[/bold] — " + obs["outcome"],
            f"  Neutralised dangers: {score['dangers']:>3}",
            f"  Treasure (visible):  {score['treasure']:>3}",
            f"  Treasure (hidden):   {score['hidden_treasure']:>3}",
            f"  Full tunnel runs:    {score['tunnels']:>3}",
            f"  [bold]Total:               {score['total']:>3}[/bold]",
            f"  Rating: [bold]{obs['band']}[/bold] — {obs['band_text']}",
        ]
    else:
        lines.append(f"Score so far: {score['total']} ({obs['band']})")
        if obs["phase"] == "recycle":
            lines.append(
                f"[bold]Recycle {counted(obs['recycles_left'], 'exposed die', 'exposed dice')}"
                "[/bold]: 'recycle SLOT'"
            )
        elif obs["phase"] == "start-face":
            lines.append("[bold]A starting Magic die rolled beer[/bold]: 'face magicN'")
        else:
            lines.append("Moves: take SLOT \\[as FACE] \\[hide] · spend magicN · refill · stop")
    return "\n".join(lines)
