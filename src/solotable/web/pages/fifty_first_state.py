"""51st State drawn as a card table: the hand, the state, the opponent, the Lookout.

Everything comes from the observation, the legal moves' data (``Move.info``: kind,
arguments, targets) and the game's public card data (``game.card_catalog()``: numbers,
and each card's effect and bonus as messages), said in the player's language through the
game's words (``words/fifty_first_state/__init__.py``). Nothing here reads notation or prose: a
card's three uses are the legal ``build``/``deal``/``raze`` moves whose ``card`` argument
is that card; a legal use is a button with what it costs and gives now, an illegal one is
shown disabled with the reason, worked out from the contacts in the supply. Moves the page
does not place on an element are listed as plain buttons, so every legal move is one
click away.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from markupsafe import Markup

from solotable.core.game import Game, Observation
from solotable.core.message import Msg
from solotable.web.pages.base import GamePage, Move
from solotable.words import Tr, Words, words
from solotable.words import fifty_first_state as say

GAME = "51st-state"
ROWS = ("production", "feature", "action")
ROW_LETTER = {"production": "P", "feature": "F", "action": "A", "connection": "C"}
BASIC = ("fuel", "gun", "iron", "brick", "ammo")
CONTACTS = ("grey", "blue", "red", "universal")
USE_COLOUR = {"build": "grey", "deal": "blue", "raze": "red"}
PHASES = ("lookout", "production", "actions", "cleanup")
TALLY = ("built", "deals", "razed", "developed", "reshuffles", "location_uses", "opponent_uses")
"""The observation's ``tally`` counters, in its order."""
SYMBOL = {"grey": "■", "blue": "◆", "red": "▲", "universal": "★"}
"""Contacts are drawn as shapes; other goods as a letter from the catalog."""


def _letter(t: Tr, good: str) -> str:
    """A good's letter on its token, in the player's language (colour is never the only cue)."""
    if good in SYMBOL:
        return SYMBOL[good]
    letters = {
        "fuel": t.pgettext("token", "F"),
        "gun": t.pgettext("token", "G"),
        "iron": t.pgettext("token", "I"),
        "brick": t.pgettext("token", "B"),
        "ammo": t.pgettext("token", "A"),
        "worker": t.pgettext("token", "W"),
        "development": t.pgettext("token", "D"),
        "vp": t.pgettext("token", "VP"),
        "card": t.pgettext("token", "C"),
        "contact": t.pgettext("token", "Ct"),
        "liberty": t.pgettext("token", "L"),
    }
    return letters.get(good, good[:1].upper())


TOKEN_HTML = Markup(
    '<span class="tok tok-{0}" role="img" title="{1}" aria-label="{2}">'
    '<span class="tok-sym" aria-hidden="true">{3}</span>{4}</span>'
)
COUNT_HTML = Markup('<span class="tok-n" aria-hidden="true">{0}</span>')


_TOKENS: dict[tuple[str, str, str, int | None], dict[str, Any]] = {}
"""Tokens already drawn, by language, domain, good and count: a hand of 15 cards draws about
50 of them with every move, always the same few."""


def token(t: Tr, good: str, n: int | None = None) -> dict[str, Any]:
    """A good as data and as its drawn token (letter/shape + colour + count)."""
    key = (t.lang, t.domain, good, n)
    drawn = _TOKENS.get(key)
    if drawn is None:
        if len(_TOKENS) > 4096:
            _TOKENS.clear()
        drawn = _TOKENS[key] = _token(t, good, n)
    return dict(drawn)


def _token(t: Tr, good: str, n: int | None) -> dict[str, Any]:
    words_ = say.label(t, good)
    label = say.amount(t, good, n) if n is not None else words_
    count = COUNT_HTML.format(n) if n is not None else ""
    letter = _letter(t, good)
    html = TOKEN_HTML.format(good, words_, label, letter, count)
    return {"good": good, "letter": letter, "words": words_, "n": n, "html": html}


def icon_token(t: Tr, icon: str) -> Markup:
    words_ = say.icon(t, icon)
    return TOKEN_HTML.format(icon, words_, words_, _letter(t, icon), "")


def tokens(t: Tr, goods: Mapping[str, int]) -> list[dict[str, Any]]:
    return [token(t, g, n) for g, n in goods.items() if n]


