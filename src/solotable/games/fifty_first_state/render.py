"""The table in Rich markup, drawn from an observation only (never the state).

The screen has to fit a 100×30 terminal in mid-game, so every part is one
packed line where it can be (built locations per row, the opponent, the
piles) and each hand card is one line, wrapped only when its text is longer
than the screen is wide. Lines are wrapped here, on the plain text, so that
the layout does not depend on the terminal wrapping markup.
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

from solotable.games.fifty_first_state.card_text import bonus_text, card_line, effect_text
from solotable.games.fifty_first_state.goods import amount, vector_text
from solotable.games.fifty_first_state.table import Tally

if TYPE_CHECKING:
    from solotable.games.fifty_first_state.game import FiftyFirstStateGame

WIDTH = 100
HEIGHT = 30
"""A full hand is listed card by card only while the screen stays within this many lines."""
HEAD = 11
"""Width of the row labels (``production``, ``hand``…) so that rows line up."""


SHORT = (
    (" (twice per round)", " (2×/round)"),
    ("Cleanup: keeps up to ", "keeps "),
    (" until next Production", " through Cleanup"),
    (" (kept across rounds)", " (kept)"),
    ("no ongoing effect; ", ""),
    (" (no ongoing effect)", ""),
    (" -> ", " → "),
)
"""Shorter words for the screen; ``info CARD`` and the move list keep the full ones."""


def short(text: str) -> str:
    for long, brief in SHORT:
        text = text.replace(long, brief)
    return text


def _esc(text: str) -> str:
    return text.replace("[", "\\[")


def block(label: str, body: str, style: str = "bold", indent: int = HEAD) -> list[str]:
    """``label`` then ``body`` wrapped to the screen width, continuation lines indented."""
    head = f"{label:>{indent - 1}} " if label else " " * indent
    lines = textwrap.wrap(
        head + body, WIDTH, subsequent_indent=" " * indent, break_on_hyphens=False
    ) or [head]
    first = lines[0]
    out = [f"[{style}]{_esc(first[: len(head)])}[/{style}]{_esc(first[len(head) :])}"]
    return out + [_esc(line) for line in lines[1:]]


def _header(obs: dict[str, Any]) -> list[str]:
    fac = obs["faction_name"] or "faction not chosen yet"
    out = [
        f"[bold]51st State — solo[/bold] · {_esc(fac)} · round {obs['round']}/{obs['rounds']}"
        f" · phase [cyan]{obs['phase']}[/cyan]",
        *block("→", obs["step"], "cyan", indent=2),
    ]
    if obs["terminal"]:
        sc = obs["score"]
        t = obs["tally"]
        out.append("[bold green]GAME OVER[/bold green] — " + _esc(obs["outcome"]))
        out.append(
            f"  VP tokens: {sc['vp']}   locations: {sc['locations']} x 1 VP   "
            f"[bold]final score: {sc['total']}[/bold]"
        )
        out += block(
            "",
            f"built {t[Tally.BUILT]}, deals made {t[Tally.DEALS]}, razed {t[Tally.RAZED]}, "
            f"developed {t[Tally.DEVELOPED]}, location uses {t[Tally.LOCATION_USES]}, "
            f"opponent cards used {t[Tally.OPPONENT_USES]}, reshuffles {t[Tally.RESHUFFLES]}",
            indent=2,
        )
    return out


def _tableau(game: FiftyFirstStateGame, obs: dict[str, Any]) -> list[str]:
    cs = game.cards
    L = game.layout
    goods = ", ".join(amount(v, k) for k, v in obs["goods"].items() if v)
    out = block("VP", f"{obs['vp']} · supply: {goods or 'empty'}")
    rows: dict[str, list[str]] = {"production": [], "feature": [], "action": []}
    for loc in obs["locations"]:
        t = L.card_index[loc["card"]]
        txt = f"{cs.names[t]} ({short(effect_text(cs, t))}"
        if loc["row"] == "action":
            txt += f"; {amount(loc['uses_left'], 'use')} left"
        if loc["stored"]:
            txt += "; stored: " + ", ".join(amount(v, k) for k, v in loc["stored"].items())
        rows[loc["row"]].append(short(txt + ")").replace(" (no ongoing effect)", ""))
    for row, items in rows.items():
        if items:
            out += block(row, " · ".join(items))
    if not obs["locations"]:
        out += block("built", "nothing yet")
    deals = ", ".join(
        f"{cs.names[L.card_index[k]]}{'' if v == 1 else f' x{v}'}" for k, v in obs["deals"].items()
    )
    if deals:
        out += block("deals", deals)
    if obs["faction_actions"]:
        parts = [
            f"{a['n']}) {a['cost']} → {a['gain']}" + (" (used)" if a["used"] else "")
            for a in obs["faction_actions"]
        ]
        for line in block("faction", " · ".join(parts)):
            out.append(line.replace("(used)", "[dim](used)[/dim]"))
    return out


def _hand_names(game: FiftyFirstStateGame, obs: dict[str, Any]) -> list[str]:
    """The hand as names only, packed: for when one line per card would not fit."""
    cs = game.cards
    L = game.layout
    items = []
    for k, v in obs["hand"].items():
        h = L.hand_index[k]
        kind = ("prod", "feat", "act")[cs.kind[h]] + f" d{cs.distance[h]}" if h < L.n else "conn"
        items.append(f"{k}{f' x{v}' if v > 1 else ''} ({kind})")
    n = sum(obs["hand"].values())
    return [
        f"[bold]Hand[/bold] ({amount(n, 'card')}; 'info CARD' for a card's text)",
        *block("", " · ".join(items), indent=2),
    ]


def _hand(game: FiftyFirstStateGame, obs: dict[str, Any]) -> list[str]:
    cs = game.cards
    L = game.layout
    n = sum(obs["hand"].values())
    out = [
        f"[bold]Hand[/bold] ({amount(n, 'card')}; dN: N contacts to build (grey), deal (blue) "
        "or raze (red))"
    ]
    for k, v in obs["hand"].items():
        h = L.hand_index[k]
        mult = f" x{v}" if v > 1 else ""
        if h < L.n:
            bonus = bonus_text(cs, h)
            kind = ("prod", "feat", "act")[cs.kind[h]] + ("/open" if cs.open[h] else "")
            text = (
                f"{k}{mult} ({kind} d{cs.distance[h]} {'/'.join(cs.icons[h])}): "
                f"{effect_text(cs, h)}"
                + (f"; bonus: {bonus}" if bonus else "")
                + f" · deal {vector_text(cs.deal[h])} · raze {vector_text(cs.raze[h])}"
            )
        else:
            c = h - L.n
            text = f"{k}{mult} (connection): {vector_text(cs.conn_gain[c])}" + (
                f" for {vector_text(cs.conn_cost[c])}" if cs.conn_cost[c] else ""
            )
        lines = textwrap.wrap("  " + short(text), WIDTH, subsequent_indent=" " * 6)
        name_end = len(k) + 2
        out.append(f"  [bold]{_esc(k)}[/bold]{_esc(lines[0][name_end:])}")
        out += [_esc(line) for line in lines[1:]]
    if not obs["hand"]:
        out.append("  (empty)")
    return out


def render(game: FiftyFirstStateGame, obs: dict[str, Any]) -> str:
    cs = game.cards
    L = game.layout
    out = _header(obs) + _tableau(game, obs)
    rest: list[str] = []
    if obs["pending_card"]:
        t = L.card_index[obs["pending_card"]]
        rest += block("Lookout", short(card_line(cs, t)), "bold magenta")
        rest.append(
            f"{'':>{HEAD}}[bold]keep[/bold] or [bold]refuse[/bold] · "
            f"info {obs['pending_card']}: full text · "
            f"third-card rerolls left: {obs['lookout']['rerolls_left']}"
        )
    opp = ", ".join(
        f"{cs.names[L.card_index[o['card']]]}{' (used)' if o['used'] else ''}"
        for o in obs["opponent"]
    )
    rest += block("opponent", f"{opp or 'no card yet'} · deck {obs['opponent_deck_size']}")
    fu = obs["connections"]["face_up"]
    names = dict(zip(cs.conn_ids, cs.conn_names, strict=True))
    blue, red = names.get(fu["blue"] or "", "-"), names.get(fu["red"] or "", "-")
    rest += block(
        "piles",
        f"draw {obs['draw_pile_size']}, discard {sum(obs['discard'].values())} · "
        f"face-up connections: blue {blue}, red {red}",
    )
    hand = _hand(game, obs)
    if len(out) + len(hand) + len(rest) > HEIGHT:
        hand = _hand_names(game, obs)
    return "\n".join(out + hand + rest)
