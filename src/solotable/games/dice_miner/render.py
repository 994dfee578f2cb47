"""The table as Rich markup, drawn from an observation only, in the player's language.

The mountain is a pyramid, top row first, each row indented by half a cell so every die sits
between its two supports; exposed dice are bold and starred, covered ones dim. The
collection is grouped the way the score is counted. Dice are face codes in the observation;
the game's ``card_catalog()`` says what each code shows, and every word comes from the
``Translator`` (dice through the formatter's ``dice-miner.*`` messages).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from solotable.core.message import Translator, msg

CELL = 16
COLOURS = {
    "tunnel": "white",
    "treasure": "yellow",
    "magic": "blue",
    "hazard": "red",
    "tool": "green",
}
TYPES = ("tunnel", "treasure", "magic", "hazard", "tool")

Faces = Mapping[int, Mapping[str, Any]]


def _say(t: Translator, key: str, face: Mapping[str, Any]) -> str:
    return t.say(msg(key, type=face["type"], symbols=face["symbols"]))


def _cell(t: Translator, name: str, face: Mapping[str, Any], exposed: bool, cell: int) -> str:
    colour = COLOURS.get(str(face["type"]), "white")
    text = (
        f"{name}:{_say(t, 'dice-miner.type-short', face)} {_say(t, 'dice-miner.face-short', face)}"
    )
    pad = " " * max(1, cell - len(text) - 1)
    if exposed:
        return f"[bold {colour}]*{text}[/bold {colour}]{pad}"
    return f"[dim {colour}] {text}[/dim {colour}]{pad}"


def render_mountain(obs: Mapping[str, Any], t: Translator, faces: Faces) -> list[str]:
    rows: list[int] = obs["rows"]
    names: list[str] = obs["slots"]
    dice: list[int | None] = obs["position"]["mountain"]
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
                cells.append(_cell(t, names[s], faces[d], names[s] in exposed, cell))
        lines.append(indent + "".join(cells).rstrip())
    return lines


def _dice_list(
    t: Translator, counts: Sequence[int], faces: Faces, tname: str, key: str = "dice-miner.face"
) -> str:
    out = []
    for code, n in enumerate(counts):
        if n and faces[code]["type"] == tname:
            words = _say(t, key, faces[code])
            out.append(t._("%(face)s ×%(n)s", face=words, n=n) if n > 1 else words)
    return ", ".join(out) or "—"


def _line(t: Translator, colour: str, label: str, text: str) -> str:
    """``  Label: text`` with the label coloured (and the colon where the language puts it)."""
    coloured = "[" + colour + "]" + label + "[/" + colour + "]"
    return "  " + t._("%(label)s:", label=coloured) + " " + text


def render_collection(obs: Mapping[str, Any], t: Translator, faces: Faces) -> list[str]:
    pos = obs["position"]
    coll: list[int] = pos["collection"]
    hidden: list[int] = pos["hidden"]
    shown = [c - h for c, h in zip(coll, hidden, strict=True)]
    tools = obs["tools"]
    runs = obs["open_runs"]
    open_runs = [
        t.ngettext("%(n)s ending at %(top)s", "%(n)s ending at %(top)s", n, top=top)
        for top, n in sorted(runs.items())
        if top != "5"
    ]
    full = t.ngettext("%(n)s full run 1–5", "%(n)s full runs 1–5", obs["full_runs"])
    runs_text = (
        t._("open: %(runs)s", runs=", ".join(open_runs)) if open_runs else t._("no open run")
    )
    gems = _dice_list(t, shown, faces, "treasure")
    gems += "   " + t._("hidden (×2): %(dice)s", dice=_dice_list(t, hidden, faces, "treasure"))
    tool_text = ", ".join(
        [
            t._("shields %(free)s/%(total)s free", **tools["shield"]),
            t._("pickaxes %(free)s/%(total)s free", **tools["pickaxe"]),
            t._("chests %(free)s/%(total)s free", **tools["chest"]),
        ]
    )
    symbols = t.ngettext(
        "%(n)s magic symbol available",
        "%(n)s magic symbols available",
        obs["magic_symbols"],
    )
    spent = t.ngettext("%(n)s die spent", "%(n)s dice spent", pos["removed"])
    magic = _dice_list(t, coll, faces, "magic", "dice-miner.face-short")
    magic += "  (" + t._("; ").join([symbols, spent]) + ")"
    return [
        "[bold]" + t._("Collection") + "[/bold]",
        _line(t, "white", t._("Tunnels"), full + t._("; ") + runs_text),
        _line(t, "yellow", t._("Treasure"), gems),
        _line(t, "red", t._("Dangers neutralised"), _dice_list(t, coll, faces, "hazard")),
        _line(t, "green", t._("Tools"), tool_text),
        _line(t, "blue", t._("Magic"), magic),
    ]


def _bag(t: Translator, bag: Sequence[int]) -> str:
    parts = [
        f"{t.say(msg('dice-miner.type', type=name))} {t.num(n)}"
        for name, n in zip(TYPES, bag, strict=True)
    ]
    return ", ".join(parts)


def render(obs: Mapping[str, Any], t: Translator, catalog: Sequence[Mapping[str, Any]]) -> str:
    """The whole table; ``catalog`` is the game's ``card_catalog()`` (faces and bands)."""
    faces = {int(e["code"]): e for e in catalog if e["kind"] == "face"}
    bands = {str(e["name"]): e for e in catalog if e["kind"] == "band"}
    pos = obs["position"]
    lines = [
        "[bold]" + t._("Dice Miner — solo") + "[/bold]",
        t._("Refills left: %(n)s", n=obs["refills_left"])
        + "   "
        + t.ngettext(
            "Bag: %(n)s die (%(types)s)",
            "Bag: %(n)s dice (%(types)s)",
            obs["bag_total"],
            types=_bag(t, pos["bag"]),
        ),
        "",
        t._("[bold]Mountain[/bold] ([bold]*[/bold] = exposed, can be taken; top row first)"),
        *render_mountain(obs, t, faces),
        "",
        *render_collection(obs, t, faces),
        "",
    ]
    score = obs["score"]
    band = str(obs["band"])
    if obs["over"]:
        outcome = msg(
            "dice-miner.outcome", score=score["total"], band=band, end=obs["end"] or "stopped"
        )
        text = bands[band]["text"] if band in bands else ""
        rows = [
            (t._("Neutralised dangers"), score["dangers"]),
            (t._("Treasure (visible)"), score["treasure"]),
            (t._("Treasure (hidden)"), score["hidden_treasure"]),
            (t._("Full tunnel runs"), score["tunnels"]),
            (t._("Total"), score["total"]),
        ]
        labels = [t._("%(label)s:", label=label) for label, _value in rows]
        width = max(len(label) for label in labels)
        table = [f"  {label:<{width}} {v:>3}" for label, (_l, v) in zip(labels, rows, strict=True)]
        table[-1] = "[bold]" + table[-1] + "[/bold]"
        name = "[bold]" + t.term(band) + "[/bold]"
        rating = t._("Rating: %(band)s — %(text)s", band=name, text=t.term(text))
        lines += [
            "[bold]" + t._("Game over") + "[/bold] — " + t.say(outcome),
            *table,
            "  " + rating,
        ]
    else:
        lines.append(t._("Score so far: %(n)s (%(band)s)", n=score["total"], band=t.term(band)))
        if obs["phase"] == "recycle":
            lines.append(
                t.ngettext(
                    "[bold]Send %(n)s die from the top back to the bag[/bold]: 'recycle SLOT'",
                    "[bold]Send %(n)s dice from the top back to the bag[/bold]: 'recycle SLOT'",
                    obs["recycles_left"],
                )
            )
        elif obs["phase"] == "start-face":
            lines.append(t._("[bold]A starting Magic die rolled beer[/bold]: 'face magicN'"))
        else:
            lines.append(
                t._("Moves: take SLOT \\[as FACE] \\[hide] · spend magicN · refill · stop")
            )
    return "\n".join(lines)
