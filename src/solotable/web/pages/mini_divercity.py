"""Mini DiverCity drawn as a table: the species scale, islands, the hand, Divers and decks.

Everything comes from the observation, the game's card catalog (names, each Diver's power
key, each Corporation card's events) and the legal moves' structure (``Move.info``: a kind,
ids and the table elements it acts on, such as ``slot:o2`` or ``isle:red``) — never from
notation or the rules text. A face-down Ocean card is ``"?"`` in the observation and is
drawn as a card back: the page never has anything else to draw for it. Multi-step powers
are successive engine decisions, so each step is just "the moves legal now" drawn on the
right elements, with a prompt saying what to click; two-click choices the engine takes as
one move (a Hotel then the card that pays for it, a Diver then its target, a Lagoon card
then an Ocean card) are "guides" the page's script follows, cancellable because nothing is
played until the last click. Every word comes from the game's catalog (``w``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from solotable.core.game import Game, Observation
from solotable.core.message import Msg
from solotable.web.pages.base import GamePage, Move
from solotable.words import Tr, Words
from solotable.words.mini_divercity.cards import corp_rules, event_rule, event_title, power
from solotable.words.mini_divercity.terms import longest_word, marks

GAME = "mini-divercity"
LAGOON = ("l1", "l2")
OCEAN = ("o1", "o2", "o3")
TRACK = ("eliminated", "red", "blue", "green", "saved")
"""The scale from one end to the other; a token starts on blue."""
DIRECT_DIVERS = ("captain", "explorer", "communications", "visionary")
"""Divers whose special action is one move; the others need a target."""
SLOT_KINDS = ("oil", "pay", "identify", "close", "swimmer", "flip")
"""Moves that use a card of the hand: clicking the card offers them."""
BUTTON_KINDS = ("captain-two", "captain-one", "peek", "no-peek", "no-swap", "quick", "explore")
PRIMARY = ("explore", "captain-two", "peek")


def _m(m: Move) -> dict[str, str]:
    return {"n": m.notation, "w": m.words}


def _by_kind(moves: Iterable[Move]) -> dict[str, list[Move]]:
    out: dict[str, list[Move]] = {}
    for m in moves:
        out.setdefault(m.info.kind, []).append(m)
    return out


class _Names:
    """Names and card facts in the player's language, from the game's card catalog."""

    def __init__(self, game: Game, w: Words) -> None:
        self.t: Tr = w.game(GAME)
        self.w = w
        self.cards = {(c["type"], c["id"]): c for c in game.card_catalog()}

    def species(self, sid: str) -> str:
        card = self.cards.get(("species", sid))
        return self.t.term(str(card["name"])) if card else sid

    def diver(self, did: str) -> str:
        card = self.cards.get(("diver", did))
        return self.t.term(str(card["name"])) if card else did

    def say(self, key: str, **args: Any) -> str:
        return self.w.say(Msg(f"{GAME}.{key}", args))


def species_card(n: _Names, obs: Observation, sid: str, mark: Mapping[str, str]) -> dict[str, Any]:
    """A face-up Species card: its name, where its token stands, a hue of its own."""
    ids = list(obs["scale"])
    state = obs["scale"][sid]
    name = n.species(sid)
    return {
        "id": sid,
        "name": name,
        "mark": mark.get(sid, sid),
        "long": longest_word(name) > 9,
        "state": state,
        "state_words": n.say("place", place=state),
        "hue": (ids.index(sid) * 30 + 190) % 360 if sid in ids else 0,
        "hue_class": ids.index(sid) % 12 if sid in ids else 0,
        "out": state in ("saved", "eliminated"),
    }


def corp_card(n: _Names, cid: str) -> dict[str, Any]:
    """A Corporation card face from the catalog (its events), with its words."""
    card = n.cards.get(("corporation", cid), {})
    events = []
    for e in card.get("events", []):
        colours = list(e.get("colours", []))
        events.append(
            {
                "kind": e["event"],
                "title": event_title(n.t, e["event"]),
                "colours": colours,
                "text": event_rule(n.t, e),
            }
        )
    return {
        "id": cid,
        "events": events,
        "words": n.say("card.effect", card=cid),
        "full": corp_rules(n.t, cid),
    }


def _hand(
    n: _Names, obs: Observation, by: Mapping[str, list[Move]], mark: Mapping[str, str]
) -> list[dict[str, Any]]:
    """The five slots, each with the moves that use its card."""
    t = n.t
    per_slot: dict[str, list[Move]] = {}
    for kind in SLOT_KINDS:
        for m in by.get(kind, []):
            s = m.info.args.get("slot")
            if isinstance(s, str):
                per_slot.setdefault(s, []).append(m)
    swaps = by.get("swap", [])
    out = []
    for slot in (*LAGOON, *OCEAN):
        v = obs["hand"][slot]
        card = None if v is None or v == "?" else species_card(n, obs, v, mark)
        label = n.say("slot", slot=slot)
        guide = None
        mine = [m for m in swaps if m.info.args.get("lagoon") == slot]
        if mine:
            guide = {
                "prompt": t._("Swap %(slot)s with which Ocean card? Click it.", slot=label),
                "targets": {f"slot:{m.info.args['ocean']}": m.notation for m in mine},
            }
        out.append(
            {
                "slot": slot,
                "label": label,
                "zone": "lagoon" if slot in LAGOON else "ocean",
                "empty": v is None,
                "down": v == "?",
                "card": card,
                "moves": [_m(m) for m in per_slot.get(slot, [])],
                "guide": guide,
                "cost": max((c for _, c in _costs(per_slot.get(slot, []))), default=0),
            }
        )
    return out


def _divers(n: _Names, obs: Observation, moves: Sequence[Move]) -> list[dict[str, Any]]:
    t = n.t
    out = []
    for d, status in obs["divers"].items():
        name = n.diver(d)
        mine = [m for m in moves if f"diver:{d}" in m.info.targets and m.info.kind != "deal-diver"]
        move = None
        guide = None
        if len(mine) == 1 and d in DIRECT_DIVERS:
            move = mine[0]
        elif mine:
            targets = {x: m.notation for m in mine for x in m.info.targets if x != f"diver:{d}"}
            if d == "swimmer":
                what = t._(
                    "%(diver)s: click an Ocean card to discard (its species improves).", diver=name
                )
            elif d == "environmentalist":
                what = t._("%(diver)s: click a Hotel to turn back into an Island.", diver=name)
            else:
                what = t._("%(diver)s: click a species on the scale to improve.", diver=name)
            guide = {"prompt": what, "targets": targets}
        out.append(
            {
                "id": d,
                "name": name,
                "ready": status == "ready",
                "power": power(t, d),
                "move": _m(move) if move else None,
                "guide": guide,
                "notations": [m.notation for m in mine],
            }
        )
    return out


def _islands(
    n: _Names, obs: Observation, by: Mapping[str, list[Move]], mark: Mapping[str, str]
) -> list[dict[str, Any]]:
    t = n.t
    out = []
    env = {m.info.args.get("colour"): m for m in by.get("environmentalist", [])}
    for colour, side in obs["islands"].items():
        closes = [m for m in by.get("close", []) if m.info.args.get("colour") == colour]
        guide = None
        if closes:
            guide = {
                "prompt": t._(
                    "Close %(hotel)s: click the card of your hand to discard.",
                    hotel=n.say("hotel", colour=colour),
                ),
                "targets": {f"slot:{m.info.args['slot']}": m.notation for m in closes},
            }
        hotel = side == "hotel"
        out.append(
            {
                "colour": colour,
                "name": n.say("colour", colour=colour),
                "mark": mark.get(f"isle:{colour}", colour),
                "hotel": hotel,
                "label": n.say("hotel" if hotel else "island", colour=colour),
                "guide": guide,
                "notations": [m.notation for m in closes]
                + ([env[colour].notation] if colour in env else []),
            }
        )
    return out


def _scale(n: _Names, obs: Observation, mark: Mapping[str, str]) -> list[dict[str, Any]]:
    t = n.t
    counts = obs["species_cards"]
    rows = []
    for sid, state in obs["scale"].items():
        c = counts.get(sid, {})
        copies = c.get("copies", obs["copies_per_species"])
        unseen, discarded, visible = c.get("unseen", 0), c.get("discarded", 0), c.get("visible", 0)
        card = species_card(n, obs, sid, mark)
        rows.append(
            {
                **card,
                "pos": TRACK.index(state),
                "discarded": discarded,
                "visible": visible,
                "unseen": unseen,
                "copies": copies,
                "label": t._(
                    "%(species)s: %(place)s; %(unseen)s and %(discarded)s, of %(copies)s cards",
                    species=card["name"],
                    place=card["state_words"],
                    unseen=t.ngettext("%(n)s unseen", "%(n)s unseen", unseen),
                    discarded=t.ngettext("%(n)s discarded", "%(n)s discarded", discarded),
                    copies=copies,
                ),
                "tip": t._(
                    "%(discarded)s · %(visible)s · %(unseen)s, of %(copies)s cards",
                    discarded=t.ngettext("%(n)s discarded", "%(n)s discarded", discarded),
                    visible=t.ngettext("%(n)s in sight", "%(n)s in sight", visible),
                    unseen=t.ngettext("%(n)s unseen", "%(n)s unseen", unseen),
                    copies=copies,
                ),
            }
        )
    return rows


def _this_turn(n: _Names, obs: Observation) -> list[str]:
    """The log since this turn's marker: the Corporations phase and what followed."""
    log: list[dict[str, Any]] = obs["log"]
    start = max((i for i, e in enumerate(log) if e["kind"] == "turn"), default=-1)
    return [
        n.w.say(Msg(f"{GAME}.event.{e['kind']}", {k: v for k, v in e.items() if k != "kind"}))
        for e in log[start + 1 :]
    ]


