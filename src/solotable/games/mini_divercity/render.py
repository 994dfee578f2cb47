"""The table drawn as Rich markup, from the observation only (so nothing hidden shows).

Every word comes through the translator it is handed (``t``): names of species and Divers
are terms of the data file, log entries and prompts are the game's messages
(``solotable.words`` says ``mini-divercity.event.<kind>`` and ``…prompt.<kind>``). Slots keep
their notation names (``l1`` … ``o3``), which the terminal player types.
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

from solotable.core.message import Msg, Translator

if TYPE_CHECKING:
    from solotable.games.mini_divercity.game import MiniDiverCityGame

_COLOUR_STYLE = {
    "red": "red",
    "green": "green",
    "blue": "blue",
    "orange": "dark_orange",
    "purple": "magenta",
    "yellow": "yellow",
}
RECENT = 4
"""Log lines on the table; the front end shows every event since the last move anyway."""
WIDTH = 94


def _m(key: str, **args: Any) -> Msg:
    return Msg(f"mini-divercity.{key}", args)


def _pad(text: str, width: int) -> str:
    return text + " " * max(width - len(text), 0)


class _View:
    """The words the screen needs, said once per render."""

    def __init__(self, game: MiniDiverCityGame, t: Translator) -> None:
        tb = game.tables
        self.t = t
        self.species = {
            sid: t.term(n) for sid, n in zip(tb.species_ids, tb.species_names, strict=True)
        }
        self.divers = {did: t.term(n) for did, n in zip(tb.diver_ids, tb.diver_names, strict=True)}
        self.place = {
            "eliminated": t._("ELIMINATED ✘"),
            "saved": t._("SAVED ✔"),
        }

    def track(self, state: str) -> str:
        """Three coloured cells with the token (●) on its zone, or the final status."""
        if state == "saved":
            return f"[bold green]{self.place['saved']}[/]"
        if state == "eliminated":
            return f"[bold red]{self.place['eliminated']}[/]"
        cells = []
        for zone, style in (
            ("red", "white on red"),
            ("blue", "white on blue"),
            ("green", "black on green"),
        ):
            cells.append(f"[{style}]{' ● ' if zone == state else '   '}[/]")
        return "".join(cells)

    def corp(self, cid: str) -> str:
        return self.t.say(_m("card.effect", card=cid))


def render(game: MiniDiverCityGame, obs: dict[str, Any], t: Translator) -> str:
    v = _View(game, t)
    goal = obs["goal"]
    saved = "[bold green]" + t.num(obs["saved"]) + "[/]"
    eliminated = "[bold red]" + t.num(obs["eliminated"]) + "[/]"
    hotels = "[bold]" + t.num(obs["hotels"]) + "[/]"
    head = [
        "[bold cyan]" + t._("Mini DiverCity — solo") + "[/]",
        t._("turn %(turn)s", turn=obs["turn"]),
        t._("saved %(n)s/%(of)s", n=saved, of=goal["save"]),
        t._("eliminated %(n)s/%(of)s", n=eliminated, of=goal["eliminated_limit"]),
        t._("Hotels %(n)s/%(of)s", n=hotels, of=len(obs["islands"])),
    ]
    out: list[str] = [
        "   ".join(head),
        "[bold]" + t._("Scale") + "[/]  " + t._("(red ← blue → green; two steps decide a species)"),
    ]
    out += _scale(v, obs)
    islands = []
    for col, side in obs["islands"].items():
        style = _COLOUR_STYLE.get(col, "white")
        label = "[bold]" + t._("HOTEL") + "[/]" if side == "hotel" else t._("Island")
        name = "[" + style + "]" + t.say(_m("colour", colour=col)) + "[/]"
        islands.append(t._("%(colour)s: %(side)s", colour=name, side=label))
    out += _fit("[bold]" + t._("Islands") + "[/]", islands, "  ")
    ready, used = "[green]" + t._("ready") + "[/]", "[dim]" + t._("used") + "[/]"
    divers = [
        t._("%(diver)s (%(state)s)", diver=v.divers[d], state=ready if state == "ready" else used)
        for d, state in obs["divers"].items()
    ]
    out += _fit("[bold]" + t._("Divers") + "[/] ", divers, ", ")
    out += _hand(v, obs)
    out += _piles(v, obs)
    out.append(
        "[bold]"
        + t._("Recent events")
        + "[/] "
        + t._("('log' lists everything since your last move)")
    )
    for entry in obs["log"][-RECENT:]:
        data = {k: x for k, x in entry.items() if k != "kind"}
        out.extend(_wrap(t.say(_m(f"event.{entry['kind']}", **data)), "  "))
    out += _bottom(v, obs)
    return "\n".join(out)


def _scale(v: _View, obs: dict[str, Any]) -> list[str]:
    """The 12 species in two columns, each with its three-cell track."""
    t = v.t
    names = v.species
    width = max(len(n) for n in names.values()) + 1
    track = max(9, *(len(x) for x in v.place.values()))
    column = 2 + width + track + 3
    zones = (
        ("red", t.pgettext("zone", "R")),
        ("blue", t.pgettext("zone", "B")),
        ("green", t.pgettext("zone", "G")),
    )
    letters = "".join(f"[{z}] {letter} [/]" for z, letter in zones)
    head = "  " + " " * width + letters
    out = [head + " " * (column - 2 - width - 9) + head]
    scale = list(obs["scale"].items())
    half = (len(scale) + 1) // 2
    for left, right in zip(scale[:half], [*scale[half:], None], strict=False):
        line = "  " + _pad(names[left[0]], width) + v.track(left[1])
        if right is not None:
            used = 2 + width + _track_width(v, left[1])
            line += " " * (column - used) + "  " + _pad(names[right[0]], width)
            line += v.track(right[1])
        out.append(line)
    return out


def _track_width(v: _View, state: str) -> int:
    return len(v.place[state]) if state in v.place else 9


def _hand(v: _View, obs: dict[str, Any]) -> list[str]:
    t = v.t
    hand = obs["hand"]

    def card(slot: str) -> str:
        c = hand[slot]
        if c is None:
            return t._("%(slot)s: %(card)s", slot=slot, card="[dim]—[/]")
        if c == "?":
            return t._("%(slot)s: %(card)s", slot=slot, card="[reverse] ?? [/]")
        state = t.say(_m("place", place=obs["scale"][c]))
        card = "[bold]" + v.species[c] + "[/] [dim](" + state + ")[/]"
        return t._("%(slot)s: %(card)s", slot=slot, card=card)

    return [
        "[bold]" + t._("Lagoon") + "[/] " + "   ".join(card(s) for s in ("l1", "l2")),
        "[bold]" + t._("Ocean") + "[/]  " + "   ".join(card(s) for s in ("o1", "o2", "o3")),
    ]


def _piles(v: _View, obs: dict[str, Any]) -> list[str]:
    t = v.t
    sd, sx = obs["species_deck"], obs["species_discard"]
    cd, cx = obs["corporation_deck"], obs["corporation_discard"]
    line = t._("Species deck %(n)s", n=sd["size"])
    if sd["top"]:
        top = "[bold]" + v.species[sd["top"]] + "[/]"
        line += t._(", top face up: %(species)s", species=top)
    out = _pile(v, [line], sx, v.species)
    text = t._("Corporation deck %(n)s", n=cd["size"])
    if cd["known_top"]:
        known = t.join(v.corp(c) for c in cd["known_top"])
        text += t._(", known from the top: %(cards)s", cards=known)
    corps = {c: v.corp(c) for c in (*(cx["contents"] or {}), *([cx["top"]] if cx["top"] else []))}
    out += _pile(v, _wrap(text, ""), cx, corps)
    if obs["captain_cards"]:
        cards = t.join(v.species[c] for c in obs["captain_cards"])
        out.extend(_wrap(t._("Captain drew: %(cards)s", cards=cards), ""))
    if obs["visionary_cards"]:
        cards = t.join(v.corp(c) for c in obs["visionary_cards"])
        out.extend(_wrap(t._("Visionary holds: %(cards)s", cards=cards), ""))
    if obs["visionary_placed"]:
        cards = t.join(v.corp(c) for c in obs["visionary_placed"])
        out.extend(_wrap(t._("Visionary order so far (top first): %(cards)s", cards=cards), ""))
    return out


def _pile(v: _View, lines: list[str], pile: dict[str, Any], names: dict[str, str]) -> list[str]:
    """A deck's lines followed by its discard: size, top, whether it was looked through,
    and its contents while it is being looked through."""
    t = v.t
    text = t._("discard %(n)s", n=pile["size"])
    if pile["top"]:
        text += " " + t._("(top: %(card)s)", card=names[pile["top"]])
    looked = t._("looked through") if pile["looked"] else ""
    extra = len(looked) + 3 if looked else 0
    if len(_plain(lines[-1])) + len(text) + 3 + extra <= WIDTH:
        lines[-1] += "   " + text.replace("[", "\\[")
    else:
        lines += _wrap(text, "  ")
    if looked:
        lines[-1] += " [dim]\\[" + looked + "][/]"
    if pile["contents"] is not None:
        items = t.join(f"{names[k]} ×{n}" for k, n in sorted(pile["contents"].items()))
        lines += _wrap(t._("contents: %(cards)s", cards=items), "  ")
    return lines


def _bottom(v: _View, obs: dict[str, Any]) -> list[str]:
    """The end of the game (result and why), or the decision awaited."""
    t = v.t
    out: list[str] = []
    res = obs["result"]
    if res is not None:
        won = res["result"] == "win"
        if won:
            out.append("[bold green]" + t._("VICTORY") + "[/]")
        else:
            out.append("[bold red]" + t._("DEFEAT") + "[/]")
        goal, win = obs["goal"], obs["win"]
        args = {
            **res,
            "goal": goal["save"],
            "limit": goal["eliminated_limit"],
            "turn": obs["turn"],
            "more_needed": win["more_needed"],
            "max_more_saves": win["max_more_saves"],
            "since": win["out_of_reach_since"],
        }
        out.extend(_wrap(t.say(_m("end", **args)), ""))
        return out
    decision = obs["decision"]
    if decision is None:
        return out
    win = obs["win"]
    if not win["reachable"]:
        why = t._(
            "%(need)s more needed, at most %(most)s can still be saved (you may play on or resign)",
            need=win["more_needed"],
            most=win["max_more_saves"],
        )
        out.append("[bold red]" + t._("The win is out of reach") + "[/]")
        out.extend(_wrap(why, "  "))
    flags = []
    if obs["this_turn"]["special_action_used"]:
        flags.append(t._("special action done"))
    if obs["this_turn"]["quick_exploration_used"]:
        flags.append(t._("Quick Exploration done"))
    prompt = t.say(_m(f"prompt.{decision['kind']}", left=decision.get("left", 0)))
    lines = _wrap(prompt, "")
    lines[0] = "[bold yellow]›[/] " + lines[0]
    if flags:
        note = "(" + ", ".join(flags) + ")"
        if len(lines[-1]) + len(note) + 4 <= WIDTH:
            lines[-1] += "  [dim]" + note + "[/]"
        else:
            lines.append("  [dim]" + note + "[/]")
    out.extend(lines)
    return out


def _plain(line: str) -> str:
    """A line without its Rich markup (to measure it); our markup is ``[style]…[/]``."""
    out: list[str] = []
    i = 0
    while i < len(line):
        if line.startswith("\\[", i):
            out.append("[")
            i += 2
            continue
        if line[i] == "[":
            end = line.find("]", i)
            if end < 0:
                break
            i = end + 1
            continue
        out.append(line[i])
        i += 1
    return "".join(out)


def _fit(head: str, items: list[str], sep: str) -> list[str]:
    """``head`` then ``items`` joined by ``sep``, broken into lines that fit the screen."""
    lines = [head]
    for item in items:
        glue = sep if lines[-1] != head else " "
        if len(_plain(lines[-1])) + len(glue) + len(_plain(item)) > WIDTH:
            lines.append("  " + item)
        else:
            lines[-1] += glue + item
    return lines


def _wrap(text: str, indent: str) -> list[str]:
    """Plain text wrapped to the screen, with Rich's ``[`` escaped."""
    return [
        indent + line.replace("[", "\\[")
        for line in textwrap.wrap(text, WIDTH, subsequent_indent="  ")
    ] or [indent]
