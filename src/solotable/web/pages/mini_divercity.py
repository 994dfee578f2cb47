"""Mini DiverCity drawn as a table: the species scale, islands, the hand, Divers and decks.

Everything comes from the observation and the legal moves' notation (``oil:o2``,
``close:red:l1``, ``endurance:crab``, ``vtop:dyn``…). A face-down Ocean card is
``"?"`` in the observation and is drawn as a card back: the page never has
anything else to draw for it. Multi-step powers are successive engine
decisions, so each step is just "the moves legal now" drawn on the right
elements, with a prompt saying what to click; two-click choices the engine
takes as one move (a Hotel then the card that pays for it, a Diver then its
target, a Lagoon card then an Ocean card) are "guides" the page's script
follows, cancellable because nothing is played until the last click.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from solotable.core.game import Game, Observation
from solotable.web.pages.base import GamePage, Move
from solotable.words import Words

LAGOON = ("l1", "l2")
OCEAN = ("o1", "o2", "o3")
TRACK = ("eliminated", "red", "blue", "green", "saved")
"""The scale from one end to the other; a token starts on blue."""
TRACK_LABELS = {
    "eliminated": ("✘", "Eliminated"),
    "red": ("R", "red"),
    "blue": ("B", "blue"),
    "green": ("G", "green"),
    "saved": ("✔", "Saved"),
}
COLOUR_LETTERS = {
    "red": "R",
    "green": "G",
    "blue": "B",
    "orange": "O",
    "purple": "P",
    "yellow": "Y",
}
EVENT_TITLES = {"oil": "Oil Platform", "dynamite": "Dynamite Fishers", "hotels": "Hotels"}
"""Card-event names as the rules summary prints them (its bullets explain them)."""
DIRECT_DIVERS = ("captain", "explorer", "communications", "visionary")
"""Divers whose special action is one move; the others need a target."""
_BULLET = re.compile(r"^\s*- \*([^*]+)\*(.*)$")
_PAREN = re.compile(r"^\s*\(([^)]*)\)")


def rules_bullets(text: str) -> dict[str, str]:
    """The rules summary's ``- *Name* …`` bullets as {name or notation: text}.

    Used for Diver powers and Corporation events when the game gives no
    ``card_text``: the words stay the game's own, never the web layer's. A
    bullet is keyed by its title and by each notation in the parentheses after
    it (``(`endurance:SPECIES`, `diving:SPECIES`)``), so a shared bullet serves both."""
    out: dict[str, str] = {}
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        m = _BULLET.match(lines[i])
        if not m:
            i += 1
            continue
        indent = len(lines[i]) - len(lines[i].lstrip())
        body = [lines[i].strip()[2:]]
        i += 1
        while i < len(lines) and lines[i].strip() and not _BULLET.match(lines[i]):
            if len(lines[i]) - len(lines[i].lstrip()) <= indent:
                break
            body.append(lines[i].strip())
            i += 1
        words = " ".join(body).replace("*", "")
        out.setdefault(m.group(1).strip(), words)
        paren = _PAREN.match(m.group(2))
        for code in re.findall(r"`([a-z]+)", paren.group(1) if paren else ""):
            out.setdefault(code, words)
    return out


_RULES: dict[str, dict[str, str]] = {}


def rules_for(game: Game) -> dict[str, str]:
    """The game's rules bullets, parsed once per game (the file does not change)."""
    if game.name not in _RULES:
        _RULES[game.name] = rules_bullets(game.rules_text())
    return _RULES[game.name]


def power_text(game: Game, diver: str, name: str) -> str:
    """A Diver's power: ``game.card_text`` when the game has it, else its rules bullet."""
    text = game.card_text(diver) or game.card_text(name)
    if text:
        return str(text)
    return rules_for(game).get(diver, name)


