"""The table in Rich markup, drawn from an observation only (never the state)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from solotable.games.fifty_first_state.card_text import bonus_text, effect_text
from solotable.games.fifty_first_state.cards import KINDS
from solotable.games.fifty_first_state.goods import vector_text
from solotable.games.fifty_first_state.table import Tally

if TYPE_CHECKING:
    from solotable.games.fifty_first_state.game import FiftyFirstStateGame


def _esc(text: str) -> str:
    return text.replace("[", "\\[")


def render(game: FiftyFirstStateGame, obs: dict[str, Any]) -> str:
    cs = game.cards
    L = game.layout
    out: list[str] = []
    fac = obs["faction_name"] or "faction not chosen yet"
    out.append(
        f"[bold]51st State — solo[/bold]  {_esc(fac)}  round {obs['round']}/{obs['rounds']}"
        f"  phase: [cyan]{obs['phase']}[/cyan]  — {_esc(obs['step'])}"
    )
    if obs["terminal"]:
        sc = obs["score"]
        out.append("")
        out.append("[bold green]GAME OVER[/bold green] — " + _esc(obs["outcome"]))
        out.append(
            f"  VP tokens: {sc['vp']}   locations: {sc['locations']} x 1 VP   "
            f"[bold]final score: {sc['total']}[/bold]"
        )
        t = obs["tally"]
        out.append(
            f"  built {t[Tally.BUILT]}, deals made {t[Tally.DEALS]}, razed {t[Tally.RAZED]}, "
            f"developed {t[Tally.DEVELOPED]}, location uses {t[Tally.LOCATION_USES]}, "
            f"opponent cards used {t[Tally.OPPONENT_USES]}, reshuffles {t[Tally.RESHUFFLES]}"
        )
    g = obs["goods"]
    goods = "  ".join(f"{k} {v}" for k, v in g.items() if v)
    out.append("")
    out.append(f"[bold]VP[/bold] {obs['vp']}   [bold]supply[/bold] {goods or '(empty)'}")
    rows: dict[str, list[str]] = {"production": [], "feature": [], "action": []}
    for loc in obs["locations"]:
        t = L.card_index[loc["card"]]
        txt = _esc(f"{cs.names[t]} ({effect_text(cs, t)})")
        if loc["row"] == "action":
            txt += f" [yellow]{loc['uses_left']} use(s) left[/yellow]"
        if loc["stored"]:
            txt += " stored: " + ", ".join(f"{v} {k}" for k, v in loc["stored"].items())
        rows[loc["row"]].append(txt)
    for row, items in rows.items():
        out.append(f"[bold]{row:>10}[/bold] " + ("\n           ".join(items) if items else "-"))
    deals = ", ".join(
        f"{cs.names[L.card_index[k]]}{'' if v == 1 else f' x{v}'}" for k, v in obs["deals"].items()
    )
    out.append(f"[bold]     deals[/bold] {_esc(deals) or '-'}")
    if obs["faction_actions"]:
        # Escape the texts only: the "(used)" mark is markup and must stay live.
        fa = "; ".join(
            _esc(f"{a['n']}: {a['cost']} -> {a['gain']}")
            + (" [dim](used)[/dim]" if a["used"] else "")
            for a in obs["faction_actions"]
        )
        out.append(f"[bold]   faction[/bold] {fa}")
    out.append("")
    out.append("[bold]Hand[/bold] (build: grey / deal: blue / raze: red contacts = distance)")
    for k, v in obs["hand"].items():
        h = L.hand_index[k]
        mult = f" x{v}" if v > 1 else ""
        if h < L.n:
            bonus = bonus_text(cs, h)
            kind = KINDS[cs.kind[h]][:4] + ("/open" if cs.open[h] else "")
            line = (
                f"  [bold]{k}[/bold]{mult} ({kind}, dist {cs.distance[h]}, "
                f"{'/'.join(cs.icons[h])}): {_esc(effect_text(cs, h))}"
                + (f"; bonus: {_esc(bonus)}" if bonus else "")
                + f"\n      deal: {vector_text(cs.deal[h])}; raze: {vector_text(cs.raze[h])}"
            )
        else:
            c = h - L.n
            line = f"  [bold]{k}[/bold]{mult} (connection): {vector_text(cs.conn_gain[c])}" + (
                f" for {vector_text(cs.conn_cost[c])}" if cs.conn_cost[c] else ""
            )
        out.append(line)
    if not obs["hand"]:
        out.append("  (empty)")
    if obs["pending_card"]:
        t = L.card_index[obs["pending_card"]]
        out.append(f"[bold magenta]Lookout card:[/bold magenta] {_esc(cs.names[t])} — keep/refuse")
        out.append(f"  rerolls left for the third card: {obs['lookout']['rerolls_left']}")
    opp = ", ".join(
        f"{cs.names[L.card_index[o['card']]]}{' (used)' if o['used'] else ''}"
        for o in obs["opponent"]
    )
    out.append("")
    out.append(f"[bold]Opponent[/bold] open cards: {_esc(opp) or '-'}")
    fu = obs["connections"]["face_up"]
    out.append(
        f"[bold]Piles[/bold] draw {obs['draw_pile_size']}, discard {sum(obs['discard'].values())},"
        f" opponent deck {obs['opponent_deck_size']}; face-up connections: "
        f"blue {fu['blue'] or '-'}, red {fu['red'] or '-'}"
    )
    return "\n".join(out)