@lru_cache(maxsize=8)
def catalog(game: Game) -> dict[str, dict[str, dict[str, Any]]]:
    """The game's card data by kind and id (static public facts, the same for every deal)."""
    out: dict[str, dict[str, dict[str, Any]]] = {"location": {}, "connection": {}, "faction": {}}
    for c in game.card_catalog():
        kind = c["kind"] if c["kind"] in ("connection", "faction") else "location"
        out[kind][c["id"]] = c
    return out


def face(game: Game, card: str, t: Tr) -> dict[str, Any]:
    """One card's face in ``t``'s language (a fresh copy: callers add their own keys)."""
    return dict(_face(game, card, t.lang))


@lru_cache(maxsize=2048)
def _face(game: Game, card: str, lang: str) -> dict[str, Any]:
    """One card's face: name, row, distance, icons, effect, bonus, deal and raze."""
    t = words(lang).game(GAME)
    cat = catalog(game)
    c = cat["location"].get(card)
    if c is None:
        return _connection_face(t, cat["connection"].get(card), card)
    effect = Msg.from_json(c["effect"])
    f = {
        "id": card,
        "name": say.name(t, c["name"]),
        "tip": say.english_tip(t, c["name"]),
        "row": c["kind"],
        "letter": ROW_LETTER.get(c["kind"], "?"),
        "open": bool(c["open"]),
        "distance": c["distance"],
        "icons": list(c["icons"]),
        "effect": t.say(effect),
        "no_effect": effect.key == "51st-state.effect.none",
        "bonus": t.say(c["bonus"]) if c.get("bonus") else None,
        "solo": say.solo_notes(t, c),
        "deal": tokens(t, c["deal"]),
        "deal_words": say.goods(t, c["deal"]),
        "raze": tokens(t, c["raze"]),
        "raze_words": say.goods(t, c["raze"]),
        "reroll": bool(c.get("lookout_reroll")),
        "connection": False,
    }
    f["text"] = "\n".join(x for x in (f["effect"], f["bonus"]) if x)
    f["html"] = face_html(t, f)
    return f


def _connection_face(t: Tr, c: Mapping[str, Any] | None, card: str) -> dict[str, Any]:
    """A connection card (or an id the catalog does not know, shown as it is)."""
    if c is None:
        f: dict[str, Any] = {"id": card, "name": card, "effect": "", "deck": ""}
    else:
        cost = Msg("51st-state.goods", c["cost"])
        gain = Msg("51st-state.goods", c["gain"])
        f = {
            "id": card,
            "name": say.name(t, c["name"]),
            "tip": say.english_tip(t, c["name"]),
            "deck": c["deck"],
            "effect": say.connection_use(t, {"cost": cost, "gain": gain}),
        }
    f.update(row="connection", letter="C", connection=True, text=f["effect"])
    f["html"] = face_html(t, f)
    return f


def _gains_html(t: Tr, toks: Sequence[Mapping[str, Any]]) -> Markup:
    if not toks:
        return Markup('<span class="muted">{0}</span>').format(t._("nothing"))
    return Markup("").join(x["html"] for x in toks)


FACE_HTML = Markup(
    '<header class="card-head">{dist}<h4 class="card-name"{tip}>{name}</h4>'
    '<span class="kind" title="{row_title}">{letter}</span></header>'
    '<div class="card-sub"><span>{row_title}</span>{icons}</div>'
    '<p class="effect">{effect}</p>{bonus}{solo}{spoils}'
)