def _moves_by(moves: Sequence[Move]) -> dict[str, list[Move]]:
    out: dict[str, list[Move]] = {}
    for m in moves:
        out.setdefault(m.notation.split(":")[0], []).append(m)
    return out


def _m(m: Move) -> dict[str, str]:
    return {"n": m.notation, "w": m.words}


BUTTON_LABELS = {
    "cap:more": "Draw 2",
    "cap:one": "Draw 1",
    "peek": "Look at the top card",
    "nopeek": "Don't look",
    "noswap": "Don't swap",
    "quick": "Quick Exploration",
    "explore": "Explore",
}
"""Short button labels; the move's words stay in the button's title."""


def species_card(obs: Observation, sid: str) -> dict[str, Any]:
    """A face-up Species card: its name, where its token stands, a hue of its own."""
    ids = list(obs["scale"])
    state = obs["scale"][sid]
    name = obs["names"]["species"].get(sid, sid)
    return {
        "id": sid,
        "name": name,
        "initials": "".join(w[0] for w in name.split()[:2]).upper(),
        "long": max(len(w) for w in name.split()) > 9,
        "state": state,
        "hue": (ids.index(sid) * 30 + 190) % 360 if sid in ids else 0,
        "hue_class": ids.index(sid) % 12 if sid in ids else 0,
        "out": state in ("saved", "eliminated"),
    }


def corp_card(
    obs: Observation, cid: str, rules: Mapping[str, str], game: Game | None = None
) -> dict[str, Any]:
    """A Corporation card face from the data the observation carries (its events); its
    full text from ``game.card_text`` when the game has one."""
    data = obs["corporation_cards"].get(cid, {})
    events: list[dict[str, Any]] = []
    for _ in range(int(data.get("oil", 0))):
        events.append(
            {"kind": "oil", "title": EVENT_TITLES["oil"], "text": rules.get("Oil Platform", "")}
        )
    for _ in range(int(data.get("dynamite", 0))):
        events.append(
            {
                "kind": "dynamite",
                "title": EVENT_TITLES["dynamite"],
                "text": rules.get("Dynamite Fishers", ""),
            }
        )
    hotels = list(data.get("hotels", []))
    for a, b in zip(hotels[::2], hotels[1::2], strict=False):
        events.append(
            {
                "kind": "hotels",
                "title": EVENT_TITLES["hotels"],
                "colours": [a, b],
                "letters": [
                    COLOUR_LETTERS.get(a, a[:1].upper()),
                    COLOUR_LETTERS.get(b, b[:1].upper()),
                ],
                "text": rules.get("Hotels", ""),
            }
        )
    words = " + ".join(
        e["title"] + (f" ({' and '.join(e['colours'])})" if e["kind"] == "hotels" else "")
        for e in events
    )
    full = str(game.card_text(cid) or "") or None if game is not None else None
    return {"id": cid, "events": events, "words": words or cid, "full": full}


def _hand(obs: Observation, by: Mapping[str, list[Move]]) -> list[dict[str, Any]]:
    """The five slots, each with the moves that use its card."""
    per_slot: dict[str, list[Move]] = {}
    for kind in ("oil", "pay", "id", "close", "swimmer", "flip"):
        for m in by.get(kind, []):
            per_slot.setdefault(m.notation.rsplit(":", 1)[1], []).append(m)
    swaps = by.get("swap", [])
    out = []
    for slot in (*LAGOON, *OCEAN):
        v = obs["hand"][slot]
        card = None if v is None or v == "?" else species_card(obs, v)
        moves = per_slot.get(slot, [])
        guide = None
        if slot in LAGOON and swaps:
            targets = {
                f"slot:{m.notation[7:]}": m.notation for m in swaps if m.notation[5:7] == slot
            }
            guide = {"prompt": f"Swap {slot} with which Ocean card? Click it.", "targets": targets}
        out.append(
            {
                "slot": slot,
                "zone": "lagoon" if slot in LAGOON else "ocean",
                "empty": v is None,
                "down": v == "?",
                "card": card,
                "moves": [_m(m) for m in moves],
                "guide": guide,
            }
        )
    return out


