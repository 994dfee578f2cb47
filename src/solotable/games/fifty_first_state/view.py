"""What the player sees (the observation), the table drawn from it, and the
reverse: a full state rebuilt from an observation for search agents.

Every card the solo player handles is seen face up at some point, so the
composition of every pile can be worked out; only the order of the draw
pile and of the opponent deck is unknown, and the state holds no order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from solotable.core.errors import SolotableError
from solotable.core.rng import Rng
from solotable.games.fifty_first_state import engine as E
from solotable.games.fifty_first_state.cards import KINDS
from solotable.games.fifty_first_state.describe import bonus_text, effect_text
from solotable.games.fifty_first_state.goods import GOOD_NAMES, NUM_GOODS, vector_text

if TYPE_CHECKING:
    from solotable.games.fifty_first_state.game import FiftyFirstStateGame

OBS_GOODS = GOOD_NAMES[:NUM_GOODS]


def _counts(ids: tuple[str, ...], vec: list[int]) -> dict[str, int]:
    return {ids[i]: c for i, c in enumerate(vec) if c}


def _goods(vec: list[int]) -> dict[str, int]:
    return {OBS_GOODS[i]: vec[i] for i in range(NUM_GOODS)}


def _step(s: E.FiftyFirstStateState) -> str:
    cs = s.cs
    ph = s.phase
    if ph == E.END:
        return "game over"
    if s.pending_draws:
        return f"drawing {s.pending_draws} card(s)"
    if ph == E.LK_DECIDE:
        which = ("first", "second", "third")[s.lk_step]
        return f"Lookout, {which} card: keep or refuse {cs.names[s.pending_card]}"
    if ph == E.STORE:
        return "Cleanup: store goods on your storage cards, then done"
    if ph == E.ACTIONS:
        return "your action (or pass)"
    return "chance"


def observe(s: E.FiftyFirstStateState) -> dict[str, Any]:
    cs = s.cs
    L = s.L
    fset = s.game.factions
    fac = fset.factions[s.faction] if s.faction >= 0 else None
    obs: dict[str, Any] = {
        "game": "51st-state",
        "round": s.round,
        "rounds": E.ROUNDS,
        "phase": E.PHASE_NAMES[s.phase],
        "phase_id": s.phase,
        "step": _step(s),
        "faction": fac.id if fac else None,
        "faction_name": fac.name if fac else None,
        "faction_actions": [
            {
                "n": k + 1,
                "cost": vector_text(fac.action_cost[k])
                + (" + 1 card from hand" if fac.action_card[k] else ""),
                "gain": vector_text(fac.action_gain[k]),
                "used": bool(s.fac_used >> k & 1),
            }
            for k in range(3)
        ]
        if fac
        else [],
        "hand": _counts(L.hand_ids, s.hand),
        "pending_card": cs.ids[s.pending_card] if s.pending_card >= 0 else None,
        "lookout": {
            "step": s.lk_step,
            "refused": s.lk_refused,
            "rerolls_left": s.rerolls,
            "extra_left": s.extra_left,
            "flip": s.flip_idx,
        },
        "pending_draws": s.pending_draws,
        "goods": _goods(s.goods),
        "vp": s.vp,
        "locations": [
            {
                "card": cs.ids[loc[0]],
                "row": KINDS[cs.kind[loc[0]]],
                "uses_left": loc[1],
                "stored": {OBS_GOODS[i]: c for i, c in enumerate(loc[2]) if c},
            }
            for loc in s.locs
        ],
        "deals": _counts(cs.ids, s.deals),
        "faction_used": s.fac_used,
        "opponent": [{"card": cs.ids[o[0]], "used": bool(o[1])} for o in s.opp],
        "opponent_deck": _counts(cs.ids, s.opp_deck),
        "opponent_deck_size": s.opp_n,
        "draw_pile_size": s.pile_n,
        "discard": _counts(cs.ids, s.discard),
        "set_aside": _counts(cs.ids, s.aside),
        "connections": {
            "face_up": {
                "blue": cs.conn_ids[s.face_up[0]] if s.face_up[0] >= 0 else None,
                "red": cs.conn_ids[s.face_up[1]] if s.face_up[1] >= 0 else None,
            },
            "discard": _counts(cs.conn_ids, s.conn_discard),
            "pile_size": sum(s.conn_pile),
        },
        "tally": list(s.tally),
        "terminal": s.phase == E.END,
        "score": {"vp": s.vp, "locations": len(s.locs), "total": s.final_score()},
        "outcome": s.outcome(),
    }
    return obs


def state_from_observation(
    game: FiftyFirstStateGame, obs: dict[str, Any], rng: Rng
) -> E.FiftyFirstStateState:
    """A state matching ``obs``; the draw pile is the complement of every seen card."""
    try:
        return _rebuild(game, obs, rng)
    except (KeyError, TypeError, ValueError, IndexError) as e:
        raise SolotableError(f"observation does not fit 51st-state: {e!r}") from e


def _rebuild(game: FiftyFirstStateGame, obs: dict[str, Any], rng: Rng) -> E.FiftyFirstStateState:
    cs = game.cards
    L = game.layout
    s = E.FiftyFirstStateState(game, blank=True)
    s.rng = Rng(rng.below(2**63))
    s.history = []

    def vec(d: dict[str, int], index: dict[str, int], size: int) -> list[int]:
        out = [0] * size
        for k, c in d.items():
            out[index[k]] = c
        return out

    s.phase = int(obs["phase_id"])
    s.round = int(obs["round"])
    s.faction = game.factions.ids().index(obs["faction"]) if obs["faction"] else -1
    s.hand = vec(obs["hand"], L.hand_index, L.h)
    s.discard = vec(obs["discard"], L.card_index, L.n)
    s.aside = vec(obs["set_aside"], L.card_index, L.n)
    s.opp_deck = vec(obs["opponent_deck"], L.card_index, L.n)
    s.opp_n = sum(s.opp_deck)
    s.opp = [[L.card_index[o["card"]], int(o["used"])] for o in obs["opponent"]]
    s.locs = [
        [
            L.card_index[loc["card"]],
            loc["uses_left"],
            [loc["stored"].get(OBS_GOODS[i], 0) for i in range(NUM_GOODS)],
        ]
        for loc in obs["locations"]
    ]
    s.deals = vec(obs["deals"], L.card_index, L.n)
    s.goods = [obs["goods"][OBS_GOODS[i]] for i in range(NUM_GOODS)]
    s.st = [sum(loc[2][i] for loc in s.locs) for i in range(NUM_GOODS)]
    s.vp = obs["vp"]
    s.fac_used = obs["faction_used"]
    s.pending_draws = obs["pending_draws"]
    s.pending_card = L.card_index[obs["pending_card"]] if obs["pending_card"] else -1
    lk = obs["lookout"]
    s.lk_step = lk["step"]
    s.lk_refused = lk["refused"]
    s.rerolls = lk["rerolls_left"]
    s.extra_left = lk["extra_left"]
    s.flip_idx = lk["flip"]
    conn = obs["connections"]
    s.face_up = [
        L.conn_index[conn["face_up"][c]] if conn["face_up"][c] else -1 for c in ("blue", "red")
    ]
    s.conn_discard = vec(conn["discard"], L.conn_index, L.c)
    s.tally = list(obs["tally"])
    seen = [s.hand[t] + s.discard[t] + s.aside[t] + s.opp_deck[t] + s.deals[t] for t in range(L.n)]
    for o in s.opp:
        seen[o[0]] += 1
    for loc in s.locs:
        seen[loc[0]] += 1
    if s.pending_card >= 0:
        seen[s.pending_card] += 1
    s.pile = [cs.copies[t] - seen[t] for t in range(L.n)]
    if min(s.pile) < 0:
        raise ValueError("more copies seen than the card set holds")
    s.pile_n = sum(s.pile)
    s.conn_pile = [
        cs.conn_copies[c]
        - s.hand[L.n + c]
        - s.conn_discard[c]
        - sum(1 for f in s.face_up if f == c)
        for c in range(L.c)
    ]
    return s


# ---------------------------------------------------------------- render
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
            f"  built {t[0]}, deals made {t[1]}, razed {t[2]}, developed {t[3]}, "
            f"location uses {t[5]}, opponent cards used {t[6]}, reshuffles {t[4]}"
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