def face_html(t: Tr, f: Mapping[str, Any]) -> Markup:
    """A card's printed face (everything but its buttons), drawn once per card type and
    language: rendering it through template macros took most of the page's time."""
    d = f.get("distance")
    dist = (
        Markup('<span class="dist" title="{0}">{1}</span>').format(
            t._("distance %(d)s: build, deal or raze it for %(d)s contacts", d=d), d
        )
        if d is not None
        else ""
    )
    icons = f.get("icons") or []
    icon_html = (
        Markup('<span class="icons" title="{0}">{1}</span>').format(
            t._("type icons"), Markup("").join(icon_token(t, i) for i in icons)
        )
        if icons
        else ""
    )
    bonus = (
        Markup('<p class="bonus"><strong>{0}</strong> {1}</p>').format(
            t._("Build bonus:"), f["bonus"]
        )
        if f.get("bonus")
        else ""
    )
    solo = Markup("").join(
        Markup('<p class="solo"><strong>{0}</strong> {1}</p>').format(t._("Solo:"), x)
        for x in f.get("solo") or []
    )
    spoils = (
        Markup(
            '<dl class="spoils"><div><dt>{0}</dt><dd>{1}</dd></div>'
            "<div><dt>{2}</dt><dd>{3}</dd></div></dl>"
        ).format(t._("Deal"), _gains_html(t, f["deal"]), t._("Raze"), _gains_html(t, f["raze"]))
        if "deal" in f
        else ""
    )
    if f["row"] == "connection":
        row_title = say.connection_title(t, f.get("deck", ""))
    else:
        row_title = say.card_kind(t, {"kind": f["row"], "open": f.get("open")})
    tip = Markup(' title="{0}"').format(f["tip"]) if f.get("tip") else ""
    return FACE_HTML.format(
        dist=dist,
        tip=tip,
        name=f["name"],
        letter=f["letter"],
        row_title=row_title,
        icons=icon_html,
        effect=f["effect"],
        bonus=bonus,
        solo=solo,
        spoils=spoils,
    )


# -- moves on the table ------------------------------------------------------------------------
def _group(moves: Sequence[Move]) -> dict[str, list[Move]]:
    out: dict[str, list[Move]] = {}
    for m in moves:
        out.setdefault(m.info.kind, []).append(m)
    return out


def _m(move: Move) -> dict[str, str]:
    return {"n": move.notation, "w": move.words}


def _by(moves: Sequence[Move], arg: str = "card") -> dict[str, list[Move]]:
    out: dict[str, list[Move]] = {}
    for m in moves:
        out.setdefault(str(m.info.args[arg]), []).append(m)
    return out


def _uses(
    t: Tr,
    f: Mapping[str, Any],
    legal: Mapping[str, Mapping[str, Move]],
    have: Mapping[str, int],
    acting: bool,
) -> list[dict[str, Any]]:
    """Build, deal and raze for one hand card: cost, gain, and the move or why not."""
    dist = int(f["distance"])
    build = "; ".join(
        x
        for x in (
            "" if f["no_effect"] else f["effect"],
            t._("bonus: %(bonus)s", bonus=f["bonus"]) if f.get("bonus") else "",
        )
        if x
    )
    gains = {
        "build": build or t._("a location in your state"),
        "deal": t._("%(gain)s now and each round", gain=f["deal_words"]),
        "raze": t._("%(gain)s once", gain=f["raze_words"]),
    }
    names = {"build": t._("Build"), "deal": t._("Deal"), "raze": t._("Raze")}
    out = []
    for use, colour in USE_COLOUR.items():
        move = legal.get(use, {}).get(f["id"])
        reason = None
        if move is None:
            own = have.get(colour, 0) + have.get("universal", 0)
            if not acting:
                reason = ""  # said once on the card: uses open in the Actions phase
            elif own < dist:
                reason = t._(
                    "needs %(cost)s, you have %(n)s", cost=say.amount(t, colour, dist), n=own
                )
            else:
                reason = t._("not possible now")
        out.append(
            {
                "use": use,
                "name": names[use],
                "colour": colour,
                "cost": token(t, colour, dist),
                "gain": gains[use],
                "move": _m(move) if move else None,
                "reason": reason,
            }
        )
    return out


def _hand(
    game: Game, t: Tr, obs: Observation, groups: Mapping[str, list[Move]], acting: bool
) -> list[dict[str, Any]]:
    legal = {use: {m.info.args["card"]: m for m in groups.get(use, [])} for use in USE_COLOUR}
    develop = _by(groups.get("develop", []))
    play = _by(groups.get("play", []))
    cards = []
    for card, count in obs["hand"].items():
        f = face(game, card, t)
        f["count"] = count
        if f["connection"]:
            plays = play.get(card, [])
            f["play"] = _m(plays[0]) if plays else None
        else:
            f["uses"] = _uses(t, f, legal, obs["goods"], acting)
            f["develop"] = [_m(m) for m in develop.get(card, [])]
        cards.append(f)
    return cards