def _divers(game: Game, obs: Observation, by: Mapping[str, list[Move]]) -> list[dict[str, Any]]:
    names = obs["names"]["divers"]
    out = []
    for d, status in obs["divers"].items():
        name = names.get(d, d)
        moves = by.get(d, [])
        move = None
        guide = None
        if len(moves) == 1 and d in DIRECT_DIVERS:
            move = moves[0]
        elif moves:
            targets: dict[str, str] = {}
            for m in moves:
                arg = m.notation.split(":", 1)[1]
                key = {"swimmer": "slot", "environmentalist": "isle"}.get(d, "sp")
                targets[f"{key}:{arg}"] = m.notation
            what = {
                "swimmer": "an Ocean card to discard (its species improves)",
                "environmentalist": "a Hotel to turn back into an Island",
            }.get(d, "a species on the scale to improve")
            guide = {"prompt": f"{name}: click {what}.", "targets": targets}
        out.append(
            {
                "id": d,
                "name": name,
                "ready": status == "ready",
                "power": power_text(game, d, name),
                "move": _m(move) if move else None,
                "guide": guide,
                "notations": [m.notation for m in moves],
            }
        )
    return out


def _islands(obs: Observation, by: Mapping[str, list[Move]]) -> list[dict[str, Any]]:
    out = []
    env = {m.notation.split(":")[1]: m for m in by.get("environmentalist", [])}
    for colour, side in obs["islands"].items():
        closes = [m for m in by.get("close", []) if m.notation.split(":")[1] == colour]
        guide = None
        if closes:
            guide = {
                "prompt": f"Close the {colour} Hotel: click the card of your hand to discard.",
                "targets": {f"slot:{m.notation.rsplit(':', 1)[1]}": m.notation for m in closes},
            }
        out.append(
            {
                "colour": colour,
                "letter": COLOUR_LETTERS.get(colour, colour[:1].upper()),
                "hotel": side == "hotel",
                "guide": guide,
                "notations": [m.notation for m in closes]
                + ([env[colour].notation] if colour in env else []),
            }
        )
    return out


def _scale(obs: Observation) -> list[dict[str, Any]]:
    counts = obs["species_cards"]
    rows = []
    for sid, state in obs["scale"].items():
        c = counts.get(sid, {})
        rows.append(
            {
                **species_card(obs, sid),
                "pos": TRACK.index(state),
                "discarded": c.get("discarded", 0),
                "visible": c.get("visible", 0),
                "unseen": c.get("unseen", 0),
                "copies": c.get("copies", obs["copies_per_species"]),
            }
        )
    return rows


def _this_turn(obs: Observation) -> list[str]:
    """The log since this turn's marker: the Corporation phase and what followed."""
    log: list[str] = obs["log"]
    start = max((i for i, line in enumerate(log) if line.startswith("— turn")), default=-1)
    return log[start + 1 :]


PROMPTS = {
    "oil": "Oil Platform: click the card of your hand to discard — its species moves toward red.",
    "pay": "Pay the extra cost: click a card of your hand to discard ({left} left).",
    "swap": "Hotel closed: click a Lagoon card, then the Ocean card to swap it with, "
    "or don't swap.",
    "peek": "Special action done: look at the top Corporation card?",
    "flip": "Click a face-down Ocean card to turn it face up ({left} left).",
    "visionary": "Visionary: click the card to put next on the Corporation deck (top first).",
    "captain": "Captain: click a drawn card to discard it and improve its species.",
    "captain_draw": "Captain: draw 2 cards or only 1 (you see them once drawn).",
    "divers": "Your turn: a Diver and/or Quick Exploration (optional), then Explore, "
    "Close a Hotel (click it) or Identify (click a card).",
}
"""What to click at each engine decision (the engine's own prompt is shown beside)."""
CANCELLABLE = {"captain_draw": "Cancel the Captain"}
"""Steps reached by a move that revealed nothing, so undo takes the power back."""


