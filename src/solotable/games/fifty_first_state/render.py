"""The table in Rich markup, drawn from an observation only (never the state).

Every word goes through the ``Translator`` handed in (``t._``, ``t.ngettext``, ``t.term``
for card names, ``t.say`` for the game's messages: a card's effect, a cost), so the screen
is in the player's language. The screen has to fit a 100×30 terminal in mid-game, so every
part is one packed line where it can be (built locations per row, the opponent, the piles)
and each hand card is one line, wrapped only when its text is longer than the screen is
wide. Lines are wrapped here, on the plain text, so that the layout does not depend on the
terminal wrapping markup.
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

from solotable.core.message import Msg, Translator
from solotable.games.fifty_first_state.card_text import bonus_msg, effect_msg
from solotable.games.fifty_first_state.factions import Faction
from solotable.games.fifty_first_state.goods import GOODS_MSG, goods_msg, named_goods_msg
from solotable.games.fifty_first_state.outcome import final_msg
from solotable.games.fifty_first_state.table import ACTIONS, LK_DECIDE, STORE, Tally

if TYPE_CHECKING:
    from solotable.games.fifty_first_state.game import FiftyFirstStateGame

WIDTH = 100
HEIGHT = 30
"""A full hand is listed card by card only while the screen stays within this many lines."""
HEAD = 11
"""Width of the row labels (``production``, ``hand``…) so that rows line up."""


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


def _one(t: Translator, good: str, n: int) -> str:
    return t.say(Msg(GOODS_MSG, {good: n}))


class _View:
    """One drawing: the game's card data, the observation and the translator."""

    def __init__(self, game: FiftyFirstStateGame, obs: dict[str, Any], t: Translator) -> None:
        self.cs = game.cards
        self.L = game.layout
        self.game = game
        self.obs = obs
        self.t = t

    def name(self, card_id: str) -> str:
        h = self.L.hand_index.get(card_id)
        if h is None:
            return card_id
        cs = self.cs
        return self.t.term(cs.names[h] if h < cs.n else cs.conn_names[h - cs.n])

    def effect(self, card_id: str) -> str:
        return self.t.say(effect_msg(self.cs, self.L.card_index[card_id]))

    # -- parts ------------------------------------------------------------------------
    def prompt(self) -> str:
        t, obs = self.t, self.obs
        ph = obs["phase_id"]
        if obs["terminal"]:
            return t._("game over")
        if obs["pending_draws"]:
            return t.ngettext("drawing %(n)s card", "drawing %(n)s cards", obs["pending_draws"])
        if ph == LK_DECIDE:
            card = self.name(obs["pending_card"])
            return (
                t._("Lookout, first card: keep or refuse %(name)s", name=card),
                t._("Lookout, second card: keep or refuse %(name)s", name=card),
                t._("Lookout, third card: keep %(name)s or redraw", name=card),
            )[min(obs["lookout"]["step"], 2)]
        if ph == STORE:
            return t._("Cleanup: store goods on your storage cards, then done")
        if ph == ACTIONS:
            return t._("your action (or pass)")
        return t._("chance")

    def header(self) -> list[str]:
        t, obs = self.t, self.obs
        fac = self.faction_name() or t._("faction not chosen yet")
        title = t._("51st State — solo")
        where = t._("round %(round)s/%(rounds)s", round=obs["round"], rounds=obs["rounds"])
        phase = t._("phase %(phase)s", phase=_phase(t, obs["phase"]))
        out = [
            f"[bold]{_esc(title)}[/bold] · {_esc(fac)} · {_esc(where)} · "
            f"[cyan]{_esc(phase)}[/cyan]",
            *block("→", self.prompt(), "cyan", indent=2),
        ]
        if obs["terminal"]:
            sc = obs["score"]
            tl = obs["tally"]
            over = t._("GAME OVER")
            faction = self.faction()
            said = t.say(final_msg(faction, sc["vp"], sc["locations"])) if faction else ""
            out.append(f"[bold green]{_esc(over)}[/bold green] — {_esc(said)}")
            final = t._("final score: %(n)s", n=sc["total"])
            parts = t._(
                "VP tokens: %(vp)s   locations: %(locations)s × 1 VP",
                vp=sc["vp"],
                locations=sc["locations"],
            )
            out.append(f"  {_esc(parts)}   [bold]{_esc(final)}[/bold]")
            out += block(
                "",
                t._(
                    "built %(built)s, deals made %(deals)s, razed %(razed)s, developed "
                    "%(developed)s, location uses %(uses)s, opponent cards used %(opp)s, "
                    "reshuffles %(reshuffles)s",
                    built=tl[Tally.BUILT],
                    deals=tl[Tally.DEALS],
                    razed=tl[Tally.RAZED],
                    developed=tl[Tally.DEVELOPED],
                    uses=tl[Tally.LOCATION_USES],
                    opp=tl[Tally.OPPONENT_USES],
                    reshuffles=tl[Tally.RESHUFFLES],
                ),
                indent=2,
            )
        return out

    def faction(self) -> Faction | None:
        fid = self.obs["faction"]
        return next((f for f in self.game.factions.factions if f.id == fid), None)

    def faction_name(self) -> str | None:
        fac = self.faction()
        return self.t.term(fac.name) if fac else None

    def tableau(self) -> list[str]:
        t, obs = self.t, self.obs
        supply = t.say(named_goods_msg(obs["goods"])) if any(obs["goods"].values()) else ""
        out = block(
            t._("VP"),
            t._("%(vp)s · supply: %(goods)s", vp=obs["vp"], goods=supply or t._("empty")),
        )
        rows: dict[str, list[str]] = {"production": [], "feature": [], "action": []}
        for loc in obs["locations"]:
            parts = [self.effect(loc["card"])]
            if loc["row"] == "action":
                parts.append(t.ngettext("%(n)s use left", "%(n)s uses left", loc["uses_left"]))
            if loc["stored"]:
                parts.append(t._("stored: %(goods)s", goods=t.say(named_goods_msg(loc["stored"]))))
            rows[loc["row"]].append(
                t._(
                    "%(name)s (%(about)s)", name=self.name(loc["card"]), about=t._("; ").join(parts)
                )
            )
        for row, items in rows.items():
            if items:
                out += block(_row(t, row), " · ".join(items))
        if not obs["locations"]:
            out += block(t._("built"), t._("nothing yet"))
        deals = [
            self.name(k) if v == 1 else t._("%(name)s ×%(n)s", name=self.name(k), n=v)
            for k, v in obs["deals"].items()
        ]
        if deals:
            out += block(t._("deals"), ", ".join(deals))
        if obs["faction_actions"]:
            used = t._("(used)")
            parts = []
            for a in obs["faction_actions"]:
                cost = t.say(named_goods_msg(a["cost"]))
                if a["card"]:
                    cost = t._("%(cost)s + 1 card from hand", cost=cost)
                text = t._(
                    "%(n)s) %(cost)s → %(gain)s",
                    n=a["n"],
                    cost=cost,
                    gain=t.say(named_goods_msg(a["gain"])),
                )
                parts.append(text + (f" {used}" if a["used"] else ""))
            for line in block(t._("faction"), " · ".join(parts)):
                out.append(line.replace(used, f"[dim]{used}[/dim]"))
        return out

    def hand_names(self) -> list[str]:
        """The hand as names only, packed: for when one line per card would not fit."""
        t, cs, L = self.t, self.cs, self.L
        items = []
        for k, v in self.obs["hand"].items():
            h = L.hand_index[k]
            if h < L.n:
                what = t._("%(row)s, distance %(d)s", row=_row(t, _kind(cs, h)), d=cs.distance[h])
            else:
                what = _row(t, "connection")
            mult = t._(" ×%(n)s", n=v) if v > 1 else ""
            items.append(f"{self.name(k)}{mult} ({what})")
        n = sum(self.obs["hand"].values())
        hand = t._("Hand")
        about = t.ngettext(
            "%(n)s card; 'info CARD' for a card's text",
            "%(n)s cards; 'info CARD' for a card's text",
            n,
        )
        return [
            f"[bold]{_esc(hand)}[/bold] ({_esc(about)})",
            *block("", " · ".join(items), indent=2),
        ]

    def hand(self) -> list[str]:
        t, cs, L = self.t, self.cs, self.L
        n = sum(self.obs["hand"].values())
        hand = t._("Hand")
        about = t.ngettext(
            "%(n)s card; dN: N contacts to build (grey), deal (blue) or raze (red)",
            "%(n)s cards; dN: N contacts to build (grey), deal (blue) or raze (red)",
            n,
        )
        out = [f"[bold]{_esc(hand)}[/bold] ({_esc(about)})"]
        for k, v in self.obs["hand"].items():
            h = L.hand_index[k]
            name = self.name(k)
            mult = t._(" ×%(n)s", n=v) if v > 1 else ""
            if h < L.n:
                kind = _row(t, _kind(cs, h)) + (t._(", open") if cs.open[h] else "")
                parts = [t.say(effect_msg(cs, h))]
                bonus = bonus_msg(cs, h)
                if bonus is not None:
                    parts.append(t._("bonus: %(bonus)s", bonus=bonus))
                parts.append(t._("deal %(gain)s", gain=goods_msg(cs.deal[h])))
                parts.append(t._("raze %(gain)s", gain=goods_msg(cs.raze[h])))
                text = t._(
                    "(%(kind)s d%(d)s %(icons)s): %(about)s",
                    kind=kind,
                    d=cs.distance[h],
                    icons="/".join(t.say(Msg("51st-state.icon", {"icon": i})) for i in cs.icons[h]),
                    about=" · ".join(parts),
                )
            else:
                c = h - L.n
                text = t._(
                    "(%(kind)s): %(gain)s",
                    kind=_row(t, "connection"),
                    gain=goods_msg(cs.conn_gain[c]),
                )
                if cs.conn_cost[c]:
                    text = t._("%(text)s for %(cost)s", text=text, cost=goods_msg(cs.conn_cost[c]))
            head = f"  {name}{mult} {k} "
            lines = textwrap.wrap(head + text, WIDTH, subsequent_indent=" " * 6)
            out.append(
                f"  [bold]{_esc(name + mult)}[/bold] [dim]{_esc(k)}[/dim]"
                + _esc(lines[0][len(head) - 1 :])
            )
            out += [_esc(line) for line in lines[1:]]
        if not self.obs["hand"]:
            out.append("  " + t._("(empty)"))
        return out

    def rest(self) -> list[str]:
        t, obs, cs, L = self.t, self.obs, self.cs, self.L
        out: list[str] = []
        if obs["pending_card"]:
            h = L.card_index[obs["pending_card"]]
            about = t._(
                "%(name)s: %(kind)s, distance %(d)s; %(effect)s; deal %(deal)s; raze %(raze)s",
                name=self.name(obs["pending_card"]),
                kind=_row(t, _kind(cs, h)),
                d=cs.distance[h],
                effect=effect_msg(cs, h),
                deal=goods_msg(cs.deal[h]),
                raze=goods_msg(cs.raze[h]),
            )
            out += block(t._("Lookout"), about, "bold magenta")
            keep, refuse = t._("keep"), t._("refuse")
            more = t._(
                "info %(card)s: full text · third-card rerolls left: %(n)s",
                card=obs["pending_card"],
                n=obs["lookout"]["rerolls_left"],
            )
            out.append(
                f"{'':>{HEAD}}[bold]{_esc(keep)}[/bold] / [bold]{_esc(refuse)}[/bold] · "
                f"{_esc(more)}"
            )
        opp = [
            self.name(o["card"]) + (" " + t._("(used)") if o["used"] else "")
            for o in obs["opponent"]
        ]
        out += block(
            t._("opponent"),
            t._(
                "%(cards)s · deck %(n)s",
                cards=", ".join(opp) or t._("no card yet"),
                n=obs["opponent_deck_size"],
            ),
        )
        fu = obs["connections"]["face_up"]
        out += block(
            t._("piles"),
            t._(
                "draw %(draw)s, discard %(discard)s · face-up connections: blue %(blue)s, "
                "red %(red)s",
                draw=obs["draw_pile_size"],
                discard=sum(obs["discard"].values()),
                blue=self.name(fu["blue"]) if fu["blue"] else "-",
                red=self.name(fu["red"]) if fu["red"] else "-",
            ),
        )
        return out


def _kind(cs: Any, h: int) -> str:
    return ("production", "feature", "action")[cs.kind[h]]


def _row(t: Translator, code: str) -> str:
    return {
        "production": t._("production"),
        "feature": t._("feature"),
        "action": t._("action"),
        "connection": t._("connection"),
    }[code]


def _phase(t: Translator, code: str) -> str:
    return {
        "faction": t._("faction"),
        "setup": t._("setup"),
        "lookout": t._("lookout"),
        "actions": t._("actions"),
        "cleanup": t._("cleanup"),
        "end": t._("end"),
    }.get(code, code)


def render(game: FiftyFirstStateGame, obs: dict[str, Any], t: Translator) -> str:
    v = _View(game, obs, t)
    out = v.header() + v.tableau()
    rest = v.rest()
    hand = v.hand()
    if len(out) + len(hand) + len(rest) > HEIGHT:
        hand = v.hand_names()
    return "\n".join(out + hand + rest)