def _locations(
    game: Game, t: Tr, obs: Observation, groups: Mapping[str, list[Move]]
) -> dict[str, list[dict[str, Any]]]:
    uses = _by(groups.get("use", []))
    rows: dict[str, list[dict[str, Any]]] = {r: [] for r in ROWS}
    seen: set[str] = set()
    for loc in obs["locations"]:
        f = face(game, loc["card"], t)
        card_uses = [] if loc["card"] in seen else uses.get(loc["card"], [])
        seen.add(loc["card"])
        f.update(
            uses_left=loc["uses_left"],
            uses_words=t.ngettext("%(n)s use left", "%(n)s uses left", loc["uses_left"]),
            stored=tokens(t, loc["stored"]),
            moves=[_m(m) for m in card_uses],
        )
        rows.setdefault(loc["row"], []).append(f)
    return rows


def _opponent(
    game: Game, t: Tr, obs: Observation, groups: Mapping[str, list[Move]]
) -> dict[str, Any]:
    opp = _by(groups.get("opp", []))
    revealed = []
    for o in obs["opponent"]:
        f = face(game, o["card"], t)
        # One move per card type: it goes on the first copy not used this round.
        moves = [] if o["used"] else opp.pop(o["card"], [])
        f.update(used=o["used"], move=_m(moves[0]) if moves else None)
        revealed.append(f)
    deck = [
        {"name": face(game, c, t)["name"], "n": n} for c, n in sorted(obs["opponent_deck"].items())
    ]
    return {"revealed": revealed, "deck": deck, "deck_size": obs["opponent_deck_size"]}


def _lookout(
    game: Game, t: Tr, obs: Observation, groups: Mapping[str, list[Move]]
) -> dict[str, Any]:
    """The pending Lookout card and what keeping or refusing it leads to."""
    card = obs["pending_card"]
    if not card:
        return {}
    lk = obs["lookout"]
    step = min(int(lk["step"]), 2)
    rerolls = int(lk["rerolls_left"])
    if step < 2:
        then = t._("Refusing discards it and draws another card, which you must keep.")
    else:
        then = t.ngettext(
            "This is the third card: you may refuse it because you have %(n)s reroll this "
            "round (a Pub deal or a built Ruined Library each give one). Refusing spends one "
            "and draws another.",
            "This is the third card: you may refuse it because you have %(n)s rerolls this "
            "round (a Pub deal or a built Ruined Library each give one). Refusing spends one "
            "and draws another.",
            rerolls,
        )
    f = face(game, card, t)
    title = (
        t._("Lookout — first card of 3"),
        t._("Lookout — second card of 3"),
        t._("Lookout — third card of 3"),
    )[step]
    return {
        "card": f,
        "title": title,
        "question": t._("Keep %(name)s in your hand, or refuse it?", name=f["name"]),
        "step": step + 1,
        "then": then,
        "rerolls": rerolls,
        "keep": next((_m(m) for m in groups.get("keep", [])), None),
        "refuse": next((_m(m) for m in groups.get("refuse", [])), None),
    }


def _faction(t: Tr, obs: Observation, groups: Mapping[str, list[Move]]) -> list[dict[str, Any]]:
    fac = _by(groups.get("faction", []), "n")
    out = []
    for a in obs["faction_actions"]:
        cost = say.goods(t, a["cost"])
        if a["card"]:
            cost = t._("%(cost)s + 1 card from hand", cost=cost)
        text = t._("%(n)s. %(cost)s → %(gain)s", n=a["n"], cost=cost, gain=say.goods(t, a["gain"]))
        moves = [_m(m) for m in fac.get(str(a["n"]), [])]
        out.append({"n": a["n"], "used": a["used"], "text": text, "moves": moves})
    return out


def _phase_track(t: Tr, obs: Observation) -> list[dict[str, Any]]:
    now = obs["phase"]
    current = {"lookout": 0, "actions": 2, "cleanup": 3}.get(now, -1)
    return [
        {
            "name": say.phase(t, p),
            "n": i + 1,
            "state": "now" if i == current else "done" if i < current else "",
        }
        for i, p in enumerate(PHASES)
    ]


def _prompt(t: Tr, obs: Observation) -> str:
    """What is being decided (the observation's phase and counters, in words)."""
    if obs["terminal"]:
        return t._("game over")
    if obs["pending_draws"]:
        return t.ngettext("drawing %(n)s card", "drawing %(n)s cards", obs["pending_draws"])
    if obs["pending_card"]:
        return t._("Keep or refuse the Lookout card")
    if obs["phase"] == "cleanup":
        return t._("Cleanup: store goods on your storage cards, then done")
    if obs["phase"] == "actions":
        return t._("your action (or pass)")
    return ""