def _prompt(t: Tr, kind: str | None, left: int) -> str:
    """What to click at each engine decision."""
    if kind == "oil":
        return t._(
            "Oil Platform: click the card of your hand to discard — its species moves toward red."
        )
    if kind == "pay":
        return t.ngettext(
            "Pay the extra cost: click a card of your hand to discard (%(n)s left).",
            "Pay the extra cost: click a card of your hand to discard (%(n)s left).",
            left,
        )
    if kind == "swap":
        return t._(
            "Hotel closed: click a Lagoon card, then the Ocean card to swap it with, or don't swap."
        )
    if kind == "peek":
        return t._("Special action done: look at the top Corporation card?")
    if kind == "flip":
        return t.ngettext(
            "Click a face-down Ocean card to turn it face up (%(n)s left).",
            "Click a face-down Ocean card to turn it face up (%(n)s left).",
            left,
        )
    if kind == "visionary":
        return t._("Visionary: click the card to put next on the Corporation deck (top first).")
    if kind == "captain":
        return t._("Captain: click a drawn card to discard it and improve its species.")
    if kind == "captain_draw":
        return t._("Captain: draw 2 cards or only 1 (you see them once drawn).")
    if kind == "divers":
        return t._(
            "Your turn: a Diver and/or Quick Exploration (optional), then Explore, Close a Hotel "
            "(click it) or Identify (click a card)."
        )
    return ""