def context(
    game: Game, obs: Observation, moves: Sequence[Move], seat: int, w: Words
) -> dict[str, Any]:
    """The table's parts, each with the legal moves that belong on it."""
    by = _moves_by(moves)
    rules = rules_for(game)
    decision = obs["decision"] or {}
    kind = decision.get("kind")
    prompt = PROMPTS.get(kind or "", "").format(left=decision.get("left", ""))
    cdisc, sdisc = obs["corporation_discard"], obs["species_discard"]
    cdeck, sdeck = obs["corporation_deck"], obs["species_deck"]
    buttons = [
        {**_m(m), "label": BUTTON_LABELS[m.notation]}
        for k in ("cap", "peek", "nopeek", "noswap", "quick", "explore")
        for m in by.get(k, [])
        if m.notation in BUTTON_LABELS
    ]
    cancel = CANCELLABLE.get(kind or "")
    if kind == "visionary" and obs["visionary_placed"]:
        cancel = "Take back the last card placed"
    caps = {
        m.notation[4:]: m for m in by.get("cap", []) if m.notation not in ("cap:more", "cap:one")
    }
    vtops = {m.notation[5:]: m for m in by.get("vtop", [])}
    looks = {m.notation[5:]: _m(m) for m in by.get("look", [])}
    win = obs["win"]
    return {
        "turn": obs["turn"],
        "goal": obs["goal"],
        "saved": obs["saved"],
        "eliminated": obs["eliminated"],
        "hotels": obs["hotels"],
        "n_islands": len(obs["islands"]),
        "win": win,
        "kind": kind,
        "prompt": prompt,
        "engine_prompt": decision.get("text", ""),
        "buttons": buttons,
        "cancel": cancel,
        "scale": _scale(obs),
        "track": [
            {"name": t, "mark": TRACK_LABELS[t][0], "label": TRACK_LABELS[t][1]} for t in TRACK
        ],
        "islands": _islands(obs, by),
        "hand": _hand(obs, by),
        "divers": _divers(game, obs, by),
        "this_turn": obs["this_turn"],
        "species_deck": {
            "size": sdeck["size"],
            "top": species_card(obs, sdeck["top"]) if sdeck["top"] else None,
        },
        "species_discard": {
            "size": sdisc["size"],
            "top": species_card(obs, sdisc["top"]) if sdisc["top"] else None,
            "looked": sdisc["looked"],
            "look": looks.get("species"),
            "contents": [
                {**species_card(obs, k), "n": n} for k, n in (sdisc["contents"] or {}).items()
            ],
        },
        "corp_deck": {
            "size": cdeck["size"],
            "known": [corp_card(obs, c, rules, game) for c in cdeck["known_top"]],
        },
        "corp_discard": {
            "size": cdisc["size"],
            "looked": cdisc["looked"],
            "look": looks.get("corp"),
            "contents": [
                {**corp_card(obs, k, rules, game), "n": n}
                for k, n in (cdisc["contents"] or {}).items()
            ],
        },
        "current": corp_card(obs, cdisc["top"], rules, game) if cdisc["top"] else None,
        "phase_log": _this_turn(obs),
        "captain": [
            {**species_card(obs, c), "move": _m(caps[c]) if c in caps else None}
            for c in obs["captain_cards"]
        ],
        "visionary": [
            {**corp_card(obs, c, rules, game), "move": _m(vtops[c]) if c in vtops else None}
            for c in obs["visionary_cards"]
        ],
        "visionary_placed": [corp_card(obs, c, rules, game) for c in obs["visionary_placed"]],
        "result": obs["result"],
    }


PAGE = GamePage(
    "mini-divercity",
    "games/mini_divercity.html",
    context,
    script="games/mini_divercity.js",
)