def _outcome(t: Tr, obs: Observation, faction: Mapping[str, Any] | None) -> str:
    if not obs["terminal"] or faction is None:
        return ""
    sc = obs["score"]
    final = {
        "faction": faction["id"],
        "name": faction["name"],
        "score": sc["total"],
        "vp": sc["vp"],
        "locations": sc["locations"],
        "rounds": obs["rounds"],
    }
    return t.say(Msg("51st-state.outcome.final", final))


def _tally(t: Tr, obs: Observation) -> list[dict[str, Any]]:
    labels = {
        "built": t._("Built"),
        "deals": t._("Deals made"),
        "razed": t._("Razed"),
        "developed": t._("Developed"),
        "reshuffles": t._("Reshuffles"),
        "location_uses": t._("Location uses"),
        "opponent_uses": t._("Opponent cards used"),
    }
    return [{"label": labels[k], "n": v} for k, v in zip(TALLY, obs["tally"], strict=False)]


def context(
    game: Game, obs: Observation, moves: Sequence[Move], seat: int, w: Words
) -> dict[str, Any]:
    """The table's parts; every move is placed on the element it concerns."""
    t = w.game(GAME)
    groups = _group(moves)
    acting = obs["phase"] == "actions"
    goods = obs["goods"]
    conns = obs["connections"]
    take = {str(m.info.args["deck"]): _m(m) for m in groups.get("take", [])}
    placed = {"build", "deal", "raze", "develop", "play", "use", "opp", "faction", "keep"}
    placed |= {"refuse", "take", "work", "store", "done", "pass"}
    faction = catalog(game)["faction"].get(obs["faction"] or "")
    return {
        "faction": say.name(t, faction["name"]) if faction else None,
        "round": obs["round"],
        "rounds": obs["rounds"],
        "rounds_list": list(range(1, int(obs["rounds"]) + 1)),
        "phase": obs["phase"],
        "step": _prompt(t, obs),
        "track": _phase_track(t, obs),
        "acting": acting,
        "goods": [token(t, g, goods.get(g, 0)) for g in BASIC],
        "workers": token(t, "worker", goods.get("worker", 0)),
        "contacts": [token(t, g, goods.get(g, 0)) for g in CONTACTS],
        "development": token(t, "development", goods.get("development", 0)),
        "vp": obs["vp"],
        "score": obs["score"],
        "hand": _hand(game, t, obs, groups, acting),
        "hand_size": sum(obs["hand"].values()),
        "locations": _locations(game, t, obs, groups),
        "rows": [{"code": r, "name": say.row(t, r), "letter": ROW_LETTER[r]} for r in ROWS],
        "deals": [{**face(game, c, t), "count": n} for c, n in obs["deals"].items()],
        "faction_actions": _faction(t, obs, groups),
        "opponent": _opponent(game, t, obs, groups),
        "lookout": _lookout(game, t, obs, groups),
        "connections": [
            {
                "colour": colour,
                "title": say.connection_title(t, colour),
                "card": face(game, conns["face_up"][colour], t)
                if conns["face_up"][colour]
                else None,
                "take": take.get(colour),
            }
            for colour in ("blue", "red")
        ],
        "conn_pile": conns["pile_size"],
        "draw_pile": obs["draw_pile_size"],
        "discard_size": sum(obs["discard"].values()),
        "work": [
            {**_m(m), "label": say.amount(t, str(m.info.args["good"]), 1)}
            for m in groups.get("work", [])
        ],
        "store": [
            {**_m(m), "label": say.amount(t, str(m.info.args["good"]), 1)}
            for m in groups.get("store", [])
        ],
        "done": next((_m(m) for m in groups.get("done", [])), None),
        "pass": next((_m(m) for m in groups.get("pass", [])), None),
        "other": [_m(m) for k, ms in groups.items() if k not in placed for m in ms],
        "tally": _tally(t, obs),
        "over": bool(obs["terminal"]),
        "outcome": _outcome(t, obs, faction),
    }


PAGE = GamePage(GAME, "games/fifty_first_state.html", context, script="games/fifty_first_state.js")
