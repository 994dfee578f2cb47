"""51st State drawn as a card table: the hand, the state, the opponent, the Lookout.

Everything comes from the observation, the legal moves and the game's public
card data (``game.card_catalog()`` for numbers, ``game.card_text(name)`` for
the words). A card's three uses are read from the legal moves (``build pub``,
``deal pub``, ``raze pub``): a legal use is a button with what it costs and
gives now; an illegal one is shown disabled with the reason, worked out from
the contacts in the supply. Moves the page does not place on an element are
listed as plain buttons, so every legal move is one click away.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from markupsafe import Markup

from solotable.core.game import Game, Observation
from solotable.web.pages.base import GamePage, Move
from solotable.words import Words

ROWS = ("production", "feature", "action")
ROW_LETTER = {"production": "P", "feature": "F", "action": "A"}
BASIC = ("fuel", "gun", "iron", "brick", "ammo")
CONTACTS = ("grey", "blue", "red", "universal")
USE_COLOUR = {"build": "grey", "deal": "blue", "raze": "red"}
PHASES = ("lookout", "production", "actions", "cleanup")
TALLY = ("built", "deals", "razed", "developed", "reshuffles", "location uses", "opponent uses")
"""The observation's ``tally`` counters, in its order."""
TOKEN = {
    "fuel": ("F", "fuel"),
    "gun": ("G", "gun"),
    "iron": ("I", "iron"),
    "brick": ("B", "brick"),
    "ammo": ("A", "ammo (replaces any basic good)"),
    "worker": ("W", "worker"),
    "grey": ("■", "grey contact (build)"),
    "blue": ("◆", "blue contact (deal)"),
    "red": ("▲", "red contact (raze)"),
    "universal": ("★", "universal contact (any colour)"),
    "development": ("D", "development token"),
    "vp": ("VP", "victory point"),
    "card": ("C", "card"),
    "contact": ("Ct", "contact"),
    "liberty": ("L", "liberty"),
}
"""Each good's letter or shape and its words: colour is never the only cue."""


TOKEN_HTML = Markup(
    '<span class="tok tok-{0}" title="{1}" aria-label="{2}">'
    '<span class="tok-sym" aria-hidden="true">{3}</span>{4}</span>'
)
COUNT_HTML = Markup('<span class="tok-n" aria-hidden="true">{0}</span>')


def token(name: str, n: int | None = None) -> dict[str, Any]:
    """A good as data and as its drawn token (letter/shape + colour + count)."""
    letter, words = TOKEN.get(name, (name[:1].upper(), name))
    label = f"{n} {words}" if n is not None else words
    count = COUNT_HTML.format(n) if n is not None else ""
    html = TOKEN_HTML.format(name, words, label, letter, count)
    return {"good": name, "letter": letter, "words": words, "n": n, "html": html}


def tokens(goods: Mapping[str, int]) -> list[dict[str, Any]]:
    return [token(g, n) for g, n in goods.items() if n]


@lru_cache(maxsize=8)
def catalog(game: Game) -> dict[str, dict[str, Any]]:
    """The game's card data by id (static public facts, the same for every deal)."""
    return {c["id"]: c for c in game.card_catalog()}


def _effect_words(c: Mapping[str, Any]) -> str:
    """A fallback for the card's effect when ``card_text`` has no words for it."""
    if c.get("prod_gain"):
        return "produces " + _words(c["prod_gain"])
    if c.get("per_icon"):
        p = c["per_icon"]
        return f"produces 1 {p['good']} per matching location (max {p['max']})"
    if c.get("act_uses"):
        cost = _words(c["act_cost"]) if c["act_cost"] else "nothing"
        if c.get("act_any"):
            cost += " + 1 basic good of your choice"
        if c.get("act_deal"):
            cost += " + 1 of your deals"
        gain = _words(c["act_gain"]) or "1 basic good of your choice"
        twice = " (twice per round)" if c["act_uses"] == 2 else ""
        return f"{cost} → {gain}{twice}"
    return "no ongoing effect"


def _short(good: str) -> str:
    return TOKEN.get(good, (good, good))[1].split(" (")[0]


def _words(goods: Mapping[str, int]) -> str:
    return " + ".join(f"{n} {_short(g)}" for g, n in goods.items())