def _track_mark(t: Tr, place: str) -> str:
    """A scale cell's mark: ✘ and ✔ at the ends, the zone's initial in between."""
    marks = {
        "eliminated": "✘",
        "red": t.pgettext("zone", "R"),
        "blue": t.pgettext("zone", "B"),
        "green": t.pgettext("zone", "G"),
        "saved": "✔",
    }
    return marks[place]


def _button_label(t: Tr, kind: str) -> str:
    labels = {
        "captain-two": t._("Draw 2"),
        "captain-one": t._("Draw 1"),
        "peek": t._("Look at the top card"),
        "no-peek": t._("Don't look"),
        "no-swap": t._("Don't swap"),
        "quick": t._("Quick Exploration"),
        "explore": t._("Explore"),
    }
    return labels[kind]


def context(
    game: Game, obs: Observation, moves: Sequence[Move], seat: int, w: Words
) -> dict[str, Any]:
    """The table's parts, each with the legal moves that belong on it."""
    n = _Names(game, w)
    t = n.t
    by = _by_kind(moves)
    mark = marks(
        {sid: n.species(sid) for sid in obs["scale"]}
        | {f"isle:{c}": n.say("colour", colour=c) for c in obs["islands"]}
    )
    decision = obs["decision"] or {}
    kind = decision.get("kind")
    cdisc, sdisc = obs["corporation_discard"], obs["species_discard"]
    cdeck, sdeck = obs["corporation_deck"], obs["species_deck"]
    buttons = [
        {**_m(m), "label": _button_label(t, k), "primary": k in PRIMARY}
        for k in BUTTON_KINDS
        for m in by.get(k, [])
    ]
    cancel = t._("Cancel the Captain") if kind == "captain_draw" else None
    if kind == "visionary" and obs["visionary_placed"]:
        cancel = t._("Take back the last card placed")
    caps = {m.info.args["species"]: m for m in by.get("captain-keep", [])}
    vtops = {m.info.args["card"]: m for m in by.get("visionary-order", [])}
    looks = {m.info.args["pile"]: _m(m) for m in by.get("look", [])}
    win = obs["win"]
    result = obs["result"]
    return {
        "turn": obs["turn"],
        "goal": obs["goal"],
        "saved": obs["saved"],
        "eliminated": obs["eliminated"],
        "hotels": obs["hotels"],
        "n_islands": len(obs["islands"]),
        "win": win,
        "kind": kind,
        "prompt": _prompt(t, kind, int(decision.get("left", 0))),
        "buttons": buttons,
        "cancel": cancel,
        "scale": _scale(n, obs, mark),
        "track": [
            {"name": x, "label": n.say("place", place=x), "mark": _track_mark(t, x)} for x in TRACK
        ],
        "islands": _islands(n, obs, by, mark),
        "hand": _hand(n, obs, by, mark),
        "divers": _divers(n, obs, moves),
        "species_deck": {
            "size": sdeck["size"],
            "top": species_card(n, obs, sdeck["top"], mark) if sdeck["top"] else None,
        },
        "species_discard": {
            "size": sdisc["size"],
            "top": species_card(n, obs, sdisc["top"], mark) if sdisc["top"] else None,
            "looked": sdisc["looked"],
            "look": looks.get("species"),
            "contents": [
                {**species_card(n, obs, k, mark), "n": c}
                for k, c in (sdisc["contents"] or {}).items()
            ],
        },
        "corp_deck": {
            "size": cdeck["size"],
            "known": [corp_card(n, c) for c in cdeck["known_top"]],
        },
        "corp_discard": {
            "size": cdisc["size"],
            "looked": cdisc["looked"],
            "look": looks.get("corporation"),
            "contents": [{**corp_card(n, k), "n": c} for k, c in (cdisc["contents"] or {}).items()],
        },
        "current": corp_card(n, cdisc["top"]) if cdisc["top"] else None,
        "phase_log": _this_turn(n, obs),
        "captain": [
            {**species_card(n, obs, c, mark), "move": _m(caps[c]) if c in caps else None}
            for c in obs["captain_cards"]
        ],
        "visionary": [
            {**corp_card(n, c), "move": _m(vtops[c]) if c in vtops else None}
            for c in obs["visionary_cards"]
        ],
        "visionary_placed": [corp_card(n, c) for c in obs["visionary_placed"]],
        "result": result,
        **(_end(n, obs) if result else {"end_text": "", "end_why": ""}),
        "costly": {m.notation: _cost_words(t, c) for m, c in _costs(moves)},
    }


def _costs(moves: Sequence[Move]) -> list[tuple[Move, int]]:
    """Moves whose Lagoon card costs extra discards (``extra_discards`` of ``Move.info``)."""
    return [
        (m, int(m.info.args.get("extra_discards") or 0))
        for m in moves
        if m.info.args.get("extra_discards")
    ]


def _cost_words(t: Tr, n: int) -> str:
    return t.ngettext("costs %(n)s more discard", "costs %(n)s more discards", n)


def _end(n: _Names, obs: Observation) -> dict[str, str]:
    """The end screen's one line (``end_text``: the outcome; the counts are in its table) and
    what it folds under "Why?" (``end_why``; empty: nothing to fold)."""
    from solotable.words.mini_divercity.log import end_args

    args = end_args(obs)
    return {
        "end_text": n.say(f"outcome.{args.get('cause')}", **args),
        "end_why": n.say("end.why", **args),
    }


PAGE = GamePage(
    "mini-divercity",
    "games/mini_divercity.html",
    context,
    script="games/mini_divercity.js",
)