def _bonus_words(c: Mapping[str, Any]) -> str | None:
    """A fallback for the build bonus when ``card_text`` has no words for it."""
    if c.get("bonus_gain"):
        return "gain " + _words(c["bonus_gain"])
    if c.get("bonus_store"):
        return "put " + _words(c["bonus_store"]) + " on it (kept across rounds)"
    if c.get("bonus_vp_per_icon"):
        return "1 VP per location sharing its icon"
    return None


@lru_cache(maxsize=512)
def _text_lines(game: Game, card: str) -> tuple[str, ...]:
    text = str(game.card_text(card) or "")
    return tuple(line.strip() for line in text.splitlines()) if text else ()


def _line(lines: Sequence[str], prefix: str) -> str | None:
    return next((ln[len(prefix) :].strip() for ln in lines if ln.startswith(prefix)), None)


def face(game: Game, card: str) -> dict[str, Any]:
    """One card's face (a fresh copy: callers add their own keys)."""
    return dict(_face(game, card))


@lru_cache(maxsize=1024)
def _face(game: Game, card: str) -> dict[str, Any]:
    """One card's face: name, row, distance, icons, effect, bonus, deal and raze."""
    c = catalog(game).get(card)
    lines = _text_lines(game, card)
    if c is None:  # a connection card (or an id the catalog does not know)
        name = lines[0].split(" — ")[0] if lines else card.replace("-", " ").title()
        conn = {
            "id": card,
            "name": name,
            "row": "connection",
            "letter": "C",
            "text": "\n".join(lines),
            "effect": lines[1] if len(lines) > 1 else "",
            "connection": True,
        }
        conn["html"] = face_html(conn)
        return conn
    f = {
        "id": card,
        "name": c["name"],
        "row": c["kind"],
        "letter": ROW_LETTER.get(c["kind"], "?"),
        "open": bool(c["open"]),
        "distance": c["distance"],
        "icons": [token(i) for i in c["icons"]],
        "effect": _line(lines, "as a location:") or _effect_words(c),
        "bonus": _line(lines, "build bonus:") if lines else _bonus_words(c),
        "solo": [ln[len("solo:") :].strip() for ln in lines if ln.startswith("solo:")],
        "deal": tokens(c["deal"]),
        "raze": tokens(c["raze"]),
        "reroll": bool(c.get("lookout_reroll")),
        "text": "\n".join(lines),
        "connection": False,
    }
    f["html"] = face_html(f)
    return f


def _gains_html(toks: Sequence[Mapping[str, Any]]) -> Markup:
    if not toks:
        return Markup('<span class="muted">nothing</span>')
    return Markup("").join(t["html"] for t in toks)


FACE_HTML = Markup(
    '<header class="card-head">{dist}<h4 class="card-name">{name}</h4>'
    '<span class="kind" title="{row} location">{letter}</span></header>'
    '<div class="card-sub"><span>{row_title}</span>{icons}</div>'
    '<p class="effect">{effect}</p>{bonus}{solo}{spoils}'
)


def face_html(f: Mapping[str, Any]) -> Markup:
    """A card's printed face (everything but its buttons), drawn once per card type:
    rendering it through template macros took most of the page's time."""
    d = f.get("distance")
    dist = (
        Markup(
            '<span class="dist" title="distance {0}: build, deal or raze it for {0} contacts">'
            "{0}</span>"
        ).format(d)
        if d is not None
        else ""
    )
    icons = f.get("icons") or []
    icon_html = (
        Markup('<span class="icons" title="type icons">{0}</span>').format(
            Markup("").join(
                TOKEN_HTML.format(i["good"], i["words"], i["words"], i["letter"], "") for i in icons
            )
        )
        if icons
        else ""
    )
    bonus = (
        Markup('<p class="bonus"><strong>Build bonus:</strong> {0}</p>').format(f["bonus"])
        if f.get("bonus")
        else ""
    )
    solo = Markup("").join(
        Markup('<p class="solo"><strong>Solo:</strong> {0}</p>').format(x)
        for x in f.get("solo") or []
    )
    spoils = (
        Markup(
            '<dl class="spoils"><div><dt>Deal</dt><dd>{0}</dd></div>'
            "<div><dt>Raze</dt><dd>{1}</dd></div></dl>"
        ).format(_gains_html(f["deal"]), _gains_html(f["raze"]))
        if "deal" in f
        else ""
    )
    row_title = f["row"].capitalize() + (" · open" if f.get("open") else "")
    return FACE_HTML.format(
        dist=dist,
        name=f["name"],
        row=f["row"],
        letter=f["letter"],
        row_title=row_title,
        icons=icon_html,
        effect=f["effect"],
        bonus=bonus,
        solo=solo,
        spoils=spoils,
    )


def _group(moves: Sequence[Move]) -> dict[str, list[Move]]:
    out: dict[str, list[Move]] = {}
    for m in moves:
        out.setdefault(m.notation.split()[0], []).append(m)
    return out


def _m(move: Move) -> dict[str, str]:
    return {"n": move.notation, "w": move.words}


def _by_card(moves: Sequence[Move]) -> dict[str, list[Move]]:
    out: dict[str, list[Move]] = {}
    for m in moves:
        out.setdefault(m.notation.split()[1], []).append(m)
    return out


def _uses(
    f: Mapping[str, Any], legal: Mapping[str, Move], have: Mapping[str, int], acting: bool
) -> list[dict[str, Any]]:
    """Build, deal and raze for one hand card: cost, gain, and the move or why not."""
    dist = int(f["distance"])
    gains = {
        "build": "; ".join(
            x
            for x in (
                f["effect"] if f["effect"] != "no ongoing effect" else "",
                f"bonus: {f['bonus']}" if f.get("bonus") else "",
            )
            if x
        )
        or "a location in your state",
        "deal": " + ".join(f"{t['n']} {_short(t['good'])}" for t in f["deal"])
        + " now and each round",
        "raze": " + ".join(f"{t['n']} {_short(t['good'])}" for t in f["raze"]) + " once",
    }
    out = []
    for use, colour in USE_COLOUR.items():
        move = legal.get(f"{use} {f['id']}")
        reason = None
        if move is None:
            own = have.get(colour, 0) + have.get("universal", 0)
            if not acting:
                reason = ""  # said once on the card: uses open in the Actions phase
            elif own < dist:
                reason = f"needs {dist} {colour}, you have {own}"
            else:
                reason = "not possible now"
        out.append(
            {
                "use": use,
                "colour": colour,
                "cost": token(colour, dist),
                "gain": gains[use],
                "move": _m(move) if move else None,
                "reason": reason,
            }
        )
    return out


def _hand(
    game: Game, obs: Observation, groups: Mapping[str, list[Move]], acting: bool
) -> list[dict[str, Any]]:
    legal = {m.notation: m for v in USE_COLOUR for m in groups.get(v, [])}
    develop = _by_card(groups.get("develop", []))
    play = _by_card(groups.get("play", []))
    cards = []
    for card, count in obs["hand"].items():
        f = face(game, card)
        f["count"] = count
        if f["connection"]:
            plays = play.get(card, [])
            f["play"] = _m(plays[0]) if plays else None
            if not f["effect"] and plays:
                f["effect"] = plays[0].words
                f["html"] = face_html(f)
        else:
            f["uses"] = _uses(f, legal, obs["goods"], acting)
            f["develop"] = [_m(m) for m in develop.get(card, [])]
        cards.append(f)
    return cards


def _locations(
    game: Game, obs: Observation, groups: Mapping[str, list[Move]]
) -> dict[str, list[dict[str, Any]]]:
    uses = _by_card(groups.get("use", []))
    rows: dict[str, list[dict[str, Any]]] = {r: [] for r in ROWS}
    seen: set[str] = set()
    for loc in obs["locations"]:
        f = face(game, loc["card"])
        card_uses = [] if loc["card"] in seen else uses.get(loc["card"], [])
        seen.add(loc["card"])
        f.update(
            uses_left=loc["uses_left"],
            stored=tokens(loc["stored"]),
            moves=[_m(m) for m in card_uses],
        )
        rows.setdefault(loc["row"], []).append(f)
    return rows


def _opponent(game: Game, obs: Observation, groups: Mapping[str, list[Move]]) -> dict[str, Any]:
    opp = _by_card(groups.get("opp", []))
    revealed = []
    for o in obs["opponent"]:
        f = face(game, o["card"])
        # One move per card type: it goes on the first copy not used this round.
        moves = [] if o["used"] else opp.pop(o["card"], [])
        f.update(used=o["used"], move=_m(moves[0]) if moves else None)
        revealed.append(f)
    deck = [
        {"name": face(game, c)["name"], "n": n} for c, n in sorted(obs["opponent_deck"].items())
    ]
    return {"revealed": revealed, "deck": deck, "deck_size": obs["opponent_deck_size"]}


def _lookout(game: Game, obs: Observation, groups: Mapping[str, list[Move]]) -> dict[str, Any]:
    """The pending Lookout card and what keeping or refusing it leads to."""
    card = obs["pending_card"]
    if not card:
        return {}
    lk = obs["lookout"]
    step = int(lk["step"])
    rerolls = int(lk["rerolls_left"])
    if step < 2:
        then = "Refusing discards it and draws another card, which you must keep."
    else:
        then = (
            f"This is the third card: you may refuse it because you have {rerolls} reroll"
            f"{'s' if rerolls != 1 else ''} this round (a Pub deal or a built Ruined Library "
            "each give one). Refusing spends one and draws another."
        )
    return {
        "card": face(game, card),
        "which": ("first", "second", "third")[min(step, 2)],
        "step": step + 1,
        "then": then,
        "rerolls": rerolls,
        "keep": next((_m(m) for m in groups.get("keep", [])), None),
        "refuse": next((_m(m) for m in groups.get("refuse", [])), None),
    }


def _faction(obs: Observation, groups: Mapping[str, list[Move]]) -> list[dict[str, Any]]:
    fac: dict[str, list[dict[str, str]]] = {}
    for m in groups.get("faction", []):
        fac.setdefault(m.notation.split()[1], []).append(_m(m))
    return [{**a, "moves": fac.get(str(a["n"]), [])} for a in obs["faction_actions"]]


def _phase_track(obs: Observation) -> list[dict[str, Any]]:
    now = obs["phase"]
    current = {"lookout": 0, "actions": 2, "cleanup": 3}.get(now, -1)
    return [
        {"name": p, "n": i + 1, "state": "now" if i == current else "done" if i < current else ""}
        for i, p in enumerate(PHASES)
    ]


def context(
    game: Game, obs: Observation, moves: Sequence[Move], seat: int, w: Words
) -> dict[str, Any]:
    """The table's parts; every move is placed on the element it concerns."""
    groups = _group(moves)
    acting = obs["phase"] == "actions"
    goods = obs["goods"]
    conns = obs["connections"]
    take = {m.notation.split()[1]: _m(m) for m in groups.get("take", [])}
    placed = {"build", "deal", "raze", "develop", "play", "use", "opp", "faction", "keep"}
    placed |= {"refuse", "take"}
    return {
        "faction": obs["faction_name"],
        "round": obs["round"],
        "rounds": obs["rounds"],
        "rounds_list": list(range(1, int(obs["rounds"]) + 1)),
        "phase": obs["phase"],
        "step": obs["step"],
        "track": _phase_track(obs),
        "acting": acting,
        "goods": [token(g, goods.get(g, 0)) for g in BASIC],
        "workers": token("worker", goods.get("worker", 0)),
        "contacts": [token(g, goods.get(g, 0)) for g in CONTACTS],
        "development": token("development", goods.get("development", 0)),
        "vp": obs["vp"],
        "score": obs["score"],
        "hand": _hand(game, obs, groups, acting),
        "hand_size": sum(obs["hand"].values()),
        "locations": _locations(game, obs, groups),
        "deals": [{**face(game, c), "count": n} for c, n in obs["deals"].items()],
        "faction_actions": _faction(obs, groups),
        "opponent": _opponent(game, obs, groups),
        "lookout": _lookout(game, obs, groups),
        "connections": [
            {
                "colour": colour,
                "card": face(game, conns["face_up"][colour]) if conns["face_up"][colour] else None,
                "take": take.get(colour),
            }
            for colour in ("blue", "red")
        ],
        "conn_pile": conns["pile_size"],
        "draw_pile": obs["draw_pile_size"],
        "discard_size": sum(obs["discard"].values()),
        "work": [_m(m) for m in groups.get("work", [])],
        "store": [_m(m) for m in groups.get("store", [])],
        "done": next((_m(m) for m in groups.get("done", [])), None),
        "pass": next((_m(m) for m in groups.get("pass", [])), None),
        "other": [
            _m(m)
            for v, ms in groups.items()
            if v not in placed | {"work", "store", "done", "pass"}
            for m in ms
        ],
        "tally": dict(zip(TALLY, obs["tally"], strict=False)),
        "over": bool(obs["terminal"]),
        "outcome": obs["outcome"],
    }


PAGE = GamePage(
    "51st-state", "games/fifty_first_state.html", context, script="games/fifty_first_state.js"
)
